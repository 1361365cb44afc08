// Which Redis Naiko uses (BullMQ + the socket.io adapter):
// - REDIS_URL set: that server, and it must answer;
// - unset: Redis on 127.0.0.1:6379 when it answers, else (when embedded fallback is allowed) a
//   private `redis-server` started under DATA_DIR/redis on a free port and stopped with the app;
//   else start-up stops with one line saying what to install.
import { spawn, spawnSync, type ChildProcess } from 'node:child_process';
import { mkdirSync } from 'node:fs';
import { createServer } from 'node:net';
import { resolve } from 'node:path';
import { Redis } from 'ioredis';

export const DEFAULT_REDIS_URL = 'redis://127.0.0.1:6379';

export interface RedisEndpoint {
  url: string;
  /** For logs: where it is and why it was chosen. */
  description: string;
  /** Stops the private redis-server, if this process started one. */
  stop(): Promise<void>;
}

export interface RedisChoice {
  url?: string;
  dataDir: string;
  allowEmbedded: boolean;
  /** Where to look for a local Redis when no URL is set (tests point it elsewhere). */
  defaultUrl?: string;
}

/** A URL safe to log (password removed). */
export function redactRedisUrl(url: string): string {
  try {
    const parsed = new URL(url);
    if (parsed.password) parsed.password = '***';
    return parsed.toString();
  } catch {
    return '<unparseable url>';
  }
}

/** True when PING succeeds at `url` within `timeoutMs`. */
export async function redisAnswers(url: string, timeoutMs = 1000): Promise<boolean> {
  const client = new Redis(url, {
    lazyConnect: true,
    connectTimeout: timeoutMs,
    maxRetriesPerRequest: 0,
    retryStrategy: () => null,
    enableOfflineQueue: false,
  });
  client.on('error', () => undefined);
  try {
    await client.connect();
    return (await client.ping()) === 'PONG';
  } catch {
    return false;
  } finally {
    client.disconnect();
  }
}

export function redisServerOnPath(): boolean {
  return spawnSync('redis-server', ['--version'], { stdio: 'ignore' }).status === 0;
}

async function freePort(): Promise<number> {
  return new Promise((res, rej) => {
    const srv = createServer();
    srv.once('error', rej);
    srv.listen(0, '127.0.0.1', () => {
      const { port } = srv.address() as { port: number };
      srv.close(() => res(port));
    });
  });
}

/** Starts `redis-server` as a child process storing its files under `dir`. */
export async function startPrivateRedis(dir: string, timeoutMs = 10_000): Promise<RedisEndpoint> {
  mkdirSync(dir, { recursive: true });
  const port = await freePort();
  const child: ChildProcess = spawn(
    'redis-server',
    [
      '--port',
      String(port),
      '--bind',
      '127.0.0.1',
      '--dir',
      dir,
      '--save',
      '',
      '--appendonly',
      'yes',
      '--protected-mode',
      'yes',
    ],
    { stdio: ['ignore', 'ignore', 'pipe'] },
  );
  let stderr = '';
  child.stderr?.on('data', (d: Buffer) => (stderr += d.toString()));
  // If Node dies without running our shutdown hook, don't leave the server behind.
  const killOnExit = () => child.kill('SIGTERM');
  process.once('exit', killOnExit);
  const url = `redis://127.0.0.1:${port}`;
  const deadline = Date.now() + timeoutMs;
  while (!(await redisAnswers(url, 500))) {
    if (child.exitCode !== null || Date.now() > deadline) {
      child.kill('SIGKILL');
      throw new Error(`redis-server did not start on port ${port}: ${stderr.trim() || `exit code ${child.exitCode}`}`);
    }
    await new Promise((r) => setTimeout(r, 50));
  }
  return {
    url,
    description: `private redis-server on 127.0.0.1:${port} (files in ${dir})`,
    stop: async () => {
      process.removeListener('exit', killOnExit);
      if (child.exitCode !== null) return;
      const exited = new Promise((r) => child.once('exit', r));
      child.kill('SIGTERM');
      await exited;
    },
  };
}

export async function resolveRedis(choice: RedisChoice): Promise<RedisEndpoint> {
  const noop = async () => undefined;
  if (choice.url) {
    if (!(await redisAnswers(choice.url))) {
      throw new Error(`REDIS_URL: no Redis answers at ${redactRedisUrl(choice.url)}`);
    }
    return { url: choice.url, description: `Redis ${redactRedisUrl(choice.url)} (REDIS_URL)`, stop: noop };
  }
  const local = choice.defaultUrl ?? DEFAULT_REDIS_URL;
  const where = new URL(local).host;
  if (await redisAnswers(local)) {
    return { url: local, description: `Redis ${local} (answers on the default port)`, stop: noop };
  }
  if (!choice.allowEmbedded) {
    throw new Error(`No Redis answers on ${where}: start Redis or set REDIS_URL`);
  }
  if (!redisServerOnPath()) {
    throw new Error(
      `No Redis answers on ${where} and no redis-server is on PATH: install Redis (e.g. \`apt-get install redis-server\` or \`brew install redis\`) or set REDIS_URL`,
    );
  }
  return startPrivateRedis(resolve(choice.dataDir, 'redis'));
}
