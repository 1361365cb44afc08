/**
 * Command routing between copies: `npm run bench -- router [--requests N] [--json]`.
 *
 * Two TableRouters on the machine's Redis (their own key prefix, removed afterwards), in this
 * process. Measures, N sequential requests each:
 *  - roundTrip: caller → owner's handler → reply, p50/p99 ms;
 *  - goneOwner: a request to a copy nobody listens for, until its CONFLICT TABLE_MOVING (PUBLISH
 *    reached no subscriber), p50/p99/max ms, and the ratio of the max to the reply timeout
 *    (10 s): the refusal must come from the missing subscriber, never from the timeout. This was a
 *    "fails in under 2 s" assertion in table-router.spec.ts; the spec now proves the same without
 *    a stopwatch (its clock never reaches the timeout).
 * With --json one line: {"requests","roundTrip":{p50Ms,p99Ms},"goneOwner":{p50Ms,p99Ms,maxMs,ratioToTimeout}}.
 */
import Redis from 'ioredis';
import { randomUUID } from 'node:crypto';
import { RoutedCommandError, TableRouter } from '@naiko/platform';
import { percentile } from './support/cluster';

const URL = process.env.REDIS_URL ?? 'redis://127.0.0.1:6379';
const TIMEOUT_MS = 10_000;

const round = (x: number): number => Math.round(x * 100) / 100;

function flag(name: string, fallback: number): number {
  const index = process.argv.indexOf(name);
  const value = index >= 0 ? Number(process.argv[index + 1]) : fallback;
  if (!Number.isSafeInteger(value) || value <= 0) throw new Error(`${name} must be a positive integer`);
  return value;
}

function router(prefix: string, instanceId: string): TableRouter {
  const redis = new Redis(URL, { maxRetriesPerRequest: 1 });
  return new TableRouter({ redis, subscriber: redis.duplicate(), prefix, instanceId, timeoutMs: TIMEOUT_MS });
}

async function timed(times: number, run: () => Promise<void>): Promise<number[]> {
  const out: number[] = [];
  for (let i = 0; i < times; i++) {
    const at = performance.now();
    await run();
    out.push(performance.now() - at);
  }
  return out.sort((a, b) => a - b);
}

export async function main(): Promise<void> {
  const requests = flag('--requests', 2000);
  const json = process.argv.includes('--json');
  const prefix = `bench-router-${randomUUID()}`;
  const owner = router(prefix, 'owner');
  const caller = router(prefix, 'caller');
  try {
    await owner.start(async (body) => body, true);
    await caller.start(null, false);
    await timed(100, async () => void (await caller.send('owner', 'act', { op: 'act' }))); // warm-up
    const trips = await timed(requests, async () => void (await caller.send('owner', 'act', { op: 'act' })));
    const gone = await timed(requests, async () => {
      const err = await caller.send('gone-copy', 'act', { op: 'act' }).catch((e: unknown) => e);
      if (!(err instanceof RoutedCommandError) || err.error.reason !== 'TABLE_MOVING')
        throw new Error(`unexpected answer: ${String(err)}`);
    });
    const maxGone = gone[gone.length - 1] ?? 0;
    const result = {
      requests,
      roundTrip: { p50Ms: round(percentile(trips, 50)), p99Ms: round(percentile(trips, 99)) },
      goneOwner: {
        p50Ms: round(percentile(gone, 50)),
        p99Ms: round(percentile(gone, 99)),
        maxMs: round(maxGone),
        ratioToTimeout: Math.round((maxGone / TIMEOUT_MS) * 10_000) / 10_000,
      },
    };
    if (json) console.log(JSON.stringify(result));
    else {
      console.log(
        `routed round trip (${requests} sequential requests): p50 ${result.roundTrip.p50Ms} ms, p99 ${result.roundTrip.p99Ms} ms`,
      );
      console.log(
        `gone owner → CONFLICT TABLE_MOVING: p50 ${result.goneOwner.p50Ms} ms, p99 ${result.goneOwner.p99Ms} ms, max ${result.goneOwner.maxMs} ms` +
          ` = ${result.goneOwner.ratioToTimeout}× the ${TIMEOUT_MS} ms reply timeout (was asserted under 2,000 ms)`,
      );
    }
  } finally {
    await Promise.all([owner.stop(), caller.stop()]);
    const redis = new Redis(URL);
    const keys = await redis.keys(`${prefix}:*`);
    if (keys.length) await redis.del(...keys);
    await redis.quit();
  }
}

if (require.main === module) {
  main().catch((err) => {
    console.error(err);
    process.exit(1);
  });
}
