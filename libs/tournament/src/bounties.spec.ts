import fc from 'fast-check';
import {
  headAfterRebuy,
  BountyError,
  applyKnockoutToHeads,
  eliminatorsFromPots,
  fixedBountyPayout,
  progressiveKnockout,
  splitBounty,
  winnerOwnBounty,
} from '@naiko/tournament';

const codeOf = (call: () => unknown) => {
  try {
    call();
  } catch (error) {
    if (error instanceof BountyError) return error.code;
    throw error;
  }
  return undefined;
};

// P (3000 chips) all-in against S (1000, all-in) and Q (covers). Main pot 3 × 1000 = 3000, won by S;
// side pot P 2000 + Q 2000 = 4000, won by Q. S won 1000 of P's chips, Q won 2000: weights 1 : 2.
const mainAndSide = [
  { amount: 3000, bustedContribution: 1000, winners: [{ playerId: 'S', amount: 3000 }] },
  { amount: 4000, bustedContribution: 2000, winners: [{ playerId: 'Q', amount: 4000 }] },
];

describe('fixed bounty per knockout', () => {
  test('one eliminator takes the whole fixed bounty', () => {
    const elim = eliminatorsFromPots([
      { amount: 2000, bustedContribution: 1000, winners: [{ playerId: 'A', amount: 2000 }] },
    ]);
    expect(fixedBountyPayout(500, elim)).toEqual([{ playerId: 'A', amount: 500 }]);
  });

  // Chopped pot 3000 (busted put in 1000), A and B win 1500 each → equal weights: 500 → 250 / 250;
  // 501 → 250.5 each, the odd chip to the first listed (equal weights): 251 / 250.
  test('a chopped pot splits the bounty equally, the odd chip to the first listed', () => {
    const elim = eliminatorsFromPots([
      {
        amount: 3000,
        bustedContribution: 1000,
        winners: [
          { playerId: 'A', amount: 1500 },
          { playerId: 'B', amount: 1500 },
        ],
      },
    ]);
    expect(fixedBountyPayout(500, elim).map((x) => x.amount)).toEqual([250, 250]);
    expect(fixedBountyPayout(501, elim).map((x) => x.amount)).toEqual([251, 250]);
  });

  // Bounty 1000 split 1 : 2 → 333.33 / 666.67 → 333 + 666 = 999, the odd chip to the larger fraction (Q): 333 / 667.
  test('split bounty by side-pot share: main pot to S, side pot to Q → 1 : 2', () => {
    expect(fixedBountyPayout(1000, eliminatorsFromPots(mainAndSide))).toEqual([
      { playerId: 'S', amount: 333 },
      { playerId: 'Q', amount: 667 },
    ]);
  });

  test('equal remainders: the eliminator who took more of the busted chips gets the odd chip', () => {
    // Weights 1 and 3, bounty 2: 0.5 / 1.5 → 0 + 1 = 1, the chip left goes to the weight-3 player → 0 / 2.
    expect(
      splitBounty(2, [
        { playerId: 'a', weight: 1n },
        { playerId: 'b', weight: 3n },
      ]).map((x) => x.amount),
    ).toEqual([0, 2]);
  });
});

describe('progressive knockout', () => {
  // Head 1000, one eliminator E (own head 1000): 500 cash, 500 onto his head → 1500; P's head 0.
  test('PKO: half of the head to the eliminator as cash, half onto his own head', () => {
    const awards = progressiveKnockout(1000, [{ playerId: 'E', weight: 1n }]);
    expect(awards).toEqual([{ playerId: 'E', cash: 500, headIncrease: 500 }]);
    expect(applyKnockoutToHeads({ P: 1000, E: 1000 }, 'P', awards)).toEqual({ P: 0, E: 1500 });
  });

  // Head 751: cash ceil(751/2) = 376, head floor(751/2) = 375.
  test('PKO odd chip goes to the cash half', () => {
    expect(progressiveKnockout(751, [{ playerId: 'E', weight: 1n }])).toEqual([
      { playerId: 'E', cash: 376, headIncrease: 375 },
    ]);
  });

  // Head 1000 split 333 / 667 (above); S: cash 167, head +166; Q: cash 334, head +333. 167+166+334+333 = 1000.
  test('PKO with several eliminators: split first, then halve each share', () => {
    expect(progressiveKnockout(1000, eliminatorsFromPots(mainAndSide))).toEqual([
      { playerId: 'S', cash: 167, headIncrease: 166 },
      { playerId: 'Q', cash: 334, headIncrease: 333 },
    ]);
  });

  test('the tournament winner collects his own head', () => {
    expect(winnerOwnBounty({ W: 3750, X: 0 }, 'W')).toBe(3750);
  });

  test('no chip of a head is lost (property)', () => {
    fc.assert(
      fc.property(
        fc.integer({ min: 0, max: 10_000_000 }),
        fc.array(fc.integer({ min: 1, max: 1_000_000 }), { minLength: 1, maxLength: 8 }),
        (head, ws) => {
          const awards = progressiveKnockout(
            head,
            ws.map((w, i) => ({ playerId: `p${i}`, weight: BigInt(w) })),
          );
          expect(awards.reduce((a, x) => a + x.cash + x.headIncrease, 0)).toBe(head);
        },
      ),
    );
  });
});

describe('bounty input errors', () => {
  test('bad input is refused with a typed error', () => {
    expect(codeOf(() => splitBounty(-1, [{ playerId: 'a', weight: 1n }]))).toBe('bad-amount');
    expect(codeOf(() => splitBounty(10, []))).toBe('bad-eliminators');
    expect(
      codeOf(() =>
        splitBounty(10, [
          { playerId: 'a', weight: 1n },
          { playerId: 'a', weight: 2n },
        ]),
      ),
    ).toBe('duplicate-player');
    expect(codeOf(() => eliminatorsFromPots([]))).toBe('bad-eliminators');
    expect(
      codeOf(() =>
        eliminatorsFromPots([{ amount: 100, bustedContribution: 50, winners: [{ playerId: 'a', amount: 90 }] }]),
      ),
    ).toBe('bad-eliminators');
    expect(codeOf(() => applyKnockoutToHeads({}, 'P', [{ playerId: 'E', cash: 1, headIncrease: 1 }]))).toBe(
      'bad-eliminators',
    );
  });
});

describe("a rebuy buys a new bounty on the rebuyer's head (headAfterRebuy)", () => {
  it('still in with a PKO head of 150 (100 + 50 won): a rebuy of bounty 100 makes it 250', () => {
    expect(headAfterRebuy(150, 100, false)).toBe(250);
  });

  it('busted (his head of 150 went to his eliminators): the rebuy puts a fresh 100 on his head', () => {
    expect(headAfterRebuy(150, 100, true)).toBe(100);
  });

  it('refuses a negative head', () => {
    expect(() => headAfterRebuy(-1, 100, false)).toThrow(BountyError);
  });
});
