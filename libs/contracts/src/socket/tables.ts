// Socket contracts of cash and private tables and the live lobby (issue 6). Every client event has
// a strict zod schema (unknown keys, wrong types and oversized values are refused with BAD_PAYLOAD
// before any handler runs). Server payloads carry only what the receiving socket may see: hand
// feeds are built per seat by the table host (engine `view`/`viewEvents`), never for a room.
import { z } from 'zod';
import { safeText } from '../text';
import type { HomeGameBody } from '../lobby/tables-http';
import { HandEventSchema, HandViewSchema } from './hand-view';
import type { TableHandPrivatePayload } from './hand-feed';
import {
  HOST_CLIENT_EVENT_SCHEMAS,
  type HostClientEvents,
  type HostControlsInfo,
  type HostServerEvents,
} from './host-controls';

const tableId = z.string().uuid();
const chips = z.number().int().positive().max(1_000_000_000_000);

export const TableRef = z.strictObject({ tableId });
export type TableRef = z.infer<typeof TableRef>;

/** Watch a table; a private one needs an invitation or its invite code (unless the host allows spectators). */
export const WatchPayload = z.strictObject({ tableId, inviteCode: z.string().min(1).max(64).optional() });
export type WatchPayload = z.infer<typeof WatchPayload>;

export const SitPayload = z.strictObject({
  tableId,
  buyIn: chips,
  seat: z.number().int().min(0).max(9).optional(),
  inviteCode: z.string().min(1).max(64).optional(),
  waitForBigBlind: z.boolean().optional(),
});
export type SitPayload = z.infer<typeof SitPayload>;

export const ReloadPayload = z.strictObject({ tableId, amount: chips });
export type ReloadPayload = z.infer<typeof ReloadPayload>;

export const SitInPayload = z.strictObject({ tableId, waitForBigBlind: z.boolean().optional() });
export type SitInPayload = z.infer<typeof SitInPayload>;

/**
 * A player's decision. `version` is the hand version the decision was made on (the `view.version`
 * the client saw); a stale or repeated decision is refused with CONFLICT. Table-only decisions
 * (timeouts, disconnection protection) cannot be sent.
 */
export const ActPayload = z.strictObject({
  tableId,
  version: z
    .number()
    .int()
    .min(0)
    .max(2 ** 31),
  action: z.strictObject({
    // Home games (issue 23): the run-it-twice answers and an uncontested winner's show or muck.
    type: z.enum([
      'fold',
      'check',
      'call',
      'bet',
      'raise',
      'bring-in',
      'draw',
      'split',
      'no-split',
      'sneak-peek',
      'sleeve-swap',
      'short-anchor',
      'shield',
      'decline',
      'run-twice',
      'run-once',
      'show',
      'muck',
    ]),
    amount: chips.optional(),
    discard: z.array(z.number().int().min(0).max(53)).max(7).optional(),
    target: z.number().int().min(0).max(9).optional(),
    card: z.number().int().min(0).max(53).optional(),
  }),
});
export type ActPayload = z.infer<typeof ActPayload>;

/**
 * Accessibility "extended time" (issue 27): the sender's decisions at this table get at least twice
 * their normal time, the time bank spent first (libs/table `extendedTimeMs`). From his next decision
 * on; the client sends it again after each (re)connection while the option is on.
 */
export const ExtendedTimePayload = z.strictObject({ tableId, on: z.boolean() });
export type ExtendedTimePayload = z.infer<typeof ExtendedTimePayload>;

export const ChatPayload = z.strictObject({ tableId, text: safeText(1, 200) });
export type ChatPayload = z.infer<typeof ChatPayload>;

export const LobbyWatchPayload = z.strictObject({});
export type LobbyWatchPayload = z.infer<typeof LobbyWatchPayload>;

export const TABLE_CLIENT_EVENT_SCHEMAS = {
  /** Watch a table: the socket gets a snapshot (its own seat's view, or the spectator view) and then the live feed. */
  'table:watch': WatchPayload,
  'table:unwatch': TableRef,
  'table:sit': SitPayload,
  'table:leave': TableRef,
  'table:reload': ReloadPayload,
  'table:sit-out': TableRef,
  'table:sit-in': SitInPayload,
  'table:act': ActPayload,
  'table:chat': ChatPayload,
  'table:extended-time': ExtendedTimePayload,
  ...HOST_CLIENT_EVENT_SCHEMAS,
  'lobby:watch': LobbyWatchPayload,
  'lobby:unwatch': LobbyWatchPayload,
} as const;

export interface TableClientEvents extends HostClientEvents {
  'table:watch': (p: WatchPayload) => void;
  'table:unwatch': (p: TableRef) => void;
  'table:sit': (p: SitPayload) => void;
  'table:leave': (p: TableRef) => void;
  'table:reload': (p: ReloadPayload) => void;
  'table:sit-out': (p: TableRef) => void;
  'table:sit-in': (p: SitInPayload) => void;
  'table:act': (p: ActPayload) => void;
  'table:chat': (p: ChatPayload) => void;
  'table:extended-time': (p: ExtendedTimePayload) => void;
  'lobby:watch': (p: LobbyWatchPayload) => void;
  'lobby:unwatch': (p: LobbyWatchPayload) => void;
}

/**
 * A table event (libs/table: seated, cashedOut, satOut, ...) or a hand event, loosely: what a reader
 * that handles any event type takes. Hand events are typed exactly by `HandEventWire` (hand-view.ts).
 */
export type WireHandEvent = { type: string; [key: string]: unknown };

/** A seat on the table's public seat map (no cards). */
export interface SeatInfo {
  seat: number;
  playerId: string;
  name: string;
  isBot: boolean;
  stack: number;
  sittingOut: boolean;
  connected: boolean;
  /** Dealt into the running hand. */
  inHand: boolean;
  missedBig: boolean;
  missedSmall: boolean;
}

export interface TableSummary {
  tableId: string;
  name: string;
  game: string;
  structure: string;
  stakes: { smallBlind: number; bigBlind: number; ante?: number; bringIn?: number; smallBet?: number; bigBet?: number };
  buyIn: { min: number; max: number | null };
  seats: number;
  seated: number;
  seatsFree: number;
  naikoMode: boolean;
  botsAllowed: boolean;
  private: boolean;
  hostId: string | null;
  /** Private tables: the host lets anyone watch (not sit). Absent on public tables (anyone watches). */
  spectatorsAllowed?: boolean;
  /** Home-game options (issue 23), as configured (`TableConfig.homeGame`); absent = none. */
  homeGame?: HomeGameBody;
  /** Cash tables: the host's controls (issue 23: pause, approval and seat requests, mutes, password). */
  hostControls?: HostControlsInfo;
  closed: boolean;
  /** The host closed it during a hand: it closes when that hand is over. */
  closingAfterHand?: boolean;
  handsPlayed: number;
  /** A scheduled tournament's table: that tournament's id (its lobby); cash-only commands are refused there. */
  tournamentId?: number;
  /** A Sit & Go / Spin table: the instance's id (its lobby); cash-only commands are refused there. */
  sitAndGoId?: number;
}

/** The decision clock of the seat to act. */
export const ClockInfoSchema = z.strictObject({
  seat: z.number().int().min(0).max(9),
  /** `offer`: a home-game offer (run it twice, show or muck). */
  kind: z.enum(['bet', 'draw', 'shield', 'offer']),
  /** Server time (ms since epoch) when the normal decision time ends. */
  deadline: z.number(),
  /** Time bank available after the deadline. */
  timeBankMs: z.number().min(0),
  /**
   * Extended time (issue 27), when the player asked for it: the decision runs at least this long
   * after the deadline (the time bank is spent first within it), i.e. until deadline + max(timeBankMs, extendedMs).
   */
  extendedMs: z.number().min(0).optional(),
});
export type ClockInfo = z.infer<typeof ClockInfoSchema>;

/** Public table state: seat map, positions, the running hand's number. */
export interface TablePublicState {
  summary: TableSummary;
  version: number;
  seatMap: (SeatInfo | null)[];
  button: number | null;
  handNumber: number | null;
  waitingList: number;
}

/** The running hand in a snapshot, as the receiving socket may see it. */
export const SnapshotHandSchema = z.strictObject({
  handId: z.string(),
  handNumber: z.number().int().min(1),
  /** The hand's event count when the snapshot was taken: hand updates after it have a larger `seq`. */
  seq: z.number().int().min(0),
  /** The running hand as this socket may see it (engine HandView). */
  view: HandViewSchema,
  clock: ClockInfoSchema.nullable(),
  /** The running hand's deal commitment (see DealCommittedEvent), for a socket that arrives mid-hand. */
  commitment: z.string().nullish(),
  /** The hand's blind seats (markers when opening mid-hand). */
  blinds: z
    .strictObject({ smallBlindSeat: z.number().int().nullable(), bigBlindSeat: z.number().int().nullable() })
    .optional(),
});
export type SnapshotHand = z.infer<typeof SnapshotHandSchema>;

export interface TableSnapshotPayload {
  tableId: string;
  table: TablePublicState;
  /** The receiving socket's seat, or null (spectator). */
  yourSeat: number | null;
  /** The running hand as this socket may see it, or null between hands. */
  hand: SnapshotHand | null;
}

/**
 * The public part of a hand update (docs/architecture.md, Tables): the spectators' events and view —
 * what every watcher may see — encoded once and sent to the whole table room, players included. A
 * dealt-in player's own part (his hole cards, his legal actions, ...) comes in `table:hand-private`
 * with the same `handId` and `seq`; `mergeHandPrivate` (hand-feed.ts) puts the two together.
 */
export const TableHandPayloadSchema = z.strictObject({
  tableId: z.string(),
  handId: z.string(),
  handNumber: z.number().int().min(1),
  /** The hand's event count after this update: names it, in order, for its private parts. */
  seq: z.number().int().min(0),
  /** The hand's new events as spectators see them. */
  events: z.array(HandEventSchema),
  /** The hand after these events as spectators see it (engine HandView, `viewer: 'spectator'`, `legal` null). */
  view: HandViewSchema,
  clock: ClockInfoSchema.nullable(),
});
export type TableHandPayload = z.infer<typeof TableHandPayloadSchema>;

export interface TableUpdatePayload {
  tableId: string;
  table: TablePublicState;
  /** libs/table events (seated, cashedOut, satOut, missedBlind, handStarted, ...): public, no cards. */
  events: WireHandEvent[];
}

export interface TableChatMessage {
  tableId: string;
  /** Names the message for a report (`table:chat-report`). */
  id?: string;
  from: { playerId: string; name: string; isBot: boolean };
  text: string;
  at: number;
}

export interface TableServerEvents extends HostServerEvents {
  'table:snapshot': (p: TableSnapshotPayload) => void;
  'table:hand': (p: TableHandPayload) => void;
  'table:hand-private': (p: TableHandPrivatePayload) => void;
  'table:update': (p: TableUpdatePayload) => void;
  'table:chat': (p: TableChatMessage) => void;
  'lobby:tables': (p: { tables: TableSummary[] }) => void;
  'lobby:table': (p: TableSummary) => void;
}
