import { FairPlayError } from './hands';
import { detectSoftPlay } from './soft-play';
import { act, award, hand } from './spec-hands';

/** A hand between users[0] (seat 0) and users[1] (seat 1) with these actions, alternating from seat 0. */
const hu = (id: string, users: string[], actions: string[]) =>
  hand(id, users, [...actions.map((a, i) => act(i % 2, a, a === 'check' || a === 'fold' ? 0 : 10)), award([[0, 10]])]);

describe('soft-play signal (detectSoftPlay)', () => {
  // A and B never bet into each other; each bets half the time heads-up against C.
  const hands = [
    hu('s1', ['A', 'B'], ['check', 'check', 'check', 'check']), // A 2 decisions, B 2, none aggressive
    // Three-way: C folds first, then A and B are heads-up: 1 decision each. C's fold was not heads-up.
    hand('s2', ['A', 'B', 'C'], [act(2, 'fold'), act(0, 'check'), act(1, 'check'), award([[0, 0]])]),
    hu('s3', ['A', 'B'], ['check', 'check']), // A 4, B 4 — all passive
    hu('o1', ['A', 'C'], ['bet', 'call', 'check', 'check']), // A: bet, check → 2 decisions, 1 aggressive
    hu('o2', ['A', 'C'], ['bet', 'call', 'check', 'check']), // A vs others: 4 decisions, 2 aggressive
    hu('o3', ['B', 'C'], ['bet', 'call', 'check', 'check']),
    hu('o4', ['B', 'C'], ['bet', 'call', 'check', 'check']), // B vs others: 4 decisions, 2 aggressive
  ];

  it('flags a pair whose heads-up aggression against each other is far below their rate against others', () => {
    expect(detectSoftPlay(hands, { minSample: 4, minOtherSample: 4 })).toEqual([
      {
        signal: 'soft-play',
        pair: ['A', 'B'],
        sides: [
          {
            userId: 'A',
            vsPartner: { decisions: 4, aggressive: 0, rate: 0 },
            vsOthers: { decisions: 4, aggressive: 2, rate: 0.5 },
          },
          {
            userId: 'B',
            vsPartner: { decisions: 4, aggressive: 0, rate: 0 },
            vsOthers: { decisions: 4, aggressive: 2, rate: 0.5 },
          },
        ],
        handIds: ['s1', 's2', 's3'],
      },
    ]);
  });

  it('needs the minimum sample on both sides', () => {
    expect(detectSoftPlay(hands, { minSample: 5, minOtherSample: 4 })).toEqual([]);
    expect(detectSoftPlay(hands, { minSample: 4, minOtherSample: 5 })).toEqual([]);
  });

  it('does not count decisions against an all-in opponent', () => {
    // B is all-in with his blind, then A calls: A had no chance to bet into B, so nothing is counted.
    const allIn = hand(
      's4',
      ['A', 'B'],
      [
        { type: 'forced-bet', seat: 1, kind: 'big-blind', amount: 10, allIn: true },
        act(0, 'call', 10),
        award([[0, 20]]),
      ],
    );
    const [softPlayFinding] = detectSoftPlay([...hands, allIn], { minSample: 4, minOtherSample: 4 });
    expect(softPlayFinding.sides[0].vsPartner.decisions).toBe(4);
    expect(softPlayFinding.handIds).toEqual(['s1', 's2', 's3']);
  });

  it('control: honest players who bet into each other as into others raise nothing', () => {
    const honest = [
      hu('c1', ['A', 'B'], ['bet', 'call', 'check', 'check']),
      hu('c2', ['A', 'B'], ['check', 'bet', 'call', 'check']),
      hu('c3', ['A', 'C'], ['bet', 'call', 'check', 'check']),
      hu('c4', ['A', 'C'], ['check', 'check', 'bet', 'fold']),
      hu('c5', ['B', 'C'], ['bet', 'call', 'check', 'check']),
      hu('c6', ['B', 'C'], ['check', 'bet', 'raise', 'fold']),
    ];
    expect(detectSoftPlay(honest, { minSample: 2, minOtherSample: 2 })).toEqual([]);
    // A player passive against everybody is not soft-playing anyone.
    const passive = [
      hu('p1', ['A', 'B'], ['check', 'check']),
      hu('p2', ['A', 'C'], ['check', 'check']),
      hu('p3', ['B', 'C'], ['check', 'check']),
    ];
    expect(detectSoftPlay(passive, { minSample: 1, minOtherSample: 1 })).toEqual([]);
  });

  it('refuses bad thresholds with a typed error', () => {
    expect(() => detectSoftPlay([], { minSample: 1.5 })).toThrow(FairPlayError);
    expect(() => detectSoftPlay([], { maxRatio: -1 })).toThrow(FairPlayError);
  });
});
