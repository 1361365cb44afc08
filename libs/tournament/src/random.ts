/**
 * Randomness is injected. `RandomSource` is structurally the engine's interface, so the engine's
 * `seededRandom` (tests, replays) and `cryptoRandom` (production) both satisfy it without this library
 * importing the engine.
 */
export interface RandomSource {
  /** A uniformly distributed unsigned 32-bit integer (0 .. 2^32-1). */
  nextUint32(): number;
}

const TWO_32 = 0x1_0000_0000;

/**
 * A uniform integer in [0, bound). Rejection sampling: draws at or above the largest multiple of
 * `bound` are discarded so no value is favoured (plain `% bound` would be biased).
 */
export function randomInt(rng: RandomSource, bound: number): number {
  if (!Number.isInteger(bound) || bound < 1 || bound > TWO_32) {
    throw new RangeError(`randomInt bound must be an integer in 1..2^32, got ${bound}`);
  }
  const limit = TWO_32 - (TWO_32 % bound);
  for (;;) {
    const x = rng.nextUint32() >>> 0;
    if (x < limit) return x % bound;
  }
}

/** Fisher–Yates shuffle into a new array; the input is not touched. */
export function shuffled<T>(items: readonly T[], rng: RandomSource): T[] {
  const out = items.slice();
  for (let i = out.length - 1; i > 0; i--) {
    const j = randomInt(rng, i + 1);
    const tmp = out[i];
    out[i] = out[j];
    out[j] = tmp;
  }
  return out;
}
