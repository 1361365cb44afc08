// Which home-game options the host is offered for a game, and the options in one line (issue 23).
import { describe, expect, it } from '@jest/globals';
import { homeGameText, optionProblem } from './home-game-form';

describe('home-game options offered per game', () => {
  it("Hold'em No Limit offers every option", () => {
    for (const key of ['runItTwice', 'straddle', 'bombPot', 'sevenDeuceBounty', 'rabbitHunt'] as const)
      expect(optionProblem({ game: 'holdem', structure: 'no-limit' }, key)).toBeNull();
  });
  it('Omaha: no 7-2 bounty; Fixed Limit: no straddle; Stud and draw games: none of the board options', () => {
    expect(optionProblem({ game: 'omaha', structure: 'pot-limit' }, 'sevenDeuceBounty')).toBe(
      "only in Texas Hold'em, not omaha",
    );
    expect(optionProblem({ game: 'omaha', structure: 'pot-limit' }, 'straddle')).toBeNull();
    expect(optionProblem({ game: 'holdem', structure: 'fixed-limit' }, 'straddle')).toBe(
      'only in No Limit, Pot Limit or Half Pot Limit',
    );
    expect(optionProblem({ game: 'holdem', structure: 'fixed-limit' }, 'bombPot')).toBeNull();
    for (const key of ['runItTwice', 'straddle', 'bombPot', 'rabbitHunt'] as const)
      expect(optionProblem({ game: 'stud7', structure: 'fixed-limit' }, key)).toBe(
        "needs a flop game (Hold'em or Omaha), not stud7",
      );
  });
  it('Naiko mode: none', () => {
    expect(optionProblem({ game: 'holdem', structure: 'no-limit', naikoMode: true }, 'runItTwice')).toBe(
      'home-game options are not played in Naiko mode',
    );
  });
});

describe('the options in one line', () => {
  it('names each option that is on', () => {
    expect(
      homeGameText({
        runItTwice: true,
        straddle: true,
        bombPot: { ante: 50, everyHands: 5, doubleBoard: true },
        sevenDeuceBounty: 1000,
        rabbitHunt: true,
      }),
    ).toBe('Run it twice · Straddle · Bomb pot 50 every 5 hands, double board · 7-2 bounty 1,000 · Rabbit hunt');
    expect(homeGameText({ bombPot: { ante: 20, everyHands: null } })).toBe('Bomb pot 20 on demand');
    expect(homeGameText({ sevenDeuceBounty: 0, rabbitHunt: false })).toBe('');
    expect(homeGameText(undefined)).toBe('');
  });
});
