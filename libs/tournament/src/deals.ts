/**
 * Final-table deals: the ICM (Malmuth–Harville) and chip-chop calculators.
 *
 * Input: the remaining players' stacks (integer chips, > 0) and the prizes still to be paid to them,
 * `payouts[0]` for 1st, `payouts[1]` for 2nd, ... (integer chips; fewer payouts than players means
 * the last places pay nothing). An optional `leftToPlayFor` is taken off the first prize before the
 * deal: it stays in play and goes to whoever wins the tournament afterwards.
 *
 * Output: integer prizes in the players' order that sum exactly to `Σ payouts − leftToPlayFor`.
 *
 * Odd chips (both calculators): everybody gets the whole-chip part of his exact share; the chips left
 * (fewer than the number of players) go one each to the largest fractional parts, ties to the larger
 * stack, then to the earlier player in the input.
 *
 * Malmuth–Harville: the probability that a player finishes 1st is his share of the chips; given the
 * players already placed, the probability that a player takes the next place is his share of the chips
 * still unplaced. Equity = Σ over places of P(place) × prize. Computed exactly (BigInt fractions) over
 * subsets of already-placed players, 2^n × n steps, so `MAX_ICM_PLAYERS` bounds n (a final table).
 */
import { apportion, rankByStackThenInput } from './apportion';
import { DealError } from './errors';

export const MAX_ICM_PLAYERS = 12;

export interface DealInput {
  readonly stacks: readonly number[];
  readonly payouts: readonly number[];
  /** Chips kept out of the deal for the eventual winner; taken off the first prize. Default 0. */
  readonly leftToPlayFor?: number;
}

export interface DealResult {
  /** Integer prize of each player, in input order; sums exactly to `dealtPool`. */
  readonly prizes: number[];
  readonly dealtPool: number;
  readonly leftToPlayFor: number;
}

const isNonNegInt = (n: number) => Number.isSafeInteger(n) && n >= 0;

function validate(input: DealInput): { stacks: number[]; payouts: number[]; left: number } {
  const { stacks, payouts } = input;
  const left = input.leftToPlayFor ?? 0;
  if (stacks.length === 0 || !stacks.every((s) => Number.isSafeInteger(s) && s > 0)) {
    throw new DealError('bad-stacks', 'a deal needs at least one player, each with a positive integer stack');
  }
  if (payouts.length === 0 || payouts.length > stacks.length || !payouts.every(isNonNegInt)) {
    throw new DealError(
      'bad-payouts',
      'payouts are non-negative integers, one per remaining place at most (1st first)',
    );
  }
  for (let i = 1; i < payouts.length; i++) {
    if (payouts[i] > payouts[i - 1]) throw new DealError('bad-payouts', 'payouts must not increase with the place');
  }
  if (!isNonNegInt(left) || left > payouts[0]) {
    throw new DealError('bad-amount', 'the amount left to play for is an integer between 0 and the first prize');
  }
  const total = stacks.reduce((a, b) => a + b, 0);
  if (!Number.isSafeInteger(total)) throw new DealError('bad-stacks', 'total chips exceed the safe integer range');
  return { stacks: [...stacks], payouts: [payouts[0] - left, ...payouts.slice(1)], left };
}

const gcd = (dividend: bigint, divisor: bigint): bigint => {
  while (divisor !== 0n) [dividend, divisor] = [divisor, dividend % divisor];
  return dividend < 0n ? -dividend : dividend;
};

/** Exact fraction n/d with d > 0, reduced. */
interface Frac {
  n: bigint;
  d: bigint;
}
const frac = (numerator: bigint, denominator: bigint): Frac => {
  const common = gcd(numerator, denominator) || 1n;
  return { n: numerator / common, d: denominator / common };
};
const add = (a: Frac, b: Frac) => frac(a.n * b.d + b.n * a.d, a.d * b.d);
const mul = (a: Frac, b: Frac) => frac(a.n * b.n, a.d * b.d);

/**
 * Exact ICM equities (fractions of chips) of each player, Malmuth–Harville. Exposed for display
 * (e.g. "38.39") and for tests; `icmDeal` turns them into integer prizes.
 */
export function icmEquities(stacks: readonly number[], payouts: readonly number[]): { n: bigint; d: bigint }[] {
  const playerCount = stacks.length;
  if (playerCount > MAX_ICM_PLAYERS) {
    throw new DealError('too-many-players', `ICM is computed for at most ${MAX_ICM_PLAYERS} players`);
  }
  const total = stacks.reduce((a, b) => a + b, 0);
  const places = payouts.length;
  // prob[mask] = P(the players in `mask` take exactly the first popcount(mask) places).
  const prob = new Map<number, Frac>([[0, { n: 1n, d: 1n }]]);
  const equity: Frac[] = stacks.map(() => ({ n: 0n, d: 1n }));
  // Masks by increasing popcount: build level by level.
  let level = [0];
  const chipsIn = (mask: number) => stacks.reduce((a, s, i) => ((mask >> i) & 1 ? a + s : a), 0);
  for (let place = 0; place < places; place++) {
    const next = new Set<number>();
    for (const mask of level) {
      const maskProbability = prob.get(mask)!;
      const remaining = BigInt(total - chipsIn(mask));
      for (let j = 0; j < playerCount; j++) {
        if ((mask >> j) & 1) continue;
        const pj = mul(maskProbability, frac(BigInt(stacks[j]), remaining));
        equity[j] = add(equity[j], mul(pj, { n: BigInt(payouts[place]), d: 1n }));
        const m2 = mask | (1 << j);
        prob.set(m2, prob.has(m2) ? add(prob.get(m2)!, pj) : pj);
        next.add(m2);
      }
    }
    level = [...next];
  }
  return equity;
}

/** ICM deal: each player gets his Malmuth–Harville equity, rounded to whole chips as documented above. */
export function icmDeal(input: DealInput): DealResult {
  const { stacks, payouts, left } = validate(input);
  const equities = icmEquities(stacks, payouts);
  const dealtPool = payouts.reduce((a, b) => a + b, 0);
  if (dealtPool === 0) return { prizes: stacks.map(() => 0), dealtPool, leftToPlayFor: left };
  // Bring every equity to one denominator; apportioning the pool by these weights gives floor(equity)
  // plus the odd chips, because Σ equities = pool exactly.
  const common = equities.reduce((acc, e) => (acc * e.d) / gcd(acc, e.d), 1n);
  const weights = equities.map((e) => (e.n * common) / e.d);
  const prizes = apportion(dealtPool, weights, rankByStackThenInput(stacks));
  return { prizes, dealtPool, leftToPlayFor: left };
}

/**
 * Chip chop: the pool (Σ payouts − left to play for) split by chip share. Note that a pure chop can
 * give the chip leader more than the first prize when stacks are very uneven; directors usually
 * prefer ICM then. The calculator does not cap it: that is a policy for whoever proposes the deal.
 */
export function chipChopDeal(input: DealInput): DealResult {
  const { stacks, payouts, left } = validate(input);
  const dealtPool = payouts.reduce((a, b) => a + b, 0);
  const prizes = apportion(dealtPool, stacks.map(BigInt), rankByStackThenInput(stacks));
  return { prizes, dealtPool, leftToPlayFor: left };
}
