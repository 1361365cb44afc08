import type { TableConfig } from './config';

/**
 * Where a seated player stands in the blind rotation:
 *  - `new`: has not been dealt in since sitting down; owes a big blind (posted live) or waits for it.
 *  - `inRotation`: has been dealt in; owes only what `missedBig`/`missedSmall` say.
 */
export type Entry = 'new' | 'inRotation';

export interface SeatState {
  readonly playerId: string;
  readonly name: string;
  /** Bots are flagged everywhere (docs/rules/naiko.de.txt §7). */
  readonly isBot: boolean;
  /** Chips in front of the player. During a hand this is the stack at the hand's start. */
  readonly stack: number;
  /** A sitting-out player keeps his seat and stack but is not dealt in. */
  readonly sittingOut: boolean;
  readonly entry: Entry;
  /** "ML": the big blind passed this seat while the player was out. */
  readonly missedBig: boolean;
  /** "MS": the small blind fell on this seat while the player was out (it was dead). */
  readonly missedSmall: boolean;
  /** For a new or owing player: wait for the big blind (true) instead of posting out of position. */
  readonly waitForBigBlind: boolean;
  /** Naiko sparks held at this table (0..3). */
  readonly sparks: number;
  readonly timeBankMs: number;
  readonly connected: boolean;
  /** When the current disconnection began (null while connected). */
  readonly disconnectedAt: number | null;
  /** Asked to leave while dealt into the running hand: cashed out when it ends. */
  readonly leaveAfterHand: boolean;
}

export interface HandInProgress {
  readonly handNumber: number;
  /** Seats dealt in with their stacks at the hand's start (the crash rule returns to these). */
  readonly dealtIn: readonly { seat: number; playerId: string; stack: number }[];
  /** Carry-over chips from the previous deal that went into this hand's pot. */
  readonly carryIn: number;
  /** The dealt-in seats as they were before the deal, so a cancelled hand (crash rule) undoes it completely. */
  readonly before: readonly SeatState[];
  readonly positionsBefore: Positions | null;
}

/** The blind positions of the last hand, as seats (a position may be an empty seat: dead button / dead small blind). */
export interface Positions {
  readonly button: number;
  readonly smallBlind: number | null;
  readonly bigBlind: number | null;
}

export interface SeatOffer {
  readonly playerId: string;
  readonly expiresAt: number;
}

export interface TableState {
  readonly config: TableConfig;
  /** Incremented by every accepted transition; a plan records the version it was made from. */
  readonly version: number;
  readonly seats: readonly (SeatState | null)[];
  readonly waitingList: readonly string[];
  readonly seatOffer: SeatOffer | null;
  readonly positions: Positions | null;
  readonly hand: HandInProgress | null;
  readonly handsPlayed: number;
  /** Classic draw: an undivisible remainder carried into the next deal's pot. */
  readonly carryOver: number;
  /** Chip accounting for the conservation invariant: chips in = stacks + carry-over + hand pot + rake + chips out. */
  readonly chipsIn: number;
  readonly chipsOut: number;
  readonly rakeTaken: number;
  readonly closed: boolean;
  /** Home games: a bomb pot is owed (asked for by the host, or due and deferred past a hand with posts). */
  readonly bombPotPending?: boolean;
}

export function createTable(config: TableConfig): TableState {
  return {
    config,
    version: 0,
    seats: Array.from({ length: config.seats }, () => null),
    waitingList: [],
    seatOffer: null,
    positions: null,
    hand: null,
    handsPlayed: 0,
    carryOver: 0,
    chipsIn: 0,
    chipsOut: 0,
    rakeTaken: 0,
    closed: false,
  };
}

/** Seat index of a player, or -1. */
export const seatOf = (state: TableState, playerId: string): number =>
  state.seats.findIndex((s) => s !== null && s.playerId === playerId);

export const isDealtIn = (state: TableState, seat: number): boolean =>
  state.hand !== null && state.hand.dealtIn.some((d) => d.seat === seat);

/** A seated player with no chips who is not in the running hand: a spectator who may reload. */
export const isBusted = (state: TableState, seat: number): boolean => {
  const seatState = state.seats[seat];
  return seatState !== null && seatState.stack === 0 && !isDealtIn(state, seat);
};

/**
 * Chips the table holds right now (stacks, carry-over and the running hand's money, which sits in the dealt-in stacks
 * until the result).
 */
export const chipsAtTable = (state: TableState): number =>
  state.seats.reduce((sum, s) => sum + (s ? s.stack : 0), 0) + state.carryOver + (state.hand ? state.hand.carryIn : 0);

/** Returns a copy with one seat replaced and the version bumped. */
export function withSeat(state: TableState, seat: number, value: SeatState | null): TableState {
  const seats = state.seats.slice();
  seats[seat] = value;
  return { ...state, seats, version: state.version + 1 };
}

/** Clockwise distance from seat `a` to seat `b` on a table of `n` seats (0 when equal). */
export const clockwise = (a: number, b: number, n: number): number => (((b - a) % n) + n) % n;

/** True when `x` lies strictly inside the clockwise arc from `a` to `b`. */
export const strictlyBetween = (from: number, seat: number, to: number, seatCount: number): boolean => {
  const dx = clockwise(from, seat, seatCount);
  return dx > 0 && dx < (from === to ? seatCount : clockwise(from, to, seatCount));
};
