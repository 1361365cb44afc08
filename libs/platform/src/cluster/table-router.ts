// Command routing between copies: a table has one writer (its owner copy); a gateway or lobby on
// any other copy sends it the command over Redis and waits for the reply (request/reply over
// pub/sub, one channel per copy). Next to it, the table directory in Redis: which copy owns which
// table, with the lobby summary of each, and which copies are alive and host tables — so any copy
// can list every copy's tables and find where to send a command.
//
// Keys (all under the deployment's REDIS_PREFIX):
//   <prefix>:tables:rpc:<instance>   pub/sub channel of one copy (requests and replies)
//   <prefix>:tables:directory        hash tableId → JSON DirectoryEntry (owner, summary, access)
// <prefix>:tables:alive sorted set instance → alive-until (ms) of every routing copy; heartbeat every ttl/3
//   <prefix>:tables:hosts            the same for the copies that host tables (where `create` may go)
// A copy that dies stops heartbeating: after its ttl it is no longer alive, commands for its tables
// fail fast with CONFLICT TABLE_MOVING (retry) until the copy that takes a table over rewrites its
// directory entry.
import { randomUUID } from 'node:crypto';
import type Redis from 'ioredis';
import type { SocketErrorCode, TableSummary } from '@naiko/contracts';
import { SYSTEM_CLOCK, type Clock } from './clock';

/** Who sent a routed command: the identity the receiving gateway (or HTTP guard) authenticated. */
export interface RoutedUser {
  sub: string;
  username: string;
  role: string;
}

/** A command's refusal as it crosses copies (TableHostError's fields). */
export interface RoutedError {
  code: SocketErrorCode;
  reason: string;
  message: string;
}

export class RoutedCommandError extends Error {
  constructor(readonly error: RoutedError) {
    super(error.message);
    this.name = 'RoutedCommandError';
  }
}

/** Private table access for the lobby listing (a private table is listed only to its host and invitees). */
export interface DirectoryAccess {
  hostId: string;
  invited: string[];
}

export interface DirectoryEntry {
  tableId: string;
  owner: string;
  summary: TableSummary;
  access: DirectoryAccess | null;
  /** false: reachable through routing but not a lobby table (a tournament table). */
  listed?: boolean;
}

interface RequestMessage {
  kind: 'request';
  id: string;
  from: string;
  /** For metrics and logs. */
  op: string;
  body: unknown;
}

interface ReplyMessage {
  kind: 'reply';
  id: string;
  ok: boolean;
  result?: unknown;
  error?: RoutedError;
}

export type RouteOutcome = 'ok' | 'refused' | 'unavailable';

export interface TableRouterOptions {
  /** Commands and directory writes. */
  redis: Redis;
  /** A second connection in subscriber mode. */
  subscriber: Redis;
  prefix: string;
  /** This copy's id (unique per process). */
  instanceId: string;
  /** Heartbeat ttl: a copy silent this long is not alive (default 5000; the table lease time). */
  aliveTtlMs?: number;
  /** How long a caller waits for the owner's reply (default 10 s). */
  timeoutMs?: number;
  /** Counts routed commands (naiko_routed_commands_total). */
  onRouted?: (direction: 'sent' | 'served', op: string, outcome: RouteOutcome) => void;
  /** Heartbeats, alive-until scores and the reply timeout (default the system clock; tests pass a ManualClock). */
  clock?: Clock;
}

export type CommandHandler = (body: unknown, from: string) => Promise<unknown>;

interface PendingRequest {
  resolve: (v: unknown) => void;
  reject: (e: Error) => void;
  cancelTimeout: () => void;
  op: string;
}

export class TableRouter {
  readonly instanceId: string;
  readonly aliveTtlMs: number;
  private readonly timeoutMs: number;
  private readonly pending = new Map<string, PendingRequest>();
  private handler: CommandHandler | null = null;
  private stopHeartbeat: (() => void) | null = null;
  private readonly clock: Clock;
  private hosting = false;
  private stopped = false;

  constructor(private readonly options: TableRouterOptions) {
    this.instanceId = options.instanceId;
    this.aliveTtlMs = options.aliveTtlMs ?? 5000;
    this.timeoutMs = options.timeoutMs ?? 10_000;
    this.clock = options.clock ?? SYSTEM_CLOCK;
  }

  private channel(instance: string): string {
    return `${this.options.prefix}:tables:rpc:${instance}`;
  }
  private get directoryKey(): string {
    return `${this.options.prefix}:tables:directory`;
  }
  private get aliveKey(): string {
    return `${this.options.prefix}:tables:alive`;
  }
  private get hostsKey(): string {
    return `${this.options.prefix}:tables:hosts`;
  }

  /**
   * Starts listening on this copy's channel; `handler` serves requests (null: this copy serves
   * none, it only sends). Every copy heartbeats (owners forget the watchers of a dead copy);
   * `hosting` copies also as table hosts.
   */
  async start(handler: CommandHandler | null, hosting: boolean): Promise<void> {
    this.handler = handler;
    this.hosting = hosting;
    this.options.subscriber.on('message', (channel: string, raw: string) => {
      if (channel === this.channel(this.instanceId)) void this.onMessage(raw);
    });
    await this.options.subscriber.subscribe(this.channel(this.instanceId));
    await this.beat();
    const every = Math.max(50, Math.floor(this.aliveTtlMs / 3));
    this.stopHeartbeat = this.clock.every(every, () => void this.beat().catch(() => undefined));
  }

  async stop(): Promise<void> {
    this.stopped = true;
    this.stopHeartbeat?.();
    for (const [id, request] of this.pending) {
      request.cancelTimeout();
      request.reject(
        new RoutedCommandError({ code: 'CONFLICT', reason: 'SHUTTING_DOWN', message: 'this copy is shutting down' }),
      );
      this.pending.delete(id);
    }
    await this.options.redis.zrem(this.aliveKey, this.instanceId).catch(() => undefined);
    if (this.hosting) await this.options.redis.zrem(this.hostsKey, this.instanceId).catch(() => undefined);
    await this.options.subscriber.quit().catch(() => undefined);
    await this.options.redis.quit().catch(() => undefined);
  }

  private async beat(): Promise<void> {
    if (this.stopped) return;
    const until = this.clock.now() + this.aliveTtlMs;
    await this.options.redis.zadd(this.aliveKey, until, this.instanceId);
    if (this.hosting) await this.options.redis.zadd(this.hostsKey, until, this.instanceId);
  }

  /** Every routing copy (hosting tables or not) that heartbeated within its ttl. */
  async aliveCopies(): Promise<string[]> {
    return this.options.redis.zrangebyscore(this.aliveKey, this.clock.now(), '+inf');
  }

  /** Copies that host tables and heartbeated within their ttl. */
  async aliveHosts(): Promise<string[]> {
    const now = this.clock.now();
    // Forget copies dead for a long time (keeps the set small); the score is their alive-until.
    await this.options.redis.zremrangebyscore(this.hostsKey, '-inf', now - 60 * this.aliveTtlMs);
    await this.options.redis.zremrangebyscore(this.aliveKey, '-inf', now - 60 * this.aliveTtlMs);
    return this.options.redis.zrangebyscore(this.hostsKey, now, '+inf');
  }

  /**
   * Which of `instances` still have their request channel subscribed (PUBSUB NUMSUB, one round
   * trip). A SIGKILLed copy's connections are closed by its kernel at once, so Redis drops its
   * subscription within milliseconds — long before its heartbeat or its leases run out. A paused
   * copy (GC, SIGSTOP) keeps its connection and so still counts as listening.
   */
  async listening(instances: readonly string[]): Promise<Map<string, boolean>> {
    const out = new Map<string, boolean>();
    if (!instances.length) return out;
    const reply = (await this.options.redis.call('PUBSUB', 'NUMSUB', ...instances.map((i) => this.channel(i)))) as (
      string | number
    )[];
    instances.forEach((i, n) => out.set(i, Number(reply[2 * n + 1]) > 0));
    return out;
  }

  async isAlive(instance: string): Promise<boolean> {
    const until = await this.options.redis.zscore(this.aliveKey, instance);
    return until !== null && Number(until) > this.clock.now();
  }

  // ------------------------------------------------------------------ directory

  async publish(entry: DirectoryEntry): Promise<void> {
    await this.options.redis.hset(this.directoryKey, entry.tableId, JSON.stringify(entry));
  }

  async unpublish(tableId: string): Promise<void> {
    await this.options.redis.hdel(this.directoryKey, tableId);
  }

  async entry(tableId: string): Promise<DirectoryEntry | null> {
    const raw = await this.options.redis.hget(this.directoryKey, tableId);
    return raw ? (JSON.parse(raw) as DirectoryEntry) : null;
  }

  async entries(): Promise<DirectoryEntry[]> {
    const all = await this.options.redis.hgetall(this.directoryKey);
    return Object.values(all).map((raw) => JSON.parse(raw) as DirectoryEntry);
  }

  // ------------------------------------------------------------------ request / reply

  /**
   * Sends `body` to copy `owner` and resolves with its reply; a refusal rejects with
   * RoutedCommandError (the owner's typed error), a dead or silent owner with CONFLICT.
   */
  async send(owner: string, op: string, body: unknown): Promise<unknown> {
    if (this.stopped)
      throw new RoutedCommandError({
        code: 'CONFLICT',
        reason: 'SHUTTING_DOWN',
        message: 'this copy is shutting down',
      });
    const id = randomUUID();
    const message: RequestMessage = { kind: 'request', id, from: this.instanceId, op, body };
    const reply = new Promise<unknown>((resolve, reject) => {
      const cancelTimeout = this.clock.after(this.timeoutMs, () => {
        this.pending.delete(id);
        this.options.onRouted?.('sent', op, 'unavailable');
        reject(
          new RoutedCommandError({
            code: 'CONFLICT',
            reason: 'TABLE_MOVING',
            message: `the copy hosting this table did not answer within ${this.timeoutMs} ms; retry`,
          }),
        );
      });
      this.pending.set(id, { resolve, reject, cancelTimeout, op });
    });
    const receivers = await this.options.redis.publish(this.channel(owner), JSON.stringify(message));
    if (receivers === 0) {
      // Nobody listens on that channel: the copy is gone (its table is being taken over).
      const request = this.pending.get(id);
      if (request) {
        request.cancelTimeout();
        this.pending.delete(id);
        this.options.onRouted?.('sent', op, 'unavailable');
        request.reject(
          new RoutedCommandError({
            code: 'CONFLICT',
            reason: 'TABLE_MOVING',
            message: 'the copy hosting this table is gone; it is being taken over, retry',
          }),
        );
      }
    }
    return reply;
  }

  private async onMessage(raw: string): Promise<void> {
    let msg: RequestMessage | ReplyMessage;
    try {
      msg = JSON.parse(raw) as RequestMessage | ReplyMessage;
    } catch {
      return;
    }
    if (msg.kind === 'reply') {
      const request = this.pending.get(msg.id);
      if (!request) return; // timed out already
      request.cancelTimeout();
      this.pending.delete(msg.id);
      this.options.onRouted?.('sent', request.op, msg.ok ? 'ok' : 'refused');
      if (msg.ok) request.resolve(msg.result);
      else
        request.reject(
          new RoutedCommandError(
            msg.error ?? { code: 'INTERNAL', reason: 'INTERNAL', message: 'routed command failed' },
          ),
        );
      return;
    }
    const op = typeof msg.op === 'string' ? msg.op : 'unknown';
    let reply: ReplyMessage;
    if (!this.handler) {
      reply = {
        kind: 'reply',
        id: msg.id,
        ok: false,
        error: { code: 'CONFLICT', reason: 'TABLE_MOVING', message: 'this copy hosts no tables' },
      };
    } else {
      try {
        const result = await this.handler(msg.body, msg.from);
        reply = { kind: 'reply', id: msg.id, ok: true, result: result ?? null };
      } catch (err) {
        reply = { kind: 'reply', id: msg.id, ok: false, error: toRoutedError(err) };
      }
    }
    this.options.onRouted?.('served', op, reply.ok ? 'ok' : 'refused');
    await this.options.redis.publish(this.channel(msg.from), JSON.stringify(reply)).catch(() => undefined);
  }
}

/**
 * Any refusal that carries a socket error code crosses as is; anything else is INTERNAL (details stay in the owner's
 * log).
 */
export function toRoutedError(err: unknown): RoutedError {
  const refusal = err as { code?: unknown; reason?: unknown; message?: unknown; error?: RoutedError };
  if (err instanceof RoutedCommandError) return err.error;
  if (typeof refusal?.code === 'string' && typeof refusal.reason === 'string') {
    // TableHostError's message starts with its reason; the receiving side puts it back.
    const message = String(refusal.message ?? '');
    return {
      code: refusal.code as SocketErrorCode,
      reason: refusal.reason,
      message: message.startsWith(`${refusal.reason}: `) ? message.slice(refusal.reason.length + 2) : message,
    };
  }
  return { code: 'INTERNAL', reason: 'INTERNAL', message: 'the table host failed; see its log' };
}

/** Injection token of the TableRouter (null when every table lives in this process). */
export const TABLE_ROUTER = Symbol('TABLE_ROUTER');
