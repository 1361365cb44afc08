import type { Card } from '../cards';
import type { HandConfig, Stakes } from '../hand/types';
import type { BettingStructure } from '../variants/types';
import { phhVariant } from './table';
import { dealPassesThenBoard, type PhhVariantRow } from './variants';
import { PhhError, type PhhCard, type PhhHand } from './types';
import { homeDeck, homeImportConfig } from './home';

/** What a PHH hand becomes for the engine. */
export interface PhhImport {
  row: PhhVariantRow;
  config: HandConfig;
  /** The stacked deck in the engine's dealing order. */
  deck: Card[];
  /** Table seat of each PHH position (index 0 = p1). */
  seats: number[];
}

const unsupported = (message: string): never => {
  throw new PhhError('unsupported', message);
};

const STRUCTURES: BettingStructure[] = ['no-limit', 'pot-limit', 'half-pot-limit', 'fixed-limit', 'spread-limit'];

/** The variant row: a PHH code from the table, or our own game written with `_naiko_variant`/`_naiko_structure`. */
function rowFor(hand: PhhHand): PhhVariantRow {
  const own = hand.extra._naiko_variant;
  if (typeof own === 'string') {
    const structure = hand.extra._naiko_structure as BettingStructure;
    if (!STRUCTURES.includes(structure)) unsupported(`_naiko_structure ${String(structure)}`);
    return { code: hand.variant, variant: own, structure, stakes: structure === 'fixed-limit' ? 'fixed' : 'min-bet' };
  }
  return phhVariant(hand.variant) ?? unsupported(`variant ${hand.variant} is not supported`);
}

const isInt = (x: number): boolean => Number.isInteger(x) && x >= 0;

/**
 * Blinds and antes per position → the engine's stakes. Positions: p1 is the small blind (heads-up
 * the big blind: PokerKit keeps the values in order SB, BB but p2, the button, posts the first).
 */
function stakesFor(hand: PhhHand, row: PhhVariantRow): Stakes {
  const n = hand.startingStacks.length;
  const b = hand.blindsOrStraddles;
  // A straddle (the third blind) is a home-game option (phh/home.ts): it is not part of the stakes.
  if (b.slice(2).some((x) => x > 0)) homeImportConfig(hand);
  let [smallBlind, bigBlind] = [b[0] ?? 0, b[1] ?? 0];
  // A bomb pot has no blinds: the table's big blind is the minimum bet.
  if (bigBlind === 0 && smallBlind === 0 && hand.extra._bomb_pot_ante !== undefined && hand.minBet !== undefined) {
    bigBlind = hand.minBet;
    smallBlind = Math.floor(bigBlind / 2);
  }
  // A single blind (limit games, e.g. WSOP FO/8 [250000, 0, ...]) is p1's big blind, with no small blind.
  if (bigBlind === 0 && smallBlind > 0) [smallBlind, bigBlind] = [0, smallBlind];
  if (bigBlind <= 0) unsupported('hands without blinds are not supported for this variant');
  const stakes: Stakes = { smallBlind, bigBlind };
  const antes = hand.antes;
  // Who posts the big blind: p2; heads-up p1 (PokerKit swaps the blinds); with a single blind p1.
  const bbPos = n === 2 || b[1] === 0 ? 0 : 1;
  // A bomb pot's antes are the option's (`_bomb_pot_ante`), not the table's.
  if (hand.extra._bomb_pot_ante === undefined && antes.some((a) => a > 0)) {
    if (antes.every((a) => a === antes[0])) stakes.ante = antes[0];
    else if (antes.every((a, k) => (k === bbPos ? a > 0 : a === 0))) {
      stakes.ante = antes[bbPos];
      stakes.bigBlindAnte = true;
    } else
      unsupported(
        `per-position antes ${JSON.stringify(antes)} cannot be expressed (only equal antes or a big-blind ante)`,
      );
  }
  if (row.stakes === 'fixed') {
    if (hand.smallBet === undefined || hand.bigBet === undefined)
      unsupported('fixed limit needs small_bet and big_bet');
    stakes.smallBet = hand.smallBet;
    stakes.bigBet = hand.bigBet;
  } else if (hand.minBet !== undefined && hand.minBet !== bigBlind && hand.extra._bomb_pot_ante === undefined) {
    unsupported(`min_bet ${hand.minBet} differs from the big blind ${bigBlind}`);
  }
  const x = hand.extra;
  if (Array.isArray(x._spread_limits)) stakes.spreadLimits = (x._spread_limits as unknown[]).map(Number);
  if (x._max_bets_per_round !== undefined) stakes.maxBetsPerRound = Number(x._max_bets_per_round);
  const ints = [stakes.smallBlind, stakes.bigBlind, stakes.ante ?? 0, stakes.smallBet ?? 0, stakes.bigBet ?? 0];
  if (!ints.every(isInt)) unsupported('fractional stakes are not supported');
  return stakes;
}

/**
 * Private cards per position as recorded; an unknown card (`??`) shown later with `sm` takes the
 * shown card (the engine needs the real card to decide the showdown).
 */
export function recordedHoles(hand: PhhHand): PhhCard[][] {
  const n = hand.startingStacks.length;
  const holes: PhhCard[][] = Array.from({ length: n }, () => []);
  for (const a of hand.actions) if (a.kind === 'deal-hole') holes[a.player - 1].push(...a.cards);
  for (const a of hand.actions) {
    if (a.kind !== 'show-muck' || a.cards.length === 0) continue;
    const h = holes[a.player - 1];
    if (!h.includes(null)) continue;
    // Fill the unknown cards with the shown ones the hole does not already hold.
    const extra = a.cards.filter((c) => c !== null && !h.includes(c));
    for (let k = 0; k < h.length && extra.length; k++) if (h[k] === null) h[k] = extra.shift() as string;
  }
  return holes;
}

/**
 * Maps a PHH hand to an engine hand: positions p1..pN sit at table seats 0..N-1 with the button at
 * seat N-1 (heads-up p2, the button, posts the small blind), unless `_seats`/`_button` say otherwise.
 */
export function importPhh(hand: PhhHand): PhhImport {
  const row = rowFor(hand);
  const n = hand.startingStacks.length;
  if (n < 2) unsupported('a hand needs at least two players');
  if (!hand.startingStacks.every((s) => Number.isInteger(s) && s > 0))
    unsupported('starting stacks must be positive integers');
  const x = hand.extra;
  const seats = Array.isArray(x._seats) ? (x._seats as unknown[]).map(Number) : hand.startingStacks.map((_, k) => k);
  const button = typeof x._button === 'number' ? x._button : seats[n - 1];
  if (seats.length !== n || new Set(seats).size !== n) unsupported('_seats must name one table seat per player');
  const config: HandConfig = {
    variant: row.variant,
    structure: row.structure,
    seats: seats.map((seat, k) => ({ seat, stack: hand.startingStacks[k] })).sort((a, b) => a.seat - b.seat),
    button,
    stakes: row.buildStakes ? row.buildStakes(hand) : stakesFor(hand, row),
  };
  const b = hand.blindsOrStraddles;
  if (!row.buildStakes && b[0] > 0 && !(b[1] > 0)) {
    config.smallBlindSeat = null;
    config.bigBlindSeat = seats[0];
  }
  if (x._showdown === 'classic' || x._showdown === 'show-all') config.showdown = x._showdown;
  // PHH hands follow PokerKit: a big blind short of chips makes his posted amount the bet to call.
  // Our tables default to 'full' (docs/rules/README.md is silent); our own exports say so in `_short_big_blind`.
  config.shortBigBlind = x._short_big_blind === 'full' ? 'full' : 'posted';
  const home = homeImportConfig(hand);
  if (home) config.homeGame = home;
  const deck = home
    ? homeDeck(hand, recordedHoles(hand), home)
    : (row.buildDeck ?? dealPassesThenBoard)(hand, recordedHoles(hand));
  return { row, config, deck, seats };
}
