import { bettingStreet as street } from './street';
import type { BettingStructure, StreetSpec, VariantSpec } from './types';

/**
 * The draw family (docs/rules/README.md "Games"): 5-Card Draw, 2-7 Triple Draw, 32-Card Draw, Five Card Draw 7-A
 * and classic five card draw. What a draw game needs beyond `VariantSpec` is data in `draw`, read by
 * the draw module (`hand/draw/`, which the draw specs list as 'draw') through the machine's extension
 * points; the machine never looks at a variant's name.
 */
export interface DrawRules {
  /** 32-Card Draw: after the (last) draw the first player to act may offer to split the pots. */
  splitOffer?: boolean;
  /** Classic draw: every bet or raise increment lies between the ante and `stakes.maxBet`. */
  anteToMaxBets?: boolean;
  /** Classic draw: the bottom card of the deck is never dealt; the discards are reshuffled before it. */
  keepBottomCard?: boolean;
}

export interface DrawVariantSpec extends VariantSpec {
  draw: DrawRules;
}

const BIG_BET_STRUCTURES: BettingStructure[] = ['fixed-limit', 'pot-limit', 'half-pot-limit', 'no-limit'];

const deal5: StreetSpec['deal'] = [{ kind: 'hole', down: 5, up: 0 }];

/**
 * One draw: betting before it with the small bet, after it with the big bet (docs/rules/README.md Fixed Limit).
 * `after` opens the second round: left of the button, or after the big blind (32-Card Draw).
 */
function singleDraw(max: number, first: string, after: string): StreetSpec[] {
  return [street('predraw', deal5, 'small', 0, first), street('draw', [{ kind: 'draw', max }], 'big', 1, after)];
}

/**
 * 2-7 Triple Draw: four betting rounds with Texas Hold'em Limit's structure (docs/rules/README.md Fixed Limit;
 * house rules 000 "4 Setzrunden mit der gleichen Struktur wie beim Texas Holdem", 002 "samme
 * struktur som i Texas Hold'em Limit"): the small bet before the first draw and after it, the big
 * bet after the second and the third draw. The same as PHH's F2L3D (WSOP, PokerKit).
 */
export const tripleDrawStreets = (): StreetSpec[] => [
  street('predraw', deal5, 'small', 0, 'after-big-blind'),
  street('first-draw', [{ kind: 'draw', max: 5 }], 'small', 0, 'left-of-button'),
  street('second-draw', [{ kind: 'draw', max: 5 }], 'big', 1, 'left-of-button'),
  street('third-draw', [{ kind: 'draw', max: 5 }], 'big', 2, 'left-of-button'),
];

type DrawSpecFields = Omit<DrawVariantSpec, 'forcedBets' | 'rakeFromStreet' | 'oddChip' | 'draw'> &
  Partial<Pick<DrawVariantSpec, 'forcedBets' | 'oddChip' | 'draw'>>;

function drawSpec(fields: DrawSpecFields): DrawVariantSpec {
  return {
    forcedBets: { blinds: true, antes: false, bringIn: false },
    // House rules, commission: no drop unless cards were exchanged (the first draw street).
    rakeFromStreet: 1,
    oddChip: 'left-of-button',
    draw: {},
    modules: ['draw', 'home'],
    // One spare shuffle per draw: a draw reshuffles at most once with these decks and seat limits.
    spareDecks: fields.streets.filter((st) => st.deal.some((step) => step.kind === 'draw')).length,
    ...fields,
  };
}

export const draw5: DrawVariantSpec = drawSpec({
  id: 'draw5',
  name: '5-Card Draw',
  deck: 'standard52',
  minSeats: 2,
  maxSeats: 6,
  streets: singleDraw(5, 'after-big-blind', 'left-of-button'),
  structures: BIG_BET_STRUCTURES,
  ranking: { high: 'high' },
  showdownOpener: 'left-of-button',
  phh: { game: 'DRAW5' },
});

export const draw27x3: DrawVariantSpec = drawSpec({
  id: 'draw27x3',
  name: '2-7 Triple Draw',
  deck: 'standard52',
  minSeats: 2,
  maxSeats: 6,
  streets: tripleDrawStreets(),
  structures: BIG_BET_STRUCTURES,
  ranking: { high: 'deuce-seven' },
  showdownOpener: 'left-of-button',
  phh: { standard: { 'fixed-limit': 'F2L3D' }, game: 'DRAW27X3' },
});

/** 32-Card Draw: 0–4 cards, the second round and the showdown start after the big blind, the split offer. */
export const draw32: DrawVariantSpec = drawSpec({
  id: 'draw32',
  name: '32-Card Draw',
  deck: 'short32',
  minSeats: 2,
  maxSeats: 5,
  streets: singleDraw(4, 'after-big-blind', 'after-big-blind'),
  structures: BIG_BET_STRUCTURES,
  ranking: { high: 'draw32' },
  showdownOpener: 'after-big-blind',
  draw: { splitOffer: true },
  phh: { game: 'DRAW32' },
});

/** Five Card Draw 7-A: Limit or Pot Limit; the sixes join (36 cards, A-6-7-8-9 straight) when five players start. */
export const draw7a: DrawVariantSpec = drawSpec({
  id: 'draw7a',
  name: 'Five Card Draw 7-A',
  deck: 'short32',
  minSeats: 2,
  maxSeats: 5,
  streets: singleDraw(5, 'after-big-blind', 'left-of-button'),
  structures: ['fixed-limit', 'pot-limit'],
  ranking: { high: 'draw7a' },
  showdownOpener: 'left-of-button',
  bySeats: { 5: { deck: 'short36', ranking: { high: 'draw7a-sixes' } } },
  // five-card-draw-7a.de.txt: a player the big blind passed "posts all" (big live + small dead).
  postAllOnMissedBig: true,
  phh: { game: 'DRAW7A' },
});

/**
 * Classic five card draw (home game): antes, no blinds, the first player left of the dealer opens both
 * rounds, every bet or raise between the ante and the table maximum (`stakes.maxBet`), at most three
 * cards exchanged, the dealer last, the bottom card never dealt (the discards are reshuffled before it),
 * an undivisible remainder stays in the pot for the next deal. Played
 * with `structure: 'no-limit'` bounded by the ante and `stakes.maxBet`; set `stakes.bigBlind` to the
 * ante (the machine's minimum bet). Jokers: `drawClassicSpec(1 | 2)`.
 */
export function drawClassicSpec(jokers: 0 | 1 | 2 = 0): DrawVariantSpec {
  return drawSpec({
    id: jokers ? `draw-classic-jokers${jokers}` : 'draw-classic',
    name: jokers ? `Classic five card draw with ${jokers} joker${jokers > 1 ? 's' : ''}` : 'Classic five card draw',
    ...(jokers ? {} : { shortName: 'Classic Draw' }),
    deck: jokers === 1 ? 'jokers1' : jokers === 2 ? 'jokers2' : 'standard52',
    minSeats: 2,
    maxSeats: 7,
    streets: singleDraw(3, 'left-of-button', 'left-of-button'),
    structures: ['no-limit'],
    forcedBets: { blinds: false, antes: true, bringIn: false },
    ranking: { high: 'classic-jokers' },
    oddChip: 'carry-over',
    showdownOpener: 'left-of-button',
    draw: { anteToMaxBets: true, keepBottomCard: true },
    // Only the jokerless game has PHH codes; the jokers are a home variant, not offered at tables.
    ...(jokers ? { atTables: false } : { phh: { game: 'DRAWCLASSIC' } }),
  });
}

export const drawClassic = drawClassicSpec(0);
export const drawClassicJokers1 = drawClassicSpec(1);
export const drawClassicJokers2 = drawClassicSpec(2);

/**
 * 2-7 Single Draw for PHH replays (phh-std's N2L1D): not a house game, a handy check of the draw machine
 * on WSOP and PokerKit hands; tables do not offer it.
 */
export const draw27x1: DrawVariantSpec = {
  ...draw27x3,
  id: 'draw27x1',
  name: '2-7 Single Draw (PHH N2L1D)',
  streets: [draw27x3.streets[0], { ...draw27x3.streets[1], name: 'draw', limitBet: 'big' }],
  spareDecks: 2,
  phh: { standard: { 'no-limit': 'N2L1D' } },
  atTables: false,
};

export const DRAW_VARIANTS: DrawVariantSpec[] = [
  draw5,
  draw27x3,
  draw32,
  draw7a,
  drawClassic,
  drawClassicJokers1,
  drawClassicJokers2,
  draw27x1,
];
