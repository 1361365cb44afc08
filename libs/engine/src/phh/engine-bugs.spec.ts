/**
 * Engine rules that PHH replays showed to be broken, one test per rule (named after it), with the
 * numbers worked out by hand. Each one was found by a recorded hand whose `finishing_stacks` the
 * engine missed; the hand is named in the test.
 */
import { ofType, play, stackDeck, stacksOf } from '../hand/spec-helpers';
import type { HandConfig } from '../hand/types';

describe('big-blind ante', () => {
  // 3 players, seats 0 (SB 50), 1 (BB 100 + big-blind ante 100), 2 (button), stacks 1000.
  const config: HandConfig = {
    variant: 'holdem',
    structure: 'no-limit',
    seats: [0, 1, 2].map((seat) => ({ seat, stack: 1000 })),
    button: 2,
    stakes: { smallBlind: 50, bigBlind: 100, ante: 100, bigBlindAnte: true },
  };

  test('the big-blind ante is dead money in the main pot: it is not returned to the big blind (WSOP 2023 #43 day 5 hand 30)', () => {
    // Button raises to 300, SB folds, BB calls; the button's aces win.
    // Pot = SB 50 + BB 300 + button 300 + the ante 100 = 750: button 1000 - 300 + 750 = 1450, BB 1000 - 400 = 600.
    const deck = stackDeck(['7c2d', '9h8h', 'AsAd'], 'KcQd5s4h3c');
    const { state, events } = play(config, deck, [
      '2:raise:300',
      '0:fold',
      '1:call',
      '1:check',
      '2:check',
      '1:check',
      '2:check',
      '1:check',
      '2:check',
    ]);
    expect(stacksOf(state)).toEqual({ 0: 950, 1: 600, 2: 1450 });
    expect(ofType(events, 'pot-awarded')).toEqual([expect.objectContaining({ amount: 750, eligible: [1, 2] })]);
  });

  test('a split pot shares the big-blind ante (WSOP 2023 #43 day 5 hand 31)', () => {
    // SB completes to 100, BB checks, checked down; both play the board's straight: the pot of
    // 50 + 50 + 100 + ante 100 = 300 splits 150/150: SB 1000 - 100 + 150 = 1050, BB 1000 - 200 + 150 = 950.
    const deck = stackDeck(['7c2d', '9h8c', '3s4d'], 'AhKdQcJsTh');
    const { state } = play(config, deck, [
      '2:fold',
      '0:call',
      '1:check',
      '0:check',
      '1:check',
      '0:check',
      '1:check',
      '0:check',
      '1:check',
    ]);
    expect(stacksOf(state)).toEqual({ 0: 1050, 1: 950, 2: 1000 });
  });

  test('a big blind all-in with his ante loses the ante with the pot (WSOP 2023 #43 day 5 hand 68)', () => {
    // BB 1000 posts 100 + ante 100, shoves to 900 live (1000 in); the button calls 900, the SB folds.
    // Pot = 50 + 900 + 900 + 100 = 1950, all to the button's aces: button 2000 - 900 + 1950 = 3050, BB 0, SB 950.
    const short: HandConfig = {
      ...config,
      seats: [
        { seat: 0, stack: 1000 },
        { seat: 1, stack: 1000 },
        { seat: 2, stack: 2000 },
      ],
    };
    const deck = stackDeck(['7c2d', '9d9c', 'AcKc'], 'Ah8cTh2s6d');
    const { state } = play(short, deck, ['2:raise:300', '0:fold', '1:raise:900', '2:call']);
    expect(stacksOf(state)).toEqual({ 0: 950, 1: 0, 2: 3050 });
  });
});
