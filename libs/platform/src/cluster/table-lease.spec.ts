// Table leases against the machine's Redis (principle 11: Redis behaviour, Lua included, is
// what is under test), each test under its own key prefix. The local clock is a ManualClock; a
// lease "running out" in Redis is its TTL shortened with PEXPIRE and awaited (test/redis-time.ts).
import Redis from 'ioredis';
import { randomUUID } from 'node:crypto';
import { ManualClock } from './manual-clock';
import { TableLeases } from './table-lease';
import { runOut } from './test/redis-time';

let redis: Redis;
let prefix: string;

beforeAll(() => {
  redis = new Redis(process.env.REDIS_URL ?? 'redis://127.0.0.1:6379', { lazyConnect: false, maxRetriesPerRequest: 1 });
});
beforeEach(() => {
  prefix = `test-lease-${randomUUID()}`;
});
afterEach(async () => {
  const keys = await redis.keys(`${prefix}:*`);
  if (keys.length) await redis.del(...keys);
});
afterAll(async () => {
  await redis.quit();
});

const copy = (owner: string, ttlMs = 10_000, clock = new ManualClock()) =>
  new TableLeases({ redis, prefix, owner, ttlMs, clock });

describe('table lease', () => {
  it('a token is never below the floor the database stored: Redis that lost its counters (flush, restart, new namespace) still gives a newer token', async () => {
    const floors = new Map([['t1', 7]]);
    const withFloor = (owner: string) =>
      new TableLeases({ redis, prefix, owner, ttlMs: 10_000, floor: async (id) => floors.get(id) ?? 0 });
    const leases = withFloor('a');
    // The database saw token 7; Redis has no counter at all.
    const first = (await leases.acquire('t1'))!;
    expect(first.token).toBe(8);
    // A counter already above the floor is left alone.
    expect(await leases.release(first)).toBe(true);
    expect((await leases.acquire('t1'))!.token).toBe(9);
    // Takeover too: the counter lost again, the dead holder's lease still there.
    await redis.del(`${prefix}:lease:token:t1`);
    floors.set('t1', 9);
    const taken = await withFloor('b').takeOver('t1', (await leases.holder('t1'))!);
    expect(taken?.token).toBe(10);
    // No floor given: the counter as it is (tables never fenced in the database start at 1).
    expect((await copy('c').acquire('t2'))!.token).toBe(1);
  });

  it('one owner at a time: the second copy cannot claim a held table', async () => {
    const leases = copy('a');
    const tableLeases = copy('b');
    const lease = await leases.acquire('t1');
    expect(lease).toMatchObject({ tableId: 't1', owner: 'a', token: 1 });
    expect(await tableLeases.acquire('t1')).toBeNull();
    expect(await tableLeases.holder('t1')).toMatchObject({ owner: 'a', token: 1 });
  });

  it('the lease lives in Redis for its ttl: PX set on acquire, reset by renew', async () => {
    const leases = copy('a', 10_000);
    const lease = (await leases.acquire('t1'))!;
    const ttl = await redis.pttl(leases.leaseKey('t1'));
    expect(ttl).toBeGreaterThan(9_000);
    expect(ttl).toBeLessThanOrEqual(10_000);
    expect(await redis.pttl(leases.tokenKey('t1'))).toBe(-1); // the token counter never expires
    await redis.pexpire(leases.leaseKey('t1'), 50); // most of the lease time went by
    expect(await leases.renew(lease)).not.toBeNull();
    expect(await redis.pttl(leases.leaseKey('t1'))).toBeGreaterThan(9_000);
  });

  it('fencing tokens grow with every acquisition, across owners and tables independently', async () => {
    const leases = copy('a');
    const tableLeases = copy('b');
    const first = (await leases.acquire('t1'))!;
    expect(await leases.release(first)).toBe(true);
    const second = (await tableLeases.acquire('t1'))!;
    await runOut(redis, tableLeases.leaseKey('t1')); // b's lease expires without a release
    const third = (await leases.acquire('t1'))!;
    expect([first.token, second.token, third.token]).toEqual([1, 2, 3]);
    expect((await leases.acquire('t2'))!.token).toBe(1);
  });

  it('renewal keeps the lease past its ttl; a lost lease cannot be renewed or released by its old owner', async () => {
    const clock = new ManualClock();
    const leases = copy('a', 1_000, clock);
    const tableLeases = copy('b', 1_000, clock);
    let lease = (await leases.acquire('t1'))!;
    for (let i = 0; i < 4; i++) {
      // A third of the ttl passes here and in Redis; the renewal moves both ends of the lease on.
      clock.advance(300);
      await redis.pexpire(leases.leaseKey('t1'), 700);
      lease = (await leases.renew(lease))!;
      expect(lease).toMatchObject({ token: 1, validUntil: clock.now() + 900 });
      expect(await redis.pttl(leases.leaseKey('t1'))).toBeGreaterThan(900);
    }
    expect(await tableLeases.acquire('t1')).toBeNull(); // 1,200 ms > ttl: only renewal kept it
    await runOut(redis, leases.leaseKey('t1')); // a "pauses": its lease expires
    const taken = (await tableLeases.acquire('t1'))!;
    expect(taken.token).toBe(lease.token + 1);
    expect(await leases.renew(lease)).toBeNull();
    expect(await leases.release(lease)).toBe(false);
    expect(await tableLeases.holder('t1')).toMatchObject({ owner: 'b', token: taken.token });
  });

  it('validUntil leaves a tenth of the ttl as a margin, measured from before the request', async () => {
    const clock = new ManualClock(1000);
    // 30 ms pass while the claim is on its way (the floor is read inside acquire): not counted.
    const floor = async () => {
      clock.advance(30);
      return 0;
    };
    const leases = new TableLeases({ redis, prefix, owner: 'a', ttlMs: 1000, clock, floor });
    const lease = (await leases.acquire('t1'))!;
    expect(lease.validUntil).toBe(1000 + 1000 - 100);
  });

  it('concurrent claims from many copies: exactly one wins', async () => {
    const copies = Array.from({ length: 8 }, (_, i) => copy(`c${i}`));
    const results = await Promise.all(copies.map((c) => c.acquire('t1')));
    expect(results.filter(Boolean)).toHaveLength(1);
  });

  it('takeOver: only from the holder named (a newer token), never from a live copy that re-took it', async () => {
    const leases = copy('a', 5000);
    const tableLeases = copy('b', 5000);
    const rival = copy('c', 5000);
    const held = (await leases.acquire('t1'))!;
    expect((await tableLeases.holders(['t1', 't2'])).get('t1')).toEqual({ owner: 'a', token: 1 });
    expect((await tableLeases.holders(['t1', 't2'])).get('t2')).toBeNull();
    // a is dead (as DeadCopies reports): b takes the table before the lease expires, token grows.
    const taken = (await tableLeases.takeOver('t1', { owner: 'a', token: held.token, ttlMs: 0 }))!;
    expect(taken).toMatchObject({ owner: 'b', token: 2 });
    // The old holder can neither renew nor release it; a second takeover naming a fails.
    expect(await leases.renew(held)).toBeNull();
    expect(await leases.release(held)).toBe(false);
    expect(await rival.takeOver('t1', { owner: 'a', token: held.token, ttlMs: 0 })).toBeNull();
    expect(await rival.holder('t1')).toMatchObject({ owner: 'b', token: 2 });
  });
});
