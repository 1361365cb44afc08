// The platform foundation end to end: all-in-one on a random port against a fresh PostgreSQL
// database and the machine's Redis.
import request from 'supertest';
import { PrismaService } from '@naiko/persistence';
import { QUEUES } from '@naiko/contracts';
import { HeartbeatService, JobQueue, LIFECYCLE_ATTEMPTS, TokenService } from '@naiko/platform';
import { QueueEvents } from 'bullmq';
import { connectSocket, nextEvent, startTestApp, type TestApp } from './support';

describe('platform (all-in-one)', () => {
  let app: TestApp;

  beforeAll(async () => {
    app = await startTestApp();
  });

  afterAll(async () => {
    await app?.close();
  });

  describe('HTTP', () => {
    it('answers /health/live and /health/ready with PostgreSQL and Redis up', async () => {
      await request(app.url).get('/health/live').expect(200, { status: 'ok', app: 'all-in-one' });
      await request(app.url)
        .get('/health/ready')
        .expect(200, { status: 'ok', checks: { postgres: 'up', redis: 'up' }, details: { faults: [] } });
    });

    it('serves the OpenAPI document at /docs', async () => {
      const res = await request(app.url).get('/docs-json').expect(200);
      expect(res.body.paths).toHaveProperty('/health/ready');
      await request(app.url).get('/docs').expect(200);
    });

    it('ran the migrations on the fresh database (users table with roles and isBot)', async () => {
      const prisma = app.get(PrismaService);
      const bot = await prisma.user.create({ data: { username: 'bot-1', role: 'player', isBot: true } });
      expect(bot).toMatchObject({ username: 'bot-1', role: 'player', isBot: true, passwordHash: null });
      await expect(prisma.user.create({ data: { username: 'bot-1' } })).rejects.toThrow();
    });
  });

  describe('socket.io gateway', () => {
    it('accepts a valid token and greets the user', async () => {
      const { socket, welcome } = await connectSocket(app.url, app.token({ username: 'hana', role: 'host' }));
      try {
        expect(welcome).toEqual({
          user: { sub: expect.any(String), username: 'hana', role: 'host' },
          app: 'all-in-one',
        });
        socket.emit('ping', { nonce: 'n1' });
        expect(await nextEvent(socket, 'pong')).toEqual({ nonce: 'n1', serverTime: expect.any(Number) });
      } finally {
        socket.close();
      }
    });

    it('refuses a bad token, a token signed with another secret and no token', async () => {
      const forged = new TokenService('another-secret-0123456789abcdef0123', 60).sign({
        sub: 'x',
        username: 'mallory',
        role: 'admin',
      });
      for (const token of ['garbage', forged, undefined]) {
        await expect(connectSocket(app.url, token)).rejects.toMatchObject({
          message: 'UNAUTHORIZED',
          data: { code: 'UNAUTHORIZED' },
        });
      }
    });

    it('answers a malformed payload with a typed error and keeps the connection', async () => {
      const { socket } = await connectSocket(app.url, app.token());
      try {
        const error = nextEvent(socket, 'error');
        socket.emit('ping', { nonce: 42 } as never);
        expect(await error).toMatchObject({
          code: 'BAD_PAYLOAD',
          event: 'ping',
          message: 'invalid payload for "ping"',
          issues: [{ path: ['nonce'], message: expect.any(String) }],
        });

        const extra = nextEvent(socket, 'error');
        socket.emit('ping', { nonce: 'ok', extra: true } as never);
        expect(await extra).toMatchObject({ code: 'BAD_PAYLOAD', issues: [expect.objectContaining({ path: [] })] });

        const unknown = nextEvent(socket, 'error');
        (socket as unknown as { emit(e: string, p: unknown): void }).emit('no-such-event', {});
        expect(await unknown).toEqual({
          code: 'UNKNOWN_EVENT',
          event: 'no-such-event',
          message: 'no handler for "no-such-event"',
        });

        expect(socket.connected).toBe(true);
        socket.emit('ping', { nonce: 'still-here' });
        expect(await nextEvent(socket, 'pong')).toMatchObject({ nonce: 'still-here' });
      } finally {
        socket.close();
      }
    });
  });

  describe('BullMQ', () => {
    it('round-trips a heartbeat job through Redis to its handler', async () => {
      const result = await app.get(HeartbeatService).roundTrip(10_000);
      expect(result.handledBy).toBe(result.origin); // this process enqueued and handled it
      expect(app.get(HeartbeatService).lastHandled()?.tag).toBe(result.tag);
    });

    it('also answers over HTTP (POST /health/heartbeat)', async () => {
      const res = await request(app.url).post('/health/heartbeat').expect(200);
      expect(res.body).toMatchObject({ tag: expect.any(String), handledBy: expect.stringMatching(/^all-in-one\./) });
    });

    it('gives the same logical job one id (idempotent enqueue)', async () => {
      const jobs = app.get(JobQueue);
      const tag = `idem-${Date.now()}`;
      const jobA = await jobs.enqueue('heartbeat', { origin: 'test', tag });
      const jobB = await jobs.enqueue('heartbeat', { origin: 'test', tag });
      expect(jobA.id).toBe(`heartbeat.${tag}`);
      expect(jobB.id).toBe(jobA.id);
    });

    it("ensure: a tournament lifecycle's job gets retries, and one that failed for good is retried (a plain enqueue leaves it failed)", async () => {
      const jobs = app.get(JobQueue);
      const queue = jobs.queue(QUEUES.tournament);
      const events = new QueueEvents(QUEUES.tournament, {
        connection: queue.opts.connection,
        prefix: queue.opts.prefix,
      });
      await events.waitUntilReady();
      try {
        // The payout of a tournament that does not exist fails at once: enqueued plainly, one attempt.
        const plain = await jobs.enqueue('tournamentPayout', { tournamentId: 987_654 });
        await expect(plain.waitUntilFinished(events, 10_000)).rejects.toThrow(/987654/);
        expect(await plain.getState()).toBe('failed');
        // Its id is taken: enqueueing it again changes nothing.
        await jobs.enqueue('tournamentPayout', { tournamentId: 987_654 });
        expect(await (await queue.getJob(plain.id!))!.getState()).toBe('failed');
        // ensure retries it: it runs (and fails) again.
        const failedOnce = (await queue.getJob(plain.id!))!.attemptsMade;
        const retried = await jobs.ensure('tournamentPayout', { tournamentId: 987_654 });
        expect(retried.id).toBe(plain.id);
        await expect(retried.waitUntilFinished(events, 10_000)).rejects.toThrow(/987654/);
        expect((await queue.getJob(plain.id!))!.attemptsMade).toBeGreaterThan(failedOnce);
        // A new lifecycle job is enqueued with the lifecycle's retries and backoff.
        const fresh = await jobs.ensure('tournamentPayout', { tournamentId: 987_655 }, { delay: 60_000 });
        expect(fresh.opts).toMatchObject({
          attempts: LIFECYCLE_ATTEMPTS,
          backoff: { type: 'exponential', delay: 200 },
        });
        await fresh.remove();
      } finally {
        await events.close();
      }
    });

    it('rejects a payload that does not match the job schema', async () => {
      await expect(app.get(JobQueue).enqueue('heartbeat', { origin: '', tag: 'x' })).rejects.toThrow();
    });
  });
});
