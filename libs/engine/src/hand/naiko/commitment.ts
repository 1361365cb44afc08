import { createHash } from 'node:crypto';
import type { Card } from '../../cards/card';
import { canonicalDeckText, hashRandom } from '../../rng/commitment';
import { randomInt, shuffle } from '../../rng/random-source';
import { CAROUSELS, type PowerId } from './types';

/**
 * The carousel is part of a Naiko hand's commitment. The hand is started with
 * `{ rng: hashRandom(seed) }`: the deck is shuffled first, then the carousel is drawn from the same
 * stream (`CAROUSELS[randomInt(rng, 3)]`). The published commitment is SHA-256 hex of
 * `canonicalDeckText(deck, seed) + "|carousel:" + powers joined by ","` — so revealing the seed
 * afterwards proves both the deck and the carousel were fixed before any action.
 */
export function canonicalNaikoText(deck: readonly Card[], seed: string, carousel: readonly PowerId[]): string {
  return `${canonicalDeckText(deck, seed)}|carousel:${carousel.join(',')}`;
}

export function commitNaikoHand(
  deck: readonly Card[],
  seed: string,
  carousel: readonly PowerId[],
): { commitment: string } {
  return {
    commitment: createHash('sha256')
      .update(canonicalNaikoText(deck, seed, carousel), 'utf8')
      .digest('hex'),
  };
}

/** The deck and carousel a seed yields, exactly as `start(config, { rng: hashRandom(seed) })` draws them. */
export function naikoDealFromSeed(deckTemplate: readonly Card[], seed: string): { deck: Card[]; carousel: PowerId[] } {
  const rng = hashRandom(seed);
  const deck = shuffle(deckTemplate, rng);
  return { deck, carousel: CAROUSELS[randomInt(rng, CAROUSELS.length)].slice() };
}

/** True when the revealed seed yields exactly the committed deck and carousel. */
export function verifyNaikoCommitment(revealed: {
  commitment: string;
  seed: string;
  deckTemplate: readonly Card[];
}): boolean {
  const { deck, carousel } = naikoDealFromSeed(revealed.deckTemplate, revealed.seed);
  return commitNaikoHand(deck, revealed.seed, carousel).commitment === revealed.commitment.toLowerCase();
}
