// Command routing between copies against the machine's Redis (pub/sub and the directory are what
// is under test), each test under its own key prefix.
import Redis from 'ioredis';
import { randomUUID } from 'node:crypto';
import { TableHostError } from '../tables/host-errors';
import { RoutedCommandError, TableRouter, toRoutedError, type DirectoryEntry, type TableRouterOptions } from './table-router';

const URL = process.env.REDIS_URL ?? 'redis://127.0.0.1:6379';
let prefix: string;
const routers: TableRouter[] = [];

function router(instanceId: string, o: Pick<TableRouterOptions, 'timeoutMs' | 'aliveTtlMs' | 'onRouted'> = {}): TableRouter {
  const redis = new Redis(URL, { maxRetriesPerRequest: 1 });
  const r = new TableRouter({ redis, subscriber: redis.duplicate(), prefix, instanceId, ...o });
  routers.push(r);
  return r;
}

beforeEach(() => {
  prefix = `test-router-${randomUUID()}`;
});
afterEach(async () => {
  await Promise.all(routers.splice(0).map((r) => r.stop()));
  const redis = new Redis(URL);
  const keys = await redis.keys(`${prefix}:*`);
  if (keys.length) await redis.del(...keys);
  await redis.quit();
});

const entry = (tableId: string, owner: string): DirectoryEntry => ({
  tableId,
  owner,
  access: null,
  summary: { tableId, name: tableId, game: 'holdem', structure: 'no-limit', stakes: { smallBlind: 1, bigBlind: 2 }, buyIn: { min: 40, max: 200 }, seats: 6, seated: 0, seatsFree: 6, naikoMode: false, botsAllowed: false, private: false, hostId: null, closed: false, handsPlayed: 0 },
});

describe('table router', () => {
  it('a routed command reaches the owner with the caller identity and its reply comes back', async () => {
    const owner = router('owner');
    const caller = router('caller');
    const seen: unknown[] = [];
    await owner.start(async (body, from) => {
      seen.push({ body, from });
      return { ok: (body as { op: string }).op };
    }, true);
    await caller.start(null, false);
    const body = { op: 'act', cmd: { tableId: 't1' }, user: { sub: 'u1', username: 'ann', role: 'player' } };
    await expect(caller.send('owner', 'act', body)).resolves.toEqual({ ok: 'act' });
    expect(seen).toEqual([{ body, from: 'caller' }]);
  });

  it('the owner\'s typed refusal comes back with its code, reason and message', async () => {
    const owner = router('owner');
    const caller = router('caller');
    await owner.start(async () => {
      throw new TableHostError('CONFLICT', 'STALE_VERSION', 'decision on version 3, hand is at 4');
    }, true);
    await caller.start(null, false);
    const err = await caller.send('owner', 'act', { op: 'act' }).catch((e: unknown) => e);
    expect(err).toBeInstanceOf(RoutedCommandError);
    expect((err as RoutedCommandError).error).toEqual({ code: 'CONFLICT', reason: 'STALE_VERSION', message: 'decision on version 3, hand is at 4' });
  });

  it('an unexpected failure of the owner crosses as INTERNAL without its details', async () => {
    expect(toRoutedError(new Error('password=secret'))).toEqual({ code: 'INTERNAL', reason: 'INTERNAL', message: 'the table host failed; see its log' });
  });

  it('a gone owner fails fast with CONFLICT TABLE_MOVING (nobody listens on its channel)', async () => {
    const caller = router('caller', { timeoutMs: 10_000 });
    await caller.start(null, false);
    const t0 = Date.now();
    const err = (await caller.send('dead-copy', 'act', { op: 'act' }).catch((e: unknown) => e)) as RoutedCommandError;
    expect(err.error).toMatchObject({ code: 'CONFLICT', reason: 'TABLE_MOVING' });
    expect(Date.now() - t0).toBeLessThan(2000);
  });

  it('a silent owner times out with CONFLICT TABLE_MOVING', async () => {
    const owner = router('owner');
    const caller = router('caller', { timeoutMs: 200 });
    await owner.start(() => new Promise(() => undefined), true);
    await caller.start(null, false);
    const err = (await caller.send('owner', 'act', { op: 'act' }).catch((e: unknown) => e)) as RoutedCommandError;
    expect(err.error).toMatchObject({ code: 'CONFLICT', reason: 'TABLE_MOVING' });
  });

  it('routed commands are counted per direction, op and outcome', async () => {
    const counts: string[] = [];
    const owner = router('owner', { onRouted: (d, op, outcome) => counts.push(`${d}:${op}:${outcome}`) });
    const caller = router('caller', { onRouted: (d, op, outcome) => counts.push(`${d}:${op}:${outcome}`) });
    await owner.start(async (body) => {
      if ((body as { op: string }).op === 'leave') throw new TableHostError('NOT_FOUND', 'NOT_SEATED', 'no seat');
      return null;
    }, true);
    await caller.start(null, false);
    await caller.send('owner', 'sit', { op: 'sit' });
    await caller.send('owner', 'leave', { op: 'leave' }).catch(() => undefined);
    expect(counts.sort()).toEqual(['sent:leave:refused', 'sent:sit:ok', 'served:leave:refused', 'served:sit:ok']);
  });

  it('the directory lists every copy\'s tables; a closed table is removed', async () => {
    const a = router('a');
    const b = router('b');
    await a.publish(entry('t1', 'a'));
    await b.publish(entry('t2', 'b'));
    expect((await a.entries()).map((e) => `${e.tableId}@${e.owner}`).sort()).toEqual(['t1@a', 't2@b']);
    // Takeover: the new owner overwrites the entry.
    await a.publish(entry('t2', 'a'));
    expect((await b.entry('t2'))?.owner).toBe('a');
    await a.unpublish('t1');
    expect(await b.entry('t1')).toBeNull();
  });

  it('a copy is alive while it heartbeats, not after it stopped; only hosting copies take new tables', async () => {
    const host = router('host', { aliveTtlMs: 300 });
    const lobby = router('lobby');
    await host.start(async () => null, true);
    await lobby.start(null, false);
    expect(await lobby.isAlive('host')).toBe(true);
    expect(await lobby.aliveHosts()).toEqual(['host']);
    expect(await lobby.isAlive('lobby')).toBe(true); // alive, but hosts nothing: not a place for `create`
    await host.stop();
    expect(await lobby.isAlive('host')).toBe(false);
  });
});
