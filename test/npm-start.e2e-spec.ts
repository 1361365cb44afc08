// `npm start` as a newcomer runs it (issue 22): on a free port against a fresh database it serves
// the room of config/room.json (demo users funded, public tables of several games, Sit & Go/Spin,
// the hourly tournament); a SIGTERM (then a SIGINT) to npm reaches the server, which shuts down
// cleanly, and no process it started outlives npm. The favicon is served.
import { spawn, type ChildProcess } from 'node:child_process';
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import request from 'supertest';
import { freePort, ROOT } from '../bench/support/cluster';
import { createTestDatabase, type TestDatabase } from './support';

/** Every live descendant of `pid` (from /proc: parent links). */
function descendants(pid: number): number[] {
  const parent = new Map<number, number>();
  for (const entry of readdirSync('/proc')) {
    if (!/^\d+$/.test(entry)) continue;
    try {
      const stat = readFileSync(`/proc/${entry}/stat`, 'utf8');
      const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
      parent.set(Number(entry), Number(fields[1]));
    } catch {
      /* gone meanwhile */
    }
  }
  const out: number[] = [];
  const walk = (pid: number) => {
    for (const [child, pp] of parent) {
      if (pp !== pid) continue;
      out.push(child);
      walk(child);
    }
  };
  walk(pid);
  return out;
}

/** Alive and not a zombie. */
function alive(pid: number): boolean {
  if (!existsSync(`/proc/${pid}/stat`)) return false;
  try {
    const stat = readFileSync(`/proc/${pid}/stat`, 'utf8');
    return stat.slice(stat.lastIndexOf(')') + 2)[0] !== 'Z';
  } catch {
    return false;
  }
}

async function until(cond: () => Promise<boolean> | boolean, timeoutMs: number, what: string): Promise<void> {
  const end = Date.now() + timeoutMs;
  while (!(await cond())) {
    if (Date.now() > end) throw new Error(`timed out waiting for ${what}`);
    await new Promise((r) => setTimeout(r, 200));
  }
}

describe('npm start', () => {
  let db: TestDatabase;
  let npm: ChildProcess | null = null;
  let log = '';

  beforeAll(async () => {
    db = await createTestDatabase();
  });
  afterAll(async () => {
    if (npm && npm.exitCode === null)
      for (const pid of [npm.pid!, ...descendants(npm.pid!)]) process.kill(pid, 'SIGKILL');
    await db.drop();
  });

  async function start(port: number): Promise<ChildProcess> {
    const child = spawn('npm', ['start'], {
      cwd: ROOT,
      env: {
        ...process.env,
        NODE_OPTIONS: '',
        PORT: String(port),
        HOST: '127.0.0.1',
        DATABASE_URL: db.url,
        REDIS_URL: process.env.TEST_REDIS_URL ?? 'redis://127.0.0.1:6379',
        REDIS_PREFIX: db.name,
        LOG_LEVEL: 'info',
        HEARTBEAT_EVERY_MS: '0',
      },
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    child.stdout!.on('data', (b: Buffer) => (log += b.toString()));
    child.stderr!.on('data', (b: Buffer) => (log += b.toString()));
    const url = `http://127.0.0.1:${port}`;
    await until(
      async () => {
        if (child.exitCode !== null) throw new Error(`npm start exited ${child.exitCode}:\n${log.slice(-3000)}`);
        return request(url)
          .get('/health/ready')
          .then(
            (r) => r.status === 200,
            () => false,
          );
      },
      120_000,
      'npm start to be ready',
    );
    return child;
  }

  async function stopWith(child: ChildProcess, signal: NodeJS.Signals): Promise<void> {
    const before = descendants(child.pid!);
    expect(before.length).toBeGreaterThanOrEqual(2); // the launcher and the server
    const exited = new Promise<number | null>((r) => child.once('exit', (code) => r(code)));
    child.kill(signal);
    expect(await exited).toBe(0);
    // Nothing npm started is left running once npm is gone.
    expect(before.filter(alive)).toEqual([]);
    expect(log).toContain(`${signal}: shutting down`);
  }

  it('serves the room on a fresh database, then stops on SIGTERM to npm with nothing left behind', async () => {
    const port = await freePort();
    npm = await start(port);
    const url = `http://127.0.0.1:${port}`;
    const login = await request(url)
      .post('/auth/login')
      .send({ username: 'alice', password: 'alice-demo' })
      .expect(200);
    const auth = `Bearer ${login.body.accessToken}`;
    expect((await request(url).get('/accounts/me').set('Authorization', auth).expect(200)).body.chips).toBeGreaterThan(
      0,
    );
    const tables = (await request(url).get('/lobby/tables').set('Authorization', auth).expect(200)).body.tables as {
      game: string;
      private: boolean;
    }[];
    expect(tables.filter((t) => !t.private).length).toBeGreaterThanOrEqual(3);
    expect(new Set(tables.map((t) => t.game)).size).toBeGreaterThanOrEqual(2);
    const sng = (await request(url).get('/sit-and-go').expect(200)).body as { template: { kind: string } }[];
    expect(new Set(sng.map((s) => s.template.kind))).toEqual(new Set(['sit-and-go', 'spin']));
    await until(
      async () =>
        ((await request(url).get('/tournaments').set('Authorization', auth)).body as { status: string }[]).some(
          (x) => x.status === 'registering',
        ),
      20_000,
      'a tournament to join',
    );
    // The favicon, linked from the page.
    expect((await request(url).get('/').expect(200)).text).toContain('href="/favicon.svg"');
    expect((await request(url).get('/favicon.svg').expect(200)).headers['content-type']).toContain('image/svg+xml');
    await stopWith(npm, 'SIGTERM');
  }, 240_000);

  it('stops on SIGINT to npm too (a restart on the same database)', async () => {
    npm = await start(await freePort());
    await stopWith(npm, 'SIGINT');
  }, 240_000);
});
