// Host controls and chat moderation at a table (issue 23, items 1 and 5). One socket event,
// `table:host`, carries every host command (a private table's host; an admin at a public table);
// a non-host is refused with FORBIDDEN NOT_HOST and nothing changes. `table:chat-report` reports
// one chat message (by its id) for an admin to review (GET /admin/chat-reports).
import { z } from 'zod';
import { safeText } from '../text';
import { StakesBody } from '../lobby/tables-http';

const tableId = z.string().uuid();
const playerId = z.string().uuid();

/** Every host command; `command` names it. Each is live for everybody at the table. */
export const HostCommandPayload = z.discriminatedUnion('command', [
  /** No new hand is dealt until `resume`; a running hand is played to its end. */
  z.strictObject({ tableId, command: z.literal('pause') }),
  z.strictObject({ tableId, command: z.literal('resume') }),
  /** "Approval required": a sit becomes a seat request the host approves or denies. */
  z.strictObject({ tableId, command: z.literal('approval'), on: z.boolean() }),
  z.strictObject({ tableId, command: z.literal('approve'), playerId }),
  z.strictObject({ tableId, command: z.literal('deny'), playerId }),
  /** Away: sits the player out (he keeps seat and stack). Stand up: he leaves, his chips go back to his balance. */
  z.strictObject({ tableId, command: z.literal('away'), playerId }),
  z.strictObject({ tableId, command: z.literal('stand-up'), playerId }),
  /** Stand up and may not sit here again (nor ask to). */
  z.strictObject({ tableId, command: z.literal('remove'), playerId }),
  /** Private tables: the player (seated or invited) becomes the host. */
  z.strictObject({ tableId, command: z.literal('transfer'), playerId }),
  /** Private tables: a password (the invite code a player types or a link carries); null removes it. */
  z.strictObject({ tableId, command: z.literal('password'), password: safeText(4, 32).nullable() }),
  /** Blinds/stakes from the next hand (during a hand they wait for its end). */
  z.strictObject({ tableId, command: z.literal('stakes'), stakes: StakesBody }),
  /** Host-mute: the player's chat is refused for everyone (server-enforced) until unmuted. */
  z.strictObject({ tableId, command: z.literal('mute'), playerId }),
  z.strictObject({ tableId, command: z.literal('unmute'), playerId }),
]);
export type HostCommandPayload = z.infer<typeof HostCommandPayload>;
export type HostCommandName = HostCommandPayload['command'];

/** Reports a chat message (its `TableChatMessage.id`) to the admins. */
export const ChatReportPayload = z.strictObject({
  tableId,
  messageId: z.string().min(1).max(64),
  reason: safeText(0, 200).optional(),
});
export type ChatReportPayload = z.infer<typeof ChatReportPayload>;

/** A seat request waiting for the host (approval required). */
export interface SeatRequestInfo {
  playerId: string;
  name: string;
  buyIn: number;
  at: number;
}

/** What every watcher sees of the host's controls (`TableSummary.hostControls`). */
export interface HostControlsInfo {
  paused: boolean;
  approvalRequired: boolean;
  seatRequests: SeatRequestInfo[];
  /** Players the host muted for everyone. */
  muted: string[];
  /** Players the host removed (they may not sit again). */
  removed: string[];
  /** Private tables: a password / invite code is set (its text only reaches the host). */
  passwordSet: boolean;
  /** Stakes waiting for the running hand to end. */
  pendingStakes?: { smallBlind: number; bigBlind: number; ante?: number };
}

/** A chat report as admins see it (`GET /admin/chat-reports`). */
export interface ChatReportView {
  id: number;
  tableId: string;
  reporterId: string;
  reporterName: string;
  playerId: string;
  playerName: string;
  text: string;
  reason: string | null;
  saidAt: string;
  createdAt: string;
}

export const HOST_CLIENT_EVENT_SCHEMAS = {
  'table:host': HostCommandPayload,
  'table:chat-report': ChatReportPayload,
} as const;

export interface HostClientEvents {
  'table:host': (p: HostCommandPayload) => void;
  'table:chat-report': (p: ChatReportPayload) => void;
}

export interface HostServerEvents {
  /** The sender's command was done (its name; `table:update` carries the new state to everyone). */
  'table:host-done': (p: { tableId: string; command: HostCommandName | 'chat-report' }) => void;
}
