import fc from 'fast-check';
import { DealError, MAX_ICM_PLAYERS, chipChopDeal, icmDeal, icmEquities } from '@naiko/tournament';

const codeOf = (call: () => unknown) => {
  try {
    call();
  } catch (error) {
    if (error instanceof DealError) return error.code;
    throw error;
  }
  return undefined;
};
const asNumber = (f: { n: bigint; d: bigint }) => Number(f.n) / Number(f.d);

describe('ICM (Malmuth–Harville)', () => {
  /*
   * The textbook example (ICMIZER / HoldemResources calculators print 38.39 / 32.75 / 28.86):
   * stacks A 5000, B 3000, C 2000 (total 10,000); payouts 50 / 30 / 20.
   *   P(A 1st) = 5/10 = 1/2, P(B 1st) = 3/10, P(C 1st) = 2/10.
   *   P(A 2nd) = P(B 1st)·5/7 + P(C 1st)·5/8 = 3/14 + 1/8 = 19/56;  P(A 3rd) = 1 − 1/2 − 19/56 = 9/56.
   *   A = 50·1/2 + 30·19/56 + 20·9/56 = 25 + 750/56 = 1075/28 ≈ 38.392857.
   *   P(B 2nd) = P(A 1st)·3/5 + P(C 1st)·3/8 = 3/10 + 3/40 = 3/8;  P(B 3rd) = 1 − 3/10 − 3/8 = 13/40.
   *   B = 50·3/10 + 30·3/8 + 20·13/40 = 15 + 11.25 + 6.5 = 32.75 = 131/4.
   *   P(C 2nd) = P(A 1st)·2/5 + P(B 1st)·2/7 = 1/5 + 3/35 = 2/7;  P(C 3rd) = 1 − 1/5 − 2/7 = 18/35.
   *   C = 50·1/5 + 30·2/7 + 20·18/35 = 10 + 60/7 + 72/7 = 202/7 ≈ 28.857143.
   *   Check: 1075/28 + 917/28 + 808/28 = 2800/28 = 100.
   */
  test('published example 5000/3000/2000 with 50/30/20: equities 1075/28, 131/4, 202/7 exactly', () => {
    const eq = icmEquities([5000, 3000, 2000], [50, 30, 20]);
    expect(eq).toEqual([
      { n: 1075n, d: 28n },
      { n: 131n, d: 4n },
      { n: 202n, d: 7n },
    ]);
    expect(eq.map(asNumber).map((x) => x.toFixed(2))).toEqual(['38.39', '32.75', '28.86']);
  });

  /*
   * Same stacks, prizes 5000/3000/2000 chips: exact equities 3839.2857, 3275, 2885.7143.
   * Whole chips 3839 + 3275 + 2885 = 9999; the 1 chip left goes to the largest fraction (C, .714).
   */
  test('ICM deal pays whole chips that sum to the pool, the odd chip to the largest fraction', () => {
    expect(icmDeal({ stacks: [5000, 3000, 2000], payouts: [5000, 3000, 2000] })).toEqual({
      prizes: [3839, 3275, 2886],
      dealtPool: 10_000,
      leftToPlayFor: 0,
    });
  });

  /*
   * 1000 left to play for comes off 1st: payouts 4000/3000/2000.
   * A = 4000·1/2 + 3000·19/56 + 2000·9/56 = 2000 + 75000/56 ≈ 3339.2857
   * B = 4000·3/10 + 3000·3/8 + 2000·13/40 = 1200 + 1125 + 650 = 2975
   * C = 9000 − A − B ≈ 2685.7143 → 3339 + 2975 + 2685 = 8999, the chip left to C.
   */
  test('an amount left to play for is taken off the first prize before the ICM deal', () => {
    expect(icmDeal({ stacks: [5000, 3000, 2000], payouts: [5000, 3000, 2000], leftToPlayFor: 1000 })).toEqual({
      prizes: [3339, 2975, 2686],
      dealtPool: 9000,
      leftToPlayFor: 1000,
    });
  });

  // Heads-up, 1st 700, 2nd 300, stacks 3:1 → A = 700·3/4 + 300·1/4 = 600, B = 400.
  test('heads-up ICM: equal to chip share of the difference plus the second prize', () => {
    expect(icmDeal({ stacks: [3000, 1000], payouts: [700, 300] }).prizes).toEqual([600, 400]);
  });

  // Unpaid places: 3 players, only 1st pays 90 → everybody's equity is his chip share of 90.
  test('fewer payouts than players: the unpaid places are worth 0', () => {
    expect(icmDeal({ stacks: [500, 300, 200], payouts: [90] }).prizes).toEqual([45, 27, 18]);
  });

  test('equal stacks share equally; odd chips to the earlier player', () => {
    expect(icmDeal({ stacks: [100, 100, 100], payouts: [60, 30, 10] }).prizes).toEqual([34, 33, 33]);
  });

  test('ICM deal sums exactly to the pool and never pays a shorter stack more (property)', () => {
    fc.assert(
      fc.property(
        fc.array(fc.integer({ min: 1, max: 1_000_000 }), { minLength: 2, maxLength: 6 }),
        fc.array(fc.integer({ min: 0, max: 100_000 }), { minLength: 1, maxLength: 6 }),
        (stacks, raw) => {
          const payouts = raw.slice(0, stacks.length).sort((a, b) => b - a);
          const { prizes, dealtPool } = icmDeal({ stacks, payouts });
          expect(prizes.reduce((a, b) => a + b, 0)).toBe(dealtPool);
          for (let i = 0; i < stacks.length; i++)
            for (let j = 0; j < stacks.length; j++)
              if (stacks[i] > stacks[j]) expect(prizes[i]).toBeGreaterThanOrEqual(prizes[j]);
        },
      ),
      { numRuns: 200 },
    );
  });
});

describe('chip chop', () => {
  // 10,000 split 5000:3000:2000 of 10,000 chips → 5000 / 3000 / 2000; with 1000 left: 9000 → 4500 / 2700 / 1800.
  test('chip chop splits the pool by chip share, minus the amount left to play for', () => {
    expect(chipChopDeal({ stacks: [5000, 3000, 2000], payouts: [5000, 3000, 2000] }).prizes).toEqual([
      5000, 3000, 2000,
    ]);
    expect(
      chipChopDeal({ stacks: [5000, 3000, 2000], payouts: [5000, 3000, 2000], leftToPlayFor: 1000 }).prizes,
    ).toEqual([4500, 2700, 1800]);
  });

  // Pool 3 over stacks 100/300/200 (600): exact 0.5 / 1.5 / 1.0 → 0 + 1 + 1 = 2; the chip left is a tie of
  // fractions (.5 and .5) between the 100 and 300 stacks: the larger stack gets it → 0 / 2 / 1.
  test('chip chop odd chips: largest fraction, then larger stack', () => {
    expect(chipChopDeal({ stacks: [100, 300, 200], payouts: [2, 1] }).prizes).toEqual([0, 2, 1]);
  });
});

describe('deal input errors', () => {
  test('bad input is refused with a typed error', () => {
    expect(codeOf(() => icmDeal({ stacks: [], payouts: [1] }))).toBe('bad-stacks');
    expect(codeOf(() => icmDeal({ stacks: [10, 0], payouts: [1] }))).toBe('bad-stacks');
    expect(codeOf(() => icmDeal({ stacks: [10, 1.5], payouts: [1] }))).toBe('bad-stacks');
    expect(codeOf(() => icmDeal({ stacks: [10, 5], payouts: [3, 2, 1] }))).toBe('bad-payouts');
    expect(codeOf(() => icmDeal({ stacks: [10, 5], payouts: [1, 2] }))).toBe('bad-payouts');
    expect(codeOf(() => chipChopDeal({ stacks: [10, 5], payouts: [5, 2], leftToPlayFor: 6 }))).toBe('bad-amount');
    const many = Array.from({ length: MAX_ICM_PLAYERS + 1 }, () => 10);
    expect(codeOf(() => icmDeal({ stacks: many, payouts: [100] }))).toBe('too-many-players');
  });

  test('a full 9-handed final table computes quickly and exactly', () => {
    const stacks = [90_000, 75_000, 60_000, 50_000, 40_000, 30_000, 20_000, 10_000, 5_000];
    const payouts = [30_000, 20_000, 14_000, 10_000, 8_000, 6_000, 5_000, 4_000, 3_000];
    const { prizes } = icmDeal({ stacks, payouts });
    expect(prizes.reduce((a, b) => a + b, 0)).toBe(100_000);
    expect(prizes[0]).toBeLessThan(30_000);
    expect(prizes[8]).toBeGreaterThan(3_000);
  });
});
