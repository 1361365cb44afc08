/**
 * The one list of games (issue 24, item 1): every other list (contracts, API validation, the table's
 * game table, the PHH table, the web client's names) derives from `variants/catalog.ts`.
 */
import { seededRandom } from '../rng/random-source';
import { apply, legalActions } from '../hand/apply';
import { RULE_MODULES } from '../hand/rule-modules';
import { start } from '../hand/start';
import { phhCodeFor, phhVariantCodes } from '../phh/table';
import { BETTING_STRUCTURES, getVariant, isFlopGame, TABLE_GAMES, VARIANT_INFO, VARIANTS, variantIds } from './catalog';
import { holdem } from './flop';
import type { VariantSpec } from './types';

describe('the list of games', () => {
  test("tables offer the fifteen house games, in the lobby order (Naiko mode is Hold'em with powers)", () => {
    expect(TABLE_GAMES.map((game) => game.id)).toEqual([
      'holdem',
      'omaha',
      'omaha5',
      'omaha-hl',
      'omaha5-hl',
      'stud7',
      'stud7-hl',
      'soko',
      'americana',
      'telesina',
      'draw5',
      'draw27x3',
      'draw32',
      'draw7a',
      'draw-classic',
    ]);
    expect(variantIds().filter((id) => !TABLE_GAMES.some((game) => game.id === id))).toEqual([
      'naiko',
      'draw-classic-jokers1',
      'draw-classic-jokers2',
      'draw27x1',
    ]);
  });

  test("each game's metadata comes from its spec: name, structures, seats, deck, forced bets, PHH codes", () => {
    const info = (id: string) => VARIANT_INFO.find((game) => game.id === id)!;
    expect(info('holdem')).toMatchObject({
      name: "Texas Hold'em",
      shortName: "Texas Hold'em",
      structures: BETTING_STRUCTURES,
      minSeats: 2,
      maxSeats: 10,
      deck: 'standard52',
      forcedBets: 'blinds',
      flop: true,
      draws: false,
      phh: { standard: { 'no-limit': 'NT', 'fixed-limit': 'FT' } },
    });
    expect(info('omaha-hl')).toMatchObject({ name: 'Omaha Hi/Lo 8-or-better', shortName: 'Omaha Hi/Lo', maxSeats: 8 });
    expect(info('telesina')).toMatchObject({
      deck: 'short32',
      maxSeats: 6,
      forcedBets: 'antes',
      board: true,
      flop: false,
    });
    expect(info('draw7a')).toMatchObject({
      structures: ['fixed-limit', 'pot-limit'],
      maxSeats: 5,
      draws: true,
      postAllOnMissedBig: true,
    });
    expect(info('draw-classic')).toMatchObject({
      shortName: 'Classic Draw',
      structures: ['no-limit'],
      forcedBets: 'antes',
      maxSeats: 7,
    });
    expect(TABLE_GAMES.filter((game) => game.flop).map((game) => game.id)).toEqual([
      'holdem',
      'omaha',
      'omaha5',
      'omaha-hl',
      'omaha5-hl',
    ]);
  });

  test('every spec names only known rule modules and lists the home-game module', () => {
    for (const spec of VARIANTS) {
      for (const name of spec.modules ?? []) expect(Object.keys(RULE_MODULES)).toContain(name);
      expect(spec.modules).toContain('home');
    }
    expect(getVariant('naiko').modules).toEqual(['powers', 'home']);
    expect(getVariant('stud7').modules).toEqual(['stud', 'home']);
    expect(getVariant('draw32').modules).toEqual(['draw', 'home']);
  });

  test('the PHH table is derived from the specs: one row per game and structure with a code', () => {
    expect(phhCodeFor('holdem', 'no-limit')?.code).toBe('NT');
    expect(phhCodeFor('holdem', 'pot-limit')).toBeUndefined(); // exported as _NAIKO
    expect(phhCodeFor('stud7', 'fixed-limit')?.code).toBe('F7S');
    expect(phhCodeFor('stud7', 'spread-limit')?.code).toBe('_S7S');
    expect(phhCodeFor('draw27x3', 'fixed-limit')?.code).toBe('F2L3D');
    expect(phhCodeFor('draw27x3', 'pot-limit')?.code).toBe('_PDRAW27X3');
    expect(phhCodeFor('draw27x1', 'no-limit')?.code).toBe('N2L1D');
    expect(phhCodeFor('draw-classic', 'no-limit')?.code).toBe('_NDRAWCLASSIC');
    // 4 flop codes + 5 stud games × 5 structures + draw5/draw27x3/draw32 × 4 + draw7a × 2 + classic + N2L1D.
    expect(phhVariantCodes().length).toBe(4 + 25 + 12 + 2 + 1 + 1);
    expect(new Set(phhVariantCodes()).size).toBe(phhVariantCodes().length);
  });
});

describe('adding a plain variant is one spec (the engine README, "Adding a variant")', () => {
  // Six-card Omaha as a spec value: Hold'em's shape with six hole cards and Omaha's ranking.
  const omaha6: VariantSpec = {
    ...holdem,
    id: 'omaha6',
    name: '6-Card Omaha',
    maxSeats: 7,
    streets: holdem.streets.map((street, k) =>
      k === 0 ? { ...street, deal: [{ kind: 'hole', down: 6, up: 0 }] } : street,
    ),
    ranking: { high: 'omaha-high' },
    phh: {},
  };

  test('the machine deals and plays it from the spec alone, with the home-game module it lists', () => {
    expect(isFlopGame(omaha6)).toBe(true);
    const config = {
      variant: omaha6,
      structure: 'pot-limit' as const,
      seats: [
        { seat: 0, stack: 100 },
        { seat: 1, stack: 100 },
        { seat: 2, stack: 100 },
      ],
      button: 0,
      stakes: { smallBlind: 1, bigBlind: 2 },
      homeGame: { rabbitHunt: true },
    };
    let { state } = start(config, { rng: seededRandom('omaha6') });
    expect(state.hole.map((cards) => cards.length)).toEqual([6, 6, 6]);
    // Button 0: seat 1 small blind, seat 2 big blind, seat 0 first to act; two folds end the hand.
    for (const seat of [0, 1]) {
      expect(legalActions(state)?.seat).toBe(seat);
      const result = apply(state, { type: 'fold', seat });
      if (!result.ok) throw new Error(result.error.message);
      state = result.state;
    }
    expect(state.phase).toBe('complete');
    // Big blind wins the small blind: 100 - 2 + 3 = 101; the rabbit hunt shows the board that would have come.
    expect(state.stacks).toEqual([100, 99, 101]);
    expect((state.ext.home as { rabbit: number[] | null }).rabbit).toHaveLength(5);
  });
});
