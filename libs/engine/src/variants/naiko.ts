// Naiko mode's powers module and its helpers; the `naiko` spec itself is the No-Limit Hold'em spec in
// `flop.ts` with `powers: true`, listing the 'powers' module.
export * from '../hand/naiko';
