// Privacy checks of e2e tests: the cards each seat held face down and never showed, from a hand's
// stored events — a message for another seat must contain none of them.
type StoredEvent = { type: string; seat?: number; cards?: (number | null)[]; up?: boolean[] };

/** Seat → its face-down cards that were never shown, from the stored events of one hand. */
export function hiddenCardsBySeat(events: readonly unknown[]): Map<number, Set<number>> {
  const bySeat = new Map<number, Set<number>>();
  const shown = new Set<number>();
  for (const e of events as StoredEvent[]) {
    if (e.type === 'hole-dealt') {
      const set = bySeat.get(e.seat!) ?? new Set<number>();
      e.cards!.forEach((c, k) => !e.up![k] && c !== null && set.add(c));
      bySeat.set(e.seat!, set);
    }
    if (e.type === 'hand-shown') shown.add(e.seat!);
  }
  for (const s of shown) bySeat.delete(s);
  return bySeat;
}

/** The hidden cards of every seat but `mine` (-1 for a spectator). */
export function othersHiddenCards(bySeat: Map<number, Set<number>> | undefined, mine: number): Set<number> {
  const secret = new Set<number>();
  for (const [s, cards] of bySeat ?? new Map<number, Set<number>>())
    if (s !== mine) cards.forEach((c) => secret.add(c));
  return secret;
}
