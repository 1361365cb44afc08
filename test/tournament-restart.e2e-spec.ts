// A scheduled tournament survives a process restart: the first process deals some hands and stops;
// a second process on the same PostgreSQL and Redis prefix resumes it from the stored state (seats,
// standings, clock, jobs) and plays it to the winner with an exact ledger.
import { Module } from '@nestjs/common';
import { QUEUES } from '@naiko/contracts';
import { auditLedger, ChipLedger, PrismaService } from '@naiko/persistence';
import { mttTournamentId, PlatformModule, TournamentsFeatureModule, TournamentsService } from '@naiko/platform';
import { fastModeStructure } from '@naiko/tournament';
import { startTestApp, type TestApp } from './support';

@Module({
  imports: [
    PlatformModule.forRoot({ app: 'tournament', consumeQueues: [QUEUES.system, QUEUES.tournament] }),
    TournamentsFeatureModule.forRoot({ runner: { handPauseMs: 0, pollMs: 20, leaseMs: 1_000, botDelayMs: 0 } }),
  ],
})
class FastTournamentModule {}

async function waitFor<T>(what: string, fn: () => Promise<T | null | undefined | false>, timeoutMs = 90_000): Promise<T> {
  const until = Date.now() + timeoutMs;
  for (;;) {
    const v = await fn();
    if (v) return v;
    if (Date.now() > until) throw new Error(`timed out waiting for ${what}`);
    await new Promise((r) => setTimeout(r, 50));
  }
}

describe('Scheduled tournament restart (e2e)', () => {
  let first: TestApp | undefined;
  let second: TestApp | undefined;

  afterAll(async () => {
    await second?.close().catch(() => undefined);
    await first?.naiko.close().catch(() => undefined);
    await first?.db.drop();
  });

  it('the whole tournament state survives a process restart and the second process plays it to the winner', async () => {
    first = await startTestApp({ module: FastTournamentModule, name: 'tournament' });
    const prisma = first.get(PrismaService);
    const ledger = new ChipLedger(prisma);
    const mtt = first.get(TournamentsService);
    const now = Date.now();
    const row0 = await mtt.create({
      name: 'Restart',
      game: 'holdem',
      bettingStructure: 'no-limit',
      registrationOpensAt: new Date(now).toISOString(),
      startsAt: new Date(now + 60_000).toISOString(),
      lateRegistrationUntilLevel: 0,
      minEntrants: 2,
      maxEntrants: 50,
      buyIn: 50,
      fee: 5,
      startingStack: 200,
      blindStructure: fastModeStructure(1_000, 300, 4),
      tableSize: 9,
      reEntry: false,
      clock: { decisionMs: 1_000, reconnectMs: 0 },
    });
    const id = row0.id;
    await mtt.openRegistration(id);
    for (let i = 0; i < 20; i++) {
      const u = await prisma.user.create({ data: { username: `r${i}`, isBot: true } });
      await ledger.openUserAccount(u.id);
      await ledger.grant({ idempotencyKey: `welcome:${u.id}`, userId: u.id, amount: 1_000 });
      await mtt.register(id, u.id);
    }
    await mtt.start(id);
    await waitFor('some hands', async () => (await mtt.get(id)).hands_played >= 8);
    await first.naiko.close();

    second = await startTestApp({ module: FastTournamentModule, name: 'tournament', databaseUrl: first.db.url, env: { REDIS_PREFIX: first.db.name } });
    const mtt2 = second.get(TournamentsService);
    const before = await mtt2.get(id);
    expect(before.status).toBe('running');
    const seatedBefore = before.state.seating!.tables.flatMap((t) => t.seats.filter((s) => s).map((s) => s!.playerId)).sort();
    expect(seatedBefore.length).toBeGreaterThan(1);
    const row = await waitFor('the winner', async () => {
      const r = await mtt2.get(id);
      return r.status === 'finished' && r;
    });
    expect(row.hands_played).toBeGreaterThan(before.hands_played);
    const prisma2 = second.get(PrismaService);
    const entries = await prisma2.tournamentEntry.findMany({ where: { tournamentId: mttTournamentId(id) } });
    expect(entries.reduce((a, e) => a + Number(e.prize), 0)).toBe(20 * 50);
    const stored = await prisma2.hand.findMany({ where: { tournamentId: mttTournamentId(id) } });
    expect(stored.filter((h) => h.status === 'completed').length).toBe(row.hands_played - stored.filter((h) => h.status === 'cancelled').length);
    const report = await auditLedger(prisma2);
    expect({ ...report, books: undefined }).toMatchObject({ ok: true, difference: 0, balanceMismatches: [], unbalancedTransactions: [], negativeBalances: [], finishedHandsHoldingChips: [], runningHands: 0 });
  }, 120_000);
});
