import { TokenBucket } from './rate-limit';

describe('TokenBucket (per-socket rate limit)', () => {
  test('allows the burst, refuses the next, refills at the rate', () => {
    const b = new TokenBucket(3, 2, 0);
    expect([b.take(0), b.take(0), b.take(0), b.take(0)]).toEqual([true, true, true, false]);
    // 500 ms at 2/s = one token back.
    expect(b.take(500)).toBe(true);
    expect(b.take(500)).toBe(false);
    // Never more than the burst, however long the pause.
    expect([b.take(60_000), b.take(60_000), b.take(60_000), b.take(60_000)]).toEqual([true, true, true, false]);
  });
});
