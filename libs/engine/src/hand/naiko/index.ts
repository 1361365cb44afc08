/**
 * Naiko mode: sparks, the carousel and the four powers on No-Limit Hold'em
 * (docs/rules/naiko.de.txt §5, the power pages).
 */
export * from './types';
export {
  POWERS,
  SHIELD_WINDOW_PHASE,
  MAX_ACTIVATIONS_PER_ROUND,
  powersExt,
  powersView,
  sparksOf,
  legalPowers,
  type PowersView,
} from './powers';
export { powerActionsOf, powerDealtCards, powerReplayInputs, sparksFromEvents } from './replay';
export { replayPowerEvents } from './replay-powers';
export { POWERS_MODULE } from './powers';
export { canonicalNaikoText, commitNaikoHand, naikoDealFromSeed, verifyNaikoCommitment } from './commitment';
export { randomNaikoAction } from './random-policy';
