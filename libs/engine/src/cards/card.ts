/**
 * Card encoding shared by the whole engine.
 *
 * A card is a small integer: `rank * 4 + suit`, so 0..51 for the 52 natural cards.
 *  - rank: 0 = deuce, 1 = three, ... 8 = ten, 9 = jack, 10 = queen, 11 = king, 12 = ace
 *  - suit: 0 = clubs, 1 = diamonds, 2 = hearts, 3 = spades (alphabetical, as in most evaluators)
 * Jokers are 52 and 53 (`JOKER`, `JOKER + 1`). An integer keeps hands as plain number arrays
 * (cheap to copy, hash and serialise) and lets evaluators index lookup tables directly.
 */
export type Card = number;

export const RANKS = '23456789TJQKA';
export const SUITS = 'cdhs';
export const JOKER: Card = 52;

export const CLUBS = 0;
export const DIAMONDS = 1;
export const HEARTS = 2;
export const SPADES = 3;

export const rankOf = (card: Card): number => card >> 2;
export const suitOf = (card: Card): number => card & 3;
export const isJoker = (card: Card): boolean => card >= JOKER;
export const makeCard = (rank: number, suit: number): Card => rank * 4 + suit;

export class CardParseError extends Error {
  constructor(readonly input: string) {
    super(`not a card: ${JSON.stringify(input)}`);
    this.name = 'CardParseError';
  }
}

/** Parses one card in the usual text form: `As`, `Td`, `7h`; `10h` is accepted for ten; `Xx`/`Jk` for a joker. */
export function parseCard(text: string): Card {
  const trimmed = text.trim();
  if (/^(jk|xx|joker)$/i.test(trimmed)) return JOKER;
  const match = /^(10|[2-9tjqka])([cdhs])$/i.exec(trimmed);
  if (!match) throw new CardParseError(text);
  const rank = match[1] === '10' ? 8 : RANKS.indexOf(match[1].toUpperCase());
  return makeCard(rank, SUITS.indexOf(match[2].toLowerCase()));
}

/** Parses a run of cards, with or without separators: `AsKd`, `As Kd`, `As,Kd`. */
export function parseCards(text: string): Card[] {
  const compact = text.replace(/[\s,]+/g, '');
  const out: Card[] = [];
  for (let i = 0; i < compact.length;) {
    if (/^(jk|xx)/i.test(compact.slice(i, i + 2))) {
      out.push(JOKER + (out.filter(isJoker).length ? 1 : 0));
      i += 2;
      continue;
    }
    const len = compact.startsWith('10', i) ? 3 : 2;
    out.push(parseCard(compact.slice(i, i + len)));
    i += len;
  }
  return out;
}

export function formatCard(card: Card): string {
  if (isJoker(card)) return 'Jk';
  return RANKS[rankOf(card)] + SUITS[suitOf(card)];
}

export const formatCards = (cards: readonly Card[], sep = ''): string => cards.map(formatCard).join(sep);
