import type { Card } from '../cards/card';
import { legalActions } from './apply';
import { potTotal } from './betting';
import { sidePotsOf, tableDeadMoney } from './pots';
import { rulesOf } from './rule-module';
import type { BettingStructure } from '../variants/types';
import type { HandEvent, HandState, LegalActions, Phase } from './types';

export type Viewer = number | 'spectator';

export interface PlayerView {
  seat: number;
  stack: number;
  /** Chips in front of the player this round. */
  bet: number;
  /** Chips put in during the whole hand. */
  committed: number;
  folded: boolean;
  allIn: boolean;
  /** The player's private cards; `null` for each card this viewer may not see. */
  cards: (Card | null)[];
  up: boolean[];
  shown: boolean;
}

/** What one seat (or a spectator) may know: no deck, no card the viewer may not see. */
export interface HandView {
  viewer: Viewer;
  version: number;
  phase: Phase;
  variant: string;
  structure: BettingStructure;
  button: number;
  street: number;
  streetName: string;
  board: Card[];
  pot: number;
  /**
   * The main pot and the side pots as the table shows them (`sidePotsOf`): one per all-in level, this
   * round's bets included; `eligible` are table seat indices. Adds up to `pot`.
   */
  pots: { amount: number; eligible: number[] }[];
  currentBet: number;
  /** Table seat index to act, or null. */
  toAct: number | null;
  players: PlayerView[];
  /** The viewer's own options when it is his turn. */
  legal: LegalActions | null;
  /** What extension modules show this viewer (e.g. Naiko powers: sparks, the carousel, a private peek). */
  ext?: Record<string, unknown>;
}

/**
 * Rule modules add their per-viewer part of the view (`RuleModule.view`, shown under the module's id);
 * they must filter it for the viewer themselves.
 */
export type ViewExtension = (s: HandState, viewer: Viewer) => unknown;

/** Whether `viewer` may see private card `card` (an index into his hole cards) of player `player` (a seat index). */
export function canSee(state: HandState, viewer: Viewer, player: number, card: number): boolean {
  return (
    state.holeUp[player][card] || state.shown[player] || (viewer !== 'spectator' && state.seats[player] === viewer)
  );
}

export function view(state: HandState, viewer: Viewer): HandView {
  const players = state.seats.map((seat, player) => ({
    seat,
    stack: state.stacks[player],
    bet: state.bets[player],
    committed: state.committed[player],
    folded: state.folded[player],
    allIn: state.allIn[player],
    cards: state.hole[player].map((c, k) => (canSee(state, viewer, player, k) ? c : null)),
    up: state.holeUp[player].slice(),
    shown: state.shown[player],
  }));
  const toAct = state.toAct >= 0 ? state.seats[state.toAct] : null;
  let ext: Record<string, unknown> | undefined;
  const views = rulesOf(state.spec).views;
  if (views.length) {
    ext = {};
    for (const [name, fn] of views) ext[name] = fn(state, viewer);
  }
  return {
    viewer,
    version: state.version,
    phase: state.phase,
    variant: state.spec.id,
    structure: state.config.structure,
    button: state.button,
    street: state.street,
    streetName: state.spec.streets[state.street].name,
    board: state.board.slice(),
    pot: potTotal(state),
    pots: sidePotsOf(
      state.committed,
      state.folded,
      state.allIn,
      tableDeadMoney(state.config, state.sbIndex, state.bbIndex),
      state.config.carryOver,
    ).map((p) => ({ amount: p.amount, eligible: p.eligible.map((i) => state.seats[i]) })),
    currentBet: state.currentBet,
    toAct,
    players,
    legal: toAct !== null && toAct === viewer ? legalActions(state) : null,
    ...(ext ? { ext } : {}),
  };
}

/** Filters one `x-` event of a rule module for a viewer (`RuleModule.redactors`; applied by `viewEvent`). */
export type EventRedactor = (e: HandEvent, viewer: Viewer) => HandEvent | null;
