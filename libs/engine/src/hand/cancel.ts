import { toDraft, finish } from './draft';
import type { ApplyResult, HandState } from './types';
import { isOver } from './apply';

/**
 * The crash rule (house rules, "Server Crash"): the hand is cancelled and every chip each player
 * put into it goes back to him. The result is an ordinary accepted transition.
 */
export function cancelHand(state: HandState): ApplyResult {
  if (isOver(state)) return { ok: false, error: { code: 'HAND_OVER', message: 'the hand is over' } };
  const d = toDraft(state);
  d.version++;
  const refunds = d.seats.map((seat, i) => ({ seat, amount: d.committed[i] }));
  for (let i = 0; i < d.seats.length; i++) {
    d.stacks[i] += d.committed[i];
    d.committed[i] = 0;
    d.bets[i] = 0;
  }
  d.phase = 'cancelled';
  d.toAct = -1;
  const stacks = d.seats.map((seat, i) => ({ seat, stack: d.stacks[i] }));
  return { ok: true, state: finish(d), events: [{ type: 'hand-cancelled', refunds, stacks }] };
}
