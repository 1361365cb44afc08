// Issue 29: two databases behind one Redis with the default settings (default REDIS_PREFIX) each
// schedule tournament id 1. Job ids are built from database ids (`tournament.1.start`), so before
// installation ids the second database's jobs were "already there" and never ran. Now every key
// lives under `<REDIS_PREFIX>:<installation id>`: both tournaments open registration, start and
// finish on time, neither app consumes the other's jobs (nor the old, pre-id jobs left in Redis),
// and the second start-up warns naming both installation ids.
//
// The Redis is a private redis-server on a free port: these apps use the default prefix `naiko`,
// which must not be touched on the machine's shared Redis.
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { Writable } from 'node:stream';
import { Queue, Worker } from 'bullmq';
import { Redis } from 'ioredis';
import { JOBS, QUEUES } from '@naiko/contracts';
import { auditLedger, ChipLedger, PrismaService } from '@naiko/persistence';
import {
  bullmqConnection,
  installationsKey,
  JsonLogger,
  REDIS_NAMESPACE,
  startNaikoApp,
  startPrivateRedis,
  TournamentsService,
  type NaikoApp,
  type RedisEndpoint,
  type RedisNamespace,
} from '@naiko/platform';
import { fastModeStructure } from '@naiko/tournament';
import { createTestDatabase, TEST_JWT_SECRET, type TestDatabase } from './support';
import { fastMttSettings, fastTournamentModule, waitFor } from './support/tournaments';

const FastTournamentModule = fastTournamentModule();

/** Every JSON log line of the apps started here. */
const logLines: Record<string, unknown>[] = [];
const sink = new Writable({
  write(chunk: Buffer, _enc, done) {
    for (const line of chunk.toString().split('\n'))
      if (line.trim()) logLines.push(JSON.parse(line) as Record<string, unknown>);
    done();
  },
});

interface Installation {
  app: NaikoApp;
  db: TestDatabase;
  prisma: PrismaService;
  ledger: ChipLedger;
  mtt: TournamentsService;
  ns: RedisNamespace;
}

describe('Installation id: one Redis, two databases, default prefix (e2e)', () => {
  let redis: RedisEndpoint;
  let redisDir: string;
  let client: Redis;
  const installs: Installation[] = [];
  let oldQueue: Queue | undefined;

  async function startInstallation(name: string): Promise<Installation> {
    const db = await createTestDatabase();
    // Default settings: no REDIS_PREFIX anywhere.
    delete process.env.REDIS_PREFIX;
    const app = await startNaikoApp({
      name,
      module: FastTournamentModule,
      env: {
        NODE_ENV: 'test',
        PORT: '0',
        HOST: '127.0.0.1',
        DATABASE_URL: db.url,
        REDIS_URL: redis.url,
        EMBEDDED_FALLBACK: 'false',
        JWT_SECRET: TEST_JWT_SECRET,
        LOG_LEVEL: 'info',
        SEED_DEMO_USERS: 'false',
        // No default room (config/room.json): its hourly tournament would take id 1.
        ROOM_CONFIG: 'off',
        // Several apps in this process (see test/support/app.ts).
        PROCESS_METRICS: 'false',
      },
      logger: new JsonLogger(name, 'info', sink),
    });
    const prisma = app.app.get(PrismaService);
    const inst = {
      app,
      db,
      prisma,
      ledger: new ChipLedger(prisma),
      mtt: app.app.get(TournamentsService),
      ns: app.app.get<RedisNamespace>(REDIS_NAMESPACE),
    };
    installs.push(inst);
    return inst;
  }

  async function bots(inst: Installation, count: number): Promise<string[]> {
    const ids: string[] = [];
    for (let i = 0; i < count; i++) {
      const user = await inst.prisma.user.create({ data: { username: `bot${i}`, isBot: true } });
      await inst.ledger.openUserAccount(user.id);
      await inst.ledger.grant({ idempotencyKey: `welcome:${user.id}`, userId: user.id, amount: 1_000 });
      ids.push(user.id);
    }
    return ids;
  }

  beforeAll(async () => {
    redisDir = mkdtempSync(join(tmpdir(), 'naiko-installid-'));
    redis = await startPrivateRedis(redisDir);
    client = new Redis(redis.url);
  });

  afterAll(async () => {
    // Also after a failure: a queue left open would reconnect forever to the stopped Redis.
    await oldQueue?.close().catch(() => undefined);
    for (const installation of installs) await installation.app.close().catch(() => undefined);
    for (const installation of installs) await installation.db.drop().catch(() => undefined);
    client?.disconnect();
    await redis?.stop();
    rmSync(redisDir, { recursive: true, force: true });
  });

  it("each database schedules tournament 1; both open registration, start and finish on time; neither consumes the other's jobs; the start-up warns naming both ids", async () => {
    // An old Naiko (before installation ids) left its jobs of tournament 1 under `naiko:tournament`:
    // a completed open-registration and a waiting start. Either would swallow a new tournament 1's job.
    const old = new Queue(QUEUES.tournament, { connection: bullmqConnection(redis.url), prefix: 'naiko' });
    oldQueue = old;
    const oldWorker = new Worker(QUEUES.tournament, async () => 'old database', {
      connection: bullmqConnection(redis.url),
      prefix: 'naiko',
    });
    const opened = await old.add(
      'tournamentOpenRegistration',
      { tournamentId: 1 },
      { jobId: JOBS.tournamentOpenRegistration.jobId({ tournamentId: 1 }) },
    );
    await waitFor('the old job to complete', async () => (await opened.getState()) === 'completed', 10_000);
    await oldWorker.close();
    await old.add('tournamentStart', { tournamentId: 1 }, { jobId: JOBS.tournamentStart.jobId({ tournamentId: 1 }) });

    const installA = await startInstallation('install-a');
    // The old keys are reported (no id: they predate installation ids).
    expect(
      logLines.some(
        (line) =>
          line.level === 40 &&
          String(line.msg).includes('from before installation ids') &&
          String(line.msg).includes(installA.ns.installationId),
      ),
    ).toBe(true);
    const installB = await startInstallation('install-b');

    // Two databases, two installation ids, two namespaces under the one default prefix.
    expect(installA.ns.configured).toBe('naiko');
    expect(installB.ns.configured).toBe('naiko');
    expect(installA.ns.installationId).not.toBe(installB.ns.installationId);
    expect(installA.ns.prefix).toBe(`naiko:${installA.ns.installationId}`);
    expect(installB.ns.prefix).toBe(`naiko:${installB.ns.installationId}`);
    // The id is the database's own, stored by its first migration.
    const [row] = await installA.prisma.$queryRaw<{ id: string }[]>`SELECT id::text AS id FROM installation`;
    expect(row.id).toBe(installA.ns.installationId);
    expect((await client.hkeys(installationsKey('naiko'))).sort()).toEqual(
      [installA.ns.installationId, installB.ns.installationId].sort(),
    );

    // B's start-up names both ids.
    const warning = logLines.find(
      (record) =>
        record.level === 40 &&
        String(record.msg).includes('another installation') &&
        String(record.msg).includes(installA.ns.installationId),
    );
    expect(warning).toBeDefined();
    expect(String(warning!.msg)).toContain(installB.ns.installationId);
    expect(warning!.app).toBe('install-b');

    // Both admins schedule a tournament: registration in 2 s, the start in 5 s. Both get id 1.
    const opensAt = Date.now() + 2_000;
    const startsAt = opensAt + 3_000;
    const settings = fastMttSettings({
      name: 'Tournament one',
      registrationOpensAt: new Date(opensAt).toISOString(),
      startsAt: new Date(startsAt).toISOString(),
      blindStructure: fastModeStructure(500, 200, 4),
    });
    const ids = await Promise.all([installA, installB].map((i) => i.mtt.create(settings)));
    expect(ids.map((r) => r.id)).toEqual([1, 1]);

    const players = await Promise.all([installA, installB].map((i) => bots(i, 3)));
    const runs = [installA, installB].map(async (inst, index) => {
      const status = async () => (await inst.mtt.get(1)).status;
      await waitFor(
        `registration of tournament 1 to open in ${inst.ns.installationId}`,
        async () => (await status()) === 'registering',
        10_000,
      );
      const openedAt = Date.now();
      for (const player of players[index]) await inst.mtt.register(1, player);
      await waitFor(
        `tournament 1 to start in ${inst.ns.installationId}`,
        async () => (await status()) === 'running',
        10_000,
      );
      await waitFor(
        `tournament 1 to finish in ${inst.ns.installationId}`,
        async () => (await status()) === 'finished',
        120_000,
      );
      const [row] = await inst.prisma.$queryRaw<
        { started_at: Date }[]
      >`SELECT started_at FROM scheduled_tournaments WHERE id = 1`;
      return { openedAt, startedAt: row.started_at.getTime() };
    });
    for (const { openedAt, startedAt } of await Promise.all(runs)) {
      // On time: not before, and within the delayed-job latency after (BullMQ fires ~40-80 ms late).
      expect(openedAt).toBeGreaterThanOrEqual(opensAt);
      expect(openedAt - opensAt).toBeLessThan(1_500);
      expect(startedAt).toBeGreaterThanOrEqual(startsAt - 50);
      expect(startedAt - startsAt).toBeLessThan(1_500);
    }

    // Each namespace ran its own tournament 1's jobs once, with its own database's answer; the old
    // waiting start job was consumed by neither.
    for (const inst of [installA, installB]) {
      const queue = new Queue(QUEUES.tournament, { connection: bullmqConnection(redis.url), prefix: inst.ns.prefix });
      const start = await queue.getJob(JOBS.tournamentStart.jobId({ tournamentId: 1 }));
      expect(await start?.getState()).toBe('completed');
      expect(start?.returnvalue).toEqual({ status: 'running' });
      expect(await (await queue.getJob(JOBS.tournamentOpenRegistration.jobId({ tournamentId: 1 })))?.getState()).toBe(
        'completed',
      );
      await queue.close();
      const report = await auditLedger(inst.prisma);
      expect(report.ok).toBe(true);
    }
    const oldStart = await old.getJob(JOBS.tournamentStart.jobId({ tournamentId: 1 }));
    expect(await oldStart?.getState()).toBe('waiting');
    await old.close();

    // Nothing of either installation outside its namespace (besides the shared list of installations).
    const stray: string[] = [];
    let cursor = '0';
    do {
      const [next, keys] = await client.scan(cursor, 'MATCH', 'naiko:*', 'COUNT', 1000);
      stray.push(
        ...keys.filter(
          (key) =>
            !key.startsWith(`${installA.ns.prefix}:`) &&
            !key.startsWith(`${installB.ns.prefix}:`) &&
            key !== installationsKey('naiko') &&
            !key.startsWith(`naiko:${QUEUES.tournament}:`),
        ),
      );
      cursor = next;
    } while (cursor !== '0');
    expect(stray).toEqual([]);
  }, 180_000);
});
