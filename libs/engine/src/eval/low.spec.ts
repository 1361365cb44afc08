import fc from 'fast-check';
import { standardDeck } from '../cards/deck';
import { LOW_VALUE_BASE, low8Ranks } from './low';
import { evaluateDeuceSeven, evaluateLow8 } from './rankings';
import { describeHand } from './registry';
import { cards, forEachFive } from './test-helpers';
import { evalHighNoWheel5 } from './high-mask';

const low = (text: string) => evaluateLow8(cards(text));
const d27 = (text: string) => evaluateDeuceSeven(cards(text));

describe('low 8-or-better (ace to five)', () => {
  it('A-2-3-4-5 is the best low; straights and flushes are ignored', () => {
    expect(low('As 2s 3s 4s 5s')).toBe(LOW_VALUE_BASE - 0b11111);
    expect(low('As 2d 3c 4h 5s')).toBe(low('As 2s 3s 4s 5s'));
    expect(low('As 2d 3c 4h 6s')).toBeLessThan(low('As 2d 3c 4h 5s')!);
  });

  it('compares from the highest card down: 8-5-4-3-2 loses to 7-6-5-4-3, 8-6-4-2-A beats 8-6-5-2-A', () => {
    expect(low('8s 5d 4c 3h 2s')).toBeLessThan(low('7s 6d 5c 4h 3s')!);
    expect(low('8s 6d 4c 2h As')).toBeGreaterThan(low('8s 6d 5c 2h As')!);
    expect(low8Ranks(low('8s 6d 4c 2h As')!)).toEqual([6, 4, 2, 0, 12]);
  });

  it('no qualifying low: a nine, a pair leaving four low ranks, or nothing low', () => {
    expect(low('9s 5d 4c 3h 2s')).toBeNull();
    expect(low('As Ad 4c 3h 2s')).toBeNull();
    expect(low('Ks Qd Jc Th 9s')).toBeNull();
  });

  it('stud hi/lo: best low of seven cards, pairs skipped', () => {
    expect(low('As Ad 2c 2h 3s 8d 7c')).toBe(LOW_VALUE_BASE - 0b11000111); // 8-7-3-2-A
    expect(describeHand('low8', cards('As Ad 2c 2h 3s 8d 7c'))?.text).toBe('low: 8d 7c 3s 2c As');
    expect(describeHand('low8', cards('Ks Kd 2c 2h 3s 8d 7c'))).toBeNull();
  });

  it('over all 2,598,960 five-card hands: 56 distinct lows, 57,344 qualifying hands', () => {
    const seen = new Set<number>();
    let qualifying = 0;
    const five = [0, 0, 0, 0, 0];
    forEachFive(standardDeck(), (card1, card2, card3, card4, card5) => {
      five[0] = card1;
      five[1] = card2;
      five[2] = card3;
      five[3] = card4;
      five[4] = card5;
      const value = evaluateLow8(five);
      if (value !== null) {
        qualifying++;
        seen.add(value);
      }
    });
    expect(seen.size).toBe(56); // C(8,5) rank sets
    expect(qualifying).toBe(56 * 4 ** 5);
  });

  it('property: order independence and adding a card never spoils a low', () => {
    fc.assert(
      fc.property(fc.shuffledSubarray(standardDeck(), { minLength: 7, maxLength: 7 }), (seven) => {
        const five = evaluateLow8(seven.slice(0, 5));
        const all = evaluateLow8(seven);
        expect(evaluateLow8([...seven].reverse())).toBe(all);
        if (five !== null) expect(all).toBeGreaterThanOrEqual(five);
      }),
      { numRuns: 2000, seed: 21 },
    );
  });
});

describe('deuce-to-seven lowball', () => {
  it('7-5-4-3-2 is the best hand; the ace is high only, so A-2-3-4-5 is ace-high, not a straight', () => {
    expect(d27('7s 5d 4c 3h 2s')).toBeGreaterThan(d27('7s 6d 4c 3h 2s'));
    expect(d27('As 2d 3c 4h 5s')).toBeLessThan(d27('Ks Qd Jc Th 8s'));
    expect(describeHand('deuce-seven', cards('As 2d 3c 4h 5s'))?.category).toBe('high-card');
  });

  it('straights and flushes count against the hand; pairs lose to any no-pair hand', () => {
    expect(d27('3s 4d 5c 6h 7s')).toBeLessThan(d27('As Kd Qc Jh 9s')); // straight < ace-high
    expect(d27('7s 5s 4s 3s 2s')).toBeLessThan(d27('As Kd Qc Jh 9s')); // flush
    expect(d27('2s 2d 3c 4h 5s')).toBeLessThan(d27('As Kd Qc Jh 9s'));
    expect(d27('8s 6d 4c 3h 2s')).toBeGreaterThan(d27('8s 6d 5c 3h 2s'));
  });

  it('over all 2,598,960 five-card hands there are 7,462 distinct 2-7 values', () => {
    const seen = new Set<number>();
    forEachFive(standardDeck(), (a, b, c, d, e) => seen.add(evalHighNoWheel5(a, b, c, d, e)));
    expect(seen.size).toBe(7462);
  });
});
