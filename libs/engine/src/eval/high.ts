/**
 * Fast standard high-hand evaluation: 5, 6 or 7 cards, allocation-free, one perfect-hash lookup.
 *
 * Value: the hand's equivalence class numbered densely from 1 (7-5-4-3-2 offsuit) to 7462 (royal flush);
 * bigger is better, equal value = equal hand.
 *
 * How: each card contributes `RANK_KEY[rank] + 2^23` to a sum. The rank keys (found by Steve Brecher /
 * SKPokerEval's search) make the sum of any 5, 6 or 7 ranks with at most four of each unique among hands
 * of the same size, and the 2^23 per card separates the sizes. Non-flush hands are then one lookup in a
 * "hash and displace" perfect hash of the 73,775 possible rank multisets: one multiplicative hash of the
 * key picks one of 2^14 buckets, another picks a slot among 2^17, and the slot is XORed with the bucket's
 * displacement, searched at start-up so that no two keys share a slot. No key is stored and there is no
 * probing: two multiplies, two loads. Suits are counted in four packed
 * nibbles; a flush (at most one suit can hold five of seven cards, and then no full house or quads is
 * possible) is one lookup of its 13-bit rank mask. The tables are computed at start-up from the readable
 * mask classifier (`high-mask.ts`): about 350 KB, built in a few tens of milliseconds.
 */
import type { Card } from '../cards/card';
import * as highMask from './high-mask';
import * as tables from './tables';

const { classifyMasks } = highMask;
const { STRAIGHT, POPCOUNT } = tables;

export enum HighCategory {
  HighCard = 0,
  Pair = 1,
  TwoPair = 2,
  ThreeOfAKind = 3,
  Straight = 4,
  Flush = 5,
  FullHouse = 6,
  FourOfAKind = 7,
  StraightFlush = 8,
}

export const HIGH_CATEGORY_NAMES = [
  'high-card',
  'pair',
  'two-pair',
  'three-of-a-kind',
  'straight',
  'flush',
  'full-house',
  'four-of-a-kind',
  'straight-flush',
] as const;

/** Number of distinct standard high hands; `evaluateHigh` returns 1..HIGH_CLASS_COUNT. */
export const HIGH_CLASS_COUNT = 7462;

export const RANK_KEY = [0, 1, 5, 22, 98, 453, 2031, 8698, 22854, 83661, 262349, 636345, 1479181] as const;
const SIZE_UNIT = 1 << 23;
const SLOT_BITS = 17;
const BUCKET_BITS = 14;
/**
 * Multiplicative hashing: bits of the low 32 bits of key * odd constant spread the clustered sums. Keys are
 * below 2^26 and the multipliers below 2^27, so the double product is exact (< 2^53) and `>>>` takes its
 * low 32 bits — the same as Math.imul, which is avoided because it is very slow inside Jest's sandbox.
 */
const BUCKET_MUL = 0x4f1bbcd;
const SLOT_MUL = 0x6a3c5e7;
const SEED_MUL = 0x9e3779b1; // seeds stay below 2^20, so seed * SEED_MUL < 2^53 as well

export interface HighTables {
  /** Per card: its rank key plus the per-card size unit. */
  readonly cardKey: Int32Array;
  /** Perfect hash of non-flush rank multisets (5..7 cards): a displacement per bucket, a class per slot. */
  readonly displacements: Int32Array;
  readonly classes: Uint16Array;
  /** Class of the best flush/straight flush in a suit's 13-bit rank mask (0 for fewer than five). */
  readonly flushClass: Uint16Array;
  /** Category of each class (index 1..7462). */
  readonly categoryOf: Uint8Array;
}

/** Number of rank multisets of 5, 6 and 7 cards with at most four of a rank: 6,175 + 18,395 + 49,205. */
const MULTISET_COUNT = 73775;

/** Builds every table from scratch (exported so the benchmark and tests can time and size it). */
export function buildHighTables(): HighTables {
  // Every rank multiset of 5..7 cards: its key sum and its mask-classifier value (as if no flush).
  const keys = new Int32Array(MULTISET_COUNT);
  const maskValues = new Int32Array(MULTISET_COUNT);
  let count = 0;
  const visit = (
    rank: number,
    left: number,
    size: number,
    key: number,
    m1: number,
    m2: number,
    m3: number,
    m4: number,
  ): void => {
    if (rank === 13) {
      if (size >= 5) {
        keys[count] = key + size * SIZE_UNIT;
        maskValues[count++] = classifyMasks(m1, m2, m3, m4, 0, STRAIGHT);
      }
      return;
    }
    const bit = 1 << rank;
    visit(rank + 1, left, size, key, m1, m2, m3, m4);
    if (left >= 1) visit(rank + 1, left - 1, size + 1, key + RANK_KEY[rank], m1 | bit, m2, m3, m4);
    if (left >= 2) visit(rank + 1, left - 2, size + 2, key + 2 * RANK_KEY[rank], m1 | bit, m2 | bit, m3, m4);
    if (left >= 3) visit(rank + 1, left - 3, size + 3, key + 3 * RANK_KEY[rank], m1 | bit, m2 | bit, m3 | bit, m4);
    if (left >= 4)
      visit(rank + 1, left - 4, size + 4, key + 4 * RANK_KEY[rank], m1 | bit, m2 | bit, m3 | bit, m4 | bit);
  };
  visit(0, 7, 0, 0, 0, 0, 0, 0);
  if (count !== MULTISET_COUNT) throw new Error(`expected ${MULTISET_COUNT} rank multisets, got ${count}`);

  // Dense numbering: every class is some non-flush multiset's value or a flush of exactly five ranks.
  const all = new Int32Array(MULTISET_COUNT + 1287);
  all.set(maskValues);
  let filled = MULTISET_COUNT;
  for (let m = 0; m < 8192; m++) if (POPCOUNT[m] === 5) all[filled++] = classifyMasks(m, 0, 0, 0, m, STRAIGHT);
  all.sort();
  const distinct = new Int32Array(HIGH_CLASS_COUNT);
  let distinctCount = 0;
  for (let i = 0; i < all.length; i++) {
    if (i === 0 || all[i] !== all[i - 1]) {
      if (distinctCount === HIGH_CLASS_COUNT) throw new Error('more than 7462 classes');
      distinct[distinctCount++] = all[i];
    }
  }
  if (distinctCount !== HIGH_CLASS_COUNT) throw new Error(`expected ${HIGH_CLASS_COUNT} classes, got ${distinctCount}`);
  const denseOf = (value: number): number => {
    let lo = 0,
      hi = HIGH_CLASS_COUNT - 1;
    while (lo < hi) {
      const mid = (lo + hi) >> 1;
      if (distinct[mid] < value) lo = mid + 1;
      else hi = mid;
    }
    return lo + 1;
  };
  const categoryOf = new Uint8Array(HIGH_CLASS_COUNT + 1);
  for (let i = 0; i < HIGH_CLASS_COUNT; i++) categoryOf[i + 1] = distinct[i] >>> 26;

  const classesOfKeys = new Uint16Array(MULTISET_COUNT);
  for (let i = 0; i < MULTISET_COUNT; i++) classesOfKeys[i] = denseOf(maskValues[i]);
  const { displacements, classes } = buildHashAndDisplace(keys, classesOfKeys);

  const flushClass = new Uint16Array(8192);
  for (let m = 0; m < 8192; m++) if (POPCOUNT[m] >= 5) flushClass[m] = denseOf(classifyMasks(m, 0, 0, 0, m, STRAIGHT));
  const cardKey = new Int32Array(54);
  for (let c = 0; c < 52; c++) cardKey[c] = RANK_KEY[c >> 2] + SIZE_UNIT;
  return { cardKey, displacements, classes, flushClass, categoryOf };
}

const HIGH_TABLES = buildHighTables();
// Module-local bindings: the hot path must not read properties of the tables object per call.
export const CARD_KEY = HIGH_TABLES.cardKey;
export const FLUSH_CLASS = HIGH_TABLES.flushClass;
const DISPLACEMENTS = HIGH_TABLES.displacements;
const CLASSES = HIGH_TABLES.classes;
const CATEGORY_OF = HIGH_TABLES.categoryOf;

/** Class of a non-flush hand from its key sum (only valid for a sum of 5..7 natural cards' CARD_KEY). */
export function classOfKey(key: number): number {
  return CLASSES[((key * SLOT_MUL) >>> (32 - SLOT_BITS)) ^ DISPLACEMENTS[(key * BUCKET_MUL) >>> (32 - BUCKET_BITS)]];
}

/**
 * Searches a displacement per bucket, largest buckets first, such that every key of the bucket lands on
 * a free slot at `(imul(key, SLOT_MUL) >>> (32 - SLOT_BITS)) ^ displacement`. Candidate displacements are
 * a multiplicative sequence, not 0, 1, 2..., so successive tries scatter the bucket widely. Deterministic.
 */
function buildHashAndDisplace(
  keys: Int32Array,
  values: Uint16Array,
): { displacements: Int32Array; classes: Uint16Array } {
  const bucketCount = 1 << BUCKET_BITS;
  const count = keys.length;
  // Counting sort of the keys by bucket, then of the buckets by size (largest first).
  const bucketOf = new Int32Array(count);
  const start = new Int32Array(bucketCount + 1);
  for (let i = 0; i < count; i++) {
    bucketOf[i] = (keys[i] * BUCKET_MUL) >>> (32 - BUCKET_BITS);
    start[bucketOf[i] + 1]++;
  }
  let maxSize = 0;
  for (let b = 0; b < bucketCount; b++) {
    if (start[b + 1] > maxSize) maxSize = start[b + 1];
    start[b + 1] += start[b];
  }
  const fill = start.slice(0, bucketCount);
  const members = new Int32Array(count);
  for (let i = 0; i < count; i++) members[fill[bucketOf[i]]++] = i;
  const order: number[] = [];
  for (let size = maxSize; size >= 1; size--) {
    for (let b = 0; b < bucketCount; b++) if (start[b + 1] - start[b] === size) order.push(b);
  }

  const displacements = new Int32Array(bucketCount);
  const classes = new Uint16Array(1 << SLOT_BITS);
  const taken = new Uint8Array(1 << SLOT_BITS);
  const slots = new Int32Array(maxSize);
  for (const bucket of order) {
    const from = start[bucket],
      size = start[bucket + 1] - from;
    for (let seed = 0; ; seed++) {
      if (seed > 1 << 20) throw new Error('hash and displace: no displacement found');
      const displacement = (seed * SEED_MUL) >>> (32 - SLOT_BITS);
      let placed = 0;
      for (; placed < size; placed++) {
        const slot = ((keys[members[from + placed]] * SLOT_MUL) >>> (32 - SLOT_BITS)) ^ displacement;
        if (taken[slot]) break;
        let clash = false;
        for (let j = 0; j < placed; j++) if (slots[j] === slot) clash = true;
        if (clash) break;
        slots[placed] = slot;
      }
      if (placed < size) continue;
      displacements[bucket] = displacement;
      for (let j = 0; j < size; j++) {
        taken[slots[j]] = 1;
        classes[slots[j]] = values[members[from + j]];
      }
      break;
    }
  }
  return { displacements, classes };
}

/** Category of a class 1..7462. */
export const highCategory = (value: number): HighCategory => CATEGORY_OF[value] as HighCategory;

/** Five natural cards as separate ints (the allocation-free 5-card and Omaha path). */
export function evalHigh5(card1: Card, card2: Card, card3: Card, card4: Card, card5: Card): number {
  const suit = card1 & 3;
  if ((card2 & 3) === suit && (card3 & 3) === suit && (card4 & 3) === suit && (card5 & 3) === suit) {
    return FLUSH_CLASS[
      (1 << (card1 >> 2)) | (1 << (card2 >> 2)) | (1 << (card3 >> 2)) | (1 << (card4 >> 2)) | (1 << (card5 >> 2))
    ];
  }
  return classOfKey(CARD_KEY[card1] + CARD_KEY[card2] + CARD_KEY[card3] + CARD_KEY[card4] + CARD_KEY[card5]);
}

/** Suit whose nibble flag (0x8, 0x80, 0x800, 0x8000) is set; comparisons, as Math.* calls are slow under Jest. */
const suitOfFlushBit = (flush: number): number => (flush >= 0x800 ? (flush >= 0x8000 ? 3 : 2) : flush >= 0x80 ? 1 : 0);

/** The rare flush branch of `evalHigh7`, kept out of line so the common path stays small. */
function flush7(
  card1: Card,
  card2: Card,
  card3: Card,
  card4: Card,
  card5: Card,
  card6: Card,
  card7: Card,
  flush: number,
): number {
  const suit = suitOfFlushBit(flush);
  let fm = 0;
  if ((card1 & 3) === suit) fm |= 1 << (card1 >> 2);
  if ((card2 & 3) === suit) fm |= 1 << (card2 >> 2);
  if ((card3 & 3) === suit) fm |= 1 << (card3 >> 2);
  if ((card4 & 3) === suit) fm |= 1 << (card4 >> 2);
  if ((card5 & 3) === suit) fm |= 1 << (card5 >> 2);
  if ((card6 & 3) === suit) fm |= 1 << (card6 >> 2);
  if ((card7 & 3) === suit) fm |= 1 << (card7 >> 2);
  return FLUSH_CLASS[fm];
}

/** Seven natural cards as separate ints (the allocation-free Hold'em/stud path). */
export function evalHigh7(
  card1: Card,
  card2: Card,
  card3: Card,
  card4: Card,
  card5: Card,
  card6: Card,
  card7: Card,
): number {
  // Four suit counters packed in nibbles; adding 3 to each sets a nibble's top bit iff its count is >= 5.
  const flush =
    ((1 << ((card1 & 3) << 2)) +
      (1 << ((card2 & 3) << 2)) +
      (1 << ((card3 & 3) << 2)) +
      (1 << ((card4 & 3) << 2)) +
      (1 << ((card5 & 3) << 2)) +
      (1 << ((card6 & 3) << 2)) +
      (1 << ((card7 & 3) << 2)) +
      0x3333) &
    0x8888;
  // Five suited cards of seven leave no room for quads or a full house, so the flush table decides.
  if (flush !== 0) return flush7(card1, card2, card3, card4, card5, card6, card7, flush);
  return classOfKey(
    CARD_KEY[card1] +
      CARD_KEY[card2] +
      CARD_KEY[card3] +
      CARD_KEY[card4] +
      CARD_KEY[card5] +
      CARD_KEY[card6] +
      CARD_KEY[card7],
  );
}

/** 5..7 natural cards from an array (the first `count`). */
export function evalHighArray(cards: ArrayLike<Card>, count: number = cards.length): number {
  let key = 0,
    sc = 0;
  for (let i = 0; i < count; i++) {
    const card = cards[i];
    key += CARD_KEY[card];
    sc += 1 << ((card & 3) << 2);
  }
  const flush = (sc + 0x3333) & 0x8888;
  if (flush !== 0) {
    const suit = suitOfFlushBit(flush);
    let fm = 0;
    for (let i = 0; i < count; i++) if ((cards[i] & 3) === suit) fm |= 1 << (cards[i] >> 2);
    return FLUSH_CLASS[fm];
  }
  return classOfKey(key);
}
