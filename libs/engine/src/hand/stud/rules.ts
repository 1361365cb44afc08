import { SUITS, rankOf, suitOf, type Card } from '../../cards/card';
import { evaluateVisible } from '../../eval/registry';
import type { StudRules } from '../../variants/stud';
import type { VariantSpec } from '../../variants/types';
import { bounds, openingIncrement, spreadLimit, type Bounds } from '../betting';
import { leftOfButton } from '../order';
import type { RuleModule } from '../rule-module';
import type { HandState } from '../types';

/**
 * The stud rules the hand machine reaches through its extension points (no branch on a variant
 * name anywhere): the 'bring-in' and 'best-visible' opener rules, and a bounds hook for the forced
 * bring-in, its completion and 7-Card Stud's open pair on 4th street. Each reads `spec.stud`.
 */

export const studRules = (spec: VariantSpec): StudRules | undefined =>
  (spec as VariantSpec & { stud?: StudRules }).stud;

/** The face-up cards of player i, in the order dealt. */
export function upCards(state: Pick<HandState, 'hole' | 'holeUp'>, index: number): Card[] {
  const out: Card[] = [];
  const hole = state.hole[index];
  const up = state.holeUp[index];
  for (let k = 0; k < hole.length; k++) if (up[k]) out.push(hole[k]);
  return out;
}

/** A card's strength for the bring-in: rank first, then the game's suit order (strongest suit = 3). */
export function bringInStrength(card: Card, suitOrder: string): number {
  return rankOf(card) * 4 + (3 - suitOrder.indexOf(SUITS[suitOf(card)]));
}

/** The amount of the bring-in: the stakes' `bringIn`, by default 2 × ante (house rules). */
export function bringInAmount(state: HandState): number {
  const st = state.config.stakes;
  return st.bringIn ?? 2 * (st.ante ?? 0);
}

/**
 * Who brings in: the lowest or highest up-card (by game and structure), equal ranks broken by the
 * game's suit order. Only the first street's up-card counts (the one dealt face up with the hole cards).
 */
export function bringInPlayer(state: HandState): number {
  const rules = studRules(state.spec);
  if (!rules) throw new Error(`${state.spec.id} has no stud rules`);
  const lowest = rules.bringInCard[state.config.structure] === 'lowest';
  const seatCount = state.seats.length;
  const first = leftOfButton(state);
  let best = -1;
  let bestV = 0;
  for (let k = 0; k < seatCount; k++) {
    const index = (first + k) % seatCount;
    if (state.folded[index]) continue;
    const ups = upCards(state, index);
    if (!ups.length) continue;
    const strength = bringInStrength(ups[ups.length - 1], rules.suitOrder) * (lowest ? -1 : 1);
    if (best < 0 || strength > bestV) {
      best = index;
      bestV = strength;
    }
  }
  return best < 0 ? first : best;
}

const rankCount = new Int8Array(13);

/**
 * Strength of player i's up-cards with the same order as `evaluateVisible` (four of a kind > three >
 * two pair > pair > high cards, ranks from the top; no straights or flushes under five cards), without
 * allocating — this runs for every player on every street. Soko's four up-cards (where a four-card
 * flush or straight counts) go to `evaluateVisible` itself. Comparable between players of one street.
 */
export function visibleStrength(
  state: Pick<HandState, 'hole' | 'holeUp'>,
  index: number,
  ranking: VariantSpec['ranking']['high'],
): number {
  const hole = state.hole[index];
  const up = state.holeUp[index];
  let count = 0;
  for (let k = 0; k < hole.length; k++) if (up[k]) count++;
  if (count === 0) return -1;
  if (ranking === 'soko' && count >= 4) return evaluateVisible(upCards(state, index).slice(-4), ranking);
  rankCount.fill(0);
  let skip = count - 4; // only the last four up-cards count (never more than four in these games)
  for (let k = 0; k < hole.length; k++) {
    if (!up[k]) continue;
    if (skip-- > 0) continue;
    rankCount[hole[k] >> 2]++;
  }
  let pairs = 0;
  let top = 0;
  for (let r = 0; r < 13; r++) {
    const card = rankCount[r];
    if (card > top) top = card;
    if (card === 2) pairs++;
  }
  let strength = top === 4 ? 5 : top === 3 ? 4 : pairs === 2 ? 3 : top === 2 ? 2 : 1;
  let slots = 0;
  for (let c = 4; c >= 1; c--) {
    for (let r = 12; r >= 0; r--) {
      if (rankCount[r] === c) {
        strength = strength * 13 + r;
        slots++;
      }
    }
  }
  for (; slots < 4; slots++) strength *= 13;
  return strength;
}

/**
 * Who has the best visible hand (pairs, trips … on board, then high cards; Soko also counts its
 * four-card flush and straight). Equal boards: the first of them in dealing order, clockwise from
 * left of the button — the house rules give suits a role only for the bring-in.
 */
export function bestVisiblePlayer(state: HandState): number {
  const seatCount = state.seats.length;
  const first = leftOfButton(state);
  const ranking = state.spec.ranking.high;
  let best = -1;
  let bestV = -1;
  for (let k = 0; k < seatCount; k++) {
    const index = (first + k) % seatCount;
    if (state.folded[index]) continue;
    const strength = visibleStrength(state, index, ranking);
    if (strength > bestV) {
      best = index;
      bestV = strength;
    }
  }
  return best < 0 ? first : best;
}

// Up-cards only change when a street is dealt (a new `hole` array): a one-entry cache serves a round.
let pairCacheHole: HandState['hole'] | null = null;
let pairCacheValue = false;

/**
 * Whether an open pair was dealt on this street: any player shows a pair among his up-cards. A pair
 * dealt on 4th street opens the big bet for the whole round, even if its owner folds later in it
 * (players who folded on an earlier street hold a single up-card and cannot show one).
 */
export function anyOpenPair(state: Pick<HandState, 'hole' | 'holeUp'>): boolean {
  if (state.hole === pairCacheHole) return pairCacheValue;
  let found = false;
  for (let i = 0; i < state.hole.length && !found; i++) {
    const hole = state.hole[i];
    const up = state.holeUp[i];
    let seen = 0;
    for (let k = 0; k < hole.length; k++) {
      if (!up[k]) continue;
      const bit = 1 << (hole[k] >> 2);
      if (seen & bit) {
        found = true;
        break;
      }
      seen |= bit;
    }
  }
  pairCacheHole = state.hole;
  pairCacheValue = found;
  return found;
}

/**
 * The stud betting rules on top of the structure's bounds:
 *  - first street, no bet yet: the player to act must bring in (`bringIn`) or complete; he may not
 *    check or fold;
 *  - first street, only the bring-in so far: a raise completes to the full bet (Fixed Limit: the
 *    small bet; big-bet games: the minimum bet), the next raise then adds a full bet; the bring-in's
 *    poster, like a blind, may still raise when the completion was a short all-in;
 *  - Fixed Limit, the open-pair street: when any player was dealt an open pair, every bet or raise
 *    of the round may be the small or the big bet (house rules, Danish text: "regardless of the size
 *    of each raise").
 */
export function studBounds(state: HandState, base: Bounds): Bounds {
  // `b` is the fresh object `bounds()` just built for this call: it is narrowed in place (this runs
  // on every decision of every stud hand, twice).
  const rules = studRules(state.spec);
  if (!rules) return base;
  if (state.street === 0) {
    const bringIn = bringInAmount(state);
    if (bringIn <= 0) return base;
    if (state.currentBet === 0) {
      base.canCheck = false;
      base.callAmount = 0;
      base.bringIn = Math.min(bringIn, base.allInTo);
      // A player whose whole stack is the bring-in can only bring in.
      if (base.allInTo <= bringIn) base.canRaise = false;
      return base;
    }
    const seat = base.player;
    if (
      !base.canRaise &&
      state.acted[seat] &&
      !state.allIn[seat] &&
      state.actedLevel[seat] <= bringIn &&
      // only where the core's reopening rule is what forbids the raise
      state.currentBet - state.actedLevel[seat] < state.lastIncrement &&
      (state.actedLevel[seat] === 0 || state.currentBet >= state.lastIncrement)
    ) {
      // The bring-in is not a bet. Its poster (the one action that leaves a bet at level 0) keeps,
      // like a blind, the right to raise even a short all-in completion; a player who only called
      // the bring-in may raise once it is completed in full.
      const acted = state.acted.slice();
      acted[seat] = false;
      return bounds({ ...state, acted }, seat);
    }
    if (state.betCount === 0 && state.currentBet <= bringIn && base.canRaise) {
      // Only the bring-in so far: a raise completes it to the full bet. After a short all-in above
      // the bring-in, the structure's own rule applies (the current bet plus a full bet).
      const full = openingIncrement(state);
      const structure = state.config.structure;
      // Spread Limit: the completion is the round's first bet, between the minimum and the level's limit.
      let maxTo =
        structure === 'fixed-limit'
          ? full
          : structure === 'spread-limit'
            ? Math.max(spreadLimit(state), full)
            : Math.max(base.maxTo, full);
      if (maxTo > base.allInTo) maxTo = base.allInTo;
      base.minTo = Math.min(full, base.allInTo);
      base.maxTo = maxTo;
      base.fullTo = full;
      // The completion is a bet from nothing: completing to 30 sets a raise step of 30, not 28.
      base.raiseBase = 0;
      return base;
    }
    return base;
  }
  if (
    rules.openPairStreet === state.street &&
    state.config.structure === 'fixed-limit' &&
    base.canRaise &&
    anyOpenPair(state)
  ) {
    const st = state.config.stakes;
    const big = Math.min(state.currentBet + (st.bigBet ?? 2 * st.bigBlind), base.allInTo);
    if (big > base.maxTo) {
      base.choices = [base.minTo, big];
      base.maxTo = big;
    }
  }
  return base;
}

/** The stud module: the bring-in and best-visible opener rules and the stud bounds (listed by the stud specs). */
export const STUD_MODULE: RuleModule = {
  id: 'stud',
  openers: { 'bring-in': bringInPlayer, 'best-visible': bestVisiblePlayer },
  bounds: studBounds,
};
