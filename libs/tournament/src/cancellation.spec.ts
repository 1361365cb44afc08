import fc from 'fast-check';
import { DealError, cancellationAfterStartSplit } from '@naiko/tournament';

const codeOf = (call: () => unknown) => {
  try {
    call();
  } catch (error) {
    if (error instanceof DealError) return error.code;
    throw error;
  }
  return undefined;
};

describe('cancellation after the start: half equally, half by chip count', () => {
  /*
   * Pool 10,000; stacks 6000 / 3000 / 1000 (10,000 chips).
   * Equal half 5000 / 3 = 1666 each, 2 chips left → the two larger stacks: 1667, 1667, 1666.
   * Chip half 5000 × 6/10, 3/10, 1/10 = 3000, 1500, 500 exactly.
   * Totals 4667, 3167, 2166 = 10,000.
   */
  test('half the pool equally, half by chips; odd chips to the larger stacks', () => {
    expect(cancellationAfterStartSplit(10_000, [6000, 3000, 1000])).toEqual([
      { equalPart: 1667, chipPart: 3000, total: 4667 },
      { equalPart: 1667, chipPart: 1500, total: 3167 },
      { equalPart: 1666, chipPart: 500, total: 2166 },
    ]);
  });

  /*
   * Odd pool 101; stacks 100 / 200 (300). Chip half floor(101/2) = 50, equal half 51.
   * Equal: 25 each, 1 left → larger stack (200): 25, 26.
   * Chips: 50 × 1/3 = 16.67, 50 × 2/3 = 33.33 → 16 + 33 = 49, 1 left → largest fraction (.67, the 100 stack): 17, 33.
   * Totals 42 and 59 = 101.
   */
  test('an odd pool puts its odd chip in the equal half', () => {
    expect(cancellationAfterStartSplit(101, [100, 200])).toEqual([
      { equalPart: 25, chipPart: 17, total: 42 },
      { equalPart: 26, chipPart: 33, total: 59 },
    ]);
  });

  test('equal stacks: the earlier player gets the odd chip', () => {
    expect(cancellationAfterStartSplit(5, [10, 10]).map((s) => s.total)).toEqual([3, 2]);
  });

  test('the split always sums exactly to the pool (property)', () => {
    fc.assert(
      fc.property(
        fc.integer({ min: 0, max: 10_000_000 }),
        fc.array(fc.integer({ min: 1, max: 5_000_000 }), { minLength: 1, maxLength: 50 }),
        (pool, stacks) => {
          const out = cancellationAfterStartSplit(pool, stacks);
          expect(out.reduce((a, s) => a + s.total, 0)).toBe(pool);
        },
      ),
    );
  });

  test('bad input is refused with a typed error', () => {
    expect(codeOf(() => cancellationAfterStartSplit(-1, [10]))).toBe('bad-amount');
    expect(codeOf(() => cancellationAfterStartSplit(1.5, [10]))).toBe('bad-amount');
    expect(codeOf(() => cancellationAfterStartSplit(10, []))).toBe('bad-stacks');
    expect(codeOf(() => cancellationAfterStartSplit(10, [10, 0]))).toBe('bad-stacks');
  });
});
