import type { RandomSource } from '../random';

/**
 * A tiny seeded PRNG (mulberry32) for tests and the benchmark only. Production injects the engine's
 * CSPRNG; nothing in the library proper creates randomness.
 */
export function testRandom(seed: number): RandomSource {
  let state = seed >>> 0;
  return {
    nextUint32(): number {
      state = (state + 0x6d2b79f5) >>> 0;
      let mixed = state;
      mixed = Math.imul(mixed ^ (mixed >>> 15), mixed | 1);
      mixed ^= mixed + Math.imul(mixed ^ (mixed >>> 7), mixed | 61);
      return (mixed ^ (mixed >>> 14)) >>> 0;
    },
  };
}
