// Scheduled tournaments at size on the real stack (issue 28): the fast tournament app (no pause
// between hands, bots act at once, real BullMQ workers, PostgreSQL and Redis), NLHE 9-max, stack
// 1,500, `fastModeStructure(1500, 300, 4)`, bots registered one by one over HTTP and the start moved
// to now by the admin. Both tournaments finish with every entry placed and a clean ledger audit.
// MTT_SIZE_ENTRANTS sets the field (default 600, what CI affords); `npm run -s bench -- mtt-live
// --entrants N` runs the same scenario at 1,200 and 2,000 against the swc build.
import request from 'supertest';
import { PrismaService } from '@naiko/persistence';
import { startTestApp, type TestApp } from './support';
import { runMttLive, type MttLiveScenario } from './support/mtt-live';
import { fastTournamentModule } from './support/tournaments';

const ENTRANTS = Number(process.env.MTT_SIZE_ENTRANTS ?? 600);

describe(`Scheduled tournaments at size (${ENTRANTS} entrants, e2e)`, () => {
  let app: TestApp;

  beforeAll(async () => {
    app = await startTestApp({ module: fastTournamentModule(), name: 'tournament' });
  });

  afterAll(async () => {
    await app?.close();
  });

  const play = (scenario: MttLiveScenario) =>
    runMttLive({
      url: app.url,
      prisma: app.get(PrismaService),
      token: (sub, role = 'player') => app.token({ sub, role, username: sub.slice(0, 8) }),
      entrants: ENTRANTS,
      scenario,
      timeoutMs: 10 * 60_000,
      log: process.env.MTT_SIZE_LOG ? (l) => process.stderr.write(`${l}\n`) : undefined,
    });

  it(
    'a tournament whose start passes while registrations still arrive deals, plays to its winner, places every entry; the audit is clean',
    async () => {
      const result = await play('start-during-registration');
      expect(result.status).toBe('finished');
      expect(result.entrants + result.refused).toBe(ENTRANTS);
      expect(result.entrants).toBeGreaterThanOrEqual(ENTRANTS / 2);
      expect(result.placed).toBe(result.entrants);
      expect(result.auditOk).toBe(true);
      expect(result.faults).toEqual([]);
      const ready = await request(app.url).get('/health/ready').expect(200);
      expect(ready.body.details.faults).toEqual([]);
    },
    12 * 60_000,
  );

  it(
    'a tournament with no pause between hands is played to the winner without a stuck table: every entry placed, the audit is clean',
    async () => {
      const result = await play('registered-first');
      expect(result.status).toBe('finished');
      expect(result.entrants).toBe(ENTRANTS);
      expect(result.placed).toBe(ENTRANTS);
      expect(result.auditOk).toBe(true);
      expect(result.faults).toEqual([]);
    },
    12 * 60_000,
  );
});
