/**
 * Omaha evaluation: exactly two hole cards and exactly three board cards. Board triples and hole pairs
 * are reduced once to rank-multiplicity masks in preallocated buffers, then every pair x triple
 * combination merges masks and classifies without touching the cards again or allocating.
 */
import type { Card } from '../cards/card';
import { classifyMasks } from './high';
import { LOW_BIT, LOW_VALUE_BASE } from './low';
import { STRAIGHT, TOP5 } from './tables';

// Up to 10 board triples (5 board cards) and 10 hole pairs (5 hole cards, 5-card Omaha).
const T1 = new Int32Array(10), T2 = new Int32Array(10), T3 = new Int32Array(10), TS = new Int32Array(10);
const P1 = new Int32Array(10), P2 = new Int32Array(10), PS = new Int32Array(10);

function prepareTriples(board: ArrayLike<Card>, nb: number): number {
  let n = 0;
  for (let i = 0; i < nb - 2; i++) {
    const a = board[i], ba = 1 << (a >> 2);
    for (let j = i + 1; j < nb - 1; j++) {
      const b = board[j], bb = 1 << (b >> 2);
      const m1ab = ba | bb, m2ab = ba & bb;
      for (let k = j + 1; k < nb; k++) {
        const c = board[k], bc = 1 << (c >> 2);
        T1[n] = m1ab | bc;
        T2[n] = m2ab | (m1ab & bc);
        T3[n] = m2ab & bc;
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
    const a = hole[i], ba = 1 << (a >> 2);
    for (let j = i + 1; j < nh; j++) {
      const b = hole[j], bb = 1 << (b >> 2);
      P1[n] = ba | bb;
      P2[n] = ba & bb;
      PS[n] = (a & 3) === (b & 3) ? a & 3 : -2;
      n++;
    }
  }
  return n;
}

/** Best Omaha high value (same scale as `evaluateHigh`); hole 2..6 cards, board 3..5 cards. */
export function evalOmahaHigh(hole: ArrayLike<Card>, nh: number, board: ArrayLike<Card>, nb: number): number {
  const nt = prepareTriples(board, nb);
  const np = preparePairs(hole, nh);
  let best = -1;
  for (let t = 0; t < nt; t++) {
    const t1 = T1[t], t2 = T2[t], t3 = T3[t], ts = TS[t];
    for (let p = 0; p < np; p++) {
      const p1 = P1[p], p2 = P2[p];
      // Rank multiplicities add: count = pair count (<= 2) + triple count (<= 3).
      const m1 = t1 | p1;
      const m2 = t2 | p2 | (t1 & p1);
      const m3 = t3 | (t2 & p1) | (t1 & p2);
      const m4 = (t3 & p1) | (t2 & p2);
      const v = classifyMasks(m1, m2, m3, m4, PS[p] === ts ? m1 : 0, STRAIGHT);
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

export { TOP5 };
