import { BETTING_STRUCTURES, type RuleModuleId, type StreetSpec, type VariantSpec } from './types';

/** Preflop, flop, turn, river with `holeCards` private cards (Hold'em: 2, Omaha: 4, 5-Card Omaha: 5). */
function flopStreets(holeCards: number): StreetSpec[] {
  return [
    {
      name: 'preflop',
      deal: [{ kind: 'hole', down: holeCards, up: 0 }],
      betting: true,
      limitBet: 'small',
      spreadLevel: 0,
      opener: 'after-big-blind',
    },
    {
      name: 'flop',
      deal: [{ kind: 'board', count: 3 }],
      betting: true,
      limitBet: 'small',
      spreadLevel: 0,
      opener: 'left-of-button',
    },
    {
      name: 'turn',
      deal: [{ kind: 'board', count: 1 }],
      betting: true,
      limitBet: 'big',
      spreadLevel: 1,
      opener: 'left-of-button',
    },
    {
      name: 'river',
      deal: [{ kind: 'board', count: 1 }],
      betting: true,
      limitBet: 'big',
      spreadLevel: 2,
      opener: 'left-of-button',
    },
  ];
}

function flopGame(
  id: string,
  name: string,
  holeCards: number,
  maxSeats: number,
  ranking: VariantSpec['ranking'],
  phh?: VariantSpec['phh'],
): VariantSpec {
  return {
    id,
    name,
    deck: 'standard52',
    minSeats: 2,
    maxSeats,
    streets: flopStreets(holeCards),
    forcedBets: { blinds: true, antes: true, bringIn: false },
    structures: [...BETTING_STRUCTURES],
    ranking,
    oddChip: 'left-of-button',
    showdownOpener: 'left-of-button',
    rakeFromStreet: 1,
    modules: FLOP_MODULES,
    ...(phh ? { phh } : {}),
  };
}

/** Flop games add only the home-game offers (run it twice, straddle, bomb pots ...) to the machine. */
const FLOP_MODULES: readonly RuleModuleId[] = ['home'];

// PHH: only the codes phh-std defines; the flop games' other structures are exported as `_NAIKO`.
export const holdem = flopGame(
  'holdem',
  "Texas Hold'em",
  2,
  10,
  { high: 'high' },
  { standard: { 'no-limit': 'NT', 'fixed-limit': 'FT' } },
);
export const omaha = flopGame('omaha', 'Omaha', 4, 8, { high: 'omaha-high' }, { standard: { 'pot-limit': 'PO' } });
export const omaha5 = flopGame('omaha5', '5-Card Omaha', 5, 8, { high: 'omaha-high' });
export const omahaHiLo: VariantSpec = {
  ...flopGame(
    'omaha-hl',
    'Omaha Hi/Lo 8-or-better',
    4,
    8,
    { high: 'omaha-high', low: 'omaha-low8' },
    { standard: { 'fixed-limit': 'FO/8' } },
  ),
  shortName: 'Omaha Hi/Lo',
};
export const omaha5HiLo: VariantSpec = {
  ...flopGame('omaha5-hl', '5-Card Omaha Hi/Lo 8-or-better', 5, 8, { high: 'omaha-high', low: 'omaha-low8' }),
  shortName: '5-Card Omaha Hi/Lo',
};
/**
 * Naiko mode: No-Limit Hold'em with the powers module on top (sparks, carousel, power actions). Tables
 * offer it as Hold'em No Limit in Naiko mode, not as a game of its own.
 */
export const naiko: VariantSpec = {
  ...flopGame('naiko', 'Naiko mode', 2, 10, { high: 'high' }),
  structures: ['no-limit'],
  powers: true,
  modules: ['powers', 'home'],
  atTables: false,
};

/** The flop games of the list of games (`catalog.ts`), in the lobby's order. */
export const FLOP_VARIANTS: readonly VariantSpec[] = [holdem, omaha, omaha5, omahaHiLo, omaha5HiLo, naiko];
