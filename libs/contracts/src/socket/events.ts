// Typed socket.io event maps shared by the server gateways and clients (socket.io-client
// `io<ServerToClientEvents, ClientToServerEvents>()`). Every client event has a zod schema in
// CLIENT_EVENT_SCHEMAS: the gateway validates each payload against it before any handler runs.
// Add new events here (schema + both maps) rather than in the apps.
import { z } from 'zod';
import type { AccessClaims } from '../auth/claims';
import type { SocketError } from './errors';
import {
  SIT_AND_GO_CLIENT_EVENT_SCHEMAS,
  type SitAndGoClientEvents,
  type SitAndGoServerEvents,
} from '../sit-and-go/events';
import {
  TOURNAMENT_CLIENT_EVENT_SCHEMAS,
  type TournamentClientEvents,
  type TournamentServerEvents,
} from '../tournaments/events';
import type { FairPlayServerEvents } from '../fair-play';
import { TABLE_CLIENT_EVENT_SCHEMAS, type TableClientEvents, type TableServerEvents } from './tables';

/** `ping` — liveness check over the socket; the server answers `pong` with the same nonce. */
export const PingPayload = z.strictObject({ nonce: z.string().min(1).max(64) });
export type PingPayload = z.infer<typeof PingPayload>;

export interface PongPayload {
  nonce: string;
  /** Server clock, ms since epoch. */
  serverTime: number;
}

/** Sent once after a successful handshake. */
export interface WelcomePayload {
  user: Pick<AccessClaims, 'sub' | 'username' | 'role'>;
  /** Which app answered (all-in-one, lobby, ...). */
  app: string;
}

export const CLIENT_EVENT_SCHEMAS = {
  ping: PingPayload,
  ...TABLE_CLIENT_EVENT_SCHEMAS,
  ...SIT_AND_GO_CLIENT_EVENT_SCHEMAS,
  ...TOURNAMENT_CLIENT_EVENT_SCHEMAS,
} as const;

export type ClientEventName = keyof typeof CLIENT_EVENT_SCHEMAS;
export type ClientEventPayload<E extends ClientEventName> = z.infer<(typeof CLIENT_EVENT_SCHEMAS)[E]>;

export interface ClientToServerEvents extends TableClientEvents, SitAndGoClientEvents, TournamentClientEvents {
  ping: (payload: PingPayload) => void;
}

export interface ServerToClientEvents
  extends TableServerEvents, SitAndGoServerEvents, TournamentServerEvents, FairPlayServerEvents {
  welcome: (payload: WelcomePayload) => void;
  pong: (payload: PongPayload) => void;
  error: (payload: SocketError) => void;
}
