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
    const quads = TOP1[m4];
    return 7 * CAT + (quads << 13) + TOP1[m1 ^ quads];
  }
  if (m3 !== 0) {
    const trips = TOP1[m3];
    const rest = m2 ^ trips;
    if (rest !== 0) return 6 * CAT + (trips << 13) + TOP1[rest];
  }
  if (fm !== 0) return 5 * CAT + TOP5[fm];
  const st = straights[m1];
  if (st !== 0) return 4 * CAT + st;
  if (m3 !== 0) return 3 * CAT + (m3 << 13) + TOP2[m1 ^ m3];
  if (m2 !== 0) {
    if ((m2 & (m2 - 1)) !== 0) {
      const pairs = TOP2[m2];
      return 2 * CAT + (pairs << 13) + TOP1[m1 ^ pairs];
    }
    return CAT + (m2 << 13) + TOP3[m1 ^ m2];
  }
  return TOP5[m1];
}

/** Five cards as separate ints: the allocation-free hot path for 5-card and Omaha evaluation. */
export function evalHighMask5(card1: Card, card2: Card, card3: Card, card4: Card, card5: Card): number {
  let m1 = 0,
    m2 = 0,
    m3 = 0,
    m4 = 0,
    bit = 0;
  bit = 1 << (card1 >> 2);
  m1 = bit;
  bit = 1 << (card2 >> 2);
  m2 = m1 & bit;
  m1 |= bit;
  bit = 1 << (card3 >> 2);
  m3 = m2 & bit;
  m2 |= m1 & bit;
  m1 |= bit;
  bit = 1 << (card4 >> 2);
  m4 = m3 & bit;
  m3 |= m2 & bit;
  m2 |= m1 & bit;
  m1 |= bit;
  bit = 1 << (card5 >> 2);
  m4 |= m3 & bit;
  m3 |= m2 & bit;
  m2 |= m1 & bit;
  m1 |= bit;
  const suit = card1 & 3;
  const fm = (card2 & 3) === suit && (card3 & 3) === suit && (card4 & 3) === suit && (card5 & 3) === suit ? m1 : 0;
  return classifyMasks(m1, m2, m3, m4, fm, STRAIGHT);
}

/** Seven cards as separate ints: the allocation-free hot path for Hold'em and stud. */
export function evalHighMask7(
  card1: Card,
  card2: Card,
  card3: Card,
  card4: Card,
  card5: Card,
  card6: Card,
  card7: Card,
): number {
  let m1 = 0,
    m2 = 0,
    m3 = 0,
    m4 = 0,
    bit = 0;
  bit = 1 << (card1 >> 2);
  m1 = bit;
  bit = 1 << (card2 >> 2);
  m2 = m1 & bit;
  m1 |= bit;
  bit = 1 << (card3 >> 2);
  m3 = m2 & bit;
  m2 |= m1 & bit;
  m1 |= bit;
  bit = 1 << (card4 >> 2);
  m4 = m3 & bit;
  m3 |= m2 & bit;
  m2 |= m1 & bit;
  m1 |= bit;
  bit = 1 << (card5 >> 2);
  m4 |= m3 & bit;
  m3 |= m2 & bit;
  m2 |= m1 & bit;
  m1 |= bit;
  bit = 1 << (card6 >> 2);
  m4 |= m3 & bit;
  m3 |= m2 & bit;
  m2 |= m1 & bit;
  m1 |= bit;
  bit = 1 << (card7 >> 2);
  m4 |= m3 & bit;
  m3 |= m2 & bit;
  m2 |= m1 & bit;
  m1 |= bit;
  // Four suit counters packed in nibbles; adding 3 to each sets the nibble's top bit iff the count is >= 5.
  const sc =
    (1 << ((card1 & 3) << 2)) +
    (1 << ((card2 & 3) << 2)) +
    (1 << ((card3 & 3) << 2)) +
    (1 << ((card4 & 3) << 2)) +
    (1 << ((card5 & 3) << 2)) +
    (1 << ((card6 & 3) << 2)) +
    (1 << ((card7 & 3) << 2));
  const flush = (sc + 0x3333) & 0x8888;
  let fm = 0;
  if (flush !== 0) {
    const suit = (31 - Math.clz32(flush)) >> 2; // at most one suit can hold five of seven cards
    if ((card1 & 3) === suit) fm |= 1 << (card1 >> 2);
    if ((card2 & 3) === suit) fm |= 1 << (card2 >> 2);
    if ((card3 & 3) === suit) fm |= 1 << (card3 >> 2);
    if ((card4 & 3) === suit) fm |= 1 << (card4 >> 2);
    if ((card5 & 3) === suit) fm |= 1 << (card5 >> 2);
    if ((card6 & 3) === suit) fm |= 1 << (card6 >> 2);
    if ((card7 & 3) === suit) fm |= 1 << (card7 >> 2);
  }
  return classifyMasks(m1, m2, m3, m4, fm, STRAIGHT);
}

/** Any 5..7 natural cards from an array (Hold'em with 0-2 hole cards, stud, 6-card hands). */
export function evalHighMaskArray(
  cards: ArrayLike<Card>,
  count: number = cards.length,
  straights: Uint8Array = STRAIGHT,
): number {
  let m1 = 0,
    m2 = 0,
    m3 = 0,
    m4 = 0,
    sc = 0;
  for (let i = 0; i < count; i++) {
    const card = cards[i];
    const bit = 1 << (card >> 2);
    m4 |= m3 & bit;
    m3 |= m2 & bit;
    m2 |= m1 & bit;
    m1 |= bit;
    sc += 1 << ((card & 3) << 2);
  }
  const flush = (sc + 0x3333) & 0x8888;
  let fm = 0;
  if (flush !== 0) {
    const suit = (31 - Math.clz32(flush)) >> 2;
    for (let i = 0; i < count; i++) if ((cards[i] & 3) === suit) fm |= 1 << (cards[i] >> 2);
  }
  return classifyMasks(m1, m2, m3, m4, fm, straights);
}

/** Five cards, ace high only and A-2-3-4-5 not a straight (the basis of deuce-to-seven lowball). */
export function evalHighNoWheel5(card1: Card, card2: Card, card3: Card, card4: Card, card5: Card): number {
  let m1 = 0,
    m2 = 0,
    m3 = 0,
    m4 = 0,
    bit = 0;
  bit = 1 << (card1 >> 2);
  m1 = bit;
  bit = 1 << (card2 >> 2);
  m2 = m1 & bit;
  m1 |= bit;
  bit = 1 << (card3 >> 2);
  m3 = m2 & bit;
  m2 |= m1 & bit;
  m1 |= bit;
  bit = 1 << (card4 >> 2);
  m4 = m3 & bit;
  m3 |= m2 & bit;
  m2 |= m1 & bit;
  m1 |= bit;
  bit = 1 << (card5 >> 2);
  m4 |= m3 & bit;
  m3 |= m2 & bit;
  m2 |= m1 & bit;
  m1 |= bit;
  const suit = card1 & 3;
  const fm = (card2 & 3) === suit && (card3 & 3) === suit && (card4 & 3) === suit && (card5 & 3) === suit ? m1 : 0;
  return classifyMasks(m1, m2, m3, m4, fm, STRAIGHT_NO_WHEEL);
}
