// Boots an app in the test process on a random port against a fresh private database and the
// machine's Redis. Returns handles for HTTP, tokens and Nest providers.
//
//   const t = await startTestApp();                   // all-in-one
//   await request(t.url).get('/health/ready').expect(200);
//   const token = t.token({ username: 'alice' });
//   await t.close();                                  // closes the app and drops the database
import type { Type } from '@nestjs/common';
import { randomBytes } from 'node:crypto';
import { Redis } from 'ioredis';
import type { AccessClaims } from '@naiko/contracts';
import { PrismaService } from '@naiko/persistence';
import { JsonLogger, startNaikoApp, TokenService, type NaikoApp } from '@naiko/platform';
import { AllInOneModule } from '../../apps/all-in-one/src/app.module';
import { createTestDatabase, type TestDatabase } from './database';

export const TEST_JWT_SECRET = 'naiko-test-secret-0123456789abcdef0123';

/**
 * The account `token()` signs for by default, without a registration. Every token must belong to
 * an existing account (issue 19.5), so the helper creates this row; its stored name and role do
 * not matter (a token of version 0 carries its own claims, e.g. `token({ role: 'admin' })`).
 */
export const TEST_DEFAULT_USER_ID = '00000000-0000-4000-8000-000000000001';

export interface TestApp {
  naiko: NaikoApp;
  url: string;
  db: TestDatabase;
  tokens: TokenService;
  /** A signed access token; defaults to a player. */
  token(claims?: Partial<AccessClaims>): string;
  get<T>(token: Type<T> | symbol | string): T;
  close(): Promise<void>;
}

export interface TestAppOptions {
  name?: string;
  module?: Type<unknown>;
  /** Extra env (e.g. HEARTBEAT_EVERY_MS). */
  env?: Record<string, string>;
  /** Use this DATABASE_URL (e.g. `pglite:<dir>`) instead of a fresh private PostgreSQL database. */
  databaseUrl?: string;
}

export async function startTestApp(options: TestAppOptions = {}): Promise<TestApp> {
  const db: TestDatabase = options.databaseUrl
    ? { name: `naiko_test_${randomBytes(6).toString('hex')}`, url: options.databaseUrl, drop: async () => undefined }
    : await createTestDatabase();
  const env: Record<string, string> = {
    NODE_ENV: 'test',
    PORT: '0',
    HOST: '127.0.0.1',
    DATABASE_URL: db.url,
    REDIS_URL: process.env.TEST_REDIS_URL ?? 'redis://127.0.0.1:6379',
    // Private BullMQ keys and socket.io channels: test files run in parallel on one Redis.
    REDIS_PREFIX: db.name,
    EMBEDDED_FALLBACK: 'false',
    JWT_SECRET: TEST_JWT_SECRET,
    LOG_LEVEL: process.env.TEST_LOG_LEVEL ?? 'warn',
    SEED_DEMO_USERS: 'false',
    HEARTBEAT_EVERY_MS: '0',
    // No default room (config/room.json): tests open what they need.
    ROOM_CONFIG: 'off',
    // Many apps share this process: prom-client's event-loop monitor would keep each one reachable
    // after its close (about 100 MB a suite). test/cluster/operators turns it back on.
    PROCESS_METRICS: 'false',
    // Several apps and test clients share the machine's PostgreSQL (max_connections 100).
    DATABASE_POOL_SIZE: '10',
    ...options.env,
  };
  const name = options.name ?? 'all-in-one';
  let naiko: NaikoApp;
  try {
    naiko = await startNaikoApp({
      name,
      module: options.module ?? AllInOneModule,
      env,
      logger: new JsonLogger(name, env.LOG_LEVEL),
    });
  } catch (err) {
    await db.drop();
    throw err;
  }
  const tokens = naiko.app.get(TokenService);
  await naiko.app.get(PrismaService, { strict: false }).user.createMany({
    data: [{ id: TEST_DEFAULT_USER_ID, username: 'test-default-user', role: 'player' }],
    skipDuplicates: true,
  });
  return {
    naiko,
    url: naiko.url,
    db,
    tokens,
    token: (claims = {}) => tokens.sign({ sub: TEST_DEFAULT_USER_ID, username: 'alice', role: 'player', ...claims }),
    get: <T>(t: Type<T> | symbol | string) => naiko.app.get<T>(t as Type<T>, { strict: false }),
    close: async () => {
      await naiko.close();
      await Promise.all([db.drop(), deleteRedisKeys(env.REDIS_URL, `${env.REDIS_PREFIX}:*`)]);
    },
  };
}

/** Removes the test's BullMQ keys (everything under its private prefix). */
async function deleteRedisKeys(url: string, pattern: string): Promise<void> {
  const redis = new Redis(url);
  try {
    let cursor = '0';
    do {
      const [next, keys] = await redis.scan(cursor, 'MATCH', pattern, 'COUNT', 500);
      if (keys.length) await redis.del(...keys);
      cursor = next;
    } while (cursor !== '0');
  } finally {
    await redis.quit();
  }
}
