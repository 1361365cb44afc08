// The runner lease against the machine's Redis (its Lua is what is under test), under a private
// prefix. It reads no local clock: "time passes" is the key's TTL shortened with PEXPIRE, and an
// expiry is awaited until Redis no longer has the key (test/redis-time.ts).
import Redis from 'ioredis';
import { randomUUID } from 'node:crypto';
import { RunnerLease } from './runner-lease';
import { runOut } from './test/redis-time';

let redis: Redis;
let ns: string;

beforeAll(() => {
  redis = new Redis(process.env.REDIS_URL ?? 'redis://127.0.0.1:6379', { lazyConnect: false, maxRetriesPerRequest: 1 });
});
beforeEach(() => {
  ns = `test-runner-lease-${randomUUID()}`;
});
afterEach(async () => {
  const keys = await redis.keys(`${ns}:*`);
  if (keys.length) await redis.del(...keys);
});
afterAll(async () => {
  await redis.quit();
});

describe('runner lease', () => {
  it('one owner at a time; the owner renews its own; another takes it only once it expired', async () => {
    const lease = new RunnerLease(ns, 'a', 10_000);
    const runnerLease = new RunnerLease(ns, 'b', 10_000);
    expect(await lease.take(redis, 7)).toBe(true);
    expect(await runnerLease.take(redis, 7)).toBe(false);
    await redis.pexpire(lease.key(7), 100); // most of the lease time went by
    expect(await lease.take(redis, 7)).toBe(true); // renewed: the whole ttl from now
    expect(await redis.pttl(lease.key(7))).toBeGreaterThan(9_000);
    expect(await runnerLease.take(redis, 7)).toBe(false); // still a's (it would have expired without the renewal)
    expect(await redis.get(lease.key(7))).toBe('a');
    await runOut(redis, lease.key(7));
    expect(await runnerLease.take(redis, 7)).toBe(true);
    expect(await lease.take(redis, 7)).toBe(false);
  });

  it('an owner whose lease just expired takes it again in one step (it is never told it lost its own free lease)', async () => {
    const lease = new RunnerLease(ns, 'a', 10_000);
    expect(await lease.take(redis, 1)).toBe(true);
    await runOut(redis, lease.key(1));
    expect(await redis.get(lease.key(1))).toBeNull();
    expect(await lease.take(redis, 1)).toBe(true);
    expect(await redis.pttl(lease.key(1))).toBeGreaterThan(9_000);
  });

  it('release frees only its own lease', async () => {
    const lease = new RunnerLease(ns, 'a', 1000);
    const runnerLease = new RunnerLease(ns, 'b', 1000);
    await lease.take(redis, 3);
    await runnerLease.release(redis, 3);
    expect(await redis.get(lease.key(3))).toBe('a');
    await lease.release(redis, 3);
    expect(await runnerLease.take(redis, 3)).toBe(true);
  });
});
