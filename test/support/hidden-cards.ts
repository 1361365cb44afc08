// Privacy checks of e2e tests: the cards each seat held face down and never showed, from a hand's
// stored events — a message for another seat must contain none of them.
type StoredEvent = { type: string; seat?: number; cards?: (number | null)[]; up?: boolean[] };

/** Seat → its face-down cards that were never shown, from the stored events of one hand. */
export function hiddenCardsBySeat(events: readonly unknown[]): Map<number, Set<number>> {
  const bySeat = new Map<number, Set<number>>();
  const shown = new Set<number>();
  for (const event of events as StoredEvent[]) {
    if (event.type === 'hole-dealt') {
      const set = bySeat.get(event.seat!) ?? new Set<number>();
      event.cards!.forEach((c, k) => !event.up![k] && c !== null && set.add(c));
      bySeat.set(event.seat!, set);
    }
    if (event.type === 'hand-shown') shown.add(event.seat!);
  }
  for (const seat of shown) bySeat.delete(seat);
  return bySeat;
}

/** The hidden cards of every seat but `mine` (-1 for a spectator). */
export function othersHiddenCards(bySeat: Map<number, Set<number>> | undefined, mine: number): Set<number> {
  const secret = new Set<number>();
  for (const [seat, cards] of bySeat ?? new Map<number, Set<number>>())
    if (seat !== mine) cards.forEach((c) => secret.add(c));
  return secret;
}
