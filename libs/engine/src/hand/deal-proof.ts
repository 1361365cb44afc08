/**
 * Which committed deck positions a viewer may have opened after a hand (scheme naiko-merkle-v2,
 * `rng/deal-commitment.ts`), and the deal a disclosed seed reproduces.
 *
 * A viewer gets the opening of a position only for a card he saw *as that position's card* at the
 * table: his own cards, face-up cards, the board, shown hands, his own Sneak Peek. Cards dealt again
 * from a reshuffled stock (draw games) are opened at their place in the spare deck that ordered the
 * stock, never at their first position: that position would say who was dealt the card first, i.e.
 * an opponent's discard or folded card. Everything is decided from the server's full event log and
 * the engine's own per-viewer filter (`viewEvent`), so the rule cannot drift from what the table shows.
 */
import type { Card } from '../cards/card';
import { hashRandom } from '../rng/commitment';
import { commitDeal, openPositions, verifyOpening, type CardOpening } from '../rng/deal-commitment';
import { formatCard } from '../cards/card';
import { deckFor, resolveVariant, start } from './start';
import type { HandConfig, HandEvent } from './types';
import type { Viewer } from './view';
import { viewEvent } from './view-events';

type AnyEvent = { type: string; [k: string]: unknown };

const cardList = (v: unknown): Card[] =>
  Array.isArray(v) ? (v.filter((c) => typeof c === 'number') as Card[]) : typeof v === 'number' ? [v] : [];

/** Every card an event names (nulls of a redacted event skipped). Covers every engine event carrying cards. */
export function cardsOfEvent(event: HandEvent): Card[] {
  const anyEvent = event as AnyEvent;
  switch (anyEvent.type) {
    case 'hole-dealt':
    case 'board-dealt':
    case 'hand-shown':
    case 'hand-mucked':
    // Home games: the second board and the rabbit hunt's cards are seen by everyone.
    case 'x-board-dealt':
    case 'x-rabbit-hunt':
      return cardList(anyEvent.cards);
    case 'x-draw':
      return [...cardList(anyEvent.discarded), ...cardList(anyEvent.dealt)];
    case 'x-power':
      return [...cardList(anyEvent.card), ...cardList(anyEvent.discarded)];
    default:
      return [];
  }
}

/** The cards an (unredacted) event deals out of the deck or the stock, in order. */
function dealtBy(event: AnyEvent): Card[] {
  switch (event.type) {
    case 'hole-dealt':
    case 'board-dealt':
    case 'x-board-dealt':
    case 'x-rabbit-hunt':
      return cardList(event.cards);
    case 'x-draw':
      return cardList(event.dealt);
    case 'x-power':
      return event.power === 'sleeve-swap' ? cardList(event.card) : [];
    default:
      return [];
  }
}

/** The size of one deck of the hand's variant (spare decks follow it in `state.deck`). */
export function firstDeckSize(config: HandConfig): number {
  const base = resolveVariant(config.variant);
  const deck = base.bySeats?.[config.seats.length]?.deck ?? base.deck;
  return deckFor(deck).length;
}

/**
 * The deck positions `viewer` saw, from the hand's full event log and its dealt deck (`state.deck`,
 * spare decks included).
 */
export function seenPositions(
  deck: readonly Card[],
  size: number,
  events: readonly HandEvent[],
  viewer: Viewer,
): number[] {
  const first = new Map<Card, number>();
  for (let i = 0; i < Math.min(size, deck.length); i++) if (!first.has(deck[i])) first.set(deck[i], i);
  // Where each card now in play came from: its first position until it is dealt again from a stock.
  const source = new Map<Card, number | null>();
  const dealt = new Set<Card>();
  let reshuffles = 0;
  const out = new Set<number>();
  for (const event of events) {
    const anyEvent = event as AnyEvent;
    if (anyEvent.type === 'x-reshuffle') reshuffles++;
    for (const card of dealtBy(anyEvent)) {
      if (dealt.has(card)) {
        // Dealt a second time: from the stock ordered by spare deck number `reshuffles`.
        const from = reshuffles * size;
        const offset = deck.slice(from, from + size).indexOf(card);
        source.set(card, offset >= 0 ? from + offset : null);
      }
      dealt.add(card);
    }
    const seen = viewEvent(event, viewer);
    if (!seen) continue;
    for (const card of cardsOfEvent(seen)) {
      const position = source.has(card) ? source.get(card)! : first.get(card);
      if (position !== undefined && position !== null) out.add(position);
    }
  }
  return [...out].sort((a, b) => a - b);
}

/** The openings `viewer` is entitled to after the hand. */
export function openingsFor(
  deck: readonly Card[],
  seed: string,
  size: number,
  events: readonly HandEvent[],
  viewer: Viewer,
  leaves?: readonly string[],
): CardOpening[] {
  return openPositions(deck, seed, seenPositions(deck, size, events, viewer), leaves);
}

/**
 * `openingsFor` of each viewer, opening each position once however many of them saw it: at a hand's
 * end the table sends every seat and the spectators their openings, and a position's opening (an
 * HMAC and a path) is the same for all. The viewers share the opening objects.
 */
export function openingsForViewers(
  deck: readonly Card[],
  seed: string,
  size: number,
  events: readonly HandEvent[],
  viewers: readonly Viewer[],
  leaves?: readonly string[],
): Map<Viewer, CardOpening[]> {
  const seen = new Map(viewers.map((viewer) => [viewer, seenPositions(deck, size, events, viewer)]));
  const opened = new Map<number, CardOpening>();
  for (const opening of openPositions(deck, seed, [...seen.values()].flat(), leaves))
    opened.set(opening.position, opening);
  return new Map([...seen].map(([viewer, positions]) => [viewer, positions.flatMap((p) => opened.get(p) ?? [])]));
}

/** The deck (spares included) and the Naiko carousel a seed deals for this hand config, as `start` draws them. */
export function dealFromSeed(config: HandConfig, seed: string): { deck: Card[]; carousel: string[] | null } {
  const started = start(config, { rng: hashRandom(seed) });
  const dealt = started.events.find((e) => e.type === 'x-powers-dealt') as { carousel?: string[] } | undefined;
  return { deck: started.state.deck.slice(), carousel: dealt?.carousel ?? null };
}

/** The commitment (Merkle root) a seed yields for this hand config. */
export const dealRootFromSeed = (config: HandConfig, seed: string): string =>
  commitDeal(dealFromSeed(config, seed).deck, seed).root;

/** A hand's proof as a player holds it: the `/me/hands/:id/proof` answer, or a `dealOpenings` table event. */
export interface DealProof {
  commitment: string;
  openings: CardOpening[];
  /** The disclosed seed (null/absent until the table closed or 24 h passed). */
  seed?: string | null;
  /** The hand's engine config (with the seed it reproduces the deal). */
  config?: HandConfig;
}

export interface DealProofReport {
  /** Every opening verified and, when a seed was given, the seed reproduced the committed deal. */
  ok: boolean;
  openings: { position: number; card: string; ok: boolean }[];
  /**
   * 'not-disclosed' without a seed; 'ok' when seed + config reproduce the root and every opened card; else 'mismatch'.
   */
  seed: 'not-disclosed' | 'ok' | 'mismatch' | 'no-config';
  /** With a verified seed: the whole dealt deck (spare decks included) in dealing order. */
  deck?: string[];
}

/** Checks a hand's openings against its commitment and, once disclosed, the whole shuffle against the seed. Pure. */
export function verifyDealProof(proof: DealProof): DealProofReport {
  const commitment = String(proof?.commitment ?? '').toLowerCase();
  const openings = (Array.isArray(proof?.openings) ? proof.openings : []).map((opening) => ({
    position: opening?.position,
    card: opening?.card,
    ok: verifyOpening(commitment, opening),
  }));
  let seed: DealProofReport['seed'] = 'not-disclosed';
  let deck: Card[] | undefined;
  if (typeof proof?.seed === 'string' && proof.seed) {
    if (!proof.config) seed = 'no-config';
    else {
      try {
        deck = dealFromSeed(proof.config, proof.seed).deck;
        const same =
          commitDeal(deck, proof.seed).root === commitment &&
          openings.every((o) => deck![o.position] !== undefined && formatCard(deck![o.position]) === o.card);
        seed = same ? 'ok' : 'mismatch';
      } catch {
        seed = 'mismatch';
      }
    }
  }
  const ok = openings.length > 0 && openings.every((o) => o.ok) && (seed === 'ok' || seed === 'not-disclosed');
  return { ok, openings, seed, ...(seed === 'ok' && deck ? { deck: deck.map(formatCard) } : {}) };
}
