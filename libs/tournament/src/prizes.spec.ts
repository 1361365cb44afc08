import fc from 'fast-check';
import {
  type FinishGroup,
  MAX_PUBLISHED_ENTRANTS,
  PPM,
  PRIZE_TABLES,
  PrizeError,
  type PrizeTable,
  payStandings,
  placePrizes,
  placeShares,
  prizeTableFor,
  prizeTableRows,
  validatePrizeTable,
} from '@naiko/tournament';

const codeOf = (call: () => unknown) => {
  try {
    call();
  } catch (error) {
    if (error instanceof PrizeError) return error.code;
    throw error;
  }
  return undefined;
};

describe('published prize tables', () => {
  test('brackets cover 2..10,000 entrants without gaps, each table valid', () => {
    expect(PRIZE_TABLES[0].minEntrants).toBe(2);
    expect(PRIZE_TABLES[PRIZE_TABLES.length - 1].maxEntrants).toBe(MAX_PUBLISHED_ENTRANTS);
    for (let i = 1; i < PRIZE_TABLES.length; i++)
      expect(PRIZE_TABLES[i].minEntrants).toBe(PRIZE_TABLES[i - 1].maxEntrants + 1);
    for (const table of PRIZE_TABLES) expect(validatePrizeTable(table)).toBe(table);
  });

  test('small fields: 2–3 winner takes all, 4–6 pay 65/35, 7–10 pay 50/30/20', () => {
    expect(placeShares(prizeTableFor(2))).toEqual([PPM]);
    expect(placeShares(prizeTableFor(3))).toEqual([PPM]);
    expect(placeShares(prizeTableFor(6))).toEqual([650_000, 350_000]);
    expect(placeShares(prizeTableFor(9))).toEqual([500_000, 300_000, 200_000]);
  });

  test('large fields pay about 15%: 1,500 places at 10,000 entrants, 15 at 100', () => {
    expect(prizeTableFor(10_000).paidPlaces).toBe(1500);
    expect(prizeTableFor(9_001).paidPlaces).toBe(1500);
    expect(prizeTableFor(100).paidPlaces).toBe(15);
    expect(prizeTableFor(60).paidPlaces).toBe(9);
  });

  test('a min-cash pays more than the buy-in at the top of every large bracket', () => {
    for (const table of PRIZE_TABLES.filter((x) => x.maxEntrants > 18)) {
      const minCash = table.bands[table.bands.length - 1].sharePpm;
      expect(minCash * table.maxEntrants).toBeGreaterThan(PPM * 1.5);
    }
  });

  test('lobby rows: places, percentages and chips of the published table', () => {
    expect(prizeTableRows(prizeTableFor(9), 1000)).toEqual([
      { places: '1', fromPlace: 1, toPlace: 1, sharePpm: 500_000, percent: '50.0000%', chipsEach: 500 },
      { places: '2', fromPlace: 2, toPlace: 2, sharePpm: 300_000, percent: '30.0000%', chipsEach: 300 },
      { places: '3', fromPlace: 3, toPlace: 3, sharePpm: 200_000, percent: '20.0000%', chipsEach: 200 },
    ]);
    const big = prizeTableRows(prizeTableFor(10_000));
    expect(big[0]).toMatchObject({ places: '1', percent: '9.9265%', chipsEach: null });
    expect(big[9]).toMatchObject({ places: '10–18', sharePpm: 7419, percent: '0.7419%' });
  });

  test('entrants outside 2..10,000 have no published table', () => {
    expect(codeOf(() => prizeTableFor(1))).toBe('entrants-out-of-range');
    expect(codeOf(() => prizeTableFor(10_001))).toBe('entrants-out-of-range');
  });

  test('a custom table that does not sum to 100% is refused', () => {
    const table: PrizeTable = {
      minEntrants: 5,
      maxEntrants: 9,
      paidPlaces: 2,
      bands: [
        { fromPlace: 1, toPlace: 1, sharePpm: 600_000 },
        { fromPlace: 2, toPlace: 2, sharePpm: 300_000 },
      ],
    };
    expect(codeOf(() => validatePrizeTable(table))).toBe('bad-table');
  });
});

describe('chip payouts', () => {
  test('remainders go to the higher places: pool 1,000 at 50/30/20 is 500/300/200; pool 1,001 at 65/35', () => {
    expect(placePrizes(1000, prizeTableFor(9))).toEqual([500, 300, 200]);
    // 1001 × 0.65 = 650.65 → 650; 1001 × 0.35 = 350.35 → 350; 1 chip left → 1st.
    expect(placePrizes(1001, prizeTableFor(5))).toEqual([651, 350]);
    // 1002 at 50/30/20: 501, 300.6→300, 200.4→200; 1 left → 1st.
    expect(placePrizes(1002, prizeTableFor(9))).toEqual([502, 300, 200]);
    // 27 entrants, pool 1,000: shares 428,889/242,222/180,000/148,889 ppm → 428, 242, 180, 148 = 998;
    // 2 left → 1st, 2nd.
    expect(placePrizes(1000, prizeTableFor(27))).toEqual([429, 243, 180, 148]);
  });

  test('pools beyond 2^53 / 1e6 stay exact (BigInt products)', () => {
    const pool = 9_007_199_254_740_000;
    expect(placePrizes(pool, prizeTableFor(10_000)).reduce((a, b) => a + b, 0)).toBe(pool);
  });

  test('ties split: two players sharing 2nd–3rd share 300 + 200 = 250 each', () => {
    const groups: FinishGroup[] = [
      { bestPlace: 1, players: ['a'] },
      { bestPlace: 2, players: ['b', 'c'] },
    ];
    expect(payStandings(1000, prizeTableFor(9), groups)).toEqual([
      { playerId: 'a', bestPlace: 1, worstPlace: 1, prize: 500 },
      { playerId: 'b', bestPlace: 2, worstPlace: 3, prize: 250 },
      { playerId: 'c', bestPlace: 2, worstPlace: 3, prize: 250 },
    ]);
  });

  test('ties split: the odd chip goes to the better-ranked (first listed) player', () => {
    // 1001 at 65/35 → 651 + 350 = 1001 shared by two → 500 and 501: the first listed gets 501.
    const pay = payStandings(1001, prizeTableFor(5), [{ bestPlace: 1, players: ['x', 'y'] }]);
    expect(pay.map((p) => p.prize)).toEqual([501, 500]);
  });

  test('a tie straddling the last paid place shares that prize with the unpaid place', () => {
    // 9 entrants, 3 paid: places 3–4 shared → (200 + 0) / 2 = 100 each.
    const pay = payStandings(1000, prizeTableFor(9), [{ bestPlace: 3, players: ['p', 'q'] }]);
    expect(pay.map((p) => p.prize)).toEqual([100, 100]);
  });

  test('overlapping places or a repeated player are refused', () => {
    const table = prizeTableFor(9);
    expect(
      codeOf(() =>
        payStandings(100, table, [
          { bestPlace: 1, players: ['a', 'b'] },
          { bestPlace: 2, players: ['c'] },
        ]),
      ),
    ).toBe('bad-standings');
    expect(
      codeOf(() =>
        payStandings(100, table, [
          { bestPlace: 1, players: ['a'] },
          { bestPlace: 2, players: ['a'] },
        ]),
      ),
    ).toBe('bad-standings');
    expect(codeOf(() => placePrizes(-1, table))).toBe('bad-pool');
  });

  test('property: payouts always sum to the pool, with any ties over all places', () => {
    fc.assert(
      fc.property(
        fc.integer({ min: 2, max: MAX_PUBLISHED_ENTRANTS }),
        fc.integer({ min: 0, max: 1e13 }),
        fc.array(fc.integer({ min: 1, max: 4 }), { minLength: 1, maxLength: 200 }),
        (entrants, pool, tieSizes) => {
          const table = prizeTableFor(entrants);
          const groups: FinishGroup[] = [];
          let place = 1;
          let tieIndex = 0;
          while (place <= entrants) {
            const size = Math.min(tieSizes[tieIndex++ % tieSizes.length], entrants - place + 1);
            groups.push({ bestPlace: place, players: Array.from({ length: size }, (_, i) => `p${place + i}`) });
            place += size;
          }
          const pay = payStandings(pool, table, groups);
          expect(pay.reduce((s, p) => s + p.prize, 0)).toBe(pool);
          expect(placePrizes(pool, table).reduce((a, b) => a + b, 0)).toBe(pool);
        },
      ),
      { numRuns: 100 },
    );
  });
});
