import { JOKER } from '../cards/card';
import { compareTelesina, evaluateClassicJokers, evaluateHigh, evaluateSoko, evaluateTelesina } from './rankings';
import { describeHand, evaluatorFor } from './registry';
import { cards } from './test-helpers';

const tel = (t: string) => evaluateTelesina(cards(t));
const soko = (t: string) => evaluateSoko(cards(t));
const jok = (t: string) => evaluateClassicJokers(cards(t));

describe('Telesina (32 cards; suits hearts > diamonds > clubs > spades)', () => {
  it('order: straight flush, four of a kind, flush, full house, straight, three, two pair, pair, high card', () => {
    const ladder = [
      '7h 8h 9h Th Jh',
      'Ac Ad Ah As 7d',
      '7s 9s Js Qs As',
      'Kc Kd Kh 8s 8d',
      'Tc Jd Qh Ks Ad',
      'Qc Qd Qh 8s 7d',
      'Qc Qd 8h 8s 7d',
      'Qc Qd 9h 8s 7d',
      'Ac Kd Jh 9s 8d',
    ];
    for (let i = 0; i + 1 < ladder.length; i++) expect(tel(ladder[i])).toBeGreaterThan(tel(ladder[i + 1]));
    expect(describeHand('telesina', cards('7s 9s Js Qs As'))?.category).toBe('flush');
  });

  it('rule text example: A♥ Q♣ beats A♦ K♣ — high cards compare card by card, rank then suit', () => {
    expect(tel('Ah Qc 9s 8d 7c')).toBeGreaterThan(tel('Ad Kc 9h 8s 7d'));
  });

  it('flushes: the higher suit wins (a heart flush beats a higher spade flush)', () => {
    expect(tel('7h 8h 9h Jh Qh')).toBeGreaterThan(tel('9s Js Qs Ks As'));
    expect(tel('7d 8d 9d Jd Qd')).toBeGreaterThan(tel('9c Jc Qc Kc Ac'));
  });

  it('straight flushes: the highest card, then the suit', () => {
    expect(tel('8s 9s Ts Js Qs')).toBeGreaterThan(tel('7h 8h 9h Th Jh'));
    expect(tel('7h 8h 9h Th Jh')).toBeGreaterThan(tel('7d 8d 9d Td Jd'));
  });

  it('straights: A-7-8-9-T is the lowest; equal height → the suit of the highest card', () => {
    expect(tel('Ah 7d 8c 9h Ts')).toBeLessThan(tel('7d 8c 9h Ts Js'));
    expect(tel('Kh Qs Jc Ts 9d')).toBeGreaterThan(tel('Kd Qh Jh Th 9c'));
  });

  it('two pair with the vela as the kicker of both: the suit of the highest pair decides', () => {
    const vela = cards('As');
    const first = evaluatorFor('telesina').best(cards('Kh Kc 9d 9s 7c'), vela)!;
    const second = evaluatorFor('telesina').best(cards('Kd Ks 9h 9c 7d'), vela)!;
    expect(first).toBeGreaterThan(second);
  });

  it('one pair with equal kickers: the suit of the highest kicker decides', () => {
    expect(tel('Qs Qc Ah 9s 8s')).toBeGreaterThan(tel('Qh Qd Ad 9h 8h'));
  });

  it('best five of the five private cards and the vela', () => {
    const ev = evaluatorFor('telesina');
    expect(ev.best(cards('7h 8h 9h Th Ac'), cards('Jh'))).toBe(tel('7h 8h 9h Th Jh'));
    expect(ev.describe(cards('7h 8h 9h Th Ac'), cards('Jh'))?.text).toBe('straight-flush: Jh Th 9h 8h 7h');
  });

  it('heads-up: the lowest straight flush (T-9-8-7-A of spades) beats the highest (A-K-Q-J-T of hearts)', () => {
    const lowest = tel('Ts 9s 8s 7s As');
    const royal = tel('Ah Kh Qh Jh Th');
    expect(compareTelesina(lowest, royal)).toBeLessThan(0); // more than two players: ordinary order
    expect(compareTelesina(lowest, royal, { headsUp: true })).toBeGreaterThan(0);
    expect(compareTelesina(royal, lowest, { headsUp: true })).toBeLessThan(0);
    expect(evaluatorFor('telesina').compare(lowest, royal, { headsUp: true })).toBeGreaterThan(0);
    // the exception is only between those two extremes
    const middle = tel('Jh Th 9h 8h 7h');
    expect(compareTelesina(lowest, middle, { headsUp: true })).toBeLessThan(0);
    expect(compareTelesina(royal, middle, { headsUp: true })).toBeGreaterThan(0);
  });
});

describe('Soko: four-flush and four-straight between two pair and one pair', () => {
  it('the Danish house examples hold in Soko as in the standard ranking', () => {
    expect(soko('Qs Qh Qd 6c 6d')).toBeGreaterThan(soko('Qc Qh Qd 5c 5d'));
    expect(soko('Kh 7h 5h 3h 2h')).toBeGreaterThan(soko('Qs Js Ts 8s 6s'));
    expect(soko('As Ah Kd Tc 6c')).toBeGreaterThan(soko('Ad Ac Qd Jc 5c'));
    expect(soko('Js Jh Jd Ac Qc')).toBeGreaterThan(soko('Js Jh Jc Ad 9c'));
  });

  it('order: two pair > 4-flush > 4-straight > one pair > high card', () => {
    expect(soko('2s 2d 3c 3h 8s')).toBeGreaterThan(soko('Kh 7h 5h 3h 2c'));
    expect(soko('Kh 7h 5h 3h 2c')).toBeGreaterThan(soko('9c 8d 7h 6s Ac'));
    expect(soko('2c 3d 4h 5s 9c')).toBeGreaterThan(soko('As Ad Kc Qh 9d'));
    expect(soko('As Ad Kc Qh 9d')).toBeGreaterThan(soko('Ac Kd Qh 9s 7d'));
    expect(soko('3s 4s 5s 6s 8d')).toBeGreaterThan(soko('Ts Jd Qh Ks 2c')); // four-flush (also 4-straight) counts as 4-flush
    expect(describeHand('soko', cards('3s 4s 5s 6s 8d'))?.category).toBe('four-flush');
  });

  it('a pair inside a four-straight or four-flush still plays as the four-card hand', () => {
    expect(describeHand('soko', cards('5c 6d 7h 8s 8d'))?.category).toBe('four-straight');
    expect(describeHand('soko', cards('Kh 7h 5h 3h 3c'))?.category).toBe('four-flush');
  });

  it('ties: four-flushes by their four cards then the odd card; four-straights by height then the odd card', () => {
    expect(soko('Kh 7h 5h 3h 2c')).toBeGreaterThan(soko('Ks 7s 5s 2s Ac'));
    expect(soko('Kh 7h 5h 3h 4c')).toBeGreaterThan(soko('Ks 7s 5s 3s 2c'));
    expect(soko('Kh 7h 5h 3h 4c')).toBe(soko('Ks 7s 5s 3s 4d'));
    expect(soko('Tc Jd Qh Ks 2c')).toBeGreaterThan(soko('9c Td Jh Qs Ac'));
    expect(soko('9c Td Jh Qs Ac')).toBeGreaterThan(soko('9d Th Js Qc 2c'));
    expect(soko('Ac 2d 3h 4s 9c')).toBeLessThan(soko('2c 3d 4h 5s 9c')); // A-2-3-4 is the lowest four-straight
    expect(describeHand('soko', cards('Ac 2d 3h 4s 9c'))?.category).toBe('four-straight');
    expect(describeHand('soko', cards('Qc Kd Ah 2s 9c'))?.category).toBe('high-card'); // no wrap-around
  });

  it('five-card flushes and straights keep their standard places', () => {
    expect(soko('Kh 9h 5h 3h 2h')).toBeGreaterThan(soko('9c Td Jh Qs Ks'));
    expect(soko('9c Td Jh Qs Ks')).toBeGreaterThan(soko('2c 2d 2h 8s 9s'));
    expect(soko('Kc Kd Kh 8s 8h')).toBeGreaterThan(soko('Kh 9h 5h 3h 2h'));
  });
});

describe('classic draw with wild jokers', () => {
  it('a joker stands for any card, even one already in the hand: A♠K♠Q♠9♠+joker is the flush A-A-K-Q-9', () => {
    const description = describeHand('classic-jokers', cards('As Ks Qs 9s Jk'))!;
    expect(description.category).toBe('flush');
    expect(description.jokersAs).toEqual(cards('As'));
    expect(description.cards).toEqual([51, JOKER, 47, 43, 31]);
    expect(jok('As Ks Qs 9s Jk')).toBeGreaterThan(jok('Ah Kh Qh Jh 9h'));
  });

  it('a hand with jokers ties the equal natural hand', () => {
    expect(jok('Ks Kd Kc 5h Jk')).toBe(jok('Ks Kd Kc Kh 5d'));
    expect(jok('Qs Js Ts 9s Jk')).toBe(jok('Kh Qh Jh Th 9h'));
    expect(evaluatorFor('classic-jokers').compare(jok('Qs Js Ts 9s Jk'), jok('Kh Qh Jh Th 9h'))).toBe(0);
  });

  it('there is no five of a kind: four aces and a joker are four aces with a king', () => {
    expect(jok('As Ad Ac Ah Jk')).toBe(jok('As Ad Ac Ah Kd'));
    expect(describeHand('classic-jokers', cards('As Ad Ac Ah Jk'))?.category).toBe('four-of-a-kind');
  });

  it('two jokers, and no wrap-around straights (Q-K-A-2-3)', () => {
    expect(describeHand('classic-jokers', cards('As Ks Jk Jk 2c'))?.category).toBe('three-of-a-kind'); // A-A-A beats A-A-K-K
    expect(jok('As Ad Jk Jk 2c')).toBe(jok('As Ad Ac Ah 2c'));
    expect(jok('9s Ts Jk Jk 2c')).toBe(jok('Ts Td Tc 9s 2c')); // two jokers + 9-T-2: trips of tens, no straight possible
    expect(jok('9s Ts Jk Jk 7s')).toBe(jok('Js 9s Ts 8s 7s')); // ... but 7-9-T suited plus two jokers is a jack-high straight flush
    expect(jok('Qs Kd Ac 2h Jk')).toBe(jok('Qs Kd Ac 2h Ad'));
  });

  it('without jokers it ranks as the standard high ranking', () => {
    const pairs = [
      ['Kh 7h 5h 3h 2h', 'Qs Js Ts 8s 6s'],
      ['As 2d 3c 4h 5s', 'As Ad Ac Kh Qs'],
      ['Js Jh Jd Ac Qc', 'Js Jh Jc Ad 9c'],
    ];
    for (const [first, second] of pairs)
      expect(Math.sign(jok(first) - jok(second))).toBe(
        Math.sign(evaluateHigh(cards(first)) - evaluateHigh(cards(second))),
      );
  });
});
