/**
 * Standard high-hand classification from rank bitmasks: the readable reference the fast evaluator's
 * tables are built from (`high.ts`), and the direct evaluator of deuce-to-seven (no wheel).
 *
 * Value layout, bigger is better: `category << 26 | primary << 13 | secondary`, where primary and
 * secondary are 13-bit rank masks (bit r = rank r). A set of distinct ranks compared as an integer
 * mask compares exactly like the ranks read from the highest down, so kickers need no extra packing:
 *  - high card:       0, top-5 ranks mask
 *  - pair:            pair rank bit, top-3 kicker mask
 *  - two pair:        both pair bits, kicker bit
 *  - three of a kind: trips bit, top-2 kicker mask
 *  - straight:        0, 1 + rank of the straight's top card (the wheel's top card is the five)
 *  - flush:           0, top-5 ranks of the suit
 *  - full house:      trips bit, pair bit
 *  - four of a kind:  quads bit, kicker bit
 *  - straight flush:  0, 1 + top-card rank (a royal flush is the ace-high straight flush)
 * Equivalent hands get equal values, so there are exactly 7,462 distinct values (the public
 * `evaluateHigh` renumbers them densely 1..7462).
 */
import type { Card } from '../cards/card';
import * as tables from './tables';

// Module-local bindings: transpiled ESM imports are property reads (often getters) on the module object,
// which costs more than the evaluation itself on the hot path.
const { STRAIGHT, STRAIGHT_NO_WHEEL, TOP1, TOP2, TOP3, TOP5 } = tables;

const CAT = 1 << 26;
/** One more than the largest mask value; used to turn a high value into a "bigger is better" low. */
export const HIGH_MASK_LIMIT = 9 * CAT;

/** Category (0 = high card .. 8 = straight flush) of a value made by this module. */
export const maskCategory = (value: number): number => value >>> 26;

/**
 * Shared tail: classifies from the multiplicity masks (m1 = ranks present, m2 = at least two, m3 = at
 * least three, m4 = four) and the flush suit's rank mask `fm` (0 if no five of a suit).
 */
export function classifyMasks(
  m1: number,
  m2: number,
  m3: number,
  m4: number,
  fm: number,
  straights: Uint8Array,
): number {
  if (fm !== 0) {
    const sf = straights[fm];
    if (sf !== 0) return 8 * CAT + sf;
  }
  if (m4 !== 0) {
    const q = TOP1[m4];
    return 7 * CAT + (q << 13) + TOP1[m1 ^ q];
  }
  if (m3 !== 0) {
    const t = TOP1[m3];
    const rest = m2 ^ t;
    if (rest !== 0) return 6 * CAT + (t << 13) + TOP1[rest];
  }
  if (fm !== 0) return 5 * CAT + TOP5[fm];
  const st = straights[m1];
  if (st !== 0) return 4 * CAT + st;
  if (m3 !== 0) return 3 * CAT + (m3 << 13) + TOP2[m1 ^ m3];
  if (m2 !== 0) {
    if ((m2 & (m2 - 1)) !== 0) {
      const p = TOP2[m2];
      return 2 * CAT + (p << 13) + TOP1[m1 ^ p];
    }
    return CAT + (m2 << 13) + TOP3[m1 ^ m2];
  }
  return TOP5[m1];
}

/** Five cards as separate ints: the allocation-free hot path for 5-card and Omaha evaluation. */
export function evalHighMask5(a: Card, b: Card, c: Card, d: Card, e: Card): number {
  let m1 = 0,
    m2 = 0,
    m3 = 0,
    m4 = 0,
    bit = 0;
  bit = 1 << (a >> 2);
  m1 = bit;
  bit = 1 << (b >> 2);
  m2 = m1 & bit;
  m1 |= bit;
  bit = 1 << (c >> 2);
  m3 = m2 & bit;
  m2 |= m1 & bit;
  m1 |= bit;
  bit = 1 << (d >> 2);
  m4 = m3 & bit;
  m3 |= m2 & bit;
  m2 |= m1 & bit;
  m1 |= bit;
  bit = 1 << (e >> 2);
  m4 |= m3 & bit;
  m3 |= m2 & bit;
  m2 |= m1 & bit;
  m1 |= bit;
  const s = a & 3;
  const fm = (b & 3) === s && (c & 3) === s && (d & 3) === s && (e & 3) === s ? m1 : 0;
  return classifyMasks(m1, m2, m3, m4, fm, STRAIGHT);
}

/** Seven cards as separate ints: the allocation-free hot path for Hold'em and stud. */
export function evalHighMask7(a: Card, b: Card, c: Card, d: Card, e: Card, f: Card, g: Card): number {
  let m1 = 0,
    m2 = 0,
    m3 = 0,
    m4 = 0,
    bit = 0;
  bit = 1 << (a >> 2);
  m1 = bit;
  bit = 1 << (b >> 2);
  m2 = m1 & bit;
  m1 |= bit;
  bit = 1 << (c >> 2);
  m3 = m2 & bit;
  m2 |= m1 & bit;
  m1 |= bit;
  bit = 1 << (d >> 2);
  m4 = m3 & bit;
  m3 |= m2 & bit;
  m2 |= m1 & bit;
  m1 |= bit;
  bit = 1 << (e >> 2);
  m4 |= m3 & bit;
  m3 |= m2 & bit;
  m2 |= m1 & bit;
  m1 |= bit;
  bit = 1 << (f >> 2);
  m4 |= m3 & bit;
  m3 |= m2 & bit;
  m2 |= m1 & bit;
  m1 |= bit;
  bit = 1 << (g >> 2);
  m4 |= m3 & bit;
  m3 |= m2 & bit;
  m2 |= m1 & bit;
  m1 |= bit;
  // Four suit counters packed in nibbles; adding 3 to each sets the nibble's top bit iff the count is >= 5.
  const sc =
    (1 << ((a & 3) << 2)) +
    (1 << ((b & 3) << 2)) +
    (1 << ((c & 3) << 2)) +
    (1 << ((d & 3) << 2)) +
    (1 << ((e & 3) << 2)) +
    (1 << ((f & 3) << 2)) +
    (1 << ((g & 3) << 2));
  const flush = (sc + 0x3333) & 0x8888;
  let fm = 0;
  if (flush !== 0) {
    const s = (31 - Math.clz32(flush)) >> 2; // at most one suit can hold five of seven cards
    if ((a & 3) === s) fm |= 1 << (a >> 2);
    if ((b & 3) === s) fm |= 1 << (b >> 2);
    if ((c & 3) === s) fm |= 1 << (c >> 2);
    if ((d & 3) === s) fm |= 1 << (d >> 2);
    if ((e & 3) === s) fm |= 1 << (e >> 2);
    if ((f & 3) === s) fm |= 1 << (f >> 2);
    if ((g & 3) === s) fm |= 1 << (g >> 2);
  }
  return classifyMasks(m1, m2, m3, m4, fm, STRAIGHT);
}

/** Any 5..7 natural cards from an array (Hold'em with 0-2 hole cards, stud, 6-card hands). */
export function evalHighMaskArray(
  cards: ArrayLike<Card>,
  n: number = cards.length,
  straights: Uint8Array = STRAIGHT,
): number {
  let m1 = 0,
    m2 = 0,
    m3 = 0,
    m4 = 0,
    sc = 0;
  for (let i = 0; i < n; i++) {
    const c = cards[i];
    const bit = 1 << (c >> 2);
    m4 |= m3 & bit;
    m3 |= m2 & bit;
    m2 |= m1 & bit;
    m1 |= bit;
    sc += 1 << ((c & 3) << 2);
  }
  const flush = (sc + 0x3333) & 0x8888;
  let fm = 0;
  if (flush !== 0) {
    const s = (31 - Math.clz32(flush)) >> 2;
    for (let i = 0; i < n; i++) if ((cards[i] & 3) === s) fm |= 1 << (cards[i] >> 2);
  }
  return classifyMasks(m1, m2, m3, m4, fm, straights);
}

/** Five cards, ace high only and A-2-3-4-5 not a straight (the basis of deuce-to-seven lowball). */
export function evalHighNoWheel5(a: Card, b: Card, c: Card, d: Card, e: Card): number {
  let m1 = 0,
    m2 = 0,
    m3 = 0,
    m4 = 0,
    bit = 0;
  bit = 1 << (a >> 2);
  m1 = bit;
  bit = 1 << (b >> 2);
  m2 = m1 & bit;
  m1 |= bit;
  bit = 1 << (c >> 2);
  m3 = m2 & bit;
  m2 |= m1 & bit;
  m1 |= bit;
  bit = 1 << (d >> 2);
  m4 = m3 & bit;
  m3 |= m2 & bit;
  m2 |= m1 & bit;
  m1 |= bit;
  bit = 1 << (e >> 2);
  m4 |= m3 & bit;
  m3 |= m2 & bit;
  m2 |= m1 & bit;
  m1 |= bit;
  const s = a & 3;
  const fm = (b & 3) === s && (c & 3) === s && (d & 3) === s && (e & 3) === s ? m1 : 0;
  return classifyMasks(m1, m2, m3, m4, fm, STRAIGHT_NO_WHEEL);
}
