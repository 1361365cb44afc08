import { getVariant } from '../variants/catalog';
import type { BettingStructure } from '../variants/types';
import { parseCard, type Card } from '../cards';
import { shortDeck32, standardDeck } from '../cards/deck';
import type { Stakes } from '../hand/types';
import { PhhError, type PhhAction, type PhhCard, type PhhHand } from './types';
import { completeDeck, type PhhVariantRow } from './variants';

/**
 * The draw rows of the PHH table. phh-std defines F2L3D (Fixed-Limit 2-7 Triple Draw) and N2L1D
 * (No-Limit 2-7 Single Draw); our other draw games get custom `_` codes: `_<S><GAME>` with S = F, P,
 * H, N (structure) and GAME = DRAW5, DRAW27X3, DRAW32, DRAW7A, DRAWCLASSIC (e.g. `_PDRAW7A`).
 *
 * F2L3D is our `draw27x3` in Fixed Limit (both play Hold'em bet sizes: small before and after the
 * first draw, big after the second and third). N2L1D (not a house game, a handy check of the draw
 * machine) maps to `draw27x1`, 2-7 single draw (`variants/draw.ts`, not offered at tables).
 *
 * Actions: `pK sd cards` → `draw` (stand pat when empty); `cc`, `cbr`, `f` as in the flop games;
 * `sm` is skipped (the engine decides the showdown). The split offer has no PHH action: a record is
 * read as played on (every offer declined), and a hand with an accepted offer cannot be exported.
 * Deck: the first `d dh` of each player (5 cards) in passes, then every later `d dh` in order; a card
 * dealt again after PokerKit's reshuffle starts the spare deck that orders the engine's reshuffle
 * (PokerKit burns cards, which PHH does not record, so its reshuffles come before the deck's end).
 */

const unsupported = (message: string): never => {
  throw new PhhError('unsupported', message);
};

/** The stacked deck: initial hands in passes, replacements in order, the first re-dealt card starts the spare deck. */
export function drawDeck(hand: PhhHand, variant: string): Card[] {
  const playerCount = hand.startingStacks.length;
  const initial: PhhCard[][] = Array.from({ length: playerCount }, () => []);
  const later: PhhCard[] = [];
  const got = new Array<boolean>(playerCount).fill(false);
  for (const action of hand.actions) {
    if (action.kind !== 'deal-hole') continue;
    if (!got[action.player - 1]) {
      got[action.player - 1] = true;
      initial[action.player - 1] = action.cards;
    } else later.push(...action.cards);
  }
  const recorded: PhhCard[] = [];
  for (let p = 0; p < 5; p++)
    for (const holeCards of initial) if (holeCards.length) recorded.push(holeCards[p] ?? null);
  const seen = new Set<string>();
  let cut = recorded.length + later.length;
  const all = recorded.concat(later);
  for (let k = 0; k < all.length; k++) {
    const card = all[k];
    if (card === null) continue;
    if (seen.has(card)) {
      cut = k;
      break;
    }
    seen.add(card);
  }
  const fresh = getVariant(variant).deck === 'short32' ? shortDeck32() : standardDeck();
  const head = all.slice(0, cut);
  const rest = all.slice(cut);
  if (rest.some((c) => c === null)) unsupported('an unknown card after a reshuffle');
  // The dealt deck: exactly the recorded cards (so it ends where PokerKit reshuffled), then the re-dealt order.
  const filled = completeDeck(head, fresh);
  resolveUnknownDiscards(hand, initial, filled, playerCount);
  const dealt = filled.slice(0, rest.length ? head.length : fresh.length);
  return dealt.concat((rest as string[]).map(parseCard));
}

/** Discards of unknown cards (`sd Kh??`), resolved to the cards the deck put in place of the unknown ones. */
const unknownDiscards = new WeakMap<PhhAction, Card[]>();

/**
 * A player whose cards were never shown may discard unknown cards (WSOP records): they are the cards
 * the stacked deck filled in for his unknown cards. Follows each player's hand through the record.
 */
function resolveUnknownDiscards(hand: PhhHand, initial: PhhCard[][], filled: Card[], playerCount: number): void {
  if (!hand.actions.some((a) => a.kind === 'discard' && a.cards.some((c) => c === null))) return;
  const live = initial.filter((h) => h.length).length;
  const pos: number[] = [];
  let nextFilled = 0;
  for (let p = 0; p < playerCount; p++) pos.push(initial[p].length ? nextFilled++ : -1);
  // Each hand as cards, with the unknown ones marked.
  const hands = initial.map((h, p) => h.map((c, j) => ({ card: filled[j * live + pos[p]], unknown: c === null })));
  let next = live * 5;
  const got = new Array<boolean>(playerCount).fill(false);
  for (const action of hand.actions) {
    if (action.kind === 'deal-hole') {
      if (!got[action.player - 1]) got[action.player - 1] = true;
      else
        for (const card of action.cards)
          hands[action.player - 1].push({ card: filled[next++], unknown: card === null });
    } else if (action.kind === 'discard') {
      const held = hands[action.player - 1];
      const out: Card[] = [];
      for (const card of action.cards) {
        const at = card === null ? held.findIndex((x) => x.unknown) : held.findIndex((x) => x.card === parseCard(card));
        if (at < 0) unsupported(`p${action.player} discards ${card ?? '??'} he does not hold`);
        out.push(held[at].card);
        held.splice(at, 1);
      }
      if (action.cards.some((c) => c === null)) unknownDiscards.set(action, out);
    }
  }
}

/**
 * PHH lists a draw round's discards first, then its deals; the engine (like a dealer) serves each
 * player in turn: his discard, then his cards. The record's actions in that order.
 */
function inDrawOrder(actions: PhhAction[]): PhhAction[] {
  const out: PhhAction[] = [];
  for (let k = 0; k < actions.length;) {
    if (actions[k].kind !== 'discard') {
      out.push(actions[k++]);
      continue;
    }
    const discards: PhhAction[] = [];
    while (k < actions.length && actions[k].kind === 'discard') discards.push(actions[k++]);
    const deals: PhhAction[] = [];
    while (k < actions.length && actions[k].kind === 'deal-hole') deals.push(actions[k++]);
    for (const action of discards) {
      out.push(action);
      const player = (action as { player: number }).player;
      const deal = deals.find((x) => (x as { player: number }).player === player);
      if (deal) out.push(deal);
    }
  }
  return out;
}

/**
 * Where PokerKit's reshuffle differs from docs/rules/README.md, proven from the record alone: it dealt a player a
 * card he had discarded himself ('own-discard-redealt'), or a card discarded after the reshuffle had
 * begun ('later-discard-redealt': docs/rules/README.md reshuffles the discards and mucks there are when the deck
 * runs short). Returns null when neither happened.
 */
export function drawReshuffleDifference(hand: PhhHand): 'own-discard-redealt' | 'later-discard-redealt' | null {
  const playerCount = hand.startingStacks.length;
  const own: Set<string>[] = Array.from({ length: playerCount }, () => new Set());
  const got = new Array<boolean>(playerCount).fill(false);
  const seen = new Set<string>();
  let reshuffled = false;
  const discardedSince = new Set<string>();
  let later = false;
  for (const action of inDrawOrder(hand.actions)) {
    if (action.kind === 'discard') {
      for (const card of action.cards)
        if (card !== null) {
          own[action.player - 1].add(card);
          if (reshuffled) discardedSince.add(card);
        }
    }
    if (action.kind !== 'deal-hole') continue;
    const first = !got[action.player - 1];
    got[action.player - 1] = true;
    for (const card of action.cards) {
      if (card === null) continue;
      if (!first && own[action.player - 1].has(card)) return 'own-discard-redealt';
      if (seen.has(card)) reshuffled = true;
      if (discardedSince.has(card)) later = true;
      seen.add(card);
    }
  }
  return later ? 'later-discard-redealt' : null;
}

function drawStakes(hand: PhhHand, structure: BettingStructure): Stakes {
  // Classic draw: equal antes, no blinds; min_bet the ante, `_max_bet` the table maximum.
  const antes = hand.antes;
  if (antes.some((a) => a !== antes[0]) || !(antes[0] > 0)) unsupported('classic draw needs equal antes');
  if (hand.blindsOrStraddles.some((b) => b !== 0)) unsupported('classic draw has no blinds');
  const stakes: Stakes = { smallBlind: 0, bigBlind: hand.minBet ?? antes[0], ante: antes[0] };
  if (typeof hand.extra._max_bet === 'number') stakes.maxBet = hand.extra._max_bet;
  if (structure !== 'no-limit') unsupported('classic draw is played no-limit between the ante and the table maximum');
  return stakes;
}

export function drawRow(code: string, variant: string, structure: BettingStructure): PhhVariantRow {
  const classic = variant.startsWith('draw-classic');
  return {
    code,
    variant,
    structure,
    stakes: structure === 'fixed-limit' ? 'fixed' : 'min-bet',
    ...(classic ? { buildStakes: (hand: PhhHand) => drawStakes(hand, structure) } : {}),
    buildDeck: (hand) => drawDeck(hand, variant),
    // PHH has no split action: a recorded 32-Card Draw hand was played on, the offer declined.
    unrecorded: (state) => (state.phase === 'split' ? { type: 'no-split', seat: state.seats[state.toAct] } : null),
    mapAction: (action, state, seat) => {
      // PokerKit records a check of a player alone against all-ins after the round is over (the engine
      // is already in the draw): it decides nothing.
      if (action.kind === 'check-call' && state.phase !== 'betting') return null;
      if (action.kind !== 'discard') return undefined;
      const resolved = unknownDiscards.get(action);
      if (resolved) return { type: 'draw', seat, discard: resolved };
      return { type: 'draw', seat, discard: (action.cards as string[]).map(parseCard) };
    },
  };
}
