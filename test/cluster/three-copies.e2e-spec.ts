// Three copies of the platform (apps/all-in-one, CLUSTER_MODE=redis) as child processes on one
// database and one Redis prefix. Cash tables are created on every copy; each player connects to a
// copy that does NOT own his table, so every command is routed to the owner and every feed comes
// back through the Redis adapter. Mid-hand, the owner of a table is SIGKILLed. Checked:
//   - takeover: the dead copy's tables are hosted again by a survivor, the seated players are
//     re-seated (their stacks bought back in) and play goes on at every table (how long a table
//     stalls over a kill is measured by `npm run bench -- cluster`: failover and worst stall);
//   - a player whose socket was on the dead copy reconnects to another copy and gets his seat back;
//   - no private card reached another user's socket (every message recorded, checked against the
//     seat owners stored with each hand);
//   - a Spin (3 bot users registered through three different copies; its table is a tournament
//     table of the table host, dealt by whichever copy holds its fenced table lease, taken over
//     with the crash rule if that copy is the one killed) finishes with every place and prize paid;
//   - no chip lost: after the crash rule for what the last copies left running, the ledger audit is clean.
// A Spin instance is a tournament without a start time (issue 21 item 2): its book is `mtt-<id>`.
import type { SitAndGoView } from '@naiko/contracts';
import { auditLedger, ChipLedger, recoverFromCrash } from '@naiko/persistence';
import { mttTournamentId, TokenService } from '@naiko/platform';
import { fastModeStructure } from '@naiko/tournament';
import { ClusterPlayer, pool, tableDirectory, until } from '../../bench/support/cluster';
import { TEST_JWT_SECRET } from '../support';
import { copiesSuite } from '../support/copies';

const LEASE_MS = 1500;
const TABLES = 6;
const SEATS = 3;
const BIG_BLIND = 10;

interface EventLike {
  type: string;
  seat?: number;
  cards?: (number | null)[];
  up?: boolean[];
}

interface HandFeedLike {
  handId?: string;
  events?: (EventLike | { index: number; event: EventLike })[];
  players?: { seat: number; cards: (number | null)[] }[];
  view?: { players?: { seat: number; cards: (number | null)[]; up: boolean[]; shown: boolean }[] };
  hand?: { handId: string; view: HandFeedLike['view'] } | null;
}

/** Cards of seats that are not the receiving user's, face down and not shown, in one message. */
function leaks(payload: unknown, userId: string, seatOwners: Map<number, string> | undefined): string[] {
  if (!seatOwners) return [];
  const feed = payload as HandFeedLike;
  const notMine = (seat: number | undefined): boolean => seat !== undefined && seatOwners.get(seat) !== userId;
  const found: string[] = [];
  // A private part (`table:hand-private`) carries `{ index, event }` entries and the cards of `players`.
  for (const pl of feed.players ?? []) if (notMine(pl.seat)) found.push(`private part with seat ${pl.seat}'s cards`);
  for (const item of feed.events ?? []) {
    const event = 'index' in item ? item.event : item;
    if (event.type === 'hole-dealt' && notMine(event.seat))
      event.cards?.forEach((c, k) => c !== null && !event.up?.[k] && found.push(`hole-dealt to seat ${event.seat}`));
    if (event.type === 'hand-mucked' && notMine(event.seat) && event.cards?.some((c) => c !== null))
      found.push(`mucked cards of seat ${event.seat}`);
  }
  const view = feed.view ?? feed.hand?.view;
  for (const pl of view?.players ?? []) {
    if (notMine(pl.seat))
      pl.cards.forEach(
        (c, k) => c !== null && !pl.up[k] && !pl.shown && found.push(`view shows seat ${pl.seat}'s card`),
      );
  }
  return found;
}

describe('three copies, SIGKILL of a table owner mid-hand', () => {
  const suite = copiesSuite();
  const players: ClusterPlayer[] = [];
  suite.onClose(() => players.forEach((p) => p.stop()));

  it("routes commands and feeds across copies, takes the dead copy's tables over, leaks no card, loses no chip", async () => {
    const { db, prisma } = suite;
    const copies = await suite.start(3, 'copy', {
      TABLE_LEASE_MS: String(LEASE_MS),
      TABLE_HAND_PAUSE_MS: '50',
      TABLE_BOT_DELAY_MS: '0',
      MTT_HAND_PAUSE_MS: '50',
      MTT_BOT_DELAY_MS: '0',
    });
    const tokens = new TokenService(TEST_JWT_SECRET, 3600);
    const ledger = new ChipLedger(prisma);
    const admin = await prisma.user.create({ data: { username: 'cluster-admin', role: 'admin' } });
    const adminToken = tokens.sign({ sub: admin.id, username: admin.username, role: 'admin' });
    const users = await Promise.all(
      Array.from({ length: TABLES * SEATS }, (_, i) => prisma.user.create({ data: { username: `c${i}` } })),
    );
    await pool(users, 8, async (user) => {
      await ledger.openUserAccount(user.id);
      await ledger.grant({ idempotencyKey: `cluster:${user.id}`, userId: user.id, amount: 100_000 });
    });

    // Table t is created on (so owned by) copy t % 3.
    const tables: { tableId: string; owner: number }[] = [];
    for (let t = 0; t < TABLES; t++) {
      const res = await fetch(`${copies[t % 3]!.url}/lobby/tables`, {
        method: 'POST',
        headers: { 'content-type': 'application/json', authorization: `Bearer ${adminToken}` },
        body: JSON.stringify({
          name: `Cluster ${t}`,
          game: 'holdem',
          structure: 'no-limit',
          stakes: { smallBlind: 5, bigBlind: BIG_BLIND },
          buyIn: { min: 200, max: 5000 },
          seats: SEATS,
          botsAllowed: false,
          clock: { decisionMs: 3000, timeBankMs: 0 },
        }),
      });
      expect(res.status).toBe(201);
      tables.push({ tableId: ((await res.json()) as { tableId: string }).tableId, owner: t % 3 });
    }
    // The lobby of any copy lists every copy's tables.
    for (const copy of copies) {
      const res = await fetch(`${copy.url}/lobby/tables`, { headers: { authorization: `Bearer ${adminToken}` } });
      const listed = ((await res.json()) as { tables: { tableId: string }[] }).tables.map((t) => t.tableId);
      expect(listed.sort()).toEqual(tables.map((t) => t.tableId).sort());
    }

    const handsEnded = new Map<string, number>();
    for (let t = 0; t < TABLES; t++) {
      for (let s = 0; s < SEATS; s++) {
        const user = users[t * SEATS + s]!;
        // Never the owner's copy first: (owner + 1 + s % 2) % 3.
        const first = (tables[t]!.owner + 1 + (s % 2)) % 3;
        const order = [first, (first + 1) % 3, (first + 2) % 3].map((i) => copies[i]!);
        const player = new ClusterPlayer({
          userId: user.id,
          username: user.username,
          token: tokens.sign({ sub: user.id, username: user.username, role: 'player' }),
          tableId: tables[t]!.tableId,
          buyIn: 1000,
          seat: s,
          copies: order,
          seed: `cluster:${t}:${s}`,
          record: true,
          bigBlind: BIG_BLIND,
          reloadTo: 1000,
          // Table 1 (owned by copy 1), seat 1 connects through copy 0 and does not come back after the kill.
          reconnect: !(t === 1 && s === 1),
          onHandEvent: (tableId, kind) => {
            if (kind === 'hand-ended' && s === 0) handsEnded.set(tableId, (handsEnded.get(tableId) ?? 0) + 1);
          },
        });
        players.push(player);
      }
    }
    await Promise.all(players.map((p) => p.start()));

    // A Spin in fast mode: the lobby of copy 1 opens the instance (a tournament); before anyone
    // registers the admin gives it 300 ms levels (what its table deals); three bots register on three copies.
    const lobby = (await (await fetch(`${copies[1]!.url}/sit-and-go`)).json()) as {
      template: { templateId: string };
      open: SitAndGoView;
    }[];
    const spin = { id: lobby.find((x) => x.template.templateId === 'spin-10')!.open.instanceId };
    expect((await prisma.scheduledTournament.findUniqueOrThrow({ where: { id: spin.id } })).status).toBe('registering');
    const fastLevels = fastModeStructure(300, 200, 3);
    const edited = await fetch(`${copies[1]!.url}/tournaments/${spin.id}`, {
      method: 'PATCH',
      headers: {
        authorization: `Bearer ${adminToken}`,
        'content-type': 'application/json',
      },
      body: JSON.stringify({
        blindStructure: { name: fastLevels.name, steps: fastLevels.steps },
        clock: { decisionMs: 1000, reconnectMs: 0, timeBankMs: 2000 },
      }),
    });
    expect(edited.status).toBe(200);
    for (let b = 0; b < 3; b++) {
      const bot = await prisma.user.create({ data: { username: `spin-bot-${b}`, isBot: true } });
      await ledger.openUserAccount(bot.id);
      await ledger.grant({ idempotencyKey: `cluster:${bot.id}`, userId: bot.id, amount: 1000 });
      const res = await fetch(`${copies[b]!.url}/sit-and-go/spin-10/register`, {
        method: 'POST',
        headers: { authorization: `Bearer ${tokens.sign({ sub: bot.id, username: bot.username, role: 'player' })}` },
      });
      expect(res.status).toBe(201);
    }

    await until(() => tables.every((t) => (handsEnded.get(t.tableId) ?? 0) >= 3), 90_000, 'three hands on every table');

    // SIGKILL copy 0 while a hand of one of its tables is running (between two feeds of the hand).
    const victim = copies[0]!;
    const victimTables = tables.filter((t) => t.owner === 0).map((t) => t.tableId);
    const watched = victimTables[0]!;
    const running = async (): Promise<boolean> =>
      (await prisma.hand.count({ where: { tableId: watched, status: 'running' } })) > 0;
    await until(running, 20_000, 'a running hand on the victim table');
    await victim.kill('SIGKILL');
    const endedAtKill = new Map(tables.map((t) => [t.tableId, handsEnded.get(t.tableId) ?? 0]));

    // Every table — the dead copy's included — finishes two more hands.
    await until(
      () => tables.every((t) => (handsEnded.get(t.tableId) ?? 0) >= endedAtKill.get(t.tableId)! + 2),
      60_000,
      'two more hands on every table after the kill',
    );

    // The Spin finishes (if copy 0 was dealing it, another copy took its table lease over and
    // cancelled the hand left running there).
    await until(
      async () =>
        (await prisma.scheduledTournament.findUniqueOrThrow({ where: { id: spin.id } })).status === 'finished',
      90_000,
      'the Spin to finish',
    );
    // Copy 0 may be the one killed: the view from copy 1.
    const spinRow = (await (await fetch(`${copies[1]!.url}/sit-and-go/instances/${spin.id}`)).json()) as SitAndGoView;
    expect(spinRow.phase).toBe('finished');
    expect(spinRow.spin?.multiplier).toBeGreaterThan(0);
    expect(spinRow.prizePool).toBe(spinRow.spin!.multiplier! * spinRow.buyIn);
    const spinEntries = await prisma.tournamentEntry.findMany({ where: { tournamentId: mttTournamentId(spin.id) } });
    expect(spinEntries).toHaveLength(3);
    expect(spinEntries.every((e) => e.status === 'finished' && e.place !== null)).toBe(true);
    expect(spinEntries.reduce((a, e) => a + e.prize, 0n)).toBe(BigInt(spinRow.prizePool));
    const spinHands = await prisma.hand.findMany({
      where: { tournamentId: mttTournamentId(spin.id) },
      select: { status: true },
    });
    // The tournament counts every hand begun at a table, a cancelled one included; a hand the killed
    // copy began but had not stored yet is counted and never stored (one at most: one copy is killed).
    expect(spinHands.length).toBeLessThanOrEqual(spinRow.handsPlayed);
    expect(spinHands.length).toBeGreaterThanOrEqual(spinRow.handsPlayed - 1);
    expect(spinHands.every((h) => h.status === 'completed' || h.status === 'cancelled')).toBe(true);

    // The dead copy's tables are owned by survivors now, with their seated players back.
    const directory = await tableDirectory(db.name);
    for (const id of victimTables) {
      const entry = directory.find((d) => d.tableId === id)!;
      expect(entry.owner).not.toBe('copy-0');
      // Re-seated with their stacks (a stack below the minimum buy-in stays in its account).
      expect(entry.summary.seated).toBeGreaterThanOrEqual(2);
    }
    // Players whose socket was on the dead copy reconnected elsewhere and play again.
    const gone = players[1 * SEATS + 1]!;
    expect(gone.connectedTo).toBe(copies[0]);
    expect(players.filter((p) => p.reconnects > 0).length).toBeGreaterThan(0);
    expect(players.filter((p) => p !== gone).every((p) => p.connectedTo?.alive)).toBe(true);
    // The one who stayed away: the owner of his table (copy 1) saw copy 0 stop heartbeating and
    // counts him disconnected (no `unwatch` ever came from the dead copy).
    await until(
      async () => {
        const res = await fetch(`${copies[1]!.url}/lobby/tables/${tables[1]!.tableId}`, {
          headers: { authorization: `Bearer ${adminToken}` },
        });
        const seat = (
          (await res.json()) as { seatMap: ({ playerId: string; connected: boolean } | null)[] }
        ).seatMap.find((x) => x?.playerId === users[1 * SEATS + 1]!.id);
        return seat?.connected === false;
      },
      15_000,
      'the player of the dead copy to count as disconnected',
    );

    for (const player of players) player.stop();
    // The remaining copies go away too (their running hands stay open, as after a crash).
    await Promise.all(copies.map((c) => c.kill('SIGKILL')));

    // No private card reached another user's socket: every recorded hand message, against who sat where in that hand.
    const hands = await prisma.hand.findMany({
      where: { tableId: { in: tables.map((t) => t.tableId) } },
      select: { id: true, players: true },
    });
    const owners = new Map(
      hands.map((hand) => [
        hand.id,
        new Map((hand.players as { seat: number; userId: string }[]).map((p) => [p.seat, p.userId])),
      ]),
    );
    let checked = 0;
    const problems: string[] = [];
    players.forEach((player, index) => {
      const userId = users[index]!.id;
      for (const message of player.received) {
        if (
          message.event !== 'table:hand' &&
          message.event !== 'table:hand-private' &&
          message.event !== 'table:snapshot'
        )
          continue;
        const handId = (message.payload as HandFeedLike).handId ?? (message.payload as HandFeedLike).hand?.handId;
        if (!handId) continue;
        checked++;
        problems.push(
          ...leaks(message.payload, userId, owners.get(handId)).map((x) => `${users[index]!.username}: ${x}`),
        );
      }
    });
    expect(checked).toBeGreaterThan(100);
    expect(problems).toEqual([]);

    // No chip lost: the crash rule for what is still running, then the audit.
    const report = await recoverFromCrash(prisma, {});
    expect(report.audit?.ok).toBe(true);
    expect(await prisma.hand.count({ where: { status: 'running' } })).toBe(0);
    expect((await auditLedger(prisma)).ok).toBe(true);
    const cancelled = await prisma.hand.count({ where: { tableId: { in: victimTables }, status: 'cancelled' } });
    expect(cancelled).toBeGreaterThanOrEqual(1);
    if (process.env.CLUSTER_TEST_VERBOSE)
      console.log(
        JSON.stringify(
          {
            reconnects: players.map((p) => p.reconnects),
            checked,
            cancelled,
            victim: directory.filter((d) => victimTables.includes(d.tableId)),
            errors: players.flatMap((p) => p.errors).slice(0, 10),
          },
          null,
          1,
        ),
      );
  }, 170_000);
});
