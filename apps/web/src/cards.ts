// Cards as the engine encodes them: rank * 4 + suit (libs/engine/src/cards/card.ts), 52/53 jokers.
import { h } from './dom';

const RANKS = '23456789TJQKA';
const SUITS = ['♣', '♦', '♥', '♠'];
const SUIT_LETTERS = 'cdhs';

export function cardText(card: number): string {
  if (card >= 52) return 'Jk';
  return RANKS[card >> 2] + SUIT_LETTERS[card & 3];
}

export function cardEl(card: number | null, extra: Record<string, unknown> = {}): HTMLElement {
  if (card === null) return h('span', { class: 'card back', 'data-card': 'hidden', ...extra }, '🂠');
  if (card >= 52) return h('span', { class: 'card joker', 'data-card': 'Jk', ...extra }, 'Jk');
  const suit = card & 3;
  return h('span', { class: `card ${suit === 1 || suit === 2 ? 'red' : 'black'}`, 'data-card': cardText(card), ...extra }, RANKS[card >> 2] + SUITS[suit]);
}

/** A card as players read it, with its suit symbol ("A♠"): the results line uses it like the cards. */
export function cardSymbol(card: number): string {
  if (card >= 52) return 'Jk';
  return RANKS[card >> 2] + SUITS[card & 3];
}
