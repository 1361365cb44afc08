/** @naiko/engine: pure poker. Cards, randomness, evaluators, variants, the hand state machine. */
export * from './cards';
export * from './rng';
export * from './eval';
export * from './variants';
export * from './hand';
export * from './phh';
