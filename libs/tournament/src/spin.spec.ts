import {
  DEFAULT_SPIN_TABLE,
  type RandomSource,
  SpinError,
  type SpinTable,
  drawSpinMultiplier,
  spinPrizes,
  spinTableFunding,
  validateSpinTable,
} from '@naiko/tournament';
import { testRandom } from './test-helpers/seeded-random';

const fixed = (...values: number[]): RandomSource => {
  let next = 0;
  return { nextUint32: () => values[next++] };
};
const entry = (m: number) => DEFAULT_SPIN_TABLE.entries.find((e) => e.multiplier === m)!;

describe('Spin multiplier table', () => {
  test('funding: the default table is exactly funded by the buy-ins (no subsidy), in integers', () => {
    // Σ weight × multiplier = 1,200,000 + 762,600 + 512,400 + 400,000 + 75,000 + 30,000 + 20,000 = 3,000,000
    // = 3 players × Σ weight (1,000,000). Times the buy-in 100 on both sides.
    const funding = spinTableFunding(DEFAULT_SPIN_TABLE, 100);
    expect(funding.totalWeight).toBe(1_000_000);
    expect(funding.weightedPrize).toBe(300_000_000n);
    expect(funding.weightedBuyIns).toBe(300_000_000n);
    expect(funding.weightedSubsidy).toBe(0n);
    expect(funding.exactlyFunded).toBe(true);
  });

  test('funding: a table paying more than the buy-ins shows the house subsidy', () => {
    const generous: SpinTable = {
      name: 'g',
      entries: [
        { multiplier: 3, weight: 1, splitPpm: [1_000_000] },
        { multiplier: 4, weight: 1, splitPpm: [1_000_000] },
      ],
    };
    // Expected prize 3.5 buy-ins against 3: subsidy 0.5 buy-in per game = (7 - 6) × 10 scaled by weight 2.
    expect(spinTableFunding(generous, 10)).toMatchObject({
      weightedPrize: 70n,
      weightedBuyIns: 60n,
      weightedSubsidy: 10n,
      exactlyFunded: false,
    });
  });

  test('the draw walks the cumulative weights in table order', () => {
    expect(drawSpinMultiplier(DEFAULT_SPIN_TABLE, fixed(0)).multiplier).toBe(2);
    expect(drawSpinMultiplier(DEFAULT_SPIN_TABLE, fixed(599_999)).multiplier).toBe(2);
    expect(drawSpinMultiplier(DEFAULT_SPIN_TABLE, fixed(600_000)).multiplier).toBe(3);
    expect(drawSpinMultiplier(DEFAULT_SPIN_TABLE, fixed(999_979)).multiplier).toBe(100);
    expect(drawSpinMultiplier(DEFAULT_SPIN_TABLE, fixed(999_980)).multiplier).toBe(1000);
    // A draw above the last multiple of 1,000,000 below 2^32 is rejected and redrawn (no modulo bias).
    expect(drawSpinMultiplier(DEFAULT_SPIN_TABLE, fixed(4_294_967_295, 5)).multiplier).toBe(2);
  });

  test('distribution: 400,000 seeded draws land within 5 standard deviations of every probability', () => {
    const draws = 400_000;
    const rng = testRandom(20261129);
    const seen = new Map<number, number>();
    let prize = 0;
    for (let i = 0; i < draws; i++) {
      const spinMultiplier = drawSpinMultiplier(DEFAULT_SPIN_TABLE, rng);
      seen.set(spinMultiplier.multiplier, (seen.get(spinMultiplier.multiplier) ?? 0) + 1);
      prize += spinMultiplier.multiplier;
    }
    for (const spinMultiplier of DEFAULT_SPIN_TABLE.entries) {
      const probability = spinMultiplier.weight / 1_000_000;
      const sd = Math.sqrt(draws * probability * (1 - probability));
      expect(Math.abs((seen.get(spinMultiplier.multiplier) ?? 0) - draws * probability)).toBeLessThanOrEqual(5 * sd);
    }
    // Mean multiplier 3 (exact funding); sd of one draw = sqrt(E[m²] − 9) = sqrt(27.12).
    expect(Math.abs(prize / draws - 3)).toBeLessThanOrEqual((5 * Math.sqrt(27.12)) / Math.sqrt(draws));
  });

  test('prizes of a drawn multiplier are exact, remainders to the higher places', () => {
    expect(spinPrizes(entry(2), 100)).toEqual({ prizePool: 200, places: [200] });
    expect(spinPrizes(entry(25), 100)).toEqual({ prizePool: 2500, places: [2000, 250, 250] });
    // 25 × 3 = 75: 60, 7.5 → 7, 7.5 → 7, one chip left → 1st.
    expect(spinPrizes(entry(25), 3)).toEqual({ prizePool: 75, places: [61, 7, 7] });
    expect(spinPrizes(entry(1000), 7)).toEqual({ prizePool: 7000, places: [6300, 350, 350] });
  });

  test('bad tables are refused', () => {
    const bad = (entries: SpinTable['entries']) => () => validateSpinTable({ name: 'bad', entries });
    expect(bad([])).toThrow(SpinError);
    expect(bad([{ multiplier: 2, weight: 0, splitPpm: [1_000_000] }])).toThrow(SpinError);
    expect(bad([{ multiplier: 2, weight: 1, splitPpm: [500_000] }])).toThrow(SpinError);
    expect(bad([{ multiplier: 2, weight: 1, splitPpm: [200_000, 800_000] }])).toThrow(SpinError);
    expect(
      bad([
        { multiplier: 2, weight: 1, splitPpm: [1_000_000] },
        { multiplier: 2, weight: 1, splitPpm: [1_000_000] },
      ]),
    ).toThrow(SpinError);
    expect(() => spinTableFunding(DEFAULT_SPIN_TABLE, 0)).toThrow(SpinError);
  });
});
