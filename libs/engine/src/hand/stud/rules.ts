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
export function upCards(s: Pick<HandState, 'hole' | 'holeUp'>, i: number): Card[] {
  const out: Card[] = [];
  const h = s.hole[i];
  const up = s.holeUp[i];
  for (let k = 0; k < h.length; k++) if (up[k]) out.push(h[k]);
  return out;
}

/** A card's strength for the bring-in: rank first, then the game's suit order (strongest suit = 3). */
export function bringInStrength(card: Card, suitOrder: string): number {
  return rankOf(card) * 4 + (3 - suitOrder.indexOf(SUITS[suitOf(card)]));
}

/** The amount of the bring-in: the stakes' `bringIn`, by default 2 × ante (house rules). */
export function bringInAmount(s: HandState): number {
  const st = s.config.stakes;
  return st.bringIn ?? 2 * (st.ante ?? 0);
}

/**
 * Who brings in: the lowest or highest up-card (by game and structure), equal ranks broken by the
 * game's suit order. Only the first street's up-card counts (the one dealt face up with the hole cards).
 */
export function bringInPlayer(s: HandState): number {
  const rules = studRules(s.spec);
  if (!rules) throw new Error(`${s.spec.id} has no stud rules`);
  const lowest = rules.bringInCard[s.config.structure] === 'lowest';
  const n = s.seats.length;
  const first = leftOfButton(s);
  let best = -1;
  let bestV = 0;
  for (let k = 0; k < n; k++) {
    const i = (first + k) % n;
    if (s.folded[i]) continue;
    const ups = upCards(s, i);
    if (!ups.length) continue;
    const v = bringInStrength(ups[ups.length - 1], rules.suitOrder) * (lowest ? -1 : 1);
    if (best < 0 || v > bestV) {
      best = i;
      bestV = v;
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
  s: Pick<HandState, 'hole' | 'holeUp'>,
  i: number,
  ranking: VariantSpec['ranking']['high'],
): number {
  const h = s.hole[i];
  const up = s.holeUp[i];
  let n = 0;
  for (let k = 0; k < h.length; k++) if (up[k]) n++;
  if (n === 0) return -1;
  if (ranking === 'soko' && n >= 4) return evaluateVisible(upCards(s, i).slice(-4), ranking);
  rankCount.fill(0);
  let skip = n - 4; // only the last four up-cards count (never more than four in these games)
  for (let k = 0; k < h.length; k++) {
    if (!up[k]) continue;
    if (skip-- > 0) continue;
    rankCount[h[k] >> 2]++;
  }
  let pairs = 0;
  let top = 0;
  for (let r = 0; r < 13; r++) {
    const c = rankCount[r];
    if (c > top) top = c;
    if (c === 2) pairs++;
  }
  let v = top === 4 ? 5 : top === 3 ? 4 : pairs === 2 ? 3 : top === 2 ? 2 : 1;
  let slots = 0;
  for (let c = 4; c >= 1; c--) {
    for (let r = 12; r >= 0; r--) {
      if (rankCount[r] === c) {
        v = v * 13 + r;
        slots++;
      }
    }
  }
  for (; slots < 4; slots++) v *= 13;
  return v;
}

/**
 * Who has the best visible hand (pairs, trips … on board, then high cards; Soko also counts its
 * four-card flush and straight). Equal boards: the first of them in dealing order, clockwise from
 * left of the button — the house rules give suits a role only for the bring-in.
 */
export function bestVisiblePlayer(s: HandState): number {
  const n = s.seats.length;
  const first = leftOfButton(s);
  const ranking = s.spec.ranking.high;
  let best = -1;
  let bestV = -1;
  for (let k = 0; k < n; k++) {
    const i = (first + k) % n;
    if (s.folded[i]) continue;
    const v = visibleStrength(s, i, ranking);
    if (v > bestV) {
      best = i;
      bestV = v;
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
export function anyOpenPair(s: Pick<HandState, 'hole' | 'holeUp'>): boolean {
  if (s.hole === pairCacheHole) return pairCacheValue;
  let found = false;
  for (let i = 0; i < s.hole.length && !found; i++) {
    const h = s.hole[i];
    const up = s.holeUp[i];
    let seen = 0;
    for (let k = 0; k < h.length; k++) {
      if (!up[k]) continue;
      const bit = 1 << (h[k] >> 2);
      if (seen & bit) {
        found = true;
        break;
      }
      seen |= bit;
    }
  }
  pairCacheHole = s.hole;
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
export function studBounds(s: HandState, b: Bounds): Bounds {
  // `b` is the fresh object `bounds()` just built for this call: it is narrowed in place (this runs
  // on every decision of every stud hand, twice).
  const rules = studRules(s.spec);
  if (!rules) return b;
  if (s.street === 0) {
    const bringIn = bringInAmount(s);
    if (bringIn <= 0) return b;
    if (s.currentBet === 0) {
      b.canCheck = false;
      b.callAmount = 0;
      b.bringIn = Math.min(bringIn, b.allInTo);
      // A player whose whole stack is the bring-in can only bring in.
      if (b.allInTo <= bringIn) b.canRaise = false;
      return b;
    }
    const p = b.player;
    if (
      !b.canRaise &&
      s.acted[p] &&
      !s.allIn[p] &&
      s.actedLevel[p] <= bringIn &&
      // only where the core's reopening rule is what forbids the raise
      s.currentBet - s.actedLevel[p] < s.lastIncrement &&
      (s.actedLevel[p] === 0 || s.currentBet >= s.lastIncrement)
    ) {
      // The bring-in is not a bet. Its poster (the one action that leaves a bet at level 0) keeps,
      // like a blind, the right to raise even a short all-in completion; a player who only called
      // the bring-in may raise once it is completed in full.
      const acted = s.acted.slice();
      acted[p] = false;
      return bounds({ ...s, acted }, p);
    }
    if (s.betCount === 0 && s.currentBet <= bringIn && b.canRaise) {
      // Only the bring-in so far: a raise completes it to the full bet. After a short all-in above
      // the bring-in, the structure's own rule applies (the current bet plus a full bet).
      const full = openingIncrement(s);
      const structure = s.config.structure;
      // Spread Limit: the completion is the round's first bet, between the minimum and the level's limit.
      let maxTo =
        structure === 'fixed-limit'
          ? full
          : structure === 'spread-limit'
            ? Math.max(spreadLimit(s), full)
            : Math.max(b.maxTo, full);
      if (maxTo > b.allInTo) maxTo = b.allInTo;
      b.minTo = Math.min(full, b.allInTo);
      b.maxTo = maxTo;
      b.fullTo = full;
      // The completion is a bet from nothing: completing to 30 sets a raise step of 30, not 28.
      b.raiseBase = 0;
      return b;
    }
    return b;
  }
  if (rules.openPairStreet === s.street && s.config.structure === 'fixed-limit' && b.canRaise && anyOpenPair(s)) {
    const st = s.config.stakes;
    const big = Math.min(s.currentBet + (st.bigBet ?? 2 * st.bigBlind), b.allInTo);
    if (big > b.maxTo) {
      b.choices = [b.minTo, big];
      b.maxTo = big;
    }
  }
  return b;
}

/** The stud module: the bring-in and best-visible opener rules and the stud bounds (listed by the stud specs). */
export const STUD_MODULE: RuleModule = {
  id: 'stud',
  openers: { 'bring-in': bringInPlayer, 'best-visible': bestVisiblePlayer },
  bounds: studBounds,
};
