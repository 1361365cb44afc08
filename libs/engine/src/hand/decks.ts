import type { Card } from '../cards/card';
import { deckWithJokers, shortDeck32, shortDeck36, standardDeck } from '../cards/deck';
import type { DeckId } from '../variants/types';

/** A spec's named deck (`VariantSpec.deck`), fresh, in ascending card order. */
export function deckFor(id: DeckId): Card[] {
  switch (id) {
    case 'standard52':
      return standardDeck();
    case 'short32':
      return shortDeck32();
    case 'short36':
      return shortDeck36();
    case 'jokers1':
      return deckWithJokers(1);
    case 'jokers2':
      return deckWithJokers(2);
  }
}
