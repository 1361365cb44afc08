import {
  type BlindStructure,
  type RebuyConfig,
  RebuyError,
  bustIsFinal,
  canAddOn,
  canRebuy,
  ladderStructure,
  levelAt,
  livePrizePool,
} from '@naiko/tournament';

const MIN = 60_000;
// 10-minute levels, a 5-minute break after every 3 levels:
// L1 [0,10) L2 [10,20) L3 [20,30) break [30,35) L4 [35,45) L5 [45,55) L6 [55,65) break [65,70) L7 ...
const structure: BlindStructure = ladderStructure({
  name: 't',
  levelMs: 10 * MIN,
  breakMs: 5 * MIN,
  breakEvery: 3,
  anteFromLevel: null,
  anteKind: 'big-blind-ante',
});
const at = (minutes: number) => levelAt(structure, minutes * MIN);

const config: RebuyConfig = {
  startingStack: 10_000,
  rebuyUntilLevel: 6,
  maxRebuys: 2,
  rebuy: { chips: 10_000, price: 100, fee: 10 },
  addOn: { chips: 15_000, price: 100, fee: 10, window: 'break' },
};
const fresh = { stack: 10_000, rebuysUsed: 0, addOnUsed: false };

describe('rebuy eligibility', () => {
  test('rebuy allowed until level N, at or below the starting stack', () => {
    expect(canRebuy(config, at(0), fresh)).toEqual({ ok: true }); // level 1, stack = starting stack
    expect(canRebuy(config, at(32), { ...fresh, stack: 0 })).toEqual({ ok: true }); // break after L3, busted
    expect(canRebuy(config, at(64), { ...fresh, stack: 4000 })).toEqual({ ok: true }); // level 6
    expect(canRebuy(config, at(0), { ...fresh, stack: 10_001 })).toEqual({ ok: false, reason: 'stack-above-starting' });
  });

  test('the rebuy period ends with level N: its following break and level N+1 refuse', () => {
    expect(canRebuy(config, at(66), { ...fresh, stack: 0 })).toEqual({ ok: false, reason: 'rebuy-period-over' });
    expect(canRebuy(config, at(70), { ...fresh, stack: 0 })).toEqual({ ok: false, reason: 'rebuy-period-over' });
  });

  test('at most K rebuys', () => {
    expect(canRebuy(config, at(0), { ...fresh, stack: 0, rebuysUsed: 1 })).toEqual({ ok: true });
    expect(canRebuy(config, at(0), { ...fresh, stack: 0, rebuysUsed: 2 })).toEqual({
      ok: false,
      reason: 'rebuy-limit-reached',
    });
  });
});

describe('add-on eligibility', () => {
  test('one add-on at the break that ends the rebuy period', () => {
    expect(canAddOn(config, at(66), { ...fresh, stack: 50_000 })).toEqual({ ok: true });
    expect(canAddOn(config, at(60), fresh)).toEqual({ ok: false, reason: 'not-add-on-time' }); // level 6
    expect(canAddOn(config, at(32), fresh)).toEqual({ ok: false, reason: 'not-add-on-time' }); // earlier break
    expect(canAddOn(config, at(70), fresh)).toEqual({ ok: false, reason: 'not-add-on-time' }); // level 7
    expect(canAddOn(config, at(66), { ...fresh, addOnUsed: true })).toEqual({ ok: false, reason: 'add-on-used' });
    expect(canAddOn(config, at(66), { ...fresh, stack: 0 })).toEqual({ ok: false, reason: 'busted' });
  });

  test("window 'last-level': during level N and the break after it", () => {
    const lastLevelConfig = { ...config, addOn: { ...config.addOn!, window: 'last-level' as const } };
    expect(canAddOn(lastLevelConfig, at(60), fresh)).toEqual({ ok: true });
    expect(canAddOn(lastLevelConfig, at(66), fresh)).toEqual({ ok: true });
    expect(canAddOn(lastLevelConfig, at(50), fresh)).toEqual({ ok: false, reason: 'not-add-on-time' });
  });

  test('no add-on offered', () => {
    expect(canAddOn({ ...config, addOn: null }, at(66), fresh)).toEqual({ ok: false, reason: 'no-add-on' });
  });
});

describe('live prize pool', () => {
  /*
   * 50 entries at 100 + 10, 37 rebuys at 100 + 10, 41 add-ons at 100 + 10:
   * pool 50·100 + 37·100 + 41·100 = 12,800; fees 50·10 + 37·10 + 41·10 = 1,280;
   * chips 50·10,000 + 37·10,000 + 41·15,000 = 1,485,000.
   */
  test('prize pool = buy-ins + rebuys + add-ons, fees apart', () => {
    expect(livePrizePool(config, { price: 100, fee: 10 }, { entries: 50, rebuys: 37, addOns: 41 })).toEqual({
      prizePool: 12_800,
      fees: 1_280,
      chipsInPlay: 1_485_000,
    });
  });

  test('bad input is refused with a typed error', () => {
    const code = (call: () => unknown) => {
      try {
        call();
      } catch (error) {
        if (error instanceof RebuyError) return error.code;
        throw error;
      }
    };
    expect(code(() => livePrizePool(config, { price: 100, fee: 10 }, { entries: -1, rebuys: 0, addOns: 0 }))).toBe(
      'bad-count',
    );
    expect(
      code(() => livePrizePool({ ...config, addOn: null }, { price: 1, fee: 0 }, { entries: 1, rebuys: 0, addOns: 1 })),
    ).toBe('bad-count');
    expect(code(() => canRebuy({ ...config, maxRebuys: 1.5 }, at(0), fresh))).toBe('bad-config');
    expect(code(() => canRebuy(config, at(0), { ...fresh, stack: -5 }))).toBe('bad-count');
  });
});

describe('a bust during the rebuy period is not final (bustIsFinal)', () => {
  // Rebuys until level 6: L1..L6 and the break after L3 (minute 30..35) are in the period; the break
  // after L6 (minute 65..70) is the add-on break, outside it.
  it('not final at L1 (minute 0), in the break after L3 (minute 32) and in L6 (minute 60)', () => {
    expect(bustIsFinal(config, at(0))).toBe(false);
    expect(bustIsFinal(config, at(32))).toBe(false);
    expect(bustIsFinal(config, at(60))).toBe(false);
  });

  it('final in the add-on break after L6 (minute 66) and at L7 (minute 70)', () => {
    expect(bustIsFinal(config, at(66))).toBe(true);
    expect(bustIsFinal(config, at(70))).toBe(true);
  });

  it('final at once without rebuys (no config, or 0 rebuys allowed)', () => {
    expect(bustIsFinal(null, at(0))).toBe(true);
    expect(bustIsFinal({ ...config, maxRebuys: 0 }, at(0))).toBe(true);
  });

  it('a busted player (stack 0) with 1 of 2 rebuys used may rebuy at L5; with 2 of 2 he may not', () => {
    expect(canRebuy(config, at(45), { stack: 0, rebuysUsed: 1, addOnUsed: false })).toEqual({ ok: true });
    expect(canRebuy(config, at(45), { stack: 0, rebuysUsed: 2, addOnUsed: false })).toEqual({
      ok: false,
      reason: 'rebuy-limit-reached',
    });
  });
});
