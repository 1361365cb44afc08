// DeadCopies against the machine's Redis: a copy's request channel without a subscriber (its
// connection closed, as after SIGKILL) is reported dead on the second check `confirmMs` later;
// a listening copy never is.
import Redis from 'ioredis';
import { randomUUID } from 'node:crypto';
import { DeadCopies } from './dead-copies';
import { ManualClock } from './manual-clock';
import { TableRouter } from './table-router';

const url = process.env.REDIS_URL ?? 'redis://127.0.0.1:6379';

describe('DeadCopies', () => {
  it('reports a copy whose subscriber connection closed, after the confirmation delay, never a live one', async () => {
    const prefix = `test-dead-${randomUUID()}`;
    const mk = (id: string) => {
      const redis = new Redis(url);
      return new TableRouter({ redis, subscriber: redis.duplicate(), prefix, instanceId: id, aliveTtlMs: 60_000 });
    };
    const me = mk('me');
    const alive = mk('alive');
    const doomed = mk('doomed');
    await Promise.all([me.start(null, false), alive.start(null, false), doomed.start(null, false)]);
    const clock = new ManualClock();
    const dead = new DeadCopies(me, 150, clock);
    try {
      expect(await dead.dead(['alive', 'doomed', 'me'])).toEqual(new Set());
      // The doomed copy's connections close (a killed process's kernel closes its sockets).
      await doomed.stop();
      expect(await dead.dead(['alive', 'doomed'])).toEqual(new Set()); // first silent check
      clock.advance(149);
      expect(await dead.dead(['alive', 'doomed'])).toEqual(new Set()); // not confirmed yet
      clock.advance(1);
      expect(await dead.dead(['alive', 'doomed'])).toEqual(new Set(['doomed']));
    } finally {
      await Promise.all([me.stop(), alive.stop()]);
    }
  });
});
