// The server process a benchmark measures, started as `npm start` starts it (swc build in dist/, the
// server's V8 flags) on a fresh migrated database and a private Redis prefix, and the /proc readings
// the benchmarks report about it. Shared by bench/tables.ts and bench/flood.ts.
import { execFileSync, spawn, type ChildProcess } from 'node:child_process';
import { createWriteStream, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { createInterface } from 'node:readline';
import { Client } from 'pg';
import { createTestDatabase, type TestDatabase } from '../../test/support/database';

const { serverNodeFlags } = require('../../scripts/node-flags') as { serverNodeFlags: () => string[] };

const ROOT = join(__dirname, '..', '..');

/** The JWT secret the benchmark servers sign with (the benchmarks mint their own tokens). */
export const BENCH_SECRET = 'naiko-bench-secret-0123456789abcdef0123';

/** `--name value` from the command line as a number, else the fallback. */
export const arg = (name: string, fallback: number): number => {
  const index = process.argv.indexOf(`--${name}`);
  return index >= 0 ? Number(process.argv[index + 1]) : fallback;
};

/** Resident memory of a process (Linux /proc), KiB. */
export const rssKb = (pid: number): number =>
  Number(/VmRSS:\s+(\d+)/.exec(readFileSync(`/proc/${pid}/status`, 'utf8'))?.[1] ?? 0);

/** CPU time (user + system) a process used so far, in seconds (Linux /proc; 100 ticks a second). */
export const cpuSeconds = (pid: number): number => {
  const fields = readFileSync(`/proc/${pid}/stat`, 'utf8').split(') ')[1]!.split(' ');
  return (Number(fields[11]) + Number(fields[12])) / 100;
};

export interface BenchServer {
  process: ChildProcess;
  url: string;
  db: TestDatabase;
  /**
   * Gives the database the statistics a running room's has. A fresh database has none until
   * autovacuum's first round (up to a minute): meanwhile PostgreSQL plans each connection's
   * statements for empty tables and keeps those plans, so a hand's account lookups scan every
   * account and its journal insert hashes every hand, costs that grow with each hand dealt. The
   * benchmarks call it after their warm-up, before they measure.
   */
  analyze(): Promise<void>;
  /** Stops the server and drops its database (BENCH_KEEP_DB=1 keeps it, to look into). */
  stop(): Promise<void>;
}

export interface BenchServerOptions {
  /** The app to run: `dist/apps/<app>/src/main.js`. */
  app: string;
  /** Pause between hands (TABLE_HAND_PAUSE_MS). */
  pauseMs: number;
  /** More environment for the server. */
  env?: Record<string, string>;
}

/**
 * Builds, then starts the app on a random port below the ephemeral range (32768+, where the client
 * sockets take theirs) and waits until it listens. BENCH_SERVER_ARGS adds node flags (e.g.
 * `--cpu-prof --cpu-prof-dir=/tmp/prof`, `--trace-gc`); BENCH_SERVER_LOG=<file> keeps its stdout.
 */
export async function startBenchServer(benchServerOptions: BenchServerOptions): Promise<BenchServer> {
  execFileSync(process.execPath, ['scripts/build.js'], { cwd: ROOT, stdio: 'ignore' });
  const db = await createTestDatabase({ migrate: true });
  const port = 20_000 + Math.floor(Math.random() * 12_000);
  const serverArgs = (process.env.BENCH_SERVER_ARGS ?? '').split(' ').filter(Boolean);
  const server = spawn(
    process.execPath,
    [...serverNodeFlags(), ...serverArgs, `dist/apps/${benchServerOptions.app}/src/main.js`],
    {
      cwd: ROOT,
      env: {
        ...process.env,
        NODE_OPTIONS: '',
        NODE_ENV: 'production',
        PORT: String(port),
        HOST: '127.0.0.1',
        DATABASE_URL: db.url,
        REDIS_URL: process.env.TEST_REDIS_URL ?? 'redis://127.0.0.1:6379',
        REDIS_PREFIX: db.name,
        EMBEDDED_FALLBACK: 'false',
        JWT_SECRET: BENCH_SECRET,
        LOG_LEVEL: 'error',
        SEED_DEMO_USERS: 'false',
        // No default room (config/room.json): its tables and bots would be measured too.
        ROOM_CONFIG: 'off',
        HEARTBEAT_EVERY_MS: '0',
        TABLE_HAND_PAUSE_MS: String(benchServerOptions.pauseMs),
        TABLE_BOT_DELAY_MS: '0',
        // One process: its rooms need not span processes.
        SOCKET_REDIS_ADAPTER: 'false',
        ...benchServerOptions.env,
      },
      stdio: ['ignore', 'pipe', 'inherit'],
    },
  );
  const url = `http://127.0.0.1:${port}`;
  await new Promise<void>((resolve, reject) => {
    const keep = process.env.BENCH_SERVER_LOG ? createWriteStream(process.env.BENCH_SERVER_LOG) : null;
    createInterface({ input: server.stdout! }).on('line', (line) => {
      keep?.write(`${new Date().toISOString().slice(11, 23)} ${line}\n`);
      if (line.includes('listening on')) resolve();
    });
    server.on('exit', (code) => reject(new Error(`server exited (${code})`)));
    const poll = setInterval(async () => {
      try {
        if ((await fetch(`${url}/health/live`)).ok) {
          clearInterval(poll);
          resolve();
        }
      } catch {
        /* not up yet */
      }
    }, 200);
  });
  return {
    process: server,
    url,
    db,
    async analyze() {
      const client = new Client({ connectionString: db.url });
      await client.connect();
      try {
        await client.query('ANALYZE');
      } finally {
        await client.end();
      }
    },
    async stop() {
      server.kill('SIGTERM');
      await new Promise((r) => setTimeout(r, 500));
      if (!process.env.BENCH_KEEP_DB) await db.drop();
    },
  };
}
