import fc from 'fast-check';
import { standardDeck } from '../cards/deck';
import { evalHighMask5, maskCategory } from './high-mask';
import {
  HIGH_CATEGORY_NAMES,
  HIGH_CLASS_COUNT,
  HighCategory,
  buildHighTables,
  evalHigh5,
  evalHigh7,
  highCategory,
} from './high';
import { evaluateHigh } from './rankings';
import { STANDARD_RULES } from './rankings';
import { evaluateRanked5, STANDARD_ORDER } from './ranked';
import { cards, forEachFive } from './test-helpers';

// phe (devDependency) is an independent implementation (HenryRLee's PokerHandEvaluator): smaller is better.
const phe7: (...c: number[]) => number = require('phe/lib/evaluator7');

const high = (text: string) => evaluateHigh(cards(text));
const category = (text: string) => HIGH_CATEGORY_NAMES[highCategory(high(text))];

describe('standard high ranking', () => {
  it('house rules examples (Danish table): each left hand beats the right one', () => {
    expect(high('Qs Qh Qd 6c 6d')).toBeGreaterThan(high('Qc Qh Qd 5c 5d'));
    expect(high('Kh 7h 5h 3h 2h')).toBeGreaterThan(high('Qs Js Ts 8s 6s'));
    expect(high('As Ah Kd Tc 6c')).toBeGreaterThan(high('Ad Ac Qd Jc 5c'));
    expect(high('Js Jh Jd Ac Qc')).toBeGreaterThan(high('Js Jh Jc Ad 9c'));
  });

  it('A-2-3-4-5 is the lowest straight and Q-K-A-2-3 does not wrap around', () => {
    expect(category('As 2d 3c 4h 5s')).toBe('straight');
    expect(high('As 2d 3c 4h 5s')).toBeLessThan(high('2d 3c 4h 5s 6d'));
    expect(high('As 2d 3c 4h 5s')).toBeGreaterThan(high('As Ad Ac Kh Qs'));
    expect(category('Qs Kd Ac 2h 3s')).toBe('high-card');
    expect(category('Ts Js Qs Ks As')).toBe('straight-flush');
    expect(high('Ts Js Qs Ks As')).toBe(HIGH_CLASS_COUNT);
    expect(high('7s 5d 4c 3h 2s')).toBe(1);
  });

  it('category order: straight flush > quads > full house > flush > straight > trips > two pair > pair > high card', () => {
    const ladder = [
      '5s 6s 7s 8s 9s',
      '2c 2d 2h 2s 3c',
      '3c 3d 3h 2s 2c',
      'Ah Jh 9h 5h 3h',
      'Tc Jd Qh Ks Ad',
      'Ac Ad Ah Ks Qd',
      'Ac Ad Kh Ks Qd',
      'Ac Ad Kh Qs Jd',
      'Ac Kd Qh Js 9d',
    ];
    for (let i = 0; i + 1 < ladder.length; i++) expect(high(ladder[i])).toBeGreaterThan(high(ladder[i + 1]));
    expect(ladder.map(category)).toEqual([...HIGH_CATEGORY_NAMES].reverse());
  });

  it('best five of seven: the board plays, a sixth or seventh card only counts when it improves the five', () => {
    expect(high('2c 3d As Ks Qs Js Ts')).toBe(HIGH_CLASS_COUNT);
    expect(high('Ah Kd 8s 8c 8d 2h 2d')).toBe(high('8s 8c 8d 2h 2d'));
    // two trips make a full house with the lower trips as the pair
    expect(high('9s 9c 9d 4h 4d 4s Ac')).toBe(high('9s 9c 9d 4h 4d'));
    expect(high('Kh 7h 5h 3h 2h 2s 2c')).toBe(high('Kh 7h 5h 3h 2h'));
    // six cards (stud sixth street)
    expect(high('Ah 2h 3h 4h 5h 6c')).toBe(high('Ah 2h 3h 4h 5h'));
  });

  it('all 2,598,960 five-card hands by category, exactly 7,462 distinct classes, in the order of the readable mask classifier', () => {
    const counts = new Array(9).fill(0);
    // The dense class must be a strictly increasing function of the independent mask classifier's value.
    const denseOfMask = new Map<number, number>();
    let consistent = true;
    forEachFive(standardDeck(), (card1, card2, card3, card4, card5) => {
      const tableValue = evalHigh5(card1, card2, card3, card4, card5);
      const maskValue = evalHighMask5(card1, card2, card3, card4, card5);
      counts[highCategory(tableValue)]++;
      const prev = denseOfMask.get(maskValue);
      if (prev === undefined) denseOfMask.set(maskValue, tableValue);
      else if (prev !== tableValue) consistent = false;
      if (maskCategory(maskValue) !== highCategory(tableValue)) consistent = false;
    });
    expect(counts).toEqual([1302540, 1098240, 123552, 54912, 10200, 5108, 3744, 624, 40]);
    expect(consistent).toBe(true);
    const byMask = [...denseOfMask.entries()].sort((x, y) => x[0] - y[0]).map((p) => p[1]);
    expect(byMask).toEqual(Array.from({ length: HIGH_CLASS_COUNT }, (_, i) => i + 1));
  });

  it('agrees with the rule-driven evaluator and with phe on random hands', () => {
    fc.assert(
      fc.property(fc.shuffledSubarray(standardDeck(), { minLength: 10, maxLength: 10 }), (ten) => {
        const [first, second] = [ten.slice(0, 5), ten.slice(5)];
        const ours = Math.sign(evaluateHigh(first) - evaluateHigh(second));
        expect(
          Math.sign(evaluateRanked5(first, STANDARD_RULES).value - evaluateRanked5(second, STANDARD_RULES).value),
        ).toBe(ours);
        expect(STANDARD_ORDER[Math.floor(evaluateRanked5(first, STANDARD_RULES).value / 52 ** 8)]).toBe(
          HIGH_CATEGORY_NAMES[highCategory(evaluateHigh(first))],
        );
      }),
      { numRuns: 1000, seed: 1 },
    );
    fc.assert(
      fc.property(fc.shuffledSubarray(standardDeck(), { minLength: 14, maxLength: 14 }), (cs) => {
        const [first, second] = [cs.slice(0, 7), cs.slice(7)];
        const ours = Math.sign(
          evalHigh7(first[0], first[1], first[2], first[3], first[4], first[5], first[6]) -
            evalHigh7(second[0], second[1], second[2], second[3], second[4], second[5], second[6]),
        );
        expect(ours).toBe(Math.sign(phe7(...second) - phe7(...first)));
      }),
      { numRuns: 5000, seed: 2 },
    );
  });

  it('property: the value does not depend on the order of the cards', () => {
    fc.assert(
      fc.property(
        fc.shuffledSubarray(standardDeck(), { minLength: 5, maxLength: 7 }),
        fc.infiniteStream(fc.nat()),
        (hand, rnd) => {
          const shuffled = [...hand];
          for (let i = shuffled.length - 1; i > 0; i--) {
            const swapWith = rnd.next().value % (i + 1);
            [shuffled[i], shuffled[swapWith]] = [shuffled[swapWith], shuffled[i]];
          }
          expect(evaluateHigh(shuffled)).toBe(evaluateHigh(hand));
        },
      ),
      { numRuns: 1000, seed: 3 },
    );
  });

  it('property: adding a card never makes a high hand worse', () => {
    fc.assert(
      fc.property(fc.shuffledSubarray(standardDeck(), { minLength: 7, maxLength: 7 }), (seven) => {
        const five = evaluateHigh(seven.slice(0, 5));
        const six = evaluateHigh(seven.slice(0, 6));
        expect(six).toBeGreaterThanOrEqual(five);
        expect(evaluateHigh(seven)).toBeGreaterThanOrEqual(six);
      }),
      { numRuns: 2000, seed: 4 },
    );
  });

  it('builds its tables well inside the start-up budget and the categories are ordered by class', () => {
    const highTables = buildHighTables();
    const bytes = Object.values(highTables).reduce((n: number, a: ArrayBufferView) => n + a.byteLength, 0);
    expect(bytes).toBeLessThan(1 << 20);
    let ordered = true;
    for (let v = 2; v <= HIGH_CLASS_COUNT; v++)
      if (highTables.categoryOf[v] < highTables.categoryOf[v - 1]) ordered = false;
    expect(ordered).toBe(true);
    expect(highTables.categoryOf[HIGH_CLASS_COUNT]).toBe(HighCategory.StraightFlush);
  });

  it('rejects a hand of the wrong size', () => {
    expect(() => evaluateHigh(cards('As Kd Qc Jh'))).toThrow(RangeError);
    expect(() => evaluateHigh(cards('As Kd Qc Jh Ts 9s 8s 7s'))).toThrow(RangeError);
  });

  it('rejects jokers and repeated cards instead of hashing them to some other hand', () => {
    expect(() => evaluateHigh(cards('As Kd Qc Jh Jk'))).toThrow('not a natural card');
    expect(() => evaluateHigh(cards('As Kd Qc Jh As'))).toThrow('appears twice');
    expect(() => evaluateHigh(cards('2c Kd Qc Jh 2c'))).toThrow('appears twice');
    expect(() => evaluateHigh([1.5, 2, 3, 4, 5])).toThrow('not a natural card');
  });
});
