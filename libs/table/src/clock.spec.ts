import { clockStatus, finalDeadline, startDecision, timeBankAfter, timeoutAction, type TimeoutContext } from './clock';
import { DAY_MS, protectionAvailable, protectionAvailableAt, recordProtection } from './protection';

const clock = { decisionMs: 20_000, drawDecisionMs: 30_000, shieldResponseMs: 8_000 };
const ctx = (over: Partial<TimeoutContext>): TimeoutContext => ({
  kind: 'bet',
  legal: ['fold', 'call', 'raise'],
  structure: 'no-limit',
  disconnected: false,
  committed: 0,
  protectionAvailable: true,
  cashTable: true,
  ...over,
});

describe('the decision clock (docs/rules/naiko.de.txt §7)', () => {
  it('a decision has the table deadline plus the time bank: start 1000, 20 s + 30 s bank → 21000 then 51000', () => {
    const decisionClock = startDecision('bet', 1_000, clock, 30_000);
    expect(decisionClock.deadline).toBe(21_000);
    expect(finalDeadline(decisionClock)).toBe(51_000);
    expect(clockStatus(decisionClock, 20_999)).toEqual({ phase: 'decision', remainingMs: 1, timeBankUsedMs: 0 });
    expect(clockStatus(decisionClock, 25_000)).toEqual({
      phase: 'timeBank',
      remainingMs: 26_000,
      timeBankUsedMs: 4_000,
    });
    expect(timeBankAfter(decisionClock, 25_000)).toBe(26_000);
    expect(clockStatus(decisionClock, 51_000)).toEqual({ phase: 'expired', remainingMs: 0, timeBankUsedMs: 30_000 });
    expect(timeBankAfter(decisionClock, 60_000)).toBe(0);
  });

  it('draws take 30 s and the shield window 8 s, without time bank', () => {
    expect(finalDeadline(startDecision('draw', 0, clock, 30_000))).toBe(30_000);
    expect(finalDeadline(startDecision('shield', 0, clock, 30_000))).toBe(8_000);
  });
});

describe('extended time (accessibility, issue 27): at least twice the normal time, the time bank spent first', () => {
  it('a short bank: 20 s + 5 s bank → 40 s in all; the bank is gone after 5 s of the extension, then the extension runs on', () => {
    const decisionClock = startDecision('bet', 1_000, clock, 5_000, { extendedTime: true });
    expect(decisionClock.deadline).toBe(21_000);
    expect(decisionClock.extensionMs).toBe(20_000);
    expect(finalDeadline(decisionClock)).toBe(41_000); // 1,000 + 20,000 + max(5,000, 20,000)
    // 3 s past the deadline: 3 s of the bank used, 2 s left in it.
    expect(clockStatus(decisionClock, 24_000)).toEqual({
      phase: 'timeBank',
      remainingMs: 17_000,
      timeBankUsedMs: 3_000,
    });
    expect(timeBankAfter(decisionClock, 24_000)).toBe(2_000);
    // 15 s past the deadline: the bank is empty, the extension still runs (6 s left).
    expect(clockStatus(decisionClock, 35_000)).toEqual({
      phase: 'timeBank',
      remainingMs: 6_000,
      timeBankUsedMs: 5_000,
    });
    expect(timeBankAfter(decisionClock, 35_000)).toBe(0);
    expect(clockStatus(decisionClock, 41_000).phase).toBe('expired');
    // Without the option the same decision ends at 26,000.
    expect(finalDeadline(startDecision('bet', 1_000, clock, 5_000))).toBe(26_000);
  });

  it('a bank longer than the extension: nothing changes (20 s + 30 s bank → 51,000 with or without it, the bank used alike)', () => {
    const on = startDecision('bet', 1_000, clock, 30_000, { extendedTime: true });
    const off = startDecision('bet', 1_000, clock, 30_000);
    expect(finalDeadline(on)).toBe(51_000);
    expect(finalDeadline(off)).toBe(51_000);
    expect(timeBankAfter(on, 25_000)).toBe(timeBankAfter(off, 25_000));
    expect(timeBankAfter(on, 25_000)).toBe(26_000);
  });

  it('no bank at all: a 20 s decision gets 40 s; a 30 s draw 60 s; an 8 s shield window 16 s', () => {
    expect(finalDeadline(startDecision('bet', 0, clock, 0, { extendedTime: true }))).toBe(40_000);
    expect(finalDeadline(startDecision('draw', 0, clock, 30_000, { extendedTime: true }))).toBe(60_000);
    expect(finalDeadline(startDecision('shield', 0, clock, 0, { extendedTime: true }))).toBe(16_000);
    expect(timeBankAfter(startDecision('bet', 0, clock, 0, { extendedTime: true }), 39_000)).toBe(0);
  });
});

describe('what the table does on timeout', () => {
  it('checks if a check is legal', () => {
    expect(timeoutAction(ctx({ legal: ['check', 'bet', 'fold'] }))).toEqual({ type: 'check' });
  });

  it('a stud bring-in is posted by timeout (it can be neither checked nor folded)', () => {
    expect(timeoutAction(ctx({ legal: ['bring-in', 'bet'] }))).toEqual({ type: 'bring-in' });
  });

  it('folds when a bet is pending', () => {
    expect(timeoutAction(ctx({ legal: ['fold', 'call', 'raise'] }))).toEqual({ type: 'fold' });
  });

  it('a draw decision stands pat by timeout', () => {
    expect(timeoutAction(ctx({ kind: 'draw', legal: ['draw'] }))).toEqual({ type: 'standPatByTimeout' });
  });

  it('a Seal Shield window declines by timeout', () => {
    expect(timeoutAction(ctx({ kind: 'shield', legal: ['shield', 'decline'] }))).toEqual({ type: 'decline' });
  });

  it('disconnection protection: a disconnected Fixed Limit player with money in the pot is all-in instead of folding', () => {
    expect(timeoutAction(ctx({ structure: 'fixed-limit', disconnected: true, committed: 20 }))).toEqual({
      type: 'artificialAllIn',
    });
    expect(timeoutAction(ctx({ structure: 'spread-limit', disconnected: true, committed: 20 }))).toEqual({
      type: 'artificialAllIn',
    });
  });

  it('disconnection protection only at cash tables: a Sit & Go, Spin or tournament table checks or folds the disconnected player, in every structure', () => {
    // Fixed Limit, disconnected, 20 in the pot, a protection left: the cash table keeps him in …
    expect(timeoutAction(ctx({ structure: 'fixed-limit', disconnected: true, committed: 20 }))).toEqual({
      type: 'artificialAllIn',
    });
    // … a tournament table folds him facing the bet, and checks him when checking is free.
    for (const structure of ['fixed-limit', 'spread-limit', 'no-limit', 'pot-limit', 'half-pot-limit'] as const) {
      expect(timeoutAction(ctx({ cashTable: false, structure, disconnected: true, committed: 20 }))).toEqual({
        type: 'fold',
      });
      expect(
        timeoutAction(
          ctx({ cashTable: false, structure, disconnected: true, committed: 20, legal: ['fold', 'check', 'bet'] }),
        ),
      ).toEqual({ type: 'check' });
    }
  });

  it('disconnection protection does not apply in PL, ½PL and NL', () => {
    for (const structure of ['no-limit', 'pot-limit', 'half-pot-limit'] as const) {
      expect(timeoutAction(ctx({ structure, disconnected: true, committed: 20 }))).toEqual({ type: 'fold' });
    }
  });

  it('without money in the pot, still connected, or with no protection left, the hand is folded', () => {
    expect(timeoutAction(ctx({ structure: 'fixed-limit', disconnected: true, committed: 0 }))).toEqual({
      type: 'fold',
    });
    expect(timeoutAction(ctx({ structure: 'fixed-limit', disconnected: false, committed: 20 }))).toEqual({
      type: 'fold',
    });
    expect(
      timeoutAction(ctx({ structure: 'fixed-limit', disconnected: true, committed: 20, protectionAvailable: false })),
    ).toEqual({ type: 'fold' });
  });
});

describe('disconnection protection: N per player per rolling 24 h', () => {
  const HOUR = 60 * 60 * 1000;
  it('two per day: uses at 0 h and 1 h exhaust it until 24 h after the first', () => {
    let uses: number[] = [];
    expect(protectionAvailable(uses, 0, 2)).toBe(true);
    uses = recordProtection(uses, 0);
    uses = recordProtection(uses, 1 * HOUR);
    expect(protectionAvailable(uses, 2 * HOUR, 2)).toBe(false);
    expect(protectionAvailableAt(uses, 2 * HOUR, 2)).toBe(DAY_MS);
    expect(protectionAvailable(uses, DAY_MS - 1, 2)).toBe(false);
    expect(protectionAvailable(uses, DAY_MS, 2)).toBe(true);
    expect(recordProtection(uses, DAY_MS + 1)).toEqual([1 * HOUR, DAY_MS + 1]);
  });
});
