// Ownership on top of the leases, against the machine's Redis: renewal on a timer keeps a table,
// a paused copy (no renewals) loses it to another copy, learns so at its next renewal, and its
// guard refuses writes locally from the moment its lease may have run out. Time is a ManualClock
// the tests advance; Redis's TTLs are shortened with PEXPIRE where time must pass there too.
import Redis from 'ioredis';
import { randomUUID } from 'node:crypto';
import { StaleFencingTokenError } from './fence';
import { ManualClock } from './manual-clock';
import { TableLeases } from './table-lease';
import { RedisTableOwnership, SingleProcessOwnership, type LeaseChange } from './table-ownership';
import { runOut, until } from './test/redis-time';

let redis: Redis;
let prefix: string;
let clock: ManualClock;
const copies: RedisTableOwnership[] = [];

beforeAll(() => {
  redis = new Redis(process.env.REDIS_URL ?? 'redis://127.0.0.1:6379', { maxRetriesPerRequest: 1 });
});
beforeEach(() => {
  prefix = `test-own-${randomUUID()}`;
  clock = new ManualClock();
});
afterEach(async () => {
  await Promise.all(copies.splice(0).map((c) => c.stop()));
  const keys = await redis.keys(`${prefix}:*`);
  if (keys.length) await redis.del(...keys);
});
afterAll(async () => {
  await redis.quit();
});

function copy(owner: string, ttlMs: number, autoRenew = true, changes: [LeaseChange, string, number][] = []) {
  const leases = new TableLeases({ redis, prefix, owner, ttlMs, clock });
  const ownership = new RedisTableOwnership({ leases, autoRenew, onChange: (...a) => changes.push(a) });
  copies.push(ownership);
  return ownership;
}

const leaseKey = (tableId: string) => `${prefix}:lease:table:${tableId}`;
const tx = {} as never; // the guard's local refusal happens before any query

describe('table ownership', () => {
  it('single process: always the owner, no guard', async () => {
    const ownership = new SingleProcessOwnership();
    expect(await ownership.claim()).toBe(true);
    expect(ownership.owns()).toBe(true);
    expect(ownership.guard).toBeUndefined();
  });

  it('the timer renews: a table stays with its owner for several ttls', async () => {
    const ownership = copy('a', 3_000);
    const redisTableOwnership = copy('b', 3_000);
    expect(await ownership.claim('t1')).toBe(true);
    for (let i = 0; i < 4; i++) {
      // A third of the ttl passes, here and in Redis: the renewal timer (every 1,000 ms) fires and
      // puts the Redis TTL back to the whole ttl.
      await redis.pexpire(leaseKey('t1'), 2_000);
      clock.advance(1_000);
      await until(async () => (await redis.pttl(leaseKey('t1'))) > 2_000);
    }
    // 4,000 ms > ttl: only the timer's renewals kept it.
    expect(await redisTableOwnership.claim('t1')).toBe(false);
    await ownership.renewAll(); // the last timer renewal may still be replying: its new validUntil is then set
    expect(ownership.owns('t1')).toBe(true);
  });

  it('a paused copy loses the table: another copy claims it with a larger token, the old one is told and its guard refuses', async () => {
    const changesA: [LeaseChange, string, number][] = [];
    const ownership = copy('a', 1_000, false, changesA);
    const redisTableOwnership = copy('b', 1_000);
    const lost: string[] = [];
    ownership.onLost((t) => lost.push(t));
    expect(await ownership.claim('t1')).toBe(true);
    // a is paused: no renewal. Its local validity (ttl minus a tenth) ends first: no write from
    // then on, even while Redis still holds its lease.
    clock.advance(899);
    expect(ownership.owns('t1')).toBe(true);
    clock.advance(1);
    expect(ownership.owns('t1')).toBe(false);
    await expect(ownership.guard(tx, { tableId: 't1', tournamentId: null })).rejects.toBeInstanceOf(
      StaleFencingTokenError,
    );
    expect(await redisTableOwnership.claim('t1')).toBe(false); // Redis has not let it go yet
    await runOut(redis, leaseKey('t1'));
    expect(await redisTableOwnership.claim('t1')).toBe(true);
    expect(redisTableOwnership.token('t1')).toBe(2);
    await ownership.renewAll();
    expect(lost).toEqual(['t1']);
    expect(changesA).toEqual([
      ['acquired', 't1', 1],
      ['lost', 't1', 1],
    ]);
  });

  it('release on stop lets another copy take the table at once', async () => {
    const ownership = copy('a', 10_000);
    const redisTableOwnership = copy('b', 10_000);
    await ownership.claim('t1');
    await ownership.stop();
    expect(await redisTableOwnership.claim('t1')).toBe(true);
    expect(clock.armed).toBe(1); // b's renewal timer; a's was stopped
  });
});
