import { JOKER, formatCard, formatCards, parseCard, parseCards, rankOf, suitOf } from './card';
import { deckWithJokers, shortDeck32, shortDeck36, standardDeck } from './deck';

describe('decks', () => {
  it('the 52-card deck holds every card 2c..As once', () => {
    const deck = standardDeck();
    expect(deck).toHaveLength(52);
    expect(new Set(deck).size).toBe(52);
    expect(formatCard(deck[0])).toBe('2c');
    expect(formatCard(deck[51])).toBe('As');
  });

  it('the 32-card deck is sevens to aces, the 36-card deck sixes to aces', () => {
    expect(shortDeck32()).toHaveLength(32);
    expect(new Set(shortDeck32().map(rankOf))).toEqual(new Set([5, 6, 7, 8, 9, 10, 11, 12]));
    expect(shortDeck36()).toHaveLength(36);
    expect(Math.min(...shortDeck36().map(rankOf))).toBe(4);
    for (const deck of [shortDeck32(), shortDeck36()])
      for (let s = 0; s < 4; s++) expect(deck.filter((c) => suitOf(c) === s)).toHaveLength(deck.length / 4);
  });

  it('jokers are added as 52 and 53', () => {
    expect(deckWithJokers(1)).toEqual([...standardDeck(), JOKER]);
    expect(deckWithJokers(2).slice(52)).toEqual([52, 53]);
    expect(formatCards(deckWithJokers(2).slice(52), ' ')).toBe('Jk Jk');
  });

  it('every card prints and parses back', () => {
    for (const card of standardDeck()) expect(parseCard(formatCard(card))).toBe(card);
    expect(parseCards('As 10h,td Jk jk')).toEqual([51, 34, 33, 52, 53]);
    expect(() => parseCard('1x')).toThrow('not a card');
  });
});
