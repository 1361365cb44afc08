import { DEFAULT_SPIN_TABLE, spinTableFunding, startStandings } from '@naiko/tournament';
import { nextButton, stakesOf } from './sit-and-go.runner';
import { drawFromSeed, spinCommitment, verifySpinDraw } from './spin-draw';
import { SPIN_POOL, spinPoolPlan } from './spin-pool';
import { recordHandOutcome } from './standings';

describe('Spin multiplier draw', () => {
  it('commitment: SHA-256 of "naiko-spin-v1|<table>|<seed>"; the revealed seed verifies the drawn multiplier', () => {
    const seed = 'ab'.repeat(32);
    const c = spinCommitment(DEFAULT_SPIN_TABLE, seed);
    expect(c).toMatch(/^[0-9a-f]{64}$/);
    const m = drawFromSeed(DEFAULT_SPIN_TABLE, seed).multiplier;
    expect(verifySpinDraw(DEFAULT_SPIN_TABLE, c, seed, m)).toBe(true);
    expect(verifySpinDraw(DEFAULT_SPIN_TABLE, c, 'cd'.repeat(32), m)).toBe(false);
    const other = DEFAULT_SPIN_TABLE.entries.find((e) => e.multiplier !== m)!.multiplier;
    expect(verifySpinDraw(DEFAULT_SPIN_TABLE, c, seed, other)).toBe(false);
  });

  it('distribution over 200,000 draws matches the published weights (chi-square, 4 degrees of freedom, p > 0.001)', () => {
    const N = 200_000;
    const counts = new Map<number, number>();
    for (let i = 0; i < N; i++) {
      const m = drawFromSeed(DEFAULT_SPIN_TABLE, `distribution-${i}`).multiplier;
      counts.set(m, (counts.get(m) ?? 0) + 1);
    }
    // 25×, 100× and 1000× are merged: their expected counts (600, 60, 4) are too small alone.
    const buckets = [[2], [3], [5], [10], [25, 100, 1000]];
    let chi2 = 0;
    for (const b of buckets) {
      const weight = DEFAULT_SPIN_TABLE.entries.filter((e) => b.includes(e.multiplier)).reduce((a, e) => a + e.weight, 0);
      const expected = (N * weight) / 1_000_000;
      const observed = b.reduce((a, m) => a + (counts.get(m) ?? 0), 0);
      chi2 += (observed - expected) ** 2 / expected;
    }
    expect(chi2).toBeLessThan(18.47); // chi-square critical value, df 4, p = 0.001
    // 2× is drawn 60% of the time: within ±0.5 percentage points over 200,000 draws (≈ 4.6 σ).
    expect(Math.abs(counts.get(2)! / N - 0.6)).toBeLessThan(0.005);
  });
});

describe('Spin funding and the house spin pool', () => {
  it('the default table is exactly funded: Σ weight × multiplier = 3,000,000 = 3 × Σ weight', () => {
    const f = spinTableFunding(DEFAULT_SPIN_TABLE, 10);
    expect(f.weightedPrize).toBe(30_000_000n);
    expect(f.weightedBuyIns).toBe(30_000_000n);
    expect(f.exactlyFunded).toBe(true);
  });

  it('2× at buy-in 10: 30 collected, 20 paid, 10 from the prize pool to the spin pool', () => {
    const plan = spinPoolPlan('sng-1', 30, 20, 0);
    expect(plan).toEqual({ float: 0, movement: { from: expect.objectContaining({ key: 'pool:sng-1' }), to: SPIN_POOL, amount: 10 } });
  });

  it('5× at buy-in 10: 50 paid, 20 from the spin pool; a spin pool holding 15 needs a float of 5 first', () => {
    expect(spinPoolPlan('sng-1', 30, 50, 100)).toEqual({ float: 0, movement: { from: SPIN_POOL, to: expect.objectContaining({ key: 'pool:sng-1' }), amount: 20 } });
    expect(spinPoolPlan('sng-1', 30, 50, 15).float).toBe(5);
    expect(spinPoolPlan('sng-1', 30, 30, 0)).toEqual({ float: 0, movement: null });
  });

  it('over the whole distribution the spin pool nets zero: Σ weight × (collected − prize) = 0', () => {
    let net = 0n;
    for (const e of DEFAULT_SPIN_TABLE.entries) {
      const plan = spinPoolPlan('sng-1', 30, e.multiplier * 10, Number.MAX_SAFE_INTEGER);
      const intoSpinPool = plan.movement === null ? 0 : plan.movement.to.key === SPIN_POOL.key ? Number(plan.movement.amount) : -Number(plan.movement.amount);
      net += BigInt(e.weight) * BigInt(intoSpinPool);
    }
    expect(net).toBe(0n);
  });
});

describe('eliminations after a hand', () => {
  it('two busts in one hand: the larger starting stack finishes higher (4 left: 500 → 3rd, 300 → 4th)', () => {
    const out = recordHandOutcome(
      startStandings(4),
      [
        { userId: 'a', stack: 500, order: 0 },
        { userId: 'b', stack: 300, order: 1 },
        { userId: 'c', stack: 800, order: 2 },
        { userId: 'd', stack: 400, order: 3 },
      ],
      new Map([['a', 0], ['b', 0], ['c', 1200], ['d', 800]]),
    );
    expect(out.busted).toEqual(['a', 'b']);
    expect(out.winner).toBeNull();
    expect(out.standings).toEqual({ remaining: 2, groups: [{ bestPlace: 3, players: ['a'] }, { bestPlace: 4, players: ['b'] }] });
  });

  it('equal starting stacks busted together share the places; the last player left wins', () => {
    const out = recordHandOutcome(
      startStandings(3),
      [
        { userId: 'a', stack: 20, order: 2 },
        { userId: 'b', stack: 20, order: 0 },
        { userId: 'c', stack: 20, order: 1 },
      ],
      new Map([['a', 60], ['b', 0], ['c', 0]]),
    );
    expect(out.winner).toBe('a');
    expect(out.standings.remaining).toBe(0);
    expect(out.standings.groups).toEqual([{ bestPlace: 1, players: ['a'] }, { bestPlace: 2, players: ['b', 'c'] }]);
  });
});

describe('table runner helpers', () => {
  it('a big-blind ante level becomes engine stakes with bigBlindAnte; a level without ante has none', () => {
    expect(stakesOf({ smallBlind: 50, bigBlind: 100, ante: 100, anteKind: 'big-blind-ante' })).toEqual({ smallBlind: 50, bigBlind: 100, ante: 100, bigBlindAnte: true });
    expect(stakesOf({ smallBlind: 10, bigBlind: 20, ante: 0, anteKind: 'none' })).toEqual({ smallBlind: 10, bigBlind: 20 });
    expect(stakesOf({ smallBlind: 10, bigBlind: 20, ante: 2, anteKind: 'ante' })).toEqual({ smallBlind: 10, bigBlind: 20, ante: 2 });
  });

  it('the button moves to the next seat with chips clockwise, wrapping around', () => {
    expect(nextButton([0, 2, 5], 2)).toBe(5);
    expect(nextButton([0, 2, 5], 5)).toBe(0);
    expect(nextButton([0, 2, 5], 3)).toBe(5);
    expect(nextButton([1, 4], null)).toBe(1);
  });
});
