import * as betting from './betting';
import * as draft from './draft';
import * as flow from './flow';
import { rulesOf } from './rule-module';
import type { Action, ActionError, ApplyResult, HandEvent, HandState, LegalActions } from './types';

// The hot path's helpers bound once: under the CommonJS transform of tsx/esbuild every imported
// name is a getter on the other module, read on each call (measurable in `npm run bench -- engine`).
const { bounds, checkAction, describe } = betting;
const { toDraft, finish, setFolded, setAllIn } = draft;
const { afterAction, post } = flow;

/**
 * Extension actions (Naiko powers, draws, a shield response out of turn) come by type from the rule
 * modules of the hand's spec (`RuleModule.actions`). The handler owns its validation and must also
 * return nothing but errors for refused attempts.
 */
export interface ActionHandler {
  apply(state: HandState, action: Action): ApplyResult;
  /**
   * What this module adds to the legal actions of `state` (shown under `extensions[type]`), or
   * `undefined` when it has nothing for this hand (e.g. a hand without powers). Runs on every
   * `legalActions` call of the spec's hands: return early and cheaply when the module is not in play.
   */
  legal?(state: HandState): unknown;
  /**
   * For a phase this module drives (a draw): what the player to act may do, or null when the phase
   * is not this module's. `legalActions` asks these outside the 'betting' phase.
   */
  turn?(state: HandState): (LegalActions & { extensions?: Record<string, unknown> }) | null;
  /**
   * For a phase this module drives: a fold of the player to act (folding is always allowed on one's
   * turn, docs/rules/README.md), or null when the phase is not this module's. Listed by its `turn` as 'fold'.
   */
  fold?(state: HandState, action: Action): ApplyResult | null;
}
/**
 * The legal actions of a turn that is not a betting turn (a draw, an offer's answer): the seat to act
 * chooses among `actions`; no chips are called or bet; `extensions` carry the rule module's details.
 */
export function decisionTurn(
  state: HandState,
  actions: string[],
  extensions: Record<string, unknown>,
): LegalActions & { extensions: Record<string, unknown> } {
  return {
    seat: state.seats[state.toAct],
    version: state.version,
    actions,
    callAmount: 0,
    minTo: 0,
    maxTo: 0,
    allInTo: state.bets[state.toAct] + state.stacks[state.toAct],
    extensions,
  };
}

/**
 * The bounds of the player to act in a state, memoised for the last state seen: a server (or a bot)
 * asks `legalActions(state)` and then `apply(state, ...)` on the same immutable state, so the second
 * call reuses the first's work. Only ever called with finished states, never with a draft.
 */
let memoState: HandState | null = null;
let memoBounds: betting.Bounds | null = null;
function boundsOf(state: HandState): betting.Bounds {
  if (state !== memoState) {
    memoBounds = bounds(state, state.toAct);
    memoState = state;
  }
  return memoBounds as betting.Bounds;
}

const refuse = (code: ActionError['code'], message: string): ApplyResult => ({ ok: false, error: { code, message } });

export const isOver = (s: HandState): boolean => s.phase === 'complete' || s.phase === 'cancelled';

/** Common checks every action passes first: the hand is running and the decision is not stale. */
function precheck(state: HandState, action: Action): ApplyResult | null {
  if (isOver(state)) return refuse('HAND_OVER', 'the hand is over');
  if (action.expectedVersion !== undefined && action.expectedVersion !== state.version) {
    return refuse('STALE_VERSION', `decided on version ${action.expectedVersion}, the hand is at ${state.version}`);
  }
  return null;
}

/**
 * Applies one action. A refused action returns a typed error and the input state is untouched
 * (it is never mutated in any case).
 */
export function apply(state: HandState, action: Action): ApplyResult {
  const pre = precheck(state, action);
  if (pre) return pre;
  const rules = rulesOf(state.spec);
  const ext = rules.actions.get(action.type);
  if (ext) return ext.apply(state, action);
  const seat = state.toAct;
  if (seat >= 0 && state.phase !== 'betting' && action.type === 'fold') {
    for (const handler of rules.turnProviders) {
      const folded = handler.fold?.(state, action);
      if (folded) return folded;
    }
  }
  if (seat < 0 || state.phase !== 'betting') return refuse('NOT_YOUR_TURN', 'no betting action is expected now');
  if (action.seat !== state.seats[seat])
    return refuse('NOT_YOUR_TURN', `seat ${state.seats[seat]} is to act, not ${action.seat}`);
  const bounds = boundsOf(state);
  const actionError = checkAction(state, bounds, action);
  if (actionError) return { ok: false, error: actionError };

  const draft = toDraft(state);
  draft.version++;
  const events: HandEvent[] = [];
  const cur = draft.currentBet;
  draft.acted[seat] = true;
  switch (action.type) {
    case 'fold':
      setFolded(draft, seat);
      events.push({ type: 'action', seat: action.seat, action: 'fold', amount: 0, to: draft.bets[seat], allIn: false });
      break;
    case 'artificialAllIn':
      // He plays on for what he has put in; the stack behind is out of play for this hand.
      setAllIn(draft, seat, true);
      draft.actedLevel[seat] = cur;
      events.push({ type: 'artificial-all-in', seat: action.seat, committed: draft.committed[seat] });
      break;
    case 'check':
      draft.actedLevel[seat] = cur;
      events.push({
        type: 'action',
        seat: action.seat,
        action: 'check',
        amount: 0,
        to: draft.bets[seat],
        allIn: false,
      });
      break;
    case 'bring-in': {
      // A forced opening bet below a full bet (stud): it is not a full bet (no cap count, no raise
      // increment) and, like a blind, leaves the poster free to re-raise when it is completed.
      const posted = post(draft, seat, bounds.bringIn as number, true);
      if (draft.bets[seat] > draft.currentBet) draft.currentBet = draft.bets[seat];
      if (bounds.canRaise && draft.bets[seat] >= bounds.fullTo) draft.betCount++;
      draft.actedLevel[seat] = 0;
      events.push({
        type: 'action',
        seat: action.seat,
        action: 'bring-in',
        amount: posted,
        to: draft.bets[seat],
        allIn: draft.allIn[seat],
      });
      break;
    }
    case 'call': {
      const posted = post(draft, seat, bounds.callAmount, true);
      draft.actedLevel[seat] = cur;
      events.push({
        type: 'action',
        seat: action.seat,
        action: 'call',
        amount: posted,
        to: draft.bets[seat],
        allIn: draft.allIn[seat],
      });
      break;
    }
    default: {
      // bet / raise to `amount`
      const to = action.amount as number;
      const posted = post(draft, seat, to - draft.bets[seat], true);
      const inc = to - (bounds.raiseBase ?? cur);
      if (to >= bounds.fullTo) {
        // A full bet or raise: it sets the next minimum raise and counts toward the cap.
        if (inc > draft.lastIncrement && state.config.structure !== 'fixed-limit') draft.lastIncrement = inc;
        if (state.config.structure === 'spread-limit' && draft.spreadStep === 0)
          draft.spreadStep = draft.lastIncrement = inc;
        draft.betCount++;
      }
      draft.currentBet = to;
      draft.lastAggressor = seat;
      draft.actedLevel[seat] = to;
      events.push({
        type: 'action',
        seat: action.seat,
        action: action.type as 'bet' | 'raise',
        amount: posted,
        to,
        allIn: draft.allIn[seat],
      });
    }
  }
  afterAction(draft, events);
  return { ok: true, state: finish(draft), events };
}

/** What the player to act may do, from the same bounds `apply` checks against; null when nobody is to act. */
export function legalActions(state: HandState): (LegalActions & { extensions?: Record<string, unknown> }) | null {
  if (isOver(state) || state.toAct < 0) return null;
  const { legalProviders, turnProviders } = rulesOf(state.spec);
  if (state.phase !== 'betting') {
    for (const handler of turnProviders) {
      const turn = (handler.turn as NonNullable<ActionHandler['turn']>)(state);
      if (turn) return turn;
    }
    return null;
  }
  const out: LegalActions & { extensions?: Record<string, unknown> } = describe(state, boundsOf(state));
  let extensions: Record<string, unknown> | undefined;
  for (let k = 0; k < legalProviders.length; k++) {
    const [type, handler] = legalProviders[k];
    const legal = (handler.legal as NonNullable<ActionHandler['legal']>)(state);
    if (legal !== undefined) (extensions ??= {})[type] = legal;
  }
  if (extensions) out.extensions = extensions;
  return out;
}
