import { toDraft, finish } from './draft';
import type { ApplyResult, HandState } from './types';
import { isOver } from './apply';

/**
 * The crash rule (house rules, "Server Crash"): the hand is cancelled and every chip each player
 * put into it goes back to him. The result is an ordinary accepted transition.
 */
export function cancelHand(state: HandState): ApplyResult {
  if (isOver(state)) return { ok: false, error: { code: 'HAND_OVER', message: 'the hand is over' } };
  const draft = toDraft(state);
  draft.version++;
  const refunds = draft.seats.map((seat, i) => ({ seat, amount: draft.committed[i] }));
  for (let i = 0; i < draft.seats.length; i++) {
    draft.stacks[i] += draft.committed[i];
    draft.committed[i] = 0;
    draft.bets[i] = 0;
  }
  draft.phase = 'cancelled';
  draft.toAct = -1;
  const stacks = draft.seats.map((seat, i) => ({ seat, stack: draft.stacks[i] }));
  return { ok: true, state: finish(draft), events: [{ type: 'hand-cancelled', refunds, stacks }] };
}
