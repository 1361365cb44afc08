import type { Action, HandState } from '../hand/types';

/**
 * The PHH hand-history model ("phh-std", the TOML format published with PokerKit), reduced to the
 * fields the engine reads and writes. Players are listed by position: p1 is the first player left
 * of the button (the small blind in blind games; heads-up PokerKit keeps p1/p2 but p2 is the button
 * and posts the small blind), pN is the button.
 */

/** A card as recorded: a real card text (`Ac`) or `null` for an unknown card (`??`). */
export type PhhCard = string | null;

export type PhhAction =
  /** `d dh pK cards`: private cards dealt to position K (1-based). */
  | { kind: 'deal-hole'; player: number; cards: PhhCard[] }
  /** `d db cards`: community cards. */
  | { kind: 'deal-board'; cards: PhhCard[] }
  /** `pK f` */
  | { kind: 'fold'; player: number }
  /** `pK cc`: check or call. */
  | { kind: 'check-call'; player: number }
  /** `pK cbr X`: complete, bet or raise to X (the player's total bet of the round). */
  | { kind: 'bet-raise'; player: number; to: number }
  /** `pK pb`: post the bring-in (stud). */
  | { kind: 'bring-in'; player: number }
  /** `pK sd cards`: discard (stand pat when empty; draw games). */
  | { kind: 'discard'; player: number; cards: PhhCard[] }
  /** `pK sm cards`: show or muck (cards empty = muck). */
  | { kind: 'show-muck'; player: number; cards: PhhCard[] };

export interface PhhHand {
  variant: string;
  antes: number[];
  blindsOrStraddles: number[];
  bringIn?: number;
  smallBet?: number;
  bigBet?: number;
  minBet?: number;
  startingStacks: number[];
  actions: PhhAction[];
  /** The recorded result (absent in some files). */
  finishingStacks?: number[];
  anteTrimmingStatus?: boolean;
  /** Every other field as read (metadata such as `players`, `event`, and `_`-prefixed custom fields). */
  extra: Record<string, unknown>;
}

export type PhhErrorKind = 'parse' | 'unsupported' | 'illegal-action' | 'incomplete' | 'cards';

/** Why a hand could not be read or replayed; `kind` separates unsupported features from engine refusals. */
export class PhhError extends Error {
  constructor(
    readonly kind: PhhErrorKind,
    message: string,
    /** For a refused action: the engine state it was refused in, the action, and its index in `actions`. */
    readonly refused?: { state: HandState; action: Action; index: number; code: string },
  ) {
    super(message);
    this.name = 'PhhError';
  }
}
