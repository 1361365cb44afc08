/**
 * Home-game options (issue 23), one test per rule with the numbers worked out by hand. Decks are
 * stacked (`stackDeck`: private cards one per pass clockwise from left of the button, then the board
 * cards in dealing order).
 */
import { parseCards } from '../../cards';
import { apply, legalActions } from '../apply';
import { seenPositions } from '../deal-proof';
import { replayEvents } from '../replay';
import { ofType, play, stackDeck, stacksOf } from '../spec-helpers';
import { HandConfigError, start } from '../start';
import type { HandConfig } from '../types';
import { view } from '../view';

const seats = (...stacks: number[]) => stacks.map((stack, seat) => ({ seat, stack }));
const cfg = (over: Partial<HandConfig> & Pick<HandConfig, 'seats' | 'button'>): HandConfig => ({
  variant: 'holdem',
  structure: 'no-limit',
  stakes: { smallBlind: 5, bigBlind: 10 },
  ...over,
});
const anyDeck = stackDeck([]);
const replaysTo = (config: HandConfig, events: ReturnType<typeof play>['events']) => {
  const result = replayEvents(config, events);
  expect(result.ok).toBe(true);
  expect(JSON.stringify(result.events)).toBe(JSON.stringify(events));
};

describe('straddle', () => {
  test('straddle: UTG posts 2 × BB; action starts left of him; he acts last preflop with the option', () => {
    // 5 players, button 4: SB seat 0 (5), BB seat 1 (10), straddle seat 2 (20); seat 3 acts first.
    const config = cfg({ seats: seats(1000, 1000, 1000, 1000, 1000), button: 4, homeGame: { straddle: true } });
    const { state, events } = start(config, { deck: anyDeck });
    expect(ofType(events, 'forced-bet').map((e) => [e.seat, e.kind, e.amount])).toEqual([
      [0, 'small-blind', 5],
      [1, 'big-blind', 10],
      [2, 'straddle', 20],
    ]);
    const la = legalActions(state)!;
    expect(la.seat).toBe(3);
    expect(la.callAmount).toBe(20);
    // The straddle is a full blind raise: the next raise adds at least 20 (to 40).
    expect(la.minTo).toBe(40);
    // Seat 3 calls, 4 folds, 0 calls (15 more), 1 calls (10 more): the straddler has the option.
    const played = play(config, anyDeck, ['3:call', '4:fold', '0:call', '1:call']);
    const opt = legalActions(played.state)!;
    expect(opt.seat).toBe(2);
    expect(opt.actions).toEqual(['fold', 'check', 'raise']);
    expect(opt.minTo).toBe(40);
    const after = play(config, anyDeck, ['3:call', '4:fold', '0:call', '1:call', '2:check']);
    expect(after.state.street).toBe(1);
    expect(after.state.committed.reduce((a, b) => a + b, 0)).toBe(80); // 4 × 20
    replaysTo(config, after.events);
  });

  test('straddle: not with fewer than 4 players dealt in', () => {
    const config = cfg({ seats: seats(1000, 1000, 1000), button: 2, homeGame: { straddle: true } });
    const { state, events } = start(config, { deck: anyDeck });
    expect(ofType(events, 'forced-bet').map((e) => e.kind)).toEqual(['small-blind', 'big-blind']);
    expect(legalActions(state)!.seat).toBe(2);
    expect(legalActions(state)!.callAmount).toBe(10);
  });

  test('straddle: a short straddler posts all-in; the bet to call is at least the big blind', () => {
    // Seat 2 has 15: straddles all-in for 15; the bet is 15, the minimum raise stays 10 over it (to 25).
    const config = cfg({ seats: seats(1000, 1000, 15, 1000), button: 3, homeGame: { straddle: true } });
    const { state } = start(config, { deck: anyDeck });
    const la = legalActions(state)!;
    expect(la.seat).toBe(3);
    expect(la.callAmount).toBe(15);
    expect(la.minTo).toBe(25);
  });
});

describe('bomb pot', () => {
  test('bomb pot: everyone antes X, no blinds, no preflop betting, first action on the flop', () => {
    // 3 players, ante 10: pot 30 before the flop; seat 0 (left of the button) acts first on the flop.
    const config = cfg({ seats: seats(100, 100, 100), button: 2, homeGame: { bombPot: { ante: 10 } } });
    const { state, events } = start(config, { deck: anyDeck });
    expect(ofType(events, 'forced-bet').map((e) => [e.seat, e.kind, e.amount])).toEqual([
      [0, 'bomb-pot-ante', 10],
      [1, 'bomb-pot-ante', 10],
      [2, 'bomb-pot-ante', 10],
    ]);
    expect(state.street).toBe(1);
    expect(state.board).toHaveLength(3);
    expect(legalActions(state)!.seat).toBe(0);
    expect(legalActions(state)!.minTo).toBe(10); // the opening bet: the big blind
    // Seat 0 checks, seat 1 bets 20, seats 2 and 0 fold: seat 1 gets 20 back and wins 30.
    const played = play(config, anyDeck, ['0:check', '1:bet:20', '2:fold', '0:fold']);
    expect(stacksOf(played.state)).toEqual({ 0: 90, 1: 120, 2: 90 });
    replaysTo(config, played.events);
  });

  test('bomb pot double board: each board wins half the pot; the odd chip to the winner nearest the button on the left', () => {
    // Seats 0 As Ah, 1 Ks Kh, 2 4h 4d; ante 5 each: pot 15 → 7 per board, 1 odd chip.
    // Board 1: 2c 7d 9h Jc 8s → aces (seat 0). Board 2: Kd 3c 4s 5d 6c → kings full? no: three kings (seat 1).
    // Deal order: flop 1, flop 2, turn 1, turn 2, river 1, river 2.
    const deck = stackDeck(['AsAh', 'KsKh', '4h4d'], '2c7d9h Kd3c4s Jc 5d 8s 6c');
    const config = cfg({
      seats: seats(100, 100, 100),
      button: 2,
      homeGame: { bombPot: { ante: 5, doubleBoard: true } },
    });
    const played = play(config, deck, [
      '0:check',
      '1:check',
      '2:check',
      '0:check',
      '1:check',
      '2:check',
      '0:check',
      '1:check',
      '2:check',
    ]);
    expect(played.state.board).toEqual(parseCards('2c7d9hJc8s'));
    expect(view(played.state, 'spectator').ext?.home).toMatchObject({
      board2: parseCards('Kd3c4s5d6c'),
      bombPot: true,
    });
    // Seat 0: 95 + 7 + the odd chip (nearest left of the button, seat 2) = 103; seat 1: 95 + 7 = 102.
    expect(stacksOf(played.state)).toEqual({ 0: 103, 1: 102, 2: 95 });
    const [pot] = ofType(played.events, 'pot-awarded');
    expect(pot.shares).toEqual([
      { seat: 0, amount: 8, half: 'whole', board: 1 },
      { seat: 1, amount: 7, half: 'whole', board: 2 },
    ]);
    replaysTo(config, played.events);
  });
});

describe('two boards in Hi/Lo', () => {
  test("double board, Omaha Hi/Lo: each board's half is split high/low on that board; the odd chip to the winner nearest the button on the left", () => {
    // Ante 5 × 3 = 15; seat 2 folds on the flop. 15 → 7 per board + 1 odd chip.
    // Board 1 Ah 2d 3c Kd Qs: seat 0 (4h 5h) has the wheel: high (a five-high straight) 4 and low 3.
    // Board 2 Kc Kh 9s 9d Js: no low; seat 1 (Jh Jd) has jacks full: 7. Odd chip: seat 0 (nearest left of button 2).
    const deck = stackDeck(['4h5hTcTh', '6c7cJhJd', '8s8h2s3s'], 'Ah2d3c KcKh9s Kd 9d Qs Js');
    const config: HandConfig = {
      variant: 'omaha-hl',
      structure: 'pot-limit',
      stakes: { smallBlind: 5, bigBlind: 10 },
      seats: seats(100, 100, 100),
      button: 2,
      homeGame: { bombPot: { ante: 5, doubleBoard: true } },
    };
    const played = play(config, deck, ['0:check', '1:check', '2:fold', '0:check', '1:check', '0:check', '1:check']);
    expect(stacksOf(played.state)).toEqual({ 0: 103, 1: 102, 2: 95 });
    expect(ofType(played.events, 'pot-awarded')[0].shares).toEqual([
      { seat: 0, amount: 5, half: 'high', board: 1 },
      { seat: 0, amount: 3, half: 'low', board: 1 },
      { seat: 1, amount: 7, half: 'whole', board: 2 },
    ]);
    replaysTo(config, played.events);
  });
});

describe('run it twice', () => {
  // Seats 0, 1, 2, button 2: SB seat 0 (5), BB seat 1 (10). Seat 2 shoves 100, seat 0 folds (5 dead),
  // seat 1 calls all-in: pot 205. Run 1: 2c 7d 9h Jc 8s (seat 1's aces); run 2: Kd 3c 4s 5d 6c (seat 2's three kings).
  const deck = stackDeck(['2h3h', 'AsAh', 'KsKh'], '2c7d9h Jc 8s Kd3c4s 5d 6c');
  const config = cfg({ seats: seats(100, 100, 100), button: 2, homeGame: { runItTwice: true } });
  const allIn = ['2:raise:100', '0:fold', '1:call'];

  test('run it twice: offered to every player still in when nobody can act; the answer is a decision of his seat', () => {
    const played = play(config, deck, allIn);
    expect(played.state.phase).toBe('run-twice');
    expect(ofType(played.events, 'x-run-twice-offered' as never)).toHaveLength(1);
    const la = legalActions(played.state)!;
    expect(la.seat).toBe(1);
    expect(la.actions).toEqual(['run-twice', 'run-once']);
    expect(la.extensions).toEqual({ home: { phase: 'run-twice', timeoutAction: 'run-once' } });
    // Out of turn and poker actions are refused.
    expect(apply(played.state, { type: 'run-twice', seat: 2 })).toMatchObject({
      ok: false,
      error: { code: 'NOT_YOUR_TURN' },
    });
    expect(apply(played.state, { type: 'check', seat: 1 })).toMatchObject({
      ok: false,
      error: { code: 'NOT_YOUR_TURN' },
    });
  });

  test('run it twice: every pot split by board, the odd chip to the winner nearest the button on the left', () => {
    const played = play(config, deck, [...allIn, '1:run-twice', '2:run-twice']);
    expect(played.state.phase).toBe('complete');
    expect(played.state.board).toEqual(parseCards('2c7d9hJc8s'));
    expect(view(played.state, 0).ext?.home).toMatchObject({ board2: parseCards('Kd3c4s5d6c'), runTwice: true });
    // 205 = 102 + 102 + 1: seat 1 wins board 1 and the odd chip (nearer the button's left than seat 2).
    expect(stacksOf(played.state)).toEqual({ 0: 95, 1: 103, 2: 102 });
    replaysTo(config, played.events);
  });

  test('run it twice: one refusal runs the board once', () => {
    const played = play(config, deck, [...allIn, '1:run-twice', '2:run-once']);
    expect(played.state.phase).toBe('complete');
    expect(view(played.state, 0).ext?.home).toMatchObject({ board2: null, runTwice: false });
    expect(stacksOf(played.state)).toEqual({ 0: 95, 1: 205, 2: 0 });
    replaysTo(config, played.events);
  });

  test('run it twice: side pots are split by board too', () => {
    // Seat 0 has 50: SB 5 then calls all-in for 50. Main pot 150 (all three), side pot 100 (seats 1 and 2).
    // Seat 0 holds 2h 3h: no pair on run 1 (loses), on run 2 (Kd 3c 4s 5d 6c) a straight 2-6 (wins the main pot's
    // half).
    const deck = stackDeck(['2h3h', 'AsAh', 'KsKh'], '2c7d9h Jc 8s Kd3c4s 5d 6c');
    const config = cfg({ seats: seats(50, 100, 100), button: 2, homeGame: { runItTwice: true } });
    const played = play(config, deck, ['2:raise:100', '0:call', '1:call', '0:run-twice', '1:run-twice', '2:run-twice']);
    // Main 150: board 1 → seat 1 (75), board 2 → seat 0's straight (75). Side 100: board 1 → seat 1 (50), board 2 →
    // seat 2 (50).
    expect(stacksOf(played.state)).toEqual({ 0: 75, 1: 125, 2: 50 });
    replaysTo(config, played.events);
  });

  test('run it twice: not offered on a double-board bomb pot (it has two boards already)', () => {
    // Everyone all-in from the ante: the boards are simply dealt.
    const config = cfg({
      seats: seats(5, 5, 5),
      button: 2,
      homeGame: { runItTwice: true, bombPot: { ante: 5, doubleBoard: true } },
    });
    const played = play(config, deck, []);
    expect(played.state.phase).toBe('complete');
    expect(ofType(played.events, 'x-run-twice-offered' as never)).toHaveLength(0);
  });

  test('run it twice: not offered when the option is off', () => {
    const played = play(cfg({ seats: seats(100, 100, 100), button: 2 }), deck, allIn);
    expect(played.state.phase).toBe('complete');
  });
});

describe('7-2 bounty', () => {
  // Seats 0 As Qs, 1 Jh Th, 2 7c 2d; board 7h 7s Kd 4c 9h: seat 2's three sevens win.
  const deck = stackDeck(['AsQs', 'JhTh', '7c2d'], '7h7sKd4c9h');
  const checkDown = [
    '2:call',
    '0:call',
    '1:check',
    '0:check',
    '1:check',
    '2:check',
    '0:check',
    '1:check',
    '2:check',
    '0:check',
    '1:check',
    '2:check',
  ];

  test('7-2 bounty: the shown 7-2 winner collects X from every other player dealt in', () => {
    const config = cfg({ seats: seats(100, 100, 100), button: 2, homeGame: { sevenDeuceBounty: 10 } });
    const played = play(config, deck, checkDown);
    // Pot 30 to seat 2, then 10 from seat 0 and 10 from seat 1: 90 + 30 + 20 = 140.
    expect(stacksOf(played.state)).toEqual({ 0: 80, 1: 80, 2: 140 });
    expect(ofType(played.events, 'x-seven-deuce-bounty' as never)).toEqual([
      {
        type: 'x-seven-deuce-bounty',
        seat: 2,
        amount: 20,
        paid: [
          { seat: 0, amount: 10 },
          { seat: 1, amount: 10 },
        ],
      },
    ]);
    replaysTo(config, played.events);
  });

  test('7-2 bounty: a player pays at most what he has left', () => {
    // Seat 0 starts with 12: after SB 5 and the call to 10 he has 2 left and pays 2.
    const config = cfg({ seats: seats(12, 100, 100), button: 2, homeGame: { sevenDeuceBounty: 10 } });
    const played = play(config, deck, checkDown);
    expect(stacksOf(played.state)).toEqual({ 0: 0, 1: 80, 2: 132 });
  });

  test('7-2 bounty: an uncontested winner is asked to show or muck; showing 7-2 collects, mucking does not', () => {
    const config = cfg({ seats: seats(100, 100, 100), button: 2, homeGame: { sevenDeuceBounty: 10 } });
    const folded = play(config, deck, ['2:raise:30', '0:fold', '1:fold']);
    expect(folded.state.phase).toBe('show-or-muck');
    expect(legalActions(folded.state)).toMatchObject({
      seat: 2,
      actions: ['show', 'muck'],
      extensions: { home: { timeoutAction: 'muck' } },
    });
    // 20 of his 30 come back; the pot is 5 + 10 + 10 = 25: 90 + 25 = 115, +10 +10 when he shows the 7-2.
    const shown = play(config, deck, ['2:raise:30', '0:fold', '1:fold', '2:show']);
    expect(stacksOf(shown.state)).toEqual({ 0: 85, 1: 80, 2: 135 });
    expect(view(shown.state, 0).players[2].cards).toEqual(parseCards('7c2d'));
    replaysTo(config, shown.events);
    const mucked = play(config, deck, ['2:raise:30', '0:fold', '1:fold', '2:muck']);
    expect(stacksOf(mucked.state)).toEqual({ 0: 95, 1: 90, 2: 115 });
    expect(view(mucked.state, 0).players[2].cards).toEqual([null, null]);
    replaysTo(config, mucked.events);
  });

  test('7-2 bounty: not for 7-2 suited', () => {
    const deck = stackDeck(['AsQs', 'JhTh', '7c2c'], '7h7sKd4d9h');
    const config = cfg({ seats: seats(100, 100, 100), button: 2, homeGame: { sevenDeuceBounty: 10 } });
    const played = play(config, deck, checkDown);
    expect(stacksOf(played.state)).toEqual({ 0: 90, 1: 90, 2: 120 });
  });
});

describe('rabbit hunt', () => {
  test('rabbit hunt: a hand that ends before the river shows everyone the cards that would have come; no chips move', () => {
    const deck = stackDeck(['AsQs', 'JhTh', '7c2d'], '7h7sKd4c9h');
    const config = cfg({ seats: seats(100, 100, 100), button: 2, homeGame: { rabbitHunt: true } });
    const played = play(config, deck, ['2:raise:30', '0:fold', '1:fold']);
    expect(played.state.phase).toBe('complete');
    expect(stacksOf(played.state)).toEqual({ 0: 95, 1: 90, 2: 115 });
    const [rabbit] = ofType(played.events, 'x-rabbit-hunt' as never) as unknown as { cards: number[] }[];
    expect(rabbit.cards).toEqual(parseCards('7h7sKd4c9h'));
    for (const viewer of [0, 1, 2, 'spectator' as const])
      expect(view(played.state, viewer).ext?.home).toMatchObject({ rabbit: parseCards('7h7sKd4c9h') });
    // The deal proof opens those deck positions (6..10) to every seat, and still not another seat's cards.
    expect(seenPositions(played.state.deck, 52, played.events, 0)).toEqual([0, 3, 6, 7, 8, 9, 10]);
    replaysTo(config, played.events);
  });

  test('rabbit hunt: off by default', () => {
    const deck = stackDeck(['AsQs', 'JhTh', '7c2d'], '7h7sKd4c9h');
    const played = play(cfg({ seats: seats(100, 100, 100), button: 2 }), deck, ['2:raise:30', '0:fold', '1:fold']);
    expect(ofType(played.events, 'x-rabbit-hunt' as never)).toHaveLength(0);
  });
});

describe('home-game options are validated against the game', () => {
  const bad = (over: Partial<HandConfig>, message: RegExp) => {
    expect(() => start(cfg({ seats: seats(100, 100, 100, 100), button: 3, ...over }), { deck: anyDeck })).toThrow(
      HandConfigError,
    );
    expect(() => start(cfg({ seats: seats(100, 100, 100, 100), button: 3, ...over }), { deck: anyDeck })).toThrow(
      message,
    );
  };
  test("straddle, bomb pot, run it twice and rabbit hunt need a flop game; the straddle a big-bet structure; the 7-2 bounty Hold'em", () => {
    bad(
      {
        variant: 'stud7',
        structure: 'fixed-limit',
        stakes: { smallBlind: 0, bigBlind: 10, ante: 2, bringIn: 5 },
        homeGame: { straddle: true },
      },
      /straddle needs a flop game/,
    );
    bad({ variant: 'draw5', homeGame: { bombPot: { ante: 5 } } }, /bomb pot needs a flop game/);
    bad({ variant: 'draw5', homeGame: { runItTwice: true } }, /run it twice needs a flop game/);
    bad({ structure: 'fixed-limit', homeGame: { straddle: true } }, /No Limit, Pot Limit or Half Pot Limit/);
    bad({ variant: 'omaha', structure: 'pot-limit', homeGame: { sevenDeuceBounty: 10 } }, /Texas Hold'em/);
    bad({ homeGame: { bombPot: { ante: 0 } } }, /positive integer/);
    bad({ variant: 'naiko', powers: {}, homeGame: { rabbitHunt: true } }, /Naiko powers/);
  });
});
