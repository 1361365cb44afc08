/**
 * Our rule for every documented difference between PokerKit's reference hands and docs/rules/README.md, each
 * test named after the rule with hand-computed numbers (the replay suite lists the hands).
 */
import { apply, legalActions } from '../hand/apply';
import { ofType, play, stackDeck, stacksOf } from '../hand/spec-helpers';
import { start } from '../hand/start';
import type { HandConfig } from '../hand/types';
import { POKERKIT_DIFFERENCES } from './pokerkit-differences';
import { replayPhhText } from './replay';

const seats = (...stacks: number[]) => stacks.map((stack, seat) => ({ seat, stack }));

test('fixed limit: at most 4 bets a round, the big blind counting as the first preflop (FT reference hands with a 5th bet)', () => {
  // 3 players, 50/100, button seat 2 acts first: raise to 200 (bet 2), 300 (3), 400 (4 = the cap).
  const config: HandConfig = {
    variant: 'holdem',
    structure: 'fixed-limit',
    seats: seats(2000, 2000, 2000),
    button: 2,
    stakes: { smallBlind: 50, bigBlind: 100, smallBet: 100, bigBet: 200 },
  };
  const { state } = play(config, stackDeck([]), ['2:raise:200', '0:raise:300', '1:raise:400']);
  expect(legalActions(state)).toMatchObject({ seat: 2, actions: ['fold', 'call'], callAmount: 200 });
  expect(apply(state, { type: 'raise', seat: 2, amount: 500 })).toMatchObject({
    ok: false,
    error: { code: 'RAISE_NOT_ALLOWED' },
  });
  expect(POKERKIT_DIFFERENCES['fixed-limit-cap']).toMatch(/4 bets/);
});

test('no limit: an all-in below a full raise does not reopen raising for a player who already acted (NT reference hand 102)', () => {
  // Stacks 300 / 106 / 1200, blinds 50/100: the button calls 100, the SB calls, the BB shoves 106
  // (+6, less than the full raise of 100). The button already acted: call or fold only.
  const config: HandConfig = {
    variant: 'holdem',
    structure: 'no-limit',
    seats: seats(300, 106, 1200),
    button: 2,
    stakes: { smallBlind: 50, bigBlind: 100 },
  };
  const { state } = play(config, stackDeck([]), ['2:call', '0:call', '1:raise:106']);
  expect(legalActions(state)).toMatchObject({ seat: 2, actions: ['fold', 'call'], callAmount: 6 });
  expect(apply(state, { type: 'raise', seat: 2, amount: 633 })).toMatchObject({
    ok: false,
    error: { code: 'RAISE_NOT_ALLOWED' },
  });
});

test('odd chips: several odd chips go one each to the winners nearest the button on the left (FT reference hand 5)', () => {
  // 4 players, 5/10, button seat 3. Seat 2 raises to 100, seat 3 and the BB call, the SB folds: pot 305.
  // The board is a royal flush: three-way tie, 305 = 3 × 101 + 2 odd chips → seats 1 and 2 get 102, seat 3 gets 101.
  const config: HandConfig = {
    variant: 'holdem',
    structure: 'no-limit',
    seats: seats(1000, 1000, 1000, 1000),
    button: 3,
    stakes: { smallBlind: 5, bigBlind: 10 },
  };
  const deck = stackDeck(['2c3d', '4c5d', '6c7d', '8c9d'], 'AsKsQsJsTs');
  const checks = ['1:check', '2:check', '3:check'];
  const { state, events } = play(config, deck, [
    '2:raise:100',
    '3:call',
    '0:fold',
    '1:call',
    ...checks,
    ...checks,
    ...checks,
  ]);
  expect(ofType(events, 'pot-awarded')[0].shares.map((s) => [s.seat, s.amount])).toEqual([
    [1, 102],
    [2, 102],
    [3, 101],
  ]);
  expect(stacksOf(state)).toEqual({ 0: 995, 1: 1002, 2: 1002, 3: 1001 });
});

test('8-or-better low needs five distinct ranks: a paired hand is no low and the high hand scoops (FO8 reference hand 4)', () => {
  // Board 8c 6d 8s 6c As. Seat 0 (7h 8d 7c Qd) and seat 1 (Kd Ad 7s 9c) can only make paired
  // "lows" (8-8-7-6-A); no low qualifies. High: seat 0's 8d Qd + 8c 8s As (trip eights) beats
  // seat 1's aces up, so seat 0 takes the whole pot of 4: 102 / 98.
  const config: HandConfig = {
    variant: 'omaha-hl',
    structure: 'pot-limit',
    seats: seats(100, 100),
    button: 1,
    stakes: { smallBlind: 1, bigBlind: 2 },
  };
  const deck = stackDeck(['7h8d7cQd', 'KdAd7s9c'], '8c6d8s6cAs');
  const checks = ['0:check', '1:check'];
  const { state, events } = play(config, deck, ['1:call', '0:check', ...checks, ...checks, ...checks]);
  expect(ofType(events, 'pot-awarded')[0].shares).toEqual([{ seat: 0, amount: 4, half: 'whole' }]);
  expect(stacksOf(state)).toEqual({ 0: 102, 1: 98 });
});

test('hi/lo side pot without a qualifying low goes wholly to the best high hand among its players (FO8 reference hand 4, worked out in full)', () => {
  // Omaha Hi/Lo, replayed pot-limit like every reference/FO8 hand. Blinds 50/100, button seat 4.
  // Stacks 400 / 3600 / 19100 / 11300 / 12400. Preflop: seat 2 calls, seat 3 folds, seat 4 raises to 269,
  // seat 0 raises all-in to 400, seats 1, 2, 4 call. Flop 8c 6d 8s: seat 4 bets 208, seats 1 and 2 call.
  // Turn 6c: checks. River As: seat 1 bets 2032, seat 2 raises to 4064, seat 4 calls, seat 1 calls all-in (2992).
  // In: seat 0 400, seat 1 3600, seats 2 and 4 4672 each. Pots: main 4 × 400 = 1600 (0, 1, 2, 4);
  // side 1: 3 × 3200 = 9600 (1, 2, 4); side 2: 2 × 1072 = 2144 (2, 4).
  // Hands on 8c 6d 8s 6c As (exactly 2 hole + 3 board):
  //   seat 0 Jd 4h 5s 4d: high 8-8-4-4-A; low 4-5 + 8-6-A = 8-6-5-4-A (qualifies).
  //   seat 1 7h 8d 7c Qd: high 8d Qd + 8c 8s As = trip eights; low: 7-8 + only 6, A left distinct → none.
  //   seat 2 Qs Kc 7d Ts: high pair of eights (8-8-A-K-Q); low: one card ≤ 8 → none.
  //   seat 4 Kd Ad 7s 9c: high Ad Kd + As 8c 8s = aces up; low: A-7 + only 8, 6 left distinct → none.
  // Main: high seat 1 (trips) 800, low seat 0 800. Side 1: no low among 1, 2, 4 → seat 1 all 9600
  // (PokerKit gave a quarter, 2400, to seat 4). Side 2: seat 4's aces up beat seat 2's eights: 2144.
  // Finishing: 800 / 800 + 9600 = 10400 / 19100 − 4672 = 14428 / 11300 / 12400 − 4672 + 2144 = 9872.
  const config: HandConfig = {
    variant: 'omaha-hl',
    structure: 'pot-limit',
    seats: seats(400, 3600, 19100, 11300, 12400),
    button: 4,
    stakes: { smallBlind: 50, bigBlind: 100 },
  };
  const deck = stackDeck(['Jd4h5s4d', '7h8d7cQd', 'QsKc7dTs', '4sJs5c9d', 'KdAd7s9c'], '8c6d8s6cAs');
  const { state, events } = play(config, deck, [
    '2:call',
    '3:fold',
    '4:raise:269',
    '0:raise:400',
    '1:call',
    '2:call',
    '4:call',
    '1:check',
    '2:check',
    '4:bet:208',
    '1:call',
    '2:call',
    '1:check',
    '2:check',
    '4:check',
    '1:bet:2032',
    '2:raise:4064',
    '4:call',
    '1:call',
  ]);
  expect(ofType(events, 'pot-awarded').map((e) => [e.amount, e.shares.map((x) => [x.seat, x.amount, x.half])])).toEqual(
    [
      [
        1600,
        [
          [1, 800, 'high'],
          [0, 800, 'low'],
        ],
      ],
      [9600, [[1, 9600, 'whole']]],
      [2144, [[4, 2144, 'whole']]],
    ],
  );
  expect(stacksOf(state)).toEqual({ 0: 800, 1: 10400, 2: 14428, 3: 11300, 4: 9872 });
});

test('hi/lo side pot without a qualifying low goes wholly to the best high hand: 7-Card Stud Hi/Lo (F7S8 reference hand 147, worked out in full)', () => {
  // Antes 20, stacks 9200 / 209 / 18400 / 7900 / 71 / 600. Third street: p4 completes to 100, p5 calls
  // all-in (71 in), p6 folds (20 in), p1 calls, p2 raises all-in to 189 (209 in), p3 raises to 289, p4 calls,
  // p1 folds (120 in). p3 and p4 then put in 100 + 200 + 400 + 200 more: 1209 each.
  // Pots: main 5 × 71 + 20 = 375 (p2, p3, p4, p5); side 1: 3 × 138 + 49 = 463 (p2, p3, p4); side 2: 2 × 1000 = 2000
  // (p3, p4). Hands: p2 9c 2d 6c Jd 9d Qc 5c pair of nines, ranks ≤ 8: 2, 5, 6 (no low);
  //        p3 7d Qs 9h 6d 8d 7h Js pair of sevens, ranks ≤ 8: 6, 7, 8 (no low);
  //        p4 Ks Td 5s 9s Jc 3c 7s king high, ranks ≤ 8: 3, 5, 7 (no low);
  //        p5 3h 6s Ts As 8s Ad 5d pair of aces, low 8-6-5-3-A.
  // Main: p5 scoops 375 (best high and the only low). Side 1: no low among p2, p3, p4 → p2's nines take
  // all 463 (PokerKit gave 115 of it to p3). Side 2: p3's sevens beat p4's king high: 2000.
  // Finishing: 9200 − 120 = 9080 / 463 / 18400 − 1209 + 2000 = 19191 / 7900 − 1209 = 6691 / 375 / 580.
  const text = [
    "variant = 'F7S/8'",
    'antes = [20, 20, 20, 20, 20, 20]',
    'bring_in = 50',
    'small_bet = 100',
    'big_bet = 200',
    'starting_stacks = [9200, 209, 18400, 7900, 71, 600]',
    "actions = ['d dh p1 8h2s6h', 'd dh p2 9c2d6c', 'd dh p3 7dQs9h', 'd dh p4 KsTd5s', 'd dh p5 3h6sTs', 'd dh p6 3s7cJh', 'p4 cbr 100', 'p5 cc', 'p6 f', 'p1 cc', 'p2 cbr 189', 'p3 cbr 289', 'p4 cc', 'p1 f', 'd dh p2 Jd', 'd dh p3 6d', 'd dh p4 9s', 'd dh p5 As', 'p3 cc', 'p4 cbr 100', 'p3 cc', 'd dh p2 9d', 'd dh p3 8d', 'd dh p4 Jc', 'd dh p5 8s', 'p3 cbr 200', 'p4 cc', 'd dh p2 Qc', 'd dh p3 7h', 'd dh p4 3c', 'd dh p5 Ad', 'p3 cbr 200', 'p4 cbr 400', 'p3 cc', 'd dh p2 5c', 'd dh p3 Js', 'd dh p4 7s', 'd dh p5 5d', 'p3 cc', 'p4 cbr 200', 'p3 cc']",
  ].join('\n');
  const replay = replayPhhText(text);
  expect(
    ofType(replay.events, 'pot-awarded').map((e) => [e.amount, e.shares.map((x) => [x.seat, x.amount, x.half])]),
  ).toEqual([
    [
      375,
      [
        [4, 188, 'high'],
        [4, 187, 'low'],
      ],
    ],
    [463, [[1, 463, 'whole']]],
    [2000, [[2, 2000, 'whole']]],
  ]);
  expect(replay.finishingStacks).toEqual([9080, 463, 19191, 6691, 375, 580]);
});

test('a big blind short of chips pays his blind before the big-blind ante (TDA; no recorded hand tests this yet)', () => {
  // BB 150 posts the blind 100, then 50 of the 100 ante.
  const config: HandConfig = {
    variant: 'holdem',
    structure: 'no-limit',
    seats: seats(1000, 150, 1000),
    button: 2,
    stakes: { smallBlind: 50, bigBlind: 100, ante: 100, bigBlindAnte: true },
  };
  const { events } = start(config, { deck: stackDeck([]) });
  expect(ofType(events, 'forced-bet').map((e) => [e.kind, e.amount])).toEqual([
    ['small-blind', 50],
    ['big-blind', 100],
    ['big-blind-ante', 50],
  ]);
});
