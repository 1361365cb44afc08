import { disconnectPauseMsFromEnv, interruptionDecision, longDisconnected } from './interruption';

const MIN = 60_000;
const since = (entries: [string, number][]) => new Map(entries);

describe('automatic interruption (issue 25): more than half of the players left disconnected for 5 minutes', () => {
  /*
   * 6 players left at t = 10 min. a away since t = 4 min (6 min), b since 5 min (5 min exactly),
   * c since 9 min (1 min). Long disconnected: a, b → 2; 2 × 2 = 4 is not more than 6 → no pause.
   * With d also away since 2 min: 3 × 2 = 6, still not more than half → no pause.
   * With e away since 0: 4 × 2 = 8 > 6 → pause.
   */
  test('pauses only when strictly more than half are away for the whole threshold', () => {
    const now = 10 * MIN;
    const base: [string, number][] = [
      ['a', 4 * MIN],
      ['b', 5 * MIN],
      ['c', 9 * MIN],
    ];
    expect(longDisconnected({ disconnectedSince: since(base), now, thresholdMs: 5 * MIN })).toBe(2);
    expect(
      interruptionDecision({ remaining: 6, disconnectedSince: since(base), now, thresholdMs: 5 * MIN, paused: null }),
    ).toBeNull();
    const three = since([...base, ['d', 2 * MIN]]);
    expect(
      interruptionDecision({ remaining: 6, disconnectedSince: three, now, thresholdMs: 5 * MIN, paused: null }),
    ).toBeNull();
    const four = since([...base, ['d', 2 * MIN], ['e', 0]]);
    expect(
      interruptionDecision({ remaining: 6, disconnectedSince: four, now, thresholdMs: 5 * MIN, paused: null }),
    ).toBe('pause');
  });

  test('resumes a pause for disconnections when they return; never ends a deal or admin pause', () => {
    const now = 10 * MIN;
    // 2 of 3 came back: 1 × 2 = 2 is not more than 3 → resume.
    expect(
      interruptionDecision({
        remaining: 3,
        disconnectedSince: since([['a', 0]]),
        now,
        thresholdMs: 5 * MIN,
        paused: 'disconnections',
      }),
    ).toBe('resume');
    expect(
      interruptionDecision({ remaining: 3, disconnectedSince: since([]), now, thresholdMs: 5 * MIN, paused: 'deal' }),
    ).toBeNull();
    expect(
      interruptionDecision({ remaining: 3, disconnectedSince: since([]), now, thresholdMs: 5 * MIN, paused: 'admin' }),
    ).toBeNull();
    // Still away: the pause holds.
    expect(
      interruptionDecision({
        remaining: 3,
        disconnectedSince: since([
          ['a', 0],
          ['b', 0],
        ]),
        now,
        thresholdMs: 5 * MIN,
        paused: 'disconnections',
      }),
    ).toBeNull();
  });

  test('the threshold is 5 minutes unless NAIKO_MTT_DISCONNECT_PAUSE_MS says otherwise', () => {
    expect(disconnectPauseMsFromEnv({})).toBe(300_000);
    expect(disconnectPauseMsFromEnv({ NAIKO_MTT_DISCONNECT_PAUSE_MS: '400' })).toBe(400);
    expect(disconnectPauseMsFromEnv({ NAIKO_MTT_DISCONNECT_PAUSE_MS: 'soon' })).toBe(300_000);
  });
});
