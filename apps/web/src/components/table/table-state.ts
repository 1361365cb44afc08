// What the parts of the table page share: the table and the hand as the server last sent them
// (typed by @naiko/contracts), the player's seat, and the decision being prepared. The page owns
// one of these and redraws after each change; the components read it and call back.
import type { ClockInfo, HandViewWire, HomeView, PowersView, TablePublicState } from '@naiko/contracts';
import type { Me } from '../../api';
import type { PreAction } from '../pre-action';

/** The running hand as this socket may see it. */
export interface HandNow {
  handId: string;
  handNumber: number;
  view: HandViewWire;
  clock: ClockInfo | null;
}

/** A decision sent with `table:act`. */
export interface TableAction {
  type: string;
  amount?: number;
  discard?: number[];
  target?: number;
  card?: number;
}

export interface TableContext {
  readonly tableId: string;
  readonly root: HTMLElement;
  readonly me: Me | null;
  table: TablePublicState | null;
  /** The receiving socket's seat, or null (spectator). */
  yourSeat: number | null;
  hand: HandNow | null;
  blinds: { sb: number | null; bb: number | null };
  /** The hand's result lines (shows, wins, returns). */
  result: string[];
  error: string;
  /** The decision being prepared: the sizer's amount, the cards picked, the anchor's target. */
  raiseTo: number;
  /** The decision (hand version) at which "Fold instead of checking?" is being asked, else null. */
  confirmFoldAt: number | null;
  pre: PreAction | null;
  discard: Set<number>;
  powerTarget: number | null;
  /** Sends a decision on the hand version the player saw. */
  act(action: TableAction): void;
  render(): void;
}

/** A seat's name, or "seat N" when nobody sits there. */
export const nameOf = (ctx: TableContext, seat: number): string => ctx.table?.seatMap[seat]?.name ?? `seat ${seat + 1}`;

/** The hand's home-game view (straddler, bomb pot, second board, run-it-twice offer, rabbit), or null. */
export const homeView = (ctx: TableContext): HomeView | null => ctx.hand?.view.ext?.home ?? null;

/** The hand's Naiko powers view (filtered for this viewer by the server), or null. */
export const powersView = (ctx: TableContext): PowersView | null => ctx.hand?.view.ext?.powers ?? null;

/** The player's own seat in the hand, if he is dealt in. */
export const myPlayer = (ctx: TableContext) => ctx.hand?.view.players.find((p) => p.seat === ctx.yourSeat);

/** A new decision: the sizer starts at the minimum, no card is picked. */
export function resetDecision(ctx: TableContext): void {
  ctx.raiseTo = ctx.hand?.view.legal?.minTo ?? 0;
  ctx.discard = new Set();
}
