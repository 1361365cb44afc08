// Several copies of the platform as child processes on loopback, and socket.io players that play a
// cash-table seat through whichever copy they are connected to. Shared by test/cluster (the 3-copy
// SIGKILL suite) and bench/cluster.ts.
//
// Copies run the swc build (`node scripts/build.js` → dist/; tsx cannot boot the Nest apps as
// children) with CLUSTER_MODE=redis, one INSTANCE_ID each, on one database and one REDIS_PREFIX.
import { spawn, type ChildProcess } from 'node:child_process';
import { createServer, type AddressInfo } from 'node:net';
import { join } from 'node:path';
import { createInterface } from 'node:readline';
import {
  HandFeedAssembler,
  type TableHandPayload,
  type TablePublicState,
  type TableSnapshotPayload,
} from '@naiko/contracts';
import { seededRandom } from '@naiko/engine';
import { decideBotAction, toBotView } from '@naiko/table';
import { connectSocket, type TestSocket } from '../../test/support/socket';

// Copies start with the V8 flags `npm start` and the Docker image use.
const { serverNodeFlags } = require('../../scripts/node-flags') as { serverNodeFlags: () => string[] };

export const ROOT = join(__dirname, '..', '..');

export interface CopyOptions {
  /** dist entry, e.g. `dist/apps/all-in-one/src/main.js`. */
  entry: string;
  instanceId: string;
  port: number;
  databaseUrl: string;
  prefix: string;
  jwtSecret: string;
  env?: Record<string, string>;
  /** Keep the child's stderr lines (for failure messages). */
  logTail?: number;
}

export interface Copy {
  instanceId: string;
  url: string;
  child: ChildProcess;
  /** Resolves once the copy listens (rejects if it exits first). */
  ready: Promise<void>;
  exited: Promise<number | null>;
  alive: boolean;
  kill(signal?: NodeJS.Signals): Promise<void>;
}

export function startCopy(options: CopyOptions): Copy {
  const child = spawn(process.execPath, [...serverNodeFlags(), options.entry], {
    cwd: ROOT,
    env: {
      ...process.env,
      NODE_OPTIONS: '',
      NODE_ENV: 'test',
      PORT: String(options.port),
      HOST: '127.0.0.1',
      DATABASE_URL: options.databaseUrl,
      REDIS_URL: process.env.TEST_REDIS_URL ?? 'redis://127.0.0.1:6379',
      REDIS_PREFIX: options.prefix,
      EMBEDDED_FALLBACK: 'false',
      JWT_SECRET: options.jwtSecret,
      LOG_LEVEL: 'warn',
      SEED_DEMO_USERS: 'false',
      ROOM_CONFIG: 'off',
      HEARTBEAT_EVERY_MS: '0',
      CLUSTER_MODE: 'redis',
      INSTANCE_ID: options.instanceId,
      // The database is migrated once before the copies start (concurrent boots would queue on
      // the migration lock).
      MIGRATE_ON_START: 'false',
      ...options.env,
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let tail = '';
  const keep = options.logTail ?? 4000;
  child.stderr!.on('data', (d: Buffer) => (tail = (tail + d.toString()).slice(-keep)));
  const exited = new Promise<number | null>((resolve) => child.on('close', (code) => resolve(code)));
  const url = `http://127.0.0.1:${options.port}`;
  const copy: Copy = {
    instanceId: options.instanceId,
    url,
    child,
    alive: true,
    exited,
    ready: new Promise<void>((resolve, reject) => {
      // LOG_LEVEL=warn hides the "listening" line: poll /health/live instead.
      const poll = setInterval(() => {
        fetch(`${url}/health/live`)
          .then((response) => {
            if (response.ok) {
              clearInterval(poll);
              resolve();
            }
          })
          .catch(() => undefined);
      }, 150);
      // BENCH_COPY_LOG=<text>: print the copies' log lines containing it (e.g. "lease acquired").
      const show = process.env.BENCH_COPY_LOG;
      createInterface({ input: child.stdout! }).on(
        'line',
        (line) => show && line.includes(show) && console.error(`[${options.instanceId}] ${line}`),
      );
      void exited.then((code) => {
        clearInterval(poll);
        reject(new Error(`copy ${options.instanceId} exited (${code}): ${tail}`));
      });
    }),
    async kill(signal: NodeJS.Signals = 'SIGKILL') {
      copy.alive = false;
      if (child.exitCode === null && child.signalCode === null) child.kill(signal);
      await exited;
    },
  };
  void exited.then(() => (copy.alive = false));
  copy.ready.catch(() => undefined);
  return copy;
}

/** One message a socket received, as it arrived. */
export interface Received {
  event: string;
  payload: unknown;
  at: number;
}

export interface PlayerOptions {
  userId: string;
  username: string;
  token: string;
  tableId: string;
  buyIn: number;
  seat: number;
  /**
   * Copies to connect to, in preference order (the first alive one is used, again after a drop); a function when copies
   * are restarted.
   */
  copies: Copy[] | (() => Copy[]);
  seed: string;
  /** Keep every message (test: private-card checks). */
  record?: boolean;
  bigBlind: number;
  /** A timestamped log of accepted actions and hand ends, per table (shared by all players). */
  onHandEvent?: (tableId: string, kind: 'action' | 'hand-ended' | 'hand', at: number, handId: string) => void;
  /** Action latency: own `table:act` emit → own action in the hand feed (ms). */
  onLatency?: (ms: number) => void;
  reloadTo?: number;
  /** false: when his copy dies he stays away (a player who closed the app). Default true. */
  reconnect?: boolean;
}

/**
 * A player with the libs/table bot policy, deciding from his own seat's view. When his copy goes
 * away he reconnects to the next alive copy and watches the table again (gets his seat back); a
 * refused command while the table moves (CONFLICT TABLE_MOVING) is retried with a new watch.
 */
export class ClusterPlayer {
  socket: TestSocket | null = null;
  readonly received: Received[] = [];
  seat: number | null = null;
  connectedTo: Copy | null = null;
  reconnects = 0;
  errors: string[] = [];
  private pending: { key: string; at: number } | null = null;
  private readonly rng;
  private stopped = false;
  private rewatch: NodeJS.Timeout | null = null;
  private sat = false;

  constructor(private readonly options: PlayerOptions) {
    this.rng = seededRandom(options.seed);
  }

  async start(): Promise<void> {
    await this.connect();
    this.socket!.emit('table:sit', {
      tableId: this.options.tableId,
      buyIn: this.options.buyIn,
      seat: this.options.seat,
    });
  }

  stop(): void {
    this.stopped = true;
    if (this.rewatch) clearTimeout(this.rewatch);
    this.socket?.close();
  }

  private async connect(): Promise<void> {
    for (let attempt = 0; !this.stopped; attempt++) {
      for (const copy of typeof this.options.copies === 'function' ? this.options.copies() : this.options.copies) {
        if (!copy.alive) continue;
        try {
          const { socket } = await connectSocket(copy.url, this.options.token, 10_000);
          this.attach(socket, copy);
          return;
        } catch {
          /* copy going down: next one */
        }
      }
      await new Promise((r) => setTimeout(r, 200));
      if (attempt > 100) throw new Error(`${this.options.username}: no copy accepts a connection`);
    }
  }

  private attach(socket: TestSocket, copy: Copy): void {
    this.socket = socket;
    this.connectedTo = copy;
    if (this.options.record)
      socket.onAny((event: string, payload: unknown) => this.received.push({ event, payload, at: Date.now() }));
    socket.on('table:snapshot', (payload: TableSnapshotPayload) => {
      this.sat = true;
      this.seat = payload.yourSeat;
      this.onView(payload.hand?.handId ?? null, payload.hand?.view);
    });
    socket.on('table:update', (payload) => {
      this.seatFrom(payload.table);
      if (
        this.options.reloadTo &&
        payload.events.some((e) => e.type === 'busted' && (e as { playerId?: string }).playerId === this.options.userId)
      ) {
        socket.emit('table:reload', { tableId: this.options.tableId, amount: this.options.reloadTo });
      }
    });
    // The public part of each update and this player's private part (own cards, legal actions), put together.
    const feed = new HandFeedAssembler();
    socket.on('table:hand-private', (own) => {
      const late = feed.private(own);
      if (late) this.onView(late.payload.handId, late.payload.view);
    });
    socket.on('table:hand', (part: TableHandPayload) => {
      const publicPart = feed.public(part);
      const now = Date.now();
      this.options.onHandEvent?.(publicPart.tableId, 'hand', now, publicPart.handId);
      for (const event of publicPart.events) {
        if (event.type === 'hand-ended')
          this.options.onHandEvent?.(publicPart.tableId, 'hand-ended', now, publicPart.handId);
        if (event.type === 'action') this.options.onHandEvent?.(publicPart.tableId, 'action', now, publicPart.handId);
      }
      if (
        this.pending &&
        publicPart.events.some((e) => e.type === 'action' && (e as { seat?: number }).seat === this.seat)
      ) {
        this.options.onLatency?.(performance.now() - this.pending.at);
        this.pending = null;
      }
      this.onView(publicPart.handId, publicPart.view);
    });
    socket.on('error', (error) => {
      this.pending = null;
      if (
        error.code === 'RATE_LIMITED' ||
        error.code === 'INTERNAL' ||
        String(error.message).includes('TABLE_MOVING') ||
        String(error.message).includes('UNKNOWN_TABLE')
      ) {
        this.errors.push(`${error.code} ${error.message}`);
        this.scheduleWatch(300);
      }
    });
    socket.on('disconnect', () => {
      if (this.stopped || this.options.reconnect === false) return;
      // The copy died (SIGKILL): connect to another one and watch the table again. An action sent
      // through it may have died with it: decide again on the snapshot the watch brings (a second
      // action on the same version is refused as stale, never applied twice).
      this.pending = null;
      this.reconnects++;
      void this.connect().then(() => this.scheduleWatch(0));
    });
  }

  private scheduleWatch(ms: number): void {
    if (this.stopped || this.rewatch) return;
    this.rewatch = setTimeout(() => {
      this.rewatch = null;
      if (!this.stopped && this.socket?.connected)
        this.socket.emit(
          this.sat ? 'table:watch' : 'table:sit',
          this.sat
            ? { tableId: this.options.tableId }
            : ({ tableId: this.options.tableId, buyIn: this.options.buyIn, seat: this.options.seat } as never),
        );
    }, ms);
  }

  private seatFrom(table: TablePublicState): void {
    const mine = table.seatMap.find((s) => s?.playerId === this.options.userId);
    this.seat = mine ? mine.seat : null;
  }

  private onView(handId: string | null, view: Record<string, unknown> | undefined): void {
    const wire = view as
      { version: number; toAct: number | null; legal: unknown; viewer: number | 'spectator' } | undefined;
    if (!wire || !handId || !wire.legal || typeof wire.viewer !== 'number' || wire.toAct !== wire.viewer) return;
    this.seat = wire.viewer;
    const key = `${handId}:${wire.version}`;
    if (this.pending?.key === key) return;
    const bv = toBotView(view as never, this.options.bigBlind);
    if (!bv) return;
    const decision = decideBotAction(bv, this.rng);
    const action =
      decision.type === 'draw'
        ? { type: 'draw' as const, discard: decision.discard }
        : { type: decision.type, ...('amount' in decision ? { amount: decision.amount } : {}) };
    this.pending = { key, at: performance.now() };
    this.socket?.emit('table:act', { tableId: this.options.tableId, version: wire.version, action: action as never });
  }
}

export function percentile(sorted: number[], percent: number): number {
  if (!sorted.length) return 0;
  return sorted[Math.min(sorted.length - 1, Math.floor((percent / 100) * sorted.length))]!;
}

export async function pool<T>(items: T[], limit: number, fn: (t: T) => Promise<void>): Promise<void> {
  let next = 0;
  await Promise.all(
    Array.from({ length: Math.min(limit, items.length) }, async () => {
      while (next < items.length) await fn(items[next++]!);
    }),
  );
}

export async function until(cond: () => boolean | Promise<boolean>, timeoutMs: number, what: string): Promise<void> {
  const end = Date.now() + timeoutMs;
  while (!(await cond())) {
    if (Date.now() > end) throw new Error(`timed out waiting for ${what}`);
    await new Promise((r) => setTimeout(r, 50));
  }
}

/**
 * The Redis table directory of a deployment (cluster/table-router.ts): who owns which table, with its lobby summary.
 */
export async function tableDirectory(
  prefix: string,
): Promise<{ tableId: string; owner: string; summary: { seated: number; closed: boolean } }[]> {
  const { Redis } = await import('ioredis');
  const redis = new Redis(process.env.TEST_REDIS_URL ?? 'redis://127.0.0.1:6379');
  try {
    // The directory lives in the installation's namespace `<prefix>:<installation id>` (issue 29);
    // the installations that used the prefix are listed in `<prefix>:installations`.
    const entries: string[] = [];
    for (const id of await redis.hkeys(`${prefix}:installations`))
      entries.push(...Object.values(await redis.hgetall(`${prefix}:${id}:tables:directory`)));
    return entries.map(
      (raw) => JSON.parse(raw) as { tableId: string; owner: string; summary: { seated: number; closed: boolean } },
    );
  } finally {
    redis.disconnect();
  }
}

/** A port free right now on loopback (the kernel picks it), for a copy about to start. */
export function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const srv = createServer();
    srv.once('error', reject);
    srv.listen(0, '127.0.0.1', () => {
      const { port } = srv.address() as AddressInfo;
      srv.close(() => resolve(port));
    });
  });
}
