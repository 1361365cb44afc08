// Environment configuration, validated once at boot. A bad value stops start-up with a message
// naming the variable (principle 10). Defaults make `npm start` work with nothing configured.
import { z } from 'zod';

const bool = (fallback: boolean) =>
  z
    .enum(['true', 'false', '1', '0', 'yes', 'no'], { message: 'must be true or false' })
    .default(fallback ? 'true' : 'false')
    .transform((v) => v === 'true' || v === '1' || v === 'yes');

const int = (fallback: number, min: number, max: number) =>
  z
    .string()
    .default(String(fallback))
    .refine((v) => /^\d+$/.test(v) && Number(v) >= min && Number(v) <= max, {
      message: `must be an integer from ${min} to ${max}`,
    })
    .transform(Number);

/** Milliseconds for a hand pause or a bot's delay: 0 to 10 minutes; unset = the feature's default. */
const optionalMs = z
  .string()
  .refine((v) => /^\d+$/.test(v) && Number(v) <= 600_000, { message: 'must be an integer from 0 to 600000 (ms)' })
  .transform(Number)
  .optional();

/** `https://a.example, http://localhost:5173` → the list; each must be a bare origin. */
const originList = z
  .string()
  .default('')
  .transform((value) =>
    value
      .split(',')
      .map((o) => o.trim())
      .filter(Boolean),
  )
  .refine((list) => list.every((o) => /^https?:\/\/[^/\s]+$/.test(o)), {
    message: 'must be a comma-separated list of origins like https://example.com',
  });

export const configSchema = z
  .object({
    NODE_ENV: z.enum(['development', 'production', 'test']).default('development'),
    /** HTTP + socket.io port. 0 picks a free port (tests). */
    PORT: int(3000, 0, 65535),
    HOST: z.string().min(1).default('0.0.0.0'),
    /** postgres[ql]://... | pglite[:dir] | unset (local PostgreSQL, else embedded PGlite). */
    DATABASE_URL: z
      .string()
      .regex(/^(postgres(ql)?:\/\/|pglite(:|$))/, { message: 'must start with postgresql:// or pglite' })
      .optional(),
    /**
     * PostgreSQL connections this process may hold (node-postgres defaults to 10). Every table's
     * hand start and end is a transaction, so a copy with many busy tables waits for a connection
     * before it waits for the database; keep copies × size under the server's max_connections.
     */
    DATABASE_POOL_SIZE: int(20, 1, 500),
    /** redis://... | unset (local Redis on 6379, else a private redis-server under DATA_DIR). */
    REDIS_URL: z
      .string()
      .regex(/^rediss?:\/\//, { message: 'must start with redis:// or rediss://' })
      .optional(),
    /** Where embedded PGlite and the private Redis keep their files. */
    DATA_DIR: z.string().min(1).default('.data'),
    /** May this process fall back to embedded PGlite / a private redis-server? (all-in-one: yes) */
    EMBEDDED_FALLBACK: bool(true),
    /**
     * HS256 signing key. Unset (not in production): a random key generated on first start and kept
     * in the database (table platform_secrets), shared by every copy of the deployment (issue 19.6).
     */
    JWT_SECRET: z.string().min(32, { message: 'must be at least 32 characters' }).optional(),
    /** Access-token lifetime: short, since the web client refreshes it transparently (issue 19.5). */
    JWT_EXPIRES_IN_SECONDS: int(15 * 60, 60, 60 * 60 * 24),
    /** Refresh-token lifetime (rotating, stored hashed, revoked on every change of rights). */
    REFRESH_TOKEN_EXPIRES_IN_SECONDS: int(60 * 60 * 24 * 30, 60, 60 * 60 * 24 * 365),
    /** How long a user's account state (role, deletion, token version) is cached per process. */
    AUTH_STATE_CACHE_MS: int(5_000, 0, 60_000),
    /** Bearer token required by GET /metrics; unset: /metrics answers loopback clients only. */
    METRICS_TOKEN: z.string().min(16, { message: 'must be at least 16 characters' }).optional(),
    /** Browser origins allowed to call the API and socket.io with credentials (CORS); empty: same origin only. */
    CORS_ORIGINS: originList,
    /** Open private tables one host may have at once (admins are not limited). */
    PRIVATE_TABLES_PER_HOST: int(3, 1, 1000),
    LOG_LEVEL: z.enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent']).default('info'),
    MIGRATE_ON_START: bool(true),
    SEED_DEMO_USERS: bool(true),
    /**
     * Namespace for everything this deployment keeps in Redis (BullMQ keys, socket.io adapter
     * channels). Processes that should cooperate share it; tests use a private one.
     */
    REDIS_PREFIX: z
      .string()
      .regex(/^[A-Za-z0-9_.-]{1,40}$/, { message: 'must be 1-40 letters, digits, _ . -' })
      .default('naiko'),
    /**
     * Use the socket.io Redis adapter so rooms span processes. `auto` (the all-in-one app's
     * default): only as one of several copies (CLUSTER_MODE=redis or INSTANCE_ID set), since a
     * single process holds every socket and the adapter would cost ~10 % of its CPU for nothing.
     */
    SOCKET_REDIS_ADAPTER: z
      .enum(['true', 'false', '1', '0', 'yes', 'no', 'auto'], { message: 'must be true, false or auto' })
      .default('true'),
    /**
     * `redis`: tables are spread over copies with Redis leases; `single` (or unset without INSTANCE_ID): one process
     * owns every table.
     */
    CLUSTER_MODE: z.enum(['single', 'redis'], { message: 'must be single or redis' }).optional(),
    /** This copy's id among several (implies CLUSTER_MODE=redis when that is unset). */
    INSTANCE_ID: z.string().min(1).optional(),
    /** A table lease's lifetime in a cluster (a dead copy's tables are taken over after it). */
    TABLE_LEASE_MS: int(5000, 200, 600_000),
    /**
     * False: this copy hosts no tables and routes every table command (apps/lobby, apps/tournament, apps/sit-and-go).
     */
    TABLES_HOST: bool(true),
    /** True: serve and send routed table commands even as the only table copy (apps/cash-table). */
    TABLES_ROUTE: bool(false),
    /** The pause between a cash table's hands, and a bot's thinking time there. */
    TABLE_HAND_PAUSE_MS: int(2000, 0, 600_000),
    TABLE_BOT_DELAY_MS: int(800, 0, 600_000),
    /** A fixed seed for shuffles and table decisions (tests only; production uses the CSPRNG). */
    TABLE_SEED: z.string().min(1).optional(),
    /**
     * The room opened at start-up (default tables, Sit & Go bot fill, hourly tournament): a JSON file, or `off`; unset:
     * config/room.json if present.
     */
    ROOM_CONFIG: z.string().optional(),
    /** The built web client's folder (default: dist/web of the repository). */
    WEB_DIST_DIR: z.string().optional(),
    /** A tournament pauses when more than half of its remaining players have been disconnected this long (issue 25). */
    MTT_DISCONNECT_PAUSE_MS: int(5 * 60_000, 1, 24 * 60 * 60 * 1000),
    /** Overrides of the tournament runner's pause between hands and bot delay, Sit & Go's too (tests, benchmarks). */
    MTT_HAND_PAUSE_MS: optionalMs,
    MTT_BOT_DELAY_MS: optionalMs,
    /**
     * Node's process metrics (CPU, memory, event-loop lag...) on /metrics. They describe the whole
     * process, and prom-client's event-loop monitor is never stopped: apps that share a process
     * (the e2e tests start dozens) turn it off, or each would keep its app reachable after close.
     */
    PROCESS_METRICS: bool(true),
    /** Heartbeat job period; 0 disables the scheduler (the handler stays registered). */
    HEARTBEAT_EVERY_MS: int(30_000, 0, 24 * 60 * 60 * 1000),
    /**
     * How often each process checks that Redis still holds its jobs (a missing reconcile mark means
     * Redis lost its data: the jobs are put back from the database). 0 = only on reconnects.
     */
    JOBS_RECONCILE_CHECK_MS: int(1000, 0, 10 * 60 * 1000),
  })
  .superRefine((config, ctx) => {
    if (config.NODE_ENV === 'production' && config.JWT_SECRET === undefined) {
      ctx.addIssue({ code: 'custom', path: ['JWT_SECRET'], message: 'must be set in production' });
    }
  })
  .transform(({ SOCKET_REDIS_ADAPTER, ...config }) => {
    const clustered =
      config.CLUSTER_MODE === 'redis' || (config.CLUSTER_MODE === undefined && config.INSTANCE_ID !== undefined);
    const adapter = SOCKET_REDIS_ADAPTER === 'auto' ? clustered : ['true', '1', 'yes'].includes(SOCKET_REDIS_ADAPTER);
    return {
      ...config,
      SOCKET_REDIS_ADAPTER: adapter,
      /** Tables are spread over copies (Redis leases, takeover). */
      clustered,
      /** Table commands go through the router: tables on several copies, none here, or asked for (TABLES_ROUTE). */
      routesTables: config.TABLES_ROUTE || clustered || !config.TABLES_HOST,
    };
  });

export type AppConfig = z.infer<typeof configSchema>;

/**
 * An app's own defaults for variables the environment leaves unset (env-shaped: the strings the
 * environment would hold), e.g. a split-out service's `{ EMBEDDED_FALLBACK: 'false' }`. Passed to
 * `PlatformModule.forRoot({ config })`; a variable set in the environment always wins.
 */
export type ConfigDefaults = Partial<Record<keyof z.input<typeof configSchema>, string>>;

export class ConfigError extends Error {
  override name = 'ConfigError';
}

/**
 * Parses `env` over the app's `defaults`; throws ConfigError listing every bad variable as `NAME: problem (got
 * "value")`.
 */
export function parseConfig(env: Record<string, string | undefined>, defaults: ConfigDefaults = {}): AppConfig {
  // Empty strings mean "unset" (docker-compose passes `FOO=` for optional values).
  const set = (record: Record<string, string | undefined>) =>
    Object.entries(record).filter(([, v]) => v !== undefined && v !== '');
  const cleaned = Object.fromEntries([...set(defaults), ...set(env)]);
  const result = configSchema.safeParse(cleaned);
  if (result.success) return result.data;
  const lines = result.error.issues.map((issue) => {
    const name = String(issue.path[0] ?? '(config)');
    const secret = /SECRET|PASSWORD|TOKEN/.test(name);
    const got = cleaned[name];
    return `${name}: ${issue.message}${got !== undefined && !secret ? ` (got "${got}")` : ''}`;
  });
  throw new ConfigError(`Invalid configuration: ${lines.join('; ')}`);
}
