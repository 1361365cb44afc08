import { bettingStreet as street } from './street';
import type { BettingStructure, StreetSpec, VariantSpec } from './types';

/**
 * The stud family (docs/rules/README.md "Games"): 7-Card Stud, its Hi/Lo 8-or-better, Soko, Americana and
 * Telesina. Everything a stud game needs beyond `VariantSpec` is data in `stud` (read by the
 * stud module's opener rules and bounds hook in `hand/stud/rules.ts`); the machine never looks at
 * a variant's name.
 */
export interface StudRules {
  /** Which up-card brings in, per betting structure (7-Card Stud: lowest in Fixed Limit, highest in Pot Limit). */
  bringInCard: Record<BettingStructure, 'lowest' | 'highest'>;
  /**
   * Suits from strongest to weakest, as `SUITS` letters: 'shdc' (spades > hearts > diamonds > clubs), Telesina 'hdcs'.
   */
  suitOrder: string;
  /** Fixed Limit: the street index on which an open pair allows the big bet (7-Card Stud: 4th street). */
  openPairStreet?: number;
}

export interface StudVariantSpec extends VariantSpec {
  stud: StudRules;
}

/**
 * Stud is offered in every structure. Spread Limit levels (1-2-3) follow the house text ("the two
 * first rounds, after the fourth card, after the last card"): 7-Card Stud 0,0,1,1,2; Soko and
 * Americana 0,0,1,2; Telesina 0,0,1,1,2.
 */
const STUD_STRUCTURES: BettingStructure[] = ['fixed-limit', 'pot-limit', 'half-pot-limit', 'no-limit', 'spread-limit'];

const always = (card: 'lowest' | 'highest'): StudRules['bringInCard'] => ({
  'fixed-limit': card,
  'spread-limit': card,
  'pot-limit': card,
  'half-pot-limit': card,
  'no-limit': card,
});

/**
 * docs/rules/README.md: 7-Card Stud Fixed Limit → lowest up-card, Pot Limit → highest; we read "limit" vs
 * "big-bet" games.
 */
const lowInLimitHighInBigBet: StudRules['bringInCard'] = {
  'fixed-limit': 'lowest',
  'spread-limit': 'lowest',
  'pot-limit': 'highest',
  'half-pot-limit': 'highest',
  'no-limit': 'highest',
};

/**
 * 3rd street: two down, one up (bring-in); 4th–6th: one up; 7th: one down (a shared up-card when the deck runs short).
 */
const sevenCardStreets: StreetSpec[] = [
  street('third-street', [{ kind: 'hole', down: 2, up: 1 }], 'small', 0, 'bring-in'),
  street('fourth-street', [{ kind: 'hole', down: 0, up: 1 }], 'small', 0, 'best-visible'),
  street('fifth-street', [{ kind: 'hole', down: 0, up: 1 }], 'big', 1, 'best-visible'),
  street('sixth-street', [{ kind: 'hole', down: 0, up: 1 }], 'big', 1, 'best-visible'),
  street('seventh-street', [{ kind: 'hole', down: 1, up: 0, sharedWhenShort: true }], 'big', 2, 'best-visible'),
];

/** Soko, Americana, Telesina: one down and one up (bring-in), then three up-cards, a round after each. */
const fiveCardStreets: StreetSpec[] = [
  street('second-street', [{ kind: 'hole', down: 1, up: 1 }], 'small', 0, 'bring-in'),
  street('third-street', [{ kind: 'hole', down: 0, up: 1 }], 'small', 0, 'best-visible'),
  street('fourth-street', [{ kind: 'hole', down: 0, up: 1 }], 'big', 1, 'best-visible'),
  street('fifth-street', [{ kind: 'hole', down: 0, up: 1 }], 'big', 2, 'best-visible'),
];

function studGame(
  id: string,
  name: string,
  deck: VariantSpec['deck'],
  maxSeats: number,
  streets: StreetSpec[],
  ranking: VariantSpec['ranking'],
  stud: StudRules,
  phh: VariantSpec['phh'],
  oddChip: VariantSpec['oddChip'] = 'left-of-button',
): StudVariantSpec {
  return {
    id,
    name,
    deck,
    minSeats: 2,
    maxSeats,
    streets,
    forcedBets: { blinds: false, antes: true, bringIn: true },
    structures: STUD_STRUCTURES,
    ranking,
    oddChip,
    // Nobody bet the last round: the best visible hand shows first (house rules, showdown).
    showdownOpener: 'best-visible',
    // The house rakes stud once the 4th card (7-Card Stud) / 3rd card (Soko) is dealt: the second street.
    rakeFromStreet: 1,
    stud,
    modules: ['stud', 'home'],
    phh,
  };
}

const STANDARD_SUITS = 'shdc';

// PHH: phh-std's F7S and F7S/8, else our `_<S><GAME>` codes (phh/stud.ts).
export const stud7 = studGame(
  'stud7',
  '7-Card Stud',
  'standard52',
  8,
  sevenCardStreets,
  { high: 'high' },
  {
    bringInCard: lowInLimitHighInBigBet,
    suitOrder: STANDARD_SUITS,
    openPairStreet: 1,
  },
  { standard: { 'fixed-limit': 'F7S' }, game: '7S' },
);

/** The open-pair big bet is a 7-Card Stud special rule; the Hi/Lo section of the house rules has none. */
export const stud7HiLo: StudVariantSpec = {
  ...studGame(
    'stud7-hl',
    '7-Card Stud Hi/Lo 8-or-better',
    'standard52',
    8,
    sevenCardStreets,
    { high: 'high', low: 'low8' },
    {
      bringInCard: always('lowest'),
      suitOrder: STANDARD_SUITS,
    },
    { standard: { 'fixed-limit': 'F7S/8' }, game: '7S/8' },
  ),
  shortName: '7-Card Stud Hi/Lo',
};

/** Soko: the odd chip goes to the player dealt first (house rules, general rules). */
export const soko = studGame(
  'soko',
  'Soko',
  'standard52',
  8,
  fiveCardStreets,
  { high: 'soko' },
  { bringInCard: always('highest'), suitOrder: STANDARD_SUITS },
  { game: 'SOKO' },
  'first-dealt',
);

export const americana = studGame(
  'americana',
  'Americana',
  'short32',
  6,
  fiveCardStreets,
  { high: 'americana' },
  {
    bringInCard: always('highest'),
    suitOrder: STANDARD_SUITS,
  },
  { game: 'AMERICANA' },
);

/** Telesina: after the 5th card the shared vela card is turned and a fifth betting round follows. */
export const telesina = studGame(
  'telesina',
  'Telesina',
  'short32',
  6,
  [
    ...fiveCardStreets.slice(0, 3),
    { ...fiveCardStreets[3], spreadLevel: 1 },
    street('vela', [{ kind: 'board', count: 1 }], 'big', 2, 'best-visible'),
  ],
  { high: 'telesina' },
  { bringInCard: always('highest'), suitOrder: 'hdcs' },
  { game: 'TELESINA' },
);

export const STUD_VARIANTS: readonly StudVariantSpec[] = [stud7, stud7HiLo, soko, americana, telesina];
