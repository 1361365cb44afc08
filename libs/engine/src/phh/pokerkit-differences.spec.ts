/**
 * Our rule for every documented difference between PokerKit's reference hands and RULES.md, each
 * test named after the rule with hand-computed numbers (the replay suite lists the hands).
 */
import { apply, legalActions } from '../hand/apply';
import { ofType, play, stackDeck, stacksOf } from '../hand/spec-helpers';
import { start } from '../hand/start';
import type { HandConfig } from '../hand/types';
import { POKERKIT_DIFFERENCES } from './pokerkit-differences';

const seats = (...stacks: number[]) => stacks.map((stack, seat) => ({ seat, stack }));

test('fixed limit: at most 4 bets a round, the big blind counting as the first preflop (FT reference hands with a 5th bet)', () => {
  // 3 players, 50/100, button seat 2 acts first: raise to 200 (bet 2), 300 (3), 400 (4 = the cap).
  const config: HandConfig = { variant: 'holdem', structure: 'fixed-limit', seats: seats(2000, 2000, 2000), button: 2, stakes: { smallBlind: 50, bigBlind: 100, smallBet: 100, bigBet: 200 } };
  const { state } = play(config, stackDeck([]), ['2:raise:200', '0:raise:300', '1:raise:400']);
  expect(legalActions(state)).toMatchObject({ seat: 2, actions: ['fold', 'call'], callAmount: 200 });
  expect(apply(state, { type: 'raise', seat: 2, amount: 500 })).toMatchObject({ ok: false, error: { code: 'RAISE_NOT_ALLOWED' } });
  expect(POKERKIT_DIFFERENCES['fixed-limit-cap']).toMatch(/4 bets/);
});

test('no limit: an all-in below a full raise does not reopen raising for a player who already acted (NT reference hand 102)', () => {
  // Stacks 300 / 106 / 1200, blinds 50/100: the button calls 100, the SB calls, the BB shoves 106
  // (+6, less than the full raise of 100). The button already acted: call or fold only.
  const config: HandConfig = { variant: 'holdem', structure: 'no-limit', seats: seats(300, 106, 1200), button: 2, stakes: { smallBlind: 50, bigBlind: 100 } };
  const { state } = play(config, stackDeck([]), ['2:call', '0:call', '1:raise:106']);
  expect(legalActions(state)).toMatchObject({ seat: 2, actions: ['fold', 'call'], callAmount: 6 });
  expect(apply(state, { type: 'raise', seat: 2, amount: 633 })).toMatchObject({ ok: false, error: { code: 'RAISE_NOT_ALLOWED' } });
});

test('odd chips: several odd chips go one each to the winners nearest the button on the left (FT reference hand 5)', () => {
  // 4 players, 5/10, button seat 3. Seat 2 raises to 100, seat 3 and the BB call, the SB folds: pot 305.
  // The board is a royal flush: three-way tie, 305 = 3 × 101 + 2 odd chips → seats 1 and 2 get 102, seat 3 gets 101.
  const config: HandConfig = { variant: 'holdem', structure: 'no-limit', seats: seats(1000, 1000, 1000, 1000), button: 3, stakes: { smallBlind: 5, bigBlind: 10 } };
  const deck = stackDeck(['2c3d', '4c5d', '6c7d', '8c9d'], 'AsKsQsJsTs');
  const checks = ['1:check', '2:check', '3:check'];
  const { state, events } = play(config, deck, ['2:raise:100', '3:call', '0:fold', '1:call', ...checks, ...checks, ...checks]);
  expect(ofType(events, 'pot-awarded')[0].shares.map((s) => [s.seat, s.amount])).toEqual([[1, 102], [2, 102], [3, 101]]);
  expect(stacksOf(state)).toEqual({ 0: 995, 1: 1002, 2: 1002, 3: 1001 });
});

test('8-or-better low needs five distinct ranks: a paired hand is no low and the high hand scoops (FO8 reference hand 4)', () => {
  // Board 8c 6d 8s 6c As. Seat 0 (7h 8d 7c Qd) and seat 1 (Kd Ad 7s 9c) can only make paired
  // "lows" (8-8-7-6-A); no low qualifies. High: seat 0's 8d Qd + 8c 8s As (trip eights) beats
  // seat 1's aces up, so seat 0 takes the whole pot of 4: 102 / 98.
  const config: HandConfig = { variant: 'omaha-hl', structure: 'pot-limit', seats: seats(100, 100), button: 1, stakes: { smallBlind: 1, bigBlind: 2 } };
  const deck = stackDeck(['7h8d7cQd', 'KdAd7s9c'], '8c6d8s6cAs');
  const checks = ['0:check', '1:check'];
  const { state, events } = play(config, deck, ['1:call', '0:check', ...checks, ...checks, ...checks]);
  expect(ofType(events, 'pot-awarded')[0].shares).toEqual([{ seat: 0, amount: 4, half: 'whole' }]);
  expect(stacksOf(state)).toEqual({ 0: 102, 1: 98 });
});

test('a big blind short of chips pays his blind before the big-blind ante (TDA; no recorded hand tests this yet)', () => {
  // BB 150 posts the blind 100, then 50 of the 100 ante.
  const config: HandConfig = { variant: 'holdem', structure: 'no-limit', seats: seats(1000, 150, 1000), button: 2, stakes: { smallBlind: 50, bigBlind: 100, ante: 100, bigBlindAnte: true } };
  const { events } = start(config, { deck: stackDeck([]) });
  expect(ofType(events, 'forced-bet').map((e) => [e.kind, e.amount])).toEqual([
    ['small-blind', 50],
    ['big-blind', 100],
    ['big-blind-ante', 50],
  ]);
});
