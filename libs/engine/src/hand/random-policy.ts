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
  // A fold where checking is free is legal but left out here, so the seeded runs explore the same
  // hands as before that rule (the property tests fold on a free check with their own policy).
  const actions = la.actions.includes('check') ? la.actions.filter((a) => a !== 'fold') : la.actions;
  const type = actions[randomInt(rng, actions.length)];
  if (type === 'bet' || type === 'raise') {
    if (la.choices) return { type, seat: la.seat, amount: la.choices[randomInt(rng, la.choices.length)] };
    return { type, seat: la.seat, amount: la.minTo + randomInt(rng, la.maxTo - la.minTo + 1) };
  }
  return { type, seat: la.seat };
}
