import type { Card } from '../cards/card';
import type { HandState } from './types';

type Mutable<T> = T extends readonly (infer U)[] ? U[] : T;

/**
 * The mutable working copy `apply` builds the next state in. Per-player arrays are copied once
 * per accepted action (a handful of short number arrays), the deck and other players' cards are
 * shared, so an action costs a few small allocations and never a deep clone.
 */
export type Draft = { -readonly [K in keyof HandState]: Mutable<HandState[K]> };

export function toDraft(s: HandState): Draft {
  return {
    config: s.config,
    spec: s.spec,
    version: s.version,
    phase: s.phase,
    deck: s.deck as Card[],
    deckPos: s.deckPos,
    seats: s.seats as number[],
    button: s.button,
    sbIndex: s.sbIndex,
    bbIndex: s.bbIndex,
    stacks: s.stacks.slice(),
    bets: s.bets.slice(),
    committed: s.committed.slice(),
    // Copied on write (they change on few actions): see `setFolded` / `setAllIn`.
    folded: s.folded as boolean[],
    allIn: s.allIn as boolean[],
    acted: s.acted.slice(),
    actedLevel: s.actedLevel.slice(),
    hole: s.hole as (readonly Card[])[],
    holeUp: s.holeUp as (readonly boolean[])[],
    board: s.board as Card[],
    street: s.street,
    toAct: s.toAct,
    currentBet: s.currentBet,
    lastIncrement: s.lastIncrement,
    betCount: s.betCount,
    spreadStep: s.spreadStep,
    lastAggressor: s.lastAggressor,
    shown: s.shown as boolean[],
    runout: s.runout,
    ext: s.ext,
  };
}

/** Folds player i, copying the shared flags array first (it belongs to the previous state). */
export function setFolded(d: Draft, i: number): void {
  d.folded = d.folded.slice();
  d.folded[i] = true;
}

export function setAllIn(d: Draft, i: number, value: boolean): void {
  if (d.allIn[i] === value) return;
  d.allIn = d.allIn.slice();
  d.allIn[i] = value;
}

/** The draft becomes the new state value (no copy: the draft is never touched again). */
export const finish = (d: Draft): HandState => d as HandState;
