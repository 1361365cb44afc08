export * from './types';
export { start, deckFor, resolveVariant, HandConfigError, type CardSource, type StartHook } from './start';
export { apply, legalActions, isOver, decisionTurn, type ActionHandler } from './apply';
export {
  view,
  canSee,
  type HandView,
  type PlayerView,
  type Viewer,
  type EventRedactor,
  type ViewExtension,
} from './view';
export { viewEvent, viewEvents } from './view-events';
export { cancelHand } from './cancel';
export { replay, replayEvents, dealtCards, actionsOf, type ReplayResult } from './replay';
export { rulesOf, bindRules, CORE_ACTIONS, type RuleModule, type Rules, type ReplayInputs } from './rule-module';
export { RULE_MODULES } from './rule-modules';
export { noRake, houseRake, HOUSE_RAKE_SCHEDULE, type HouseRakeSchedule } from './rake';
export { buildPots, sidePotsOf, splitAmount, type Pot } from './pots';
export { bounds, potRaiseTo, potTotal, type Bounds, type BoundsHook } from './betting';
export { leftOfButton, type OpenerFn } from './order';
export { rankingFor, type ShowdownRanking } from './evaluate';
export { type DealStepHandler } from './flow';
export { toDraft, finish, type Draft } from './draft';
export { randomLegalAction } from './random-policy';
export {
  cardsOfEvent,
  seenPositions,
  openingsFor,
  openingsForViewers,
  firstDeckSize,
  dealFromSeed,
  dealRootFromSeed,
  verifyDealProof,
  type DealProof,
  type DealProofReport,
} from './deal-proof';
export {
  homeGameProblem,
  isSevenDeuceOffsuit,
  isFlopGame,
  homeOf,
  HOME,
  type HomeGameConfig,
  type HomeExt,
} from './home/rules';
export type { HomeView } from './home/offers';
