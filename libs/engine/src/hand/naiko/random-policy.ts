import { randomInt, type RandomSource } from '../../rng/random-source';
import { legalActions } from '../apply';
import { randomLegalAction } from '../random-policy';
import type { Action, HandState } from '../types';
import { legalPowers } from './powers';
import type { PowerId } from './types';

/**
 * Random legal play with powers (property tests, benchmarks; not a bot strategy): in a Seal Shield
 * window a random answer (a decline is sometimes the table's timeout); otherwise, now and then, a
 * random legal power with a random legal card or target, else a random legal poker action.
 */
export function randomNaikoAction(state: HandState, rng: RandomSource, powerChance = 0.35): Action | null {
  const la = legalActions(state);
  if (!la) return null;
  if (la.actions.includes('shield') || la.actions.includes('decline')) {
    const type = la.actions[randomInt(rng, la.actions.length)];
    return type === 'decline' && randomInt(rng, 2) === 0
      ? { type, seat: la.seat, timeout: true }
      : { type, seat: la.seat };
  }
  const powers = Object.entries(legalPowers(state)) as [PowerId, { cards?: number[]; targets?: number[] }][];
  if (powers.length && randomInt(rng, 1000) < powerChance * 1000) {
    const [power, legal] = powers[randomInt(rng, powers.length)];
    if (power === 'sleeve-swap')
      return { type: power, seat: la.seat, card: legal.cards![randomInt(rng, legal.cards!.length)] };
    if (power === 'short-anchor')
      return { type: power, seat: la.seat, target: legal.targets![randomInt(rng, legal.targets!.length)] };
    return { type: power, seat: la.seat };
  }
  return randomLegalAction(state, rng);
}
