import type { HandState } from './types';

type Seated = Pick<HandState, 'seats' | 'button' | 'bbIndex' | 'folded' | 'allIn'>;

/** Index of the first player left of the button (clockwise = ascending seat index, wrapping). */
export function leftOfButton(s: Pick<HandState, 'seats' | 'button'>): number {
  const seats = s.seats;
  for (let i = 0; i < seats.length; i++) if (seats[i] > s.button) return i;
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

const openers = new Map<string, OpenerFn>();

/** Modules add their opener rules (stud: 'bring-in', 'best-visible') by name. */
export function registerOpener(name: string, fn: OpenerFn): void {
  openers.set(name, fn);
}

export function openerIndex(s: HandState, rule: string): number {
  const fn = openers.get(rule);
  if (!fn) throw new Error(`no opener rule registered as ${rule}`);
  return fn(s);
}

registerOpener('left-of-button', (s) => leftOfButton(s));
registerOpener('after-big-blind', (s: Seated & Pick<HandState, 'street' | 'ext'>) => {
  // Straddle (hand/home): preflop the action starts left of the straddler, who acts last.
  const straddler = s.street === 0 ? ((s.ext.home as { straddler?: number } | undefined)?.straddler ?? -1) : -1;
  if (straddler >= 0) return (straddler + 1) % s.seats.length;
  return s.bbIndex >= 0 ? (s.bbIndex + 1) % s.seats.length : leftOfButton(s);
});
