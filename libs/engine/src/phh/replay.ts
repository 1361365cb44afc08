import { apply, isOver, legalActions } from '../hand/apply';
import { HandConfigError, start } from '../hand/start';
import type { Action, HandEvent, HandState } from '../hand/types';
import { importPhh, type PhhImport } from './import';
import { parsePhh, toWholeChips } from './parse';
import { PhhError, type PhhAction, type PhhHand } from './types';
import { homeAnswer } from './home';

export interface PhhReplay extends PhhImport {
  state: HandState;
  events: HandEvent[];
  /** The engine's final stacks by position (index 0 = p1), comparable to `finishing_stacks`. */
  finishingStacks: number[];
  /** Chip units per recorded unit (1 unless the record has fractional amounts; the config and state are in units). */
  scale: number;
}

/** The flop-game mapping: `f` → fold, `cc` → check or call, `cbr X` → bet or raise to X; `sm` is skipped. */
export function defaultPhhAction(action: PhhAction, state: HandState, seat: number): Action | null {
  switch (action.kind) {
    case 'fold':
      return { type: 'fold', seat };
    case 'check-call': {
      const la = legalActions(state);
      return { type: la && la.actions.includes('check') ? 'check' : 'call', seat };
    }
    case 'bet-raise':
      return { type: state.currentBet === 0 ? 'bet' : 'raise', seat, amount: action.to };
    case 'show-muck':
      // The engine decides shows and mucks itself (docs/rules/README.md showdown order); the record is not an input.
      return null;
    default:
      throw new PhhError('unsupported', `action ${action.kind} is not supported for this variant`);
  }
}

const awaits = (s: HandState, seat: number): boolean => !isOver(s) && s.toAct >= 0 && s.seats[s.toAct] === seat;

/** Player `seat` is still in, owes nothing, and everyone else still in is all-in: a check decides nothing. */
function freeCheck(state: HandState, seat: number): boolean {
  const index = state.seats.indexOf(seat);
  if (index < 0 || state.folded[index] || (!isOver(state) && state.bets[index] < state.currentBet)) return false;
  for (let j = 0; j < state.seats.length; j++) if (j !== index && !state.folded[j] && !state.allIn[j]) return false;
  return true;
}

const describe = (a: PhhAction): string =>
  a.kind === 'bet-raise' ? `p${a.player} cbr ${a.to}` : 'player' in a ? `p${a.player} ${a.kind}` : a.kind;

/**
 * Replays a PHH hand through the engine with the recorded cards (no shuffle). Throws `PhhError`:
 * 'unsupported' for what cannot be mapped, 'illegal-action' when the engine refuses a recorded
 * action, 'incomplete' when the record ends before the engine's hand does.
 */
export function replayPhh(recorded: PhhHand, given?: PhhImport): PhhReplay {
  // Fractional amounts (dollars and cents) are replayed in whole units of the smallest fraction.
  const { hand, scale } = toWholeChips(recorded);
  const imp = given ?? importPhh(hand);
  let started;
  try {
    started = start(imp.config, { deck: imp.deck });
  } catch (error) {
    if (error instanceof HandConfigError) throw new PhhError('unsupported', error.message);
    throw error;
  }
  let state = started.state;
  const events = started.events.slice();
  const answered = { runTwice: 0 };
  // Decisions PHH has no action for: the row's (32-Card Draw's split offer) and the home-game offers' (recorded in `_`
  // fields).
  const next = (): Action | null | undefined => imp.row.unrecorded?.(state) ?? homeAnswer(hand, state, answered);
  const unrecorded = (): void => {
    for (let u = next(); u; u = next()) {
      const result = apply(state, u);
      if (!result.ok)
        throw new PhhError('illegal-action', `unrecorded ${u.type}: ${result.error.code} ${result.error.message}`);
      state = result.state;
      for (const event of result.events) events.push(event);
    }
  };
  hand.actions.forEach((phhAction, index) => {
    if (phhAction.kind === 'deal-hole' || phhAction.kind === 'deal-board') return;
    unrecorded();
    const seat = imp.seats[phhAction.player - 1];
    let action = imp.row.mapAction ? imp.row.mapAction(phhAction, state, seat) : undefined;
    if (action === undefined) action = defaultPhhAction(phhAction, state, seat);
    if (action === null) return;
    // PokerKit asks a player for a check no one needs (alone against all-ins he covers); the engine
    // does not ask (docs/rules/README.md: raising needs another player who can act). Skip such a free check.
    if (phhAction.kind === 'check-call' && !awaits(state, seat) && freeCheck(state, seat)) return;
    if (isOver(state))
      throw new PhhError('illegal-action', `action ${index + 1} (${describe(phhAction)}): the hand is already over`);
    const result = apply(state, action);
    if (!result.ok)
      throw new PhhError(
        'illegal-action',
        `action ${index + 1} (${describe(phhAction)}): ${result.error.code} ${result.error.message}`,
        {
          state,
          action,
          index: index,
          code: result.error.code,
        },
      );
    state = result.state;
    for (const event of result.events) events.push(event);
  });
  unrecorded();
  if (!isOver(state)) {
    const who =
      state.toAct >= 0
        ? `seat ${state.seats[state.toAct]} (p${imp.seats.indexOf(state.seats[state.toAct]) + 1}) is to act`
        : 'no one is to act';
    throw new PhhError('incomplete', `the record ends before the hand does: ${who}`);
  }
  const finishingStacks = imp.seats.map((seat) => state.stacks[state.seats.indexOf(seat)] / scale);
  return { ...imp, state, events, finishingStacks, scale };
}

/** Parses and replays one `.phh` text. */
export const replayPhhText = (text: string): PhhReplay => replayPhh(parsePhh(text));
