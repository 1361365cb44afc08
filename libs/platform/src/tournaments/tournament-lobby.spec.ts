import { LOBBY_ENTRANTS, LOBBY_TABLES, type TournamentLobbyView, type TournamentView } from '@naiko/contracts';
import { capLobby, entrantsPage, lobbyExtras, youView, youViews } from './tournament-lobby';

const level = (stepNo: number, levelNo: number, bb: number, ms = 60_000) => ({
  stepIndex: stepNo,
  kind: 'level' as const,
  levelNumber: levelNo,
  smallBlind: bb / 2,
  bigBlind: bb,
  ante: 0,
  durationMs: ms,
});
const brk = (stepNo: number, levelNo: number, ms = 30_000) => ({
  stepIndex: stepNo,
  kind: 'break' as const,
  levelNumber: levelNo,
  smallBlind: null,
  bigBlind: null,
  ante: null,
  durationMs: ms,
});
const entrant = (userId: string, table: number | null, seat: number | null, stack: number) => ({
  userId,
  username: userId.toUpperCase(),
  entries: 1,
  table,
  tableRef: table ? `ref${table}` : null,
  seat,
  stack,
  place: null,
  prize: 0,
});

describe('tournament lobby extras (issue 25)', () => {
  /*
   * Structure: L1 (60 s), L2 (60 s), break (30 s), L3. Level 1 in force, level 2 due at t = 1,000,000.
   * Next level: L2 at 1,000,000. Next break: after L2, at 1,000,000 + 60,000 = 1,060,000.
   * In the break (step 2, next step at 2,000,000): next level L3 at 2,000,000, no break left.
   */
  test('next level and next break with their start times', () => {
    const structure = [level(0, 1, 20), level(1, 2, 40), brk(2, 2), level(3, 3, 60)];
    const view = {
      structure,
      clock: {
        stepIndex: 0,
        kind: 'level',
        levelNumber: 1,
        smallBlind: 10,
        bigBlind: 20,
        ante: 0,
        nextStepAt: 1_000_000,
      },
      entrants: [],
      tables: [],
      phase: 'running',
    } as unknown as TournamentView;
    const extras = lobbyExtras(view);
    expect(extras.nextLevel).toEqual({ levelNumber: 2, smallBlind: 20, bigBlind: 40, ante: 0, startsAt: 1_000_000 });
    expect(extras.nextBreak).toEqual({ durationMs: 30_000, startsAt: 1_060_000 });
    const inBreak = {
      ...view,
      clock: { ...view.clock!, stepIndex: 2, kind: 'break', nextStepAt: 2_000_000 },
    } as TournamentView;
    expect(lobbyExtras(inBreak).nextLevel).toEqual({
      levelNumber: 3,
      smallBlind: 30,
      bigBlind: 60,
      ante: 0,
      startsAt: 2_000_000,
    });
    expect(lobbyExtras(inBreak).nextBreak).toBeNull();
  });

  test("each table's players in seat order, busted players left out, the chip leader", () => {
    const view = {
      structure: [level(0, 1, 20)],
      clock: null,
      phase: 'running',
      tables: [
        { tableId: 1, tableRef: 'ref1', players: 2, handInProgress: false, handsPlayed: 0 },
        { tableId: 2, tableRef: 'ref2', players: 1, handInProgress: false, handsPlayed: 0 },
      ],
      entrants: [
        entrant('c', 1, 5, 900),
        entrant('a', 1, 2, 1_500),
        entrant('b', 2, 0, 3_600),
        entrant('z', null, null, 0),
      ],
    } as unknown as TournamentView;
    const extras = lobbyExtras(view);
    expect(extras.tablePlayers).toEqual([
      {
        tableId: 1,
        tableRef: 'ref1',
        players: [
          { userId: 'a', username: 'A', seat: 2, stack: 1_500 },
          { userId: 'c', username: 'C', seat: 5, stack: 900 },
        ],
      },
      { tableId: 2, tableRef: 'ref2', players: [{ userId: 'b', username: 'B', seat: 0, stack: 3_600 }] },
    ]);
    expect(extras.chipLeader).toEqual({ username: 'B', stack: 3_600 });
    // No clock (not started): the next level is level 1, its time not known yet.
    expect(extras.nextLevel).toEqual({ levelNumber: 1, smallBlind: 10, bigBlind: 20, ante: 0, startsAt: null });
  });
});

describe('the tournament lobby at real size', () => {
  /*
   * 1,000 entrants at 112 tables of 9 (table t seats players 9(t-1) .. 9t-1, entrant i has 10,000 - i
   * chips, so the standings are p0, p1, ...), the last 8 busted (no table; p992 .. p999 placed 993rd ..
   * 1,000th); a progressive bounty of 100 on every head still in, 50 more on p0's.
   */
  const big = (): TournamentLobbyView => {
    const entrants = Array.from({ length: 1000 }, (_, rank) =>
      rank < 992
        ? entrant(`p${rank}`, Math.floor(rank / 9) + 1, rank % 9, 10_000 - rank)
        : { ...entrant(`p${rank}`, null, null, 0), place: rank + 1 },
    );
    const tables = Array.from({ length: 111 }, (_, index) => ({
      tableId: index + 1,
      tableRef: `ref${index + 1}`,
      players: index === 110 ? 2 : 9,
      handInProgress: false,
      handsPlayed: 3,
    }));
    const view = {
      tournamentId: 7,
      phase: 'running',
      startingStack: 10_000,
      structure: [level(0, 1, 20)],
      clock: null,
      tables,
      tableCount: tables.length,
      entrants,
      entrantCount: entrants.length,
      extras: {
        rebuys: null,
        satellite: null,
        bounty: { kind: 'progressive', amount: 100, paid: 400 },
        players: entrants.map((row, rank) => ({
          userId: row.userId,
          rebuys: 0,
          addOn: false,
          head: row.table ? 100 + (rank === 0 ? 50 : 0) : 0,
          bountiesWon: 0,
        })),
      },
    } as unknown as TournamentView;
    return { ...view, ...lobbyExtras(view) } as TournamentLobbyView;
  };

  test('the lobby lists the first 100 entrants and 50 tables, with the whole counts', () => {
    const full = big();
    const lobby = capLobby(full);
    expect(lobby.entrants).toHaveLength(LOBBY_ENTRANTS);
    expect(lobby.entrants[0].userId).toBe('p0');
    expect(lobby.entrants.at(-1)!.userId).toBe('p99');
    expect(lobby.entrantCount).toBe(1000);
    expect(lobby.tables).toHaveLength(LOBBY_TABLES);
    expect(lobby.tableCount).toBe(111);
    // The players of tables 1..50 (p0..p449), and the issue-25 rows of those players only (the first
    // 100 entrants sit among them).
    expect(lobby.tablePlayers.map((t) => t.tableId)).toEqual(Array.from({ length: 50 }, (_, t) => t + 1));
    expect(lobby.extras!.players).toHaveLength(450);
    expect(JSON.stringify(lobby).length).toBeLessThan(JSON.stringify(full).length / 2);
  });

  test('a small event is listed whole', () => {
    const full = big();
    const small = {
      ...full,
      entrants: full.entrants.slice(0, 18),
      entrantCount: 18,
      tables: full.tables.slice(0, 2),
      tableCount: 2,
    };
    expect(capLobby(small)).toBe(small);
  });

  test('entrants a page at a time, and "find player" by a part of the name, any case', () => {
    const full = big();
    const page = entrantsPage(full, { offset: 990, limit: 5 });
    expect(page).toMatchObject({ tournamentId: 7, total: 1000, offset: 990 });
    expect(page.entrants.map((e) => e.userId)).toEqual(['p990', 'p991', 'p992', 'p993', 'p994']);
    // P99, P990..P999: 11 names hold "p99".
    const found = entrantsPage(full, { offset: 0, limit: 50, q: 'p99' });
    expect(found.total).toBe(11);
    expect(found.entrants[0]).toMatchObject({ userId: 'p99', table: 12, seat: 0 });
    expect(entrantsPage(full, { offset: 0, limit: 50, q: 'nobody' })).toMatchObject({ total: 0, entrants: [] });
  });

  test("a player's own part: his row, his place of how many, the heads at his table", () => {
    const full = big();
    const parts = youViews(full);
    expect(parts.size).toBe(1000);
    // p500 sits at table 56 (500 = 9 * 55 + 5) with p495..p503, every head 100.
    const mid = parts.get('p500')!;
    expect(mid.entrant).toMatchObject({ userId: 'p500', table: 56, seat: 5, stack: 9_500, place: null });
    expect(mid.placedOf).toBeNull();
    expect(mid.heads.map((x) => x.userId)).toEqual(Array.from({ length: 9 }, (_, k) => `p${495 + k}`));
    expect(mid.bounty).toEqual({ kind: 'progressive' });
    expect(parts.get('p0')!.heads[0]).toEqual({ userId: 'p0', username: 'P0', head: 150 });
    const busted = parts.get('p995')!;
    expect(busted.entrant).toMatchObject({ place: 996, table: null });
    expect(busted.placedOf).toBe(1000);
    expect(busted.heads).toEqual([]);
    expect(youView(full, 'p500')).toEqual(mid);
    expect(youView(full, 'stranger')).toMatchObject({ entrant: null, extras: null, heads: [] });
  });
});
