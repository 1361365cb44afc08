// Pre-action boxes: what a ticked box sends when the turn comes (issue 22).
import { callBoxAmount, resolvePreAction } from './pre-action';
import { describe, expect, it } from '@jest/globals';

describe('pre-action boxes', () => {
  const check = { actions: ['check', 'bet'], callAmount: 0 };
  const facing40 = { actions: ['fold', 'call', 'raise'], callAmount: 40 };
  it('check/fold checks when free, folds facing a bet', () => {
    expect(resolvePreAction({ kind: 'check-fold' }, check)).toEqual({ type: 'check' });
    expect(resolvePreAction({ kind: 'check-fold' }, facing40)).toEqual({ type: 'fold' });
  });
  it('call 40 calls exactly 40; a changed bet leaves the decision to the player', () => {
    expect(resolvePreAction({ kind: 'call', amount: 40 }, facing40)).toEqual({ type: 'call' });
    expect(resolvePreAction({ kind: 'call', amount: 20 }, facing40)).toBeNull();
  });
  it('call any calls whatever it is, or checks', () => {
    expect(resolvePreAction({ kind: 'call-any' }, facing40)).toEqual({ type: 'call' });
    expect(resolvePreAction({ kind: 'call-any' }, check)).toEqual({ type: 'check' });
  });
  it("a short stack's call box offers its stack (all-in), so it matches the server's call amount", () => {
    // Bet 1,000 to call, 20 in already, 300 behind: the server's call amount is 300 (all-in).
    expect(callBoxAmount(1_000, 20, 300)).toBe(300);
    expect(
      resolvePreAction(
        { kind: 'call', amount: callBoxAmount(1_000, 20, 300) },
        { actions: ['fold', 'call'], callAmount: 300 },
      ),
    ).toEqual({ type: 'call' });
    expect(callBoxAmount(60, 20, 300)).toBe(40);
    expect(callBoxAmount(20, 20, 300)).toBe(0);
  });
});
