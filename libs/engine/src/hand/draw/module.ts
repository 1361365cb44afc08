import type { RuleModule } from '../rule-module';
import { dealDraw, drawBounds, drawView, DRAW, DRAW_ACTIONS, redactDraw } from './draw';
import { drawReplayInputs } from './replay';

/**
 * The draw module (listed by the draw specs): the 'draw' deal step that pauses the street, the draw,
 * timeout and split actions, the bounds after a timeout and classic draw's ante-to-maximum bets, the
 * private part of `x-draw` events, the view, and the replay of a draw hand's log.
 */
export const DRAW_MODULE: RuleModule = {
  id: DRAW,
  dealSteps: { draw: dealDraw },
  actions: DRAW_ACTIONS,
  bounds: drawBounds,
  redactors: { 'x-draw': redactDraw },
  view: drawView,
  replayInputs: drawReplayInputs,
};
