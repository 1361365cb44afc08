/**
 * Disconnection protection ("artificial all-in", house rules): a limited number per player per
 * 24 hours, as a rolling window over the times of earlier uses. The uses are per player across
 * tables, so the platform stores the list; these functions only decide.
 */
export const DAY_MS = 24 * 60 * 60 * 1000;

/** Uses still inside the window ending at `now`. */
export const usesInWindow = (uses: readonly number[], now: number, windowMs = DAY_MS): number[] =>
  uses.filter((t) => t <= now && now - t < windowMs);

export const protectionAvailable = (uses: readonly number[], now: number, perDay: number, windowMs = DAY_MS): boolean =>
  usesInWindow(uses, now, windowMs).length < perDay;

/** Records a use at `now` (the list is pruned of uses that left the window). */
export const recordProtection = (uses: readonly number[], now: number, windowMs = DAY_MS): number[] => [
  ...usesInWindow(uses, now, windowMs),
  now,
];

/** When the next protection becomes available again (null if one is available now). */
export function protectionAvailableAt(
  uses: readonly number[],
  now: number,
  perDay: number,
  windowMs = DAY_MS,
): number | null {
  const live = usesInWindow(uses, now, windowMs).sort((a, b) => a - b);
  if (live.length < perDay) return null;
  if (perDay === 0) return Infinity;
  return live[live.length - perDay] + windowMs;
}
