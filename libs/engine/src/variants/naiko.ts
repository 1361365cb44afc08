// Naiko mode's powers module registers its extension points on load (like the stud and draw modules);
// the `naiko` spec itself is the No-Limit Hold'em spec in `flop.ts` with `powers: true`.
import '../hand/naiko/powers';

export * from '../hand/naiko';
