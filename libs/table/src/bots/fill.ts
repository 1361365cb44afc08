import type { TableState } from '../state';

/**
 * Which free seats bots should take so that at least `target` players can play (bots fill seats only
 * where the table allows; they never take a seat offered to the waiting list, nor fill a table alone).
 */
export function seatsForBots(state: TableState, target: number): number[] {
  if (!state.config.botsAllowed || state.closed) return [];
  const seated = state.seats.filter((s) => s !== null);
  const humans = seated.filter((s) => !s!.isBot).length;
  if (humans === 0) return [];
  const free = state.seats.flatMap((s, i) => (s === null ? [i] : []));
  const usable = state.seatOffer || state.waitingList.length ? free.slice(0, Math.max(0, free.length - 1)) : free;
  const need = Math.max(0, Math.min(target, state.seats.length) - seated.length);
  return usable.slice(0, need);
}
