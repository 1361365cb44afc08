/**
 * The pots of the per-seat view (`HandView.pots`, built by `sidePotsOf`): the main pot and one side pot
 * per all-in level of a player still in, computed once by the engine so that no client recomputes
 * them. Numbers worked out by hand in the comments.
 */
import { sidePotsOf } from './pots';
import { play, stackDeck } from './spec-helpers';
import type { HandConfig } from './types';
import { view } from './view';

const seats = (...stacks: number[]) => stacks.map((stack, seat) => ({ seat, stack }));

describe('Side pots in the view', () => {
  test('each all-in level of a player still in closes a pot; folded chips stay in the pots they reached', () => {
    // Put in: 100 (all-in), 300 (all-in), 500, 50 (folded).
    // Main pot: 100 + 100 + 100 + 50 = 350 for players 0, 1, 2; side pot 1: 200 + 200 = 400 for 1 and 2;
    // side pot 2: 200 for 2 alone (still open). 350 + 400 + 200 = 950 = 100 + 300 + 500 + 50.
    expect(sidePotsOf([100, 300, 500, 50], [false, false, false, true], [true, true, false, false])).toEqual([
      { amount: 350, eligible: [0, 1, 2] },
      { amount: 400, eligible: [1, 2] },
      { amount: 200, eligible: [2] },
    ]);
  });

  test('no all-in: one pot up to the largest contribution', () => {
    // 20 + 20 + 10 (folded) = 50, for the two players still in.
    expect(sidePotsOf([20, 20, 10], [false, false, true], [false, false, false])).toEqual([
      { amount: 50, eligible: [0, 1] },
    ]);
  });

  test('dead money and chips carried over go into the main pot and open no level of their own', () => {
    // Put in 10, 20 (10 of it the big-blind ante, dead), 10; carried over 3.
    // Live: 10, 10, 10 → one pot of 30, plus the dead 10 and the carried 3 = 43.
    expect(sidePotsOf([10, 20, 10], [false, false, false], [false, false, false], [0, 10, 0], 3)).toEqual([
      { amount: 43, eligible: [0, 1, 2] },
    ]);
  });

  test('the view of a real hand shows the side pots by table seat, adding up to the pot', () => {
    // No Limit 5/10, stacks 100, 300, 1000, 1000, button on seat 3: seat 0 posts 5, seat 1 posts 10.
    // Seat 2 raises to 50, seat 3 calls 50, seat 0 raises all-in to 100, seat 1 re-raises all-in to 300,
    // seat 2 calls 300; seat 3 (50 in) is to act.
    // Main pot 100 × 3 + 50 = 350 (seats 0, 1, 2; seat 3 until he calls is in for 50 only);
    // side pot 200 × 2 = 400 (seats 1, 2). Pot 750.
    const config: HandConfig = {
      variant: 'holdem',
      structure: 'no-limit',
      stakes: { smallBlind: 5, bigBlind: 10 },
      seats: seats(100, 300, 1000, 1000),
      button: 3,
    };
    const { state } = play(config, stackDeck([]), ['2:raise:50', '3:call', '0:raise:100', '1:raise:300', '2:call']);
    const handView = view(state, 3);
    expect(handView.pots).toEqual([
      { amount: 350, eligible: [0, 1, 2] },
      { amount: 400, eligible: [1, 2] },
    ]);
    expect(handView.pot).toBe(750);
  });
});
