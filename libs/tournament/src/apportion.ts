/**
 * Splitting an integer number of chips in proportion to weights, exactly (BigInt, no floats), by the
 * largest-remainder rule: everybody gets `floor(total × w / Σw)`, and the few chips left (fewer than
 * the number of shares) go one each to the largest fractional remainders. Equal remainders are
 * broken by `tieRank` (lower rank first) — each caller documents what its rank means (usually:
 * larger stack first, then input order).
 *
 * Shared by the deal calculators, the bounty split and the cancellation split, so "no chip is ever
 * lost" is proved once: the result always sums to `total`.
 */
export function apportion(total: number, weights: readonly bigint[], tieRank: readonly number[]): number[] {
  const sum = weights.reduce((a, b) => a + b, 0n);
  if (weights.length === 0) return [];
  if (sum === 0n) throw new RangeError('apportion: weights sum to zero');
  const totalBig = BigInt(total);
  const base = weights.map((w) => (totalBig * w) / sum);
  const rem = weights.map((w) => (totalBig * w) % sum);
  let left = Number(totalBig - base.reduce((a, b) => a + b, 0n));
  const order = weights
    .map((_, i) => i)
    .sort((a, b) => (rem[a] === rem[b] ? tieRank[a] - tieRank[b] : rem[b] > rem[a] ? 1 : -1));
  const out = base.map(Number);
  for (const index of order) {
    if (left === 0) break;
    out[index]++;
    left--;
  }
  return out;
}

/** Tie ranks "larger stack first, then input order" for `apportion`. */
export function rankByStackThenInput(stacks: readonly number[]): number[] {
  const idx = stacks.map((_, i) => i).sort((a, b) => stacks[b] - stacks[a] || a - b);
  const rank = new Array<number>(stacks.length);
  idx.forEach((i, r) => (rank[i] = r));
  return rank;
}
