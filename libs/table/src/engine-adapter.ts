/**
 * The one place that knows the engine's `HandConfig`: turns the table's `NextHandPlan` into it.
 * Everything else in this library speaks its own types, so an engine change touches only this file.
 */
import type { HandConfig, HandView, RakeFunction, Stakes } from '@naiko/engine';
import type { BotView } from './bots/policy';
import type { TableConfig } from './config';
import type { NextHandPlan } from './plan';
import { homeGameForHand } from './home-game';

export interface AdapterOptions {
  rake?: RakeFunction;
  /** Naiko mode's power settings, passed through to the engine's powers module. */
  powers?: unknown;
}

export function toStakes(config: TableConfig): Stakes {
  const tableStakes = config.stakes;
  const stakes: Stakes = { smallBlind: tableStakes.smallBlind, bigBlind: tableStakes.bigBlind };
  if (tableStakes.ante !== undefined) stakes.ante = tableStakes.ante;
  if (tableStakes.bringIn !== undefined) stakes.bringIn = tableStakes.bringIn;
  if (tableStakes.smallBet !== undefined) stakes.smallBet = tableStakes.smallBet;
  if (tableStakes.bigBet !== undefined) stakes.bigBet = tableStakes.bigBet;
  if (tableStakes.spreadLimits !== undefined) stakes.spreadLimits = tableStakes.spreadLimits.slice();
  return stakes;
}

/**
 * The engine's hand config for a plan. Naiko tables play the engine's `naiko` variant and show every
 * hand at showdown (docs/rules/naiko.de.txt §4); other tables use classic showdown. A classic-draw carry-over from the
 * previous deal goes to the engine as `carryOver`: it starts in the main pot and belongs to no player.
 */
export function toHandConfig(config: TableConfig, plan: NextHandPlan, options: AdapterOptions = {}): HandConfig {
  const hc: HandConfig = {
    variant: config.naikoMode ? 'naiko' : config.game,
    structure: config.structure,
    seats: plan.dealtIn.map((d) => ({ seat: d.seat, stack: d.stack })),
    button: plan.button,
    stakes: toStakes(config),
    showdown: config.naikoMode ? 'show-all' : 'classic',
  };
  if (plan.forcedBets === 'blinds') {
    hc.smallBlindSeat = plan.smallBlindSeat;
    if (plan.bigBlindSeat !== null) hc.bigBlindSeat = plan.bigBlindSeat;
    if (plan.posts.length) hc.posts = plan.posts.map((p) => ({ ...p }));
  }
  if (options.rake) hc.rake = options.rake;
  if (options.powers !== undefined) hc.powers = options.powers;
  if (plan.carryOver > 0) hc.carryOver = plan.carryOver;
  // Home-game options; a bomb-pot hand is planned without posts (home-game.ts).
  const home = homeGameForHand(config, plan);
  if (home) hc.homeGame = home;
  return hc;
}

/** The table's `HandResult` from the engine's final stacks (`hand-ended` event or final state). */
export function handResultFromStacks(
  stacks: readonly { seat: number; stack: number }[],
  extra: { carryOver?: number; rake?: number; sparks?: { seat: number; sparks: number }[] } = {},
) {
  return { stacks: stacks.map((s) => ({ seat: s.seat, stack: s.stack })), ...extra };
}

/**
 * A bot's decision input from the engine's per-seat view (`view(state, seat)`), which already hides
 * every card the seat may not see — so a bot can only ever use its own information.
 */
export function toBotView(
  handView: HandView,
  bigBlind: number,
  game: { lowball?: boolean; omaha?: boolean } = {},
): BotView | null {
  if (typeof handView.viewer !== 'number' || !handView.legal) return null;
  const me = handView.players.find((p) => p.seat === handView.viewer);
  if (!me) return null;
  const la = handView.legal;
  return {
    hole: me.cards.filter((c): c is number => c !== null),
    board: handView.board.slice(),
    pot: handView.pot,
    toCall: la.callAmount,
    stack: me.stack,
    bigBlind,
    minRaiseTo: la.minTo,
    maxRaiseTo: la.maxTo,
    raiseChoices: la.choices?.slice(),
    currentBet: me.bet,
    legal: la.actions.slice(),
    lowball: game.lowball,
    omaha: game.omaha,
    opponents: handView.players.filter((p) => p.seat !== me.seat && !p.folded).length,
  };
}
