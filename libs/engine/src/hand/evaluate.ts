import type { Card } from '../cards/card';
import {
  evalHigh7,
  evaluateHigh,
  evaluateLow8,
  evaluateOmahaHigh,
  evaluateOmahaLow8,
  evaluatorFor,
  type CompareOptions,
  type RankingId,
} from '../eval';

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
const joined = (h: readonly Card[], b: readonly Card[]): Card[] => (b.length ? h.concat(b) : (h as Card[]));

/** Direct paths for the flop games' rankings (the same functions the registry wraps). */
const fast = new Map<string, ShowdownRanking>([
  [
    'high',
    {
      // Hold'em's 2 + 5 is the hot path of every showdown: the 7-card evaluator takes them unpacked.
      score: (hole, board) =>
        hole.length === 2 && board.length === 5
          ? evalHigh7(hole[0], hole[1], board[0], board[1], board[2], board[3], board[4])
          : evaluateHigh(joined(hole, board)),
      compare: numeric,
    },
  ],
  ['low8', { score: (h, b) => evaluateLow8(joined(h, b)) ?? -1, compare: numeric }],
  ['omaha-high', { score: (h, b) => evaluateOmahaHigh(h, b), compare: numeric }],
  ['omaha-low8', { score: (h, b) => evaluateOmahaLow8(h, b) ?? -1, compare: numeric }],
]);
const cache = new Map<string, ShowdownRanking>();

/** The showdown ranking for a ranking id (any id of the evaluator registry). */
export function rankingFor(id: string): ShowdownRanking {
  const ranking = fast.get(id) ?? cache.get(id);
  if (ranking) return ranking;
  const ev = evaluatorFor(id as RankingId);
  const showdownRanking: ShowdownRanking = {
    score: (h, b) => ev.best(h, b) ?? -1,
    compare: (a, b, o) => ev.compare(a, b, o),
  };
  cache.set(id, showdownRanking);
  return showdownRanking;
}
