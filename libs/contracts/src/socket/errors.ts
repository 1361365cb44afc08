import { z } from 'zod';

// The one error shape every socket handler answers with (event `error`). Clients switch on `code`.
export const SOCKET_ERROR_CODES = [
  'BAD_PAYLOAD', // the payload failed its schema; `issues` says where
  'UNKNOWN_EVENT', // no handler for this event name
  'UNAUTHORIZED', // missing/invalid token (also the connect_error message on handshake)
  'FORBIDDEN', // authenticated, but not allowed to do this
  'CONFLICT', // e.g. a stale state version
  'NOT_FOUND',
  'RATE_LIMITED', // too many messages from this socket or user; nothing was done (message `ABUSE: ...`: disconnected)
  'PAYLOAD_TOO_LARGE', // a frame over the server's maxHttpBufferSize; the connection is closed after this answer
  'INTERNAL', // a bug on our side; details are in the server log
] as const;

export type SocketErrorCode = (typeof SOCKET_ERROR_CODES)[number];

export interface SocketIssue {
  path: (string | number)[];
  message: string;
}

export interface SocketError {
  code: SocketErrorCode;
  message: string;
  /** The client event that caused the error, when there is one. */
  event?: string;
  /** Schema violations, for BAD_PAYLOAD. */
  issues?: SocketIssue[];
}

/** Turns zod issues into the wire shape (no internals, JSON-safe paths). */
export function toSocketIssues(error: z.ZodError): SocketIssue[] {
  return error.issues.map((issue) => ({
    path: issue.path.map((p) => (typeof p === 'symbol' ? String(p) : p)),
    message: issue.message,
  }));
}
