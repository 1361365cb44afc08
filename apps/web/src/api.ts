// HTTP and socket access to the server the page came from. The session (a short-lived access token,
// a rotating refresh token, the user) lives in localStorage, so a reload keeps it (and the socket
// reconnects to the same seat). When the server answers 401, or refuses or closes the socket, the
// client trades the refresh token for a new session once and retries; when that fails too (the
// account was changed or deleted, or the refresh token expired) the session ends and the sign-in
// page shows.
import { io, type Socket } from 'socket.io-client';
import type { ClientToServerEvents, ServerToClientEvents, SocketError } from '@naiko/contracts';
import { clientFingerprint, installFairPlayNotices } from './components/fair-play';

export interface Me {
  id: string;
  username: string;
  role: 'player' | 'host' | 'admin';
  isBot: boolean;
  chips?: number;
}

const TOKEN = 'naiko.token';
const REFRESH = 'naiko.refresh';
const USER = 'naiko.user';

/** What /auth/register, /auth/login, /auth/refresh and a password change answer. */
export interface SessionResponse {
  accessToken: string;
  refreshToken: string;
  expiresIn: number;
  user: Me;
}

export const session = {
  get token(): string | null {
    return localStorage.getItem(TOKEN);
  },
  get user(): Me | null {
    const raw = localStorage.getItem(USER);
    return raw ? (JSON.parse(raw) as Me) : null;
  },
  set(session: SessionResponse): void {
    localStorage.setItem(TOKEN, session.accessToken);
    localStorage.setItem(REFRESH, session.refreshToken);
    localStorage.setItem(USER, JSON.stringify(session.user));
  },
  clear(): void {
    const refreshToken = localStorage.getItem(REFRESH);
    localStorage.removeItem(TOKEN);
    localStorage.removeItem(REFRESH);
    localStorage.removeItem(USER);
    socket?.disconnect();
    socket = null;
    // End the session on the server too (best effort: the page is leaving it either way).
    if (refreshToken)
      void fetch('/auth/logout', {
        method: 'POST',
        headers: { 'Content-Type': 'application/json' },
        body: JSON.stringify({ refreshToken }),
      }).catch(() => undefined);
  },
};

let refreshing: Promise<boolean> | null = null;

/**
 * Trades the refresh token for a new session (one request at a time: the token rotates, so two
 * concurrent uses would look like a stolen token and end the session). False when it is refused.
 */
export function refreshSession(): Promise<boolean> {
  refreshing ??= (async () => {
    const refreshToken = localStorage.getItem(REFRESH);
    if (!refreshToken) return false;
    try {
      const res = await fetch('/auth/refresh', {
        method: 'POST',
        headers: { 'Content-Type': 'application/json' },
        body: JSON.stringify({ refreshToken }),
      });
      if (!res.ok) return false;
      session.set((await res.json()) as SessionResponse);
      return true;
    } catch {
      return false;
    }
  })().finally(() => {
    refreshing = null;
  });
  return refreshing;
}

/** The session is over: forget it and show the sign-in page. */
function sessionEnded(): void {
  localStorage.removeItem(REFRESH); // already dead on the server
  session.clear();
  location.hash = '#/lobby';
  window.dispatchEvent(new HashChangeEvent('hashchange'));
}

export class ApiError extends Error {
  constructor(
    readonly status: number,
    readonly body: unknown,
  ) {
    super(
      typeof body === 'object' && body && 'message' in body
        ? String((body as { message: unknown }).message)
        : `HTTP ${status}`,
    );
  }
}

/** fetch with the session's access token; on 401 refreshes the session once and retries. */
export async function authFetch(path: string, init: RequestInit = {}): Promise<Response> {
  const send = () => {
    const headers = new Headers(init.headers);
    if (session.token) headers.set('Authorization', `Bearer ${session.token}`);
    return fetch(path, { ...init, headers });
  };
  const res = await send();
  if (res.status !== 401 || !session.token) return res;
  if (await refreshSession()) return send();
  sessionEnded();
  return res;
}

export async function api<T>(method: string, path: string, body?: unknown): Promise<T> {
  const headers: Record<string, string> = {};
  if (body !== undefined) headers['Content-Type'] = 'application/json';
  const res = await authFetch(path, { method, headers, body: body === undefined ? undefined : JSON.stringify(body) });
  const text = await res.text();
  const data = text ? (JSON.parse(text) as unknown) : undefined;
  if (!res.ok) throw new ApiError(res.status, data);
  return data as T;
}

export type NaikoClientSocket = Socket<ServerToClientEvents, ClientToServerEvents>;
let socket: NaikoClientSocket | null = null;
const errorListeners = new Set<(e: SocketError) => void>();

/**
 * One socket per page, authenticated with the session's current token (read again at every
 * (re)connection). Refused at the handshake, or closed by the server (its token was revoked), it
 * refreshes the session and connects again; if the refresh is refused the session ends.
 */
export function getSocket(): NaikoClientSocket {
  if (!socket) {
    const created: NaikoClientSocket = io({
      auth: (cb) => cb({ token: session.token, fingerprint: clientFingerprint() }),
      transports: ['websocket'],
    });
    socket = created;
    installFairPlayNotices(created); // reality checks and fair-play warnings on every page (issue 26)
    created.on('error', (e) => errorListeners.forEach((l) => l(e)));
    const recover = async () => {
      if (socket !== created) return;
      if (await refreshSession()) {
        if (socket === created) created.connect();
      } else if (socket === created) {
        sessionEnded();
      }
    };
    created.on('connect_error', (err) => {
      if (err.message === 'UNAUTHORIZED') void recover();
    });
    created.on('disconnect', (reason) => {
      if (reason === 'io server disconnect') void recover();
    });
  }
  return socket;
}

export function onSocketError(listener: (e: SocketError) => void): () => void {
  errorListeners.add(listener);
  return () => errorListeners.delete(listener);
}
