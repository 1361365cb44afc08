// A lease per table in Redis, with a fencing token per acquisition (docs/architecture.md "Scaling out").
//
//   key   <prefix>:lease:table:<tableId>   value "<owner>|<token>", PX ttl
//   key   <prefix>:lease:token:<tableId>   INCR counter, never expires (tokens only ever grow)
//
// Acquire is ONE Lua script (SET NX PX, then INCR): there is never a moment where a lease exists
// without its token, and a token is never spent on a failed attempt. Renewal and release compare
// the whole value ("owner|token"), so a copy whose lease expired and was taken by another copy
// cannot extend or delete the new owner's lease — it learns it lost the table instead.
//
// A lease alone does not stop a paused old owner (GC pause, frozen VM) from writing after its
// lease expired; the fencing token does: every write of a table's events carries the token and
// the database refuses a token older than the newest one it has seen (see fence.ts).
import type Redis from 'ioredis';
import { SYSTEM_CLOCK, type Clock } from './clock';

export interface Lease {
  tableId: string;
  owner: string;
  /** Monotonic per table: a later acquisition always has a larger token. */
  token: number;
  /** Local clock ms until which this copy may assume it still holds the lease (ttl minus a margin). */
  validUntil: number;
}

export interface LeaseHolder {
  owner: string;
  token: number;
  /** Remaining time to live, ms. */
  ttlMs: number;
}

export interface TableLeaseOptions {
  redis: Redis;
  /** Deployment namespace (REDIS_PREFIX); copies that share tables share it. */
  prefix: string;
  /** This copy's id (INSTANCE_ID / AppInfo.instanceId). */
  owner: string;
  /** Lease time to live; renew at a third of it. */
  ttlMs: number;
  /** Local clock for `validUntil` (default the system clock; tests pass a ManualClock). */
  clock?: Clock;
  /**
   * The newest token the database stored for a table (`table_leases`), read before each claim so a
   * new token is always above it — also after Redis lost its counters (or on a new key namespace).
   */
  floor?: (tableId: string) => Promise<number>;
}

// ARGV[3] (optional) is the floor: the newest token PostgreSQL stored for the table. Redis that lost
// its data restarts the counter, and a token below the stored one would be refused by every write.
const ACQUIRE = `
if redis.call('SET', KEYS[1], 'pending', 'NX', 'PX', ARGV[2]) then
  local floor = tonumber(ARGV[3] or '0')
  if tonumber(redis.call('GET', KEYS[2]) or '0') < floor then redis.call('SET', KEYS[2], floor) end
  local token = redis.call('INCR', KEYS[2])
  redis.call('SET', KEYS[1], ARGV[1] .. '|' .. token, 'PX', ARGV[2])
  return token
end
return 0`;

// Takeover of a lease whose holder is known dead (its connection to Redis is gone): only when the
// value is still exactly the dead holder's "<owner>|<token>", so a live copy's lease (or one
// already taken over) is never overwritten. Spends a token like ACQUIRE.
const TAKE_OVER = `
local v = redis.call('GET', KEYS[1])
if v == false or v == ARGV[3] then
  local floor = tonumber(ARGV[4] or '0')
  if tonumber(redis.call('GET', KEYS[2]) or '0') < floor then redis.call('SET', KEYS[2], floor) end
  local token = redis.call('INCR', KEYS[2])
  redis.call('SET', KEYS[1], ARGV[1] .. '|' .. token, 'PX', ARGV[2])
  return token
end
return 0`;

const RENEW = `
if redis.call('GET', KEYS[1]) == ARGV[1] then
  redis.call('PEXPIRE', KEYS[1], ARGV[2])
  return 1
end
return 0`;

const RELEASE = `
if redis.call('GET', KEYS[1]) == ARGV[1] then
  redis.call('DEL', KEYS[1])
  return 1
end
return 0`;

export class TableLeases {
  private readonly clock: Clock;

  constructor(private readonly options: TableLeaseOptions) {
    if (!Number.isInteger(options.ttlMs) || options.ttlMs < 100)
      throw new Error('lease ttlMs must be an integer >= 100');
    if (options.owner.includes('|')) throw new Error('lease owner must not contain "|"');
    this.clock = options.clock ?? SYSTEM_CLOCK;
  }

  get owner(): string {
    return this.options.owner;
  }

  get ttlMs(): number {
    return this.options.ttlMs;
  }

  /** The clock `validUntil` is on (the ownership built on these leases reads the same one). */
  get localClock(): Clock {
    return this.clock;
  }

  leaseKey(tableId: string): string {
    return `${this.options.prefix}:lease:table:${tableId}`;
  }

  tokenKey(tableId: string): string {
    return `${this.options.prefix}:lease:token:${tableId}`;
  }

  /** Claims the table when nobody holds it; null when another copy does. */
  async acquire(tableId: string): Promise<Lease | null> {
    const started = this.clock.now();
    const floor = this.options.floor ? await this.options.floor(tableId) : 0;
    const token = Number(
      await this.options.redis.eval(
        ACQUIRE,
        2,
        this.leaseKey(tableId),
        this.tokenKey(tableId),
        this.options.owner,
        String(this.options.ttlMs),
        String(floor),
      ),
    );
    if (!token) return null;
    return { tableId, owner: this.options.owner, token, validUntil: this.validFrom(started) };
  }

  /**
   * Takes the table from `from` (its holder, known dead) before its lease expires; null when the
   * lease is no longer `from`'s. Safe even if `from` were alive: its writes carry an older
   * fencing token, which the database refuses once the new token is stored (fence.ts).
   */
  async takeOver(tableId: string, from: LeaseHolder): Promise<Lease | null> {
    const started = this.clock.now();
    const expected = `${from.owner}|${from.token}`;
    const floor = this.options.floor ? await this.options.floor(tableId) : 0;
    const token = Number(
      await this.options.redis.eval(
        TAKE_OVER,
        2,
        this.leaseKey(tableId),
        this.tokenKey(tableId),
        this.options.owner,
        String(this.options.ttlMs),
        expected,
        String(floor),
      ),
    );
    if (!token) return null;
    return { tableId, owner: this.options.owner, token, validUntil: this.validFrom(started) };
  }

  /** Holders of many tables in one round trip (MGET); null where nobody holds the table. */
  async holders(tableIds: readonly string[]): Promise<Map<string, { owner: string; token: number } | null>> {
    const out = new Map<string, { owner: string; token: number } | null>();
    if (!tableIds.length) return out;
    const values = await this.options.redis.mget(...tableIds.map((t) => this.leaseKey(t)));
    tableIds.forEach((tableId, index) => {
      const leaseOwner = values[index];
      if (typeof leaseOwner !== 'string' || leaseOwner === 'pending') out.set(tableId, null);
      else {
        const at = leaseOwner.lastIndexOf('|');
        out.set(tableId, { owner: leaseOwner.slice(0, at), token: Number(leaseOwner.slice(at + 1)) });
      }
    });
    return out;
  }

  /** Extends a lease this copy still holds; null when it was lost (expired and maybe taken). */
  async renew(lease: Lease): Promise<Lease | null> {
    const started = this.clock.now();
    const ok = Number(
      await this.options.redis.eval(RENEW, 1, this.leaseKey(lease.tableId), value(lease), String(this.options.ttlMs)),
    );
    return ok ? { ...lease, validUntil: this.validFrom(started) } : null;
  }

  /** Gives the table up (clean shutdown): another copy may claim it at once. */
  async release(lease: Lease): Promise<boolean> {
    return Number(await this.options.redis.eval(RELEASE, 1, this.leaseKey(lease.tableId), value(lease))) === 1;
  }

  /** Who holds the table now, if anyone. */
  async holder(tableId: string): Promise<LeaseHolder | null> {
    const [[, leaseOwner], [, ttl]] = (await this.options.redis
      .multi()
      .get(this.leaseKey(tableId))
      .pttl(this.leaseKey(tableId))
      .exec()) as [[unknown, string | null], [unknown, number]][number][];
    if (typeof leaseOwner !== 'string' || leaseOwner === 'pending') return null;
    const index = leaseOwner.lastIndexOf('|');
    return { owner: leaseOwner.slice(0, index), token: Number(leaseOwner.slice(index + 1)), ttlMs: Number(ttl) };
  }

  // Time measured from BEFORE the request: the lease may have started expiring then already; a
  // tenth of the ttl is kept as a margin for clock drift between this copy and Redis.
  private validFrom(started: number): number {
    return started + this.options.ttlMs - Math.ceil(this.options.ttlMs / 10);
  }
}

function value(lease: Lease): string {
  return `${lease.owner}|${lease.token}`;
}
