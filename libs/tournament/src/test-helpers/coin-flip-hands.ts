import type { RandomSource } from '../random';
import { randomInt } from '../random';
import type { PlayHand } from '../simulation';

/**
 * A simulated hand-outcome model (NOT poker): blinds and antes are ignored; with probability
 * `allInPercent`% two random players go all-in and a fair coin decides, the loser paying the smaller
 * stack; otherwise one random player wins a big blind from another. For tests of the core and as a
 * fallback model; the benchmark uses the real engine.
 */
export function coinFlipHands(rng: RandomSource, allInPercent = 30): PlayHand {
  return (hand) => {
    const stacks = hand.seats.map((s) => s.stack);
    const n = stacks.length;
    const a = randomInt(rng, n);
    const b = (a + 1 + randomInt(rng, n - 1)) % n;
    const [winner, loser] = randomInt(rng, 2) === 0 ? [a, b] : [b, a];
    const amount =
      randomInt(rng, 100) < allInPercent
        ? Math.min(stacks[a], stacks[b])
        : Math.min(stacks[loser], hand.level.bigBlind);
    stacks[winner] += amount;
    stacks[loser] -= amount;
    return stacks;
  };
}
