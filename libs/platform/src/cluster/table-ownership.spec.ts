// Ownership on top of the leases, against the machine's Redis: renewal on a timer keeps a table,
// a paused copy (no renewals) loses it to another copy, learns so at its next renewal, and its
// guard refuses writes locally from the moment its lease may have run out.
import Redis from 'ioredis';
import { randomUUID } from 'node:crypto';
import { StaleFencingTokenError } from './fence';
import { TableLeases } from './table-lease';
import { RedisTableOwnership, SingleProcessOwnership, type LeaseChange } from './table-ownership';

let redis: Redis;
let prefix: string;
const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));
const copies: RedisTableOwnership[] = [];

beforeAll(() => {
  redis = new Redis(process.env.REDIS_URL ?? 'redis://127.0.0.1:6379', { maxRetriesPerRequest: 1 });
});
beforeEach(() => {
  prefix = `test-own-${randomUUID()}`;
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
  const c = new RedisTableOwnership({ leases: new TableLeases({ redis, prefix, owner, ttlMs }), autoRenew, onChange: (...a) => changes.push(a) });
  copies.push(c);
  return c;
}

const tx = {} as never; // the guard's local refusal happens before any query

describe('table ownership', () => {
  it('single process: always the owner, no guard', async () => {
    const o = new SingleProcessOwnership();
    expect(await o.claim()).toBe(true);
    expect(o.owns()).toBe(true);
    expect(o.guard).toBeUndefined();
  });

  it('the timer renews: a table stays with its owner for several ttls', async () => {
    const a = copy('a', 150);
    const b = copy('b', 150);
    expect(await a.claim('t1')).toBe(true);
    await sleep(400);
    expect(await b.claim('t1')).toBe(false);
    expect(a.owns('t1')).toBe(true);
  });

  it('a paused copy loses the table: another copy claims it with a larger token, the old one is told and its guard refuses', async () => {
    const changesA: [LeaseChange, string, number][] = [];
    const a = copy('a', 150, false, changesA);
    const b = copy('b', 150);
    const lost: string[] = [];
    a.onLost((t) => lost.push(t));
    expect(await a.claim('t1')).toBe(true);
    await sleep(200); // a is paused: no renewal
    expect(a.owns('t1')).toBe(false);
    await expect(a.guard(tx, { tableId: 't1', tournamentId: null })).rejects.toBeInstanceOf(StaleFencingTokenError);
    expect(await b.claim('t1')).toBe(true);
    expect(b.token('t1')).toBe(2);
    await a.renewAll();
    expect(lost).toEqual(['t1']);
    expect(changesA).toEqual([
      ['acquired', 't1', 1],
      ['lost', 't1', 1],
    ]);
  });

  it('release on stop lets another copy take the table at once', async () => {
    const a = copy('a', 10_000);
    const b = copy('b', 10_000);
    await a.claim('t1');
    await a.stop();
    expect(await b.claim('t1')).toBe(true);
  });
});
