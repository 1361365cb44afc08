import { rankOf, suitOf, type Card } from '../../cards/card';
import { isFlopGame } from '../../variants/catalog';
import type { VariantSpec } from '../../variants/types';
import type { HandConfig, HandState } from '../types';

/**
 * Home-game options (issue 23), per hand: the table decides what applies to a deal (the bomb-pot
 * counter lives in `@naiko/table`) and passes it as `HandConfig.homeGame`. Every option is a named
 * rule; the decisions where the rule texts are silent are listed in docs/rules/README.md
 * ("Home-game options") and repeated at each rule below.
 */
export interface HomeGameConfig {
  /**
   * Run it twice: when every player still in is all-in (or all but one) and board cards are still to
   * come, each player still in is asked to run the rest of the board twice; one refusal (or a timeout)
   * runs it once. Flop games only.
   */
  runItTwice?: boolean;
  /**
   * This hand has a straddle: the player left of the big blind (UTG) posts a blind raise of 2 × the
   * big blind. Applied only with at least 4 players dealt in (otherwise the hand is dealt without it).
   * Flop games, No Limit / Pot Limit / Half Pot Limit.
   */
  straddle?: boolean;
  /**
   * This hand is a bomb pot: no blinds, everyone antes `ante`, no preflop betting, the flop comes at
   * once. `doubleBoard`: two boards are dealt and every pot is split between them. Flop games.
   */
  bombPot?: { ante: number; doubleBoard?: boolean };
  /**
   * 7-2 bounty (Hold'em): a player who wins (all or part of) a pot holding 7-2 offsuit and shows it
   * collects this amount from every other player dealt in, each paying at most what he has left.
   */
  sevenDeuceBounty?: number;
  /**
   * Rabbit hunt: when the hand ends before the last board card, the cards that would have come are shown to everyone.
   */
  rabbitHunt?: boolean;
}

export const HOME = 'home';

/** The run-it-twice offer going round (player indices in order) and the answers. */
export interface RunTwiceOffer {
  order: number[];
  pos: number;
  accepted: boolean[];
}

/** Per-hand state of the home-game module in `state.ext.home`. */
export interface HomeExt {
  /** Player index of the straddler, -1 if none this hand. */
  straddler: number;
  /** The second board (double-board bomb pot, or the second run of a run-it-twice), null when none. */
  board2: Card[] | null;
  /** Run it twice: the offer while it goes round; `offered` once it was made; `twice` once accepted. */
  offer: RunTwiceOffer | null;
  offered: boolean;
  twice: boolean;
  /** Street index the second run starts with (run it twice). */
  runFrom: number;
  /** The cards the rabbit hunt revealed (public), null when none. */
  rabbit: Card[] | null;
}

export const homeOf = (s: Pick<HandState, 'ext'>): HomeExt | undefined => s.ext[HOME] as HomeExt | undefined;

export function freshHome(): HomeExt {
  return { straddler: -1, board2: null, offer: null, offered: false, twice: false, runFrom: -1, rabbit: null };
}

/** A flop game: private cards first, then only community-card streets (defined with the list of games). */
export { isFlopGame };

/** 7-2 offsuit: exactly a seven and a deuce of different suits (Hold'em's two hole cards). */
export function isSevenDeuceOffsuit(hole: readonly Card[]): boolean {
  if (hole.length !== 2) return false;
  const ranks = hole.map(rankOf).sort((a, b) => a - b);
  return ranks[0] === 0 && ranks[1] === 5 && suitOf(hole[0]) !== suitOf(hole[1]);
}

/**
 * Why the options cannot be played with this variant and structure, or null. Straddle, bomb pot,
 * run it twice and rabbit hunt need a flop game (a community board, blinds); the straddle also needs
 * a big-bet structure (No Limit, Pot Limit, Half Pot Limit); the 7-2 bounty is Texas Hold'em only.
 * None is offered with Naiko powers (the powers' rules do not cover them).
 */
export function homeGameProblem(
  hg: HomeGameConfig,
  spec: VariantSpec,
  config: Pick<HandConfig, 'structure' | 'powers'>,
): string | null {
  const any = hg.runItTwice || hg.straddle || hg.bombPot || hg.sevenDeuceBounty || hg.rabbitHunt;
  if (!any) return null;
  if (config.powers !== undefined && config.powers !== null)
    return 'home-game options are not played with Naiko powers';
  const flop = isFlopGame(spec);
  if (hg.runItTwice && !flop) return `run it twice needs a flop game (community cards), not ${spec.id}`;
  if (hg.rabbitHunt && !flop) return `rabbit hunt needs a flop game (community cards), not ${spec.id}`;
  if (hg.bombPot) {
    if (!flop) return `a bomb pot needs a flop game, not ${spec.id}`;
    if (!Number.isInteger(hg.bombPot.ante) || hg.bombPot.ante <= 0)
      return 'the bomb-pot ante must be a positive integer';
  }
  if (hg.straddle) {
    if (!flop) return `a straddle needs a flop game with blinds, not ${spec.id}`;
    if (config.structure === 'fixed-limit' || config.structure === 'spread-limit')
      return 'a straddle is played in No Limit, Pot Limit or Half Pot Limit only';
  }
  if (hg.sevenDeuceBounty !== undefined) {
    if (!Number.isInteger(hg.sevenDeuceBounty) || hg.sevenDeuceBounty < 0)
      return 'the 7-2 bounty must be a non-negative integer';
    if (hg.sevenDeuceBounty > 0 && spec.id !== 'holdem')
      return `the 7-2 bounty is a Texas Hold'em rule, not ${spec.id}`;
  }
  return null;
}

/** Whether the hand runs as a bomb pot (no blinds, antes, no preflop betting). */
export const isBombPot = (config: HandConfig): boolean => !!config.homeGame?.bombPot;
