import { getVariant } from '../variants/catalog';
import type { StudVariantSpec } from '../variants/stud';
import type { BettingStructure } from '../variants/types';
import type { Card } from '../cards';
import { legalActions } from '../hand/apply';
import { deckFor } from '../hand/start';
import type { Stakes } from '../hand/types';
import { PhhError, type PhhCard, type PhhHand } from './types';
import { completeDeck, phhCodeOf, type PhhVariantRow } from './variants';

/**
 * The stud rows of the PHH table. phh-std defines F7S (Fixed-Limit 7-Card Stud) and F7S/8 (its
 * Hi/Lo); every other stud game and structure gets a custom `_` code that our export writes and our
 * import reads back: `_<S><GAME>` with S = F (fixed limit), P (pot limit), H (half-pot limit),
 * N (no limit), S (spread limit, with `_spread_limits`) and GAME = 7S, 7S/8, SOKO, AMERICANA, TELESINA (e.g. `_P7S`,
 * `_FSOKO`, `_NTELESINA`).
 *
 * Positions: p1 is the first player dealt (left of the button), as in PokerKit's stud.
 * Stakes: equal `antes`, `bring_in`, `small_bet`/`big_bet` (Fixed Limit) or `min_bet`.
 * Actions: `pb` → bring-in; `cbr X` → bet/raise (complete) to X — or the bring-in when a short
 * stack puts in no more than it; `cc`, `f` as in the flop games.
 */

const unsupported = (message: string): never => {
  throw new PhhError('unsupported', message);
};

/** The engine stakes of a stud hand: no blinds, equal antes, the bring-in, and the structure's bet sizes. */
export function studStakes(hand: PhhHand, structure: BettingStructure): Stakes {
  if (hand.blindsOrStraddles.some((b) => b !== 0)) unsupported('stud hands have no blinds');
  const antes = hand.antes;
  if (antes.some((a) => a !== antes[0]))
    unsupported(`per-position antes ${JSON.stringify(antes)}: stud needs equal antes`);
  const stakes: Stakes = { smallBlind: 0, bigBlind: 0, ante: antes[0] ?? 0 };
  if (hand.bringIn !== undefined) stakes.bringIn = hand.bringIn;
  if (structure === 'fixed-limit') {
    if (hand.smallBet === undefined || hand.bigBet === undefined)
      unsupported('fixed limit needs small_bet and big_bet');
    stakes.smallBet = hand.smallBet;
    stakes.bigBet = hand.bigBet;
    stakes.bigBlind = hand.smallBet!;
  } else {
    if (hand.minBet === undefined) unsupported('a big-bet or spread-limit stud game needs min_bet');
    stakes.bigBlind = hand.minBet!;
  }
  const spread = hand.extra._spread_limits;
  if (structure === 'spread-limit') {
    if (!Array.isArray(spread)) unsupported('spread limit needs _spread_limits');
    stakes.spreadLimits = (spread as unknown[]).map(Number);
  }
  if (hand.extra._max_bets_per_round !== undefined) stakes.maxBetsPerRound = Number(hand.extra._max_bets_per_round);
  const ints = [
    stakes.ante ?? 0,
    stakes.bringIn ?? 0,
    stakes.bigBlind,
    stakes.smallBet ?? 0,
    stakes.bigBet ?? 0,
    ...(stakes.spreadLimits ?? []),
  ];
  if (!ints.every((x) => Number.isInteger(x) && x >= 0)) unsupported('fractional stakes are not supported');
  return stakes;
}

/**
 * The stacked deck in the engine's dealing order: each run of `d dh` lines is one street, dealt one
 * card per pass to each player (all first cards, then all second cards …); `d db` (the vela, a shared
 * 7th card) in place. Unknown cards (`??`, never shown) take unused cards from the end that cannot
 * take the bring-in from the recorded player: the highest when the lowest card brings in, and the
 * other way round.
 */
export function studDeck(hand: PhhHand, knownHoles: PhhCard[][], variant: string, structure: BettingStructure): Card[] {
  const spec = getVariant(variant) as Partial<StudVariantSpec> & ReturnType<typeof getVariant>;
  const cursor = knownHoles.map(() => 0);
  const recorded: PhhCard[] = [];
  let run: PhhCard[][] = [];
  let inRun = new Set<number>();
  const flush = (): void => {
    const passes = Math.max(0, ...run.map((r) => r.length));
    for (let p = 0; p < passes; p++) for (const dealt of run) if (p < dealt.length) recorded.push(dealt[p]);
    run = [];
    inRun = new Set();
  };
  for (const action of hand.actions) {
    if (action.kind === 'deal-hole') {
      // The cards as `recordedHoles` completed them (unknown cards later shown take the shown ones).
      const player = action.player - 1;
      // A player dealt again begins the next street (streets dealt out with nobody left to act).
      if (inRun.has(player)) flush();
      inRun.add(player);
      run.push(knownHoles[player].slice(cursor[player], cursor[player] + action.cards.length));
      cursor[player] += action.cards.length;
      continue;
    }
    flush();
    if (action.kind === 'deal-board') recorded.push(...action.cards);
  }
  flush();
  return completeDeck(recorded, deckFor(spec.deck), {
    spareHighestFirst: spec.stud?.bringInCard[structure] !== 'highest',
  });
}

export function studRow(code: string, variant: string, structure: BettingStructure): PhhVariantRow {
  return {
    code,
    variant,
    structure,
    stakes: structure === 'fixed-limit' ? 'fixed' : 'min-bet',
    buildStakes: (hand) => studStakes(hand, structure),
    buildDeck: (hand, holes) => studDeck(hand, holes, variant, structure),
    mapAction: (action, state, seat) => {
      if (action.kind === 'bring-in') return { type: 'bring-in', seat };
      if (action.kind === 'bet-raise') {
        const la = legalActions(state);
        // A stack that does not cover the bring-in goes all in as the bring-in.
        if (la?.bringIn !== undefined && la.seat === seat && action.to <= la.bringIn) return { type: 'bring-in', seat };
      }
      return undefined;
    },
  };
}

/** The PHH code for a stud game and structure (phh-std's where it has one, else our `_` code; from the spec). */
export const studPhhCode = (variant: string, structure: BettingStructure): string | undefined =>
  phhCodeOf(getVariant(variant), structure);
