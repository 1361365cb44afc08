import type { DealRecord } from './deal-records';
import { adjustPayoutsForDeal, dealFigures } from './deal-records';
import { TournamentError } from './tournaments.errors';

describe('final-table deal figures (issue 25)', () => {
  /*
   * The published ICM example (ICMIZER / HoldemResources: 38.39 / 32.75 / 28.86 of 100) scaled to a
   * pool of 300 chips paid 150 / 90 / 60 (50 / 30 / 20 %), stacks 5,000 / 3,000 / 2,000:
   *   A = 3 × 1075/28 = 3225/28 ≈ 115.18;  B = 3 × 131/4 = 393/4 = 98.25;  C = 3 × 202/7 = 606/7 ≈ 86.57.
   *   Whole chips 115 + 98 + 86 = 299; the chip left goes to the largest fraction (C, .57) → 115 / 98 / 87.
   */
  test('ICM deal of 5000/3000/2000 for 150/90/60: 115, 98, 87', () => {
    expect(dealFigures('icm', [5000, 3000, 2000], [150, 90, 60], 0)).toEqual([115, 98, 87]);
  });

  /*
   * Chip chop of the same: 300 × 5/10 = 150, 300 × 3/10 = 90, 300 × 2/10 = 60 (exact).
   * With 30 left to play for: 270 × 5/10 = 135, 81, 54.
   */
  test('chip chop 150/90/60 and with 30 left to play for 135/81/54', () => {
    expect(dealFigures('chip-chop', [5000, 3000, 2000], [150, 90, 60], 0)).toEqual([150, 90, 60]);
    expect(dealFigures('chip-chop', [5000, 3000, 2000], [150, 90, 60], 30)).toEqual([135, 81, 54]);
  });

  /* Places beyond the players left are not theirs: 2 players, prizes 150/90/60 → only 150/90 are dealt. */
  test('only the prizes of the places still to play are dealt', () => {
    expect(dealFigures('chip-chop', [3000, 1000], [150, 90, 60], 0)).toEqual([180, 60]);
  });

  test('more left to play for than the first prize is refused (BAD_DEAL)', () => {
    expect(() => dealFigures('icm', [5000, 3000, 2000], [150, 90, 60], 151)).toThrow(TournamentError);
    try {
      dealFigures('icm', [5000, 3000, 2000], [150, 90, 60], 151);
    } catch (err) {
      expect((err as TournamentError).code).toBe('BAD_DEAL');
    }
  });

  /*
   * Payout after a deal with 30 left to play for: entries e4 (deal 135), e5 (81), e6 (54) were dealt;
   * e2 and e3 busted before, 4th and 5th. Standings pay 1st 150 … the deal players get nothing more,
   * except 1st (e5 won the rest of the play): 30. Their results show deal + rest: e5 81 + 30 = 111.
   */
  test('payout after a deal: the winner gets what was left to play for, the other dealt places nothing more', () => {
    const deal: DealRecord = {
      dealId: 1,
      method: 'chip-chop',
      leftToPlayFor: 30,
      status: 'accepted',
      proposedBy: 'u4',
      forced: false,
      acceptedBy: [],
      players: [
        { userId: 'u4', entryId: 4, stack: 5000, prize: 135 },
        { userId: 'u5', entryId: 5, stack: 3000, prize: 81 },
        { userId: 'u6', entryId: 6, stack: 2000, prize: 54 },
      ],
    };
    const payouts = [
      { playerId: 'e5', bestPlace: 1, worstPlace: 1, prize: 150 },
      { playerId: 'e4', bestPlace: 2, worstPlace: 2, prize: 90 },
      { playerId: 'e6', bestPlace: 3, worstPlace: 3, prize: 60 },
      { playerId: 'e2', bestPlace: 4, worstPlace: 4, prize: 0 },
    ];
    expect(adjustPayoutsForDeal(payouts, deal).map((p) => [p.playerId, p.prize, p.dealPrize])).toEqual([
      ['e5', 30, 81],
      ['e4', 0, 135],
      ['e6', 0, 54],
      ['e2', 0, 0],
    ]);
    expect(adjustPayoutsForDeal(payouts, null).map((p) => p.prize)).toEqual([150, 90, 60, 0]);
  });
});
