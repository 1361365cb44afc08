// Time in the cluster specs. The local clock is a ManualClock the specs advance; Redis's TTLs are
// real time, so where a spec needs "the lease's time ran out in Redis" it shortens the key's
// remaining TTL with Redis's own PEXPIRE and awaits the key's disappearance — the state it needs —
// instead of sleeping past the ttl.
import type Redis from 'ioredis';

/** The key's time to live runs out now (PEXPIRE 1 ms); resolves once Redis no longer has it. */
export async function runOut(redis: Redis, key: string): Promise<void> {
  await redis.pexpire(key, 1);
  while (await redis.exists(key)) await new Promise((resolve) => setImmediate(resolve));
}

/** Resolves once `cond` holds, checking after each turn of the event loop (the spec's timeout bounds it). */
export async function until(cond: () => boolean | Promise<boolean>): Promise<void> {
  while (!(await cond())) await new Promise((resolve) => setImmediate(resolve));
}
