// Bounty splits with hand-worked numbers, from a hand's awarded pots (issue 25).
import { bountyAwardsOf, bustPotsFor } from './bounty-awards';
import type { HandResult } from './mtt-state';

const committed = (m: Record<string, number>) => Object.entries(m).map(([playerId, amount]) => ({ playerId, amount }));

// Q (1,000) and B (3,000) all in, W (5,000) calls 3,000. Main pot 3 × 1,000 = 3,000 won by Q;
// side pot 2 × 2,000 = 4,000 (B, W) won by W. B put 1,000 into the main pot and 2,000 into the
// side pot, so Q won 1,000 of his chips and W 2,000: the bounty splits 1 : 2.
const sidePotHand: HandResult = {
  dealtIn: [
    { userId: 'Q', stack: 1_000, order: 0 },
    { userId: 'B', stack: 3_000, order: 1 },
    { userId: 'W', stack: 5_000, order: 2 },
  ],
  after: new Map([
    ['Q', 3_000],
    ['B', 0],
    ['W', 6_000],
  ]),
  pots: [
    {
      pot: 0,
      eligible: ['Q', 'B', 'W'],
      shares: [{ playerId: 'Q', amount: 3_000 }],
      committed: committed({ Q: 1_000, B: 3_000, W: 3_000 }),
    },
    {
      pot: 1,
      eligible: ['B', 'W'],
      shares: [{ playerId: 'W', amount: 4_000 }],
      committed: committed({ Q: 1_000, B: 3_000, W: 3_000 }),
    },
  ],
};

describe('bounty awards from the pots of the hand', () => {
  it("the busted player's chips by pot: 1,000 in the main pot (to Q), 2,000 in the side pot (to W)", () => {
    expect(bustPotsFor('B', sidePotHand)).toEqual([
      { amount: 3_000, bustedContribution: 1_000, winners: [{ playerId: 'Q', amount: 3_000 }] },
      { amount: 4_000, bustedContribution: 2_000, winners: [{ playerId: 'W', amount: 4_000 }] },
    ]);
  });

  it('fixed bounty 300 split by side-pot share: Q 100, W 200', () => {
    const [award] = bountyAwardsOf({ kind: 'fixed', amount: 300 }, sidePotHand, [
      { userId: 'B', entryId: 7, headIncrease: 0 },
    ]);
    expect(award).toEqual({
      bustedEntryId: 7,
      head: 300, // knockouts never grow a fixed bounty
      awards: [
        { userId: 'Q', cash: 100, headIncrease: 0 },
        { userId: 'W', cash: 200, headIncrease: 0 },
      ],
    });
  });

  it('fixed bounty 300 with a rebuy bought while still in: his head holds 2 × 300 = 600 → Q 200, W 400', () => {
    const [award] = bountyAwardsOf({ kind: 'fixed', amount: 300 }, sidePotHand, [
      { userId: 'B', entryId: 7, headIncrease: 300 },
    ]);
    expect(award).toEqual({
      bustedEntryId: 7,
      head: 600,
      awards: [
        { userId: 'Q', cash: 200, headIncrease: 0 },
        { userId: 'W', cash: 400, headIncrease: 0 },
      ],
    });
  });

  it(
    "progressive knockout: B's head 300 + 101 = 401 splits 133.67 : 267.33 → Q 134 (odd chip: larger " +
      'remainder), W 267; each half cash (odd chip in the cash), half onto his head',
    () => {
      const [award] = bountyAwardsOf({ kind: 'progressive', amount: 300 }, sidePotHand, [
        { userId: 'B', entryId: 7, headIncrease: 101 },
      ]);
      expect(award.head).toBe(401);
      expect(award.awards).toEqual([
        { userId: 'Q', cash: 67, headIncrease: 67 },
        { userId: 'W', cash: 134, headIncrease: 133 },
      ]);
      expect(award.awards.reduce((a, x) => a + x.cash + x.headIncrease, 0)).toBe(401);
    },
  );

  it('one winner of every pot he was in takes the whole bounty (the side pot he was not in does not count)', () => {
    // B (1,000) all in, X and Y (3,000 each) all in: main pot 3,000 won by X, side pot 4,000 (X, Y) won by Y.
    const hand: HandResult = {
      dealtIn: [
        { userId: 'B', stack: 1_000, order: 0 },
        { userId: 'X', stack: 3_000, order: 1 },
        { userId: 'Y', stack: 3_000, order: 2 },
      ],
      after: new Map([
        ['B', 0],
        ['X', 3_000],
        ['Y', 4_000],
      ]),
      pots: [
        {
          pot: 0,
          eligible: ['B', 'X', 'Y'],
          shares: [{ playerId: 'X', amount: 3_000 }],
          committed: committed({ B: 1_000, X: 3_000, Y: 3_000 }),
        },
        {
          pot: 1,
          eligible: ['X', 'Y'],
          shares: [{ playerId: 'Y', amount: 4_000 }],
          committed: committed({ B: 1_000, X: 3_000, Y: 3_000 }),
        },
      ],
    };
    const [award] = bountyAwardsOf({ kind: 'fixed', amount: 500 }, hand, [
      { userId: 'B', entryId: 1, headIncrease: 0 },
    ]);
    expect(award.awards).toEqual([{ userId: 'X', cash: 500, headIncrease: 0 }]);
  });

  it('a chopped pot shares the bounty: 301 → 151 and 150 (equal claims: the odd chip in input order)', () => {
    const hand: HandResult = {
      dealtIn: [
        { userId: 'B', stack: 1_000, order: 0 },
        { userId: 'X', stack: 2_000, order: 1 },
        { userId: 'Y', stack: 2_000, order: 2 },
      ],
      after: new Map([
        ['B', 0],
        ['X', 2_500],
        ['Y', 2_500],
      ]),
      pots: [
        {
          pot: 0,
          eligible: ['B', 'X', 'Y'],
          shares: [
            { playerId: 'X', amount: 1_500 },
            { playerId: 'Y', amount: 1_500 },
          ],
          committed: committed({ B: 1_000, X: 1_000, Y: 1_000 }),
        },
      ],
    };
    const [award] = bountyAwardsOf({ kind: 'fixed', amount: 301 }, hand, [
      { userId: 'B', entryId: 1, headIncrease: 0 },
    ]);
    expect(award.awards.map((a) => [a.userId, a.cash])).toEqual([
      ['X', 151],
      ['Y', 150],
    ]);
  });

  it('a hand recorded without its pots (after a crash) splits by the chips each winner gained', () => {
    const hand: HandResult = {
      dealtIn: [
        { userId: 'B', stack: 900, order: 0 },
        { userId: 'X', stack: 1_000, order: 1 },
        { userId: 'Y', stack: 1_000, order: 2 },
      ],
      after: new Map([
        ['B', 0],
        ['X', 1_300],
        ['Y', 1_600],
      ]),
    };
    const [award] = bountyAwardsOf({ kind: 'fixed', amount: 90 }, hand, [{ userId: 'B', entryId: 1, headIncrease: 0 }]);
    expect(award.awards.map((a) => [a.userId, a.cash])).toEqual([
      ['X', 30],
      ['Y', 60],
    ]);
  });
});
