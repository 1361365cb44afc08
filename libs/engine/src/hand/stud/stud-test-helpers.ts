/** Helpers for the stud tests: stacked decks street by street, tables, check-down play. Not used at runtime. */
import { parseCards, type Card } from '../../cards';
import { apply, legalActions } from '../apply';
import { deckFor, start } from '../start';
import type { HandConfig, HandEvent, HandState, Stakes } from '../types';
import type { DeckId } from '../../variants/types';

/**
 * A stacked stud deck: `streets[s][k]` are the cards the k-th player still in (dealing order:
 * clockwise from left of the button) gets on street s, dealt in passes (all first cards, then all
 * second cards …, as the machine deals). Then `board` (Telesina's vela, a shared 7th card), then
 * the rest of the variant's deck.
 */
export function studDeck(deck: DeckId, streets: string[][], board = ''): Card[] {
  const out: Card[] = [];
  for (const street of streets) {
    const hs = street.map((h) => parseCards(h));
    const passes = Math.max(...hs.map((h) => h.length));
    for (let p = 0; p < passes; p++) for (const holeCards of hs) if (holeCards[p] !== undefined) out.push(holeCards[p]);
  }
  out.push(...parseCards(board));
  const used = new Set(out);
  if (used.size !== out.length) throw new Error('a card appears twice in the stacked deck');
  for (const card of deckFor(deck)) if (!used.has(card)) out.push(card);
  return out;
}

/** Fixed Limit 1/2 ante, bring-in 2 (2 × ante), small bet 10, big bet 20 unless overridden. */
export const STUD_STAKES: Stakes = { smallBlind: 0, bigBlind: 10, ante: 1, bringIn: 2, smallBet: 10, bigBet: 20 };

/** Players at seats 0..n-1, the button on the last seat, so seat 0 is dealt first. */
export function studTable(
  variant: string,
  structure: HandConfig['structure'],
  stacks: number[],
  stakes: Partial<Stakes> = {},
): HandConfig {
  return {
    variant,
    structure,
    seats: stacks.map((stack, seat) => ({ seat, stack })),
    button: stacks.length - 1,
    stakes: { ...STUD_STAKES, ...stakes },
  };
}

/** Everyone brings in, calls or checks until the hand ends (the passive line that reaches showdown). */
export function checkDown(state: HandState, events: HandEvent[] = []): { state: HandState; events: HandEvent[] } {
  for (let guard = 0; state.phase === 'betting' && guard < 500; guard++) {
    const la = legalActions(state);
    if (!la) break;
    const type = la.bringIn !== undefined ? 'bring-in' : la.actions.includes('check') ? 'check' : 'call';
    const result = apply(state, { type, seat: la.seat });
    if (!result.ok) throw new Error(result.error.message);
    state = result.state;
    events.push(...result.events);
  }
  return { state, events };
}

export function startStud(config: HandConfig, deck: Card[]): { state: HandState; events: HandEvent[] } {
  const started = start(config, { deck });
  return { state: started.state, events: started.events.slice() };
}
