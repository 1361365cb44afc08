/**
 * Cancellation after the start (the common published rule): the prize pool not yet paid out is split
 * among the players still in, half equally and half by chip count.
 *
 * - `pool` is what is left to distribute (the caller subtracts prizes already paid to players who
 *   finished in the money; busted players out of the money get nothing).
 * - Halves: the chip-count half is `floor(pool / 2)`, the equal half is the rest (so an odd pool puts
 *   its odd chip in the equal half).
 * - Equal half: `floor(equal / n)` each; the chips left go one each to the larger stacks, then to the
 *   earlier player in the input.
 * - Chip-count half: largest remainder by chip share (`apportion`), ties to the larger stack, then
 *   input order.
 * Whole chips, and the result sums exactly to `pool`.
 */
import { apportion, rankByStackThenInput } from './apportion';
import { DealError } from './errors';

export interface CancellationShare {
  readonly equalPart: number;
  readonly chipPart: number;
  readonly total: number;
}

export function cancellationAfterStartSplit(pool: number, stacks: readonly number[]): CancellationShare[] {
  if (!Number.isSafeInteger(pool) || pool < 0) {
    throw new DealError('bad-amount', 'the pool to distribute is a non-negative integer');
  }
  if (stacks.length === 0 || !stacks.every((s) => Number.isSafeInteger(s) && s > 0)) {
    throw new DealError('bad-stacks', 'at least one remaining player, each with a positive integer stack');
  }
  const chipHalf = Math.floor(pool / 2);
  const equalHalf = pool - chipHalf;
  const rank = rankByStackThenInput(stacks);
  const equal = apportion(
    equalHalf,
    stacks.map(() => 1n),
    rank,
  );
  const byChips = apportion(chipHalf, stacks.map(BigInt), rank);
  return stacks.map((_, i) => ({ equalPart: equal[i], chipPart: byChips[i], total: equal[i] + byChips[i] }));
}
