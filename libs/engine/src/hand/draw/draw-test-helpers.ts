/** Helpers for the draw tests: stacked decks, tables, strict action application. Not used at runtime. */
import { parseCards, type Card } from '../../cards';
import type { DeckId } from '../../variants/types';
import { apply } from '../apply';
import { deckFor, start } from '../start';
import type { Action, HandConfig, HandEvent, HandState, Stakes } from '../types';

/**
 * A stacked draw deck: `hands[k]` (5 cards) goes to the k-th player in dealing order (clockwise from
 * left of the button), dealt one card per pass as the machine deals; then `draws` in the order the
 * replacements are taken; then the rest of the variant's deck. `spare` (optional) follows as the first
 * spare deck (the order of a reshuffle).
 */
export function drawDeck(deck: DeckId, hands: string[], draws = '', spare?: string): Card[] {
  const hs = hands.map((h) => parseCards(h));
  const out: Card[] = [];
  for (let p = 0; p < 5; p++) for (const holeCards of hs) out.push(holeCards[p]);
  out.push(...parseCards(draws));
  const used = new Set(out);
  if (used.size !== out.length) throw new Error('a card appears twice in the stacked deck');
  for (const card of deckFor(deck)) if (!used.has(card)) out.push(card);
  if (spare !== undefined) out.push(...parseCards(spare));
  return out;
}

/** Players at seats 0..n-1, button on the last seat (seat 0 small blind, seat 1 big blind). */
export function drawTable(
  variant: HandConfig['variant'],
  structure: HandConfig['structure'],
  stacks: number[],
  stakes: Partial<Stakes> = {},
): HandConfig {
  return {
    variant,
    structure,
    seats: stacks.map((stack, seat) => ({ seat, stack })),
    button: stacks.length - 1,
    stakes: { smallBlind: 5, bigBlind: 10, ...stakes },
  };
}

export class Hand {
  state: HandState;
  events: HandEvent[];
  constructor(config: HandConfig, deck: Card[]) {
    const started = start(config, { deck });
    this.state = started.state;
    this.events = started.events.slice();
  }
  /** Applies an action that must be accepted. */
  do(type: string, seat: number, extra: Partial<Action> = {}): this {
    const result = apply(this.state, { type, seat, ...extra });
    if (!result.ok) throw new Error(`${type} by seat ${seat}: ${result.error.code} ${result.error.message}`);
    this.state = result.state;
    this.events.push(...result.events);
    return this;
  }
  draw(seat: number, cards = ''): this {
    return this.do('draw', seat, { discard: parseCards(cards) });
  }
  /** The refusal of an action (its error code). */
  refuse(type: string, seat: number, extra: Partial<Action> = {}): string {
    const result = apply(this.state, { type, seat, ...extra });
    if (result.ok) throw new Error(`${type} by seat ${seat} was accepted`);
    return result.error.code;
  }
  stacks(): number[] {
    return this.state.stacks.slice();
  }
  ofType(type: string): HandEvent[] {
    return this.events.filter((e) => e.type === type);
  }
}
