/** Helpers for the Naiko powers tests: tables, scripted play. Not used at runtime. */
import type { Card } from '../../cards';
import { apply } from '../apply';
import { stackDeck } from '../spec-helpers';
import { start } from '../start';
import type { Action, ApplyResult, HandConfig, HandEvent, HandState } from '../types';
import type { PowerId, PowersConfig } from './types';

export const NO_SHIELD: PowerId[] = ['sneak-peek', 'sleeve-swap', 'short-anchor'];
export const NO_SWAP: PowerId[] = ['sneak-peek', 'short-anchor', 'seal-shield'];
export const NO_PEEK: PowerId[] = ['sleeve-swap', 'short-anchor', 'seal-shield'];

/** Players at seats 0..n-1, the button on the last seat (3+ players: seat 0 small blind, seat 1 big blind). */
export function naikoTable(stacks: number[], powers: PowersConfig, blinds: [number, number] = [1, 2]): HandConfig {
  return {
    variant: 'naiko',
    structure: 'no-limit',
    seats: stacks.map((stack, seat) => ({ seat, stack })),
    button: stacks.length - 1,
    stakes: { smallBlind: blinds[0], bigBlind: blinds[1] },
    showdown: 'show-all',
    powers,
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
  static stacked(config: HandConfig, holes: string[], board = ''): Hand {
    return new Hand(config, stackDeck(holes, board));
  }
  /** Applies and returns the result; on success the hand moves on. */
  try(action: Action): ApplyResult {
    const result = apply(this.state, action);
    if (result.ok) {
      this.state = result.state;
      this.events.push(...result.events);
    }
    return result;
  }
  do(...actions: Action[]): this {
    for (const action of actions) {
      const result = this.try(action);
      if (!result.ok)
        throw new Error(`${JSON.stringify(action)} refused: ${result.error.code} ${result.error.message}`);
    }
    return this;
  }
  /** The last events, from the k-th from the end. */
  last(type: string): HandEvent | undefined {
    for (let k = this.events.length - 1; k >= 0; k--) if (this.events[k].type === type) return this.events[k];
    return undefined;
  }
}
