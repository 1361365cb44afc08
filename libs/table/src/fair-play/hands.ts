/**
 * Input records of the fair-play signals, shaped like what libs/persistence's HandStore keeps: a
 * hand (`hands` row: id, table, `players` = [{ seat, userId }]) and its events in seq order (the
 * `hand_events.payload` column, i.e. the engine's `HandEvent` values as stored). A later job reads
 * them from PostgreSQL and passes them here unchanged; nothing in this folder does I/O.
 *
 * `replayHand` walks the stored events once and extracts what the signals need: who put how much
 * into the pot, who got how much back, who folded when (with his cards and the board at that
 * moment), and every betting decision with the players still in the pot. Chip movements follow the
 * same rules as libs/persistence's `chipFlowsOf` (forced bets and actions in, uncalled bets, awards
 * and crash refunds out).
 */
import type { Card, HandEvent } from '@naiko/engine';

export interface FairPlayPlayer {
  seat: number;
  userId: string;
}

/** A stored event payload (`{ type, ... }`); unknown types are ignored. */
export type StoredEventPayload = { type: string; [k: string]: unknown };

export interface FairPlayHand {
  handId: string;
  tableId: string | null;
  players: readonly FairPlayPlayer[];
  /** The hand's events in seq order. */
  events: readonly StoredEventPayload[];
}

export type FairPlayErrorCode = 'INVALID_OPTIONS' | 'INVALID_HAND' | 'INVALID_INPUT';

/** Bad input to a signal: thrown before anything is computed. */
export class FairPlayError extends Error {
  constructor(
    readonly code: FairPlayErrorCode,
    message: string,
  ) {
    super(message);
    this.name = 'FairPlayError';
  }
}

export interface FoldRecord {
  seat: number;
  /** Hole cards as stored (null = unknown to the log). */
  holeCards: readonly (Card | null)[];
  /** Board cards dealt before the fold. */
  board: readonly Card[];
  /** Chips the folder had put into the pot when he folded. */
  committed: number;
}

export interface DecisionRecord {
  seat: number;
  action: 'fold' | 'check' | 'call' | 'bet' | 'raise' | 'bring-in';
  /** Seats not folded when the decision was made (the actor included). */
  live: readonly number[];
  /** Live seats that were all-in before the decision (they can no longer be bet into). */
  allIn: readonly number[];
}

export interface ReplayedHand {
  handId: string;
  userOf: ReadonlyMap<number, string>;
  /** Chips each seat put in, net of uncalled bets returned. */
  contributed: ReadonlyMap<number, number>;
  /** Chips each seat got out of the pot (awards and crash refunds). */
  received: ReadonlyMap<number, number>;
  folds: readonly FoldRecord[];
  decisions: readonly DecisionRecord[];
}

type E<T extends string> = Extract<HandEvent, { type: T }>;

const add = (m: Map<number, number>, seat: number, n: number) => m.set(seat, (m.get(seat) ?? 0) + n);

export function replayHand(hand: FairPlayHand): ReplayedHand {
  if (typeof hand.handId !== 'string' || hand.handId === '')
    throw new FairPlayError('INVALID_HAND', 'a hand needs its id');
  const userOf = new Map<number, string>();
  for (const fairPlayPlayer of hand.players) {
    if (!Number.isInteger(fairPlayPlayer.seat) || userOf.has(fairPlayPlayer.seat))
      throw new FairPlayError('INVALID_HAND', `hand ${hand.handId}: bad or repeated seat ${fairPlayPlayer.seat}`);
    userOf.set(fairPlayPlayer.seat, fairPlayPlayer.userId);
  }
  const contributed = new Map<number, number>();
  const received = new Map<number, number>();
  const holes = new Map<number, (Card | null)[]>();
  const board: Card[] = [];
  const folded = new Set<number>();
  const allIn = new Set<number>();
  const folds: FoldRecord[] = [];
  const decisions: DecisionRecord[] = [];
  for (const ev of hand.events) {
    switch (ev.type) {
      case 'hole-dealt': {
        const holeDealt = ev as unknown as E<'hole-dealt'>;
        holes.set(holeDealt.seat, [...(holes.get(holeDealt.seat) ?? []), ...holeDealt.cards]);
        break;
      }
      case 'board-dealt':
        board.push(...(ev as unknown as E<'board-dealt'>).cards);
        break;
      case 'forced-bet': {
        const forcedBet = ev as unknown as E<'forced-bet'>;
        add(contributed, forcedBet.seat, forcedBet.amount);
        if (forcedBet.allIn) allIn.add(forcedBet.seat);
        break;
      }
      case 'action': {
        const acted = ev as unknown as E<'action'>;
        const live = [...userOf.keys()].filter((s) => !folded.has(s)).sort((a, b) => a - b);
        decisions.push({ seat: acted.seat, action: acted.action, live, allIn: live.filter((s) => allIn.has(s)) });
        add(contributed, acted.seat, acted.amount);
        if (acted.allIn) allIn.add(acted.seat);
        if (acted.action === 'fold') {
          folded.add(acted.seat);
          folds.push({
            seat: acted.seat,
            holeCards: holes.get(acted.seat) ?? [],
            board: [...board],
            committed: contributed.get(acted.seat) ?? 0,
          });
        }
        break;
      }
      case 'uncalled-bet-returned': {
        const returned = ev as unknown as E<'uncalled-bet-returned'>;
        add(contributed, returned.seat, -returned.amount);
        break;
      }
      case 'pot-awarded':
        for (const share of (ev as unknown as E<'pot-awarded'>).shares) add(received, share.seat, share.amount);
        break;
      case 'hand-cancelled':
        for (const refund of (ev as unknown as E<'hand-cancelled'>).refunds) add(received, refund.seat, refund.amount);
        break;
    }
  }
  return { handId: hand.handId, userOf, contributed, received, folds, decisions };
}

/** Net chips of each seat in the hand: received − contributed (the rake makes the sum negative). */
export function netBySeat(replayedHand: ReplayedHand): Map<number, number> {
  const net = new Map<number, number>();
  for (const seat of replayedHand.userOf.keys())
    net.set(seat, (replayedHand.received.get(seat) ?? 0) - (replayedHand.contributed.get(seat) ?? 0));
  return net;
}

export function checkNonNegativeInteger(name: string, value: number): void {
  if (!Number.isInteger(value) || value < 0)
    throw new FairPlayError('INVALID_OPTIONS', `${name} must be a non-negative integer (got ${value})`);
}

export function checkRatio(name: string, value: number): void {
  if (typeof value !== 'number' || !(value >= 0 && value <= 1))
    throw new FairPlayError('INVALID_OPTIONS', `${name} must be within [0, 1] (got ${value})`);
}
