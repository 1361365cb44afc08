/**
 * Omaha evaluation: exactly two hole cards and exactly three board cards. Board triples and hole pairs
 * are reduced once to partial key sums, rank masks and suits in preallocated buffers; every pair x triple
 * combination is then one addition and one hash lookup (or one flush-table lookup when the pair and the
 * triple are all of one suit), without allocating.
 */
import type { Card } from '../cards/card';
import * as high from './high';
import * as low from './low';

// Module-local bindings for the hot loops (transpiled imports are property reads on the module object).
const { CARD_KEY, FLUSH_CLASS, classOfKey } = high;
const { LOW_BIT, LOW_VALUE_BASE } = low;

// Up to 10 board triples (5 board cards) and 15 hole pairs (6 hole cards).
const TK = new Int32Array(10),
  TM = new Int32Array(10),
  TS = new Int32Array(10);
const PK = new Int32Array(15),
  PM = new Int32Array(15),
  PS = new Int32Array(15);

function prepareTriples(board: ArrayLike<Card>, nb: number): number {
  let count = 0;
  for (let i = 0; i < nb - 2; i++) {
    const card1 = board[i];
    for (let j = i + 1; j < nb - 1; j++) {
      const card2 = board[j];
      for (let k = j + 1; k < nb; k++) {
        const card3 = board[k];
        TK[count] = CARD_KEY[card1] + CARD_KEY[card2] + CARD_KEY[card3];
        TM[count] = (1 << (card1 >> 2)) | (1 << (card2 >> 2)) | (1 << (card3 >> 2));
        const suit = card1 & 3;
        TS[count] = (card2 & 3) === suit && (card3 & 3) === suit ? suit : -1;
        count++;
      }
    }
  }
  return count;
}

function preparePairs(hole: ArrayLike<Card>, nh: number): number {
  let count = 0;
  for (let i = 0; i < nh - 1; i++) {
    const card1 = hole[i];
    for (let j = i + 1; j < nh; j++) {
      const card2 = hole[j];
      PK[count] = CARD_KEY[card1] + CARD_KEY[card2];
      PM[count] = (1 << (card1 >> 2)) | (1 << (card2 >> 2));
      PS[count] = (card1 & 3) === (card2 & 3) ? card1 & 3 : -2; // never equals a triple's -1
      count++;
    }
  }
  return count;
}

/** Best Omaha high class (same scale as `evaluateHigh`); hole 2..6 cards, board 3..5 cards. */
export function evalOmahaHigh(hole: ArrayLike<Card>, nh: number, board: ArrayLike<Card>, nb: number): number {
  const nt = prepareTriples(board, nb);
  const np = preparePairs(hole, nh);
  // Pass 1, branch-free: every combination by its ranks alone. For a combination that is really a flush
  // this reads it as a straight or a no-pair hand, which is below its flush value — a harmless lower
  // bound, since pass 2 scores the flushes.
  let best = 0;
  for (let t = 0; t < nt; t++) {
    const tk = TK[t];
    for (let p = 0; p < np; p++) {
      const value = classOfKey(PK[p] + tk);
      if (value > best) best = value;
    }
  }
  // Pass 2: suited hole pairs with board triples of their suit.
  for (let t = 0; t < nt; t++) {
    const ts = TS[t];
    if (ts < 0) continue;
    for (let p = 0; p < np; p++) {
      if (PS[p] !== ts) continue;
      const value = FLUSH_CLASS[PM[p] | TM[t]];
      if (value > best) best = value;
    }
  }
  return best;
}

/** Best Omaha 8-or-better low value, or -1 when no two hole cards and three board cards make one. */
export function evalOmahaLow8(hole: ArrayLike<Card>, nh: number, board: ArrayLike<Card>, nb: number): number {
  let bestMask = 0x100; // any qualifying 5-bit mask is below this; smaller mask = better low
  for (let i = 0; i < nb - 2; i++) {
    const bit1 = LOW_BIT[board[i]];
    if (bit1 === 0) continue;
    for (let j = i + 1; j < nb - 1; j++) {
      const bit2 = LOW_BIT[board[j]];
      if (bit2 === 0 || (bit1 & bit2) !== 0) continue;
      for (let k = j + 1; k < nb; k++) {
        const bit3 = LOW_BIT[board[k]];
        if (bit3 === 0 || ((bit1 | bit2) & bit3) !== 0) continue;
        const tm = bit1 | bit2 | bit3;
        for (let x = 0; x < nh - 1; x++) {
          const hx = LOW_BIT[hole[x]];
          if (hx === 0 || (hx & tm) !== 0) continue;
          for (let y = x + 1; y < nh; y++) {
            const hy = LOW_BIT[hole[y]];
            if (hy === 0 || ((hx | tm) & hy) !== 0) continue;
            const lowMask = tm | hx | hy;
            if (lowMask < bestMask) bestMask = lowMask;
          }
        }
      }
    }
  }
  return bestMask === 0x100 ? -1 : LOW_VALUE_BASE - bestMask;
}
