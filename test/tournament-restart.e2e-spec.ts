// A scheduled tournament survives a process restart: the first process deals some hands and stops;
// a second process on the same PostgreSQL and Redis prefix resumes it from the stored state (seats,
// standings, clock, jobs) and plays it to the winner with an exact ledger.
import { ChipLedger, PrismaService } from '@naiko/persistence';
import { mttTournamentId, TournamentsService } from '@naiko/platform';
import { startTestApp, type TestApp } from './support';
import { fastMttSettings, fastTournamentModule, waitFor } from './support/tournaments';
import { expectAuditClean } from './support/audit';

const FastTournamentModule = fastTournamentModule({ leaseMs: 1_000 });

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
    const row0 = await mtt.create(fastMttSettings({ name: 'Restart', maxEntrants: 50, buyIn: 50, fee: 5 }));
    const id = row0.id;
    await mtt.openRegistration(id);
    for (let i = 0; i < 20; i++) {
      const user = await prisma.user.create({ data: { username: `r${i}`, isBot: true } });
      await ledger.openUserAccount(user.id);
      await ledger.grant({ idempotencyKey: `welcome:${user.id}`, userId: user.id, amount: 1_000 });
      await mtt.register(id, user.id);
    }
    await mtt.start(id);
    await waitFor('some hands', async () => (await mtt.get(id)).hands_played >= 8);
    await first.naiko.close();

    second = await startTestApp({
      module: FastTournamentModule,
      name: 'tournament',
      databaseUrl: first.db.url,
      env: { REDIS_PREFIX: first.db.name },
    });
    const mtt2 = second.get(TournamentsService);
    const before = await mtt2.get(id);
    expect(before.status).toBe('running');
    const seatedBefore = before.state
      .seating!.tables.flatMap((t) => t.seats.filter((s) => s).map((s) => s!.playerId))
      .sort();
    expect(seatedBefore.length).toBeGreaterThan(1);
    const row = await waitFor('the winner', async () => {
      const row = await mtt2.get(id);
      return row.status === 'finished' && row;
    });
    expect(row.hands_played).toBeGreaterThan(before.hands_played);
    const prisma2 = second.get(PrismaService);
    const entries = await prisma2.tournamentEntry.findMany({ where: { tournamentId: mttTournamentId(id) } });
    expect(entries.reduce((a, e) => a + Number(e.prize), 0)).toBe(20 * 50);
    const stored = await prisma2.hand.findMany({ where: { tournamentId: mttTournamentId(id) } });
    expect(stored.filter((h) => h.status === 'completed').length).toBe(
      row.hands_played - stored.filter((h) => h.status === 'cancelled').length,
    );
    await expectAuditClean(prisma2);
  }, 120_000);
});
