import { DEFAULT_SPIN_TABLE, spinTableFunding } from '@naiko/tournament';
import { oddChipOrder } from '../tournaments/table-runner';
import { sngClock } from './template-settings';
import { DEFAULT_TEMPLATES, fastTemplate } from './templates';
import { drawFromSeed, spinCommitment, verifySpinDraw } from '../tournaments/spin-draw';
import { SPIN_POOL, spinPoolPlan } from '../tournaments/spin-pool';

describe('Spin multiplier draw', () => {
  it('commitment: SHA-256 of "naiko-spin-v1|<table>|<seed>"; the revealed seed verifies the drawn multiplier', () => {
    const seed = 'ab'.repeat(32);
    const commitment = spinCommitment(DEFAULT_SPIN_TABLE, seed);
    expect(commitment).toMatch(/^[0-9a-f]{64}$/);
    const drawn = drawFromSeed(DEFAULT_SPIN_TABLE, seed).multiplier;
    expect(verifySpinDraw(DEFAULT_SPIN_TABLE, commitment, seed, drawn)).toBe(true);
    expect(verifySpinDraw(DEFAULT_SPIN_TABLE, commitment, 'cd'.repeat(32), drawn)).toBe(false);
    const other = DEFAULT_SPIN_TABLE.entries.find((e) => e.multiplier !== drawn)!.multiplier;
    expect(verifySpinDraw(DEFAULT_SPIN_TABLE, commitment, seed, other)).toBe(false);
  });

  it('distribution over 200,000 draws matches the published weights (chi-square, 4 degrees of freedom, p > 0.001)', () => {
    const DRAWS = 200_000;
    const counts = new Map<number, number>();
    for (let i = 0; i < DRAWS; i++) {
      const drawn = drawFromSeed(DEFAULT_SPIN_TABLE, `distribution-${i}`).multiplier;
      counts.set(drawn, (counts.get(drawn) ?? 0) + 1);
    }
    // 25×, 100× and 1000× are merged: their expected counts (600, 60, 4) are too small alone.
    const buckets = [[2], [3], [5], [10], [25, 100, 1000]];
    let chi2 = 0;
    for (const bucket of buckets) {
      const weight = DEFAULT_SPIN_TABLE.entries
        .filter((e) => bucket.includes(e.multiplier))
        .reduce((a, e) => a + e.weight, 0);
      const expected = (DRAWS * weight) / 1_000_000;
      const observed = bucket.reduce((a, m) => a + (counts.get(m) ?? 0), 0);
      chi2 += (observed - expected) ** 2 / expected;
    }
    expect(chi2).toBeLessThan(18.47); // chi-square critical value, df 4, p = 0.001
    // 2× is drawn 60% of the time: within ±0.5 percentage points over 200,000 draws (≈ 4.6 σ).
    expect(Math.abs(counts.get(2)! / DRAWS - 0.6)).toBeLessThan(0.005);
  });
});

describe('Spin funding and the house spin pool', () => {
  it('the default table is exactly funded: Σ weight × multiplier = 3,000,000 = 3 × Σ weight', () => {
    const funding = spinTableFunding(DEFAULT_SPIN_TABLE, 10);
    expect(funding.weightedPrize).toBe(30_000_000n);
    expect(funding.weightedBuyIns).toBe(30_000_000n);
    expect(funding.exactlyFunded).toBe(true);
  });

  it('2× at buy-in 10: 30 collected, 20 paid, 10 from the prize pool to the spin pool', () => {
    const plan = spinPoolPlan('sng-1', 30, 20, 0);
    expect(plan).toEqual({
      float: 0,
      movement: { from: expect.objectContaining({ key: 'pool:sng-1' }), to: SPIN_POOL, amount: 10 },
    });
  });

  it('5× at buy-in 10: 50 paid, 20 from the spin pool; a spin pool holding 15 needs a float of 5 first', () => {
    expect(spinPoolPlan('sng-1', 30, 50, 100)).toEqual({
      float: 0,
      movement: { from: SPIN_POOL, to: expect.objectContaining({ key: 'pool:sng-1' }), amount: 20 },
    });
    expect(spinPoolPlan('sng-1', 30, 50, 15).float).toBe(5);
    expect(spinPoolPlan('sng-1', 30, 30, 0)).toEqual({ float: 0, movement: null });
  });

  it('over the whole distribution the spin pool nets zero: Σ weight × (collected − prize) = 0', () => {
    let net = 0n;
    for (const spinMultiplier of DEFAULT_SPIN_TABLE.entries) {
      const plan = spinPoolPlan('sng-1', 30, spinMultiplier.multiplier * 10, Number.MAX_SAFE_INTEGER);
      const intoSpinPool =
        plan.movement === null
          ? 0
          : plan.movement.to.key === SPIN_POOL.key
            ? Number(plan.movement.amount)
            : -Number(plan.movement.amount);
      net += BigInt(spinMultiplier.weight) * BigInt(intoSpinPool);
    }
    expect(net).toBe(0n);
  });
});

describe('the Sit & Go table', () => {
  const at = (...seats: number[]) => seats.map((seat) => ({ seat, userId: `u${seat}` }));

  it('odd-chip order starts left of the button, also a dead button on an empty seat', () => {
    expect(oddChipOrder(at(0, 2, 3), 2).map((p) => p.seat)).toEqual([3, 0, 2]);
    expect(oddChipOrder(at(0, 2, 3), 1).map((p) => p.seat)).toEqual([2, 3, 0]);
  });

  it('clock: the template decision time, a time bank of twice it (at most 30 s)', () => {
    expect(sngClock(DEFAULT_TEMPLATES[0])).toEqual({ decisionMs: 15_000, reconnectMs: 30_000, timeBankMs: 30_000 });
    expect(sngClock(fastTemplate(DEFAULT_TEMPLATES[0], 'f'))).toEqual({
      decisionMs: 1_000,
      reconnectMs: 0,
      timeBankMs: 2_000,
    });
  });
});
