import { type Card, rankOf, suitOf } from '../cards/card';
import { shortDeck32 } from '../cards/deck';
import { type CategoryName, SHORT_DECK_ORDER, unpackRanked } from './ranked';
import { evaluateAmericana, evaluateDraw32, evaluateDraw7a } from './rankings';
import { describeHand, evaluatorFor } from './registry';
import { cards, forEachFive } from './test-helpers';

const americana = (t: string) => evaluateAmericana(cards(t));
const draw32 = (t: string) => evaluateDraw32(cards(t));
const categoryOf = (value: number): CategoryName => SHORT_DECK_ORDER[unpackRanked(value).categoryIndex];

/**
 * Independent brute-force classifier for the test: a short deck whose lowest rank is `low`, the ace also
 * playing just below it in a straight. Written from the rule text, sharing no code with the evaluator.
 */
function naiveCategory(hand: readonly Card[], low: number): CategoryName {
  const counts = new Map<number, number>();
  for (const card of hand) counts.set(rankOf(card), (counts.get(rankOf(card)) ?? 0) + 1);
  const shape = [...counts.values()].sort((a, b) => b - a).join('');
  const flush = new Set(hand.map(suitOf)).size === 1;
  const ranks = new Set(hand.map(rankOf));
  const runs: number[][] = [[12, low, low + 1, low + 2, low + 3]];
  for (let top = low + 4; top <= 12; top++) runs.push([top, top - 1, top - 2, top - 3, top - 4]);
  const straight = ranks.size === 5 && runs.some((run) => run.every((r) => ranks.has(r)));
  if (straight && flush) return 'straight-flush';
  if (shape === '41') return 'four-of-a-kind';
  if (flush) return 'flush';
  if (shape === '32') return 'full-house';
  if (straight) return 'straight';
  if (shape === '311') return 'three-of-a-kind';
  if (shape === '221') return 'two-pair';
  if (shape === '2111') return 'pair';
  return 'high-card';
}

function countCategories(deck: readonly Card[], low: number, evaluate: (five: Card[]) => number) {
  const naive: Record<string, number> = {};
  let mismatches = 0;
  forEachFive(deck, (card1, card2, card3, card4, card5) => {
    const hand = [card1, card2, card3, card4, card5];
    const expected = naiveCategory(hand, low);
    naive[expected] = (naive[expected] ?? 0) + 1;
    if (categoryOf(evaluate(hand)) !== expected) mismatches++;
  });
  return { naive, mismatches };
}

describe('Americana and Five Card Draw 7-A (32 cards, seven to ace)', () => {
  it('a flush beats a full house', () => {
    expect(americana('7h 9h Jh Qh Ah')).toBeGreaterThan(americana('Ac Ad Ah Ks Kd'));
    expect(americana('Ac Ad Ah As 7d')).toBeGreaterThan(americana('7h 9h Jh Qh Ah'));
  });

  it('A-7-8-9-T is the lowest straight, and a straight flush when suited', () => {
    expect(categoryOf(americana('As 7d 8c 9h Ts'))).toBe('straight');
    expect(americana('As 7d 8c 9h Ts')).toBeLessThan(americana('7d 8c 9h Ts Js'));
    expect(americana('As 7d 8c 9h Ts')).toBeGreaterThan(americana('Ac Ad Ah Ks Qd'));
    expect(categoryOf(americana('As 7s 8s 9s Ts'))).toBe('straight-flush');
    expect(americana('As 7s 8s 9s Ts')).toBeLessThan(americana('7h 8h 9h Th Jh'));
    expect(describeHand('americana', cards('As 7s 8s 9s Ts'))?.text).toBe('straight-flush: Ts 9s 8s 7s As');
    expect(describeHand('americana', cards('As Ks Qs Js Ts'))?.category).toBe('royal-flush');
  });

  it('equal hands split: suits never count in Americana', () => {
    expect(americana('Ah Kd Qc Jh 9s')).toBe(americana('As Kc Qd Js 9h'));
    expect(evaluatorFor('americana').compare(americana('Ah Kd Qc Jh 9s'), americana('As Kc Qd Js 9h'))).toBe(0);
  });

  it('Five Card Draw 7-A without sixes ranks as Americana', () => {
    for (const text of ['As 7d 8c 9h Ts', '7h 9h Jh Qh Ah', 'Ac Ad Ah Ks Kd', 'Kc Kd 8h 8s 7d']) {
      expect(evaluateDraw7a(cards(text))).toBe(americana(text));
    }
  });

  it('category counts of all 201,376 hands of the 32-card deck match a brute-force count and the rule text order', () => {
    const { naive, mismatches } = countCategories(shortDeck32(), 5, evaluateAmericana);
    expect(mismatches).toBe(0);
    // Closed forms, worked out by hand: 5 straights (A-7-8-9-T .. T-J-Q-K-A) x 4 suits = 20 straight flushes;
    // 8 x 28 quads; 8*4 x 7*6 full houses; 4 x C(8,5) - 20 flushes; 5 x 4^5 - 20 straights; 8*4 x C(7,2)*16
    // trips; C(8,2)*36 x 6*4 two pair; 8*6 x C(7,3)*64 pairs; (C(8,5) - 5) x (4^5 - 4) high cards.
    expect(naive).toEqual({
      'straight-flush': 20,
      'four-of-a-kind': 224,
      'full-house': 1344,
      flush: 204,
      straight: 5100,
      'three-of-a-kind': 10752,
      'two-pair': 24192,
      pair: 107520,
      'high-card': 52020,
    });
  });
});

describe('Five Card Draw 7-A with sixes (36 cards)', () => {
  const sixes = (t: string) => evaluateDraw7a(cards(t), { sixes: true });

  it('A-6-7-8-9 is the lowest straight (a straight flush when suited); A-7-8-9-T is then no straight', () => {
    expect(categoryOf(sixes('As 6d 7c 8h 9s'))).toBe('straight');
    expect(categoryOf(sixes('As 6s 7s 8s 9s'))).toBe('straight-flush');
    expect(sixes('As 6d 7c 8h 9s')).toBeLessThan(sixes('6d 7c 8h 9s Ts'));
    expect(categoryOf(sixes('As 7d 8c 9h Ts'))).toBe('high-card');
    expect(evaluatorFor('draw7a-sixes').best(cards('As 6d 7c 8h 9s'), [])).toBe(sixes('As 6d 7c 8h 9s'));
  });
  // The full 36-card category count runs in high.exhaustive.ts.
});

describe('32-Card Draw: Americana order, suits hearts > diamonds > clubs > spades break every tie', () => {
  it('flush beats full house and A-7-8-9-T is the lowest straight, as in Americana', () => {
    expect(draw32('7h 9h Jh Qh Ah')).toBeGreaterThan(draw32('Ac Ad Ah Ks Kd'));
    expect(draw32('As 7d 8c 9h Ts')).toBeLessThan(draw32('7d 8c 9h Ts Js'));
  });

  it('royal and straight flushes of the same height: the higher suit wins', () => {
    expect(draw32('Ah Kh Qh Jh Th')).toBeGreaterThan(draw32('Ad Kd Qd Jd Td'));
    expect(draw32('Ad Kd Qd Jd Td')).toBeGreaterThan(draw32('Ac Kc Qc Jc Tc'));
    expect(draw32('Ac Kc Qc Jc Tc')).toBeGreaterThan(draw32('As Ks Qs Js Ts'));
    expect(draw32('Kh Qh Jh Th 9h')).toBeLessThan(draw32('As Ks Qs Js Ts'));
  });

  it('flushes: ranks from the top, then the suit', () => {
    expect(draw32('Ah Qh Jh 9h 8h')).toBeLessThan(draw32('As Ks Js 9s 8s'));
    expect(draw32('Ah Qh Jh 9h 8h')).toBeGreaterThan(draw32('Ad Qd Jd 9d 8d'));
  });

  it('straights: the height, then the suit of the highest card', () => {
    expect(draw32('Kh Qs Jc Ts 9d')).toBeGreaterThan(draw32('Kd Qh Jh Th 9h'));
    expect(draw32('Tc 9s 8s 7s As')).toBeGreaterThan(draw32('Ts 9h 8h 7h Ah')); // the ten is the top card of A-7-8-9-T
  });

  it("two pair: pairs, kicker, then the kicker's suit; one pair: pair, kickers, then the highest kicker's suit", () => {
    expect(draw32('Ks Kc 8s 8c 9h')).toBeGreaterThan(draw32('Kh Kd 8h 8d 9s'));
    expect(draw32('Qs Qc Ah 9s 8s')).toBeGreaterThan(draw32('Qh Qd Ad 9h 8h'));
    expect(draw32('Qs Qc Ad 9s 8s')).toBeLessThan(draw32('Qh Qd Ah 9h 8h'));
  });

  it('high card: ranks, then the suit of the highest card', () => {
    expect(draw32('Ah Qs Js 9s 8s')).toBeGreaterThan(draw32('Ad Qh Jh 9h 8h'));
    expect(draw32('Ad Kh Jh 9h 8h')).toBeGreaterThan(draw32('Ah Qs Js 9s 8s'));
  });

  it('two different hands from one deck are never equal: equal values always share a card', () => {
    const byValue = new Map<number, number[]>();
    const mask = (h: Card[]) => h.reduce((m, c) => m | (1 << (c - 20)), 0);
    forEachFive(shortDeck32(), (card1, card2, card3, card4, card5) => {
      const hand = [card1, card2, card3, card4, card5];
      const value = evaluateDraw32(hand);
      const group = byValue.get(value);
      if (group) group.push(mask(hand));
      else byValue.set(value, [mask(hand)]);
    });
    let disjointEqual = 0;
    for (const group of byValue.values())
      for (let i = 0; i < group.length; i++)
        for (let j = i + 1; j < group.length; j++) if ((group[i] & group[j]) === 0) disjointEqual++;
    expect(disjointEqual).toBe(0);
  });
});
