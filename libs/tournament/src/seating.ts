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
  const seatCount = seats.length;
  for (let i = 1; i <= seatCount; i++) {
    const seat = (from + i) % seatCount;
    if (seats[seat]) return seat;
  }
  return -1;
}

function occupiedCount(seats: readonly (SeatedPlayer | null)[]): number {
  let occupied = 0;
  for (let i = 0; i < seats.length; i++) if (seats[i] !== null) occupied++;
  return occupied;
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
  const nextButton = nextOccupied(seats, button);
  const heads = occupiedCount(seats) === 2;
  const sb = heads ? nextButton : nextOccupied(seats, nextButton);
  const bb = nextOccupied(seats, sb);
  return { button: nextButton, smallBlind: sb, bigBlind: bb };
}

const clockwise = (a: number, b: number, n: number) => (((b - a) % n) + n) % n;
/** True when `x` lies strictly inside the clockwise arc from `a` to `b` (the whole circle if a = b). */
const strictlyBetween = (from: number, seat: number, to: number, seatCount: number): boolean => {
  const dx = clockwise(from, seat, seatCount);
  return dx > 0 && dx < (from === to ? seatCount : clockwise(from, to, seatCount));
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
  const seatCount = seats.length;
  if (occupiedCount(seats) < 2) return null;
  const blindPositions = table.positions;
  if (blindPositions && blindPositions.bigBlind !== null) {
    const prevBB = blindPositions.bigBlind;
    const bb = nextOccupied(seats, prevBB);
    let button = blindPositions.smallBlind ?? blindPositions.button;
    if (button === bb || strictlyBetween(prevBB, button, bb, seatCount)) button = (prevBB - 1 + seatCount) % seatCount;
    return {
      anchor: prevBB,
      nextBigBlind: bb,
      zone: (seat) => seat === button || (button !== bb && strictlyBetween(button, seat, bb, seatCount)),
    };
  }
  const pos = nextHandPositions(seats, blindPositions ? blindPositions.button : table.button);
  if (!pos) return null;
  // Heads-up the button is the small blind: no seat lies between them.
  return {
    anchor: pos.smallBlind,
    nextBigBlind: pos.bigBlind,
    zone: (seat) => pos.button !== pos.smallBlind && strictlyBetween(pos.button, seat, pos.smallBlind, seatCount),
  };
}

function seatWaits(rotation: Rotation, seat: number, seatCount: number): boolean {
  // A newcomer before the next big blind takes the big blind himself and is dealt in.
  return !strictlyBetween(rotation.anchor, seat, rotation.nextBigBlind, seatCount) && rotation.zone(seat);
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
  const seatCount = seats.length;
  const rotation = rotationOf(table);
  if (!rotation) {
    const free = seats.findIndex((s) => s === null);
    return free < 0 ? null : { seat: free, waitsForButton: false };
  }
  let zoneSeat = -1;
  for (let i = 1; i < seatCount; i++) {
    const seat = (rotation.anchor + i) % seatCount;
    if (seats[seat] !== null) continue;
    if (!seatWaits(rotation, seat, seatCount)) return { seat: seat, waitsForButton: false };
    if (zoneSeat < 0) zoneSeat = seat;
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
  const seatCount = seats.length;
  const rotation = rotationOf(table);
  const startSeat = rotation ? rotation.nextBigBlind : 0;
  for (let i = 0; i < seatCount; i++) {
    const seat = (startSeat + i) % seatCount;
    const player = seats[seat];
    if (player && (!table.handInProgress || !player.dealtIn)) return seat;
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
  const tableSize = snapshot.tableSize;
  const tables = snapshot.tables;
  for (let i = 0; i < tables.length; i++) {
    const table = tables[i];
    if (table.seats.length !== tableSize) {
      throw new SeatingError(
        'bad-snapshot',
        `table ${table.tableId} has ${table.seats.length} seats, expected ${tableSize}`,
      );
    }
    const button = table.button;
    if (button !== null && (!Number.isSafeInteger(button) || button < 0 || button >= tableSize)) {
      throw new SeatingError('bad-snapshot', `table ${table.tableId}: button ${button} is not a seat`);
    }
    const positions = table.positions;
    if (positions) {
      for (const position of [positions.button, positions.smallBlind, positions.bigBlind]) {
        if (position !== null && (!Number.isSafeInteger(position) || position < 0 || position >= tableSize)) {
          throw new SeatingError('bad-snapshot', `table ${table.tableId}: position ${position} is not a seat`);
        }
      }
    }
  }
  const tableIds = new Set<number>();
  if (mode === 'full' || snapshot.breakOrder) {
    for (const snapshot of tables) {
      if (tableIds.has(snapshot.tableId))
        throw new SeatingError('duplicate-table', `table ${snapshot.tableId} appears twice`);
      tableIds.add(snapshot.tableId);
    }
  }
  if (mode === 'full') {
    const players = new Set<string>();
    for (const snapshot of tables) {
      for (let s = 0; s < tableSize; s++) {
        const player = snapshot.seats[s];
        if (!player) continue;
        if (players.has(player.playerId))
          throw new SeatingError('duplicate-player', `player ${player.playerId} is seated twice`);
        players.add(player.playerId);
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
  const playerCount = playerIds.length;
  const tables = Math.ceil(playerCount / tableSize);
  const base = Math.floor(playerCount / tables);
  const extra = playerCount % tables;
  const order = shuffled(playerIds, rng);
  const seatNumbers = Array.from({ length: tableSize }, (_, i) => i);
  const out: TableSnapshot[] = [];
  let next = 0;
  for (let t = 0; t < tables; t++) {
    const seated = base + (t < extra ? 1 : 0);
    const seats: Seats = new Array(tableSize).fill(null);
    for (const seat of shuffled(seatNumbers, rng).slice(0, seated))
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
  for (const table of snapshot.tables) {
    if (table.seats.some((s) => s?.playerId === playerId))
      throw new SeatingError('duplicate-player', `${playerId} is already seated`);
  }
  const candidates: SeatRef[] = [];
  let min = Infinity;
  for (const table of snapshot.tables) {
    const occupied = occupiedCount(table.seats);
    if (occupied >= snapshot.tableSize || occupied > min) continue;
    if (occupied < min) {
      min = occupied;
      candidates.length = 0;
    }
    table.seats.forEach((player, seat) => {
      if (!player) candidates.push({ tableId: table.tableId, seat });
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
  const tables = snapshot.tables.map((snapshot) => {
    if (snapshot.tableId !== to.tableId) return snapshot;
    const seats = snapshot.seats.slice();
    seats[to.seat] = { playerId, dealtIn: false };
    return { ...snapshot, seats };
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
  const tableSize = snapshot.tableSize;
  const src = snapshot.tables;
  const tableCount = src.length;
  // First pass allocates nothing: after most busts there is nothing to close, break, redraw or
  // balance, and the planner answers from the counts alone.
  let total = 0;
  let max = 0;
  let min = Infinity;
  for (let i = 0; i < tableCount; i++) {
    const occupied = occupiedCount(src[i].seats);
    total += occupied;
    if (occupied > max) max = occupied;
    if (occupied < min) min = occupied;
  }
  if (tableCount <= 1 || (min > 0 && max - min < 2 && total > (tableCount - 1) * tableSize)) {
    return { moves: [], brokenTables: [], finalTableRedraw: false, finalTableId: null, holds: [] };
  }
  const rankOf = new Map<number, number>();
  if (snapshot.breakOrder) snapshot.breakOrder.forEach((id, i) => rankOf.set(id, i));
  const hasOrder = rankOf.size > 0;
  // Lower rank breaks first; by default the highest table number breaks first.
  const rank = new Float64Array(tableCount);
  const count = new Int32Array(tableCount);
  const open = new Uint8Array(tableCount).fill(1);
  const copies = new Map<number, Seats>();
  for (let i = 0; i < tableCount; i++) {
    rank[i] = hasOrder ? rankOf.get(src[i].tableId)! : -src[i].tableId;
    count[i] = occupiedCount(src[i].seats);
  }
  const seatsAt = (i: number): readonly (SeatedPlayer | null)[] => copies.get(i) ?? src[i].seats;
  const writable = (index: number): Seats => {
    let copy = copies.get(index);
    if (!copy) copies.set(index, (copy = src[index].seats.slice()));
    return copy;
  };
  const isBusy = (i: number) => src[i].handInProgress && seatsAt(i).some((p) => p?.dealtIn);

  const moves: Move[] = [];
  const brokenTables: number[] = [];
  const holds: Hold[] = [];

  // Empty tables close at once (nobody to move), except the one that would break last.
  let openCount = tableCount;
  let lastToBreak = -1;
  for (let i = 0; i < tableCount; i++) if (lastToBreak < 0 || rank[i] > rank[lastToBreak]) lastToBreak = i;
  if (tableCount > 1) {
    for (let i = 0; i < tableCount; i++) {
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
  if (openCount > 1 && total <= tableSize) {
    const busyTables: number[] = [];
    let finalIdx = -1;
    for (let i = 0; i < tableCount; i++) {
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
    for (let i = 0; i < tableCount; i++) if (open[i]) order.push(i);
    order.sort((a, b) => src[a].tableId - src[b].tableId);
    for (const index of order) {
      seatsAt(index).forEach((player, seat) => {
        if (player) everyone.push({ playerId: player.playerId, from: { tableId: src[index].tableId, seat } });
      });
    }
    const finalTableId = src[finalIdx].tableId;
    const seatDraw = shuffled(
      Array.from({ length: tableSize }, (_, i) => i),
      rng,
    );
    shuffled(everyone, rng).forEach((p, k) =>
      moves.push({ ...p, to: { tableId: finalTableId, seat: seatDraw[k] }, reason: 'redraw', waitsForButton: false }),
    );
    for (const index of order) if (index !== finalIdx) brokenTables.push(src[index].tableId);
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
  while (openCount > 1 && total <= (openCount - 1) * tableSize) {
    let victim = -1;
    for (let i = 0; i < tableCount; i++)
      if (open[i] && count[i] < 2 && !isBusy(i) && (victim < 0 || rank[i] < rank[victim])) victim = i;
    if (victim < 0)
      for (let i = 0; i < tableCount; i++) if (open[i] && (victim < 0 || rank[i] < rank[victim])) victim = i;
    if (isBusy(victim)) {
      holds.push({ kind: 'break-waits-for-hand', tableId: src[victim].tableId });
      closing = victim;
      break;
    }
    open[victim] = 0;
    openCount--;
    brokenTables.push(src[victim].tableId);
    const leaving: number[] = [];
    seatsAt(victim).forEach((player, seat) => {
      if (player) leaving.push(seat);
    });
    for (const seat of shuffled(leaving, rng)) {
      // A uniformly random free seat among the shortest tables: count them, draw one, find it.
      let shortest = Infinity;
      for (let i = 0; i < tableCount; i++) if (open[i] && count[i] < shortest) shortest = count[i];
      let free = 0;
      for (let i = 0; i < tableCount; i++) if (open[i] && count[i] === shortest) free += tableSize - count[i];
      let pick = randomInt(rng, free);
      let to = -1;
      let toSeat = -1;
      for (let i = 0; i < tableCount && to < 0; i++) {
        if (!open[i] || count[i] !== shortest) continue;
        if (pick >= tableSize - count[i]) {
          pick -= tableSize - count[i];
          continue;
        }
        const seats = seatsAt(i);
        for (let s = 0; s < tableSize; s++) {
          if (seats[s] === null && pick-- === 0) {
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
    for (let i = 0; i < tableCount; i++) {
      if (!inPool(i)) continue;
      poolSize++;
      if (count[i] > max) max = count[i];
      if (count[i] < min) min = count[i];
    }
    if (poolSize < 2 || max - min < 2) break;
    const fullest: number[] = [];
    let target = -1;
    for (let i = 0; i < tableCount; i++) {
      if (!inPool(i)) continue;
      if (count[i] === max) fullest.push(i);
      if (count[i] === min && (target < 0 || src[i].tableId < src[target].tableId)) target = i;
    }
    fullest.sort((a, b) => src[a].tableId - src[b].tableId);
    let from = -1;
    let fromSeat = -1;
    for (const index of fullest) {
      fromSeat = playerToMove({
        seats: seatsAt(index),
        button: src[index].button,
        positions: src[index].positions,
        handInProgress: src[index].handInProgress,
      });
      if (fromSeat >= 0) {
        from = index;
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
    let tableSeats = seats.get(tableId);
    if (!tableSeats) {
      const table = snapshot.tables.find((x) => x.tableId === tableId);
      if (!table) throw new SeatingError('bad-snapshot', `the plan names unknown table ${tableId}`);
      tableSeats = table.seats.slice();
      seats.set(tableId, tableSeats);
    }
    return tableSeats;
  };
  const vacate = (move: Move) => {
    const from = get(move.from.tableId);
    if (from[move.from.seat]?.playerId !== move.playerId) {
      throw new SeatingError(
        'bad-snapshot',
        `${move.playerId} is not at table ${move.from.tableId} seat ${move.from.seat}`,
      );
    }
    from[move.from.seat] = null;
  };
  const occupy = (move: Move) => {
    const to = get(move.to.tableId);
    if (to[move.to.seat])
      throw new SeatingError('bad-snapshot', `table ${move.to.tableId} seat ${move.to.seat} is taken`);
    to[move.to.seat] = { playerId: move.playerId, dealtIn: false };
  };
  if (plan.finalTableRedraw) {
    plan.moves.forEach(vacate);
    plan.moves.forEach(occupy);
  } else {
    for (const move of plan.moves) {
      vacate(move);
      occupy(move);
    }
  }
  const broken = new Set(plan.brokenTables);
  const tables = snapshot.tables
    .filter((t) => !broken.has(t.tableId))
    .map((table) => {
      const tableSeats = seats.get(table.tableId);
      if (!tableSeats) return table;
      return {
        ...table,
        seats: tableSeats,
        button: plan.finalTableRedraw && table.tableId === plan.finalTableId ? null : table.button,
      };
    });
  return { ...snapshot, tables };
}
