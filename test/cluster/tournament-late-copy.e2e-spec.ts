// Issue 21 item 4: a copy that joins a cluster after a tournament started gets tables. One
// all-in-one copy (CLUSTER_MODE=redis) starts a 48-entrant bot tournament at 6-max (8 tables) and
// holds every table; a second copy then joins. The first copy hands tables over one at a time,
// each between its hands (it deals no further hand there, its host stops, the lease is released,
// the newcomer claims it and applies the per-table crash rule), until the two hold about as many.
// Checked: the newcomer comes to deal at least three tables while the first still deals others; no
// hand was cancelled (no table changed hands in the middle of one); the tournament finishes with
// every entry placed and the ledger audit clean.
import { ChipLedger } from '@naiko/persistence';
import { mttTableId, TokenService } from '@naiko/platform';
import { fastModeStructure } from '@naiko/tournament';
import { pool, tableDirectory, until } from '../../bench/support/cluster';
import { TEST_JWT_SECRET } from '../support';
import { copiesSuite } from '../support/copies';
import { fastMttSettings } from '../support/tournaments';
import { expectAuditClean } from '../support/audit';

const ENTRANTS = 48;
const ENV = { TABLE_LEASE_MS: '1500', MTT_HAND_PAUSE_MS: '30', MTT_BOT_DELAY_MS: '30' };

describe('a copy that joins after the start', () => {
  const suite = copiesSuite();

  it('gets tables of the running tournament, each moved between its hands; the tournament finishes with a clean audit', async () => {
    const [first] = await suite.start(1, 'mtt-early', ENV);
    const { prisma } = suite;
    const tokens = new TokenService(TEST_JWT_SECRET, 3600);
    const ledger = new ChipLedger(prisma);
    const admin = await prisma.user.create({ data: { username: 'late-admin', role: 'admin' } });
    const adminAuth = {
      authorization: `Bearer ${tokens.sign({ sub: admin.id, username: admin.username, role: 'admin' })}`,
      'content-type': 'application/json',
    };
    const created = await fetch(`${first!.url}/tournaments`, {
      method: 'POST',
      headers: adminAuth,
      body: JSON.stringify(
        fastMttSettings({
          name: 'Late copy',
          startsAt: new Date(Date.now() + 600_000).toISOString(),
          startingStack: 1_000,
          blindStructure: fastModeStructure(5_000, 300, 6),
          tableSize: 6,
        }),
      ),
    });
    expect(created.status).toBe(201);
    const id = ((await created.json()) as { tournamentId: number }).tournamentId;
    const status = async () =>
      (
        await prisma.$queryRaw<
          { status: string }[]
        >`SELECT status::text AS status FROM scheduled_tournaments WHERE id = ${id}`
      )[0]!.status;
    await until(async () => (await status()) === 'registering', 20_000, 'registration to open');
    const bots = await Promise.all(
      Array.from({ length: ENTRANTS }, (_, i) =>
        prisma.user.create({ data: { username: `late-bot-${i}`, isBot: true } }),
      ),
    );
    await pool(bots, 6, async (bot) => {
      await ledger.openUserAccount(bot.id);
      await ledger.grant({ idempotencyKey: `late:${bot.id}`, userId: bot.id, amount: 1_000 });
      const res = await fetch(`${first!.url}/tournaments/${id}/register`, {
        method: 'POST',
        headers: { authorization: `Bearer ${tokens.sign({ sub: bot.id, username: bot.username, role: 'player' })}` },
      });
      expect(res.status).toBe(201);
    });
    const res = await fetch(`${first!.url}/tournaments/${id}`, {
      method: 'PATCH',
      headers: adminAuth,
      body: JSON.stringify({ startsAt: new Date().toISOString() }),
    });
    expect(res.status).toBe(200);

    const tableIds = new Set(Array.from({ length: 8 }, (_, i) => mttTableId(id, i + 1)));
    const owners = async () => {
      const count = new Map<string, number>();
      for (const entry of await tableDirectory(suite.db.name))
        if (tableIds.has(entry.tableId) && !entry.summary.closed)
          count.set(entry.owner, (count.get(entry.owner) ?? 0) + 1);
      return count;
    };
    // The first copy deals every table.
    await until(
      async () => ((await owners()).get('mtt-early-0') ?? 0) >= 7,
      30_000,
      'the first copy to deal the tables',
    );

    const [late] = await suite.start(1, 'mtt-late', ENV);
    let most = 0;
    await until(
      async () => {
        const owned = await owners();
        most = Math.max(most, owned.get('mtt-late-0') ?? 0);
        return most >= 3 && (owned.get('mtt-early-0') ?? 0) >= 1;
      },
      60_000,
      'the late copy to deal three tables',
    );
    expect(late).toBeDefined();

    await until(async () => ['finished', 'cancelled'].includes(await status()), 240_000, 'the tournament to finish');
    expect(await status()).toBe('finished');
    // Tables changed hands only between hands: no hand was cancelled.
    const hands = await prisma.hand.groupBy({ by: ['status'], where: { tournamentId: `mtt-${id}` }, _count: true });
    expect(hands.find((h) => h.status === 'cancelled')).toBeUndefined();
    const entries = await prisma.tournamentEntry.findMany({ where: { tournamentId: `mtt-${id}` } });
    expect(entries.filter((e) => e.place !== null)).toHaveLength(ENTRANTS);
    await expectAuditClean(prisma);
  }, 420_000);
});
