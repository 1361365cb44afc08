/**
 * A readable, rule-driven five-card evaluator for the rankings that are not on a hot path: the short-deck
 * games (Americana, Five Card Draw 7-A, 32-Card Draw, Telesina), Soko, classic draw with jokers, and the
 * descriptions (category + the five cards in order of significance) of every ranking.
 *
 * A value is a list of digits — the category's position in the ranking's order, then the tie-breaks the
 * rule text lists — packed big-endian in base 52 into one integer (9 digits < 2^53). Bigger is better.
 */
import { type Card, rankOf, suitOf } from '../cards/card';

export type CategoryName =
  | 'high-card'
  | 'pair'
  | 'four-straight'
  | 'four-flush'
  | 'two-pair'
  | 'three-of-a-kind'
  | 'straight'
  | 'flush'
  | 'full-house'
  | 'four-of-a-kind'
  | 'straight-flush';

/**
 * How suits break ties: not at all, by the 32-Card Draw list, or by the Telesina list (both hearts > diamonds > clubs >
 * spades).
 */
export type SuitTies = 'none' | 'draw32' | 'telesina';

export interface RankingRules {
  /**
   * Lowest rank in the deck (0 = deuce for 52 cards, 4 = six for 36, 5 = seven for 32); the ace also plays just below
   * it in a straight.
   */
  readonly lowestRank: number;
  /** Whether the ace may play low in a straight (false in deuce-to-seven). */
  readonly aceLowStraight: boolean;
  /** Categories from worst to best. */
  readonly order: readonly CategoryName[];
  readonly suitTies: SuitTies;
}

export const STANDARD_ORDER: readonly CategoryName[] = [
  'high-card',
  'pair',
  'two-pair',
  'three-of-a-kind',
  'straight',
  'flush',
  'full-house',
  'four-of-a-kind',
  'straight-flush',
];
/** Short decks (Americana, 32-Card Draw, Five Card Draw 7-A, Telesina): the flush beats the full house. */
export const SHORT_DECK_ORDER: readonly CategoryName[] = [
  'high-card',
  'pair',
  'two-pair',
  'three-of-a-kind',
  'straight',
  'full-house',
  'flush',
  'four-of-a-kind',
  'straight-flush',
];
/** Soko: four-card flushes and straights between one pair and two pair. */
export const SOKO_ORDER: readonly CategoryName[] = [
  'high-card',
  'pair',
  'four-straight',
  'four-flush',
  'two-pair',
  'three-of-a-kind',
  'straight',
  'flush',
  'full-house',
  'four-of-a-kind',
  'straight-flush',
];

/**
 * Suit strength for the suit tie-breaks: hearts 3 > diamonds 2 > clubs 1 > spades 0 (card suits are c=0 d=1 h=2 s=3).
 */
const SUIT_STRENGTH = [1, 2, 3, 0];
export const suitStrength = (card: Card): number => SUIT_STRENGTH[suitOf(card)];

const BASE = 52;
const DIGITS = 9;
export const RANKED_CATEGORY_UNIT = BASE ** (DIGITS - 1);

function pack(digits: readonly number[]): number {
  let value = 0;
  for (let i = 0; i < DIGITS; i++) value = value * BASE + (digits[i] ?? 0);
  return value;
}

/** Category index (position in the ranking's order) and the first tie-break digit of a ranked value. */
export function unpackRanked(value: number): { categoryIndex: number; first: number } {
  const categoryIndex = Math.floor(value / RANKED_CATEGORY_UNIT);
  const first = Math.floor(value / BASE ** (DIGITS - 2)) % BASE;
  return { categoryIndex, first };
}

export interface RankedHand {
  value: number;
  category: CategoryName;
  /** The five cards, most significant first (e.g. trips before the pair, a straight from its top card). */
  cards: Card[];
}

interface Group {
  rank: number;
  cards: Card[];
}

/** Within a rank: strongest suit first when suits break ties (hearts > diamonds > clubs > spades). */
const bySuitStrength = (a: Card, b: Card): number => suitStrength(b) - suitStrength(a) || b - a;
/** Within a rank when suits never count: by card number, spades > hearts > diamonds > clubs, for a stable display. */
const byCardNumber = (a: Card, b: Card): number => b - a;
let bySuitDesc = byCardNumber;

function groupsOf(cards: readonly Card[]): Group[] {
  // Sort by rank (then suit), cut into runs of equal rank, then order the groups by size, then rank.
  const sorted = [...cards].sort((a, b) => rankOf(b) - rankOf(a) || bySuitDesc(a, b));
  const groups: Group[] = [];
  for (const card of sorted) {
    const last = groups[groups.length - 1];
    if (last !== undefined && last.rank === rankOf(card)) last.cards.push(card);
    else groups.push({ rank: rankOf(card), cards: [card] });
  }
  return groups.sort((a, b) => b.cards.length - a.cards.length || b.rank - a.rank);
}

/** Straight among 5 distinct ranks: returns the cards from the top card down (ace last when it plays low), or null. */
function straightOrder(cards: readonly Card[], rules: RankingRules): Card[] | null {
  const sorted = [...cards].sort((a, b) => rankOf(b) - rankOf(a) || bySuitDesc(a, b));
  for (let i = 1; i < 5; i++) if (rankOf(sorted[i]) === rankOf(sorted[i - 1])) return null;
  if (rankOf(sorted[0]) - rankOf(sorted[4]) === 4) return sorted;
  const lowest = rules.lowestRank;
  if (
    rules.aceLowStraight &&
    rankOf(sorted[0]) === 12 &&
    rankOf(sorted[1]) === lowest + 3 &&
    rankOf(sorted[4]) === lowest
  ) {
    return [...sorted.slice(1), sorted[0]];
  }
  return null;
}

/** Best run of four distinct consecutive ranks (Soko's four-straight): the four cards top down, or null. */
function fourStraight(cards: readonly Card[], rules: RankingRules): Card[] | null {
  const byRank = new Map<number, Card>();
  for (const card of [...cards].sort(bySuitDesc)) if (!byRank.has(rankOf(card))) byRank.set(rankOf(card), card);
  for (let top = 12; top >= rules.lowestRank + 3; top--) {
    if ([0, 1, 2, 3].every((d) => byRank.has(top - d))) return [0, 1, 2, 3].map((d) => byRank.get(top - d)!);
  }
  const lowest = rules.lowestRank;
  if (rules.aceLowStraight && [12, lowest, lowest + 1, lowest + 2].every((r) => byRank.has(r))) {
    return [lowest + 2, lowest + 1, lowest, 12].map((r) => byRank.get(r)!);
  }
  return null;
}

const rest = (cards: readonly Card[], used: readonly Card[]): Card[] => {
  const left = [...cards];
  for (const usedCard of used) left.splice(left.indexOf(usedCard), 1);
  return left.sort((a, b) => rankOf(b) - rankOf(a) || bySuitDesc(a, b));
};

/**
 * Evaluates exactly five cards under `rules`. Cards may repeat (a joker standing for a card already in the
 * hand); five of one rank is not a category and must be avoided by the caller.
 */
export function evaluateRanked5(cards: readonly Card[], rules: RankingRules): RankedHand {
  bySuitDesc = rules.suitTies === 'none' ? byCardNumber : bySuitStrength;
  const groups = groupsOf(cards);
  const flush = cards.every((c) => suitOf(c) === suitOf(cards[0]));
  const run = groups.length === 5 ? straightOrder(cards, rules) : null;
  const shape = groups.map((g) => g.cards.length).join('');
  const suitTies = rules.suitTies;
  const ranks = (cs: readonly Card[]) => cs.map(rankOf);
  const sig = groups.flatMap((g) => g.cards);
  let category: CategoryName;
  let ordered: Card[];
  let tie: number[];

  if (run && flush) {
    category = 'straight-flush';
    ordered = run;
    tie = [rankOf(run[0]), ...(suitTies === 'none' ? [] : [suitStrength(run[0])])];
  } else if (shape === '41' || shape === '5') {
    category = 'four-of-a-kind';
    ordered = sig;
    tie = suitTies === 'telesina' ? [groups[0].rank] : ranks(groups.map((g) => g.cards[0]));
  } else if (shape === '32') {
    category = 'full-house';
    ordered = sig;
    tie = [groups[0].rank, groups[1].rank];
  } else if (flush) {
    category = 'flush';
    ordered = sig;
    const rs = ranks(sig);
    // Telesina: the higher suit wins outright; 32-Card Draw: ranks first, then the suit.
    tie =
      suitTies === 'telesina'
        ? [suitStrength(sig[0]), ...rs]
        : suitTies === 'draw32'
          ? [...rs, suitStrength(sig[0])]
          : rs;
  } else if (run) {
    category = 'straight';
    ordered = run;
    tie = [rankOf(run[0])];
    if (suitTies === 'draw32') tie.push(suitStrength(run[0]));
    if (suitTies === 'telesina') tie.push(...run.map(suitStrength)); // the top card's suit, then the next cards' (a shared top card)
  } else if (shape === '311') {
    category = 'three-of-a-kind';
    ordered = sig;
    tie = groups.map((g) => g.rank);
  } else if (shape === '221') {
    category = 'two-pair';
    ordered = sig;
    tie = groups.map((g) => g.rank);
    if (suitTies === 'draw32') tie.push(suitStrength(sig[4]));
    if (suitTies === 'telesina') tie.push(suitStrength(groups[0].cards[0]), suitStrength(sig[4]));
  } else {
    const four = rules.order.includes('four-flush') ? fourCardHand(cards, rules) : null;
    if (four) {
      ({ category, ordered, tie } = four);
    } else if (shape === '2111') {
      category = 'pair';
      ordered = sig;
      tie = groups.map((g) => g.rank);
      if (suitTies === 'draw32') tie.push(suitStrength(sig[2]));
      if (suitTies === 'telesina') tie.push(suitStrength(sig[2]), suitStrength(sig[3]), suitStrength(sig[4]));
    } else {
      category = 'high-card';
      ordered = sig;
      tie = ranks(sig);
      if (suitTies === 'draw32') tie.push(suitStrength(sig[0]));
      // Telesina compares card by card, rank then suit: A♥ Q♣ beats A♦ K♣.
      if (suitTies === 'telesina') tie = sig.map((c) => rankOf(c) * 4 + suitStrength(c));
    }
  }
  const categoryIndex = rules.order.indexOf(category);
  return { value: pack([categoryIndex, ...tie]), category, cards: ordered };
}

function fourCardHand(
  cards: readonly Card[],
  rules: RankingRules,
): { category: CategoryName; ordered: Card[]; tie: number[] } | null {
  for (let s = 0; s < 4; s++) {
    const suited = cards.filter((c) => suitOf(c) === s);
    if (suited.length === 4) {
      const four = suited.sort((a, b) => rankOf(b) - rankOf(a));
      const odd = rest(cards, four);
      return { category: 'four-flush', ordered: [...four, ...odd], tie: [...four.map(rankOf), rankOf(odd[0])] };
    }
  }
  const run = fourStraight(cards, rules);
  if (run) {
    const odd = rest(cards, run);
    return { category: 'four-straight', ordered: [...run, ...odd], tie: [rankOf(run[0]), rankOf(odd[0])] };
  }
  return null;
}

/** Calls `visit` with every `size`-subset of `items` (as a reused array: copy it to keep it). */
export function forEachSubset<T>(items: readonly T[], size: number, visit: (subset: T[]) => void): void {
  const pick: T[] = new Array(size);
  const rec = (start: number, depth: number): void => {
    if (depth === size) {
      visit(pick);
      return;
    }
    for (let i = start; i <= items.length - (size - depth); i++) {
      pick[depth] = items[i];
      rec(i + 1, depth + 1);
    }
  };
  rec(0, 0);
}

/** Best five of any 5+ cards under `rules`. */
export function bestRanked(cards: readonly Card[], rules: RankingRules): RankedHand {
  if (cards.length < 5) throw new RangeError(`need at least 5 cards, got ${cards.length}`);
  let best: RankedHand | null = null;
  forEachSubset(cards, 5, (five) => {
    const hand = evaluateRanked5(five, rules);
    if (!best || hand.value > best.value) best = hand;
  });
  return best!;
}
