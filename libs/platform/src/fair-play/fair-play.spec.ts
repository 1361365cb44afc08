import { splitClawback } from './admin.service';
import { flagKey } from './flags';
import { fairPlayOptionsFromEnv } from './options';
import { decisionTimings } from './scan';

describe('splitClawback: the claw-back goes back to the donors in proportion to what each lost', () => {
  it('4001 chips over donors who lost 3000 and 1000: 3000 + 1 (remainder to the largest) and 1000', () => {
    expect(
      splitClawback(4001, [
        { userId: 'a', weight: 3000 },
        { userId: 'b', weight: 1000 },
      ]),
    ).toEqual([
      { userId: 'a', amount: 3001 },
      { userId: 'b', amount: 1000 },
    ]);
  });
  it('100 chips over three equal donors: 33 + 1, 33, 33', () => {
    expect(
      splitClawback(100, [
        { userId: 'a', weight: 5 },
        { userId: 'b', weight: 5 },
        { userId: 'c', weight: 5 },
      ]),
    ).toEqual([
      { userId: 'a', amount: 34 },
      { userId: 'b', amount: 33 },
      { userId: 'c', amount: 33 },
    ]);
  });
  it('no donor with a positive weight: nothing (the caller sends it to the house)', () => {
    expect(splitClawback(100, [])).toEqual([]);
    expect(splitClawback(100, [{ userId: 'a', weight: 0 }])).toEqual([]);
  });
});

describe('decisionTimings: a decision takes from the event stored before it to its action', () => {
  const at = (ms: number) => new Date(1_000_000 + ms);
  const hand = {
    id: 'h1',
    table_id: 't1',
    players: [
      { seat: 0, userId: 'u0' },
      { seat: 1, userId: 'u1' },
    ],
  };
  const events = [
    { hand_id: 'h1', seq: 0, payload: { type: 'hand-started' }, created_at: at(0) },
    { hand_id: 'h1', seq: 1, payload: { type: 'forced-bet', seat: 0 }, created_at: at(0) },
    { hand_id: 'h1', seq: 2, payload: { type: 'action', seat: 0, action: 'call' }, created_at: at(1200) },
    { hand_id: 'h1', seq: 3, payload: { type: 'action', seat: 1, action: 'check' }, created_at: at(1500) },
    { hand_id: 'h1', seq: 4, payload: { type: 'board-dealt' }, created_at: at(1500) },
    { hand_id: 'h1', seq: 5, payload: { type: 'action', seat: 1, action: 'fold' }, created_at: at(11_500) },
  ];
  it("1200 ms, 300 ms, and 10,000 ms counted as the clock's when the table's decision time is 10 s (threshold 9,900 ms)", () => {
    expect(decisionTimings(hand, events, new Set(['u1']), 9_900)).toEqual([
      { userId: 'u0', handId: 'h1', ms: 1200, markedBot: false, timedOut: false },
      { userId: 'u1', handId: 'h1', ms: 300, markedBot: true, timedOut: false },
      { userId: 'u1', handId: 'h1', ms: 10_000, markedBot: true, timedOut: true },
    ]);
  });
});

describe('fair-play settings from the environment', () => {
  it('defaults: a scan every 10 minutes over 7 days, a reality check every 60 minutes, loopback never compared', () => {
    const options = fairPlayOptionsFromEnv({});
    expect(options).toMatchObject({
      scanEveryMs: 600_000,
      scanHours: 168,
      realityCheckMinutes: 60,
      realityCheckEveryMs: null,
    });
    expect(options.sameConnection.sharedIps).toEqual(['127.0.0.1', '::1']);
  });
  it("FAIR_PLAY_OPTIONS overrides the signals' thresholds; a bad value names the variable", () => {
    expect(
      fairPlayOptionsFromEnv({ FAIR_PLAY_OPTIONS: '{"softPlay":{"minSample":5}}', FAIR_PLAY_SHARED_IPS: '' }).softPlay,
    ).toEqual({ minSample: 5 });
    expect(fairPlayOptionsFromEnv({ FAIR_PLAY_SHARED_IPS: '' }).sameConnection.sharedIps).toEqual([]);
    expect(() => fairPlayOptionsFromEnv({ FAIR_PLAY_OPTIONS: '{' })).toThrow(/FAIR_PLAY_OPTIONS/);
    expect(() => fairPlayOptionsFromEnv({ REALITY_CHECK_MINUTES: '0' })).toThrow(/REALITY_CHECK_MINUTES/);
  });
});

describe('flag keys: the same finding updates its row', () => {
  it('signal, pattern and the key accounts', () => {
    expect(flagKey({ signal: 'chip-dump', pattern: 'concentrated-flow', keyUsers: ['r'] })).toBe(
      'chip-dump|concentrated-flow|r',
    );
    expect(flagKey({ signal: 'soft-play', pattern: null, keyUsers: ['a', 'b'] })).toBe('soft-play||a,b');
  });
});
