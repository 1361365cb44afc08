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
export function toBotPowerView(handView: HandView, bigBlind: number): BotPowerView | null {
  if (typeof handView.viewer !== 'number' || !handView.legal || handView.legal.seat !== handView.viewer) return null;
  const me = handView.players.find((p) => p.seat === handView.viewer);
  const powers = handView.ext?.powers as { sparks: { seat: number; sparks: number }[] } | undefined;
  if (!me || !powers) return null;
  const legal = handView.legal as HandView['legal'] & { extensions?: Record<string, PowerLegal | undefined> };
  const offered = legal!.extensions ?? {};
  const hole = me.cards.filter((c): c is number => c !== null);
  const opponents = handView.players.filter((p) => p.seat !== me.seat && !p.folded).length;
  const bot: BotView = {
    hole,
    board: handView.board.slice(),
    pot: handView.pot,
    toCall: legal!.callAmount,
    stack: me.stack,
    bigBlind,
    legal: legal!.actions.slice(),
    opponents,
  };
  const out: BotPowerView = {
    seat: handView.viewer,
    hole,
    board: handView.board.slice(),
    strength: botStrength(bot),
    sparks: powers.sparks.find((s) => s.seat === handView.viewer)?.sparks ?? 0,
    window: legal!.actions.includes('decline') ? { canShield: legal!.actions.includes('shield') } : null,
  };
  if (offered['sneak-peek']) out.peek = { cost: offered['sneak-peek'].cost };
  if (offered['sleeve-swap'])
    out.swap = { cost: offered['sleeve-swap'].cost, cards: offered['sleeve-swap'].cards ?? [] };
  if (offered['short-anchor'])
    out.anchor = { cost: offered['short-anchor'].cost, targets: offered['short-anchor'].targets ?? [] };
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
export function decideBotPower(botPowerView: BotPowerView, rng: RandomSource): BotPowerDecision | null {
  const seat = botPowerView.seat;
  if (botPowerView.window)
    return botPowerView.window.canShield && botPowerView.strength >= 0.55
      ? { type: 'shield', seat }
      : { type: 'decline', seat };
  const roll = randomUnit(rng);
  if (
    botPowerView.swap &&
    botPowerView.swap.cards.length === 2 &&
    rankOf(botPowerView.swap.cards[0]) !== rankOf(botPowerView.swap.cards[1]) &&
    startingStrength(botPowerView.hole) < 0.35
  ) {
    const [first, second] = botPowerView.swap.cards;
    return { type: 'sleeve-swap', seat, card: rankOf(first) <= rankOf(second) ? first : second };
  }
  if (botPowerView.anchor && botPowerView.anchor.targets.length && botPowerView.strength >= 0.6 && roll < 0.3) {
    return {
      type: 'short-anchor',
      seat,
      target: botPowerView.anchor.targets[randomBelow(rng, botPowerView.anchor.targets.length)],
    };
  }
  if (botPowerView.peek && botPowerView.strength >= 0.3 && botPowerView.strength < 0.7 && roll < 0.4)
    return { type: 'sneak-peek', seat };
  return null;
}
