import type { RandomSource } from '../random';

/**
 * A tiny seeded PRNG (mulberry32) for tests and the benchmark only. Production injects the engine's
 * CSPRNG; nothing in the library proper creates randomness.
 */
export function testRandom(seed: number): RandomSource {
  let a = seed >>> 0;
  return {
    nextUint32(): number {
      a = (a + 0x6d2b79f5) >>> 0;
      let t = a;
      t = Math.imul(t ^ (t >>> 15), t | 1);
      t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
      return (t ^ (t >>> 14)) >>> 0;
    },
  };
}
