import { rulesOf } from './rule-module';
import type { HandState } from './types';

type Seated = Pick<HandState, 'seats' | 'button' | 'bbIndex' | 'folded' | 'allIn'>;

/** Index of the first player left of the button (clockwise = ascending seat index, wrapping). */
export function leftOfButton(state: Pick<HandState, 'seats' | 'button'>): number {
  const seats = state.seats;
  for (let i = 0; i < seats.length; i++) if (seats[i] > state.button) return i;
  return 0;
}

export const canAct = (s: Pick<HandState, 'folded' | 'allIn'>, i: number): boolean => !s.folded[i] && !s.allIn[i];

/** Player indices clockwise starting at `from`. */
export function clockwise(count: number, from: number): number[] {
  const out = new Array<number>(count);
  for (let k = 0; k < count; k++) out[k] = (from + k) % count;
  return out;
}

/** Where a rule says the action (or the showdown) starts; the machine then skips players who need not act. */
export type OpenerFn = (s: HandState) => number;

/** The machine's own opener rules; rule modules add theirs (stud: 'bring-in', 'best-visible'). */
const CORE_OPENERS: Readonly<Record<string, OpenerFn>> = {
  'left-of-button': (s) => leftOfButton(s),
  'after-big-blind': (state: Seated & Pick<HandState, 'street' | 'ext'>) => {
    // Straddle (hand/home): preflop the action starts left of the straddler, who acts last.
    const straddler =
      state.street === 0 ? ((state.ext.home as { straddler?: number } | undefined)?.straddler ?? -1) : -1;
    if (straddler >= 0) return (straddler + 1) % state.seats.length;
    return state.bbIndex >= 0 ? (state.bbIndex + 1) % state.seats.length : leftOfButton(state);
  },
};

export function openerIndex(state: HandState, rule: string): number {
  const core = Object.prototype.hasOwnProperty.call(CORE_OPENERS, rule);
  const fn = core ? CORE_OPENERS[rule] : rulesOf(state.spec).openers.get(rule);
  if (!fn) throw new Error(`no opener rule ${rule}: neither the machine's nor one of ${state.spec.id}'s rule modules'`);
  return fn(state);
}
