import fc from 'fast-check';
import { standardDeck } from '../cards/deck';
import { evalHigh5, highCategory, HighCategory } from './high';
import { LOW_VALUE_BASE } from './low';
import { evaluateHigh, evaluateOmahaHigh, evaluateOmahaLow8 } from './rankings';
import { describeHand } from './registry';
import { cards } from './test-helpers';

/** Brute force: every 2-of-hole x 3-of-board five, scored by the 5-card evaluator. */
function bruteOmaha(hole: number[], board: number[]): number {
  let best = 0;
  for (let i = 0; i < hole.length; i++)
    for (let j = i + 1; j < hole.length; j++)
      for (let a = 0; a < board.length; a++)
        for (let b = a + 1; b < board.length; b++)
          for (let c = b + 1; c < board.length; c++)
            best = Math.max(best, evalHigh5(hole[i], hole[j], board[a], board[b], board[c]));
  return best;
}

const omaha = (hole: string, board: string) => evaluateOmahaHigh(cards(hole), cards(board));

describe('Omaha high: exactly two hole cards and exactly three board cards', () => {
  it('a hole-only flush does not count: four spades in the hand, none on the board', () => {
    expect(highCategory(omaha('As Ks Qs Js', '2c 7d 9h Td 3c'))).not.toBe(HighCategory.Flush);
    expect(omaha('As Ks Qs Js', '2c 7d 9h Td 3c')).toBe(evaluateHigh(cards('As Ks Td 9h 7d')));
  });

  it('a board-only flush does not count: five hearts on the board, one heart in the hand', () => {
    expect(highCategory(omaha('Ah Kd Qc Js', '2h 5h 7h 9h Jh'))).not.toBe(HighCategory.Flush);
    expect(highCategory(omaha('Ah Kh Qc Js', '2h 5h 7h 9h Jh'))).toBe(HighCategory.Flush);
  });

  it('four to a straight on the board needs two hole cards: a single connecting card is not enough', () => {
    expect(highCategory(omaha('9c 2d 2h 3s', '5h 6d 7c 8s Kd'))).not.toBe(HighCategory.Straight);
    expect(highCategory(omaha('9c Td 2h 3s', '5h 6d 7c 8s Kd'))).toBe(HighCategory.Straight);
  });

  it('quads in the hand play as a pair; trips on the board need two hole cards', () => {
    expect(highCategory(omaha('Ac Ad Ah As', '2c 7d 9h Td 3c'))).toBe(HighCategory.Pair);
    expect(highCategory(omaha('Kc 2d 5h 8s', 'Ac Ad Ah Td 3c'))).toBe(HighCategory.ThreeOfAKind);
  });

  it('works with 4 or 5 hole cards and a 3- or 4-card board (flop, turn)', () => {
    expect(omaha('As Ks 2c 3d 4h', 'Qs Js Ts')).toBe(7462);
    expect(omaha('As Ks 2c 3d', 'Qs Js Ts 9d')).toBe(7462);
    expect(describeHand('omaha-high', cards('As Ks 2c 3d'), cards('Qs Js Ts 9d 2h'))?.category).toBe('royal-flush');
  });

  it('property: equals the brute force over every 2+3 five (so no hole-only or board-only flush or straight)', () => {
    fc.assert(
      fc.property(fc.shuffledSubarray(standardDeck(), { minLength: 10, maxLength: 10 }), fc.boolean(), (cs, five) => {
        const hole = cs.slice(0, five ? 5 : 4);
        const board = cs.slice(5);
        expect(evaluateOmahaHigh(hole, board)).toBe(bruteOmaha(hole, board));
      }),
      { numRuns: 3000, seed: 11 },
    );
  });

  it('property: flush only when two hole cards and three board cards share the suit', () => {
    fc.assert(
      fc.property(fc.shuffledSubarray(standardDeck(), { minLength: 9, maxLength: 9 }), (cs) => {
        const hole = cs.slice(0, 4),
          board = cs.slice(4);
        const cat = highCategory(evaluateOmahaHigh(hole, board));
        const possible = [0, 1, 2, 3].some(
          (s) => hole.filter((c) => (c & 3) === s).length >= 2 && board.filter((c) => (c & 3) === s).length >= 3,
        );
        if (cat === HighCategory.Flush || cat === HighCategory.StraightFlush) expect(possible).toBe(true);
      }),
      { numRuns: 3000, seed: 12 },
    );
  });
});

describe('Omaha low 8-or-better: exactly two hole cards and three board cards', () => {
  const low = (hole: string, board: string) => evaluateOmahaLow8(cards(hole), cards(board));

  it('needs two low hole cards of ranks not used on the board', () => {
    expect(low('As 2d Kc Kh', '3c 4h 8s Qd Jd')).toBe(LOW_VALUE_BASE - 0b10001111); // 8-4-3-2-A
    expect(low('As Kd Kc Kh', '2c 3h 4s 5d 6d')).toBeNull(); // one low hole card only
    expect(low('As 2d Kc Kh', '3c 4h Qs Qd Jd')).toBeNull(); // only two low board cards
    expect(low('As 3d Kc Kh', 'Ac 3h 4s 5d 9d')).toBeNull(); // paired hole cards cannot both play
    expect(low('As 2d 3c 4h', '5c 6h 7s Qd Jd')).toBe(LOW_VALUE_BASE - 0b01110011); // 7-6-5-2-A: A-2 + 5-6-7
  });

  it("the hand's best two low cards need not be its lowest: the board decides", () => {
    // hole A-2-3-4 on board 3-4-5: best is A-2 + 3-4-5 (the wheel)
    expect(low('As 2d 3c 4h', '3s 4d 5h Kd Qd')).toBe(LOW_VALUE_BASE - 0b00011111);
  });

  it('a description names the five low cards, highest first', () => {
    expect(describeHand('omaha-low8', cards('As 2d Kc Kh'), cards('3c 4h 8s Qd Jd'))?.text).toBe('low: 8s 4h 3c 2d As');
  });
});
