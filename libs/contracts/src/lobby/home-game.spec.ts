// The table-config schema's home-game options (issue 23): shape and per-game rules.
import { issuesMessage } from '../field-messages';
import { ActPayload } from '../socket/tables';
import { CreateTableBody, HomeGameBody, TableSettingsBody, homeGameBodyProblem } from './tables-http';

const table = {
  name: 'Friday',
  game: 'holdem',
  structure: 'no-limit',
  stakes: { smallBlind: 1, bigBlind: 2 },
  buyIn: { min: 40, max: 200 },
  seats: 9,
};

describe('home-game options in the table config', () => {
  it("a Hold'em table with every option", () => {
    const homeGame = {
      runItTwice: true,
      straddle: true,
      bombPot: { ante: 10, everyHands: 12, doubleBoard: true },
      sevenDeuceBounty: 5,
      rabbitHunt: true,
    };
    expect(CreateTableBody.parse({ ...table, homeGame }).homeGame).toEqual(homeGame);
  });

  it('refuses options where they make no sense, naming the option', () => {
    const stud = CreateTableBody.safeParse({
      ...table,
      game: 'stud7',
      structure: 'fixed-limit',
      stakes: { smallBlind: 0, bigBlind: 2, ante: 1 },
      buyIn: { min: 40, max: null },
      homeGame: { straddle: true },
    });
    expect(issuesMessage(stud.error!)).toBe("Straddle: needs a flop game (Hold'em or Omaha), not stud7.");
    const omaha = CreateTableBody.safeParse({
      ...table,
      game: 'omaha',
      structure: 'pot-limit',
      homeGame: { sevenDeuceBounty: 5 },
    });
    expect(issuesMessage(omaha.error!)).toBe("7-2 bounty: only in Texas Hold'em, not omaha.");
    expect(homeGameBodyProblem({ game: 'holdem', structure: 'fixed-limit', homeGame: { straddle: true } })).toEqual({
      path: ['homeGame', 'straddle'],
      message: 'only in No Limit, Pot Limit or Half Pot Limit',
    });
    expect(
      homeGameBodyProblem({ game: 'holdem', structure: 'no-limit', naikoMode: true, homeGame: { rabbitHunt: true } })
        ?.message,
    ).toMatch(/Naiko mode/);
    expect(
      homeGameBodyProblem({
        game: 'draw5',
        structure: 'no-limit',
        homeGame: { sevenDeuceBounty: 0, rabbitHunt: false },
      }),
    ).toBeNull();
  });

  it('refuses malformed options (unknown keys, bad numbers)', () => {
    expect(HomeGameBody.safeParse({ bombPot: { ante: 0 } }).success).toBe(false);
    expect(HomeGameBody.safeParse({ bombPot: { ante: 5, everyHands: 1 } }).success).toBe(false);
    expect(HomeGameBody.safeParse({ sevenDeuceBounty: -1 }).success).toBe(false);
    expect(HomeGameBody.safeParse({ chopBlinds: true }).success).toBe(false);
    expect(TableSettingsBody.safeParse({ homeGame: { rabbitHunt: true } }).success).toBe(true);
  });
});

describe('home-game answers on the socket', () => {
  it('table:act accepts the run-it-twice answers and show/muck', () => {
    for (const type of ['run-twice', 'run-once', 'show', 'muck'])
      expect(
        ActPayload.safeParse({ tableId: '00000000-0000-4000-8000-000000000001', version: 3, action: { type } }).success,
      ).toBe(true);
  });
});
