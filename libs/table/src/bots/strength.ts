import { evaluateHigh, evaluateOmahaHigh, highCategory } from '@naiko/engine';

/**
 * Hand strength for bots, from the bot's own cards only. Cards use the engine's encoding
 * (`rank * 4 + suit`, rank 0 = deuce .. 12 = ace; 52+ = joker).
 *
 * Made hands are classified with the engine's evaluators (`evaluateHigh`, `evaluateOmahaHigh`, and
 * `highCategory` for the category of a value, in the order of the engine's HighCategory).
 * `madeCategory` covers what those do not take (jokers, more than seven cards) with the same order.
 */
export const rankOf = (c: number): number => (c >= 52 ? 12 : c >> 2);
export const suitOf = (c: number): number => (c >= 52 ? 4 + (c - 52) : c & 3);

export const CATEGORY = {
  highCard: 0,
  pair: 1,
  twoPair: 2,
  trips: 3,
  straight: 4,
  flush: 5,
  fullHouse: 6,
  quads: 7,
  straightFlush: 8,
} as const;

/** Highest straight's top rank in a 13-bit rank mask (the ace also plays low: A-2-3-4-5), or -1. */
function straightTop(mask: number): number {
  // Bit k of `ext` is rank k-1; bit 0 is the ace played low.
  const ext = (mask << 1) | ((mask >> 12) & 1);
  for (let top = 13; top >= 4; top--) {
    const run = 0b11111 << (top - 4);
    if ((ext & run) === run) return top - 1;
  }
  return -1;
}

export function madeCategory(cards: readonly number[]): number {
  const counts = new Array<number>(13).fill(0);
  const suitMasks = [0, 0, 0, 0];
  let mask = 0;
  for (const card of cards) {
    if (card >= 52) continue;
    const rank = rankOf(card);
    counts[rank]++;
    mask |= 1 << rank;
    suitMasks[suitOf(card)] |= 1 << rank;
  }
  let flush = false;
  for (const sm of suitMasks) {
    if (popcount(sm) >= 5) {
      flush = true;
      if (straightTop(sm) >= 0) return CATEGORY.straightFlush;
    }
  }
  const sorted = counts.filter((n) => n > 0).sort((a, b) => b - a);
  if (sorted[0] >= 4) return CATEGORY.quads;
  if (sorted[0] === 3 && (sorted[1] ?? 0) >= 2) return CATEGORY.fullHouse;
  if (flush) return CATEGORY.flush;
  if (straightTop(mask) >= 0) return CATEGORY.straight;
  if (sorted[0] === 3) return CATEGORY.trips;
  if (sorted[0] === 2 && (sorted[1] ?? 0) === 2) return CATEGORY.twoPair;
  if (sorted[0] === 2) return CATEGORY.pair;
  return CATEGORY.highCard;
}

function popcount(bits: number): number {
  let count = 0;
  for (; bits; bits &= bits - 1) count++;
  return count;
}

/** Rough pre-draw/preflop strength in [0, 1] from pairs, high cards, suitedness and connectedness. */
export function startingStrength(hole: readonly number[]): number {
  if (hole.length === 0) return 0;
  const ranks = hole.map(rankOf).sort((a, b) => b - a);
  const counts = new Map<number, number>();
  for (const rank of ranks) counts.set(rank, (counts.get(rank) ?? 0) + 1);
  let best = 0;
  for (const [rank, count] of counts) {
    if (count >= 2) best = Math.max(best, 0.5 + (rank / 12) * 0.4 + (count - 2) * 0.1);
  }
  const high = (ranks[0] + (ranks[1] ?? 0)) / 24; // 0..1
  const suits = hole.map(suitOf);
  const suited = suits.some((s, i) => suits.indexOf(s) !== i) ? 0.06 : 0;
  const gap = ranks.length > 1 ? ranks[0] - ranks[1] : 12;
  const connected = gap === 1 ? 0.05 : gap === 2 ? 0.02 : 0;
  // Hands of more than two cards (Omaha, draw) are stronger on average: scale the unpaired score down.
  const unpaired = (0.15 + high * 0.45 + suited + connected) * (hole.length > 2 ? 0.85 : 1);
  return Math.min(1, Math.max(best, unpaired));
}

/** Category (0 high card .. 8 straight flush) of the best five-card hand, via the engine where it applies. */
export function categoryOf(hole: readonly number[], board: readonly number[], omaha = false): number {
  const natural = hole.every((c) => c < 52) && board.every((c) => c < 52);
  if (natural && omaha && board.length >= 3 && hole.length >= 2) return highCategory(evaluateOmahaHigh(hole, board));
  const all = [...hole, ...board];
  if (natural && all.length >= 5 && all.length <= 7) return highCategory(evaluateHigh(all));
  return madeCategory(all);
}

/** Strength of a made hand in [0, 1]; by category with a small bonus for the top rank. */
export function madeStrength(hole: readonly number[], board: readonly number[], omaha = false): number {
  const cards = [...hole, ...board];
  const cat = categoryOf(hole, board, omaha);
  const base = [0.12, 0.4, 0.62, 0.74, 0.82, 0.86, 0.93, 0.98, 1][cat];
  const top = Math.max(...cards.map(rankOf)) / 12;
  return Math.min(1, base + (cat <= 1 ? top * 0.12 : 0));
}

/** 2-7 lowball: no pair, no straight, no flush and low cards are good; ace is high. */
export function lowballStrength(cards: readonly number[]): number {
  const cat = madeCategory(cards);
  const ranks = cards.map(rankOf);
  const distinct = new Set(ranks).size === ranks.length;
  if (!distinct || cat >= CATEGORY.straight) return 0.05;
  const high = Math.max(...ranks); // 5 = seven .. 12 = ace
  return Math.max(0.1, 1 - (high - 5) * 0.12);
}
