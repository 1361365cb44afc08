export * from './registry';
export * from './rankings';
export {
  HighCategory,
  HIGH_CLASS_COUNT,
  HIGH_CATEGORY_NAMES,
  highCategory,
  evalHigh5,
  evalHigh7,
  evalHighArray,
} from './high';
export { low8Ranks, LOW_VALUE_BASE } from './low';
export { HIGH_MASK_LIMIT } from './high-mask';
export type { CategoryName, RankingRules, SuitTies, RankedHand } from './ranked';
export { evaluateRanked5, bestRanked, suitStrength, STANDARD_ORDER, SHORT_DECK_ORDER, SOKO_ORDER } from './ranked';
