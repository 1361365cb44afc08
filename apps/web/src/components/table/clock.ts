// The decision clock in words: the main time, then the time bank or the extended time (issue 27).
import type { ClockInfo } from '@naiko/contracts';

/** Time after the deadline: the time bank, or with extended time at least the extension (bank spent first). */
export const afterDeadline = (c: ClockInfo): number => Math.max(c.timeBankMs, c.extendedMs ?? 0);

/** Milliseconds until the decision finally times out. */
export const timeLeftMs = (c: ClockInfo): number => Math.max(0, c.deadline + afterDeadline(c) - Date.now());

/** With extended time the extension is longer than the bank (else nothing changes). */
export const isExtended = (c: ClockInfo): boolean => !!c.extendedMs && c.extendedMs > c.timeBankMs;

export function clockText(clock: ClockInfo): string {
  const left = clock.deadline - Date.now();
  // A home-game offer runs on its own short clock, without the time bank.
  if (clock.kind === 'offer') return `answer in ${Math.ceil(timeLeftMs(clock) / 1000)} s`;
  // The time bank is shown from the start of the decision, not only once the main time is gone.
  const after = afterDeadline(clock);
  const extended = isExtended(clock);
  if (left > 0)
    return after > 0
      ? `${Math.ceil(left / 1000)} s + ${extended ? 'extended' : 'bank'} ${Math.ceil(after / 1000)} s`
      : `${Math.ceil(left / 1000)} s`;
  const bank = after + left;
  return bank > 0 ? `${extended ? 'extended time' : 'time bank'} ${Math.ceil(bank / 1000)} s` : '0 s';
}
