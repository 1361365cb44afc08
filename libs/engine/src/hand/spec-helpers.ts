/** Helpers shared by the hand machine's tests (stacked decks, scripted play). Not used at runtime. */
import { parseCards, standardDeck, type Card } from '../cards';
import { apply } from './apply';
import { start } from './start';
import type { Action, HandConfig, HandEvent, HandState } from './types';

/**
 * A stacked deck: `holes[k]` are the private cards of the k-th player in dealing order (clockwise
 * from the first player left of the button), `board` the community cards; the rest follow unused.
 */
export function stackDeck(holes: string[], board = ''): Card[] {
  const hs = holes.map((h) => parseCards(h));
  const out: Card[] = [];
  const passes = Math.max(...hs.map((h) => h.length));
  for (let p = 0; p < passes; p++) for (const holeCards of hs) out.push(holeCards[p]);
  out.push(...parseCards(board));
  const used = new Set(out);
  if (used.size !== out.length) throw new Error('a card appears twice in the stacked deck');
  for (const card of standardDeck()) if (!used.has(card)) out.push(card);
  return out;
}

export interface Played {
  state: HandState;
  events: HandEvent[];
}

/** Plays `actions` (`"seat:call"`, `"seat:raise:220"`) and fails loudly on a refusal. */
export function play(config: HandConfig, deck: Card[], actions: string[]): Played {
  let { state, events } = start(config, { deck });
  events = events.slice();
  for (const text of actions) {
    const result = apply(state, parse(text));
    if (!result.ok) throw new Error(`${text} refused: ${result.error.code} ${result.error.message}`);
    state = result.state;
    events.push(...result.events);
  }
  return { state, events };
}

export function parse(text: string): Action {
  const [seat, type, amount] = text.split(':');
  return amount === undefined ? { type, seat: Number(seat) } : { type, seat: Number(seat), amount: Number(amount) };
}

export const stacksOf = (s: HandState): Record<number, number> =>
  Object.fromEntries(s.seats.map((seat, i) => [seat, s.stacks[i]]));

export const ofType = <T extends HandEvent['type']>(events: HandEvent[], type: T): Extract<HandEvent, { type: T }>[] =>
  events.filter((e) => e.type === type) as Extract<HandEvent, { type: T }>[];
