// Command routing between copies against the machine's Redis (pub/sub and the directory are what
// is under test), each test under its own key prefix.
import Redis from 'ioredis';
import { randomUUID } from 'node:crypto';
import { TableHostError } from '../tables/host-errors';
import { ManualClock } from './manual-clock';
import { until } from './test/redis-time';
import {
  RoutedCommandError,
  TableRouter,
  toRoutedError,
  type DirectoryEntry,
  type TableRouterOptions,
} from './table-router';

const URL = process.env.REDIS_URL ?? 'redis://127.0.0.1:6379';
let prefix: string;
/** The routers' clock (heartbeats, alive-until, reply timeouts): it moves only when a test advances it. */
let clock: ManualClock;
const routers: TableRouter[] = [];

function router(
  instanceId: string,
  options: Pick<TableRouterOptions, 'timeoutMs' | 'aliveTtlMs' | 'onRouted'> = {},
): TableRouter {
  const redis = new Redis(URL, { maxRetriesPerRequest: 1 });
  const router = new TableRouter({ redis, subscriber: redis.duplicate(), prefix, instanceId, clock, ...options });
  routers.push(router);
  return router;
}

beforeEach(() => {
  prefix = `test-router-${randomUUID()}`;
  clock = new ManualClock();
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
  summary: {
    tableId,
    name: tableId,
    game: 'holdem',
    structure: 'no-limit',
    stakes: { smallBlind: 1, bigBlind: 2 },
    buyIn: { min: 40, max: 200 },
    seats: 6,
    seated: 0,
    seatsFree: 6,
    naikoMode: false,
    botsAllowed: false,
    private: false,
    hostId: null,
    closed: false,
    handsPlayed: 0,
  },
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

  it("the owner's typed refusal comes back with its code, reason and message", async () => {
    const owner = router('owner');
    const caller = router('caller');
    await owner.start(async () => {
      throw new TableHostError('CONFLICT', 'STALE_VERSION', 'decision on version 3, hand is at 4');
    }, true);
    await caller.start(null, false);
    const err = await caller.send('owner', 'act', { op: 'act' }).catch((e: unknown) => e);
    expect(err).toBeInstanceOf(RoutedCommandError);
    expect((err as RoutedCommandError).error).toEqual({
      code: 'CONFLICT',
      reason: 'STALE_VERSION',
      message: 'decision on version 3, hand is at 4',
    });
  });

  it('an unexpected failure of the owner crosses as INTERNAL without its details', async () => {
    expect(toRoutedError(new Error('password=secret'))).toEqual({
      code: 'INTERNAL',
      reason: 'INTERNAL',
      message: 'the table host failed; see its log',
    });
  });

  it('a gone owner fails fast with CONFLICT TABLE_MOVING (nobody listens on its channel)', async () => {
    // The clock never reaches the reply timeout here: the refusal can only come from PUBLISH
    // reaching no subscriber. (How fast that is: `npm run bench -- router`.)
    const caller = router('caller', { timeoutMs: 10_000 });
    await caller.start(null, false);
    const err = (await caller.send('dead-copy', 'act', { op: 'act' }).catch((e: unknown) => e)) as RoutedCommandError;
    const gone = { code: 'CONFLICT', reason: 'TABLE_MOVING', message: expect.stringMatching(/is gone/) };
    expect(err.error).toMatchObject(gone);
    expect(clock.armed).toBe(1); // the caller's heartbeat only: the timeout was cancelled
  });

  it('a silent owner times out with CONFLICT TABLE_MOVING after timeoutMs, not before', async () => {
    const owner = router('owner');
    const caller = router('caller', { timeoutMs: 10_000 });
    let served = 0;
    await owner.start(() => {
      served++;
      return new Promise(() => undefined);
    }, true);
    await caller.start(null, false);
    let settled = false;
    const reply = caller
      .send('owner', 'act', { op: 'act' })
      .catch((e: unknown) => e)
      .finally(() => (settled = true));
    await until(() => served === 1); // the owner has it and stays silent
    clock.advance(9_999);
    expect(settled).toBe(false);
    clock.advance(1);
    const err = (await reply) as RoutedCommandError;
    const silent = {
      code: 'CONFLICT',
      reason: 'TABLE_MOVING',
      message: expect.stringMatching(/did not answer within 10000 ms/),
    };
    expect(err.error).toMatchObject(silent);
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

  it("the directory lists every copy's tables; a closed table is removed", async () => {
    const tableRouter = router('a');
    const otherRouter = router('b');
    await tableRouter.publish(entry('t1', 'a'));
    await otherRouter.publish(entry('t2', 'b'));
    expect((await tableRouter.entries()).map((e) => `${e.tableId}@${e.owner}`).sort()).toEqual(['t1@a', 't2@b']);
    // Takeover: the new owner overwrites the entry.
    await tableRouter.publish(entry('t2', 'a'));
    expect((await otherRouter.entry('t2'))?.owner).toBe('a');
    await tableRouter.unpublish('t1');
    expect(await otherRouter.entry('t1')).toBeNull();
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

  it('alive = heartbeated within the ttl: each heartbeat (every ttl/3) moves alive-until on; a silent copy dies after its ttl', async () => {
    const host = router('host', { aliveTtlMs: 300 });
    const lobby = router('lobby');
    const redis = new Redis(URL);
    try {
      await host.start(async () => null, true);
      await lobby.start(null, false);
      const aliveUntil = async () => Number(await redis.zscore(`${prefix}:tables:alive`, 'host'));
      const start = clock.now();
      expect(await aliveUntil()).toBe(start + 300);
      clock.advance(100); // the heartbeat fires
      await until(async () => (await aliveUntil()) === start + 400);
      // The host stops heartbeating without leaving (as when SIGKILLed: nobody removes it).
      (host as unknown as { stopHeartbeat: () => void }).stopHeartbeat();
      clock.advance(299);
      expect(await lobby.isAlive('host')).toBe(true);
      clock.advance(1);
      expect(await lobby.isAlive('host')).toBe(false);
      clock.advance(1); // aliveHosts' score range includes alive-until itself
      expect(await lobby.aliveHosts()).toEqual([]);
    } finally {
      await redis.quit();
    }
  });
});
