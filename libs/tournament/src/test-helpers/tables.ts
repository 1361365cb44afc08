import type { SeatedPlayer, SeatingSnapshot, TableSnapshot } from '../seating';

/**
 * Builds a table from a layout such as `'A B . C* . D'`: one token per seat, `.` = free, a name = a
 * player dealt in, a name with `*` = a player not dealt in yet (just moved or seated).
 */
export function table(
  tableId: number,
  layout: string,
  button: number | null = null,
  handInProgress = false,
): TableSnapshot {
  const seats = layout
    .trim()
    .split(/\s+/)
    .map((tok): SeatedPlayer | null =>
      tok === '.' ? null : { playerId: tok.replace('*', ''), dealtIn: !tok.endsWith('*') },
    );
  return { tableId, seats, button, handInProgress };
}

export const counts = (s: SeatingSnapshot): number[] => s.tables.map((t) => t.seats.filter(Boolean).length);

export const allPlayers = (s: SeatingSnapshot): string[] =>
  s.tables.flatMap((t) => t.seats.filter((x): x is SeatedPlayer => x !== null).map((x) => x.playerId));

/** `n` players named p<offset>, p<offset+1>, ... spread over a layout of `size` seats from seat 0. */
export function filled(
  tableId: number,
  playerCount: number,
  size: number,
  offset: number,
  button: number | null = null,
  handInProgress = false,
): TableSnapshot {
  const tokens = Array.from({ length: size }, (_, i) => (i < playerCount ? `p${offset + i}` : '.'));
  return table(tableId, tokens.join(' '), button, handInProgress);
}
