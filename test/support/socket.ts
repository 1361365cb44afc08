// Typed socket.io clients for e2e tests.
import { io, type Socket } from 'socket.io-client';
import type { ClientToServerEvents, ServerToClientEvents, WelcomePayload } from '@naiko/contracts';

export type TestSocket = Socket<ServerToClientEvents, ClientToServerEvents>;

export interface ConnectedTestSocket {
  socket: TestSocket;
  welcome: WelcomePayload;
}

/**
 * Connects with `auth: { token }`; resolves once the server has accepted the socket and sent
 * `welcome`, rejects with the connect_error (message `UNAUTHORIZED` for a bad token).
 */
export function connectSocket(url: string, token: string | undefined, timeoutMs = 5000): Promise<ConnectedTestSocket> {
  const socket: TestSocket = io(url, {
    transports: ['websocket'],
    auth: token === undefined ? {} : { token },
    reconnection: false,
    forceNew: true,
    timeout: timeoutMs,
  });
  return new Promise((resolve, reject) => {
    socket.once('welcome', (welcome) => resolve({ socket, welcome }));
    socket.once('connect_error', (err) => {
      socket.close();
      reject(err);
    });
  });
}

/** The next `event` on `socket` (payload), or a rejection after `timeoutMs`. */
export function nextEvent<E extends keyof ServerToClientEvents>(
  socket: TestSocket,
  event: E,
  timeoutMs = 5000,
): Promise<Parameters<ServerToClientEvents[E]>[0]> {
  return new Promise((resolve, reject) => {
    const timer = setTimeout(() => reject(new Error(`no "${String(event)}" within ${timeoutMs} ms`)), timeoutMs);
    socket.once(event as 'welcome', ((payload: unknown) => {
      clearTimeout(timer);
      resolve(payload as Parameters<ServerToClientEvents[E]>[0]);
    }) as never);
  });
}
