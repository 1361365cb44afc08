/**
 * The ranking registry a variant spec names as data, the descriptions (category + five cards), and the
 * visible-hand evaluator stud uses to decide who acts first.
 */
import { type Card, JOKER, formatCards, isJoker, rankOf, suitOf } from '../cards/card';
import { evalHigh5 } from './high';
import { evalHighNoWheel5, HIGH_MASK_LIMIT } from './high-mask';
import { LOW_BIT, LOW_VALUE_BASE } from './low';
import { type CategoryName, SOKO_ORDER, STANDARD_ORDER, bestRanked, evaluateRanked5, forEachSubset } from './ranked';
import {
  AMERICANA_RULES,
  DEUCE_SEVEN_RULES,
  DRAW32_RULES,
  DRAW7A_SIXES_RULES,
  SOKO_RULES,
  STANDARD_RULES,
  TELESINA_RULES,
  bestClassicJokers,
  compareTelesina,
  evaluateDeuceSeven,
  evaluateHigh,
  evaluateLow8,
  evaluateOmahaHigh,
  evaluateOmahaLow8,
} from './rankings';

export type RankingId =
  | 'high'
  | 'omaha-high'
  | 'low8'
  | 'omaha-low8'
  | 'deuce-seven'
  | 'soko'
  | 'americana'
  | 'draw32'
  | 'draw7a'
  | 'draw7a-sixes'
  | 'telesina'
  | 'classic-jokers';

export const RANKING_IDS: readonly RankingId[] = [
  'high',
  'omaha-high',
  'low8',
  'omaha-low8',
  'deuce-seven',
  'soko',
  'americana',
  'draw32',
  'draw7a',
  'draw7a-sixes',
  'telesina',
  'classic-jokers',
];

/** Category names a description may carry; 'royal-flush' is the ace-high straight flush, 'low' an 8-or-better low. */
export type HandCategory = CategoryName | 'royal-flush' | 'low';

export interface HandDescription {
  ranking: RankingId;
  /** The ranking's value (bigger is better), as `best` returns it. */
  value: number;
  category: HandCategory;
  /** The five cards used, most significant first (for a low: highest card first). Jokers appear as themselves. */
  cards: Card[];
  /** For joker hands: the natural cards the jokers stand for, in the order of the jokers among `cards`. */
  jokersAs?: Card[];
  /** e.g. "full-house: Qs Qh Qd 6c 6d". */
  text: string;
}

export interface CompareOptions {
  /** Telesina only: two players left, so the lowest straight flush beats the highest. */
  headsUp?: boolean;
}

export interface HandEvaluator {
  readonly ranking: RankingId;
  /** True for rankings where a hand may not qualify (8-or-better lows): `best` then returns null. */
  readonly qualifies: boolean;
  /**
   * Best value of a player's hand: `privateCards` are hole/stud/draw cards, `board` the shared cards
   * (empty for stud and draw; Telesina's vela). Bigger is better; null = no qualifying low.
   */
  best(privateCards: readonly Card[], board: readonly Card[]): number | null;
  describe(privateCards: readonly Card[], board: readonly Card[]): HandDescription | null;
  /** > 0 when `a` wins, < 0 when `b` wins, 0 when the pot is split. */
  compare(a: number, b: number, options?: CompareOptions): number;
}

const all = (p: readonly Card[], b: readonly Card[]): Card[] => (b.length ? [...p, ...b] : [...p]);
const plainCompare = (a: number, b: number): number => Math.sign(a - b);

function describeText(category: HandCategory, cards: readonly Card[]): string {
  return `${category}: ${formatCards(cards, ' ')}`;
}

function royal(category: CategoryName, cards: readonly Card[]): HandCategory {
  return category === 'straight-flush' && rankOf(cards[0]) === 12 ? 'royal-flush' : category;
}

/** Describes a standard-high or deuce-seven value by re-finding the five cards that make it. */
function describeFast(
  ranking: RankingId,
  fives: (visit: (five: Card[]) => void) => void,
  score: (f: Card[]) => number,
  value: number,
  noWheel: boolean,
): HandDescription {
  let cards: Card[] = [];
  fives((five) => {
    if (cards.length === 0 && score(five) === value) cards = [...five];
  });
  const ranked = evaluateRanked5(cards, noWheel ? DEUCE_SEVEN_RULES : STANDARD_RULES);
  const category = noWheel ? ranked.category : royal(ranked.category, ranked.cards);
  return { ranking, value, category, cards: ranked.cards, text: describeText(category, ranked.cards) };
}

const anyFive = (cards: readonly Card[]) => (visit: (f: Card[]) => void) => forEachSubset(cards, 5, visit);
const omahaFives = (hole: readonly Card[], board: readonly Card[]) => (visit: (f: Card[]) => void) =>
  forEachSubset(hole, 2, (h) => forEachSubset(board, 3, (b) => visit([...h, ...b])));
const high5 = (f: Card[]) => evalHigh5(f[0], f[1], f[2], f[3], f[4]);
const deuce5 = (f: Card[]) => HIGH_MASK_LIMIT - evalHighNoWheel5(f[0], f[1], f[2], f[3], f[4]);

function lowFrom(ranking: RankingId, value: number, fives: (visit: (f: Card[]) => void) => void): HandDescription {
  let cards: Card[] = [];
  fives((five) => {
    if (cards.length) return;
    let lowMask = 0;
    for (const card of five) lowMask |= LOW_BIT[card];
    if (five.every((c) => LOW_BIT[c] !== 0) && LOW_VALUE_BASE - lowMask === value) cards = [...five];
  });
  const lowRank = (c: Card) => (rankOf(c) === 12 ? -1 : rankOf(c));
  cards.sort((a, b) => lowRank(b) - lowRank(a) || suitOf(b) - suitOf(a));
  return { ranking, value, category: 'low', cards, text: describeText('low', cards) };
}

function rankedEvaluator(ranking: RankingId, rules: typeof STANDARD_RULES, compare = plainCompare): HandEvaluator {
  return {
    ranking,
    qualifies: false,
    best: (p, b) => bestRanked(all(p, b), rules).value,
    describe: (privateCards, board) => {
      const hand = bestRanked(all(privateCards, board), rules);
      const category = royal(hand.category, hand.cards);
      return { ranking, value: hand.value, category, cards: hand.cards, text: describeText(category, hand.cards) };
    },
    compare,
  };
}

const EVALUATORS: Record<RankingId, HandEvaluator> = {
  high: {
    ranking: 'high',
    qualifies: false,
    best: (p, b) => evaluateHigh(all(p, b)),
    describe: (privateCards, board) => {
      const cards = all(privateCards, board);
      return describeFast('high', anyFive(cards), high5, evaluateHigh(cards), false);
    },
    compare: plainCompare,
  },
  'omaha-high': {
    ranking: 'omaha-high',
    qualifies: false,
    best: (p, b) => evaluateOmahaHigh(p, b),
    describe: (p, b) => describeFast('omaha-high', omahaFives(p, b), high5, evaluateOmahaHigh(p, b), false),
    compare: plainCompare,
  },
  low8: {
    ranking: 'low8',
    qualifies: true,
    best: (p, b) => evaluateLow8(all(p, b)),
    describe: (privateCards, board) => {
      const cards = all(privateCards, board);
      const value = evaluateLow8(cards);
      return value === null ? null : lowFrom('low8', value, anyFive(cards));
    },
    compare: plainCompare,
  },
  'omaha-low8': {
    ranking: 'omaha-low8',
    qualifies: true,
    best: (p, b) => evaluateOmahaLow8(p, b),
    describe: (privateCards, board) => {
      const value = evaluateOmahaLow8(privateCards, board);
      return value === null ? null : lowFrom('omaha-low8', value, omahaFives(privateCards, board));
    },
    compare: plainCompare,
  },
  'deuce-seven': {
    ranking: 'deuce-seven',
    qualifies: false,
    best: (p, b) => evaluateDeuceSeven(all(p, b)),
    describe: (privateCards, board) => {
      const cards = all(privateCards, board);
      return describeFast('deuce-seven', anyFive(cards), deuce5, evaluateDeuceSeven(cards), true);
    },
    compare: plainCompare,
  },
  soko: rankedEvaluator('soko', SOKO_RULES),
  americana: rankedEvaluator('americana', AMERICANA_RULES),
  draw32: rankedEvaluator('draw32', DRAW32_RULES),
  draw7a: rankedEvaluator('draw7a', AMERICANA_RULES),
  'draw7a-sixes': rankedEvaluator('draw7a-sixes', DRAW7A_SIXES_RULES),
  telesina: rankedEvaluator('telesina', TELESINA_RULES, compareTelesina),
  'classic-jokers': {
    ranking: 'classic-jokers',
    qualifies: false,
    best: (p, b) => bestClassicJokers(all(p, b)).value,
    describe: (privateCards, board) => {
      const hand = bestClassicJokers(all(privateCards, board));
      const category = royal(hand.category, hand.cards);
      // Show the hand as dealt (jokers as jokers, in the place of the card they stand for); the
      // substitutes are reported beside it and in the text.
      const cards = [...hand.cards];
      const jokersAs: Card[] = [];
      hand.substitutes.forEach((sub, jokerIndex) => {
        const at = cards.lastIndexOf(sub);
        cards[at] = JOKER + jokerIndex;
      });
      for (const card of cards) if (isJoker(card)) jokersAs.push(hand.substitutes[card - JOKER]);
      const text =
        describeText(category, hand.cards) + (jokersAs.length ? ` (jokers as ${formatCards(jokersAs, ' ')})` : '');
      return { ranking: 'classic-jokers', value: hand.value, category, cards, jokersAs, text };
    },
    compare: plainCompare,
  },
};

export function evaluatorFor(ranking: RankingId): HandEvaluator {
  const evaluator = EVALUATORS[ranking];
  if (!evaluator) throw new RangeError(`unknown ranking ${JSON.stringify(ranking)}`);
  return evaluator;
}

/** Describes the best hand of `privateCards` (+ `board`) under `ranking`; null for a non-qualifying low. */
export function describeHand(
  ranking: RankingId,
  privateCards: readonly Card[],
  board: readonly Card[] = [],
): HandDescription | null {
  return evaluatorFor(ranking).describe(privateCards, board);
}

/**
 * Strength of the VISIBLE up-cards (1..4) of a stud hand, to decide who acts first after the bring-in
 * street: four of a kind > three of a kind > two pair > one pair > high cards, ranks compared from the
 * top; straights and flushes of fewer than five cards do not count — except in Soko, whose four-card
 * flush and straight are real categories (between two pair and one pair). Bigger is better; equal
 * values are ties the caller breaks by seat order. Suits never count here.
 */
export function evaluateVisible(upCards: readonly Card[], ranking: RankingId): number {
  if (upCards.length < 1 || upCards.length > 4)
    throw new RangeError(`evaluateVisible: 1..4 up-cards, got ${upCards.length}`);
  const counts = new Map<number, number>();
  for (const upCard of upCards) counts.set(rankOf(upCard), (counts.get(rankOf(upCard)) ?? 0) + 1);
  const groups = [...counts.entries()].sort((a, b) => b[1] - a[1] || b[0] - a[0]);
  const shape = groups.map((g) => g[1]).join('');
  let category: CategoryName = shape.startsWith('4')
    ? 'four-of-a-kind'
    : shape.startsWith('3')
      ? 'three-of-a-kind'
      : shape === '22'
        ? 'two-pair'
        : shape.startsWith('2')
          ? 'pair'
          : 'high-card';
  let tie = groups.map((g) => g[0]);
  if (ranking === 'soko' && upCards.length === 4 && (category === 'pair' || category === 'high-card')) {
    const suited = upCards.every((c) => suitOf(c) === suitOf(upCards[0]));
    const rs = [...new Set(upCards.map(rankOf))].sort((a, b) => b - a);
    // A-2-3-4 plays low
    const run = rs.length === 4 && (rs[0] - rs[3] === 3 || (rs[0] === 12 && rs[1] === 2 && rs[3] === 0));
    if (suited) category = 'four-flush';
    else if (run) {
      category = 'four-straight';
      tie = [rs[0] === 12 && rs[1] === 2 ? 2 : rs[0]];
    }
  }
  const order = ranking === 'soko' ? SOKO_ORDER : STANDARD_ORDER;
  let value = order.indexOf(category);
  for (let i = 0; i < 4; i++) value = value * 13 + (tie[i] ?? 0);
  return value;
}
