// A Sit & Go / Spin template may let bots take the seats still free some time after the first
// registration (issue 22): the bot-fill job (`sng-mtt.<id>.bot-fill`) seats "BOT <name>" entrants whose
// buy-in and fee the house grants (ledger note `bot-chips`), the game starts and the ledger stays exact.
// An instance is a tournament without a start time (issue 21 item 2): its book is `mtt-<id>`.
import { Module } from '@nestjs/common';
import { jobId, QUEUES } from '@naiko/contracts';
import { auditLedger, ChipLedger, PrismaService } from '@naiko/persistence';
import {
  DEFAULT_TEMPLATES,
  fastTemplate,
  JobQueue,
  PlatformModule,
  SitAndGoFeatureModule,
  mttTournamentId as tournamentIdOf,
  SitAndGoService,
  TournamentsFeatureModule,
} from '@naiko/platform';
import type { SitAndGoTemplate } from '@naiko/tournament';
import { startTestApp, type TestApp } from './support';
import { waitFor } from './support/tournaments';

const FILL: SitAndGoTemplate = {
  ...fastTemplate(DEFAULT_TEMPLATES[0], 'fill-3'),
  seats: 3,
  name: 'bots fill',
  startingStack: 300,
  botFillAfterMs: 1000,
};
const PEOPLE_ONLY: SitAndGoTemplate = {
  ...fastTemplate(DEFAULT_TEMPLATES[0], 'people-3'),
  seats: 3,
  name: 'people only',
  startingStack: 300,
};

@Module({
  imports: [
    PlatformModule.forRoot({
      app: 'sit-and-go',
      consumeQueues: [QUEUES.system, QUEUES.sitAndGo, QUEUES.tournament],
    }),
    TournamentsFeatureModule.forRoot({ runner: { handPauseMs: 0, pollMs: 20, botDelayMs: 0 } }),
    SitAndGoFeatureModule.forRoot({ templates: [FILL, PEOPLE_ONLY] }),
  ],
})
class BotFillModule {}

describe('Sit & Go bot fill (e2e)', () => {
  let app: TestApp;
  let prisma: PrismaService;
  let sng: SitAndGoService;

  beforeAll(async () => {
    app = await startTestApp({ module: BotFillModule, name: 'sit-and-go' });
    prisma = app.get(PrismaService);
    sng = app.get(SitAndGoService);
  });
  afterAll(async () => {
    await app?.close();
  });

  async function person(name: string): Promise<string> {
    const user = await prisma.user.create({ data: { username: name } });
    const ledger = new ChipLedger(prisma);
    await ledger.openUserAccount(user.id);
    await ledger.grant({ idempotencyKey: `welcome:${user.id}`, userId: user.id, amount: 1000, note: 'welcome' });
    return user.id;
  }

  it('bots take the free seats after the template delay, and the game starts', async () => {
    const ann = await person('ann');
    const before = Date.now();
    const { instanceId, started } = await sng.register('fill-3', ann);
    expect(started).toBe(false);
    expect(
      await app
        .get(JobQueue)
        .queue(QUEUES.sitAndGo)
        .getJob(jobId('sng-mtt', instanceId, 'bot-fill')),
    ).toBeDefined();
    await waitFor(
      'the bots to fill the Sit & Go',
      async () => (await sng.instance(instanceId)).status !== 'registering',
    );
    expect(Date.now() - before).toBeGreaterThanOrEqual(900); // not before the template's delay
    const entries = await prisma.tournamentEntry.findMany({
      where: { tournamentId: tournamentIdOf(instanceId) },
      include: { user: true },
    });
    expect(entries).toHaveLength(3);
    const bots = entries.filter((e) => e.user.isBot);
    expect(bots).toHaveLength(2);
    expect(bots.every((e) => e.user.username.startsWith('BOT '))).toBe(true);
    const grants = await prisma.ledgerTransaction.findMany({
      where: { idempotencyKey: { startsWith: `mtt:${instanceId}:bot-chips:` } },
    });
    expect(grants.map((g) => [g.reason, g.note])).toEqual([
      ['grant', 'bot-chips'],
      ['grant', 'bot-chips'],
    ]);
    await waitFor('the game to run', async () =>
      ['running', 'paying', 'finished'].includes((await sng.instance(instanceId)).status),
    );
    // Running it again changes nothing (a retried job).
    expect(await sng.fillWithBots(instanceId)).toBe(0);
    expect((await auditLedger(prisma)).ok).toBe(true);
  }, 60_000);

  it('a template without the option waits for people', async () => {
    const bo = await person('bo');
    const { instanceId } = await sng.register('people-3', bo);
    // No countdown was started for it (the bot-fill job of the other template exists while pending).
    expect(
      await app
        .get(JobQueue)
        .queue(QUEUES.sitAndGo)
        .getJob(jobId('sng-mtt', instanceId, 'bot-fill')),
    ).toBeUndefined();
    expect((await sng.instance(instanceId)).status).toBe('registering');
    expect(await prisma.tournamentEntry.count({ where: { tournamentId: tournamentIdOf(instanceId) } })).toBe(1);
  }, 30_000);
});
