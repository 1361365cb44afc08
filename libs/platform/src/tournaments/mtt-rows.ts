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
import type { Entry, RegistrationState, SeatingSnapshot, SeatedPlayer, TableSnapshot } from '@naiko/tournament';
import {
  MTT_LOCK_CLASS,
  mttRowsRepository as rowsRepository,
  type MttTableRow,
  type MttTableUpsert,
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

type TableRow = MttTableRow;
interface SeatRow {
  table_no: number;
  seat: number;
  user_id: string;
  dealt_in: boolean;
  waits_for_button: boolean;
  stack: bigint | null;
}
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
  const r = await rowsRepository.load<Entry['status']>(db, id, seating);
  const entries: EntryRow[] = (r.e ?? []).map(
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
  const seats: SeatRow[] = (r.s ?? []).map(([table_no, seat, user_id, dealt_in, waits_for_button, stack]) => ({
    table_no,
    seat,
    user_id,
    dealt_in,
    waits_for_button,
    stack: stack === null ? null : BigInt(stack),
  }));
  return assemble(small, tableSize, entries, r.t ?? [], seats);
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
  for (const t of tableRows) {
    facts.tables.set(t.table_no, {
      handsPlayed: t.hands_played,
      handBegun: t.hand_begun,
      closed: t.closed,
      version: t.version,
      rank: t.break_rank,
    });
    tableHands[t.table_no] = t.hands_played;
    if (t.hand_begun !== null) handsBegun[t.table_no] = t.hand_begun;
    if (t.closed) continue;
    const seats: (SeatedPlayer | null)[] = new Array(tableSize).fill(null);
    seatsOf.set(t.table_no, seats);
    tables.push({ tableId: t.table_no, seats, button: t.button, handInProgress: t.hand_in_progress });
  }
  for (const s of seatRows) {
    const seats = seatsOf.get(s.table_no);
    if (!seats) continue;
    seats[s.seat] = { playerId: s.user_id, dealtIn: s.dealt_in };
    if (s.waits_for_button) waiting.push(s.user_id);
    facts.stacks.set(s.user_id, s.stack === null ? null : Number(s.stack));
  }
  const breakOrder = [...facts.tables.entries()].sort((a, b) => a[1].rank - b[1].rank).map(([n]) => n);
  const seating: SeatingSnapshot | null = tableRows.length ? { tableSize, tables, breakOrder } : null;
  // Finishing groups from the entries' places, best first (a group's players in their stored order).
  const groups = new Map<number, { rank: number; key: string }[]>();
  for (const e of entries) {
    if (e.place_best === null) continue;
    const g = groups.get(e.place_best) ?? [];
    g.push({ rank: e.place_rank ?? 0, key: entryKey(e.entry_id) });
    groups.set(e.place_best, g);
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
    entries: entries.map((e) => ({
      entryId: e.entry_id,
      playerId: e.user_id,
      status: e.status,
      late: e.late,
      reEntry: e.re_entry,
    })),
  };
  const state = { ...small, registration, seating, tableHands, waiting, standings, handsBegun } as MttState & {
    cancelRequested?: boolean;
  };
  return { state, facts };
}

/** The small part of a state (what `scheduled_tournaments.state` stores). */
export function smallOf(s: MttState & { cancelRequested?: boolean }): SmallState {
  const { registration, seating: _seating, tableHands: _th, waiting: _w, standings, handsBegun: _hb, ...rest } = s;
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
  const b = before.state.registration.entries;
  const a = after.registration.entries;
  const inserts = a.slice(b.length);
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
  a.slice(0, b.length).forEach((e, i) => {
    if (e.status !== b[i].status) changed.set(e.entryId, { status: e.status, best: null, rank: null });
  });
  for (const [entryId, p] of placeOf) {
    const e = a[entryId - 1];
    changed.set(entryId, { status: e?.status ?? 'busted', best: p.best, rank: p.rank });
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
  const addSeats: {
    table: number;
    seat: number;
    user: string;
    dealtIn: boolean;
    waits: boolean;
    stack: number | null;
  }[] = [];
  const tableUpdates: {
    table: number;
    button: number | null;
    busy: boolean;
    hands: number;
    begun: number | null;
    bump: number;
  }[] = [];
  const newTables: { table: number; rank: number }[] = [];
  const closedTables: number[] = [];
  for (const [n] of bt) if (!at.has(n)) closedTables.push(n);
  const stackOf = (user: string): number | null => stacks.get(user) ?? before.facts.stacks.get(user) ?? null;
  for (const [n, t] of at) {
    const old = bt.get(n);
    if (!old && !before.facts.tables.has(n)) newTables.push({ table: n, rank: rankOf.get(n) ?? -n });
    let seatsChanged = false;
    for (let seat = 0; seat < t.seats.length; seat++) {
      const p = t.seats[seat];
      const q = old?.seats[seat] ?? null;
      const same =
        p?.playerId === q?.playerId &&
        p?.dealtIn === q?.dealtIn &&
        (p ? waiting.has(p.playerId) === wasWaiting.has(p.playerId) && !stacks.has(p.playerId) : true);
      if (same) continue;
      seatsChanged = true;
      if (q) delSeats.push({ table: n, seat });
      if (p)
        addSeats.push({
          table: n,
          seat,
          user: p.playerId,
          dealtIn: p.dealtIn,
          waits: waiting.has(p.playerId),
          stack: stackOf(p.playerId),
        });
    }
    if (seatsChanged) touched.add(n);
    const hands = after.tableHands[n] ?? 0;
    const begun = after.handsBegun?.[n] ?? null;
    if (
      !old ||
      seatsChanged ||
      old.button !== t.button ||
      old.handInProgress !== t.handInProgress ||
      hands !== (before.state.tableHands[n] ?? 0) ||
      begun !== (before.state.handsBegun?.[n] ?? null)
    ) {
      tableUpdates.push({
        table: n,
        button: t.button,
        busy: t.handInProgress,
        hands,
        begun,
        bump: seatsChanged || !old ? 1 : 0,
      });
    }
  }
  for (const n of closedTables) touched.add(n);
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
  for (const u of tableUpdates)
    rows.set(u.table, { b: u.button, busy: u.busy, h: u.hands, g: u.begun, c: false, r: rank(u.table), bump: u.bump });
  for (const n of closedTables) {
    const f = before.facts.tables.get(n);
    rows.set(n, {
      b: bt.get(n)?.button ?? null,
      busy: false,
      h: after.tableHands[n] ?? f?.handsPlayed ?? 0,
      g: f?.handBegun ?? null,
      c: true,
      r: rank(n),
      bump: 1,
    });
  }
  if (reordered) {
    for (const n of ao) {
      if (rows.has(n)) continue;
      const t = at.get(n);
      const f = before.facts.tables.get(n);
      rows.set(
        n,
        t
          ? {
              b: t.button,
              busy: t.handInProgress,
              h: after.tableHands[n] ?? 0,
              g: after.handsBegun?.[n] ?? null,
              c: false,
              r: rank(n),
              bump: 0,
            }
          : { b: null, busy: false, h: f?.handsPlayed ?? 0, g: f?.handBegun ?? null, c: true, r: rank(n), bump: 0 },
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
      const r = await rowsRepository.statusStateConfig<SmallState>(tx, id);
      const loaded = await loadState(tx, id, r.state, r.config.tableSize);
      return { status: r.status, state: loaded.state };
    },
    { isolationLevel: 'RepeatableRead', maxWait: 30_000, timeout: 60_000 },
  );
}
