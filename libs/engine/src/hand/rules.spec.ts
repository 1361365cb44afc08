/**
 * One test per rule of docs/rules/README.md's betting, forced-bet, pot and showdown sections, with the numbers
 * worked out by hand in the comments. Decks are stacked (see `stackDeck`: dealing order clockwise
 * from the first player left of the button, one card per pass).
 */
import { parseCards } from '../cards';
import { apply, legalActions } from './apply';
import { cancelHand } from './cancel';
import { houseRake } from './rake';
import { ofType, parse, play, stackDeck, stacksOf } from './spec-helpers';
import { start } from './start';
import type { HandConfig } from './types';

const cfg = (over: Partial<HandConfig> & Pick<HandConfig, 'seats' | 'button'>): HandConfig => ({
  variant: 'holdem',
  structure: 'no-limit',
  stakes: { smallBlind: 5, bigBlind: 10 },
  ...over,
});
const seats = (...stacks: number[]) => stacks.map((stack, seat) => ({ seat, stack }));
const anyDeck = stackDeck([]);

describe('Pot Limit and Half Pot Limit', () => {
  // Heads-up 10/20: the button raises to 50, the big blind calls: pot 100. Flop: the big blind bets 40.
  const setup = (structure: HandConfig['structure'], raiseTo: number, betTo: number) =>
    play(cfg({ structure, seats: seats(1000, 1000), button: 1, stakes: { smallBlind: 10, bigBlind: 20 } }), anyDeck, [
      `1:raise:${raiseTo}`,
      '0:call',
      `0:bet:${betTo}`,
    ]);

  test('pot limit: pot 100, bet 40 → raise to at most 40 + 180 = 220 (naiko example)', () => {
    const { state } = setup('pot-limit', 50, 40);
    const la = legalActions(state)!;
    expect(la.seat).toBe(1);
    expect(la.callAmount).toBe(40);
    expect(la.minTo).toBe(80); // 40 + the last full increment 40
    expect(la.maxTo).toBe(220);
    expect(apply(state, { type: 'raise', seat: 1, amount: 221 })).toMatchObject({
      ok: false,
      error: { code: 'ILLEGAL_AMOUNT' },
    });
    expect(apply(state, { type: 'raise', seat: 1, amount: 220 }).ok).toBe(true);
  });

  test('pot limit preflop: blinds 10/20, first raise at most 20 + (30 + 10) = 60', () => {
    const { state } = start(
      cfg({
        structure: 'pot-limit',
        seats: seats(1000, 1000, 1000),
        button: 2,
        stakes: { smallBlind: 10, bigBlind: 20 },
      }),
      { deck: anyDeck },
    );
    expect(legalActions(state)).toMatchObject({ seat: 2, minTo: 40, maxTo: 70 });
    // 3 players: pot 30, call 20 → 50, raise to 20 + 50 = 70.
  });

  test('half pot limit: the current bet plus half the pot after calling (pot 80, bet 30 → 30 + 70 = 100)', () => {
    // Preflop max is 20 + ⌊(30 + 10) / 2⌋ = 40; raise to 40 and call: pot 80. Flop: bet 30 (max ⌊80/2⌋ = 40).
    const { state } = setup('half-pot-limit', 40, 30);
    expect(legalActions(state)).toMatchObject({ callAmount: 30, minTo: 60, maxTo: 100 });
  });

  test('pot limit never exceeds the stack', () => {
    const { state } = play(
      cfg({ structure: 'pot-limit', seats: seats(1000, 150), button: 1, stakes: { smallBlind: 10, bigBlind: 20 } }),
      anyDeck,
      ['1:raise:50', '0:call', '0:bet:40'],
    );
    expect(legalActions(state)).toMatchObject({ minTo: 80, maxTo: 100, allInTo: 100 });
  });
});

describe('No Limit', () => {
  const three = () =>
    start(cfg({ seats: seats(10000, 10000, 10000), button: 2, stakes: { smallBlind: 50, bigBlind: 100 } }), {
      deck: anyDeck,
    }).state;

  test('a full raise raises by at least the last full increment of the round', () => {
    const s0 = three();
    expect(legalActions(s0)).toMatchObject({ seat: 2, actions: ['fold', 'call', 'raise'], minTo: 200, maxTo: 10000 });
    const r1 = apply(s0, { type: 'raise', seat: 2, amount: 350 }); // increment 250
    if (!r1.ok) throw new Error();
    expect(legalActions(r1.state)).toMatchObject({ seat: 0, minTo: 600 });
    expect(apply(r1.state, { type: 'raise', seat: 0, amount: 599 })).toMatchObject({
      ok: false,
      error: { code: 'ILLEGAL_AMOUNT' },
    });
    expect(apply(r1.state, { type: 'raise', seat: 0, amount: 600 }).ok).toBe(true);
  });

  test('a full opening bet is at least the big blind', () => {
    const { state } = play(
      cfg({ seats: seats(10000, 10000, 10000), button: 2, stakes: { smallBlind: 50, bigBlind: 100 } }),
      anyDeck,
      ['2:call', '0:call', '1:check'],
    );
    expect(legalActions(state)).toMatchObject({ seat: 0, actions: ['fold', 'check', 'bet'], minTo: 100 });
    expect(apply(state, { type: 'bet', seat: 0, amount: 99 })).toMatchObject({
      ok: false,
      error: { code: 'ILLEGAL_AMOUNT' },
    });
    expect(apply(state, { type: 'raise', seat: 0, amount: 200 })).toMatchObject({
      ok: false,
      error: { code: 'ILLEGAL_ACTION' },
    });
  });

  test('an all-in below a full raise does not reopen raising for players who already acted', () => {
    // 50/100; the button calls 100, the small blind completes, the big blind (106 chips) shoves to 106.
    const { state } = play(
      cfg({
        seats: [
          { seat: 0, stack: 300 },
          { seat: 1, stack: 106 },
          { seat: 2, stack: 1200 },
        ],
        button: 2,
        stakes: { smallBlind: 50, bigBlind: 100 },
      }),
      anyDeck,
      ['2:call', '0:call', '1:raise:106'],
    );
    expect(legalActions(state)).toMatchObject({ seat: 2, actions: ['fold', 'call'], callAmount: 6 });
    expect(apply(state, { type: 'raise', seat: 2, amount: 633 })).toMatchObject({
      ok: false,
      error: { code: 'RAISE_NOT_ALLOWED' },
    });
  });

  test('a short all-in still lets players who have not acted raise', () => {
    // 50/100: seat 2 shoves 150 (a raise of 50, short); the button has not acted: min raise 150 + 100 = 250.
    const { state } = play(
      cfg({ seats: seats(1000, 1000, 150, 1000), button: 3, stakes: { smallBlind: 50, bigBlind: 100 } }),
      anyDeck,
      ['2:raise:150'],
    );
    expect(legalActions(state)).toMatchObject({ seat: 3, actions: ['fold', 'call', 'raise'], minTo: 250 });
  });

  test('short all-ins that add up to a full raise reopen the raising', () => {
    // 50/100, button seat 3: seat 2 calls 100; seat 3 shoves 150 (+50), seat 0 shoves 210 (+60), seat 1 calls.
    // Back at seat 2: 210 is 110 over the 100 he acted on, a full raise in total: he may raise again.
    const { state } = play(
      cfg({
        seats: [
          { seat: 0, stack: 210 },
          { seat: 1, stack: 1000 },
          { seat: 2, stack: 1000 },
          { seat: 3, stack: 150 },
        ],
        button: 3,
        stakes: { smallBlind: 50, bigBlind: 100 },
      }),
      anyDeck,
      ['2:call', '3:raise:150', '0:raise:210', '1:call'],
    );
    expect(legalActions(state)).toMatchObject({ seat: 2, actions: ['fold', 'call', 'raise'], minTo: 310 });
  });
});

describe('Blinds and order (docs/rules/naiko.de.txt §2)', () => {
  test('heads-up: the button posts the small blind and acts first preflop, the big blind first after the flop', () => {
    const { state, events } = start(
      cfg({
        seats: [
          { seat: 3, stack: 1000 },
          { seat: 7, stack: 1000 },
        ],
        button: 7,
      }),
      { deck: stackDeck(['AsKs', 'QdQc']) },
    );
    expect(ofType(events, 'forced-bet').map((e) => [e.seat, e.kind, e.amount])).toEqual([
      [7, 'small-blind', 5],
      [3, 'big-blind', 10],
    ]);
    // The first card goes to the player left of the button: seat 3.
    expect(ofType(events, 'hole-dealt').map((e) => e.seat)).toEqual([3, 7]);
    expect(state.hole[0]).toEqual(parseCards('AsKs'));
    expect(state.hole[1]).toEqual(parseCards('QdQc'));
    expect(legalActions(state)!.seat).toBe(7);
    const s2 = play(
      cfg({
        seats: [
          { seat: 3, stack: 1000 },
          { seat: 7, stack: 1000 },
        ],
        button: 7,
      }),
      anyDeck,
      ['7:call', '3:check'],
    ).state;
    expect(s2.street).toBe(1);
    expect(legalActions(s2)!.seat).toBe(3);
  });

  test('three or more: blinds left of the button, preflop starts after the big blind, later streets left of the button', () => {
    const handState = play(cfg({ seats: seats(1000, 1000, 1000, 1000), button: 1 }), anyDeck, []).state;
    expect([
      handState.seats[handState.sbIndex],
      handState.seats[handState.bbIndex],
      legalActions(handState)!.seat,
    ]).toEqual([2, 3, 0]);
    const s2 = play(cfg({ seats: seats(1000, 1000, 1000, 1000), button: 1 }), anyDeck, [
      '0:call',
      '1:call',
      '2:call',
      '3:check',
    ]).state;
    expect(legalActions(s2)!.seat).toBe(2);
  });

  test('a short blind posts all it has and plays on all-in', () => {
    const { state, events } = play(
      cfg({
        seats: [
          { seat: 0, stack: 3 },
          { seat: 1, stack: 1000 },
          { seat: 2, stack: 1000 },
        ],
        button: 2,
      }),
      stackDeck(['AsAh', '2c7d', '3c8d'], 'AdKc9h5c4s'),
      ['2:call', '1:check', '1:check', '2:check', '1:check', '2:check', '1:check', '2:check'],
    );
    expect(ofType(events, 'forced-bet')[0]).toEqual({
      type: 'forced-bet',
      seat: 0,
      kind: 'small-blind',
      amount: 3,
      allIn: true,
    });
    // Seat 0's trips win the main pot 3 × 3 = 9; the side pot (7 + 7) goes to the better of the others.
    expect(ofType(events, 'pot-awarded').map((e) => [e.amount, e.shares.map((s) => s.seat)])).toEqual([
      [9, [0]],
      [14, [2]],
    ]);
    expect(stacksOf(state)).toEqual({ 0: 9, 1: 990, 2: 1004 });
  });

  test('a big blind all-in for less: the others still call the full big blind', () => {
    const { state } = start(
      cfg({
        seats: [
          { seat: 0, stack: 1000 },
          { seat: 1, stack: 4 },
          { seat: 2, stack: 1000 },
        ],
        button: 2,
      }),
      { deck: anyDeck },
    );
    expect(legalActions(state)).toMatchObject({ seat: 2, callAmount: 10, minTo: 20 });
    const posted = start(
      cfg({
        seats: [
          { seat: 0, stack: 1000 },
          { seat: 1, stack: 4 },
          { seat: 2, stack: 1000 },
        ],
        button: 2,
        shortBigBlind: 'posted',
      }),
      { deck: anyDeck },
    );
    expect(legalActions(posted.state)).toMatchObject({ seat: 2, callAmount: 5 });
  });

  test('antes are posted first by everyone, dead', () => {
    const { state, events } = start(
      cfg({ seats: seats(1000, 1000, 1000), button: 2, stakes: { smallBlind: 5, bigBlind: 10, ante: 2 } }),
      { deck: anyDeck },
    );
    expect(ofType(events, 'forced-bet').map((e) => [e.seat, e.kind, e.amount])).toEqual([
      [0, 'ante', 2],
      [1, 'ante', 2],
      [2, 'ante', 2],
      [0, 'small-blind', 5],
      [1, 'big-blind', 10],
    ]);
    expect(state.committed.reduce((a, b) => a + b)).toBe(21);
    expect(legalActions(state)).toMatchObject({ seat: 2, callAmount: 10, minTo: 20 });
  });

  test('big-blind ante: the big blind pays the blind first, then the ante for the table', () => {
    const { state, events } = start(
      cfg({
        seats: [
          { seat: 0, stack: 1000 },
          { seat: 1, stack: 15 },
          { seat: 2, stack: 1000 },
        ],
        button: 2,
        stakes: { smallBlind: 5, bigBlind: 10, ante: 10, bigBlindAnte: true },
      }),
      { deck: anyDeck },
    );
    expect(ofType(events, 'forced-bet').map((e) => [e.seat, e.kind, e.amount, e.allIn])).toEqual([
      [0, 'small-blind', 5, false],
      [1, 'big-blind', 10, false],
      [1, 'big-blind-ante', 5, true],
    ]);
    expect(state.bets).toEqual([5, 10, 0]);
  });

  test('dead small blind: no small blind, the big blind left of the button', () => {
    const { state, events } = start(
      cfg({
        seats: [
          { seat: 2, stack: 1000 },
          { seat: 4, stack: 1000 },
          { seat: 6, stack: 1000 },
        ],
        button: 0,
        smallBlindSeat: null,
      }),
      { deck: anyDeck },
    );
    expect(ofType(events, 'forced-bet').map((e) => [e.seat, e.kind])).toEqual([[2, 'big-blind']]);
    expect(legalActions(state)!.seat).toBe(4);
  });

  test('table posts: a live post counts as a bet, a dead post goes to the pot', () => {
    // Button 0, blinds by seats 1 and 2; seat 3 (first to act) posts 10 live + 5 dead: nothing to call.
    const { state } = start(
      cfg({ seats: seats(1000, 1000, 1000, 1000), button: 0, posts: [{ seat: 3, live: 10, dead: 5 }] }),
      { deck: anyDeck },
    );
    expect(legalActions(state)).toMatchObject({
      seat: 3,
      actions: ['fold', 'check', 'raise'],
      callAmount: 0,
      minTo: 20,
    });
    expect(state.committed).toEqual([0, 5, 10, 15]);
  });
});

describe('Fixed Limit', () => {
  const fl = (seatCount: number, button: number) =>
    cfg({
      structure: 'fixed-limit',
      seats: seats(...new Array(seatCount).fill(1000)),
      button,
      stakes: { smallBlind: 5, bigBlind: 10, smallBet: 10, bigBet: 20 },
    });

  test('at most 4 bets a round: the big blind and three raises preflop', () => {
    const { state } = play(fl(3, 2), anyDeck, ['2:raise:20', '0:raise:30', '1:raise:40']);
    expect(legalActions(state)).toMatchObject({ seat: 2, actions: ['fold', 'call'], callAmount: 20 });
  });

  test('bet and raise sizes are fixed: small bet preflop and flop, big bet turn and river; bet + 3 raises postflop', () => {
    let handState = play(fl(3, 2), anyDeck, ['2:call', '0:call', '1:check']).state;
    expect(legalActions(handState)).toMatchObject({ minTo: 10, maxTo: 10 });
    handState = play(fl(3, 2), anyDeck, [
      '2:call',
      '0:call',
      '1:check',
      '0:bet:10',
      '1:raise:20',
      '2:raise:30',
      '0:raise:40',
    ]).state;
    expect(legalActions(handState)).toMatchObject({ seat: 1, actions: ['fold', 'call'] });
    handState = play(fl(3, 2), anyDeck, ['2:call', '0:call', '1:check', '0:check', '1:check', '2:check']).state;
    expect(legalActions(handState)).toMatchObject({ minTo: 20, maxTo: 20 });
    expect(apply(handState, { type: 'bet', seat: 0, amount: 30 })).toMatchObject({
      ok: false,
      error: { code: 'ILLEGAL_AMOUNT' },
    });
  });

  test('the cap also applies heads-up (house rules make no exception)', () => {
    const { state } = play(fl(2, 1), anyDeck, ['1:raise:20', '0:raise:30', '1:raise:40']);
    expect(legalActions(state)).toMatchObject({ seat: 0, actions: ['fold', 'call'] });
  });
});

describe('Spread Limit', () => {
  test('1-2-3: the first bet picks the step (BB..limit), each raise repeats it, the round caps at 3 × the limit', () => {
    // Chips ×10: blinds 5/10, limits 10 (preflop, flop), 20 (turn), 30 (river). Heads-up, button = seat 1.
    const config = cfg({
      structure: 'spread-limit',
      seats: seats(1000, 1000),
      button: 1,
      stakes: { smallBlind: 5, bigBlind: 10, spreadLimits: [10, 20, 30] },
    });
    const deck = stackDeck(['AsAh', '2c7d'], 'KdQs9h5c3s');
    let handState = play(config, deck, []).state;
    expect(legalActions(handState)).toMatchObject({ seat: 1, minTo: 20, maxTo: 20 });
    handState = play(config, deck, ['1:raise:20', '0:raise:30']).state;
    expect(legalActions(handState)).toMatchObject({ seat: 1, actions: ['fold', 'call'] }); // 30 = 3 × 10
    handState = play(config, deck, ['1:raise:20', '0:raise:30', '1:call', '0:check', '1:check']).state;
    expect(legalActions(handState)).toMatchObject({ seat: 0, minTo: 10, maxTo: 20 }); // turn: BB .. 20
    handState = play(config, deck, ['1:raise:20', '0:raise:30', '1:call', '0:check', '1:check', '0:bet:15']).state;
    expect(legalActions(handState)).toMatchObject({ minTo: 30, maxTo: 30 });
    handState = play(config, deck, [
      '1:raise:20',
      '0:raise:30',
      '1:call',
      '0:check',
      '1:check',
      '0:bet:15',
      '1:raise:30',
      '0:raise:45',
      '1:raise:60',
    ]).state;
    expect(legalActions(handState)).toMatchObject({ seat: 0, actions: ['fold', 'call'] }); // 60 = 3 × 20
    const river = [
      '1:raise:20',
      '0:raise:30',
      '1:call',
      '0:check',
      '1:check',
      '0:bet:15',
      '1:raise:30',
      '0:raise:45',
      '1:raise:60',
      '0:call',
      '0:bet:25',
      '1:raise:50',
      '0:raise:75',
    ];
    handState = play(config, deck, river).state;
    // 75 + 25 would pass the cap of 90: the last raise is cut to the cap.
    expect(legalActions(handState)).toMatchObject({ seat: 1, minTo: 90, maxTo: 90 });
    const end = play(config, deck, [...river, '1:raise:90', '0:call']);
    // Each put in 30 + 60 + 90 = 180; the aces win 360.
    expect(stacksOf(end.state)).toEqual({ 0: 1180, 1: 820 });
  });
});

describe('Pots', () => {
  test('three-way all-in: two side pots and an odd chip to the winner nearest the button on the left', () => {
    // Blinds 5/10, button seat 3. W (seat 0, 100) posts 5 and folds; X (1, 50), Y (2, 150), Z (3, 301) all in.
    // Z's 151 above Y's 150 is returned. Main pot 5 + 3 × 50 = 155: X and Z tie with 9-high straights,
    // 77 each and the odd chip to X (seat 1 is nearer the button's left than seat 3). Side pot 2 × 100 = 200 to Z.
    const { state, events } = play(
      cfg({
        seats: [
          { seat: 0, stack: 100 },
          { seat: 1, stack: 50 },
          { seat: 2, stack: 150 },
          { seat: 3, stack: 301 },
        ],
        button: 3,
      }),
      stackDeck(['2h3h', '9c2d', 'AhAd', '9d3c'], '5c6d7h8sKc'),
      ['2:raise:150', '3:raise:301', '0:fold', '1:call'],
    );
    expect(ofType(events, 'uncalled-bet-returned')).toEqual([{ type: 'uncalled-bet-returned', seat: 3, amount: 151 }]);
    expect(
      ofType(events, 'pot-awarded').map((e) => ({ amount: e.amount, eligible: e.eligible, shares: e.shares })),
    ).toEqual([
      {
        amount: 155,
        eligible: [1, 2, 3],
        shares: [
          { seat: 1, amount: 78, half: 'whole' },
          { seat: 3, amount: 77, half: 'whole' },
        ],
      },
      { amount: 200, eligible: [2, 3], shares: [{ seat: 3, amount: 200, half: 'whole' }] },
    ]);
    expect(stacksOf(state)).toEqual({ 0: 95, 1: 78, 2: 0, 3: 428 });
  });

  test('Omaha Hi/Lo: high and low halves, a tied low is quartered', () => {
    // 3 × 100 all in. Board 2c 3d 7s Kh Kd. A: As Ks make kings full? no: trip kings (Ks As + Kh Kd 7s) and
    // the low A-2-3-4-7 (As 4c); B: the same low (Ah 4d), two pair; C: two pair, no low.
    // High half 150 → A; low half 150 → A 75, B 75. A 225, B 75, C 0.
    const { state, events } = play(
      cfg({ variant: 'omaha-hl', seats: seats(100, 100, 100), button: 2 }),
      stackDeck(['As4cKsQh', 'Ah4d9c9d', 'QcQdJcJd'], '2c3d7sKhKd'),
      ['2:raise:100', '0:call', '1:call'],
    );
    expect(ofType(events, 'pot-awarded')[0].shares).toEqual([
      { seat: 0, amount: 150, half: 'high' },
      { seat: 0, amount: 75, half: 'low' },
      { seat: 1, amount: 75, half: 'low' },
    ]);
    expect(stacksOf(state)).toEqual({ 0: 225, 1: 75, 2: 0 });
  });

  test('Hi/Lo: the odd chip of the halves goes to the high half; a split half gives its odd chip left of the button', () => {
    // Blinds 5/11: C (button) calls 11 and later folds; A shoves 100, B calls. Pot 211: high 106 → A,
    // low 105 split A/B: 53 to A (nearest the button's left), 52 to B.
    const { state } = play(
      cfg({ variant: 'omaha-hl', seats: seats(100, 100, 100), button: 2, stakes: { smallBlind: 5, bigBlind: 11 } }),
      stackDeck(['As4cKsQh', 'Ah4d9c9d', 'QcQdJcJd'], '2c3d7sKhKd'),
      ['2:call', '0:raise:100', '1:call', '2:fold'],
    );
    expect(stacksOf(state)).toEqual({ 0: 159, 1: 52, 2: 89 });
  });

  test('Hi/Lo: no qualifying low, the high hand takes the whole pot', () => {
    const { state, events } = play(
      cfg({ variant: 'omaha-hl', seats: seats(100, 100), button: 1 }),
      stackDeck(['As4cKsQh', 'QcQdJcJd'], '9c3d4sKhKd'),
      ['1:raise:100', '0:call'],
    );
    expect(ofType(events, 'pot-awarded')[0].shares).toEqual([{ seat: 0, amount: 200, half: 'whole' }]);
    expect(stacksOf(state)).toEqual({ 0: 200, 1: 0 });
  });

  test('uncalled chips return to the bettor and are not a win', () => {
    const { state, events } = play(
      cfg({ seats: seats(1000, 1000), button: 1, stakes: { smallBlind: 25, bigBlind: 50 } }),
      anyDeck,
      ['1:raise:300', '0:fold'],
    );
    expect(ofType(events, 'uncalled-bet-returned')).toEqual([{ type: 'uncalled-bet-returned', seat: 1, amount: 250 }]);
    expect(ofType(events, 'pot-awarded')[0]).toMatchObject({ amount: 100, shares: [{ seat: 1, amount: 100 }] });
    expect(stacksOf(state)).toEqual({ 0: 950, 1: 1050 });
  });

  test('equal hands split the pot', () => {
    // The board plays for both: a broadway straight.
    const { state } = play(cfg({ seats: seats(100, 100), button: 1 }), stackDeck(['2c3d', '2h3s'], 'AsKdQhJcTs'), [
      '1:raise:100',
      '0:call',
    ]);
    expect(stacksOf(state)).toEqual({ 0: 100, 1: 100 });
  });
});

describe('End of the hand', () => {
  test('when one hand is left it wins at once, unseen', () => {
    const { state, events } = play(cfg({ seats: seats(1000, 1000, 1000), button: 2 }), anyDeck, ['2:fold', '0:fold']);
    expect(state.phase).toBe('complete');
    expect(ofType(events, 'board-dealt')).toEqual([]);
    expect(ofType(events, 'hand-shown')).toEqual([]);
    expect(stacksOf(state)).toEqual({ 0: 995, 1: 1005, 2: 1000 });
  });

  test('when no one can act any more, the rest of the board is dealt out and every hand is shown', () => {
    const { state, events } = play(
      cfg({ seats: seats(100, 100), button: 1 }),
      stackDeck(['AsAh', 'KsKh'], '2c7d9hTcJd'),
      ['1:raise:100', '0:call'],
    );
    expect(ofType(events, 'runout')).toEqual([{ type: 'runout', fromStreet: 1 }]);
    expect(ofType(events, 'board-dealt').map((e) => e.cards.length)).toEqual([3, 1, 1]);
    expect(
      ofType(events, 'hand-shown')
        .map((e) => e.seat)
        .sort(),
    ).toEqual([0, 1]);
    expect(stacksOf(state)).toEqual({ 0: 200, 1: 0 });
  });

  test('a player who can still act alone, covering every all-in, is not asked again: the board runs out', () => {
    // 5/10, button seat 2 raises to 100; the blinds call all in for 50 and 80. Seat 2's 20 over 80 is
    // returned; nobody can bet any more, so flop, turn and river are dealt at once.
    const { state, events } = play(
      cfg({
        seats: [
          { seat: 0, stack: 50 },
          { seat: 1, stack: 80 },
          { seat: 2, stack: 1000 },
        ],
        button: 2,
      }),
      stackDeck(['AsAh', 'KsKh', 'QsQh'], '2c7d9hTc3d'),
      ['2:raise:100', '0:call', '1:call'],
    );
    expect(ofType(events, 'uncalled-bet-returned')).toEqual([{ type: 'uncalled-bet-returned', seat: 2, amount: 20 }]);
    expect(ofType(events, 'board-dealt').map((e) => e.cards.length)).toEqual([3, 1, 1]);
    // Main pot 3 × 50 = 150 to seat 0's aces, side pot 2 × 30 = 60 to seat 1's kings.
    expect(stacksOf(state)).toEqual({ 0: 150, 1: 60, 2: 920 });
  });

  test('showdown order: the last bettor of the final round shows first; classic tables muck a beaten hand', () => {
    // River: seat 0 checks, seat 1 bets, seat 0 calls. Seat 1 (aces) shows first; seat 0 (kings) cannot beat it.
    const acts = ['1:call', '0:check', '0:check', '1:check', '0:check', '1:check', '0:check', '1:bet:10', '0:call'];
    const deck = stackDeck(['KsKh', 'AsAh'], '2c7d9hTc3d');
    const classic = play(cfg({ seats: seats(100, 100), button: 1, showdown: 'classic' }), deck, acts).events;
    expect(
      classic
        .filter((e) => e.type === 'hand-shown' || e.type === 'hand-mucked')
        .map((e) => [e.type, (e as { seat: number }).seat]),
    ).toEqual([
      ['hand-shown', 1],
      ['hand-mucked', 0],
    ]);
    const showAll = play(cfg({ seats: seats(100, 100), button: 1, showdown: 'show-all' }), deck, acts).events;
    expect(ofType(showAll, 'hand-shown').map((e) => e.seat)).toEqual([1, 0]);
  });

  test('showdown order without a bet on the last round: the first player left of the button shows first', () => {
    const acts = ['2:call', '0:call', '1:check', ...new Array(9).fill(0).map((_, k) => `${k % 3}:check`)];
    const { events } = play(
      cfg({ seats: seats(100, 100, 100), button: 2 }),
      stackDeck(['KsKh', '2c2d', 'AsAh'], '5c7d9hTc3d'),
      acts,
    );
    // Seat 0 (kings) first, seat 1 (deuces) cannot beat kings: mucked, seat 2 (aces) shows.
    expect(
      events
        .filter((e) => e.type === 'hand-shown' || e.type === 'hand-mucked')
        .map((e) => [e.type, (e as { seat: number }).seat]),
    ).toEqual([
      ['hand-shown', 0],
      ['hand-mucked', 1],
      ['hand-shown', 2],
    ]);
  });
});

describe('Rake', () => {
  const rake = houseRake();
  test('house schedule: 1 per 20, capped by players dealt in', () => {
    expect(rake({ pots: [1000], playersDealt: 2, dropEligible: true })).toEqual([50]);
    expect(rake({ pots: [2000], playersDealt: 2, dropEligible: true })).toEqual([75]);
    expect(rake({ pots: [5000], playersDealt: 3, dropEligible: true })).toEqual([200]);
    expect(rake({ pots: [5000, 3000], playersDealt: 6, dropEligible: true })).toEqual([300, 0]);
    expect(rake({ pots: [30], playersDealt: 6, dropEligible: true })).toEqual([2]);
  });

  test('no flop, no drop', () => {
    const { state, events } = play(
      cfg({ seats: seats(1000, 1000), button: 1, stakes: { smallBlind: 250, bigBlind: 500 }, rake }),
      anyDeck,
      ['1:raise:1000', '0:fold'],
    );
    expect(ofType(events, 'pot-awarded')[0].rake).toBe(0);
    expect(stacksOf(state)).toEqual({ 0: 500, 1: 1500 });
    const flop = play(
      cfg({ seats: seats(1000, 1000), button: 1, stakes: { smallBlind: 250, bigBlind: 500 }, rake }),
      anyDeck,
      ['1:call', '0:check', '0:bet:500', '1:fold'],
    );
    // Pot 1000 after the uncalled 500 is returned: 50 rake.
    expect(ofType(flop.events, 'pot-awarded')[0]).toMatchObject({
      amount: 1000,
      rake: 50,
      shares: [{ seat: 0, amount: 950 }],
    });
  });
});

describe('Disconnection protection', () => {
  const fl = (structure: HandConfig['structure']) =>
    cfg({
      structure,
      seats: seats(1000, 1000, 1000),
      button: 2,
      stakes: { smallBlind: 5, bigBlind: 10, smallBet: 10, bigBet: 20, spreadLimits: [10, 20, 30] },
    });
  const deck = stackDeck(['KsKh', 'AsAh', 'QsQh'], '2c7d9hTc3d');

  test('artificial all-in (Fixed Limit): he plays on for the chips he put in, his stack stays behind', () => {
    // Preflop all three put in 20. Flop: seat 0 bets 10, seat 1 (disconnected) is protected, seat 2 calls.
    // Main pot 3 × 20 = 60 to seat 1's aces; the side pot (10 + 10 flop, 20 + 20 turn) = 60 to seat 0's kings.
    const before = play(fl('fixed-limit'), deck, ['2:raise:20', '0:call', '1:call', '0:bet:10']).state;
    expect(legalActions(before)).toMatchObject({ seat: 1, artificialAllIn: true, actions: ['fold', 'call', 'raise'] });
    const { state, events } = play(fl('fixed-limit'), deck, [
      '2:raise:20',
      '0:call',
      '1:call',
      '0:bet:10',
      '1:artificialAllIn',
      '2:call',
      '0:bet:20',
      '2:call',
      '0:check',
      '2:check',
    ]);
    expect(ofType(events, 'artificial-all-in')).toEqual([{ type: 'artificial-all-in', seat: 1, committed: 20 }]);
    expect(ofType(events, 'pot-awarded').map((e) => [e.amount, e.shares.map((x) => [x.seat, x.amount])])).toEqual([
      [60, [[1, 60]]],
      [60, [[0, 60]]],
    ]);
    expect(stacksOf(state)).toEqual({ 0: 1010, 1: 1040, 2: 950 });
  });

  test('artificial all-in only in Fixed and Spread Limit, only with chips in the pot, only instead of a fold', () => {
    const spread = play(fl('spread-limit'), deck, ['2:raise:20', '0:call', '1:call', '0:bet:10']).state;
    expect(apply(spread, { type: 'artificialAllIn', seat: 1 }).ok).toBe(true);
    const nl = play(fl('no-limit'), deck, ['2:raise:20', '0:call', '1:call', '0:bet:10']).state;
    expect(legalActions(nl)!.artificialAllIn).toBeUndefined();
    expect(apply(nl, { type: 'artificialAllIn', seat: 1 })).toMatchObject({
      ok: false,
      error: { code: 'ILLEGAL_ACTION' },
    });
    const nothingIn = start(fl('fixed-limit'), { deck }).state; // seat 2 (button) has put nothing in
    expect(apply(nothingIn, { type: 'artificialAllIn', seat: 2 })).toMatchObject({
      ok: false,
      error: { code: 'ILLEGAL_ACTION' },
    });
    const canCheck = play(fl('fixed-limit'), deck, ['2:call', '0:call']).state; // the big blind may check
    expect(apply(canCheck, { type: 'artificialAllIn', seat: 1 })).toMatchObject({
      ok: false,
      error: { code: 'ILLEGAL_ACTION' },
    });
  });
});

describe('Actions and versions', () => {
  const s0 = () => start(cfg({ seats: seats(1000, 1000, 1000), button: 2 }), { deck: anyDeck }).state;

  test('a refused action changes nothing', () => {
    const state = s0();
    const before = JSON.stringify(state);
    for (const action of ['0:call', '2:check', '2:raise:15', '2:bet:20', '2:dance'])
      expect(apply(state, parse(action)).ok).toBe(false);
    expect(JSON.stringify(state)).toBe(before);
  });

  test('errors are typed: NOT_YOUR_TURN, STALE_VERSION, HAND_OVER, UNKNOWN_ACTION', () => {
    const handState = s0();
    expect(apply(handState, { type: 'call', seat: 0 })).toMatchObject({ ok: false, error: { code: 'NOT_YOUR_TURN' } });
    expect(apply(handState, { type: 'call', seat: 2, expectedVersion: 3 })).toMatchObject({
      ok: false,
      error: { code: 'STALE_VERSION' },
    });
    expect(apply(handState, { type: 'dance', seat: 2 })).toMatchObject({
      ok: false,
      error: { code: 'UNKNOWN_ACTION' },
    });
    const result = apply(handState, { type: 'call', seat: 2, expectedVersion: 0 });
    expect(result.ok && result.state.version).toBe(1);
    const over = play(cfg({ seats: seats(1000, 1000), button: 1 }), anyDeck, ['1:fold']).state;
    expect(apply(over, { type: 'check', seat: 0 })).toMatchObject({ ok: false, error: { code: 'HAND_OVER' } });
  });

  test('folding is always allowed on your turn, also when checking is free', () => {
    // Heads-up 5/10, button 1 (small blind) completes to 10: the big blind (seat 0) may check, and may fold.
    // He folds: the pot of 10 + 10 = 20 goes to seat 1, who ends on 1000 - 10 + 20 = 1010; seat 0 on 990.
    const handState = play(cfg({ seats: seats(1000, 1000), button: 1 }), anyDeck, ['1:call']).state;
    expect(legalActions(handState)).toMatchObject({ seat: 0, actions: ['fold', 'check', 'raise'], callAmount: 0 });
    const result = apply(handState, { type: 'fold', seat: 0 });
    if (!result.ok) throw new Error(result.error.message);
    expect(result.state.phase).toBe('complete');
    expect(
      ofType(result.events, 'pot-awarded').map((e) => [e.amount, e.shares.map((x) => [x.seat, x.amount])]),
    ).toEqual([[20, [[1, 20]]]]);
    expect(stacksOf(result.state)).toEqual({ 0: 990, 1: 1010 });
    // Three-handed on a checked-to flop (each put in 10, pot 30): seat 0 folds for free, seats 1 and 2 play on.
    const flop = play(cfg({ seats: seats(1000, 1000, 1000), button: 2 }), anyDeck, [
      '2:call',
      '0:call',
      '1:check',
      '0:fold',
    ]).state;
    expect(flop.folded).toEqual([true, false, false]);
    expect(legalActions(flop)).toMatchObject({ seat: 1, actions: ['fold', 'check', 'bet'] });
    expect(flop.committed).toEqual([10, 10, 10]);
  });

  test('server crash: cancelling the hand returns every chip each player put in', () => {
    const handState = play(
      cfg({ seats: seats(1000, 1000, 1000), button: 2, stakes: { smallBlind: 5, bigBlind: 10, ante: 1 } }),
      anyDeck,
      ['2:raise:40', '0:call', '1:call', '0:bet:100'],
    ).state;
    const result = cancelHand(handState);
    if (!result.ok) throw new Error('refused');
    expect(result.events).toEqual([
      {
        type: 'hand-cancelled',
        refunds: [
          { seat: 0, amount: 141 },
          { seat: 1, amount: 41 },
          { seat: 2, amount: 41 },
        ],
        stacks: [
          { seat: 0, stack: 1000 },
          { seat: 1, stack: 1000 },
          { seat: 2, stack: 1000 },
        ],
      },
    ]);
    expect(result.state.phase).toBe('cancelled');
    expect(cancelHand(result.state).ok).toBe(false);
  });
});
