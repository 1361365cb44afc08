// A scheduled bot tournament over three copies of the platform (apps/all-in-one, CLUSTER_MODE=redis,
// child processes on one database and one Redis prefix). 24 bot entrants at 6-max: 4 tables, each
// owned through its own table lease (fencing token), spread over the copies. Mid-hand, the owner of
// a table in a hand is SIGKILLed. Checked, from snapshots of the tournament row, the Redis directory
// and the ledger taken every 100 ms, and from the stored hands:
//   - the tables are dealt by at least two different copies at the same time;
//   - balancing (and table breaks) move players between tables owned by different copies;
//   - nobody is ever seated twice, and nobody is ever dealt into two hands at once;
//   - a human spectator watching table 1 through a copy that does not own it gets its feed and never
//     a face-down card;
//   - the chips of the tournament's book are constant while it runs (stacks + hand pots = every
//     chip issued: a cancelled hand's contributions go back to the stacks);
//   - the dead copy's tables are taken over (its running hand cancelled) and deal on;
//   - the tournament finishes: every entry placed, the whole prize pool paid, every chip retired
//     (the winner held them all), the ledger audit clean.
import { execFileSync } from 'node:child_process';
import { PrismaPg } from '@prisma/adapter-pg';
import { auditLedger, ChipLedger, PrismaClient } from '@naiko/persistence';
import { mttTableId, readMttState, TokenService } from '@naiko/platform';
import { fastModeStructure } from '@naiko/tournament';
import { pool, freePort, ROOT, startCopy, tableDirectory, until, type Copy } from '../../bench/support/cluster';
import { connectSocket, createTestDatabase, TEST_JWT_SECRET, type TestDatabase, type TestSocket } from '../support';
import { fastMttSettings } from '../support/tournaments';

const LEASE_MS = 1500;
const ENTRANTS = 24;
const TABLE_SIZE = 6;
const STACK = 200;
const BUY_IN = 100;

interface HandFeedLike {
  events?: { type: string; seat?: number; cards?: (number | null)[]; up?: boolean[] }[];
  view?: { players?: { seat: number; cards: (number | null)[]; up: boolean[]; shown: boolean }[] };
  hand?: { view: HandFeedLike['view'] } | null;
}

/** Face-down cards in a message to a spectator (he sits nowhere: every hidden card is someone else's). */
function spectatorLeaks(payload: unknown): string[] {
  const feed = payload as HandFeedLike;
  const found: string[] = [];
  for (const event of feed.events ?? []) {
    if (event.type === 'hole-dealt')
      event.cards?.forEach((c, k) => c !== null && !event.up?.[k] && found.push(`hole-dealt to seat ${event.seat}`));
    if (event.type === 'hand-mucked' && event.cards?.some((c) => c !== null))
      found.push(`mucked cards of seat ${event.seat}`);
  }
  for (const pl of (feed.view ?? feed.hand?.view)?.players ?? [])
    pl.cards.forEach((c, k) => c !== null && !pl.up[k] && !pl.shown && found.push(`view shows seat ${pl.seat}'s card`));
  return found;
}

interface Snapshot {
  at: number;
  status: string;
  tables: { tableNo: number; players: string[]; handInProgress: boolean; owner: string | null }[];
  chips: number;
}

describe('a tournament over three copies: tables owned by different copies, a copy SIGKILLed mid-hand', () => {
  let db: TestDatabase;
  let prisma: PrismaClient;
  const copies: Copy[] = [];
  let spectator: TestSocket | undefined;

  beforeAll(async () => {
    execFileSync(process.execPath, ['scripts/build.js'], { cwd: ROOT, stdio: 'ignore' });
    db = await createTestDatabase({ migrate: true });
    prisma = new PrismaClient({ adapter: new PrismaPg({ connectionString: db.url }) });
  }, 120_000);

  afterAll(async () => {
    spectator?.close();
    await Promise.all(copies.map((c) => c.kill('SIGKILL')));
    await prisma?.$disconnect();
    await db?.drop();
  });

  it("spreads the tables, moves players across owners, takes the dead copy's tables over and finishes with every prize paid", async () => {
    for (let i = 0; i < 3; i++) {
      copies.push(
        startCopy({
          entry: 'dist/apps/all-in-one/src/main.js',
          instanceId: `mtt-copy-${i}`,
          port: await freePort(),
          databaseUrl: db.url,
          prefix: db.name,
          jwtSecret: TEST_JWT_SECRET,
          env: { TABLE_LEASE_MS: String(LEASE_MS), MTT_HAND_PAUSE_MS: '20', MTT_BOT_DELAY_MS: '40' },
        }),
      );
    }
    await Promise.all(copies.map((c) => c.ready));

    const tokens = new TokenService(TEST_JWT_SECRET, 3600);
    const ledger = new ChipLedger(prisma);
    const admin = await prisma.user.create({ data: { username: 'mtt-admin', role: 'admin' } });
    const adminAuth = {
      authorization: `Bearer ${tokens.sign({ sub: admin.id, username: admin.username, role: 'admin' })}`,
      'content-type': 'application/json',
    };
    const now = Date.now();
    const created = await fetch(`${copies[0]!.url}/tournaments`, {
      method: 'POST',
      headers: adminAuth,
      body: JSON.stringify(
        fastMttSettings({
          name: 'Cluster MTT',
          startsAt: new Date(now + 600_000).toISOString(),
          buyIn: BUY_IN,
          startingStack: STACK,
          blindStructure: fastModeStructure(2_000, 300, 6),
          tableSize: TABLE_SIZE,
        }),
      ),
    });
    expect(created.status).toBe(201);
    const id = ((await created.json()) as { tournamentId: number }).tournamentId;
    const book = `tournament:mtt-${id}`;
    // The tournament's state from its rows (tables, seats, entries), one consistent snapshot.
    const row = () => readMttState(prisma as never, id);
    await until(async () => (await row()).status === 'registering', 20_000, 'registration to open');

    // Bot entrants, registered through the three copies in turn.
    const bots = await Promise.all(
      Array.from({ length: ENTRANTS }, (_, i) =>
        prisma.user.create({ data: { username: `mtt-bot-${i}`, isBot: true } }),
      ),
    );
    await pool(bots, 6, async (bot) => {
      await ledger.openUserAccount(bot.id);
      await ledger.grant({ idempotencyKey: `mtt-cluster:${bot.id}`, userId: bot.id, amount: 1_000 });
    });
    await pool(
      bots.map((bot, index) => ({ bot, index })),
      6,
      async ({ bot, index }) => {
        const res = await fetch(`${copies[index % 3]!.url}/tournaments/${id}/register`, {
          method: 'POST',
          headers: { authorization: `Bearer ${tokens.sign({ sub: bot.id, username: bot.username, role: 'player' })}` },
        });
        expect(res.status).toBe(201);
      },
    );
    const res = await fetch(`${copies[1]!.url}/tournaments/${id}`, {
      method: 'PATCH',
      headers: adminAuth,
      body: JSON.stringify({ startsAt: new Date().toISOString() }),
    });
    expect(res.status).toBe(200);

    // Snapshots every 100 ms while it runs: seating, owners (the Redis directory), the book's chips.
    const snapshots: Snapshot[] = [];
    let watching = true;
    const watcher = (async () => {
      while (watching) {
        const [mttRow, directory, chips] = await Promise.all([
          row(),
          tableDirectory(db.name),
          prisma.$queryRaw<
            { total: bigint | null }[]
          >`SELECT SUM(balance)::bigint AS total FROM chip_accounts WHERE book = ${book} AND kind <> 'issuer'`,
        ]);
        const owner = new Map(directory.map((d) => [d.tableId, d.owner]));
        snapshots.push({
          at: Date.now(),
          status: mttRow.status,
          chips: Number(chips[0]?.total ?? 0),
          tables: (mttRow.state.seating?.tables ?? []).map((table) => ({
            tableNo: table.tableId,
            players: table.seats.flatMap((p) => (p ? [p.playerId] : [])),
            handInProgress: table.handInProgress,
            owner: owner.get(mttTableId(id, table.tableId)) ?? null,
          })),
        });
        await new Promise((r2) => setTimeout(r2, 100));
      }
    })();
    try {
      const last = () => snapshots[snapshots.length - 1];
      // The tables are dealt by at least two copies at once.
      await until(
        () => {
          const snapshot = last();
          return (
            !!snapshot &&
            snapshot.status === 'running' &&
            snapshot.tables.length === ENTRANTS / TABLE_SIZE &&
            snapshot.tables.every((t) => t.owner)
          );
        },
        30_000,
        'the 4 tables to be owned',
      );
      const spread = new Set(last()!.tables.flatMap((t) => (t.owner ? [t.owner] : [])));

      // A human spectator of table 1, connected to a copy that does not own it.
      const fan = await prisma.user.create({ data: { username: 'mtt-fan' } });
      const table1 = last()!.tables.find((t) => t.tableNo === 1)!;
      const via = copies.find((c) => c.instanceId !== table1.owner)!;
      spectator = (
        await connectSocket(via.url, tokens.sign({ sub: fan.id, username: fan.username, role: 'player' }), 10_000)
      ).socket;
      const seenBySpectator: { event: string; payload: unknown }[] = [];
      spectator.onAny((event: string, payload: unknown) => seenBySpectator.push({ event, payload }));
      spectator.emit('table:watch', { tableId: mttTableId(id, 1) });
      await until(() => seenBySpectator.some((m) => m.event === 'table:snapshot'), 10_000, "the spectator's snapshot");
      const spectatorSnapshotAt = Date.now();

      // SIGKILL the owner of a table while that table is in a hand (a few hands in).
      await until(
        async () => (await prisma.hand.count({ where: { tournamentId: `mtt-${id}`, status: 'completed' } })) >= 4,
        30_000,
        'a few hands played',
      );
      // The victim: the owner of a table whose hand has just begun (a hand of bots acting every
      // 40 ms lasts far longer than the query and the kill), by the table's directory entry. A
      // victim picked from a hand already near its end raced the kill: that hand was recorded,
      // not cancelled.
      let victim: Copy | undefined;
      let victimHand: string | undefined;
      await until(
        async () => {
          const running = await prisma.hand.findMany({
            where: { tournamentId: `mtt-${id}`, status: 'running', startedAt: { gt: new Date(Date.now() - 150) } },
            select: { id: true, players: true },
          });
          if (!running.length) return false;
          const owners = new Map((await tableDirectory(db.name)).map((e) => [e.tableId, e.owner]));
          for (const hand of running) {
            // The hand's table: the one seating its players in the latest snapshot.
            const ids = (hand.players as { userId: string }[]).map((p) => p.userId);
            const table = last()?.tables.find((t) => ids.every((u) => t.players.includes(u)));
            victim = table
              ? copies.find((c) => c.alive && c.instanceId === owners.get(mttTableId(id, table.tableNo)))
              : undefined;
            victimHand = hand.id;
            if (victim) return true;
          }
          return false;
        },
        20_000,
        'a table in a hand',
      );
      const killedAt = Date.now();
      await victim!.kill('SIGKILL');

      await until(
        async () => ['finished', 'cancelled'].includes((await row()).status),
        70_000,
        'the tournament to finish',
      );
      watching = false;
      await watcher;

      // --- owners: spread, and the dead copy's tables dealt by the others afterwards.
      expect(spread.size).toBeGreaterThanOrEqual(2);
      const after = snapshots.filter((s) => s.at > killedAt + 5_000 && s.status === 'running');
      for (const snapshot of after)
        for (const table of snapshot.tables) expect(table.owner).not.toBe(victim!.instanceId);

      // --- seating: nobody twice; moves between tables of different owners.
      const moves: { player: string; from: number; to: number; fromOwner: string | null; toOwner: string | null }[] =
        [];
      const seen = new Map<string, { tableNo: number; owner: string | null }>();
      for (const snapshot of snapshots) {
        const all = snapshot.tables.flatMap((t) => t.players);
        expect(new Set(all).size).toBe(all.length);
        for (const table of snapshot.tables) {
          for (const player of table.players) {
            const before = seen.get(player);
            if (before && before.tableNo !== table.tableNo)
              moves.push({
                player,
                from: before.tableNo,
                to: table.tableNo,
                fromOwner: before.owner,
                toOwner: table.owner,
              });
            seen.set(player, { tableNo: table.tableNo, owner: table.owner });
          }
        }
      }
      expect(moves.filter((m) => m.fromOwner && m.toOwner && m.fromOwner !== m.toOwner).length).toBeGreaterThan(0);

      // --- chips: stacks + pots of the tournament's book constant while it ran.
      for (const snapshot of snapshots.filter((x) => x.status === 'running'))
        expect(snapshot.chips).toBe(ENTRANTS * STACK);

      // --- hands: the killed one cancelled; never one player in two hands at once.
      const hands = await prisma.hand.findMany({
        where: { tournamentId: `mtt-${id}` },
        select: { id: true, status: true, players: true, startedAt: true, endedAt: true },
      });
      if (process.env.CLUSTER_TEST_VERBOSE) {
        console.log(
          JSON.stringify({
            spread: [...spread],
            victim: victim!.instanceId,
            moves: moves.length,
            crossOwner: moves.filter((m) => m.fromOwner !== m.toOwner).length,
            hands: hands.length,
            cancelled: hands.filter((h) => h.status === 'cancelled').length,
            ms: Date.now() - killedAt,
          }),
        );
      }
      expect(hands.filter((h) => h.status === 'running')).toEqual([]);
      expect(hands.find((h) => h.id === victimHand)?.status).toBe('cancelled');
      const spans = hands.map((hand) => ({
        id: hand.id,
        from: hand.startedAt.getTime(),
        to: hand.endedAt!.getTime(),
        players: new Set((hand.players as { userId: string }[]).map((p) => p.userId)),
      }));
      spans.sort((a, b) => a.from - b.from);
      const overlaps: string[] = [];
      for (let i = 0; i < spans.length; i++) {
        for (let j = i + 1; j < spans.length && spans[j]!.from < spans[i]!.to; j++) {
          for (const player of spans[j]!.players)
            if (spans[i]!.players.has(player)) overlaps.push(`${player} in ${spans[i]!.id} and ${spans[j]!.id}`);
        }
      }
      expect(overlaps).toEqual([]);

      // --- the spectator saw hands of table 1 and no face-down card.
      const feeds = seenBySpectator.filter((m) => m.event === 'table:hand' || m.event === 'table:snapshot');
      // Hands, not a number of them: how many table 1 deals before it breaks depends on the copies'
      // pace (10 was seen under a loaded suite, where > 10 had been asserted).
      // Every hand table 1 dealt while he watched reached him, whichever copy owned it (how many
      // it deals before it breaks depends on the copies' pace: 3 were seen on a loaded machine).
      const watchedFrom = new Date(spectatorSnapshotAt + 1_000);
      const dealtWhileWatched = await prisma.hand.findMany({
        where: {
          tableId: mttTableId(id, 1),
          startedAt: { gt: watchedFrom },
          // Before the kill: the copy he is connected to may be the one killed.
          endedAt: { lt: new Date(killedAt - 1_000) },
          status: 'completed',
        },
        select: { id: true },
      });
      const handsSeen = new Set(
        feeds.filter((m) => m.event === 'table:hand').map((m) => (m.payload as { handId: string }).handId),
      );
      for (const hand of dealtWhileWatched) expect(handsSeen).toContain(hand.id);
      expect(feeds.flatMap((m) => spectatorLeaks(m.payload))).toEqual([]);
      // The public part of each update is all he gets: no seat's private part ever reaches him.
      expect(seenBySpectator.filter((m) => m.event === 'table:hand-private')).toEqual([]);

      // --- the finish: every entry placed, the prize pool paid, every chip retired, audit clean.
      const final = await row();
      expect(final.status).toBe('finished');
      expect(final.state.standings!.groups.flatMap((g) => g.players)).toHaveLength(ENTRANTS);
      const entries = await prisma.tournamentEntry.findMany({ where: { tournamentId: `mtt-${id}` } });
      expect(entries).toHaveLength(ENTRANTS);
      expect(entries.every((e) => e.place !== null && e.place >= 1 && e.place <= ENTRANTS)).toBe(true);
      expect(entries.filter((e) => e.place === 1)).toHaveLength(1);
      expect(entries.reduce((x, e) => x + Number(e.prize), 0)).toBe(ENTRANTS * BUY_IN);
      const paid = await prisma.$queryRaw<{ total: bigint }[]>`
        SELECT COALESCE(SUM(e.amount), 0)::bigint AS total FROM ledger_entries e
        JOIN chip_accounts a ON a.id = e.account_id JOIN ledger_transactions t ON t.id = e.transaction_id
        WHERE t.reason::text = 'tournament_prize' AND a.kind = 'user' AND t.idempotency_key LIKE ${`mtt:${id}:prize:%`}`;
      expect(Number(paid[0]!.total)).toBe(ENTRANTS * BUY_IN);
      const book_ = await prisma.chipAccount.findMany({ where: { book } });
      expect(book_.filter((a) => a.kind !== 'issuer').every((a) => a.balance === 0n)).toBe(true);
      expect(book_.find((a) => a.kind === 'issuer')?.balance).toBe(0n);
      expect((await auditLedger(prisma)).ok).toBe(true);
    } finally {
      watching = false;
      await watcher;
    }
  }, 150_000);
});
