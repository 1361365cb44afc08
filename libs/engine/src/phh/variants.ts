import { parseCard, standardDeck, type Card } from '../cards';
import type { Action, HandState, Stakes } from '../hand/types';
import type { BettingStructure, VariantSpec } from '../variants/types';
import { PhhError, type PhhAction, type PhhCard, type PhhHand } from './types';

/**
 * A row of the PHH ↔ engine variant table (`table.ts`, built from the specs' PHH codes). Each row maps
 * one PHH variant code to an engine variant and betting structure; stud and draw rows bring their own
 * deck builder and action mapper where their dealing or actions differ.
 */
export interface PhhVariantRow {
  /** PHH variant code (`NT`, `FO/8`, ...). */
  code: string;
  /** Engine variant id (`holdem`, `omaha-hl`, ...). */
  variant: string;
  structure: BettingStructure;
  /** Which PHH stakes fields the structure reads: blinds + `min_bet` (NL/PL) or `small_bet`/`big_bet` (FL). */
  stakes: 'min-bet' | 'fixed';
  /**
   * The engine stakes for a hand (default: blinds from `blinds_or_straddles`, antes, and `min_bet`
   * or `small_bet`/`big_bet` by `stakes`). Stud rows read `bring_in` and the antes here.
   */
  buildStakes?: (hand: PhhHand) => Stakes;
  /** Builds the stacked deck in the engine's dealing order from the recorded deals (default: `dealPassesThenBoard`). */
  buildDeck?: (hand: PhhHand, knownHoles: PhhCard[][]) => Card[];
  /**
   * Turns a recorded player action into an engine action in the current state; return `undefined`
   * to fall back to the flop-game mapping (f, cc, cbr), `null` to skip the action (e.g. `sm`).
   */
  mapAction?: (a: PhhAction, state: HandState, seat: number) => Action | null | undefined;
  /**
   * A decision the engine asks for that PHH cannot record (32-Card Draw's split offer: declined),
   * applied before each recorded action and at the end while it returns one.
   */
  unrecorded?: (state: HandState) => Action | null;
}

/**
 * Fills unknown cards (`??`) with cards the hand uses nowhere else, lowest first (highest first with
 * `spareHighestFirst`), and appends the rest of `deck` so the engine never runs out. Throws on a card
 * recorded twice.
 */
export function completeDeck(
  recorded: PhhCard[],
  deck: Card[] = standardDeck(),
  opts: { spareHighestFirst?: boolean } = {},
): Card[] {
  const used = new Set<Card>();
  const known = recorded.map((recordedCard) => {
    if (recordedCard === null) return null;
    const card = parseCard(recordedCard);
    if (used.has(card)) throw new PhhError('cards', `card ${recordedCard} is dealt twice`);
    used.add(card);
    return card;
  });
  const spare = deck.filter((c) => !used.has(c));
  if (opts.spareHighestFirst) spare.reverse();
  let next = 0;
  const out = known.map((c) => (c === null ? spare[next++] : c));
  while (next < spare.length) out.push(spare[next++]);
  return out;
}

/**
 * Flop games: private cards one per pass in position order (p1 = first left of the button, the
 * engine's dealing order), then the board in the order recorded.
 */
export function dealPassesThenBoard(hand: PhhHand, holes: PhhCard[][]): Card[] {
  const recorded: PhhCard[] = [];
  const passes = Math.max(0, ...holes.map((h) => h.length));
  for (let p = 0; p < passes; p++) for (const holeCards of holes) recorded.push(holeCards[p] ?? null);
  for (const action of hand.actions) if (action.kind === 'deal-board') recorded.push(...action.cards);
  return completeDeck(recorded);
}

/** The structure's letter in our custom codes `_<S><GAME>`. */
const STRUCTURE_LETTER: Record<BettingStructure, string> = {
  'fixed-limit': 'F',
  'pot-limit': 'P',
  'half-pot-limit': 'H',
  'no-limit': 'N',
  'spread-limit': 'S',
};

/**
 * The PHH code of a game in a structure it is played in, from its spec (`VariantSpec.phh`): phh-std's
 * code where it defines one, else our `_<S><GAME>` code when the spec names its game part, else none.
 */
export function phhCodeOf(
  spec: Pick<VariantSpec, 'phh' | 'structures'>,
  structure: BettingStructure,
): string | undefined {
  if (!spec.structures.includes(structure)) return undefined;
  const standard = spec.phh?.standard?.[structure];
  if (standard) return standard;
  return spec.phh?.game ? `_${STRUCTURE_LETTER[structure]}${spec.phh.game}` : undefined;
}
