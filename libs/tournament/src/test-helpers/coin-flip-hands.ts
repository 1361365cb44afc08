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
    const playerCount = stacks.length;
    const first = randomInt(rng, playerCount);
    const second = (first + 1 + randomInt(rng, playerCount - 1)) % playerCount;
    const [winner, loser] = randomInt(rng, 2) === 0 ? [first, second] : [second, first];
    const amount =
      randomInt(rng, 100) < allInPercent
        ? Math.min(stacks[first], stacks[second])
        : Math.min(stacks[loser], hand.level.bigBlind);
    stacks[winner] += amount;
    stacks[loser] -= amount;
    return stacks;
  };
}
