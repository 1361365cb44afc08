import fc from 'fast-check';
import { standardDeck, shortDeck32 } from '../cards/deck';
import { RANKING_IDS, describeHand, evaluateVisible, evaluatorFor } from './registry';
import { cards } from './test-helpers';

describe('ranking registry', () => {
  it('has an evaluator for every ranking id, and rejects unknown ids', () => {
    for (const id of RANKING_IDS) expect(evaluatorFor(id).ranking).toBe(id);
    expect(() => evaluatorFor('five-of-a-kind' as never)).toThrow(RangeError);
  });

  it('best(private, board) of a flop game combines hole cards and board; stud passes an empty board', () => {
    expect(evaluatorFor('high').best(cards('As Ks'), cards('Qs Js Ts 2c 3d'))).toBe(7462);
    expect(evaluatorFor('high').best(cards('As Ks Qs Js Ts 2c 3d'), [])).toBe(7462);
    expect(evaluatorFor('omaha-high').best(cards('As 2c 3d 4h'), cards('Ks Qs Js Ts 9c'))).toBeLessThan(7462);
    expect(evaluatorFor('low8').qualifies).toBe(true);
    expect(evaluatorFor('low8').best(cards('Ks Kd Qc Jh Ts 9s 9d'), [])).toBeNull();
  });

  it('property: describe(...) returns the same value as best(...) and five cards from the hand', () => {
    const flop = (['high', 'low8', 'deuce-seven'] as const).map((id) => ({
      id,
      deck: standardDeck(),
      nPrivate: id === 'deuce-seven' ? 5 : 2,
      nBoard: id === 'deuce-seven' ? 0 : 5,
    }));
    const setups = [
      ...flop,
      { id: 'omaha-high' as const, deck: standardDeck(), nPrivate: 4, nBoard: 5 },
      { id: 'omaha-low8' as const, deck: standardDeck(), nPrivate: 5, nBoard: 5 },
      { id: 'soko' as const, deck: standardDeck(), nPrivate: 5, nBoard: 0 },
      { id: 'americana' as const, deck: shortDeck32(), nPrivate: 5, nBoard: 0 },
      { id: 'draw32' as const, deck: shortDeck32(), nPrivate: 5, nBoard: 0 },
      { id: 'telesina' as const, deck: shortDeck32(), nPrivate: 5, nBoard: 1 },
    ];
    for (const setup of setups) {
      fc.assert(
        fc.property(
          fc.shuffledSubarray(setup.deck, {
            minLength: setup.nPrivate + setup.nBoard,
            maxLength: setup.nPrivate + setup.nBoard,
          }),
          (cs) => {
            const privateCards = cs.slice(0, setup.nPrivate),
              board = cs.slice(setup.nPrivate);
            const ev = evaluatorFor(setup.id);
            const description = ev.describe(privateCards, board);
            const value = ev.best(privateCards, board);
            if (value === null) return expect(description).toBeNull();
            expect(description!.value).toBe(value);
            expect(description!.cards).toHaveLength(5);
            for (const card of description!.cards) expect(cs).toContain(card);
          },
        ),
        { numRuns: 200, seed: 31 },
      );
    }
  });

  it('descriptions list the five cards in order of significance', () => {
    expect(describeHand('high', cards('2c 6d Qs Qh Qd 6c 9h'))?.text).toBe('full-house: Qs Qh Qd 6d 6c');
    expect(describeHand('high', cards('As 2d 3c 4h 5s 9d Kc'))?.text).toBe('straight: 5s 4h 3c 2d As');
    expect(describeHand('high', cards('Ah Ad Kc Ts 6c'))?.category).toBe('pair');
  });
});

describe('visible up-cards (stud: who acts first)', () => {
  const vis = (t: string, id: Parameters<typeof evaluateVisible>[1] = 'high') => evaluateVisible(cards(t), id);

  it('four of a kind > three of a kind > two pair > one pair > high cards', () => {
    const ladder = ['2c 2d 2h 2s', 'Ac Ad Ah Ks', 'Ac Ad Kh Ks', 'Ac Ad Kh Qs', 'Ac Kd Qh Js'];
    for (let i = 0; i + 1 < ladder.length; i++) expect(vis(ladder[i])).toBeGreaterThan(vis(ladder[i + 1]));
    expect(vis('3c 3d')).toBeGreaterThan(vis('Ac Kd'));
    expect(vis('3c 3d 2h')).toBeGreaterThan(vis('Ac Kd Qh'));
  });

  it('ranks compare from the top; four-card straights and flushes do not count outside Soko; suits never count', () => {
    expect(vis('Ac Kd 9h')).toBeGreaterThan(vis('Ad Qd Jh'));
    expect(vis('Kc Kd 9h')).toBeGreaterThan(vis('Kh Ks 8h'));
    expect(vis('5h 6h 7h 8h')).toBeLessThan(vis('2c 2d 3h 4s'));
    expect(vis('As')).toBe(vis('Ac'));
    expect(vis('As')).toBeGreaterThan(vis('Ks'));
  });

  it('Soko: four up-cards of one suit or in sequence rank between two pair and one pair', () => {
    expect(vis('5h 6h 7h Jh', 'soko')).toBeGreaterThan(vis('Ac Ad Kh Qs', 'soko'));
    expect(vis('5h 6h 7h Jh', 'soko')).toBeLessThan(vis('2c 2d 3h 3s', 'soko'));
    expect(vis('5h 6c 7h 8h', 'soko')).toBeGreaterThan(vis('Ac Ad Kh Qs', 'soko'));
    expect(vis('5h 6h 7h 8h', 'soko')).toBeGreaterThan(vis('5c 6h 7h 8h', 'soko'));
    expect(vis('Ah 2c 3h 4h', 'soko')).toBeLessThan(vis('2h 3c 4h 5h', 'soko'));
  });

  it('rejects more than four or no up-cards', () => {
    expect(() => vis('2c 3c 4c 5c 6c')).toThrow(RangeError);
    expect(() => evaluateVisible([], 'high')).toThrow(RangeError);
  });
});
