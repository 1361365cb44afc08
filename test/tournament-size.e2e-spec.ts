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
  let t: TestApp;

  beforeAll(async () => {
    t = await startTestApp({ module: fastTournamentModule(), name: 'tournament' });
  });

  afterAll(async () => {
    await t?.close();
  });

  const play = (scenario: MttLiveScenario) =>
    runMttLive({
      url: t.url,
      prisma: t.get(PrismaService),
      token: (sub, role = 'player') => t.token({ sub, role, username: sub.slice(0, 8) }),
      entrants: ENTRANTS,
      scenario,
      timeoutMs: 10 * 60_000,
      log: process.env.MTT_SIZE_LOG ? (l) => process.stderr.write(`${l}\n`) : undefined,
    });

  it(
    'a tournament whose start passes while registrations still arrive deals, plays to its winner, places every entry; the audit is clean',
    async () => {
      const r = await play('start-during-registration');
      expect(r.status).toBe('finished');
      expect(r.entrants + r.refused).toBe(ENTRANTS);
      expect(r.entrants).toBeGreaterThanOrEqual(ENTRANTS / 2);
      expect(r.placed).toBe(r.entrants);
      expect(r.auditOk).toBe(true);
      expect(r.faults).toEqual([]);
      const ready = await request(t.url).get('/health/ready').expect(200);
      expect(ready.body.details.faults).toEqual([]);
    },
    12 * 60_000,
  );

  it(
    'a tournament with no pause between hands is played to the winner without a stuck table: every entry placed, the audit is clean',
    async () => {
      const r = await play('registered-first');
      expect(r.status).toBe('finished');
      expect(r.entrants).toBe(ENTRANTS);
      expect(r.placed).toBe(ENTRANTS);
      expect(r.auditOk).toBe(true);
      expect(r.faults).toEqual([]);
    },
    12 * 60_000,
  );
});
