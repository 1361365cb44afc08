import { parseCards } from '@naiko/engine';
import fc from 'fast-check';
import { concentratedFlow, detectChipDumping, type ChipFlow, type ConcentratedFlowFinding } from './chip-dump';
import { FairPlayError } from './hands';
import { act, award, blind, board, hand, hole, lostTo, uncalled } from './spec-hands';

describe('chip-dump signal (detectChipDumping)', () => {
  // D (seat 0) folds three strong hands to R (seat 1).
  const strongFolds = [
    // Pre-flop QQ folded after the 5-chip small blind; R wins 15 (net +5).
    hand(
      'h1',
      ['D', 'R'],
      [hole(0, 'QsQh'), hole(1, '7c2d'), blind(0, 5), blind(1, 10), act(0, 'fold'), award([[1, 15]])],
    ),
    // 22 on K K 2 = full house (category 6), folded to a 20 bet after 10 in; R's 20 comes back, wins 20 (net +10).
    hand(
      'h2',
      ['D', 'R'],
      [
        hole(0, '2h2s'),
        hole(1, '8c3d'),
        blind(0, 10),
        blind(1, 10),
        board(1, 'KsKd2c'),
        act(1, 'bet', 20),
        act(0, 'fold'),
        uncalled(1, 20),
        award([[1, 20]]),
      ],
    ),
    // AA on A 7 2 = three of a kind (category 3), 10 in.
    hand(
      'h3',
      ['D', 'R'],
      [
        hole(0, 'AhAd'),
        hole(1, '9c4d'),
        blind(0, 10),
        blind(1, 10),
        board(1, 'As7d2s'),
        act(1, 'bet', 30),
        act(0, 'fold'),
        uncalled(1, 30),
        award([[1, 20]]),
      ],
    ),
  ];

  it('flags a donor who folds strong hands into the same winner, with each hand as evidence', () => {
    const findings = detectChipDumping(strongFolds, { minStrongFolds: 3, minDonors: 99 });
    expect(findings).toEqual([
      {
        signal: 'chip-dump',
        pattern: 'strong-folds',
        recipient: 'R',
        donor: 'D',
        hands: [
          { handId: 'h1', holeCards: parseCards('QsQh'), board: [], category: -1, committed: 5, recipientWon: 5 },
          {
            handId: 'h2',
            holeCards: parseCards('2h2s'),
            board: parseCards('KsKd2c'),
            category: 6,
            committed: 10,
            recipientWon: 10,
          },
          {
            handId: 'h3',
            holeCards: parseCards('AhAd'),
            board: parseCards('As7d2s'),
            category: 3,
            committed: 10,
            recipientWon: 10,
          },
        ],
      },
    ]);
    // Thresholds are explicit: JJ is not strong at the default (queens), two folds are below a minimum of 4.
    expect(detectChipDumping(strongFolds, { minStrongFolds: 4, minDonors: 99 })).toEqual([]);
    // h1 had 5 in
    expect(detectChipDumping(strongFolds, { minStrongFolds: 3, minCommitted: 6, minDonors: 99 })).toEqual([]);
  });

  // R takes 100 from D1, 60 + 55 from D2, 40 − 10 from D3; X takes 20 from D1 and 5 from D2.
  const flows = [
    lostTo('f1', 'D1', 'R', 100),
    lostTo('f2', 'D1', 'X', 20),
    lostTo('f3', 'D2', 'R', 60),
    // Three-way: D2 puts 60, R 20, X 20; R wins 75, X 25. Nets: D2 −60, R +55, X +5 → D2 lost 60·55/60 = 55 to R and 5
    // to X.
    hand(
      'f4',
      ['D2', 'R', 'X'],
      [
        act(0, 'bet', 60),
        act(1, 'call', 20, true),
        act(2, 'call', 20, true),
        award([
          [1, 75],
          [2, 25],
        ]),
      ],
    ),
    lostTo('f5', 'D3', 'R', 40),
    lostTo('f6', 'R', 'D3', 10),
  ];

  it("flags one account that most of several accounts' losses flowed into (figures by hand)", () => {
    const findings = detectChipDumping(flows, { minDonors: 3, minDonorShare: 0.8, minNetFlow: 25 });
    expect(findings).toEqual([
      {
        signal: 'chip-dump',
        pattern: 'concentrated-flow',
        recipient: 'R',
        totalFromDonors: 245, // 100 + 115 + 30
        donors: [
          { donor: 'D1', netToRecipient: 100, netLostTotal: 120, share: 100 / 120, handIds: ['f1'] },
          { donor: 'D2', netToRecipient: 115, netLostTotal: 120, share: 115 / 120, handIds: ['f3', 'f4'] },
          { donor: 'D3', netToRecipient: 30, netLostTotal: 30, share: 1, handIds: ['f5'] },
        ],
      },
    ]);
    // D1's share 0.833 is under 0.85: only two donors left, below the minimum of three.
    expect(detectChipDumping(flows, { minDonors: 3, minDonorShare: 0.85, minNetFlow: 25 })).toEqual([]);
    // D3's net 30 is under 31.
    expect(detectChipDumping(flows, { minDonors: 3, minNetFlow: 31 })).toEqual([]);
  });

  it('control: honest play (chips going round, weak folds) raises nothing', () => {
    const honest = [
      lostTo('c1', 'A', 'B', 50),
      lostTo('c2', 'B', 'C', 40),
      lostTo('c3', 'C', 'D', 70),
      lostTo('c4', 'D', 'A', 30),
      lostTo('c5', 'B', 'D', 20),
      lostTo('c6', 'C', 'A', 60),
      hand('c7', ['A', 'B'], [hole(0, '7c2d'), blind(0, 5), blind(1, 10), act(0, 'fold'), award([[1, 15]])]),
      hand(
        'c8',
        ['A', 'B'],
        [
          hole(0, 'KhQd'),
          blind(0, 10),
          blind(1, 10),
          board(1, 'As7d2s'),
          act(1, 'bet', 20),
          act(0, 'fold'),
          uncalled(1, 20),
          award([[1, 20]]),
        ],
      ),
    ];
    expect(detectChipDumping(honest, { minStrongFolds: 1 })).toEqual([]);
  });

  it('refuses bad thresholds with a typed error', () => {
    expect(() => detectChipDumping([], { minDonorShare: 1.5 })).toThrow(FairPlayError);
    expect(() => detectChipDumping([], { minDonors: -1 })).toThrow(
      expect.objectContaining({ code: 'INVALID_OPTIONS' }),
    );
  });
});

describe('concentrated flow over the pairs that played (concentratedFlow)', () => {
  /** The definition, over every pair of users and every user again for a donor's total. */
  function allPairs(
    flow: ChipFlow,
    options: { minDonors: number; minNetFlow: number; minDonorShare: number },
  ): ConcentratedFlowFinding[] {
    const netLost = (from: string, to: string) =>
      (flow.get(from)?.get(to)?.chips ?? 0) - (flow.get(to)?.get(from)?.chips ?? 0);
    const users = [...new Set([...flow.keys(), ...[...flow.values()].flatMap((row) => [...row.keys()])])].sort();
    const findings: ConcentratedFlowFinding[] = [];
    for (const recipient of users) {
      const donors = [];
      for (const donor of users) {
        if (donor === recipient) continue;
        const toRecipient = netLost(donor, recipient);
        if (toRecipient < options.minNetFlow || toRecipient <= 0) continue;
        const netLostTotal = users.reduce(
          (sum, user) => (user === donor ? sum : sum + Math.max(0, netLost(donor, user))),
          0,
        );
        const share = toRecipient / netLostTotal;
        if (share < options.minDonorShare) continue;
        donors.push({
          donor,
          netToRecipient: toRecipient,
          netLostTotal,
          share,
          handIds: [...flow.get(donor)!.get(recipient)!.hands],
        });
      }
      if (donors.length >= Math.max(1, options.minDonors))
        findings.push({
          signal: 'chip-dump',
          pattern: 'concentrated-flow',
          recipient,
          totalFromDonors: donors.reduce((sum, evidence) => sum + evidence.netToRecipient, 0),
          donors,
        });
    }
    return findings;
  }

  const players = ['a', 'b', 'c', 'd', 'e', 'f', 'g'];
  const flows = fc
    .array(
      fc.record({
        from: fc.constantFrom(...players),
        to: fc.constantFrom(...players),
        chips: fc.integer({ min: 1, max: 500 }),
        hand: fc.constantFrom('h1', 'h2', 'h3'),
      }),
      { maxLength: 40 },
    )
    .map((edges) => {
      const flow = new Map<string, Map<string, { chips: number; hands: string[] }>>();
      for (const edge of edges) {
        if (edge.from === edge.to) continue;
        const row = flow.get(edge.from) ?? new Map<string, { chips: number; hands: string[] }>();
        flow.set(edge.from, row);
        const cell = row.get(edge.to) ?? { chips: 0, hands: [] };
        row.set(edge.to, cell);
        cell.chips += edge.chips;
        if (!cell.hands.includes(edge.hand)) cell.hands.push(edge.hand);
      }
      return flow;
    });

  test('finds exactly what the all-pairs definition finds, in the same order (property)', () => {
    fc.assert(
      fc.property(
        flows,
        fc.integer({ min: 0, max: 3 }),
        fc.integer({ min: 1, max: 200 }),
        fc.double({ min: 0, max: 1, noNaN: true }),
        (flow, minDonors, minNetFlow, minDonorShare) => {
          const options = { minDonors, minNetFlow, minDonorShare };
          expect(concentratedFlow(flow, options)).toEqual(allPairs(flow, options));
        },
      ),
      { numRuns: 300, seed: 26 },
    );
  });

  test('one recipient fed by three donors who lose nearly everything to him: flagged with each share', () => {
    // a, b, c lose 100 each to r; a also loses 10 to b (a's share to r: 100 / 110).
    const flow: ChipFlow = new Map([
      [
        'a',
        new Map([
          ['r', { chips: 100, hands: ['h1'] }],
          ['b', { chips: 10, hands: ['h2'] }],
        ]),
      ],
      ['b', new Map([['r', { chips: 100, hands: ['h3'] }]])],
      ['c', new Map([['r', { chips: 100, hands: ['h4'] }]])],
    ]);
    const [finding] = concentratedFlow(flow, { minDonors: 3, minNetFlow: 1, minDonorShare: 0.8 });
    expect(finding).toMatchObject({ recipient: 'r', totalFromDonors: 300 });
    expect(finding.donors.map((d) => [d.donor, d.netLostTotal, Math.round(d.share * 1000) / 1000])).toEqual([
      ['a', 110, 0.909],
      ['b', 100, 1],
      ['c', 100, 1],
    ]);
  });
});
