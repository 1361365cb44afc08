import type { Card } from '../cards/card';
import type { BettingStructure, VariantSpec } from '../variants/types';
import type { HomeGameConfig } from './home/rules';

export type { HomeGameConfig } from './home/rules';

/** One player dealt into the hand: the table seat index and the chips in front of him. */
export interface SeatConfig {
  seat: number;
  stack: number;
}

/** A table-level forced post: a new player's big blind, missed blinds (big live, small dead). */
export interface Post {
  seat: number;
  /** Counts as the player's bet in the first betting round (like a blind; he keeps his option). */
  live: number;
  /** Goes straight into the pot; never counts toward calling. */
  dead: number;
}

export interface Stakes {
  smallBlind: number;
  bigBlind: number;
  /** Per-player ante (or, with `bigBlindAnte`, the one ante the big blind posts for the table). */
  ante?: number;
  bigBlindAnte?: boolean;
  /** Stud bring-in amount (stud module). */
  bringIn?: number;
  /** Fixed Limit sizes; default small bet = big blind, big bet = 2 × big blind. */
  smallBet?: number;
  bigBet?: number;
  /** Spread Limit maxima per level (e.g. [1, 2, 3] for 1-2-3). The minimum bet is the big blind. */
  spreadLimits?: number[];
  /** Fixed Limit: bets per round including the cap (bet + 3 raises = 4; the preflop big blind counts as the bet). */
  maxBetsPerRound?: number;
  /** A table maximum for one bet or raise increment (classic draw: bets between the ante and this maximum). */
  maxBet?: number;
}

export interface RakeContext {
  /** Pot amounts (main pot first) before rake. */
  pots: readonly number[];
  /** Players dealt into the hand (the house schedule's "active players"). */
  playersDealt: number;
  /** False when the hand ended before the variant's drop street ("no flop, no drop"). */
  dropEligible: boolean;
}
/** Returns the rake to take from each pot (same length as `pots`). Must be integers ≥ 0 and ≤ the pot. */
export type RakeFunction = (ctx: RakeContext) => number[];

export interface HandConfig {
  /** A variant id of the list of games (`variants/catalog.ts`) or a spec. */
  variant: string | VariantSpec;
  structure: BettingStructure;
  /** Players dealt in, in seat order (ascending table seat index), each with a positive stack. */
  seats: SeatConfig[];
  /** Table seat index of the button (may be an empty seat under the dead-button rule). */
  button: number;
  stakes: Stakes;
  /** Overrides who posts the small blind; `null` = no small blind this hand (dead small blind). */
  smallBlindSeat?: number | null;
  /** Overrides who posts the big blind. */
  bigBlindSeat?: number;
  posts?: Post[];
  /** classic: hands that cannot beat a shown hand are mucked; show-all: every hand still in is shown (Naiko tables). */
  showdown?: 'classic' | 'show-all';
  /**
   * A big blind short of chips posts all-in; by default the others must still call the full big
   * blind ('full', the established online practice); 'posted' makes the largest posted blind the bet.
   */
  shortBigBlind?: 'full' | 'posted';
  rake?: RakeFunction;
  /** Reserved for Naiko mode (issue 9): power settings and per-seat sparks. */
  powers?: unknown;
  /**
   * Chips carried over from the previous deal (classic draw's undivisible remainder): they start in the
   * main pot, belong to no player, and are not refunded when the hand is cancelled.
   */
  carryOver?: number;
  /** Home-game options for this hand (run it twice, straddle, bomb pot, 7-2 bounty, rabbit hunt): `hand/home`. */
  homeGame?: HomeGameConfig;
}

export type Phase = 'betting' | 'complete' | 'cancelled' | (string & {});

/**
 * The hand's state: a plain value. `apply` never mutates its input; the arrays of a new state
 * are fresh copies where they changed and shared where they did not. Index `i` in every
 * per-player array is the i-th entry of `config.seats` (seat order).
 */
export interface HandState {
  readonly config: HandConfig;
  readonly spec: VariantSpec;
  /** Incremented by every accepted action. */
  readonly version: number;
  readonly phase: Phase;
  /** The whole deck in dealing order (never leaves the server: `view` drops it). */
  readonly deck: readonly Card[];
  readonly deckPos: number;
  /** Table seat index of each player. */
  readonly seats: readonly number[];
  readonly button: number;
  readonly sbIndex: number;
  readonly bbIndex: number;
  readonly stacks: readonly number[];
  /** Chips put in during the current betting round (live money; antes and dead posts excluded). */
  readonly bets: readonly number[];
  /** Chips put in during the whole hand (everything, including antes and dead posts). */
  readonly committed: readonly number[];
  readonly folded: readonly boolean[];
  readonly allIn: readonly boolean[];
  /** Acted in this betting round. */
  readonly acted: readonly boolean[];
  /** The bet level when the player last acted (for the short all-in reopening rule). */
  readonly actedLevel: readonly number[];
  /** Private cards of each player, in the order dealt. */
  readonly hole: readonly (readonly Card[])[];
  /** For each private card, whether it was dealt face up (stud). */
  readonly holeUp: readonly (readonly boolean[])[];
  readonly board: readonly Card[];
  readonly street: number;
  /** Player index to act, or -1. */
  readonly toAct: number;
  /** The bet to call in this round. */
  readonly currentBet: number;
  /** The last full bet/raise increment of the round (NL/PL minimum raise; the fixed/spread step). */
  readonly lastIncrement: number;
  /** Fixed Limit: bets made this round (the big blind counts as the first preflop). */
  readonly betCount: number;
  /** Spread Limit: the raise size chosen by the round's first voluntary bet or raise (0 = none yet). */
  readonly spreadStep: number;
  /** Player index of the last bet/raise in this round, -1 if none. */
  readonly lastAggressor: number;
  /** Cards shown at showdown become public. */
  readonly shown: readonly boolean[];
  /** True once the remaining cards are being dealt out with no one able to act. */
  readonly runout: boolean;
  /** Extension slots for added modules (Naiko powers, draw state ...), keyed by module name. */
  readonly ext: Readonly<Record<string, unknown>>;
}

export type ActionType = 'fold' | 'check' | 'call' | 'bet' | 'raise' | (string & {});

export interface Action {
  type: ActionType;
  /** Table seat index of the actor. */
  seat: number;
  /** bet/raise: the player's total bet for the round after the action ("raise to"). */
  amount?: number;
  /** If given, must equal the state's version (stale decisions are refused). */
  expectedVersion?: number;
  /** Extra fields for extension actions. */
  [key: string]: unknown;
}

export type ErrorCode =
  | 'HAND_OVER'
  | 'STALE_VERSION'
  | 'NOT_YOUR_TURN'
  | 'UNKNOWN_ACTION'
  | 'ILLEGAL_ACTION'
  | 'ILLEGAL_AMOUNT'
  | 'RAISE_NOT_ALLOWED';

export interface ActionError {
  code: ErrorCode;
  message: string;
}

export type ApplyResult = { ok: true; state: HandState; events: HandEvent[] } | { ok: false; error: ActionError };

export interface LegalActions {
  /** Table seat index of the player to act. */
  seat: number;
  version: number;
  actions: ActionType[];
  /** Chips a call adds (may be less than the bet when the caller is all-in). */
  callAmount: number;
  /** bet (no bet yet) or raise: the smallest and largest legal "to" amounts (min is the all-in amount when short). */
  minTo: number;
  maxTo: number;
  /** The player's total for the round if he puts everything in. */
  allInTo: number;
  /**
   * Set when the player must open with a forced bring-in (stud): `bring-in` posts this amount; `bet` completes
   * (minTo..maxTo). No check, no fold.
   */
  bringIn?: number;
  /**
   * Set when the table may issue `artificialAllIn` for this player instead of folding him on a
   * timeout (disconnection protection: Fixed and Spread Limit only, chips already in the pot, facing
   * a bet). Not in `actions`: it is the table's decision, never a player's button.
   */
  artificialAllIn?: true;
  /**
   * Set when only some totals in minTo..maxTo are legal (Fixed Limit with a choice of sizes: stud's open pair): the
   * legal bet/raise totals.
   */
  choices?: number[];
}

export type Street = number;

export type HandEvent =
  | {
      type: 'hand-started';
      variant: string;
      structure: BettingStructure;
      button: number;
      seats: SeatConfig[];
      smallBlindSeat: number | null;
      bigBlindSeat: number | null;
    }
  | {
      type: 'forced-bet';
      seat: number;
      kind:
        | 'ante'
        | 'small-blind'
        | 'big-blind'
        | 'big-blind-ante'
        | 'live-post'
        | 'dead-post'
        | 'bring-in'
        | 'straddle'
        | 'bomb-pot-ante';
      amount: number;
      allIn: boolean;
    }
  /** Private cards dealt to one player; `cards[i]` is `null` in a view that may not see it. */
  | { type: 'hole-dealt'; seat: number; cards: (Card | null)[]; up: boolean[] }
  | { type: 'board-dealt'; street: number; cards: Card[] }
  | { type: 'street-started'; street: number; name: string }
  /** `bring-in`: the stud bring-in, a forced opening bet below a full bet, posted as the player's decision. */
  | {
      type: 'action';
      seat: number;
      action: 'fold' | 'check' | 'call' | 'bet' | 'raise' | 'bring-in';
      amount: number;
      to: number;
      allIn: boolean;
    }
  /** Disconnection protection: the player stays in for the chips he put in (`committed`), his stack stays behind. */
  | { type: 'artificial-all-in'; seat: number; committed: number }
  | { type: 'uncalled-bet-returned'; seat: number; amount: number }
  | { type: 'bets-collected'; pot: number }
  | { type: 'runout'; fromStreet: number }
  | { type: 'hand-shown'; seat: number; cards: Card[] }
  /** A hand mucked unshown; `cards` are only in the server's log and the owner's feed (`null` for everyone else). */
  | { type: 'hand-mucked'; seat: number; cards: (Card | null)[] }
  | {
      type: 'pot-awarded';
      pot: number;
      amount: number;
      rake: number;
      eligible: number[];
      shares: { seat: number; amount: number; half: 'whole' | 'high' | 'low'; board?: number }[];
    }
  /**
   * `carryOver`: chips no winner received (an undivisible remainder under `oddChip: 'carry-over'`); the table adds them
   * to the next pot.
   */
  | { type: 'hand-ended'; stacks: SeatConfig[]; carryOver?: number }
  | { type: 'hand-cancelled'; refunds: { seat: number; amount: number }[]; stacks: SeatConfig[] }
  /** Extension events (powers, draws) carry their own `type`. */
  | { type: `x-${string}`; [key: string]: unknown };
