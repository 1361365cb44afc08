import type { Card } from '../../cards/card';

/** The four powers of Naiko mode (docs/rules/naiko.de.txt §5 and the power pages). */
export type PowerId = 'sneak-peek' | 'sleeve-swap' | 'short-anchor' | 'seal-shield';

/** Canonical order (the carousel lists its powers in this order). */
export const POWER_IDS: readonly PowerId[] = ['sneak-peek', 'sleeve-swap', 'short-anchor', 'seal-shield'];

/** Sparks each power costs. */
export const POWER_COST: Readonly<Record<PowerId, number>> = {
  'sneak-peek': 1,
  'sleeve-swap': 2,
  'short-anchor': 2,
  'seal-shield': 1,
};

/** At most this many sparks are held. */
export const MAX_SPARKS = 3;

/**
 * The carousels a hand can show: 3 of the 4 powers, and Seal Shield only together with Short Anchor
 * ("Erscheint Siegelschild, erscheint auch Kurzer Anker"). Leaving out Short Anchor is therefore impossible.
 */
export const CAROUSELS: readonly (readonly PowerId[])[] = [
  ['sleeve-swap', 'short-anchor', 'seal-shield'],
  ['sneak-peek', 'short-anchor', 'seal-shield'],
  ['sneak-peek', 'sleeve-swap', 'short-anchor'],
];

/** `HandConfig.powers` for a Naiko mode hand. */
export interface PowersConfig {
  /**
   * Sparks each table seat holds before this deal (missing = 0). The engine adds the spark for being
   * dealt in (max 3) unless `dealSparkGranted` says the given balances already include it.
   */
  sparks?: Record<number, number>;
  /** True when `sparks` already include this deal's +1 (the @naiko/table plan adds it). */
  dealSparkGranted?: boolean;
  /**
   * The carousel, when it is recorded (replay) or stacked (tests, a stacked deck). Without it the
   * carousel is drawn from the hand's random source right after the deck's shuffle.
   */
  carousel?: PowerId[];
  /** The Seal Shield response window the table runs (announced in the window event); default 8000. */
  shieldWindowMs?: number;
}

/** A pending Seal Shield response window: play waits for the target's `shield` or `decline`. */
export interface ShieldWindow {
  /** Player indices. */
  attacker: number;
  target: number;
}

/** The powers module's per-hand state in `state.ext.powers`. Per-player arrays are indexed by player. */
export interface PowersExt {
  carousel: PowerId[];
  sparks: number[];
  /** Powers each player used in this hand (Seal Shield included). */
  used: PowerId[][];
  /** The player who used a power on his current turn and the state version right after it (or its window). */
  turnMark: { player: number; version: number } | null;
  /** Normal activations in the betting round of `street`. */
  round: { street: number; activations: number };
  /** Street on which a valid Short Anchor was declared on the player (his anchor slot for that round), -1 none. */
  anchorSlot: number[];
  /** Street on which an anchor caps the player's raises (applied, not shielded), -1 none. */
  anchorCap: number[];
  window: ShieldWindow | null;
  /** Private: what each player's Sneak Peek showed. */
  peeks: ({ street: number; card: Card } | null)[];
  /** Private: the card each player discarded with Sleeve Swap (dead). */
  discards: (Card | null)[];
  shieldWindowMs: number;
}

/** Power actions (besides the poker actions). */
export type PowerAction =
  | { type: 'sneak-peek'; seat: number; expectedVersion?: number }
  | { type: 'sleeve-swap'; seat: number; card: Card; expectedVersion?: number }
  | { type: 'short-anchor'; seat: number; target: number; expectedVersion?: number }
  | { type: 'shield'; seat: number; expectedVersion?: number }
  /** The target lets the anchor apply; the table sends it with `timeout: true` when the window runs out. */
  | { type: 'decline'; seat: number; timeout?: boolean; expectedVersion?: number };

/**
 * What `legalActions(state).extensions` shows for each power the player to act may use now (absent/undefined = not
 * now).
 */
export interface PowerLegal {
  cost: number;
  /** Sleeve Swap: the hole cards he may discard. */
  cards?: Card[];
  /** Short Anchor: the table seats he may target. */
  targets?: number[];
}
