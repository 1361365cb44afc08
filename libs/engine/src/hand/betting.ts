import type { Draft } from './draft';
import type { Action, ActionError, HandState, LegalActions } from './types';
import { rulesOf } from './rule-module';

/**
 * The one validator: `legalActions` describes these bounds and `apply` checks actions against
 * them, so the buttons a client shows can never disagree with what the server accepts.
 */
export interface Bounds {
  player: number;
  canCheck: boolean;
  /** Chips a call adds; 0 when checking is possible. */
  callAmount: number;
  /** Whether a bet (no bet yet this round) or raise is possible at all. */
  canRaise: boolean;
  minTo: number;
  maxTo: number;
  allInTo: number;
  /** The smallest "to" that is a full bet/raise (reopens raising, counts toward the cap); below it only an all-in. */
  fullTo: number;
  /**
   * Set by a bounds hook when the player must open with a forced bet below a full bet (stud's bring-in):
   * the `bring-in` action posts this amount, `bet` completes (minTo..maxTo); checking and folding are refused.
   */
  bringIn?: number;
  /** Set by a bounds hook when only these totals in minTo..maxTo are legal (Fixed Limit with two bet sizes). */
  choices?: number[];
  /**
   * Set by a bounds hook when a full bet/raise is measured from another level than the current bet:
   * a stud completion counts from 0 (the bring-in is not a bet), so completing to 30 is a bet of 30.
   */
  raiseBase?: number;
}

type S = HandState | Draft;

export const potTotal = (state: S): number => {
  // Chips carried over from the previous deal are in the pot from the start.
  let total = state.config.carryOver ?? 0;
  for (const card of state.committed) total += card;
  return total;
};

export function fixedBetSize(state: S): number {
  const st = state.config.stakes;
  const street = state.spec.streets[state.street];
  return street.limitBet === 'big' ? (st.bigBet ?? 2 * st.bigBlind) : (st.smallBet ?? st.bigBlind);
}

export function spreadLimit(state: S): number {
  const levels = state.config.stakes.spreadLimits;
  if (!levels || levels.length === 0) throw new Error('spread-limit needs stakes.spreadLimits');
  const lvl = state.spec.streets[state.street].spreadLevel;
  return levels[Math.min(lvl, levels.length - 1)];
}

/** The increment a new betting round starts with: the minimum opening bet (NL/PL) or the fixed step. */
export function openingIncrement(state: S): number {
  return state.config.structure === 'fixed-limit' ? fixedBetSize(state) : state.config.stakes.bigBlind;
}

/** Hooks that narrow the bounds (Naiko's Short Anchor caps a raise at pot size): `RuleModule.bounds`. */
export type BoundsHook = (s: HandState, b: Bounds) => Bounds;

/** Pot-limit style maximum "raise to": the current bet plus `fraction` of the pot after calling. */
export function potRaiseTo(state: S, seat: number, fraction: 1 | 0.5): number {
  const cur = state.currentBet;
  const afterCall = potTotal(state) + (cur - state.bets[seat]);
  return cur + (fraction === 1 ? afterCall : Math.floor(afterCall / 2));
}

export function bounds(state: S, seat: number): Bounds {
  const stack = state.stacks[seat];
  const bet = state.bets[seat];
  const cur = state.currentBet;
  const allInTo = bet + stack;
  const canCheck = bet >= cur;
  const callAmount = canCheck ? 0 : Math.min(cur - bet, stack);

  // Somebody else must be able to answer a raise.
  let othersCanAct = false;
  for (let i = 0; i < state.seats.length; i++) {
    if (i !== seat && !state.folded[i] && !state.allIn[i]) {
      othersCanAct = true;
      break;
    }
  }
  // Short all-ins do not reopen the raising for a player who already acted, unless together
  // they amount to a full raise over the level he last acted on.
  const reopened = !state.acted[seat] || cur - state.actedLevel[seat] >= state.lastIncrement;
  let canRaise = othersCanAct && reopened && allInTo > cur;
  let minTo = 0;
  let maxTo = 0;
  let fullTo = 0;
  const structure = state.config.structure;
  if (canRaise) {
    if (structure === 'fixed-limit') {
      const cap = state.config.stakes.maxBetsPerRound ?? 4;
      if (state.betCount >= cap) canRaise = false;
      minTo = maxTo = cur + fixedBetSize(state);
    } else if (structure === 'spread-limit') {
      const limit = spreadLimit(state);
      const cap = 3 * limit;
      if (cur >= cap) canRaise = false;
      if (state.spreadStep > 0) {
        minTo = maxTo = Math.min(cur + state.spreadStep, cap);
      } else {
        minTo = Math.min(cur + state.config.stakes.bigBlind, cap);
        maxTo = Math.min(cur + limit, cap);
      }
    } else {
      minTo = cur + state.lastIncrement;
      maxTo =
        structure === 'no-limit'
          ? allInTo
          : structure === 'pot-limit'
            ? potRaiseTo(state, seat, 1)
            : potRaiseTo(state, seat, 0.5);
      if (maxTo < minTo) maxTo = minTo;
    }
    fullTo = minTo;
    if (maxTo > allInTo) maxTo = allInTo;
    if (minTo > allInTo) minTo = allInTo;
  }
  let result: Bounds = { player: seat, canCheck, callAmount, canRaise, minTo, maxTo, allInTo, fullTo };
  const hooks = rulesOf(state.spec).bounds;
  if (hooks.length) for (const hook of hooks) result = hook(state as HandState, result);
  return result;
}

/**
 * Disconnection protection (house rules, "artificial all-in"): only in Fixed and Spread Limit, only
 * for a player who already put chips into the pot and would otherwise be folded (he faces a bet).
 */
export function protectionAllowed(state: HandState, bounds: Bounds): boolean {
  const structure = state.config.structure;
  return (
    (structure === 'fixed-limit' || structure === 'spread-limit') &&
    state.committed[bounds.player] > 0 &&
    !bounds.canCheck &&
    bounds.bringIn === undefined
  );
}

export function describe(state: HandState, bounds: Bounds): LegalActions {
  const actions: LegalActions['actions'] = [];
  // Folding is always possible on one's turn, also when checking is free (docs/rules/README.md; classic draw 001:
  // "in jeder Spielphase"). Only the stud bring-in is forced ("muss ... eröffnen"): it is posted or completed.
  if (bounds.bringIn !== undefined) actions.push('bring-in');
  else if (bounds.canCheck) actions.push('fold', 'check');
  else actions.push('fold', 'call');
  if (bounds.canRaise) actions.push(state.currentBet === 0 ? 'bet' : 'raise');
  const out: LegalActions = {
    seat: state.seats[bounds.player],
    version: state.version,
    actions,
    callAmount: bounds.callAmount,
    minTo: bounds.canRaise ? bounds.minTo : 0,
    maxTo: bounds.canRaise ? bounds.maxTo : 0,
    allInTo: bounds.allInTo,
  };
  if (bounds.bringIn !== undefined) out.bringIn = bounds.bringIn;
  if (bounds.canRaise && bounds.choices) out.choices = bounds.choices.slice();
  if (!bounds.canCheck && protectionAllowed(state, bounds)) out.artificialAllIn = true;
  return out;
}

const err = (code: ActionError['code'], message: string): ActionError => ({ code, message });

/** Checks a poker action against the bounds; null when legal. */
export function checkAction(state: HandState, bounds: Bounds, action: Action): ActionError | null {
  if (
    bounds.bringIn !== undefined &&
    action.type !== 'bring-in' &&
    action.type !== 'bet' &&
    action.type !== 'artificialAllIn'
  ) {
    return err('ILLEGAL_ACTION', `the bring-in is forced: bring in ${bounds.bringIn} or complete`);
  }
  switch (action.type) {
    case 'bring-in':
      return bounds.bringIn !== undefined ? null : err('ILLEGAL_ACTION', 'no bring-in is due');
    case 'artificialAllIn':
      return protectionAllowed(state, bounds)
        ? null
        : err(
            'ILLEGAL_ACTION',
            'artificial all-in: only in Fixed and Spread Limit, with chips in the pot, facing a bet',
          );
    case 'fold':
      // Always allowed on one's turn, also when checking is free
      // (docs/rules/README.md: "fold at any time it is his turn").
      return null;
    case 'check':
      return bounds.canCheck ? null : err('ILLEGAL_ACTION', `cannot check: ${bounds.callAmount} to call`);
    case 'call':
      return bounds.canCheck ? err('ILLEGAL_ACTION', 'nothing to call') : null;
    case 'bet':
    case 'raise': {
      if ((action.type === 'bet') !== (state.currentBet === 0)) {
        return err('ILLEGAL_ACTION', action.type === 'bet' ? 'there is a bet already: raise' : 'nothing to raise: bet');
      }
      if (!bounds.canRaise) return err('RAISE_NOT_ALLOWED', `${action.type} not allowed now`);
      const amt = action.amount;
      if (typeof amt !== 'number' || !Number.isInteger(amt))
        return err('ILLEGAL_AMOUNT', `${action.type} needs an integer amount (the total "to")`);
      if (amt === bounds.allInTo && amt > state.currentBet && amt <= bounds.maxTo) return null;
      if (amt < bounds.minTo || amt > bounds.maxTo)
        return err('ILLEGAL_AMOUNT', `${action.type} to ${amt} outside ${bounds.minTo}..${bounds.maxTo}`);
      if (bounds.choices && !bounds.choices.includes(amt))
        return err('ILLEGAL_AMOUNT', `${action.type} to ${amt}: only ${bounds.choices.join(' or ')}`);
      return null;
    }
    default:
      return err('UNKNOWN_ACTION', `unknown action ${String(action.type)}`);
  }
}
