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
  const s = state.seats[seat]!;
  if (!s.connected) return { state, events: [] };
  return {
    state: withSeat(state, seat, { ...s, connected: false, disconnectedAt: now }),
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
  const s = state.seats[seat]!;
  if (s.connected) return { state, events: [] };
  return {
    state: withSeat(state, seat, { ...s, connected: true, disconnectedAt: null }),
    events: [{ type: 'reconnected', seat, playerId, at: now }],
  };
}

/** Whether a disconnected player is still inside his reconnection window at `now`. */
export function withinReconnectWindow(state: TableState, playerId: string, now: number): boolean {
  const seat = seatOf(state, playerId);
  if (seat < 0) return false;
  const s = state.seats[seat]!;
  return s.connected || now - (s.disconnectedAt ?? now) < state.config.clock.reconnectWindowMs;
}

/** Sits out every player whose reconnection window has run out by `now`. */
export function expireDisconnections(state: TableState, now: number): Transition<TableState> {
  let next = state;
  const events: TableEvent[] = [];
  state.seats.forEach((s, seat) => {
    if (!s || s.connected || s.sittingOut || s.disconnectedAt === null) return;
    if (now - s.disconnectedAt < state.config.clock.reconnectWindowMs) return;
    next = withSeat(next, seat, { ...s, sittingOut: true });
    events.push({ type: 'satOut', seat, playerId: s.playerId, reason: 'disconnected' });
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
  for (const s of state.seats) {
    if (s && !s.connected && !s.sittingOut && s.disconnectedAt !== null)
      times.push(s.disconnectedAt + state.config.clock.reconnectWindowMs);
  }
  return times.length ? Math.min(...times) : null;
}
