import { replay, type ReplayResult } from '../replay';
import type { HandConfig, HandEvent } from '../types';
import { powerReplayInputs } from './replay';

/**
 * Replays a powers hand from its unredacted log (the carousel, swap and peeked cards come from it);
 * `replayEvents` does the same for a `naiko` hand through the powers module. Apart from the module
 * (which the machine imports through `start`) so that the module does not import the machine's entry.
 */
export function replayPowerEvents(config: HandConfig, events: readonly HandEvent[]): ReplayResult {
  const inputs = powerReplayInputs(config, events);
  return replay(inputs.config, inputs.deck, inputs.actions);
}
