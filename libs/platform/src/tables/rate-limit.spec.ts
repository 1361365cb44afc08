import { TokenBucket } from './rate-limit';

describe('TokenBucket (per-socket rate limit)', () => {
  test('allows the burst, refuses the next, refills at the rate', () => {
    const bucket = new TokenBucket(3, 2, 0);
    expect([bucket.take(0), bucket.take(0), bucket.take(0), bucket.take(0)]).toEqual([true, true, true, false]);
    // 500 ms at 2/s = one token back.
    expect(bucket.take(500)).toBe(true);
    expect(bucket.take(500)).toBe(false);
    // Never more than the burst, however long the pause.
    expect([bucket.take(60_000), bucket.take(60_000), bucket.take(60_000), bucket.take(60_000)]).toEqual([
      true,
      true,
      true,
      false,
    ]);
  });
});
