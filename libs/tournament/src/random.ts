/**
 * Randomness is injected. The engine owns the random source and the unbiased integer/shuffle helpers
 * (the layering is engine ← table ← tournament); this module re-exports them under the names the
 * tournament library has always exported, so callers of `@naiko/tournament` are unaffected.
 */
export { type RandomSource, randomInt, shuffle as shuffled } from '@naiko/engine';
