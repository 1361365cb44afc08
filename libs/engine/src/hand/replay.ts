import type { Card } from '../cards/card';
import { seededRandom } from '../rng/random-source';
import { apply } from './apply';
import { actionsOf, dealtCards } from './event-log';
import { bindRules } from './rule-module';
import { RULE_MODULES } from './rule-modules';
import { resolveVariant, start } from './start';
import type { Action, ActionError, HandConfig, HandEvent, HandState } from './types';

export { actionsOf, dealtCards } from './event-log';

export type ReplayResult =
  | { ok: true; state: HandState; events: HandEvent[] }
  | { ok: false; index: number; error: ActionError; state: HandState; events: HandEvent[] };

/**
 * Rebuilds a hand from its config, its cards (a stacked deck, or the seed of a seeded shuffle) and
 * its actions. Stops at the first refused action and says which.
 */
export function replay(
  config: HandConfig,
  deckOrSeed: readonly Card[] | string | number,
  actions: readonly Action[],
): ReplayResult {
  const source = typeof deckOrSeed === 'object' ? { deck: deckOrSeed } : { rng: seededRandom(deckOrSeed) };
  const started = start(config, source);
  let state = started.state;
  const events = started.events.slice();
  for (let k = 0; k < actions.length; k++) {
    const result = apply(state, actions[k]);
    if (!result.ok) return { ok: false, index: k, error: result.error, state, events };
    state = result.state;
    for (const event of result.events) events.push(event);
  }
  return { ok: true, state, events };
}

/**
 * Replays a hand from its (unredacted) event log alone: the dealt cards become a stacked deck. A rule
 * module whose events carry cards, actions or settings the core does not read (draws; Naiko's swap
 * cards, peeks, the carousel, shield answers) rebuilds the inputs itself (`RuleModule.replayInputs`).
 */
export function replayEvents(config: HandConfig, events: readonly HandEvent[]): ReplayResult {
  const spec = resolveVariant(config.variant);
  for (const inputsOf of bindRules(spec, RULE_MODULES).replayers) {
    const inputs = inputsOf(config, spec, events);
    if (inputs) return replay(inputs.config, inputs.deck, inputs.actions);
  }
  return replay(config, dealtCards(events), actionsOf(events));
}
