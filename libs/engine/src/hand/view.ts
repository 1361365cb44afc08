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

/** Whether `viewer` may see private card `k` of player `i`. */
export function canSee(s: HandState, viewer: Viewer, i: number, k: number): boolean {
  return s.holeUp[i][k] || s.shown[i] || (viewer !== 'spectator' && s.seats[i] === viewer);
}

export function view(s: HandState, viewer: Viewer): HandView {
  const players = s.seats.map((seat, i) => ({
    seat,
    stack: s.stacks[i],
    bet: s.bets[i],
    committed: s.committed[i],
    folded: s.folded[i],
    allIn: s.allIn[i],
    cards: s.hole[i].map((c, k) => (canSee(s, viewer, i, k) ? c : null)),
    up: s.holeUp[i].slice(),
    shown: s.shown[i],
  }));
  const toAct = s.toAct >= 0 ? s.seats[s.toAct] : null;
  let ext: Record<string, unknown> | undefined;
  const views = rulesOf(s.spec).views;
  if (views.length) {
    ext = {};
    for (const [name, fn] of views) ext[name] = fn(s, viewer);
  }
  return {
    viewer,
    version: s.version,
    phase: s.phase,
    variant: s.spec.id,
    structure: s.config.structure,
    button: s.button,
    street: s.street,
    streetName: s.spec.streets[s.street].name,
    board: s.board.slice(),
    pot: potTotal(s),
    pots: sidePotsOf(
      s.committed,
      s.folded,
      s.allIn,
      tableDeadMoney(s.config, s.sbIndex, s.bbIndex),
      s.config.carryOver,
    ).map((p) => ({ amount: p.amount, eligible: p.eligible.map((i) => s.seats[i]) })),
    currentBet: s.currentBet,
    toAct,
    players,
    legal: toAct !== null && toAct === viewer ? legalActions(s) : null,
    ...(ext ? { ext } : {}),
  };
}

/** Filters one `x-` event of a rule module for a viewer (`RuleModule.redactors`; applied by `viewEvent`). */
export type EventRedactor = (e: HandEvent, viewer: Viewer) => HandEvent | null;
