// The lease a Sit & Go or tournament runner holds in Redis while it deals an event, so exactly one
// process deals it: `SET NX PX` takes it, a compare-and-extend renews our own, a compare-and-delete
// releases only our own. (Cash tables use `TableLeases`, which also hands out fencing tokens.)
import type { Redis } from 'ioredis';

const RENEW_OWN = "if redis.call('get', KEYS[1]) == ARGV[1] then return redis.call('pexpire', KEYS[1], ARGV[2]) else return 0 end";
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
    const key = this.key(id);
    if ((await redis.set(key, this.owner, 'PX', this.ttlMs, 'NX')) === 'OK') return true;
    return (await redis.eval(RENEW_OWN, 1, key, this.owner, String(this.ttlMs))) === 1;
  }

  /** Releases the lease if it is still ours (best effort: an expired lease needs no release). */
  async release(redis: Redis | undefined, id: number | string): Promise<void> {
    await redis?.eval(RELEASE_OWN, 1, this.key(id), this.owner).catch(() => undefined);
  }
}
