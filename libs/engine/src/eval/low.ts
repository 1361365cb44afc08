/**
 * Ace-to-five low, eight or better (Omaha Hi/Lo, Stud Hi/Lo): five distinct ranks from ace to eight,
 * straights and flushes ignored, pairs unusable.
 *
 * Low ranks are bits of an 8-bit mask: ace = bit 0, deuce = bit 1, ... eight = bit 7. Lows are compared
 * from the highest card down, which is exactly integer comparison of the 5-bit masks (smaller = better),
 * and the best low from a set of ranks is its five lowest bits. The public value is
 * `LOW_VALUE_BASE - mask` so that bigger is better: A-2-3-4-5 scores 224, 8-7-6-5-4 scores 7.
 * There are C(8,5) = 56 distinct values.
 */
import type { Card } from '../cards/card';

export const LOW_VALUE_BASE = 255;

/** Low-rank bit of each card (0 for nine..king and for jokers). */
export const LOW_BIT = new Uint8Array(54);
for (let c = 0; c < 52; c++) {
  const rank = c >> 2;
  LOW_BIT[c] = rank === 12 ? 1 : rank <= 6 ? 1 << (rank + 1) : 0;
}

/** The five lowest set bits of an 8-bit mask, or 0 if it has fewer than five. */
export const LOW5 = new Uint8Array(256);
for (let m = 0; m < 256; m++) {
  let out = 0,
    count = 0;
  for (let b = 0; b < 8 && count < 5; b++)
    if (m & (1 << b)) {
      out |= 1 << b;
      count++;
    }
  LOW5[m] = count === 5 ? out : 0;
}

/** Best 8-or-better low of any number of cards; -1 when there is none. */
export function evalLow8Array(cards: ArrayLike<Card>, count: number = cards.length): number {
  let lowMask = 0;
  for (let i = 0; i < count; i++) lowMask |= LOW_BIT[cards[i]];
  const low = LOW5[lowMask];
  return low === 0 ? -1 : LOW_VALUE_BASE - low;
}

/** The five low ranks (0 = deuce .. 12 = ace, the card encoding's ranks) of a low value, highest first. */
export function low8Ranks(value: number): number[] {
  const mask = LOW_VALUE_BASE - value;
  const out: number[] = [];
  for (let b = 7; b >= 0; b--) if (mask & (1 << b)) out.push(b === 0 ? 12 : b - 1);
  return out;
}
