// The lease a Sit & Go or tournament runner holds in Redis while it deals an event, so exactly one
// process deals it: `SET NX PX` takes it, a compare-and-extend renews our own, a compare-and-delete
// releases only our own. (Cash tables use `TableLeases`, which also hands out fencing tokens.)
import type { Redis } from 'ioredis';

// One round trip, atomic: ours → extended; free (never taken, or expired) → ours; another's → no.
// (A SET NX followed by a separate renew lost our own lease when it expired between the two calls —
// a busy event loop makes that gap long — and the runner then applied the crash rule to its own
// running hands.)
const TAKE = `local cur = redis.call('get', KEYS[1])
if cur == ARGV[1] then return redis.call('pexpire', KEYS[1], ARGV[2]) end
if cur then return 0 end
redis.call('set', KEYS[1], ARGV[1], 'PX', ARGV[2])
return 1`;
const RELEASE_OWN = "if redis.call('get', KEYS[1]) == ARGV[1] then return redis.call('del', KEYS[1]) else return 0 end";

export class RunnerLease {
  /** `namespace` e.g. `<REDIS_PREFIX>:sng-runner`; the key of event `id` is `<namespace>:<id>`. */
  constructor(
    private readonly namespace: string,
    private readonly owner: string,
    private readonly ttlMs: number,
  ) {}

  key(id: number | string): string {
    return `${this.namespace}:${id}`;
  }

  /** Takes the lease, or extends it if it is already ours; false when another process holds it. */
  async take(redis: Redis, id: number | string): Promise<boolean> {
    return (await redis.eval(TAKE, 1, this.key(id), this.owner, String(this.ttlMs))) === 1;
  }

  /** Releases the lease if it is still ours (best effort: an expired lease needs no release). */
  async release(redis: Redis | undefined, id: number | string): Promise<void> {
    await redis?.eval(RELEASE_OWN, 1, this.key(id), this.owner).catch(() => undefined);
  }
}
