import { DEFAULT_SPIN_TABLE, spinTableFunding, startStandings } from '@naiko/tournament';
import { oddChipOrder } from '../tournaments/table-runner';
import { positionsOf, sngClock, sngDeal, sngTableId } from './sit-and-go.tables';
import { DEFAULT_TEMPLATES, fastTemplate } from './templates';
import { drawFromSeed, spinCommitment, verifySpinDraw } from '../tournaments/spin-draw';
import { SPIN_POOL, spinPoolPlan } from '../tournaments/spin-pool';
import { recordHandOutcome } from './standings';

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
      new Map([
        ['a', 0],
        ['b', 0],
        ['c', 1200],
        ['d', 800],
      ]),
    );
    expect(out.busted).toEqual(['a', 'b']);
    expect(out.winner).toBeNull();
    expect(out.standings).toEqual({
      remaining: 2,
      groups: [
        { bestPlace: 3, players: ['a'] },
        { bestPlace: 4, players: ['b'] },
      ],
    });
  });

  it('equal starting stacks busted together share the places; the last player left wins', () => {
    const out = recordHandOutcome(
      startStandings(3),
      [
        { userId: 'a', stack: 20, order: 2 },
        { userId: 'b', stack: 20, order: 0 },
        { userId: 'c', stack: 20, order: 1 },
      ],
      new Map([
        ['a', 60],
        ['b', 0],
        ['c', 0],
      ]),
    );
    expect(out.winner).toBe('a');
    expect(out.standings.remaining).toBe(0);
    expect(out.standings.groups).toEqual([
      { bestPlace: 1, players: ['a'] },
      { bestPlace: 2, players: ['b', 'c'] },
    ]);
  });
});

describe('the Sit & Go table: dead-button rule', () => {
  const at = (...seats: number[]) => seats.map((seat) => ({ seat, userId: `u${seat}` }));

  it('first hand: the drawn button, the next two players post the blinds (6 seats, button 4 → SB 5, BB 0); heads-up the button posts the small blind', () => {
    expect(sngDeal(at(0, 1, 2, 3, 4, 5), 6, null, 4)).toMatchObject({ button: 4, smallBlind: 5, bigBlind: 0 });
    expect(sngDeal(at(1, 4), 6, null, 4)).toMatchObject({ button: 4, smallBlind: 4, bigBlind: 1 });
  });

  it('nobody busted: every position moves one seat (B0 S1 B2 → B1 S2 B3)', () => {
    expect(sngDeal(at(0, 1, 2, 3), 4, { button: 0, smallBlind: 1, bigBlind: 2 }, 0)).toMatchObject({
      button: 1,
      smallBlind: 2,
      bigBlind: 3,
    });
  });

  it('the big blind (seat 2) busted: the big blind moves on to seat 3, the small blind is dead (its seat 2 is empty), the button moves to seat 1', () => {
    const deal = sngDeal(at(0, 1, 3), 4, { button: 0, smallBlind: 1, bigBlind: 2 }, 0)!;
    expect(deal).toMatchObject({ button: 1, smallBlind: null, bigBlind: 3 });
    expect(deal.players.map((p) => p.seat)).toEqual([0, 1, 3]);
  });

  it('the small blind (seat 1) busted: a dead button on the empty seat 1, seat 2 posts the small blind, seat 3 the big', () => {
    expect(sngDeal(at(0, 2, 3), 4, { button: 0, smallBlind: 1, bigBlind: 2 }, 0)).toMatchObject({
      button: 1,
      smallBlind: 2,
      bigBlind: 3,
    });
  });

  it('the player after the big blind (seat 3) busted: the big blind jumps to seat 0, seat 2 posts the small, the button is seat 1', () => {
    expect(sngDeal(at(0, 1, 2), 4, { button: 0, smallBlind: 1, bigBlind: 2 }, 0)).toMatchObject({
      button: 1,
      smallBlind: 2,
      bigBlind: 0,
    });
  });

  it('down to heads-up: the big blind moves forward, the other player has the button and posts the small blind', () => {
    // B0 S1 B2, seat 1 busts: the big blind goes to seat 0 (after 2), seat 2 is button and small blind.
    expect(sngDeal(at(0, 2), 3, { button: 0, smallBlind: 1, bigBlind: 2 }, 0)).toMatchObject({
      button: 2,
      smallBlind: 2,
      bigBlind: 0,
    });
  });

  it('positions of the last hand from its stored config: a dead small blind sat on the big blind seat of the hand before', () => {
    const cfg = (button: number, smallBlindSeat: number | null, bigBlindSeat: number) => ({
      button,
      smallBlindSeat,
      bigBlindSeat,
      seats: [],
    });
    expect(positionsOf(cfg(1, null, 3), cfg(0, 1, 2))).toEqual({ button: 1, smallBlind: 2, bigBlind: 3 });
    expect(positionsOf(cfg(1, 2, 3), null)).toEqual({ button: 1, smallBlind: 2, bigBlind: 3 });
    expect(positionsOf(null, null)).toBeNull();
    // After a dead small blind the rule goes on: B1 (S2 dead) B3 → the button on the dead small blind's seat 2.
    expect(sngDeal(at(0, 1, 3), 4, positionsOf(cfg(1, null, 3), cfg(0, 1, 2)), 0)).toMatchObject({
      button: 2,
      smallBlind: 3,
      bigBlind: 0,
    });
  });

  it('odd-chip order starts left of the button, also a dead button on an empty seat', () => {
    expect(oddChipOrder(at(0, 2, 3), 2).map((p) => p.seat)).toEqual([3, 0, 2]);
    expect(oddChipOrder(at(0, 2, 3), 1).map((p) => p.seat)).toEqual([2, 3, 0]);
  });

  it('table id: a stable name-based UUID per instance; clock: the template decision time, a time bank of twice it (at most 30 s)', () => {
    expect(sngTableId(7)).toBe(sngTableId(7));
    expect(sngTableId(7)).not.toBe(sngTableId(8));
    expect(sngTableId(7)).toMatch(/^[0-9a-f]{8}-[0-9a-f]{4}-5[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/);
    expect(sngClock(DEFAULT_TEMPLATES[0])).toEqual({ decisionMs: 15_000, reconnectMs: 30_000, timeBankMs: 30_000 });
    expect(sngClock(fastTemplate(DEFAULT_TEMPLATES[0], 'f'))).toEqual({
      decisionMs: 1_000,
      reconnectMs: 0,
      timeBankMs: 2_000,
    });
  });
});
