// The moves a room makes itself: a bot's decision (from its own seat's view only) and the clock's
// decision at a timeout. Pure: the core applies them through the same validation as a player's.
import { view, type Action, type HandState, type legalActions, type RandomSource } from '@naiko/engine';
import {
  decideBotAction,
  decideBotPower,
  toBotPowerView,
  toBotView,
  timeoutAction,
  type TableConfig,
} from '@naiko/table';

type LegalActions = NonNullable<ReturnType<typeof legalActions>>;

/** Naiko mode: the bot's power policy before its poker action (null: no power now). */
export function botPower(state: HandState, seat: number, config: TableConfig, rng: RandomSource): Action | null {
  const pv = toBotPowerView(view(state, seat), config.stakes.bigBlind);
  const power = pv ? decideBotPower(pv, rng) : null;
  return power ? ({ ...power } as Action) : null;
}

/** The bot's poker action from its seat's view (null: the policy has nothing to say). */
export function botAction(state: HandState, seat: number, config: TableConfig, rng: RandomSource): Action | null {
  const game = config.game;
  const bv = toBotView(view(state, seat), config.stakes.bigBlind, {
    lowball: game === 'draw27x3',
    omaha: game.startsWith('omaha'),
  });
  if (!bv) return null;
  const decision = decideBotAction(bv, rng);
  return decision.type === 'draw'
    ? { type: 'draw', seat, discard: decision.discard }
    : ({ type: decision.type, seat, ...('amount' in decision ? { amount: decision.amount } : {}) } as Action);
}

/** When the engine refuses what the policy proposed: the table's own check/fold decision. */
export function botFallback(la: LegalActions, seat: number): Action {
  return la.actions.includes('check')
    ? { type: 'check', seat }
    : la.actions.includes('draw')
      ? { type: 'draw', seat, discard: [] }
      : ({
          type: la.actions.includes('fold') ? 'fold' : la.actions.includes('no-split') ? 'no-split' : la.actions[0],
          seat,
        } as Action);
}

/** The clock's decision as an engine action (libs/table timeoutAction's answer). */
export function timeoutMove(la: LegalActions, seat: number, action: ReturnType<typeof timeoutAction>): Action {
  // A split offer (32-Card Draw) left unanswered is a refusal: silence never agrees to split a pot.
  if (la.actions.includes('no-split')) return { type: 'no-split', seat };
  if (action.type === 'standPatByTimeout') return { type: 'draw-timeout', seat };
  if (action.type === 'decline') return { type: 'decline', seat, timeout: true };
  return { type: action.type, seat } as Action;
}
