/** Shared helpers for the evaluator specs (not exported from the package). */
import { type Card, parseCards } from '../cards/card';

export const cards = (text: string): Card[] => parseCards(text);

/** Calls `visit(a, b, c, d, e)` for every 5-card combination of `deck`. */
export function forEachFive(deck: readonly Card[], visit: (a: Card, b: Card, c: Card, d: Card, e: Card) => void): void {
  const size = deck.length;
  for (let a = 0; a < size - 4; a++)
    for (let b = a + 1; b < size - 3; b++)
      for (let c = b + 1; c < size - 2; c++)
        for (let d = c + 1; d < size - 1; d++)
          for (let e = d + 1; e < size; e++) visit(deck[a], deck[b], deck[c], deck[d], deck[e]);
}
