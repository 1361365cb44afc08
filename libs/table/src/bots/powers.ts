/**
 * Naiko mode: when a bot uses a power (docs/rules/naiko.de.txt §7: "Im Naiko-Modus können sie auch legale Kräfte
 * einsetzen"). The input is built only from the bot's own per-seat engine view — its `legal` options
 * (the engine's `legalActions`, which already hold exactly the powers legal now, with their legal
 * cards and targets) and its filtered `ext.powers` (its own peek, public sparks and carousel) — so a
 * bot can only choose a legal power, and only with its own information.
 *
 * The hook for the host, once per bot turn: `decideBotPower(toBotPowerView(view(state, seat), bb), rng)`;
 * apply the power if one is returned (it never ends the turn), then build the view again and let
 * `decideBotAction` make the poker action. In a Seal Shield window aimed at the bot the same call
 * answers `shield` or `decline`.
 */
import type { HandView } from '@naiko/engine';
import { randomBelow, randomUnit, type RandomSource } from '../rng';
import { rankOf, startingStrength } from './strength';
import { botStrength, type BotView } from './policy';

export interface BotPowerView {
  seat: number;
  hole: readonly number[];
  board: readonly number[];
  /** Hand strength in [0, 1] from the bot's own cards (the poker policy's measure). */
  strength: number;
  /** The bot's own sparks. */
  sparks: number;
  /** A Seal Shield window is open on the bot: it may answer `shield` (if listed) or `decline`. */
  window: { canShield: boolean } | null;
  /** Powers legal right now (from the engine's legal actions). */
  peek?: { cost: number };
  swap?: { cost: number; cards: readonly number[] };
  anchor?: { cost: number; targets: readonly number[] };
}

export type BotPowerDecision =
  | { type: 'sneak-peek'; seat: number }
  | { type: 'sleeve-swap'; seat: number; card: number }
  | { type: 'short-anchor'; seat: number; target: number }
  | { type: 'shield'; seat: number }
  | { type: 'decline'; seat: number };

type PowerLegal = { cost: number; cards?: number[]; targets?: number[] };

/** The bot's power options from its own engine view (null when it is not the bot's decision). */
export function toBotPowerView(v: HandView, bigBlind: number): BotPowerView | null {
  if (typeof v.viewer !== 'number' || !v.legal || v.legal.seat !== v.viewer) return null;
  const me = v.players.find((p) => p.seat === v.viewer);
  const powers = v.ext?.powers as { sparks: { seat: number; sparks: number }[] } | undefined;
  if (!me || !powers) return null;
  const legal = v.legal as HandView['legal'] & { extensions?: Record<string, PowerLegal | undefined> };
  const x = legal!.extensions ?? {};
  const hole = me.cards.filter((c): c is number => c !== null);
  const opponents = v.players.filter((p) => p.seat !== me.seat && !p.folded).length;
  const bot: BotView = {
    hole,
    board: v.board.slice(),
    pot: v.pot,
    toCall: legal!.callAmount,
    stack: me.stack,
    bigBlind,
    legal: legal!.actions.slice(),
    opponents,
  };
  const out: BotPowerView = {
    seat: v.viewer,
    hole,
    board: v.board.slice(),
    strength: botStrength(bot),
    sparks: powers.sparks.find((s) => s.seat === v.viewer)?.sparks ?? 0,
    window: legal!.actions.includes('decline') ? { canShield: legal!.actions.includes('shield') } : null,
  };
  if (x['sneak-peek']) out.peek = { cost: x['sneak-peek'].cost };
  if (x['sleeve-swap']) out.swap = { cost: x['sleeve-swap'].cost, cards: x['sleeve-swap'].cards ?? [] };
  if (x['short-anchor']) out.anchor = { cost: x['short-anchor'].cost, targets: x['short-anchor'].targets ?? [] };
  return out;
}

/**
 * A simple, seeded power policy:
 *  - a shield window: shield a hand worth raising big (strength ≥ 0.55), otherwise decline;
 *  - Sleeve Swap preflop with a weak start (< 0.35): discard the lower card of an unpaired hand;
 *  - Short Anchor with a good hand now and then, to keep an opponent from re-raising big;
 *  - Sneak Peek with a middling hand (a draw) now and then.
 * Returns null when the bot uses no power this turn.
 */
export function decideBotPower(v: BotPowerView, rng: RandomSource): BotPowerDecision | null {
  const seat = v.seat;
  if (v.window) return v.window.canShield && v.strength >= 0.55 ? { type: 'shield', seat } : { type: 'decline', seat };
  const roll = randomUnit(rng);
  if (
    v.swap &&
    v.swap.cards.length === 2 &&
    rankOf(v.swap.cards[0]) !== rankOf(v.swap.cards[1]) &&
    startingStrength(v.hole) < 0.35
  ) {
    const [a, b] = v.swap.cards;
    return { type: 'sleeve-swap', seat, card: rankOf(a) <= rankOf(b) ? a : b };
  }
  if (v.anchor && v.anchor.targets.length && v.strength >= 0.6 && roll < 0.3) {
    return { type: 'short-anchor', seat, target: v.anchor.targets[randomBelow(rng, v.anchor.targets.length)] };
  }
  if (v.peek && v.strength >= 0.3 && v.strength < 0.7 && roll < 0.4) return { type: 'sneak-peek', seat };
  return null;
}
