/**
 * Public evaluators, one per ranking in the rules. Every value is "bigger is better" within its own
 * ranking (values of different rankings are not comparable). Low rankings return null when a hand
 * does not qualify.
 */
import { type Card, isJoker, rankOf } from '../cards/card';
import * as high from './high';
import * as highMask from './high-mask';
import * as low from './low';
import * as omaha from './omaha';
import {
  type RankingRules,
  SHORT_DECK_ORDER,
  SOKO_ORDER,
  STANDARD_ORDER,
  bestRanked,
  evaluateRanked5,
  forEachSubset,
  type RankedHand,
  unpackRanked,
} from './ranked';

// Module-local bindings for the hot paths (transpiled imports are property reads on the module object).
const { evalHigh5, evalHigh7, evalHighArray } = high;
const { evalHighNoWheel5, HIGH_MASK_LIMIT } = highMask;
const { evalLow8Array } = low;
const { evalOmahaHigh, evalOmahaLow8 } = omaha;

function checkCount(cards: readonly Card[], min: number, max: number, what: string): void {
  if (cards.length < min || cards.length > max) {
    throw new RangeError(`${what}: expected ${min === max ? min : `${min}..${max}`} cards, got ${cards.length}`);
  }
}

/**
 * The table-driven evaluators assume natural, distinct cards; a joker or a repeated card would silently
 * hash to some other hand, so the public entry points refuse them (two 26-bit masks, no allocation).
 */
function checkNatural(first: readonly Card[], second: readonly Card[], what: string): void {
  let lo = 0,
    hi = 0;
  for (let k = 0; k < 2; k++) {
    const cs = k === 0 ? first : second;
    for (let i = 0; i < cs.length; i++) {
      const card = cs[i];
      if (!(card >= 0 && card < 52 && card === (card | 0)))
        throw new RangeError(`${what}: not a natural card: ${card}`);
      const bit = 1 << (card % 26);
      if (card < 26) {
        if (lo & bit) throw new RangeError(`${what}: card ${card} appears twice`);
        lo |= bit;
      } else {
        if (hi & bit) throw new RangeError(`${what}: card ${card} appears twice`);
        hi |= bit;
      }
    }
  }
}
const NONE: readonly Card[] = [];

/**
 * Standard high: the best five of 5..7 natural cards (Hold'em with any 0-2 hole cards, stud); class 1..7462, 7462 =
 * royal flush.
 */
export function evaluateHigh(cards: readonly Card[]): number {
  checkNatural(cards, NONE, 'evaluateHigh');
  const count = cards.length;
  if (count === 7) return evalHigh7(cards[0], cards[1], cards[2], cards[3], cards[4], cards[5], cards[6]);
  if (count === 5) return evalHigh5(cards[0], cards[1], cards[2], cards[3], cards[4]);
  checkCount(cards, 5, 7, 'evaluateHigh');
  return evalHighArray(cards, count);
}

/** Omaha high: exactly two of the 4..6 hole cards and exactly three of the 3..5 board cards. */
export function evaluateOmahaHigh(hole: readonly Card[], board: readonly Card[]): number {
  checkCount(hole, 2, 6, 'evaluateOmahaHigh hole');
  checkCount(board, 3, 5, 'evaluateOmahaHigh board');
  checkNatural(hole, board, 'evaluateOmahaHigh');
  return evalOmahaHigh(hole, hole.length, board, board.length);
}

/**
 * Ace-to-five low, eight or better, from any five of the cards (stud hi/lo). Bigger is better:
 * `255 - mask` with mask bits ace=0 .. eight=7 over the five low ranks, so A-2-3-4-5 = 224 (the nut low)
 * and 8-7-6-5-4 = 7. null when there are not five distinct ranks from ace to eight.
 */
export function evaluateLow8(cards: readonly Card[]): number | null {
  checkCount(cards, 5, 9, 'evaluateLow8');
  checkNatural(cards, NONE, 'evaluateLow8');
  const value = evalLow8Array(cards, cards.length);
  return value < 0 ? null : value;
}

/** Omaha 8-or-better low: exactly two hole cards and three board cards; same scale as `evaluateLow8`. */
export function evaluateOmahaLow8(hole: readonly Card[], board: readonly Card[]): number | null {
  checkCount(hole, 2, 6, 'evaluateOmahaLow8 hole');
  checkCount(board, 3, 5, 'evaluateOmahaLow8 board');
  checkNatural(hole, board, 'evaluateOmahaLow8');
  const value = evalOmahaLow8(hole, hole.length, board, board.length);
  return value < 0 ? null : value;
}

/**
 * Deuce-to-seven lowball: ace high only, straights and flushes count against the hand, A-2-3-4-5 is
 * ace-high. Value = HIGH_MASK_LIMIT - (mask value of `high-mask.ts` without the wheel): bigger is
 * better, 7-5-4-3-2 offsuit is the maximum, 7,462 distinct values. With more than five cards the best five are taken.
 */
export function evaluateDeuceSeven(cards: readonly Card[]): number {
  checkNatural(cards, NONE, 'evaluateDeuceSeven');
  if (cards.length === 5) return HIGH_MASK_LIMIT - evalHighNoWheel5(cards[0], cards[1], cards[2], cards[3], cards[4]);
  checkCount(cards, 5, 7, 'evaluateDeuceSeven');
  let best = -1;
  forEachSubset(cards, 5, (five) => {
    best = Math.max(best, HIGH_MASK_LIMIT - evalHighNoWheel5(five[0], five[1], five[2], five[3], five[4]));
  });
  return best;
}

// ---- Rule sets of the rule-driven rankings ----

export const STANDARD_RULES: RankingRules = {
  lowestRank: 0,
  aceLowStraight: true,
  order: STANDARD_ORDER,
  suitTies: 'none',
};
export const DEUCE_SEVEN_RULES: RankingRules = {
  lowestRank: 0,
  aceLowStraight: false,
  order: STANDARD_ORDER,
  suitTies: 'none',
};
export const SOKO_RULES: RankingRules = { lowestRank: 0, aceLowStraight: true, order: SOKO_ORDER, suitTies: 'none' };
/**
 * Americana and Five Card Draw 7-A without sixes: 7–A, A-7-8-9-T lowest straight, flush over full house, ties split.
 */
export const AMERICANA_RULES: RankingRules = {
  lowestRank: 5,
  aceLowStraight: true,
  order: SHORT_DECK_ORDER,
  suitTies: 'none',
};
/** Five Card Draw 7-A with sixes: 6–A, A-6-7-8-9 lowest straight. */
export const DRAW7A_SIXES_RULES: RankingRules = {
  lowestRank: 4,
  aceLowStraight: true,
  order: SHORT_DECK_ORDER,
  suitTies: 'none',
};
export const DRAW32_RULES: RankingRules = {
  lowestRank: 5,
  aceLowStraight: true,
  order: SHORT_DECK_ORDER,
  suitTies: 'draw32',
};
export const TELESINA_RULES: RankingRules = {
  lowestRank: 5,
  aceLowStraight: true,
  order: SHORT_DECK_ORDER,
  suitTies: 'telesina',
};

/** Soko: best five, with 4-flush and 4-straight between two pair and one pair. */
export const evaluateSoko = (cards: readonly Card[]): number => bestRanked(cards, SOKO_RULES).value;
/** Americana (32 cards): flush beats full house, A-7-8-9-T is the lowest straight; equal values split. */
export const evaluateAmericana = (cards: readonly Card[]): number => bestRanked(cards, AMERICANA_RULES).value;
/** 32-Card Draw: Americana order, suits (hearts > diamonds > clubs > spades) break ties as the rule text lists. */
export const evaluateDraw32 = (cards: readonly Card[]): number => bestRanked(cards, DRAW32_RULES).value;
/** Five Card Draw 7-A, with or without the sixes (36- or 32-card deck). */
export const evaluateDraw7a = (cards: readonly Card[], options: { sixes?: boolean } = {}): number =>
  bestRanked(cards, options.sixes ? DRAW7A_SIXES_RULES : AMERICANA_RULES).value;
/** Telesina: best five of the private cards and the vela; compare with `compareTelesina` for the heads-up rule. */
export const evaluateTelesina = (cards: readonly Card[]): number => bestRanked(cards, TELESINA_RULES).value;

/**
 * Compares two Telesina values: > 0 when `first` wins, < 0 when `second` wins, 0 for a split.
 * `headsUp`: with only two players left the lowest straight flush (T-9-8-7-A) beats the highest
 * (A-K-Q-J-T). We apply it by rank for any suits; the rule text's example is T-9-8-7-A of spades
 * over A-K-Q-J-T of hearts.
 */
export function compareTelesina(first: number, second: number, options: { headsUp?: boolean } = {}): number {
  if (options.headsUp) {
    const ua = unpackRanked(first),
      ub = unpackRanked(second);
    const sf = SHORT_DECK_ORDER.indexOf('straight-flush');
    if (ua.categoryIndex === sf && ub.categoryIndex === sf) {
      const lowTop = TELESINA_RULES.lowestRank + 3; // the ten of T-9-8-7-A
      if (ua.first === lowTop && ub.first === 12) return 1;
      if (ub.first === lowTop && ua.first === 12) return -1;
    }
  }
  return Math.sign(first - second);
}

// ---- Classic draw with jokers ----

/**
 * Best hand a joker hand can stand for: each joker becomes any of the 52 cards, even one already in the
 * hand (so A♠ K♠ Q♠ 9♠ + joker is the flush A-A-K-Q-9). Five of a kind is not a category in the rule
 * text, so jokers never make one. Values depend on ranks only, so a joker hand ties the equal natural hand.
 */
export function bestClassicJokers(cards: readonly Card[]): RankedHand & { substitutes: Card[] } {
  checkCount(cards, 5, 7, 'evaluateClassicJokers');
  let best: (RankedHand & { substitutes: Card[] }) | null = null;
  forEachSubset(cards, 5, (five) => {
    const naturals = five.filter((c) => !isJoker(c));
    const jokers = five.length - naturals.length;
    const consider = (subs: Card[]) => {
      const hand = [...naturals, ...subs];
      const counts = new Map<number, number>();
      for (const card of hand) counts.set(rankOf(card), (counts.get(rankOf(card)) ?? 0) + 1);
      if ([...counts.values()].some((n) => n >= 5)) return;
      const ranked = evaluateRanked5(hand, STANDARD_RULES);
      if (!best || ranked.value > best.value) best = { ...ranked, substitutes: subs };
    };
    if (jokers === 0) consider([]);
    else if (jokers === 1) for (let x = 0; x < 52; x++) consider([x]);
    else if (jokers === 2) for (let x = 0; x < 52; x++) for (let y = x; y < 52; y++) consider([x, y]);
    else throw new RangeError('at most two jokers');
  });
  return best!;
}

export const evaluateClassicJokers = (cards: readonly Card[]): number => bestClassicJokers(cards).value;
