/**
 * Provably-fair dealing.
 *
 * Scheme (version "v1"):
 *  1. Before the hand the server draws a secret seed (`newShuffleSeed()`, 256 CSPRNG bits).
 *  2. The deck is `seededShuffleFromSeed(template, seed)`: Fisher–Yates driven by a SHA-256 counter
 *     stream, block i = SHA-256("naiko-shuffle-v1:" + seed + ":" + i), read as eight big-endian
 *     uint32 words, bounds drawn by rejection sampling (`randomInt`).
 *  3. At the start the server publishes `commitDeck(deck, seed).commitment`
 *     = SHA-256 hex of "naiko-deck-v1|" + seed + "|" + the cards as text joined by "," (e.g. "As,Td,...").
 *     The seed is 256 random bits, so the commitment reveals nothing about the deck.
 *  4. After the hand the seed is revealed; anyone can run `verifyCommitment` (or redo steps 2–3 with any
 *     SHA-256 tool) to check that this seed yields exactly the committed deck, i.e. the deck was fixed
 *     before any action and not changed afterwards.
 * Hashing is pure (no entropy, no I/O), so `createHash` is allowed in the engine here.
 *
 * Tables no longer publish this v1 commitment: revealing the seed after the hand leaked every folded
 * card (issue 19.1). They commit with the Merkle scheme of `deal-commitment.ts`. `hashRandom` is still
 * the deck's random stream; `commitDeck`/`verifyCommitment` remain only to check hands dealt under v1
 * (their stored commitment and revealed seed) and should go once no such hand needs checking.
 */
import { createHash } from 'node:crypto';
import { type Card, formatCard } from '../cards/card';
import { type RandomSource, shuffle } from './random-source';

const sha256 = (text: string): Buffer => createHash('sha256').update(text, 'utf8').digest();

/** Deterministic stream of uint32 words from SHA-256 in counter mode. */
export function hashRandom(seed: string): RandomSource {
  let counter = 0;
  let block: Buffer = Buffer.alloc(0);
  let offset = 32;
  return {
    nextUint32(): number {
      if (offset === 32) {
        block = sha256(`naiko-shuffle-v1:${seed}:${counter++}`);
        offset = 0;
      }
      const word = block.readUInt32BE(offset);
      offset += 4;
      return word;
    },
  };
}

/** The deck the hand will use, derived only from the template order and the seed. */
export function seededShuffleFromSeed(deck: readonly Card[], seed: string): Card[] {
  return shuffle(deck, hashRandom(seed));
}

/** The canonical text that is hashed: versioned, seed first, cards in dealing order. */
export function canonicalDeckText(deck: readonly Card[], seed: string): string {
  return `naiko-deck-v1|${seed}|${deck.map(formatCard).join(',')}`;
}

export interface DeckCommitment {
  /** SHA-256 hex digest of `canonicalDeckText(deck, seed)`. */
  commitment: string;
}

export function commitDeck(deck: readonly Card[], seed: string): DeckCommitment {
  return { commitment: sha256(canonicalDeckText(deck, seed)).toString('hex') };
}

export interface CommitmentReveal {
  commitment: string;
  seed: string;
  /** The unshuffled deck the variant starts from (e.g. `standardDeck()`). */
  deckTemplate: readonly Card[];
}

/** True when the revealed seed shuffles the template into exactly the committed deck. */
export function verifyCommitment({ commitment, seed, deckTemplate }: CommitmentReveal): boolean {
  const deck = seededShuffleFromSeed(deckTemplate, seed);
  return commitDeck(deck, seed).commitment === commitment.toLowerCase();
}
