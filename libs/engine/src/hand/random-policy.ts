import { randomInt, type RandomSource } from '../rng/random-source';
import { legalActions } from './apply';
import type { Action, HandState } from './types';

/**
 * A uniformly random legal action (bets and raises of random legal size, folds only when facing a
 * bet). Used by the benchmark and the property tests; not a bot strategy.
 */
export function randomLegalAction(state: HandState, rng: RandomSource): Action | null {
  const la = legalActions(state);
  if (!la) return null;
  const type = la.actions[randomInt(rng, la.actions.length)];
  if (type === 'bet' || type === 'raise') {
    if (la.choices) return { type, seat: la.seat, amount: la.choices[randomInt(rng, la.choices.length)] };
    return { type, seat: la.seat, amount: la.minTo + randomInt(rng, la.maxTo - la.minTo + 1) };
  }
  return { type, seat: la.seat };
}
