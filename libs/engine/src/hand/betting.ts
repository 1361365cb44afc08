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

export const potTotal = (s: S): number => {
  // Chips carried over from the previous deal are in the pot from the start.
  let t = s.config.carryOver ?? 0;
  for (const c of s.committed) t += c;
  return t;
};

export function fixedBetSize(s: S): number {
  const st = s.config.stakes;
  const street = s.spec.streets[s.street];
  return street.limitBet === 'big' ? (st.bigBet ?? 2 * st.bigBlind) : (st.smallBet ?? st.bigBlind);
}

export function spreadLimit(s: S): number {
  const levels = s.config.stakes.spreadLimits;
  if (!levels || levels.length === 0) throw new Error('spread-limit needs stakes.spreadLimits');
  const lvl = s.spec.streets[s.street].spreadLevel;
  return levels[Math.min(lvl, levels.length - 1)];
}

/** The increment a new betting round starts with: the minimum opening bet (NL/PL) or the fixed step. */
export function openingIncrement(s: S): number {
  return s.config.structure === 'fixed-limit' ? fixedBetSize(s) : s.config.stakes.bigBlind;
}

/** Hooks that narrow the bounds (Naiko's Short Anchor caps a raise at pot size): `RuleModule.bounds`. */
export type BoundsHook = (s: HandState, b: Bounds) => Bounds;

/** Pot-limit style maximum "raise to": the current bet plus `fraction` of the pot after calling. */
export function potRaiseTo(s: S, p: number, fraction: 1 | 0.5): number {
  const cur = s.currentBet;
  const afterCall = potTotal(s) + (cur - s.bets[p]);
  return cur + (fraction === 1 ? afterCall : Math.floor(afterCall / 2));
}

export function bounds(s: S, p: number): Bounds {
  const stack = s.stacks[p];
  const bet = s.bets[p];
  const cur = s.currentBet;
  const allInTo = bet + stack;
  const canCheck = bet >= cur;
  const callAmount = canCheck ? 0 : Math.min(cur - bet, stack);

  // Somebody else must be able to answer a raise.
  let othersCanAct = false;
  for (let i = 0; i < s.seats.length; i++) {
    if (i !== p && !s.folded[i] && !s.allIn[i]) {
      othersCanAct = true;
      break;
    }
  }
  // Short all-ins do not reopen the raising for a player who already acted, unless together
  // they amount to a full raise over the level he last acted on.
  const reopened = !s.acted[p] || cur - s.actedLevel[p] >= s.lastIncrement;
  let canRaise = othersCanAct && reopened && allInTo > cur;
  let minTo = 0;
  let maxTo = 0;
  let fullTo = 0;
  const structure = s.config.structure;
  if (canRaise) {
    if (structure === 'fixed-limit') {
      const cap = s.config.stakes.maxBetsPerRound ?? 4;
      if (s.betCount >= cap) canRaise = false;
      minTo = maxTo = cur + fixedBetSize(s);
    } else if (structure === 'spread-limit') {
      const limit = spreadLimit(s);
      const cap = 3 * limit;
      if (cur >= cap) canRaise = false;
      if (s.spreadStep > 0) {
        minTo = maxTo = Math.min(cur + s.spreadStep, cap);
      } else {
        minTo = Math.min(cur + s.config.stakes.bigBlind, cap);
        maxTo = Math.min(cur + limit, cap);
      }
    } else {
      minTo = cur + s.lastIncrement;
      maxTo =
        structure === 'no-limit' ? allInTo : structure === 'pot-limit' ? potRaiseTo(s, p, 1) : potRaiseTo(s, p, 0.5);
      if (maxTo < minTo) maxTo = minTo;
    }
    fullTo = minTo;
    if (maxTo > allInTo) maxTo = allInTo;
    if (minTo > allInTo) minTo = allInTo;
  }
  let b: Bounds = { player: p, canCheck, callAmount, canRaise, minTo, maxTo, allInTo, fullTo };
  const hooks = rulesOf(s.spec).bounds;
  if (hooks.length) for (const h of hooks) b = h(s as HandState, b);
  return b;
}

/**
 * Disconnection protection (house rules, "artificial all-in"): only in Fixed and Spread Limit, only
 * for a player who already put chips into the pot and would otherwise be folded (he faces a bet).
 */
export function protectionAllowed(s: HandState, b: Bounds): boolean {
  const structure = s.config.structure;
  return (
    (structure === 'fixed-limit' || structure === 'spread-limit') &&
    s.committed[b.player] > 0 &&
    !b.canCheck &&
    b.bringIn === undefined
  );
}

export function describe(s: HandState, b: Bounds): LegalActions {
  const actions: LegalActions['actions'] = [];
  // Folding is always possible on one's turn, also when checking is free (docs/rules/README.md; classic draw 001:
  // "in jeder Spielphase"). Only the stud bring-in is forced ("muss ... eröffnen"): it is posted or completed.
  if (b.bringIn !== undefined) actions.push('bring-in');
  else if (b.canCheck) actions.push('fold', 'check');
  else actions.push('fold', 'call');
  if (b.canRaise) actions.push(s.currentBet === 0 ? 'bet' : 'raise');
  const out: LegalActions = {
    seat: s.seats[b.player],
    version: s.version,
    actions,
    callAmount: b.callAmount,
    minTo: b.canRaise ? b.minTo : 0,
    maxTo: b.canRaise ? b.maxTo : 0,
    allInTo: b.allInTo,
  };
  if (b.bringIn !== undefined) out.bringIn = b.bringIn;
  if (b.canRaise && b.choices) out.choices = b.choices.slice();
  if (!b.canCheck && protectionAllowed(s, b)) out.artificialAllIn = true;
  return out;
}

const err = (code: ActionError['code'], message: string): ActionError => ({ code, message });

/** Checks a poker action against the bounds; null when legal. */
export function checkAction(s: HandState, b: Bounds, a: Action): ActionError | null {
  if (b.bringIn !== undefined && a.type !== 'bring-in' && a.type !== 'bet' && a.type !== 'artificialAllIn') {
    return err('ILLEGAL_ACTION', `the bring-in is forced: bring in ${b.bringIn} or complete`);
  }
  switch (a.type) {
    case 'bring-in':
      return b.bringIn !== undefined ? null : err('ILLEGAL_ACTION', 'no bring-in is due');
    case 'artificialAllIn':
      return protectionAllowed(s, b)
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
      return b.canCheck ? null : err('ILLEGAL_ACTION', `cannot check: ${b.callAmount} to call`);
    case 'call':
      return b.canCheck ? err('ILLEGAL_ACTION', 'nothing to call') : null;
    case 'bet':
    case 'raise': {
      if ((a.type === 'bet') !== (s.currentBet === 0)) {
        return err('ILLEGAL_ACTION', a.type === 'bet' ? 'there is a bet already: raise' : 'nothing to raise: bet');
      }
      if (!b.canRaise) return err('RAISE_NOT_ALLOWED', `${a.type} not allowed now`);
      const amt = a.amount;
      if (typeof amt !== 'number' || !Number.isInteger(amt))
        return err('ILLEGAL_AMOUNT', `${a.type} needs an integer amount (the total "to")`);
      if (amt === b.allInTo && amt > s.currentBet && amt <= b.maxTo) return null;
      if (amt < b.minTo || amt > b.maxTo)
        return err('ILLEGAL_AMOUNT', `${a.type} to ${amt} outside ${b.minTo}..${b.maxTo}`);
      if (b.choices && !b.choices.includes(amt))
        return err('ILLEGAL_AMOUNT', `${a.type} to ${amt}: only ${b.choices.join(' or ')}`);
      return null;
    }
    default:
      return err('UNKNOWN_ACTION', `unknown action ${String(a.type)}`);
  }
}
