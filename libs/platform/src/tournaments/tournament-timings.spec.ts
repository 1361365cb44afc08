import { TournamentTimings } from './tournament-timings';

describe('TournamentTimings (the runner view and mtt-live figures)', () => {
  test('each kind is summed and ranked on its own: count, p50, p99, max and total per tournament', () => {
    const timings = new TournamentTimings();
    // 100 hand transactions of 1..100 ms: p50 is the 51st value, p99 the 100th; the odd ones were
    // begins from a read, the even ones quiet finishes.
    for (let ms = 1; ms <= 100; ms++) timings.handTx(7, ms, ms % 2 ? 'beginFromRead' : 'quietFinish');
    timings.handWait(7, 250);
    timings.handWait(7, 750);
    timings.exclusive(7, 40);
    timings.exclusive(7, 60.4);
    timings.exclusive(8, 1_000);
    const summary = timings.summary(7);
    expect(summary.handTx).toEqual({ count: 100, p50Ms: 51, p99Ms: 100, maxMs: 100, over50Ms: 50, totalMs: 5_050 });
    // Over 50 ms: 51..100. Each path on its own: 50 samples each, 1, 3, .., 99 (p50 the 26th: 51) and 2, 4, .., 100.
    expect(summary.handTxByPath).toEqual({
      beginFromRead: { count: 50, p50Ms: 51, p99Ms: 99, maxMs: 99, over50Ms: 25, totalMs: 2_500 },
      quietFinish: { count: 50, p50Ms: 52, p99Ms: 100, maxMs: 100, over50Ms: 25, totalMs: 2_550 },
    });
    expect(summary.handWait).toEqual({ count: 2, p50Ms: 750, p99Ms: 750, maxMs: 750, over50Ms: 2, totalMs: 1_000 });
    // The exclusive runs' total is what the tournament was held: 100.4 ms, rounded.
    expect(summary.exclusive).toMatchObject({ count: 2, totalMs: 100 });
    expect(summary.balancing).toEqual({ count: 0, p50Ms: 0, p99Ms: 0, maxMs: 0, over50Ms: 0, totalMs: 0 });
    expect(timings.summary(8).exclusive).toMatchObject({ count: 1, totalMs: 1_000 });
    // Begins from a read that wrote nothing, counted by what had changed.
    timings.beginChange(7, 'step');
    timings.beginChange(7, 'version');
    timings.beginChange(7, 'step');
    expect(timings.summary(7).beginChanges).toEqual({ step: 2, version: 1 });
    expect(timings.summary(8).beginChanges).toEqual({});
  });

  test('a forgotten tournament starts again from nothing', () => {
    const timings = new TournamentTimings();
    timings.exclusive(3, 12);
    timings.forget(3);
    expect(timings.summary(3).exclusive).toMatchObject({ count: 0, totalMs: 0 });
  });
});
