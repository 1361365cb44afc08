// HTTP and socket access to the server the page came from. The access token lives in
// localStorage, so a reload keeps the session (and the socket reconnects to the same seat).
import { io, type Socket } from 'socket.io-client';
import type { ClientToServerEvents, ServerToClientEvents, SocketError } from '@naiko/contracts';

export interface Me {
  id: string;
  username: string;
  role: 'player' | 'host' | 'admin';
  isBot: boolean;
  chips?: number;
}

const TOKEN = 'naiko.token';
const USER = 'naiko.user';

export const session = {
  get token(): string | null {
    return localStorage.getItem(TOKEN);
  },
  get user(): Me | null {
    const raw = localStorage.getItem(USER);
    return raw ? (JSON.parse(raw) as Me) : null;
  },
  set(token: string, user: Me): void {
    localStorage.setItem(TOKEN, token);
    localStorage.setItem(USER, JSON.stringify(user));
  },
  clear(): void {
    localStorage.removeItem(TOKEN);
    localStorage.removeItem(USER);
    socket?.disconnect();
    socket = null;
  },
};

export class ApiError extends Error {
  constructor(
    readonly status: number,
    readonly body: unknown,
  ) {
    super(typeof body === 'object' && body && 'message' in body ? String((body as { message: unknown }).message) : `HTTP ${status}`);
  }
}

export async function api<T>(method: string, path: string, body?: unknown): Promise<T> {
  const headers: Record<string, string> = {};
  if (body !== undefined) headers['Content-Type'] = 'application/json';
  if (session.token) headers.Authorization = `Bearer ${session.token}`;
  const res = await fetch(path, { method, headers, body: body === undefined ? undefined : JSON.stringify(body) });
  const text = await res.text();
  const data = text ? (JSON.parse(text) as unknown) : undefined;
  if (!res.ok) throw new ApiError(res.status, data);
  return data as T;
}

export type NaikoClientSocket = Socket<ServerToClientEvents, ClientToServerEvents>;
let socket: NaikoClientSocket | null = null;
const errorListeners = new Set<(e: SocketError) => void>();

/** One socket per page, authenticated with the session's token. */
export function getSocket(): NaikoClientSocket {
  if (!socket) {
    socket = io({ auth: { token: session.token }, transports: ['websocket'] });
    socket.on('error', (e) => errorListeners.forEach((l) => l(e)));
  }
  return socket;
}

export function onSocketError(listener: (e: SocketError) => void): () => void {
  errorListeners.add(listener);
  return () => errorListeners.delete(listener);
}
