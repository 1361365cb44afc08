// Who is dealt in at one table of a scheduled tournament, and where the button and blinds go; the
// hand marked begun. Part of the pure tournament state (mtt-state.ts), apart so that each file
// stays short enough to read.
//
// Decisions the rule texts leave open (documented here):
// - The blinds follow the dead-button rule (libs/tournament dead-button.ts, TDA): the big blind
//   always moves forward from the last hand's big blind, so no player skips it when another busts
//   or is moved away. A table's first hand (and the final table's after the redraw) has no positions
//   yet: the button goes to the first player after the last button (none: the first player), the
//   blinds to the next players.
// - A player moved between the small blind and the button (`waitsForButton`) is not dealt in while
//   his seat is where the seating planner makes a newcomer wait (libs/tournament
//   `waitsForButtonAt`: the button's seat or between it and the big blind); the first hand where it
//   is not, he is in (the button has passed him).
// - No table deals while hand-for-hand waits for its round, during the final-table redraw, once a
//   satellite's seats are decided, or after the winner.
import {
  deadButtonDeal,
  mayDeal,
  strictlyBetweenSeats,
  waitsForButtonAt,
  type DeadButtonDeal,
  type DeadButtonPositions,
  type TableSnapshot,
} from '@naiko/tournament';
import type { MttState } from './mtt-state';

/**
 * A table's next deal: the seats dealt in (in seat order), the button (a dead button may be an empty
 * seat), the small blind (null: dead) and big blind, and the positions the table keeps for its next.
 */
export type DealDecision = DeadButtonDeal;

function table(state: MttState, tableId: number): TableSnapshot | undefined {
  return state.seating?.tables.find((t) => t.tableId === tableId);
}

/**
 * Whether table `tableId` may deal now, and to whom. Null when it may not (closed, paused for the
 * redraw or hand-for-hand, fewer than two players, or already in a hand).
 */
export function dealFor(state: MttState, tableId: number): DealDecision | null {
  const tableSnapshot = table(state, tableId);
  if (!tableSnapshot || tableSnapshot.handInProgress || state.pauseDeals || state.seatsDecided || state.winner)
    return null;
  const roundState = state.handForHand;
  if (roundState && (roundState.pending || !roundState.round || !mayDeal(roundState.round, tableId))) return null;
  const occupied = tableSnapshot.seats
    .map((p, seat) => (p ? { seat, userId: p.playerId } : null))
    .filter((x): x is { seat: number; userId: string } => x !== null);
  if (occupied.length < 2) return null;
  const seatCount = tableSnapshot.seats.length;
  const waiting = new Set(state.waiting);
  const prev = positionsOf(tableSnapshot);
  if (prev) {
    // The dead-button rule from the last hand's positions; a waiting player is in once his seat no
    // longer waits by the planner's rule (the one that seated him there).
    const table = { seats: tableSnapshot.seats, button: tableSnapshot.button, positions: prev };
    const dealtIn = occupied.filter((p) => !waiting.has(p.userId) || !waitsForButtonAt(table, p.seat));
    return deadButtonDeal(dealtIn.length >= 2 ? dealtIn : occupied, seatCount, prev, null);
  }
  // No positions yet (the table's first hand, the final table's after the redraw, or a table that
  // dealt before positions were kept): the button moves to the next player, the blinds follow it.
  const ready = occupied.filter((p) => !waiting.has(p.userId));
  const base = ready.length >= 2 ? ready : occupied;
  const after = (from: number | null) => base.find((p) => from === null || p.seat > from) ?? base[0];
  const button = after(tableSnapshot.button).seat;
  const sb = base.length === 2 ? button : after(button).seat;
  const players = occupied.filter(
    (p) => !waiting.has(p.userId) || base === occupied || !strictlyBetweenSeats(button, p.seat, sb, seatCount),
  );
  // The blinds as the table would put them from this button (the dealt-in players after it).
  const afterDealt = (from: number) => (players.find((p) => p.seat > from) ?? players[0]).seat;
  const smallBlind = players.length === 2 ? button : afterDealt(button);
  const bigBlind = afterDealt(smallBlind);
  return { players, button, smallBlind, bigBlind, positions: { button, smallBlind, bigBlind } };
}

/** The last hand's blind positions a table keeps (they count only with a button: none after the redraw). */
function positionsOf(tableSnapshot: TableSnapshot): DeadButtonPositions | null {
  const kept = tableSnapshot.positions;
  if (tableSnapshot.button === null || !kept || kept.smallBlind === null || kept.bigBlind === null) return null;
  return { button: tableSnapshot.button, smallBlind: kept.smallBlind, bigBlind: kept.bigBlind };
}

/** Marks the hand started: the table is busy, every seated player counts as dealt in (libs/tournament). */
export function beginHand(state: MttState, tableId: number, deal: DealDecision): MttState {
  const dealt = new Set(deal.players.map((p) => p.userId));
  const tables = state.seating!.tables.map((tableSnapshot) =>
    tableSnapshot.tableId !== tableId
      ? tableSnapshot
      : {
          ...tableSnapshot,
          handInProgress: true,
          button: deal.button,
          positions: deal.positions,
          seats: tableSnapshot.seats.map((p) => (p ? { ...p, dealtIn: true } : null)),
        },
  );
  return { ...state, seating: { ...state.seating!, tables }, waiting: state.waiting.filter((u) => !dealt.has(u)) };
}
