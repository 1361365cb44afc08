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
  const playerCount = hand.startingStacks.length;
  const blinds = hand.blindsOrStraddles;
  // A straddle (the third blind) is a home-game option (phh/home.ts): it is not part of the stakes.
  if (blinds.slice(2).some((x) => x > 0)) homeImportConfig(hand);
  let [smallBlind, bigBlind] = [blinds[0] ?? 0, blinds[1] ?? 0];
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
  const bbPos = playerCount === 2 || blinds[1] === 0 ? 0 : 1;
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
  const extra = hand.extra;
  if (Array.isArray(extra._spread_limits)) stakes.spreadLimits = (extra._spread_limits as unknown[]).map(Number);
  if (extra._max_bets_per_round !== undefined) stakes.maxBetsPerRound = Number(extra._max_bets_per_round);
  const ints = [stakes.smallBlind, stakes.bigBlind, stakes.ante ?? 0, stakes.smallBet ?? 0, stakes.bigBet ?? 0];
  if (!ints.every(isInt)) unsupported('fractional stakes are not supported');
  return stakes;
}

/**
 * Private cards per position as recorded; an unknown card (`??`) shown later with `sm` takes the
 * shown card (the engine needs the real card to decide the showdown).
 */
export function recordedHoles(hand: PhhHand): PhhCard[][] {
  const playerCount = hand.startingStacks.length;
  const holes: PhhCard[][] = Array.from({ length: playerCount }, () => []);
  for (const action of hand.actions) if (action.kind === 'deal-hole') holes[action.player - 1].push(...action.cards);
  for (const action of hand.actions) {
    if (action.kind !== 'show-muck' || action.cards.length === 0) continue;
    const held = holes[action.player - 1];
    if (!held.includes(null)) continue;
    // Fill the unknown cards with the shown ones the hole does not already hold.
    const extra = action.cards.filter((c) => c !== null && !held.includes(c));
    for (let k = 0; k < held.length && extra.length; k++) if (held[k] === null) held[k] = extra.shift() as string;
  }
  return holes;
}

/**
 * Maps a PHH hand to an engine hand: positions p1..pN sit at table seats 0..N-1 with the button at
 * seat N-1 (heads-up p2, the button, posts the small blind), unless `_seats`/`_button` say otherwise.
 */
export function importPhh(hand: PhhHand): PhhImport {
  const row = rowFor(hand);
  const playerCount = hand.startingStacks.length;
  if (playerCount < 2) unsupported('a hand needs at least two players');
  if (!hand.startingStacks.every((s) => Number.isInteger(s) && s > 0))
    unsupported('starting stacks must be positive integers');
  const extra = hand.extra;
  const seats = Array.isArray(extra._seats)
    ? (extra._seats as unknown[]).map(Number)
    : hand.startingStacks.map((_, k) => k);
  const button = typeof extra._button === 'number' ? extra._button : seats[playerCount - 1];
  if (seats.length !== playerCount || new Set(seats).size !== playerCount)
    unsupported('_seats must name one table seat per player');
  const config: HandConfig = {
    variant: row.variant,
    structure: row.structure,
    seats: seats.map((seat, k) => ({ seat, stack: hand.startingStacks[k] })).sort((a, b) => a.seat - b.seat),
    button,
    stakes: row.buildStakes ? row.buildStakes(hand) : stakesFor(hand, row),
  };
  const blinds = hand.blindsOrStraddles;
  if (!row.buildStakes && blinds[0] > 0 && !(blinds[1] > 0)) {
    config.smallBlindSeat = null;
    config.bigBlindSeat = seats[0];
  }
  if (extra._showdown === 'classic' || extra._showdown === 'show-all') config.showdown = extra._showdown;
  // PHH hands follow PokerKit: a big blind short of chips makes his posted amount the bet to call.
  // Our tables default to 'full' (docs/rules/README.md is silent); our own exports say so in `_short_big_blind`.
  config.shortBigBlind = extra._short_big_blind === 'full' ? 'full' : 'posted';
  const home = homeImportConfig(hand);
  if (home) config.homeGame = home;
  const deck = home
    ? homeDeck(hand, recordedHoles(hand), home)
    : (row.buildDeck ?? dealPassesThenBoard)(hand, recordedHoles(hand));
  return { row, config, deck, seats };
}
