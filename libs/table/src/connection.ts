import { fail } from './errors';
import type { TableEvent, Transition } from './events';
import { seatOf, withSeat, type TableState } from './state';

/**
 * Connections (docs/rules/naiko.de.txt §7): a disconnect does not stop the clock nor undo a bet — the table keeps
 * dealing the player in and the clock acts for him; the reconnection window keeps his seat; after
 * it he is sat out (and then misses blinds like anyone sitting out).
 */
export function disconnect(state: TableState, playerId: string, now: number): Transition<TableState> {
  const seat = seatOf(state, playerId);
  if (seat < 0) fail('NOT_SEATED', `${playerId} has no seat`);
  const seatState = state.seats[seat]!;
  if (!seatState.connected) return { state, events: [] };
  return {
    state: withSeat(state, seat, { ...seatState, connected: false, disconnectedAt: now }),
    events: [{ type: 'disconnected', seat, playerId, at: now }],
  };
}

/**
 * Back on the same seat; the client then takes the server's confirmed state. A player sat out by the window stays sat
 * out until he sits in.
 */
export function reconnect(state: TableState, playerId: string, now: number): Transition<TableState> {
  const seat = seatOf(state, playerId);
  if (seat < 0) fail('NOT_SEATED', `${playerId} has no seat`);
  const seatState = state.seats[seat]!;
  if (seatState.connected) return { state, events: [] };
  return {
    state: withSeat(state, seat, { ...seatState, connected: true, disconnectedAt: null }),
    events: [{ type: 'reconnected', seat, playerId, at: now }],
  };
}

/** Whether a disconnected player is still inside his reconnection window at `now`. */
export function withinReconnectWindow(state: TableState, playerId: string, now: number): boolean {
  const seat = seatOf(state, playerId);
  if (seat < 0) return false;
  const seatState = state.seats[seat]!;
  return seatState.connected || now - (seatState.disconnectedAt ?? now) < state.config.clock.reconnectWindowMs;
}

/** Sits out every player whose reconnection window has run out by `now`. */
export function expireDisconnections(state: TableState, now: number): Transition<TableState> {
  let next = state;
  const events: TableEvent[] = [];
  state.seats.forEach((seatState, seat) => {
    if (!seatState || seatState.connected || seatState.sittingOut || seatState.disconnectedAt === null) return;
    if (now - seatState.disconnectedAt < state.config.clock.reconnectWindowMs) return;
    next = withSeat(next, seat, { ...seatState, sittingOut: true });
    events.push({ type: 'satOut', seat, playerId: seatState.playerId, reason: 'disconnected' });
  });
  return { state: next, events };
}

/**
 * The next moment a between-hands timer fires (a seat offer or a reconnection window), or null. The table host
 * schedules it.
 */
export function nextDeadline(state: TableState): number | null {
  const times: number[] = [];
  if (state.seatOffer) times.push(state.seatOffer.expiresAt);
  for (const seatState of state.seats) {
    if (seatState && !seatState.connected && !seatState.sittingOut && seatState.disconnectedAt !== null)
      times.push(seatState.disconnectedAt + state.config.clock.reconnectWindowMs);
  }
  return times.length ? Math.min(...times) : null;
}
