/**
 * Seating, balancing and breaking of multi-table tournaments (2024 WSOP tournament rules, Poker TDA).
 *
 * Input is a snapshot of the tables — seats, the button of the last (or current) hand and whether a hand
 * is in progress — and output is a list of moves. The library never moves a player who is in a hand:
 * at a table whose hand is in progress only players who were not dealt into it can move.
 *
 * Seats are numbered 0..tableSize-1 clockwise. Positions of the next hand: when the snapshot carries
 * the last hand's `positions` (libs/table's `TableState.positions`), libs/table's dead-button rule —
 * the big blind moves to the first player after the last big blind; otherwise the moving-button rule:
 * the button moves to the next occupied seat after `button`, the small blind is the next occupied seat
 * after it, the big blind the next after that (heads-up: the button posts the small blind).
 *
 * Rules implemented (each has a named test in seating.spec.ts):
 *  1. Initial seats are drawn at random over ceil(n / tableSize) tables, as evenly as possible.
 *  2. Tables are kept within one player: when the fullest and the shortest differ by two or more, a
 *     player moves from the fullest to the shortest, one at a time, until they differ by at most one.
 *  3. The player moved is the one who would be big blind next at the fullest table.
 *  4. He goes to the worst-positioned free seat of the shortest table: the one that will post the big
 *     blind soonest (possibly the big blind itself), never a seat between the small blind and the button.
 *     If the only free seats are there, he is seated there and waits until the button passes
 *     (`waitsForButton`), as a new player would.
 *  5. A moved player can be moved again until he is dealt into a hand (`dealtIn: false`), even while
 *     his new table plays a hand without him.
 *  6. Tables break in a pre-set order (`breakOrder`, default: highest table number first) as soon as
 *     the other tables can absorb their players; the players are drawn at random into the free seats of
 *     the shortest tables, so the tables stay within one player. A table whose hand is in progress
 *     breaks when that hand ends.
 *     6a. A table left with one player cannot deal: it breaks first, out of the pre-set order, as soon
 *     as the other tables have a free seat — never waiting for another table's hand to end.
 *  7. When the field fits one table, everyone is redrawn at random to the final table (the table that
 *     would break last), once no hand is in progress anywhere.
 *
 * Tie-breaks the rules leave open (documented decisions): among several fullest tables the lowest
 * table number gives the player; among several shortest the lowest number receives him. A table with
 * no hand played yet (`button: null`) or fewer than two players has no positions: the mover is the
 * player in its lowest occupied seat and the arriving player takes its lowest free seat.
 */
import { SeatingError } from './errors';
import { type RandomSource, randomInt, shuffled } from './random';

export interface SeatedPlayer {
  readonly playerId: string;
  /**
   * Whether a hand has started at this table since he sat down. A player who arrived during the hand
   * in progress is `false` and may still be moved ("until the first card of the next hand is dealt");
   * once the next hand starts he is `true`, even if he waits for the button and got no cards.
   */
  readonly dealtIn: boolean;
}

export interface TableSnapshot {
  readonly tableId: number;
  /** One entry per seat, `null` = free; length = tableSize. */
  readonly seats: readonly (SeatedPlayer | null)[];
  /** Button seat of the last hand (or the hand in progress); `null` before the first hand. */
  readonly button: number | null;
  /**
   * Blind positions of the last hand as libs/table records them (`TableState.positions`). When given,
   * the next hand's positions follow libs/table's dead-button rule instead of the moving button.
   */
  readonly positions?: BlindPositions | null;
  readonly handInProgress: boolean;
}

/** The blind positions of a hand, as seats (a position may be an empty seat: dead button / small blind). */
export interface BlindPositions {
  readonly button: number;
  readonly smallBlind: number | null;
  readonly bigBlind: number | null;
}

export interface SeatingSnapshot {
  readonly tableSize: number;
  readonly tables: readonly TableSnapshot[];
  /** Pre-set break order, first breaks first. Must list every table; may list broken ones. */
  readonly breakOrder?: readonly number[];
}

export interface SeatRef {
  readonly tableId: number;
  readonly seat: number;
}

export type MoveReason = 'balance' | 'break' | 'redraw';

export interface Move {
  readonly playerId: string;
  readonly from: SeatRef;
  readonly to: SeatRef;
  readonly reason: MoveReason;
  /** Seated between the small blind and the button: not dealt in until the button passes. */
  readonly waitsForButton: boolean;
}

export type Hold =
  | { readonly kind: 'break-waits-for-hand'; readonly tableId: number }
  | { readonly kind: 'balance-waits-for-hand'; readonly tableIds: readonly number[] }
  | { readonly kind: 'redraw-waits-for-hands'; readonly tableIds: readonly number[] };

export interface SeatingPlan {
  /**
   * Apply in order (a player may appear twice: broken to one table, then balanced on). Redraw moves
   * are one simultaneous reassignment; `applySeatingPlan` does both right.
   */
  readonly moves: readonly Move[];
  /** Tables that close: broken, emptied or merged into the final table. */
  readonly brokenTables: readonly number[];
  /** All players were redrawn to `finalTableId`; its button must be drawn anew. */
  readonly finalTableRedraw: boolean;
  readonly finalTableId: number | null;
  /** What had to wait for a hand in progress; run the planner again when that hand ends. */
  readonly holds: readonly Hold[];
}

export const MIN_TABLE_SIZE = 2;
export const MAX_TABLE_SIZE = 10;

type Seats = (SeatedPlayer | null)[];

// ---------------------------------------------------------------------------------------------
// Positions

function nextOccupied(seats: readonly (SeatedPlayer | null)[], from: number): number {
  const n = seats.length;
  for (let i = 1; i <= n; i++) {
    const s = (from + i) % n;
    if (seats[s]) return s;
  }
  return -1;
}

function occupiedCount(seats: readonly (SeatedPlayer | null)[]): number {
  let k = 0;
  for (let i = 0; i < seats.length; i++) if (seats[i] !== null) k++;
  return k;
}

export interface NextHandPositions {
  readonly button: number;
  readonly smallBlind: number;
  readonly bigBlind: number;
}

/** Button and blinds of the next hand under the moving-button rule; `null` if undefined. */
export function nextHandPositions(
  seats: readonly (SeatedPlayer | null)[],
  button: number | null,
): NextHandPositions | null {
  if (button === null || occupiedCount(seats) < 2) return null;
  const b = nextOccupied(seats, button);
  const heads = occupiedCount(seats) === 2;
  const sb = heads ? b : nextOccupied(seats, b);
  const bb = nextOccupied(seats, sb);
  return { button: b, smallBlind: sb, bigBlind: bb };
}

const clockwise = (a: number, b: number, n: number) => (((b - a) % n) + n) % n;
/** True when `x` lies strictly inside the clockwise arc from `a` to `b` (the whole circle if a = b). */
const strictlyBetween = (a: number, x: number, b: number, n: number): boolean => {
  const dx = clockwise(a, x, n);
  return dx > 0 && dx < (a === b ? n : clockwise(a, b, n));
};

/** The parts of a table a planner needs: seats and the positions of the last hand. */
export interface PositionedSeats {
  readonly seats: readonly (SeatedPlayer | null)[];
  readonly button: number | null;
  readonly positions?: BlindPositions | null;
}

/**
 * How the blinds will move at the next hand:
 *  - `anchor`: the seat after which the big blind moves on (a free seat strictly between `anchor` and
 *    `nextBigBlind` would itself take the big blind);
 *  - `nextBigBlind`: the occupied seat that posts the next big blind;
 *  - `zone(seat)`: a newcomer on this free seat sits between the small blind and the button and waits.
 * With `positions` (libs/table's dead-button rule, "the big blind always moves forward"): the big blind
 * goes to the first player after the last big blind, the small blind falls on the last big blind's seat,
 * the button on the last small blind's seat (pulled back before the small blind when the big blind
 * jumped past it). Without, the moving-button rule from `button` (see `nextHandPositions`).
 */
interface Rotation {
  readonly anchor: number;
  readonly nextBigBlind: number;
  readonly zone: (seat: number) => boolean;
}

function rotationOf(table: PositionedSeats): Rotation | null {
  const seats = table.seats;
  const n = seats.length;
  if (occupiedCount(seats) < 2) return null;
  const p = table.positions;
  if (p && p.bigBlind !== null) {
    const prevBB = p.bigBlind;
    const bb = nextOccupied(seats, prevBB);
    let button = p.smallBlind ?? p.button;
    if (button === bb || strictlyBetween(prevBB, button, bb, n)) button = (prevBB - 1 + n) % n;
    return {
      anchor: prevBB,
      nextBigBlind: bb,
      zone: (seat) => seat === button || (button !== bb && strictlyBetween(button, seat, bb, n)),
    };
  }
  const pos = nextHandPositions(seats, p ? p.button : table.button);
  if (!pos) return null;
  // Heads-up the button is the small blind: no seat lies between them.
  return {
    anchor: pos.smallBlind,
    nextBigBlind: pos.bigBlind,
    zone: (seat) => pos.button !== pos.smallBlind && strictlyBetween(pos.button, seat, pos.smallBlind, n),
  };
}

function seatWaits(rotation: Rotation, seat: number, n: number): boolean {
  // A newcomer before the next big blind takes the big blind himself and is dealt in.
  return !strictlyBetween(rotation.anchor, seat, rotation.nextBigBlind, n) && rotation.zone(seat);
}

/** Would a player sitting down at free seat `seat` have to wait for the button? */
export function waitsForButtonAt(table: PositionedSeats, seat: number): boolean {
  const rotation = rotationOf(table);
  return rotation !== null && seatWaits(rotation, seat, table.seats.length);
}

/**
 * The worst-positioned free seat: walking clockwise from where the big blind stands, the first free
 * seat reached will post the big blind soonest (the very next big blind if it lies before the next big
 * blind's player). Seats between the button and the small blind come last and are taken only when
 * nothing else is free (then the player waits for the button). Without positions: the lowest free seat.
 */
export function worstFreeSeat(table: PositionedSeats): { seat: number; waitsForButton: boolean } | null {
  const seats = table.seats;
  const n = seats.length;
  const rotation = rotationOf(table);
  if (!rotation) {
    const free = seats.findIndex((s) => s === null);
    return free < 0 ? null : { seat: free, waitsForButton: false };
  }
  let zoneSeat = -1;
  for (let i = 1; i < n; i++) {
    const s = (rotation.anchor + i) % n;
    if (seats[s] !== null) continue;
    if (!seatWaits(rotation, s, n)) return { seat: s, waitsForButton: false };
    if (zoneSeat < 0) zoneSeat = s;
  }
  return zoneSeat < 0 ? null : { seat: zoneSeat, waitsForButton: true };
}

/**
 * The player to move off a table: the one who would be big blind next. While a hand is in progress
 * only players not dealt into it may move: the first such player from the next big blind on. Without
 * positions: the first from the lowest seat.
 */
export function playerToMove(table: PositionedSeats & { readonly handInProgress: boolean }): number {
  const seats = table.seats;
  const n = seats.length;
  const rotation = rotationOf(table);
  const startSeat = rotation ? rotation.nextBigBlind : 0;
  for (let i = 0; i < n; i++) {
    const s = (startSeat + i) % n;
    const p = seats[s];
    if (p && (!table.handInProgress || !p.dealtIn)) return s;
  }
  return -1;
}

// ---------------------------------------------------------------------------------------------
// Validation

function checkTableSize(tableSize: number): void {
  if (!Number.isSafeInteger(tableSize) || tableSize < MIN_TABLE_SIZE || tableSize > MAX_TABLE_SIZE) {
    throw new SeatingError(
      'bad-table-size',
      `table size must be ${MIN_TABLE_SIZE}..${MAX_TABLE_SIZE}, got ${tableSize}`,
    );
  }
}

export function validateSnapshot(snapshot: SeatingSnapshot, mode: 'full' | 'shape' = 'full'): void {
  checkTableSize(snapshot.tableSize);
  const S = snapshot.tableSize;
  const tables = snapshot.tables;
  for (let i = 0; i < tables.length; i++) {
    const t = tables[i];
    if (t.seats.length !== S) {
      throw new SeatingError('bad-snapshot', `table ${t.tableId} has ${t.seats.length} seats, expected ${S}`);
    }
    const b = t.button;
    if (b !== null && (!Number.isSafeInteger(b) || b < 0 || b >= S)) {
      throw new SeatingError('bad-snapshot', `table ${t.tableId}: button ${b} is not a seat`);
    }
    const p = t.positions;
    if (p) {
      for (const x of [p.button, p.smallBlind, p.bigBlind]) {
        if (x !== null && (!Number.isSafeInteger(x) || x < 0 || x >= S)) {
          throw new SeatingError('bad-snapshot', `table ${t.tableId}: position ${x} is not a seat`);
        }
      }
    }
  }
  const tableIds = new Set<number>();
  if (mode === 'full' || snapshot.breakOrder) {
    for (const t of tables) {
      if (tableIds.has(t.tableId)) throw new SeatingError('duplicate-table', `table ${t.tableId} appears twice`);
      tableIds.add(t.tableId);
    }
  }
  if (mode === 'full') {
    const players = new Set<string>();
    for (const t of tables) {
      for (let s = 0; s < S; s++) {
        const p = t.seats[s];
        if (!p) continue;
        if (players.has(p.playerId)) throw new SeatingError('duplicate-player', `player ${p.playerId} is seated twice`);
        players.add(p.playerId);
      }
    }
  }
  if (snapshot.breakOrder) {
    const listed = new Set(snapshot.breakOrder);
    if (listed.size !== snapshot.breakOrder.length)
      throw new SeatingError('bad-break-order', 'break order repeats a table');
    for (const id of tableIds) {
      if (!listed.has(id)) throw new SeatingError('bad-break-order', `break order misses table ${id}`);
    }
  }
}

// ---------------------------------------------------------------------------------------------
// Initial seating and new players

/** Rule 1: random seats over ceil(n / tableSize) tables, table sizes differing by at most one. */
export function initialSeating(
  playerIds: readonly string[],
  tableSize: number,
  rng: RandomSource,
  firstTableId = 1,
): TableSnapshot[] {
  checkTableSize(tableSize);
  if (playerIds.length === 0) throw new SeatingError('no-players', 'nobody to seat');
  if (new Set(playerIds).size !== playerIds.length)
    throw new SeatingError('duplicate-player', 'a player is listed twice');
  const n = playerIds.length;
  const tables = Math.ceil(n / tableSize);
  const base = Math.floor(n / tables);
  const extra = n % tables;
  const order = shuffled(playerIds, rng);
  const seatNumbers = Array.from({ length: tableSize }, (_, i) => i);
  const out: TableSnapshot[] = [];
  let next = 0;
  for (let t = 0; t < tables; t++) {
    const k = base + (t < extra ? 1 : 0);
    const seats: Seats = new Array(tableSize).fill(null);
    for (const seat of shuffled(seatNumbers, rng).slice(0, k))
      seats[seat] = { playerId: order[next++], dealtIn: false };
    out.push({ tableId: firstTableId + t, seats, button: null, handInProgress: false });
  }
  return out;
}

export interface NewPlayerSeat {
  readonly snapshot: SeatingSnapshot;
  readonly to: SeatRef;
  /** A new table had to be opened because every table was full. */
  readonly openedTable: boolean;
  readonly waitsForButton: boolean;
}

/**
 * A late registration or re-entry: a random free seat at one of the shortest tables; if all are full a
 * new table opens (numbered after the highest, and breaking first) and balancing fills it.
 */
export function seatNewPlayer(snapshot: SeatingSnapshot, playerId: string, rng: RandomSource): NewPlayerSeat {
  validateSnapshot(snapshot);
  for (const t of snapshot.tables) {
    if (t.seats.some((s) => s?.playerId === playerId))
      throw new SeatingError('duplicate-player', `${playerId} is already seated`);
  }
  const candidates: SeatRef[] = [];
  let min = Infinity;
  for (const t of snapshot.tables) {
    const c = occupiedCount(t.seats);
    if (c >= snapshot.tableSize || c > min) continue;
    if (c < min) {
      min = c;
      candidates.length = 0;
    }
    t.seats.forEach((s, seat) => {
      if (!s) candidates.push({ tableId: t.tableId, seat });
    });
  }
  if (candidates.length === 0) {
    // A new number, never one of a broken table (the break order still lists those): a table's
    // number names its table host and its hands for the whole tournament.
    const tableId =
      Math.max(
        snapshot.tables.reduce((m, t) => Math.max(m, t.tableId), 0),
        ...(snapshot.breakOrder ?? []),
      ) + 1;
    const seat = randomInt(rng, snapshot.tableSize);
    const seats: Seats = new Array(snapshot.tableSize).fill(null);
    seats[seat] = { playerId, dealtIn: false };
    const table: TableSnapshot = { tableId, seats, button: null, handInProgress: false };
    return {
      snapshot: {
        ...snapshot,
        tables: [...snapshot.tables, table],
        breakOrder: snapshot.breakOrder ? [tableId, ...snapshot.breakOrder] : undefined,
      },
      to: { tableId, seat },
      openedTable: true,
      waitsForButton: false,
    };
  }
  const to = candidates[randomInt(rng, candidates.length)];
  const tables = snapshot.tables.map((t) => {
    if (t.tableId !== to.tableId) return t;
    const seats = t.seats.slice();
    seats[to.seat] = { playerId, dealtIn: false };
    return { ...t, seats };
  });
  const target = snapshot.tables.find((t) => t.tableId === to.tableId)!;
  return {
    snapshot: { ...snapshot, tables },
    to,
    openedTable: false,
    waitsForButton: waitsForButtonAt(target, to.seat),
  };
}

// ---------------------------------------------------------------------------------------------
// Planning

export interface PlanOptions {
  /**
   * `full` (default) also checks that no player sits twice and no table id repeats, which costs
   * O(players) with a hash set; `shape` checks only each table's seat count and button, for snapshots
   * the caller built with `initialSeating`, `seatNewPlayer` and `applySeatingPlan` (which refuse to
   * seat anyone twice).
   */
  readonly validate?: 'full' | 'shape';
}

/**
 * Rules 2–7 on a snapshot; pure. Cost: O(tables × tableSize) to count the seats plus O(tables) per
 * move, with no sorting of the tables, so a decision for 10,000 players stays well under a millisecond.
 */
export function planSeating(snapshot: SeatingSnapshot, rng: RandomSource, options: PlanOptions = {}): SeatingPlan {
  validateSnapshot(snapshot, options.validate ?? 'full');
  const S = snapshot.tableSize;
  const src = snapshot.tables;
  const T = src.length;
  // First pass allocates nothing: after most busts there is nothing to close, break, redraw or
  // balance, and the planner answers from the counts alone.
  let total = 0;
  let max = 0;
  let min = Infinity;
  for (let i = 0; i < T; i++) {
    const c = occupiedCount(src[i].seats);
    total += c;
    if (c > max) max = c;
    if (c < min) min = c;
  }
  if (T <= 1 || (min > 0 && max - min < 2 && total > (T - 1) * S)) {
    return { moves: [], brokenTables: [], finalTableRedraw: false, finalTableId: null, holds: [] };
  }
  const rankOf = new Map<number, number>();
  if (snapshot.breakOrder) snapshot.breakOrder.forEach((id, i) => rankOf.set(id, i));
  const hasOrder = rankOf.size > 0;
  // Lower rank breaks first; by default the highest table number breaks first.
  const rank = new Float64Array(T);
  const count = new Int32Array(T);
  const open = new Uint8Array(T).fill(1);
  const copies = new Map<number, Seats>();
  for (let i = 0; i < T; i++) {
    rank[i] = hasOrder ? rankOf.get(src[i].tableId)! : -src[i].tableId;
    count[i] = occupiedCount(src[i].seats);
  }
  const seatsAt = (i: number): readonly (SeatedPlayer | null)[] => copies.get(i) ?? src[i].seats;
  const writable = (i: number): Seats => {
    let c = copies.get(i);
    if (!c) copies.set(i, (c = src[i].seats.slice()));
    return c;
  };
  const isBusy = (i: number) => src[i].handInProgress && seatsAt(i).some((p) => p?.dealtIn);

  const moves: Move[] = [];
  const brokenTables: number[] = [];
  const holds: Hold[] = [];

  // Empty tables close at once (nobody to move), except the one that would break last.
  let openCount = T;
  let lastToBreak = -1;
  for (let i = 0; i < T; i++) if (lastToBreak < 0 || rank[i] > rank[lastToBreak]) lastToBreak = i;
  if (T > 1) {
    for (let i = 0; i < T; i++) {
      if (count[i] === 0 && (total > 0 || i !== lastToBreak)) {
        open[i] = 0;
        openCount--;
        brokenTables.push(src[i].tableId);
      }
    }
  }
  const result = (finalTableRedraw = false, finalTableId: number | null = null): SeatingPlan => ({
    moves,
    brokenTables,
    finalTableRedraw,
    finalTableId,
    holds,
  });
  if (total === 0) return result();

  // Rule 7: final table redraw.
  if (openCount > 1 && total <= S) {
    const busyTables: number[] = [];
    let finalIdx = -1;
    for (let i = 0; i < T; i++) {
      if (!open[i]) continue;
      if (isBusy(i)) busyTables.push(src[i].tableId);
      if (finalIdx < 0 || rank[i] > rank[finalIdx]) finalIdx = i;
    }
    if (busyTables.length > 0) {
      holds.push({ kind: 'redraw-waits-for-hands', tableIds: busyTables.sort((a, b) => a - b) });
      return result();
    }
    const everyone: { playerId: string; from: SeatRef }[] = [];
    const order = [];
    for (let i = 0; i < T; i++) if (open[i]) order.push(i);
    order.sort((a, b) => src[a].tableId - src[b].tableId);
    for (const i of order) {
      seatsAt(i).forEach((p, seat) => {
        if (p) everyone.push({ playerId: p.playerId, from: { tableId: src[i].tableId, seat } });
      });
    }
    const finalTableId = src[finalIdx].tableId;
    const seatDraw = shuffled(
      Array.from({ length: S }, (_, i) => i),
      rng,
    );
    shuffled(everyone, rng).forEach((p, k) =>
      moves.push({ ...p, to: { tableId: finalTableId, seat: seatDraw[k] }, reason: 'redraw', waitsForButton: false }),
    );
    for (const i of order) if (i !== finalIdx) brokenTables.push(src[i].tableId);
    return result(true, finalTableId);
  }

  const move = (from: number, fromSeat: number, to: number, toSeat: number, reason: MoveReason, waits: boolean) => {
    const player = seatsAt(from)[fromSeat]!;
    writable(from)[fromSeat] = null;
    count[from]--;
    writable(to)[toSeat] = { playerId: player.playerId, dealtIn: false };
    count[to]++;
    moves.push({
      playerId: player.playerId,
      from: { tableId: src[from].tableId, seat: fromSeat },
      to: { tableId: src[to].tableId, seat: toSeat },
      reason,
      waitsForButton: waits,
    });
  };

  // Rule 6: break tables in the pre-set order while the others can absorb their players. Rule 6a:
  // a table left with one player (it cannot deal, so it never finishes a hand to wait for) breaks
  // first, whatever the order, without waiting for any other table's hand.
  let closing = -1;
  while (openCount > 1 && total <= (openCount - 1) * S) {
    let victim = -1;
    for (let i = 0; i < T; i++)
      if (open[i] && count[i] < 2 && !isBusy(i) && (victim < 0 || rank[i] < rank[victim])) victim = i;
    if (victim < 0) for (let i = 0; i < T; i++) if (open[i] && (victim < 0 || rank[i] < rank[victim])) victim = i;
    if (isBusy(victim)) {
      holds.push({ kind: 'break-waits-for-hand', tableId: src[victim].tableId });
      closing = victim;
      break;
    }
    open[victim] = 0;
    openCount--;
    brokenTables.push(src[victim].tableId);
    const leaving: number[] = [];
    seatsAt(victim).forEach((p, seat) => {
      if (p) leaving.push(seat);
    });
    for (const seat of shuffled(leaving, rng)) {
      // A uniformly random free seat among the shortest tables: count them, draw one, find it.
      let shortest = Infinity;
      for (let i = 0; i < T; i++) if (open[i] && count[i] < shortest) shortest = count[i];
      let free = 0;
      for (let i = 0; i < T; i++) if (open[i] && count[i] === shortest) free += S - count[i];
      let k = randomInt(rng, free);
      let to = -1;
      let toSeat = -1;
      for (let i = 0; i < T && to < 0; i++) {
        if (!open[i] || count[i] !== shortest) continue;
        if (k >= S - count[i]) {
          k -= S - count[i];
          continue;
        }
        const seats = seatsAt(i);
        for (let s = 0; s < S; s++) {
          if (seats[s] === null && k-- === 0) {
            to = i;
            toSeat = s;
            break;
          }
        }
      }
      const waits = waitsForButtonAt(
        { seats: seatsAt(to), button: src[to].button, positions: src[to].positions },
        toSeat,
      );
      move(victim, seat, to, toSeat, 'break', waits);
    }
  }

  // Rules 2–5: balance the tables that stay (a table waiting to break takes no part).
  const inPool = (i: number) => open[i] && i !== closing;
  for (;;) {
    max = -1;
    min = Infinity;
    let poolSize = 0;
    for (let i = 0; i < T; i++) {
      if (!inPool(i)) continue;
      poolSize++;
      if (count[i] > max) max = count[i];
      if (count[i] < min) min = count[i];
    }
    if (poolSize < 2 || max - min < 2) break;
    const fullest: number[] = [];
    let target = -1;
    for (let i = 0; i < T; i++) {
      if (!inPool(i)) continue;
      if (count[i] === max) fullest.push(i);
      if (count[i] === min && (target < 0 || src[i].tableId < src[target].tableId)) target = i;
    }
    fullest.sort((a, b) => src[a].tableId - src[b].tableId);
    let from = -1;
    let fromSeat = -1;
    for (const i of fullest) {
      fromSeat = playerToMove({
        seats: seatsAt(i),
        button: src[i].button,
        positions: src[i].positions,
        handInProgress: src[i].handInProgress,
      });
      if (fromSeat >= 0) {
        from = i;
        break;
      }
    }
    if (from < 0) {
      holds.push({ kind: 'balance-waits-for-hand', tableIds: fullest.map((i) => src[i].tableId) });
      break;
    }
    const seat = worstFreeSeat({
      seats: seatsAt(target),
      button: src[target].button,
      positions: src[target].positions,
    })!;
    move(from, fromSeat, target, seat.seat, 'balance', seat.waitsForButton);
  }
  return result();
}

/**
 * The snapshot after a plan: broken tables removed, moved players seated with `dealtIn: false`, the
 * final table's button cleared after a redraw (the table draws for the button).
 */
export function applySeatingPlan(snapshot: SeatingSnapshot, plan: SeatingPlan): SeatingSnapshot {
  const seats = new Map<number, Seats>();
  const get = (tableId: number): Seats => {
    let s = seats.get(tableId);
    if (!s) {
      const t = snapshot.tables.find((x) => x.tableId === tableId);
      if (!t) throw new SeatingError('bad-snapshot', `the plan names unknown table ${tableId}`);
      s = t.seats.slice();
      seats.set(tableId, s);
    }
    return s;
  };
  const vacate = (m: Move) => {
    const from = get(m.from.tableId);
    if (from[m.from.seat]?.playerId !== m.playerId) {
      throw new SeatingError('bad-snapshot', `${m.playerId} is not at table ${m.from.tableId} seat ${m.from.seat}`);
    }
    from[m.from.seat] = null;
  };
  const occupy = (m: Move) => {
    const to = get(m.to.tableId);
    if (to[m.to.seat]) throw new SeatingError('bad-snapshot', `table ${m.to.tableId} seat ${m.to.seat} is taken`);
    to[m.to.seat] = { playerId: m.playerId, dealtIn: false };
  };
  if (plan.finalTableRedraw) {
    plan.moves.forEach(vacate);
    plan.moves.forEach(occupy);
  } else {
    for (const m of plan.moves) {
      vacate(m);
      occupy(m);
    }
  }
  const broken = new Set(plan.brokenTables);
  const tables = snapshot.tables
    .filter((t) => !broken.has(t.tableId))
    .map((t) => {
      const s = seats.get(t.tableId);
      if (!s) return t;
      return { ...t, seats: s, button: plan.finalTableRedraw && t.tableId === plan.finalTableId ? null : t.button };
    });
  return { ...snapshot, tables };
}
