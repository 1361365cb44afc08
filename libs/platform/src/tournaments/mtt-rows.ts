// A scheduled tournament's running state as rows (issue 21, DESIGN principle 13): one `mtt_tables`
// row per table, one `mtt_seats` row per taken seat (with the stack between hands), one
// `mtt_entries` row per entry (with its place once placed). `scheduled_tournaments.state` keeps the
// small tournament-wide part only (`SmallState`: registration phase and config, players left, early
// busts, hand-for-hand round, redraw hold, winner, counts).
//
// Two kinds of transaction, told apart by a per-tournament PostgreSQL advisory lock (heavyweight
// locks queue fairly: a waiting exclusive request holds back new shared ones, so a tournament-wide
// change is never starved by the tables' hands):
//   - a table's hand (begin, or finish): the lock in SHARED mode, then that table's row FOR UPDATE
//     and its seats; busts far from the end also lock the tournament row (players left, the next
//     bust place). Hands at different tables never wait for each other.
//   - a tournament-wide change (the seating planner: balancing, breaking, the final-table redraw;
//     busts near the end; registration, the start, levels, cancellation, payout): the lock in
//     EXCLUSIVE mode, so it reads a consistent
//     snapshot of every table (no hand transaction is in flight) through `loadState`, computes the
//     next state with the pure transitions of mtt-state.ts and writes back only what changed
//     (`saveState`).
import type {
  BlindPositions,
  Entry,
  RegistrationState,
  SeatingSnapshot,
  SeatedPlayer,
  TableSnapshot,
} from '@naiko/tournament';
import {
  MTT_LOCK_CLASS,
  mttRowsRepository as rowsRepository,
  type MttSeatRow,
  type MttTableRow,
  type MttTableUpsert,
  type NewMttSeatRow,
  type Tx,
} from '@naiko/persistence';
import { entryKey, type MttState } from './mtt-state';

export { MTT_LOCK_CLASS };

/** What `scheduled_tournaments.state` holds now (the rest of MttState is rows). */
export type SmallState = Omit<
  MttState,
  'registration' | 'seating' | 'tableHands' | 'waiting' | 'standings' | 'handsBegun'
> & {
  registration: Omit<RegistrationState, 'entries'>;
  standings: { remaining: number } | null;
  cancelRequested?: boolean;
};

/** The row-level facts MttState does not carry (kept beside a loaded state for `saveState`). */
export interface RowFacts {
  tables: Map<
    number,
    { handsPlayed: number; handBegun: number | null; closed: boolean; version: number; rank: number }
  >;
  /** Stack after the player's last hand (null: never recorded). */
  stacks: Map<string, number | null>;
}

export interface Loaded {
  state: MttState & { cancelRequested?: boolean };
  facts: RowFacts;
}

export function lockShared(tx: Tx, id: number): Promise<void> {
  return rowsRepository.lockShared(tx, id);
}

export function lockExclusive(tx: Tx, id: number): Promise<void> {
  return rowsRepository.lockExclusive(tx, id);
}

/** A planner run's turn across copies; the tournament row's version as committed now (null: no row). */
export function plannerTurn(tx: Tx, id: number): Promise<number | null> {
  return rowsRepository.plannerTurn(tx, id);
}

type TableRow = MttTableRow;
type SeatRow = MttSeatRow;
interface EntryRow {
  entry_id: number;
  user_id: string;
  status: Entry['status'];
  late: boolean;
  re_entry: boolean;
  place_best: number | null;
  place_rank: number | null;
}

/**
 * The whole state from rows (call under the exclusive lock for a consistent snapshot). One round
 * trip: the entries, tables and seats come back as three JSON arrays (an exclusive transaction
 * holds every table of the tournament: the fewer statements, the shorter the hold).
 */
export async function loadState(
  db: Pick<Tx, '$queryRaw'>,
  id: number,
  small: SmallState,
  tableSize: number,
  opts: { seating?: boolean } = {},
): Promise<Loaded> {
  const seating = opts.seating !== false;
  const loadedRows = await rowsRepository.load<Entry['status']>(db, id, seating);
  const entries: EntryRow[] = (loadedRows.e ?? []).map(
    ([entry_id, user_id, status, late, re_entry, place_best, place_rank]) => ({
      entry_id,
      user_id,
      status,
      late,
      re_entry,
      place_best,
      place_rank,
    }),
  );
  const seats: SeatRow[] = (loadedRows.s ?? []).map(([table_no, seat, user_id, dealt_in, waits_for_button, stack]) => ({
    table_no,
    seat,
    user_id,
    dealt_in,
    waits_for_button,
    stack: stack === null ? null : BigInt(stack),
  }));
  return assemble(small, tableSize, entries, loadedRows.t ?? [], seats);
}

export function assemble(
  small: SmallState,
  tableSize: number,
  entries: EntryRow[],
  tableRows: TableRow[],
  seatRows: SeatRow[],
): Loaded {
  const facts: RowFacts = { tables: new Map(), stacks: new Map() };
  const seatsOf = new Map<number, (SeatedPlayer | null)[]>();
  const waiting: string[] = [];
  const tableHands: Record<string, number> = {};
  const handsBegun: Record<string, number> = {};
  const tables: TableSnapshot[] = [];
  for (const tableRow of tableRows) {
    facts.tables.set(tableRow.table_no, {
      handsPlayed: tableRow.hands_played,
      handBegun: tableRow.hand_begun,
      closed: tableRow.closed,
      version: tableRow.version,
      rank: tableRow.break_rank,
    });
    tableHands[tableRow.table_no] = tableRow.hands_played;
    if (tableRow.hand_begun !== null) handsBegun[tableRow.table_no] = tableRow.hand_begun;
    if (tableRow.closed) continue;
    const seats: (SeatedPlayer | null)[] = new Array(tableSize).fill(null);
    seatsOf.set(tableRow.table_no, seats);
    tables.push({
      tableId: tableRow.table_no,
      seats,
      button: tableRow.button,
      // The dead-button rule's positions of the last hand (mtt-state.ts dealFor), when the table keeps them.
      ...(tableRow.small_blind != null && tableRow.big_blind != null && tableRow.button !== null
        ? { positions: { button: tableRow.button, smallBlind: tableRow.small_blind, bigBlind: tableRow.big_blind } }
        : {}),
      handInProgress: tableRow.hand_in_progress,
    });
  }
  for (const seatRow of seatRows) {
    const seats = seatsOf.get(seatRow.table_no);
    if (!seats) continue;
    seats[seatRow.seat] = { playerId: seatRow.user_id, dealtIn: seatRow.dealt_in };
    if (seatRow.waits_for_button) waiting.push(seatRow.user_id);
    facts.stacks.set(seatRow.user_id, seatRow.stack === null ? null : Number(seatRow.stack));
  }
  const breakOrder = [...facts.tables.entries()].sort((a, b) => a[1].rank - b[1].rank).map(([n]) => n);
  const seating: SeatingSnapshot | null = tableRows.length ? { tableSize, tables, breakOrder } : null;
  // Finishing groups from the entries' places, best first (a group's players in their stored order).
  const groups = new Map<number, { rank: number; key: string }[]>();
  for (const entry of entries) {
    if (entry.place_best === null) continue;
    const group = groups.get(entry.place_best) ?? [];
    group.push({ rank: entry.place_rank ?? 0, key: entryKey(entry.entry_id) });
    groups.set(entry.place_best, group);
  }
  const standings = small.standings
    ? {
        remaining: small.standings.remaining,
        groups: [...groups.entries()]
          .sort((a, b) => a[0] - b[0])
          .map(([bestPlace, ps]) => ({ bestPlace, players: ps.sort((x, y) => x.rank - y.rank).map((p) => p.key) })),
      }
    : null;
  const registration: RegistrationState = {
    ...small.registration,
    entries: entries.map((entryRow) => ({
      entryId: entryRow.entry_id,
      playerId: entryRow.user_id,
      status: entryRow.status,
      late: entryRow.late,
      reEntry: entryRow.re_entry,
    })),
  };
  const state = { ...small, registration, seating, tableHands, waiting, standings, handsBegun } as MttState & {
    cancelRequested?: boolean;
  };
  return { state, facts };
}

/** The small part of a state (what `scheduled_tournaments.state` stores). */
export function smallOf(wholeState: MttState & { cancelRequested?: boolean }): SmallState {
  const {
    registration,
    seating: _seating,
    tableHands: _th,
    waiting: _w,
    standings,
    handsBegun: _hb,
    ...rest
  } = wholeState;
  const { entries: _e, ...reg } = registration;
  return { ...rest, registration: reg, standings: standings ? { remaining: standings.remaining } : null };
}

/**
 * Writes what changed from `before` to `after` (under the exclusive lock): entries (status, places),
 * tables (opened, closed, button, busy flag, hands), seats (taken, left, dealt-in, waiting, stacks).
 * `stacks` gives stacks to store for players (a finished hand's stacks); a moved player keeps his.
 * Returns the tables whose seats changed.
 */
export async function saveState(
  tx: Tx,
  id: number,
  before: Loaded,
  after: MttState,
  stacks: ReadonlyMap<string, number> = new Map(),
  /** The tournament row's small state (and status), written in the tables' statement. */
  tournament?: { json: string; status: string | null },
): Promise<Set<number>> {
  // Entries: new ones inserted, changed statuses updated.
  const entriesBefore = before.state.registration.entries;
  const entriesAfter = after.registration.entries;
  const inserts = entriesAfter.slice(entriesBefore.length);
  if (inserts.length) {
    await rowsRepository.insertEntries(tx, id, inserts);
  }
  // Status changes and new places in one statement (a bust may bring both to one entry).
  const bg = before.state.standings?.groups.length ?? 0;
  const ag = after.standings?.groups ?? [];
  const added = ag.slice(0, Math.max(0, ag.length - bg));
  const placeOf = new Map(
    added.flatMap((g) => g.players.map((k, rank) => [Number(k.slice(1)), { best: g.bestPlace, rank }] as const)),
  );
  const changed = new Map<number, { status: string; best: number | null; rank: number | null }>();
  entriesAfter.slice(0, entriesBefore.length).forEach((entryNow, index) => {
    if (entryNow.status !== entriesBefore[index].status)
      changed.set(entryNow.entryId, { status: entryNow.status, best: null, rank: null });
  });
  for (const [entryId, place] of placeOf) {
    const placedEntry = entriesAfter[entryId - 1];
    changed.set(entryId, { status: placedEntry?.status ?? 'busted', best: place.best, rank: place.rank });
  }
  if (changed.size) await rowsRepository.updateEntries(tx, id, changed);

  // Tables and seats.
  const touched = new Set<number>();
  const bt = new Map((before.state.seating?.tables ?? []).map((t) => [t.tableId, t]));
  const at = new Map((after.seating?.tables ?? []).map((t) => [t.tableId, t]));
  const rankOf = new Map((after.seating?.breakOrder ?? []).map((n, i) => [n, i]));
  const wasWaiting = new Set(before.state.waiting);
  const waiting = new Set(after.waiting);
  const delSeats: { table: number; seat: number }[] = [];
  const addSeats: NewMttSeatRow[] = [];
  const tableUpdates: {
    table: number;
    button: number | null;
    positions: BlindPositions | null;
    busy: boolean;
    hands: number;
    begun: number | null;
    bump: number;
  }[] = [];
  const newTables: { table: number; rank: number }[] = [];
  const closedTables: number[] = [];
  for (const [closedNo] of bt) if (!at.has(closedNo)) closedTables.push(closedNo);
  const stackOf = (user: string): number | null => stacks.get(user) ?? before.facts.stacks.get(user) ?? null;
  for (const [tableNo, tableAfter] of at) {
    const old = bt.get(tableNo);
    if (!old && !before.facts.tables.has(tableNo))
      newTables.push({ table: tableNo, rank: rankOf.get(tableNo) ?? -tableNo });
    let seatsChanged = false;
    for (let seat = 0; seat < tableAfter.seats.length; seat++) {
      const seated = tableAfter.seats[seat];
      const seatedBefore = old?.seats[seat] ?? null;
      const same =
        seated?.playerId === seatedBefore?.playerId &&
        seated?.dealtIn === seatedBefore?.dealtIn &&
        (seated
          ? waiting.has(seated.playerId) === wasWaiting.has(seated.playerId) && !stacks.has(seated.playerId)
          : true);
      if (same) continue;
      seatsChanged = true;
      if (seatedBefore) delSeats.push({ table: tableNo, seat });
      if (seated)
        addSeats.push({
          table: tableNo,
          seat,
          user: seated.playerId,
          dealtIn: seated.dealtIn,
          waits: waiting.has(seated.playerId),
          stack: stackOf(seated.playerId),
        });
    }
    if (seatsChanged) touched.add(tableNo);
    const hands = after.tableHands[tableNo] ?? 0;
    const begun = after.handsBegun?.[tableNo] ?? null;
    if (
      !old ||
      seatsChanged ||
      old.button !== tableAfter.button ||
      !samePositions(old.positions, tableAfter.positions) ||
      old.handInProgress !== tableAfter.handInProgress ||
      hands !== (before.state.tableHands[tableNo] ?? 0) ||
      begun !== (before.state.handsBegun?.[tableNo] ?? null)
    ) {
      tableUpdates.push({
        table: tableNo,
        button: tableAfter.button,
        positions: tableAfter.positions ?? null,
        busy: tableAfter.handInProgress,
        hands,
        begun,
        bump: seatsChanged || !old ? 1 : 0,
      });
    }
  }
  for (const closedNo of closedTables) touched.add(closedNo);
  // 1. Seats that change or belong to a closed table leave (before anyone takes them: a player may
  //    move to a seat another player leaves), 2. the new and changed seats are taken.
  if (delSeats.length || closedTables.length) await rowsRepository.deleteSeats(tx, id, closedTables, delSeats);
  if (addSeats.length) await rowsRepository.insertSeats(tx, id, addSeats);
  // 3. Every changed table in one upsert (opened, closed, button, busy, hands, break rank), and the
  //    tournament row's small state in the same statement.
  const bo = before.state.seating?.breakOrder ?? [];
  const ao = after.seating?.breakOrder ?? [];
  const reordered = ao.length > 0 && (ao.length !== bo.length || ao.some((n, i) => n !== bo[i]));
  const rows = new Map<number, MttTableUpsert>();
  const rank = (n: number) => rankOf.get(n) ?? before.facts.tables.get(n)?.rank ?? -n;
  for (const update of tableUpdates)
    rows.set(update.table, {
      b: update.button,
      ...positionColumns(update.positions),
      busy: update.busy,
      h: update.hands,
      g: update.begun,
      c: false,
      r: rank(update.table),
      bump: update.bump,
    });
  for (const closedNo of closedTables) {
    const closedFacts = before.facts.tables.get(closedNo);
    rows.set(closedNo, {
      b: bt.get(closedNo)?.button ?? null,
      ...positionColumns(bt.get(closedNo)?.positions ?? null),
      busy: false,
      h: after.tableHands[closedNo] ?? closedFacts?.handsPlayed ?? 0,
      g: closedFacts?.handBegun ?? null,
      c: true,
      r: rank(closedNo),
      bump: 1,
    });
  }
  if (reordered) {
    for (const orderedNo of ao) {
      if (rows.has(orderedNo)) continue;
      const tableNow = at.get(orderedNo);
      const tableFacts = before.facts.tables.get(orderedNo);
      rows.set(
        orderedNo,
        tableNow
          ? {
              b: tableNow.button,
              ...positionColumns(tableNow.positions ?? null),
              busy: tableNow.handInProgress,
              h: after.tableHands[orderedNo] ?? 0,
              g: after.handsBegun?.[orderedNo] ?? null,
              c: false,
              r: rank(orderedNo),
              bump: 0,
            }
          : {
              b: null,
              busy: false,
              h: tableFacts?.handsPlayed ?? 0,
              g: tableFacts?.handBegun ?? null,
              c: true,
              r: rank(orderedNo),
              bump: 0,
            },
      );
    }
  }
  await rowsRepository.saveTablesAndState(tx, id, rows, tournament);
  return touched;
}

/**
 * Status and whole state of a tournament from the database in one repeatable-read snapshot (tests
 * and tools that hold no service; the service's `get` does the same).
 */
export async function readMttState(
  prisma: {
    $transaction<T>(
      fn: (tx: Tx) => Promise<T>,
      opts: { isolationLevel: 'RepeatableRead'; maxWait?: number; timeout?: number },
    ): Promise<T>;
  },
  id: number,
): Promise<{ status: string; state: MttState & { cancelRequested?: boolean } }> {
  return prisma.$transaction(
    async (tx) => {
      const tournamentRow = await rowsRepository.statusStateConfig<SmallState>(tx, id);
      const loaded = await loadState(tx, id, tournamentRow.state, tournamentRow.config.tableSize);
      return { status: tournamentRow.status, state: loaded.state };
    },
    { isolationLevel: 'RepeatableRead', maxWait: 30_000, timeout: 60_000 },
  );
}

/** Whether two tables' kept blind positions are the same (absent and null are the same: none). */
function samePositions(before?: BlindPositions | null, after?: BlindPositions | null): boolean {
  return (
    (before?.button ?? null) === (after?.button ?? null) &&
    (before?.smallBlind ?? null) === (after?.smallBlind ?? null) &&
    (before?.bigBlind ?? null) === (after?.bigBlind ?? null)
  );
}

/** A table's kept blind positions as its upsert's columns (none: null). */
function positionColumns(positions: BlindPositions | null): { sb: number | null; bb: number | null } {
  return { sb: positions?.smallBlind ?? null, bb: positions?.bigBlind ?? null };
}
