/**
 * The stud rules (docs/rules/README.md "Forced bets, order and showdown", house rules 7-Card Stud, Stud Hi/Lo,
 * Soko, Americana, Telesina), each with numbers worked out by hand. Stakes unless said otherwise:
 * ante 1, bring-in 2, small bet 10, big bet 20; players at seats 0..n-1, seat 0 dealt first.
 */
import { parseCards, standardDeck, formatCards } from '../../cards';
import { apply, legalActions } from '../apply';
import { ofType, play } from '../spec-helpers';
import { view } from '../view';
import type { HandState } from '../types';
import fc from 'fast-check';
import { evaluateVisible } from '../../eval';
import { visibleStrength } from './rules';
import { checkDown, startStud, studDeck, studTable } from './stud-test-helpers';

const hundred = (n: number): number[] => new Array<number>(n).fill(100);
const stacks = (s: HandState): number[] => s.stacks.slice();

describe('bring-in: who brings in', () => {
  it('7-Card Stud Fixed Limit: the lowest up-card brings in; equal ranks by suit, clubs lowest (2c before 2h)', () => {
    const deck = studDeck('standard52', [['AsKs2h', 'QdQc2c', 'JdJc9s']]);
    const { state } = startStud(studTable('stud7', 'fixed-limit', hundred(3)), deck);
    const la = legalActions(state)!;
    expect(la.seat).toBe(1);
    expect(la.actions).toEqual(['bring-in', 'bet']);
    expect(la.bringIn).toBe(2);
    // Completing is the small bet, nothing else.
    expect([la.minTo, la.maxTo]).toEqual([10, 10]);
  });

  it('7-Card Stud Pot Limit: the highest up-card brings in; spades beat hearts (As before Ah)', () => {
    const deck = studDeck('standard52', [['2d3dAh', '4d5dAs', '6d7d3c']]);
    const { state } = startStud(studTable('stud7', 'pot-limit', hundred(3)), deck);
    expect(legalActions(state)!.seat).toBe(1);
  });

  it('Stud Hi/Lo: the lowest up-card brings in, in Pot Limit too', () => {
    const deck = studDeck('standard52', [['2d3dAh', '4d5dAs', '6d7d3c']]);
    const { state } = startStud(studTable('stud7-hl', 'pot-limit', hundred(3)), deck);
    expect(legalActions(state)!.seat).toBe(2);
  });

  it('Soko: the highest up-card brings in, spades > hearts > diamonds > clubs', () => {
    const deck = studDeck('standard52', [['2dAh', '3dAs', '4dKc']]);
    const { state } = startStud(studTable('soko', 'fixed-limit', hundred(3)), deck);
    expect(legalActions(state)!.seat).toBe(1);
  });

  it('Americana: the highest up-card brings in, spades > hearts (32-card deck)', () => {
    const deck = studDeck('short32', [['7dAs', '8dAh', '9dKc']]);
    const { state } = startStud(studTable('americana', 'fixed-limit', hundred(3)), deck);
    expect(legalActions(state)!.seat).toBe(0);
  });

  it('Telesina: the highest up-card brings in, but hearts > diamonds > clubs > spades (Ah before As, Kc before Ks)', () => {
    let { state } = startStud(
      studTable('telesina', 'fixed-limit', hundred(3)),
      studDeck('short32', [['7dAs', '8dAh', '9dKc']]),
    );
    expect(legalActions(state)!.seat).toBe(1);
    ({ state } = startStud(
      studTable('telesina', 'fixed-limit', hundred(3)),
      studDeck('short32', [['7dKs', '8dKc', '9dQh']]),
    ));
    expect(legalActions(state)!.seat).toBe(1);
  });
});

describe('bring-in vs completion', () => {
  const deck = studDeck('standard52', [['AsKs2c', 'QdQc9s', 'JdJc8s']]);
  const table = studTable('stud7', 'fixed-limit', hundred(3));

  it('the bring-in may neither check nor fold', () => {
    const { state } = startStud(table, deck);
    expect(apply(state, { type: 'check', seat: 0 })).toMatchObject({ ok: false, error: { code: 'ILLEGAL_ACTION' } });
    expect(apply(state, { type: 'fold', seat: 0 })).toMatchObject({ ok: false, error: { code: 'ILLEGAL_ACTION' } });
    expect(apply(state, { type: 'bet', seat: 0, amount: 5 })).toMatchObject({
      ok: false,
      error: { code: 'ILLEGAL_AMOUNT' },
    });
  });

  it('bring-in 2, completed to the small bet 10, the next raise is to 20; pot 3 antes + 10 + 10 = 23', () => {
    const { state: s0 } = startStud(table, deck);
    const result = apply(s0, { type: 'bring-in', seat: 0 });
    if (!result.ok) throw new Error(result.error.message);
    expect(result.events[0]).toMatchObject({ type: 'action', action: 'bring-in', amount: 2, to: 2 });
    const la = legalActions(result.state)!;
    expect(la).toMatchObject({ seat: 1, actions: ['fold', 'call', 'raise'], callAmount: 2, minTo: 10, maxTo: 10 });
    const { state } = play(table, deck, ['0:bring-in', '1:raise:10']);
    expect(legalActions(state)).toMatchObject({ seat: 2, callAmount: 10, minTo: 20, maxTo: 20 });
    const end = play(table, deck, ['0:bring-in', '1:raise:10', '2:fold', '0:call']).state;
    expect(end.street).toBe(1);
    expect(end.committed.reduce((a, b) => a + b, 0)).toBe(23);
  });

  it('the bring-in player may complete at once: bet 10, then the next raise is to 20', () => {
    const { state } = play(table, deck, ['0:bet:10']);
    expect(legalActions(state)).toMatchObject({ seat: 1, callAmount: 10, minTo: 20, maxTo: 20 });
  });

  it('when everyone just calls the bring-in, its poster has no option: 4th street begins', () => {
    const { state } = play(table, deck, ['0:bring-in', '1:call', '2:call']);
    expect(state.street).toBe(1);
    expect(state.committed).toEqual([3, 3, 3]);
  });

  it('the bring-in poster may re-raise a completion (like a blind, the forced bet was not his action)', () => {
    const { state } = play(table, deck, ['0:bring-in', '1:raise:10', '2:call']);
    expect(legalActions(state)).toMatchObject({
      seat: 0,
      actions: ['fold', 'call', 'raise'],
      callAmount: 8,
      minTo: 20,
    });
  });

  it('a bring-in player all-in on the ante cannot bring in: the next player clockwise must (bring in or complete)', () => {
    // 2c (seat 0) has only the ante (1 chip); seat 1 is next clockwise.
    const { state } = startStud(studTable('stud7', 'fixed-limit', [1, 100, 100]), deck);
    expect(legalActions(state)).toMatchObject({ seat: 1, actions: ['bring-in', 'bet'], bringIn: 2 });
  });

  it('Pot Limit: complete to the minimum bet 10 or bet up to the pot', () => {
    const { state } = startStud(
      studTable('stud7', 'pot-limit', hundred(3)),
      studDeck('standard52', [['AsKs2c', 'QdQc9s', 'JdJc8s']]),
    );
    // Highest up-card in Pot Limit: 9s (seat 1). Pot 3 < minimum bet 10, so 10..10.
    expect(legalActions(state)).toMatchObject({
      seat: 1,
      actions: ['bring-in', 'bet'],
      bringIn: 2,
      minTo: 10,
      maxTo: 10,
    });
  });
});

describe('completion in the big-bet and spread structures', () => {
  const deck = studDeck('standard52', [['AsKs2c', 'QdQc9s', 'JdJc8s']]);

  it('No Limit: a completion counts from nothing: bring-in 2, complete to 30, the next raise is at least to 60', () => {
    // No Limit brings in with the highest up-card: 9s (seat 1).
    const { state } = play(studTable('stud7', 'no-limit', hundred(3)), deck, ['1:bring-in', '2:raise:30']);
    expect(legalActions(state)).toMatchObject({ seat: 0, callAmount: 30, minTo: 60, maxTo: 99 });
  });

  it('Spread Limit 10-20-30: complete to 10..10 (level-0 limit), a raise repeats the step; 5th street allows up to 20', () => {
    const table = studTable('stud7', 'spread-limit', hundred(3), { bigBlind: 5, spreadLimits: [10, 20, 30] });
    // Lowest up-card in a limit game: 2c (seat 0) brings in 2; seat 1 completes to 8 (between 5 and 10).
    const { state } = play(table, deck, ['0:bring-in', '1:raise:8']);
    expect(legalActions(state)).toMatchObject({ seat: 2, minTo: 16, maxTo: 16 });
    const first = startStud(table, deck).state;
    expect(legalActions(first)).toMatchObject({ seat: 0, actions: ['bring-in', 'bet'], minTo: 5, maxTo: 10 });
  });
});

describe('later streets: the best visible hand acts first', () => {
  // Bring-in 5c (seat 1). 4th: K-Q, 5-9, Q-J → seat 0. 5th: K-Q-2, 5-9-9 (pair), Q-J-A → seat 1.
  const deck = studDeck('standard52', [
    ['2d3dKs', '4d6d5c', '7d8dQh'],
    ['Qs', '9h', 'Jh'],
    ['2s', '9c', 'Ac'],
  ]);
  const table = studTable('stud7', 'fixed-limit', hundred(3));

  it('first to act on 5th street with a visible pair: the pair of nines before an ace-high board', () => {
    const { state: s4 } = play(table, deck, ['1:bring-in', '2:call', '0:call']);
    expect(legalActions(s4)!.seat).toBe(0); // K-Q is the best board on 4th street
    const { state } = play(table, deck, ['1:bring-in', '2:call', '0:call', '0:check', '1:check', '2:check']);
    expect(state.street).toBe(2);
    expect(legalActions(state)!.seat).toBe(1);
  });

  it('without an open pair 4th street is the small bet only', () => {
    const { state } = play(table, deck, ['1:bring-in', '2:call', '0:call']);
    const la = legalActions(state)!;
    expect([la.minTo, la.maxTo, la.choices]).toEqual([10, 10, undefined]);
  });
});

describe('open pair on 4th street (7-Card Stud Fixed Limit)', () => {
  // Bring-in 2c (seat 0). 4th: seat 1 shows 9s 9h → opens, and anyone may bet 10 or 20.
  const deck = studDeck('standard52', [
    ['AsKs2c', 'QdQc9s', 'JdJc8s'],
    ['3d', '9h', '4h'],
  ]);
  const after3rd = ['0:bring-in', '1:call', '2:call'];

  it('the open-pair double bet: 10 or 20, nothing between; a raise then adds 10 or 20', () => {
    const { state } = play(studTable('stud7', 'fixed-limit', hundred(3)), deck, after3rd);
    const la = legalActions(state)!;
    expect(la).toMatchObject({ seat: 1, actions: ['fold', 'check', 'bet'], minTo: 10, maxTo: 20, choices: [10, 20] });
    // Folding is open to him although checking is free (docs/rules/README.md: fold at any time it is his turn).
    expect(apply(state, { type: 'fold', seat: 1 }).ok).toBe(true);
    expect(apply(state, { type: 'bet', seat: 1, amount: 15 })).toMatchObject({
      ok: false,
      error: { code: 'ILLEGAL_AMOUNT' },
    });
    const result = apply(state, { type: 'bet', seat: 1, amount: 20 });
    expect(result.ok).toBe(true);
    if (result.ok)
      expect(legalActions(result.state)).toMatchObject({ seat: 2, minTo: 30, maxTo: 40, choices: [30, 40] });
  });

  it('Stud Hi/Lo has no open-pair rule: 4th street stays at the small bet', () => {
    const { state } = play(studTable('stud7-hl', 'fixed-limit', hundred(3)), deck, after3rd);
    const la = legalActions(state)!;
    expect([la.minTo, la.maxTo, la.choices]).toEqual([10, 10, undefined]);
  });
});

describe('deck exhaustion (7-Card Stud)', () => {
  it('deck exhaustion with 8 players: 48 cards by 6th street, the 49th is one shared up-card, no betting after it', () => {
    // Seat 1 holds three kings; the shared Kc gives him four. Seat 0 holds three aces.
    const p0 = parseCards('AsAdAh2c7d9h');
    const p1 = parseCards('KsKdKh2d7h9s');
    const shared = parseCards('Kc')[0];
    const held = new Set([...p0, ...p1, shared, parseCards('Ac')[0]]);
    const rest = standardDeck().filter((c) => !held.has(c));
    const hands = [p0, p1, ...[0, 1, 2, 3, 4, 5].map((j) => [0, 1, 2, 3, 4, 5].map((m) => rest[j + 6 * m]))];
    const streets = [
      hands.map((h) => formatCards(h.slice(0, 3))),
      ...[3, 4, 5].map((k) => hands.map((h) => formatCards([h[k]]))),
    ];
    const deck = studDeck('standard52', streets, 'Kc');
    const { state, events } = checkDown(startStud(studTable('stud7', 'fixed-limit', hundred(8)), deck).state);
    expect(state.phase).toBe('complete');
    expect(state.board).toEqual([shared]);
    expect(ofType(events, 'board-dealt')).toEqual([{ type: 'board-dealt', street: 4, cards: [shared] }]);
    // No action at all once 7th street began.
    const seventh = events.findIndex((e) => e.type === 'street-started' && e.street === 4);
    expect(events.slice(seventh).some((e) => e.type === 'action')).toBe(false);
    // Every hand has 6 own cards; pot 8 antes + 8 × 2 = 24 to seat 1's four kings.
    expect(state.hole.every((h) => h.length === 6)).toBe(true);
    expect(stacks(state)).toEqual([97, 121, 97, 97, 97, 97, 97, 97]);
  });
});

describe('showdowns of the other stud games', () => {
  it("Soko's 4-flush beats a pair: 2h 5h 9h Jh 3c wins the pot of 6 against Kd Kc", () => {
    const deck = studDeck('standard52', [
      ['2h5h', 'KdKc'],
      ['9h', '4s'],
      ['Jh', '7d'],
      ['3c', '8c'],
    ]);
    const { state } = checkDown(startStud(studTable('soko', 'fixed-limit', hundred(2)), deck).state);
    // Kc is the highest up-card: seat 1 brings in 2, seat 0 calls; pot 2 antes + 4 = 6.
    expect(stacks(state)).toEqual([103, 97]);
  });

  it("Telesina's vela round: the shared vela card is turned after 5th street, a fifth betting round follows, and it completes the straight", () => {
    // Seat 0: 7h | 8c 9d Td Qs + vela Jc = straight 8-Q. Seat 1: Ac | Ah Ks Kd 7d = aces and kings.
    const deck = studDeck(
      'short32',
      [
        ['7h8c', 'AcAh'],
        ['9d', 'Ks'],
        ['Td', 'Kd'],
        ['Qs', '7d'],
      ],
      'Jc',
    );
    const { state, events } = checkDown(startStud(studTable('telesina', 'fixed-limit', hundred(2)), deck).state);
    const vela = events.findIndex((e) => e.type === 'street-started' && e.name === 'vela');
    expect(vela).toBeGreaterThan(0);
    expect(events[vela + 1]).toEqual({ type: 'board-dealt', street: 4, cards: parseCards('Jc') });
    // Two checks on the vela round (Ah Ks Kd 7d is the best board: seat 1 first).
    expect(ofType(events.slice(vela), 'action').map((a) => [a.seat, a.action])).toEqual([
      [1, 'check'],
      [0, 'check'],
    ]);
    expect(stacks(state)).toEqual([103, 97]);
  });

  it('a Stud Hi/Lo scoop: the wheel wins high (straight over two pair) and low; the pot of 6 is not split', () => {
    const deck = studDeck('standard52', [
      ['As2d3c', 'KhKsQd'],
      ['4h', 'Qc'],
      ['5s', '9h'],
      ['9d', '9c'],
      ['Kc', 'Jd'],
    ]);
    const { state, events } = checkDown(startStud(studTable('stud7-hl', 'fixed-limit', hundred(2)), deck).state);
    expect(stacks(state)).toEqual([103, 97]);
    const award = ofType(events, 'pot-awarded')[0];
    expect(award.shares).toEqual([
      { seat: 0, amount: 3, half: 'high' },
      { seat: 0, amount: 3, half: 'low' },
    ]);
  });

  it('a Stud Hi/Lo split with an odd chip: pot 7 → high half 4 (the odd chip), low half 3', () => {
    // Seat 1 (8s) brings in 2, seat 2 folds, seat 0 calls: 3 antes + 2 + 2 = 7.
    // Seat 0: Kh Ks Qd Jd 9h 9c 3s = kings and nines, no low. Seat 1: 2c 4d 8s 5c 7d Ts Js = 8-7-5-4-2 low.
    const deck = studDeck('standard52', [
      ['KhKsQd', '2c4d8s', '6h6dAh'],
      ['Jd', '5c'],
      ['9h', '7d'],
      ['9c', 'Ts'],
      ['3s', 'Js'],
    ]);
    const table = studTable('stud7-hl', 'fixed-limit', hundred(3));
    const { state: handState } = play(table, deck, ['1:bring-in', '2:fold', '0:call']);
    const { state, events } = checkDown(handState);
    expect(stacks(state)).toEqual([101, 100, 99]);
    expect(ofType(events, 'pot-awarded')[0].shares).toEqual([
      { seat: 0, amount: 4, half: 'high' },
      { seat: 1, amount: 3, half: 'low' },
    ]);
  });

  it('Soko odd chip: to the player dealt first (seat 0 left of the button) when equal hands split 7', () => {
    // Both play A-K-Q-J-9 in mixed suits (the up-cards tie); seat 2 folds to the bring-in.
    const deck = studDeck('standard52', [
      ['As9d', 'Ad9c', '2c3c'],
      ['Kh', 'Kc'],
      ['Qh', 'Qc'],
      ['Jd', 'Js'],
    ]);
    const table = studTable('soko', 'fixed-limit', hundred(3));
    // Highest up-card: 9d (seat 0) over 9c (seat 1) → seat 0 brings in.
    const { state: handState } = play(table, deck, ['0:bring-in', '1:call', '2:fold']);
    const { state } = checkDown(handState);
    expect(stacks(state)).toEqual([101, 100, 99]);
  });
});

describe('stud views', () => {
  it('up-cards are public, down-cards private; the deal events say which card is face up', () => {
    const deck = studDeck('standard52', [['AsKs2c', 'QdQc9s']]);
    const { state, events } = startStud(studTable('stud7', 'fixed-limit', hundred(2)), deck);
    const spectator = view(state, 'spectator');
    expect(spectator.players[0].cards).toEqual([null, null, parseCards('2c')[0]]);
    expect(spectator.players[0].up).toEqual([false, false, true]);
    expect(view(state, 0).players[0].cards).toEqual(parseCards('AsKs2c'));
    expect(view(state, 0).players[1].cards).toEqual([null, null, parseCards('9s')[0]]);
    expect(ofType(events, 'hole-dealt')[1]).toEqual({
      type: 'hole-dealt',
      seat: 1,
      cards: parseCards('QdQc9s'),
      up: [false, false, true],
    });
  });
});

describe('visible hand order', () => {
  it('the fast visible strength orders boards exactly like evaluateVisible (1–4 up-cards, every stud ranking)', () => {
    const cards = fc.uniqueArray(fc.integer({ min: 0, max: 51 }), { minLength: 8, maxLength: 8 });
    fc.assert(
      fc.property(
        cards,
        fc.integer({ min: 1, max: 4 }),
        fc.constantFrom('high', 'soko', 'americana', 'telesina' as const),
        (cs, count, ranking) => {
          const first = cs.slice(0, count);
          const second = cs.slice(4, 4 + count);
          const state = { hole: [first, second], holeUp: [first.map(() => true), second.map(() => true)] };
          const fast = Math.sign(visibleStrength(state, 0, ranking) - visibleStrength(state, 1, ranking));
          expect(fast).toBe(Math.sign(evaluateVisible(first, ranking) - evaluateVisible(second, ranking)));
        },
      ),
      { numRuns: 2000 },
    );
  });
});
