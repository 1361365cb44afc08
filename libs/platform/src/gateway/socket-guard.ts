// One client must not stall the room (issue 19, item 4). Every incoming socket.io event passes
// this guard before any handler, validation or error answer runs:
//   - a token bucket per socket and one per user (all his sockets on this copy; it outlives a
//     reconnection): an event over either limit is dropped — nothing is parsed, nothing runs — and
//     answered with a typed `RATE_LIMITED` error, at most once a second (the answer must not become
//     the flood);
//   - a socket that keeps sending while limited (more than `strikes.limit` drops, refilled at
//     `strikes.perSecond`) is an abuser: told (`RATE_LIMITED`, reason `ABUSE`) and disconnected; his
//     user's new connections are refused for `banMs`;
//   - handlers running at once per socket are bounded (`maxInFlight`; the adapter reports them);
//   - events no gateway knows are answered `UNKNOWN_EVENT` here, after the limit (a client sending
//     `error` or garbage names costs a token like anything else, and never reaches socket.io's
//     reserved `error` listener);
//   - what the server has queued for a socket is bounded: a socket whose unsent bytes exceed
//     `maxBufferedBytes` (or whose engine.io write buffer exceeds `maxQueuedPackets`) is a reader
//     that does not keep up and is disconnected, so it cannot grow the server's memory;
//   - a WebSocket frame over socket.io's `maxHttpBufferSize` is answered with a typed
//     `PAYLOAD_TOO_LARGE` error just before ws closes the connection (1009).
// It lives in its own file and attaches to the socket.io server when the adapter creates it, so it
// runs before every gateway (and before the gateways' connection handlers).
import { Logger } from '@nestjs/common';
import type { Server, Socket } from 'socket.io';
import type { SocketError } from '@naiko/contracts';
import { isClientEvent } from './socket-validation';

export interface BucketLimits {
  /** Messages accepted at once. */
  burst: number;
  /** Refill, messages per second. */
  perSecond: number;
}

export interface SocketGuardLimits {
  socket: BucketLimits;
  user: BucketLimits;
  /** Drops tolerated before the socket is disconnected as an abuser. */
  strikes: BucketLimits;
  /** After an abuser is disconnected, his user's connections are refused this long. */
  banMs: number;
  /** Handlers of one socket running at once; more are dropped as RATE_LIMITED. */
  maxInFlight: number;
  /** Bytes queued towards one socket (engine.io + ws) before it is dropped as a slow reader. */
  maxBufferedBytes: number;
  /** Packets waiting in one socket's engine.io write buffer before it is dropped as a slow reader. */
  maxQueuedPackets: number;
  /** How often queues are checked and idle per-user state is forgotten. */
  sweepMs: number;
  /** Per-user state of a user with no socket left is kept this long (a reconnection does not reset his bucket). */
  userIdleMs: number;
}

/**
 * 40 messages at once and 20 a second per socket, twice that per user: a person clicking, a table
 * page and a lobby page at once stay far below; a script does not. 200 drops (refilled at 20 a
 * second) before the abuser is cut off, then 10 s before he may connect again.
 */
export const DEFAULT_SOCKET_GUARD_LIMITS: SocketGuardLimits = {
  socket: { burst: 40, perSecond: 20 },
  user: { burst: 80, perSecond: 40 },
  strikes: { burst: 200, perSecond: 20 },
  banMs: 10_000,
  maxInFlight: 32,
  maxBufferedBytes: 8 * 1024 * 1024,
  maxQueuedPackets: 5_000,
  sweepMs: 1_000,
  userIdleMs: 60_000,
};

/** A token bucket on a caller's clock (ms). */
export class Bucket {
  private tokens: number;
  private last: number;

  constructor(
    private readonly limits: BucketLimits,
    now: number,
  ) {
    this.tokens = limits.burst;
    this.last = now;
  }

  private refill(now: number): void {
    if (now > this.last)
      this.tokens = Math.min(this.limits.burst, this.tokens + ((now - this.last) * this.limits.perSecond) / 1000);
    this.last = now;
  }

  /** Whether a token is there (without taking it). */
  has(now: number): boolean {
    this.refill(now);
    return this.tokens >= 1;
  }

  take(now: number): boolean {
    this.refill(now);
    if (this.tokens < 1) return false;
    this.tokens -= 1;
    return true;
  }
}

interface UserState {
  bucket: Bucket;
  sockets: number;
  lastSeen: number;
  bannedUntil: number;
}

interface SocketState {
  bucket: Bucket;
  strikes: Bucket;
  inFlight: number;
  /** When this socket was last answered RATE_LIMITED. */
  answeredAt: number;
  dropped: number;
  /** Disconnected by the guard: what is still arriving is dropped without a word. */
  cut: boolean;
}

/** What the guard counts (tests, logs, /metrics later). */
export interface SocketGuardStats {
  dropped: number;
  abusersDisconnected: number;
  refusedConnections: number;
  slowReadersDisconnected: number;
  oversizedFrames: number;
}

/** Bytes of a queued engine.io packet's data (a string's length is close enough). */
function sizeOf(data: unknown): number {
  if (typeof data === 'string') return data.length;
  if (data && typeof (data as ArrayBufferLike).byteLength === 'number') return (data as ArrayBufferLike).byteLength;
  return 0;
}

type GuardedSocket = Socket & { [STATE]?: SocketState };
const STATE = Symbol('socketGuard');

/** The engine.io / ws internals the guard reads (not part of their typed API). */
interface EngineConn {
  /** engine.io's queue: packets wait here while the transport is busy (a ws send not yet flushed). */
  writeBuffer?: { data?: unknown }[];
  transport?: { name?: string; socket?: WsLike };
  on(event: 'upgrade', fn: (transport: { name?: string; socket?: WsLike }) => void): void;
}
interface WsLike {
  bufferedAmount?: number;
  _socket?: { pause(): void };
  terminate?(): void;
  readyState?: number;
  send(data: string): void;
  _receiver?: { prependListener(event: 'error', fn: (err: Error & { code?: string }) => void): void };
}

export class SocketGuard {
  private readonly log = new Logger('SocketGuard');
  private readonly users = new Map<string, UserState>();
  private readonly servers = new Set<Server>();
  private timer: NodeJS.Timeout | null = null;
  readonly stats: SocketGuardStats = {
    dropped: 0,
    abusersDisconnected: 0,
    refusedConnections: 0,
    slowReadersDisconnected: 0,
    oversizedFrames: 0,
  };

  constructor(
    readonly limits: SocketGuardLimits = DEFAULT_SOCKET_GUARD_LIMITS,
    private readonly now: () => number = Date.now,
  ) {}

  /** Guards every socket of `server` from its connection on (call before the gateways bind). */
  attach(server: Server): void {
    this.servers.add(server);
    server.on('connection', (socket: Socket) => this.guard(socket));
    if (!this.timer) {
      this.timer = setInterval(() => this.sweep(), this.limits.sweepMs);
      this.timer.unref();
    }
  }

  detach(server: Server): void {
    this.servers.delete(server);
    if (!this.servers.size && this.timer) {
      clearInterval(this.timer);
      this.timer = null;
    }
  }

  /** The adapter calls this when a handler of `socket` starts; the returned function when it ends. */
  begin(socket: Socket): () => void {
    const state = (socket as GuardedSocket)[STATE];
    if (!state) return () => undefined;
    state.inFlight++;
    let done = false;
    return () => {
      if (done) return;
      done = true;
      state.inFlight--;
    };
  }

  private userOf(socket: Socket): string | null {
    const sub = (socket.data as { user?: { sub?: unknown } } | undefined)?.user?.sub;
    return typeof sub === 'string' ? sub : null;
  }

  private guard(socket: Socket): void {
    const now = this.now();
    const userId = this.userOf(socket);
    let user: UserState | undefined;
    if (userId) {
      user = this.users.get(userId);
      if (!user)
        this.users.set(
          userId,
          (user = { bucket: new Bucket(this.limits.user, now), sockets: 0, lastSeen: now, bannedUntil: 0 }),
        );
      if (user.bannedUntil > now) {
        this.stats.refusedConnections++;
        this.tell(socket, {
          code: 'RATE_LIMITED',
          message: `ABUSE: too many messages; connect again in ${Math.ceil((user.bannedUntil - now) / 1000)} s`,
        });
        socket.disconnect(true);
        return;
      }
      user.sockets++;
      user.lastSeen = now;
      socket.once('disconnect', () => {
        user!.sockets--;
        user!.lastSeen = this.now();
      });
    }
    const state: SocketState = {
      bucket: new Bucket(this.limits.socket, now),
      strikes: new Bucket(this.limits.strikes, now),
      inFlight: 0,
      answeredAt: -Infinity,
      dropped: 0,
      cut: false,
    };
    (socket as GuardedSocket)[STATE] = state;
    this.watchFrames(socket);
    socket.use((packet, next) => {
      if (state.cut || !socket.connected) return;
      const nowMs = this.now();
      // Both buckets must have room; a token is taken from each only then (a drop costs the user nothing).
      const ok =
        state.inFlight < this.limits.maxInFlight && state.bucket.has(nowMs) && (!user || user.bucket.has(nowMs));
      if (!ok) return this.drop(socket, state, user, nowMs);
      state.bucket.take(nowMs);
      user?.bucket.take(nowMs);
      const event: unknown = packet[0];
      if (typeof event !== 'string' || !isClientEvent(event)) {
        const name = typeof event === 'string' ? event.slice(0, 64) : typeof event;
        this.tell(socket, { code: 'UNKNOWN_EVENT', message: `no handler for "${name}"`, event: name });
        return; // never dispatched: not even to socket.io's reserved `error` listener
      }
      next();
    });
  }

  /** Drops a message: answered at most once a second; too many drops disconnect the socket. */
  private drop(socket: Socket, state: SocketState, user: UserState | undefined, now: number): void {
    this.stats.dropped++;
    state.dropped++;
    if (!state.strikes.take(now)) {
      state.cut = true;
      this.stats.abusersDisconnected++;
      if (user) user.bannedUntil = now + this.limits.banMs;
      this.log.warn({
        msg: 'socket disconnected for flooding',
        user: this.userOf(socket),
        socket: socket.id,
        dropped: state.dropped,
      });
      this.tell(socket, {
        code: 'RATE_LIMITED',
        message: `ABUSE: too many messages; disconnected, connect again in ${Math.ceil(this.limits.banMs / 1000)} s`,
      });
      socket.disconnect(true);
      this.stopReading(socket);
      return;
    }
    if (now - state.answeredAt >= 1000) {
      state.answeredAt = now;
      this.tell(socket, {
        code: 'RATE_LIMITED',
        message: 'too many messages; slow down (messages over the limit are dropped)',
      });
    }
  }

  /**
   * An abuser's (or a slow reader's) connection: what he already sent (possibly tens of thousands of frames in the TCP
   * buffers) is not read, decoded and thrown away one by one; the connection is dropped once the
   * answer had a moment (1 s) to leave.
   */
  private stopReading(socket: Socket): void {
    const ws = (socket.conn as unknown as EngineConn).transport?.socket;
    if (!ws?._socket) return;
    ws._socket.pause();
    setTimeout(() => ws.terminate?.(), 1000).unref();
  }

  private tell(socket: Socket, error: SocketError): void {
    socket.emit('error', error);
  }

  /**
   * ws closes a connection whose frame exceeds maxPayload (socket.io's maxHttpBufferSize) with
   * 1009 and nothing else. Its receiver reports the error before it closes: the typed answer is
   * written to the socket first (the client reads it, then the close).
   */
  private watchFrames(socket: Socket): void {
    const conn = socket.conn as unknown as EngineConn;
    const hook = (transport: { name?: string; socket?: WsLike } | undefined): void => {
      const ws = transport?.name === 'websocket' ? transport.socket : undefined;
      ws?._receiver?.prependListener('error', (err) => {
        if (err.code !== 'WS_ERR_UNSUPPORTED_MESSAGE_LENGTH' || ws.readyState !== 1) return;
        this.stats.oversizedFrames++;
        const limit = (socket.nsp.server.engine as unknown as { opts?: { maxHttpBufferSize?: number } }).opts
          ?.maxHttpBufferSize;
        const error: SocketError = {
          code: 'PAYLOAD_TOO_LARGE',
          message: `a message may be at most ${limit ?? 'maxHttpBufferSize'} bytes; the connection is closed`,
        };
        // engine.io "message" (4) + socket.io EVENT (2) on the main namespace: `42["error",{...}]`.
        ws.send(`42${JSON.stringify(['error', error])}`);
      });
    };
    hook(conn.transport);
    conn.on('upgrade', hook);
  }

  /** Slow readers out; idle users forgotten. */
  sweep(): void {
    const now = this.now();
    for (const server of this.servers) {
      for (const socket of server.of('/').sockets.values()) {
        const conn = socket.conn as unknown as EngineConn;
        const queued = conn.writeBuffer?.length ?? 0;
        let bytes = conn.transport?.socket?.bufferedAmount ?? 0;
        for (let i = 0; i < queued && bytes <= this.limits.maxBufferedBytes; i++)
          bytes += sizeOf(conn.writeBuffer![i]!.data);
        if (queued > this.limits.maxQueuedPackets || bytes > this.limits.maxBufferedBytes) {
          this.stats.slowReadersDisconnected++;
          this.log.warn({
            msg: 'socket disconnected: it does not read what it is sent',
            user: this.userOf(socket),
            socket: socket.id,
            queued,
            bytes,
          });
          socket.disconnect(true);
          // It would not read the close frame either: its buffers go now, not after ws's 30 s close timeout.
          this.stopReading(socket);
        }
      }
    }
    for (const [id, state] of this.users) {
      if (state.sockets <= 0 && now - state.lastSeen > this.limits.userIdleMs && state.bannedUntil <= now)
        this.users.delete(id);
    }
  }
}
