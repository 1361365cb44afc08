import { type Card, JOKER, makeCard } from './card';

/** Cards of the given ranks in every suit, ordered by rank then suit (= ascending card number). */
function deckOfRanks(lowestRank: number): Card[] {
  const out: Card[] = [];
  for (let r = lowestRank; r <= 12; r++) for (let s = 0; s < 4; s++) out.push(makeCard(r, s));
  return out;
}

/** The 52-card deck, 2c..As. */
export const standardDeck = (): Card[] => deckOfRanks(0);
/** The 32-card deck, sevens to aces (Americana, Telesina, 32-Card Draw, Five Card Draw 7-A). */
export const shortDeck32 = (): Card[] => deckOfRanks(5);
/** The 36-card deck, sixes to aces (Five Card Draw 7-A with five players). */
export const shortDeck36 = (): Card[] => deckOfRanks(4);
/** The 52-card deck plus one or two jokers (classic draw); jokers are 52 and 53. */
export function deckWithJokers(jokers: 1 | 2): Card[] {
  const out = standardDeck();
  for (let i = 0; i < jokers; i++) out.push(JOKER + i);
  return out;
}
