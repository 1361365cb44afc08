/**
 * The table never calls `Math.random`: a random source is injected. The source type and the unbiased
 * integer helper are the engine's (the layering is engine ← table), re-exported under the names this
 * library has always exported.
 */
import type { RandomSource } from '@naiko/engine';

export { type RandomSource, randomInt as randomBelow } from '@naiko/engine';

/** A uniform float in [0, 1) with 32 bits of precision (for bot mixing probabilities). */
export const randomUnit = (rng: RandomSource): number => (rng.nextUint32() >>> 0) / 0x100000000;
