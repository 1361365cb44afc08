import type { Card } from '../cards/card';
import type { HandState } from './types';

type Mutable<T> = T extends readonly (infer U)[] ? U[] : T;

/**
 * The mutable working copy `apply` builds the next state in. Per-player arrays are copied once
 * per accepted action (a handful of short number arrays), the deck and other players' cards are
 * shared, so an action costs a few small allocations and never a deep clone.
 */
export type Draft = { -readonly [K in keyof HandState]: Mutable<HandState[K]> };

export function toDraft(state: HandState): Draft {
  return {
    config: state.config,
    spec: state.spec,
    version: state.version,
    phase: state.phase,
    deck: state.deck as Card[],
    deckPos: state.deckPos,
    seats: state.seats as number[],
    button: state.button,
    sbIndex: state.sbIndex,
    bbIndex: state.bbIndex,
    stacks: state.stacks.slice(),
    bets: state.bets.slice(),
    committed: state.committed.slice(),
    // Copied on write (they change on few actions): see `setFolded` / `setAllIn`.
    folded: state.folded as boolean[],
    allIn: state.allIn as boolean[],
    acted: state.acted.slice(),
    actedLevel: state.actedLevel.slice(),
    hole: state.hole as (readonly Card[])[],
    holeUp: state.holeUp as (readonly boolean[])[],
    board: state.board as Card[],
    street: state.street,
    toAct: state.toAct,
    currentBet: state.currentBet,
    lastIncrement: state.lastIncrement,
    betCount: state.betCount,
    spreadStep: state.spreadStep,
    lastAggressor: state.lastAggressor,
    shown: state.shown as boolean[],
    runout: state.runout,
    ext: state.ext,
  };
}

/** Folds player i, copying the shared flags array first (it belongs to the previous state). */
export function setFolded(draft: Draft, index: number): void {
  draft.folded = draft.folded.slice();
  draft.folded[index] = true;
}

export function setAllIn(draft: Draft, index: number, value: boolean): void {
  if (draft.allIn[index] === value) return;
  draft.allIn = draft.allIn.slice();
  draft.allIn[index] = value;
}

/** The draft becomes the new state value (no copy: the draft is never touched again). */
export const finish = (d: Draft): HandState => d as HandState;
