// Builders of stored-hand records for the fair-play specs (test-only; not exported from the lib).
import { parseCards } from '@naiko/engine';
import type { FairPlayHand, StoredEventPayload } from './hands';

export const hole = (seat: number, cards: string): StoredEventPayload => ({
  type: 'hole-dealt',
  seat,
  cards: parseCards(cards),
  up: [false, false],
});
export const board = (street: number, cards: string): StoredEventPayload => ({
  type: 'board-dealt',
  street,
  cards: parseCards(cards),
});
export const act = (seat: number, action: string, amount = 0, allIn = false): StoredEventPayload => ({
  type: 'action',
  seat,
  action,
  amount,
  to: 0,
  allIn,
});
export const blind = (seat: number, amount: number): StoredEventPayload => ({
  type: 'forced-bet',
  seat,
  kind: 'big-blind',
  amount,
  allIn: false,
});
export const uncalled = (seat: number, amount: number): StoredEventPayload => ({
  type: 'uncalled-bet-returned',
  seat,
  amount,
});
export const award = (shares: [seat: number, amount: number][]): StoredEventPayload => ({
  type: 'pot-awarded',
  pot: 0,
  amount: shares.reduce((s, [, a]) => s + a, 0),
  rake: 0,
  eligible: shares.map(([s]) => s),
  shares: shares.map(([seat, amount]) => ({ seat, amount, half: 'whole' })),
});

/** `users[i]` sits in seat i. */
export const hand = (handId: string, users: string[], events: StoredEventPayload[]): FairPlayHand => ({
  handId,
  tableId: 't1',
  players: users.map((userId, seat) => ({ seat, userId })),
  events: [...events, { type: 'hand-ended', stacks: [] }],
});

/** A heads-up pot: seat 0 (`loser`) bets `amount`, seat 1 (`winner`) calls and wins it all. */
export const lostTo = (handId: string, loser: string, winner: string, amount: number): FairPlayHand =>
  hand(handId, [loser, winner], [act(0, 'bet', amount), act(1, 'call', amount), award([[1, 2 * amount]])]);
