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
  let n = 0;
  for (let i = 0; i < nb - 2; i++) {
    const a = board[i];
    for (let j = i + 1; j < nb - 1; j++) {
      const b = board[j];
      for (let k = j + 1; k < nb; k++) {
        const c = board[k];
        TK[n] = CARD_KEY[a] + CARD_KEY[b] + CARD_KEY[c];
        TM[n] = (1 << (a >> 2)) | (1 << (b >> 2)) | (1 << (c >> 2));
        const s = a & 3;
        TS[n] = (b & 3) === s && (c & 3) === s ? s : -1;
        n++;
      }
    }
  }
  return n;
}

function preparePairs(hole: ArrayLike<Card>, nh: number): number {
  let n = 0;
  for (let i = 0; i < nh - 1; i++) {
    const a = hole[i];
    for (let j = i + 1; j < nh; j++) {
      const b = hole[j];
      PK[n] = CARD_KEY[a] + CARD_KEY[b];
      PM[n] = (1 << (a >> 2)) | (1 << (b >> 2));
      PS[n] = (a & 3) === (b & 3) ? a & 3 : -2; // never equals a triple's -1
      n++;
    }
  }
  return n;
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
      const v = classOfKey(PK[p] + tk);
      if (v > best) best = v;
    }
  }
  // Pass 2: suited hole pairs with board triples of their suit.
  for (let t = 0; t < nt; t++) {
    const ts = TS[t];
    if (ts < 0) continue;
    for (let p = 0; p < np; p++) {
      if (PS[p] !== ts) continue;
      const v = FLUSH_CLASS[PM[p] | TM[t]];
      if (v > best) best = v;
    }
  }
  return best;
}

/** Best Omaha 8-or-better low value, or -1 when no two hole cards and three board cards make one. */
export function evalOmahaLow8(hole: ArrayLike<Card>, nh: number, board: ArrayLike<Card>, nb: number): number {
  let bestMask = 0x100; // any qualifying 5-bit mask is below this; smaller mask = better low
  for (let i = 0; i < nb - 2; i++) {
    const a = LOW_BIT[board[i]];
    if (a === 0) continue;
    for (let j = i + 1; j < nb - 1; j++) {
      const b = LOW_BIT[board[j]];
      if (b === 0 || (a & b) !== 0) continue;
      for (let k = j + 1; k < nb; k++) {
        const c = LOW_BIT[board[k]];
        if (c === 0 || ((a | b) & c) !== 0) continue;
        const tm = a | b | c;
        for (let x = 0; x < nh - 1; x++) {
          const hx = LOW_BIT[hole[x]];
          if (hx === 0 || (hx & tm) !== 0) continue;
          for (let y = x + 1; y < nh; y++) {
            const hy = LOW_BIT[hole[y]];
            if (hy === 0 || ((hx | tm) & hy) !== 0) continue;
            const m = tm | hx | hy;
            if (m < bestMask) bestMask = m;
          }
        }
      }
    }
  }
  return bestMask === 0x100 ? -1 : LOW_VALUE_BASE - bestMask;
}
