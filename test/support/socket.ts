// Typed socket.io clients for e2e tests.
import { io, type Socket } from 'socket.io-client';
import type { ClientToServerEvents, ServerToClientEvents, SocketError, WelcomePayload } from '@naiko/contracts';

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
    socket.once(
      event as 'welcome',
      ((payload: unknown) => {
        clearTimeout(timer);
        resolve(payload as Parameters<ServerToClientEvents[E]>[0]);
      }) as never,
    );
  });
}

/**
 * How long the helpers below wait by default: well under the e2e test timeout (60 s), so a wait
 * that never ends fails with what it waited for — and long enough that a loaded machine is slow,
 * not wrong. Nothing here waits this long when the awaited event comes.
 */
export const EVENT_TIMEOUT_MS = 30_000;

/** The next `event` on `socket` whose payload satisfies `match`, or a rejection naming `what` after `timeoutMs`. */
export function eventWhere<E extends keyof ServerToClientEvents>(
  socket: TestSocket,
  event: E,
  match: (payload: Parameters<ServerToClientEvents[E]>[0]) => boolean,
  what: string,
  timeoutMs = EVENT_TIMEOUT_MS,
): Promise<Parameters<ServerToClientEvents[E]>[0]> {
  return new Promise((resolve, reject) => {
    const listener = ((payload: Parameters<ServerToClientEvents[E]>[0]) => {
      if (!match(payload)) return;
      clearTimeout(timer);
      socket.off(event as 'welcome', listener as never);
      resolve(payload);
    }) as never;
    const timer = setTimeout(() => {
      socket.off(event as 'welcome', listener);
      reject(new Error(`no "${String(event)}" (${what}) within ${timeoutMs} ms`));
    }, timeoutMs);
    socket.on(event as 'welcome', listener);
  });
}

/**
 * Emits `event` and resolves with the server's answer: its refusal (an `error` naming this event,
 * or one naming none — rate limit, oversized frame), or null once `accepted` resolves — the sign
 * of acceptance the caller awaits (the snapshot of a sit or a watch, the chat heard, a feed). With
 * no sign of acceptance (`accepted` omitted) only a refusal ends it: use that for commands that
 * must be refused.
 */
export function answer(
  socket: TestSocket,
  event: string,
  payload: unknown,
  accepted?: Promise<unknown>,
): Promise<SocketError | null> {
  return new Promise((resolve, reject) => {
    const onError = (error: SocketError): void => {
      if (error.event && error.event !== event) return; // the answer to another command
      done();
      resolve(error);
    };
    const timer = setTimeout(() => {
      done();
      reject(new Error(`no answer to "${event}" within ${EVENT_TIMEOUT_MS} ms`));
    }, EVENT_TIMEOUT_MS);
    const done = (): void => {
      clearTimeout(timer);
      socket.off('error', onError);
    };
    socket.on('error', onError);
    accepted?.then(
      () => {
        done();
        resolve(null);
      },
      (err: unknown) => {
        done();
        reject(err);
      },
    );
    (socket.emit as (e: string, p: unknown) => void)(event, payload);
  });
}

/**
 * A round trip on this socket (ping → pong): every message the server sent it before answering
 * has arrived. A test proving that something did NOT reach a socket awaits this once the thing it
 * watches has happened on the server, instead of sleeping and hoping the message would have come.
 */
export async function drained(socket: TestSocket): Promise<void> {
  const nonce = `drained-${Math.random().toString(36).slice(2)}`;
  const pong = eventWhere(socket, 'pong', (p) => p.nonce === nonce, 'the round trip');
  socket.emit('ping', { nonce });
  await pong;
}
