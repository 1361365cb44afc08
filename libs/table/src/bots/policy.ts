import { randomUnit, type RandomSource } from '../rng';
import { isSevenDeuceOffsuit } from '@naiko/engine';
import { categoryOf, lowballStrength, madeStrength, rankOf, startingStrength, suitOf, CATEGORY } from './strength';

/**
 * What a bot needs to decide, and nothing more: its own cards, the public board and the betting
 * numbers the engine's per-seat view and legal actions give. A structural type, so the table host
 * builds it from the same view a human client gets (bots never see anyone else's private cards).
 */
export interface BotView {
  /** The bot's own private cards (stud: its down and up cards). */
  hole: readonly number[];
  /** Community cards (empty in stud and draw games). */
  board: readonly number[];
  pot: number;
  /** Chips the bot must add to call (0 = it may check). */
  toCall: number;
  stack: number;
  bigBlind: number;
  /** Legal bet/raise "to" amounts, when a bet or raise is legal. */
  minRaiseTo?: number;
  maxRaiseTo?: number;
  /** When only some totals are legal (Fixed Limit choice of sizes, e.g. stud's open pair). */
  raiseChoices?: readonly number[];
  /** The bot's current bet in this round (raise amounts are "to" totals). */
  currentBet?: number;
  legal: readonly string[];
  /** Draw decisions: how many cards may be exchanged. */
  maxDiscard?: number;
  /** 2-7 lowball ranking. */
  lowball?: boolean;
  /** Omaha: exactly two hole cards and three board cards make the hand. */
  omaha?: boolean;
  /** Opponents still in the hand. */
  opponents: number;
}

export type BotDecision =
  | { type: 'fold' }
  | { type: 'check' }
  | { type: 'call' }
  /** Stud: the forced bring-in (the alternative is to complete with a bet). */
  | { type: 'bring-in' }
  /** 32-Card Draw's split offer: a bot plays the hand out (folding is legal there too, but never its choice). */
  | { type: 'no-split' }
  /** Home games: a bot runs the board once (like the timeout answer) ... */
  | { type: 'run-once' }
  /**
   * ... and, as an uncontested winner on a 7-2 bounty table, shows a 7-2 offsuit (to collect) and mucks anything else.
   */
  | { type: 'show' }
  | { type: 'muck' }
  | { type: 'bet'; amount: number }
  | { type: 'raise'; amount: number }
  /** A draw: the cards (values) to discard; empty = stand pat. */
  | { type: 'draw'; discard: number[] };

/**
 * Hand strength in [0, 1] from the bot's own information. Multiway pots discount it: a hand must
 * beat every opponent. Purchases play no part: the view has no such field.
 */
export function botStrength(view: BotView): number {
  const cards = [...view.hole, ...view.board];
  let strength: number;
  if (view.lowball) strength = view.hole.length >= 5 ? lowballStrength(view.hole) : 0.3;
  else if (view.omaha ? view.board.length >= 3 : cards.length >= 5)
    strength = madeStrength(view.hole, view.board, view.omaha);
  else strength = startingStrength(view.hole);
  return Math.pow(strength, 1 + Math.max(0, view.opponents - 1) * 0.25);
}

const has = (v: BotView, t: string): boolean => v.legal.includes(t);

function sized(view: BotView, fractionOfPot: number): number {
  const lo = view.minRaiseTo ?? 0;
  const hi = view.maxRaiseTo ?? lo;
  const target = (view.currentBet ?? 0) + view.toCall + Math.round((view.pot + view.toCall) * fractionOfPot);
  if (view.raiseChoices && view.raiseChoices.length) {
    return view.raiseChoices.reduce((best, c) => (Math.abs(c - target) < Math.abs(best - target) ? c : best));
  }
  return Math.max(lo, Math.min(hi, target));
}

/**
 * Picks a reasonable action: value-bets strong hands, calls with pot odds, bluffs rarely; seeded mixing keeps it
 * unpredictable yet replayable.
 */
export function decideBotAction(view: BotView, rng: RandomSource): BotDecision {
  if (has(view, 'draw') || has(view, 'standPat')) return { type: 'draw', discard: chooseDiscards(view) };
  if (has(view, 'no-split')) return { type: 'no-split' };
  if (has(view, 'run-once')) return { type: 'run-once' };
  if (has(view, 'muck'))
    return has(view, 'show') && isSevenDeuceOffsuit(view.hole) ? { type: 'show' } : { type: 'muck' };
  const strength = botStrength(view);
  const roll = randomUnit(rng);
  if (has(view, 'bring-in')) {
    // Stud: complete with a good start, otherwise bring it in for the minimum.
    return has(view, 'bet') && strength >= 0.6
      ? { type: 'bet', amount: view.raiseChoices?.[0] ?? view.minRaiseTo ?? 0 }
      : { type: 'bring-in' };
  }
  const aggressive = has(view, 'raise') ? 'raise' : has(view, 'bet') ? 'bet' : null;
  const potOdds = view.toCall > 0 ? view.toCall / (view.pot + view.toCall) : 0;
  if (aggressive && (strength >= 0.8 || (strength >= 0.6 && roll < 0.35) || (strength < 0.3 && roll < 0.04))) {
    const amount = sized(view, strength >= 0.9 ? 1 : 0.6);
    return aggressive === 'raise' ? { type: 'raise', amount } : { type: 'bet', amount };
  }
  if (view.toCall === 0 && has(view, 'check')) return { type: 'check' };
  if (has(view, 'call') && (strength >= potOdds + 0.1 || strength >= 0.55 || view.toCall <= view.bigBlind * 0.5))
    return { type: 'call' };
  if (has(view, 'check')) return { type: 'check' };
  return { type: 'fold' };
}

/** Draw choice: keep made hands and pairs, keep four to a flush, otherwise keep the best cards. */
export function chooseDiscards(view: BotView): number[] {
  const hand = view.hole.slice();
  const max = view.maxDiscard ?? 5;
  let discard: number[];
  if (view.lowball) {
    // Throw duplicates and the highest cards first; keep an 8-low or better.
    const seen = new Set<number>();
    const bad = hand.filter((card) => {
      const rank = rankOf(card);
      const dup = seen.has(rank);
      seen.add(rank);
      return dup || rank > 6 || rank === 12;
    });
    discard = bad.sort((a, b) => rankOf(b) - rankOf(a));
  } else {
    const cat = categoryOf(hand, []);
    if (cat >= CATEGORY.straight) return [];
    const counts = new Map<number, number>();
    for (const card of hand) counts.set(rankOf(card), (counts.get(rankOf(card)) ?? 0) + 1);
    const suitCount = new Map<number, number>();
    for (const card of hand) suitCount.set(suitOf(card), (suitCount.get(suitOf(card)) ?? 0) + 1);
    const flushSuit = [...suitCount].find(([, n]) => n === hand.length - 1 && n >= 4)?.[0];
    if (cat === CATEGORY.highCard && flushSuit !== undefined) {
      discard = hand.filter((c) => suitOf(c) !== flushSuit);
    } else if (cat === CATEGORY.highCard) {
      // Keep the two highest cards.
      discard = hand
        .slice()
        .sort((a, b) => rankOf(b) - rankOf(a))
        .slice(2);
    } else {
      discard = hand.filter((c) => counts.get(rankOf(c))! < 2);
    }
    discard.sort((a, b) => rankOf(a) - rankOf(b));
  }
  return discard.slice(0, max);
}
