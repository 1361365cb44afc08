// Socket contract of playing a Sit & Go / Spin seat: a seated player sends `sitAndGoAct` with the
// state version his decision was made on; the server acks with `SitAndGoActResult` (a refusal
// changes nothing). The hand feed `sitAndGoHand` is filtered per viewer: a player's own sockets get
// his seat's view (with his legal actions and the decision deadline), spectators the spectator
// view; no payload that holds a private card is ever sent to a shared room.
import { z } from 'zod';

export const SitAndGoActPayload = z.strictObject({
  instanceId: z.number().int().positive(),
  action: z.enum(['fold', 'check', 'call', 'bet', 'raise']),
  /** bet/raise: the player's total for the round after the action ("raise to"). */
  amount: z.number().int().positive().optional(),
  expectedVersion: z.number().int().min(0),
});
export type SitAndGoActPayload = z.infer<typeof SitAndGoActPayload>;

/** Why an action was refused: the engine's codes plus the runner's own. */
export type SitAndGoActRefusal =
  | 'STALE_VERSION'
  | 'NOT_YOUR_TURN'
  | 'ILLEGAL_ACTION'
  | 'ILLEGAL_AMOUNT'
  | 'UNKNOWN_ACTION'
  | 'HAND_OVER'
  /** The sender has no seat in this instance. */
  | 'NOT_SEATED'
  /** No decision of this instance waits in this process (no hand running, or dealt elsewhere). */
  | 'NO_DECISION';

export type SitAndGoActResult = { ok: true; version: number } | { ok: false; code: SitAndGoActRefusal; message: string };

/** Engine card as it travels (`null`: a card this viewer may not see). */
export type SitAndGoWireCard = unknown;

export interface SitAndGoHandFeed {
  instanceId: number;
  handNumber: number;
  /** The viewer's seat, or 'spectator'. */
  viewer: number | 'spectator';
  /** Engine `view(state, viewer)` after the step (its `legal` is set only on the viewer's own turn). */
  view: Record<string, unknown> & { version: number; toAct: number | null; legal: unknown };
  /** Engine `viewEvents(events, viewer)` of this step. */
  events: Record<string, unknown>[];
  /** When the player to act times out (ms since epoch), or null (no decision pending, or a bot). */
  deadline: number | null;
}

export const SIT_AND_GO_PLAY_CLIENT_EVENT_SCHEMAS = {
  sitAndGoAct: SitAndGoActPayload,
} as const;

export interface SitAndGoPlayClientEvents {
  /** Acts in the seat's current decision; acked with `SitAndGoActResult`. */
  sitAndGoAct: (payload: SitAndGoActPayload, ack?: (result: SitAndGoActResult) => void) => void;
}

export interface SitAndGoPlayServerEvents {
  sitAndGoHand: (payload: SitAndGoHandFeed) => void;
}
