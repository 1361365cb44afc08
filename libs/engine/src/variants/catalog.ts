import { DRAW_VARIANTS } from './draw';
import { FLOP_VARIANTS } from './flop';
import { STUD_VARIANTS } from './stud';
import type { BettingStructure, DeckId, VariantSpec } from './types';

export { BETTING_STRUCTURES } from './types';

/**
 * The one list of games. Every other list derives from it: the contracts' game ids and the API's
 * validation, the table's seat limits and forced bets, the PHH variant table, the web client's names.
 * A spec is plain data (its rule modules are named), so clients may import this module: it pulls in
 * no part of the hand machine. Adding a plain variant is one spec in its family's file (`flop.ts`,
 * `stud.ts`, `draw.ts`: the spec and its place in the family's list) plus its tests; see the engine
 * README, "Adding a variant".
 */
export const VARIANTS: readonly VariantSpec[] = [...FLOP_VARIANTS, ...STUD_VARIANTS, ...DRAW_VARIANTS];

const byId = new Map<string, VariantSpec>(VARIANTS.map((spec) => [spec.id, spec]));
if (byId.size !== VARIANTS.length) throw new Error('two variants share an id');

export function getVariant(id: string): VariantSpec {
  const spec = byId.get(id);
  if (!spec) throw new Error(`unknown variant: ${id}`);
  return spec;
}

export const findVariant = (id: string): VariantSpec | undefined => byId.get(id);

export const variantIds = (): string[] => [...byId.keys()];

/** What clients and the API need to know of a game, without the machine's details. */
export interface VariantInfo {
  id: string;
  name: string;
  /** What the lobby and the table show (`VariantSpec.shortName`, else the name). */
  shortName: string;
  structures: readonly BettingStructure[];
  minSeats: number;
  maxSeats: number;
  deck: DeckId;
  /** Forced bets that move money in every hand: blinds (a moving big blind) or antes (stud, classic draw). */
  forcedBets: 'blinds' | 'antes';
  /** Community cards (flop games, Telesina's vela). */
  board: boolean;
  /** A flop game (`isFlopGame`): the games of the home-game options, Sit & Go and tournaments. */
  flop: boolean;
  /** Draw games: players exchange cards. */
  draws: boolean;
  /** Tables: a missed big blind is made up by posting both blinds (`VariantSpec.postAllOnMissedBig`). */
  postAllOnMissedBig: boolean;
  /** The PHH codes phh-std defines (by structure) and our custom code's game part. */
  phh: NonNullable<VariantSpec['phh']>;
}

const dealsBoard = (spec: VariantSpec): boolean =>
  spec.streets.some((st) => st.deal.some((step) => step.kind === 'board'));

/** A flop game: blinds, private cards first, then only community cards (Hold'em, Omaha, Naiko mode). */
export function isFlopGame(spec: VariantSpec): boolean {
  return (
    spec.forcedBets.blinds &&
    spec.streets.length > 1 &&
    spec.streets[0].deal.every((s) => s.kind === 'hole') &&
    spec.streets.slice(1).every((st) => st.deal.every((s) => s.kind === 'board'))
  );
}

/** The metadata of one spec (`VARIANT_INFO` holds every game's). */
export function variantInfo(spec: VariantSpec): VariantInfo {
  return {
    id: spec.id,
    name: spec.name,
    shortName: spec.shortName ?? spec.name,
    structures: spec.structures,
    minSeats: spec.minSeats,
    maxSeats: spec.maxSeats,
    deck: spec.deck,
    forcedBets: spec.forcedBets.blinds ? 'blinds' : 'antes',
    board: dealsBoard(spec),
    flop: isFlopGame(spec),
    draws: spec.streets.some((st) => st.deal.some((step) => step.kind === 'draw')),
    postAllOnMissedBig: !!spec.postAllOnMissedBig,
    phh: spec.phh ?? {},
  };
}

/** Every game's metadata, in the list's order. */
export const VARIANT_INFO: readonly VariantInfo[] = VARIANTS.map(variantInfo);

/** The games tables offer (Naiko mode is Hold'em No Limit with powers; PHH-only and home variants are not offered). */
export const TABLE_GAMES: readonly VariantInfo[] = VARIANTS.filter((spec) => spec.atTables !== false).map(variantInfo);
