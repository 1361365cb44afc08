import type { Card } from '../cards/card';
import { evalHighArray } from '../eval/high';
import { evalLow8Array } from '../eval/low';
import { evalOmahaHigh, evalOmahaLow8 } from '../eval/omaha';
import { evaluatorFor, type CompareOptions, type RankingId } from '../eval/registry';

/**
 * What the showdown needs of a ranking: a score of a player's private cards with the board
 * (bigger is better, -1 = no qualifying hand, e.g. no 8-or-better low) and a comparison (plain
 * numeric except for rankings like Telesina's heads-up straight flush rule).
 */
export interface ShowdownRanking {
  score(hole: readonly Card[], board: readonly Card[]): number;
  compare(a: number, b: number, options?: CompareOptions): number;
}

const numeric = (a: number, b: number): number => a - b;
// Scratch buffer: no allocation per evaluation on the showdown hot path.
const buf = new Int32Array(16);
function join(hole: readonly Card[], board: readonly Card[]): number {
  let n = 0;
  for (let i = 0; i < hole.length; i++) buf[n++] = hole[i];
  for (let i = 0; i < board.length; i++) buf[n++] = board[i];
  return n;
}

/** Allocation-free paths for the flop games' rankings (same values as the registry's evaluators). */
const fast = new Map<string, ShowdownRanking>([
  ['high', { score: (h, b) => evalHighArray(buf, join(h, b)), compare: numeric }],
  ['low8', { score: (h, b) => evalLow8Array(buf, join(h, b)), compare: numeric }],
  ['omaha-high', { score: (h, b) => evalOmahaHigh(h, h.length, b, b.length), compare: numeric }],
  ['omaha-low8', { score: (h, b) => evalOmahaLow8(h, h.length, b, b.length), compare: numeric }],
]);
const cache = new Map<string, ShowdownRanking>();

/** The showdown ranking for a ranking id (any id of the evaluator registry). */
export function rankingFor(id: string): ShowdownRanking {
  const f = fast.get(id) ?? cache.get(id);
  if (f) return f;
  const ev = evaluatorFor(id as RankingId);
  const r: ShowdownRanking = {
    score: (h, b) => ev.best(h, b) ?? -1,
    compare: (a, b, o) => ev.compare(a, b, o),
  };
  cache.set(id, r);
  return r;
}
