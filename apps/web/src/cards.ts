// Cards as the engine encodes them: rank * 4 + suit (libs/engine/src/cards/card.ts), 52/53 jokers.
import { h } from './dom';
import { cardName } from './a11y/speech';

const RANKS = '23456789TJQKA';
const SUITS = ['♣', '♦', '♥', '♠'];
const SUIT_LETTERS = 'cdhs';

export function cardText(card: number): string {
  if (card >= 52) return 'Jk';
  return RANKS[card >> 2] + SUIT_LETTERS[card & 3];
}

export function cardEl(card: number | null, extra: Record<string, unknown> = {}): HTMLElement {
  // A text alternative for every card (issue 27): "ace of spades", "a face-down card".
  const alt = { role: 'img', 'aria-label': cardName(card) };
  if (card === null) return h('span', { class: 'card back', 'data-card': 'hidden', ...alt, ...extra }, '🂠');
  if (card >= 52) return h('span', { class: 'card joker', 'data-card': 'Jk', ...alt, ...extra }, 'Jk');
  const suit = card & 3;
  return h(
    'span',
    { class: `card ${suit === 1 || suit === 2 ? 'red' : 'black'}`, 'data-card': cardText(card), ...alt, ...extra },
    RANKS[card >> 2] + SUITS[suit],
  );
}

/** A card as players read it, with its suit symbol ("A♠"): the results line uses it like the cards. */
export function cardSymbol(card: number): string {
  if (card >= 52) return 'Jk';
  return RANKS[card >> 2] + SUITS[card & 3];
}
