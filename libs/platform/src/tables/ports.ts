// The table host's outside world, as small interfaces: the hand store (persist before broadcast),
// the broadcaster (per-seat delivery), the clock and timers (fake in unit tests).
import type { HandStore } from '@naiko/persistence';
import type {
  ClockInfo,
  HandEventWire,
  HandViewWire,
  TableHandPrivatePayload,
  TableChatMessage,
  TablePublicState,
  WireHandEvent,
} from '@naiko/contracts';

/**
 * The hand is the unit of durability (docs/architecture.md, Tables; issue 20): `dealHand` (awaited before
 * the deal is broadcast) stores the hand, its seed and its first events; `journal` queues the
 * events in between for the group-commit writer and returns at once (broadcast right after);
 * `endHand` (awaited before the result is broadcast) writes the rest, the result and the hand's
 * chip movements in one transaction.
 */
export type HandSink = Pick<HandStore, 'dealHand' | 'journal' | 'endHand'>;

/** The public part of a hand update (`table:hand`): the spectators' events and view, for everyone watching. */
export interface HandFeed {
  handId: string;
  handNumber: number;
  /** The hand's event count after this update: its private parts carry it too. */
  seq: number;
  events: HandEventWire[];
  view: HandViewWire;
  clock: ClockInfo | null;
}

/** One seat's own part of the update with the same `seq` (`table:hand-private`). */
export type HandPrivateFeed = Omit<TableHandPrivatePayload, 'tableId'>;

/**
 * Delivery of what the host decided. `hand` is called once per update with the public part (no
 * private card: it goes to everyone watching the table, players included); `handPrivate` once per
 * listening seat whose view differs: an implementation must deliver it only to that user's sockets.
 */
export interface TableBroadcaster {
  hand(tableId: string, feed: HandFeed): void;
  handPrivate(tableId: string, userId: string, part: HandPrivateFeed): void;
  /** The users watching the table on any copy, or null when not known: nothing is built for an absent audience. */
  listeners?(tableId: string): ReadonlySet<string> | null;
  table(tableId: string, table: TablePublicState, events: WireHandEvent[]): void;
  chat(message: TableChatMessage): void;
}

export interface Timers {
  now(): number;
  set(fn: () => void, ms: number): unknown;
  clear(handle: unknown): void;
}

export const REAL_TIMERS: Timers = {
  now: () => Date.now(),
  set: (fn, ms) => {
    const timeout = setTimeout(fn, ms);
    timeout.unref?.();
    return timeout;
  },
  clear: (h) => clearTimeout(h as NodeJS.Timeout),
};

/** Bots need database users (hands are booked per user): the host asks for one by display name. */
export interface BotDirectory {
  /** A bot user for `name` holding at least `chips` in its account; returns its user id. */
  ensureBot(name: string, chips: number, key: string): Promise<string>;
}

/**
 * Disconnection protection allowance (issue 18): per player per rolling 24 h across every table and
 * every copy, so it lives in the database (`ProtectionUses` in libs/persistence). `trySpend` spends
 * one atomically and answers whether it was granted.
 */
export interface ProtectionQuota {
  trySpend(spend: { userId: string; tableId: string; at: Date; perDay: number }): Promise<boolean>;
}
