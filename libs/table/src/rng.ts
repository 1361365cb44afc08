/**
 * The table never calls `Math.random`: a random source is injected (structurally the same as the
 * engine's `RandomSource`, so `seededRandom`/`cryptoRandom` from `@naiko/engine` fit directly).
 */
export interface RandomSource {
  /** A uniformly distributed unsigned 32-bit integer (0 .. 2^32-1). */
  nextUint32(): number;
}

/** Unbiased integer in 0..n-1 by rejection sampling (draws in the short last bucket are redrawn). */
export function randomBelow(rng: RandomSource, n: number): number {
  if (!Number.isInteger(n) || n < 1 || n > 0x100000000) throw new RangeError(`randomBelow: bad bound ${n}`);
  if (n === 1) return 0;
  const limit = 0x100000000 - (0x100000000 % n);
  for (;;) {
    const x = rng.nextUint32() >>> 0;
    if (x < limit) return x % n;
  }
}

/** A uniform float in [0, 1) with 32 bits of precision (for bot mixing probabilities). */
export const randomUnit = (rng: RandomSource): number => (rng.nextUint32() >>> 0) / 0x100000000;
