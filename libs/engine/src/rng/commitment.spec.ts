import { createHash } from 'node:crypto';
import { parseCards } from '../cards/card';
import { deckWithJokers, shortDeck32, standardDeck } from '../cards/deck';
import { canonicalDeckText, commitDeck, hashRandom, seededShuffleFromSeed, verifyCommitment } from './commitment';

const SEED = '3f1c9a0b7e2d4c5a6b8f9e0d1c2b3a4958677f6e5d4c3b2a1908f7e6d5c4b3a2';

describe('provably-fair deck commitment', () => {
  it('the canonical text and the commitment follow the documented scheme', () => {
    const deck = parseCards('As Td 7h');
    expect(canonicalDeckText(deck, 'abc')).toBe('naiko-deck-v1|abc|As,Td,7h');
    const expected = createHash('sha256').update('naiko-deck-v1|abc|As,Td,7h').digest('hex');
    expect(commitDeck(deck, 'abc').commitment).toBe(expected);
  });

  it('the shuffle stream is SHA-256 in counter mode, read as big-endian words', () => {
    const block0 = createHash('sha256').update(`naiko-shuffle-v1:${SEED}:0`).digest();
    const block1 = createHash('sha256').update(`naiko-shuffle-v1:${SEED}:1`).digest();
    const source = hashRandom(SEED);
    const words = Array.from({ length: 9 }, () => source.nextUint32());
    expect(words.slice(0, 8)).toEqual(Array.from({ length: 8 }, (_, i) => block0.readUInt32BE(i * 4)));
    expect(words[8]).toBe(block1.readUInt32BE(0));
  });

  it('a revealed seed verifies the committed deck', () => {
    for (const template of [standardDeck(), shortDeck32(), deckWithJokers(2)]) {
      const deck = seededShuffleFromSeed(template, SEED);
      const { commitment } = commitDeck(deck, SEED);
      expect(verifyCommitment({ commitment, seed: SEED, deckTemplate: template })).toBe(true);
      expect(verifyCommitment({ commitment: commitment.toUpperCase(), seed: SEED, deckTemplate: template })).toBe(true);
    }
  });

  it('a different seed, a different template or a deck changed after the commitment does not verify', () => {
    const template = standardDeck();
    const deck = seededShuffleFromSeed(template, SEED);
    const { commitment } = commitDeck(deck, SEED);
    expect(verifyCommitment({ commitment, seed: SEED.replace(/.$/, '3'), deckTemplate: template })).toBe(false);
    expect(verifyCommitment({ commitment, seed: SEED, deckTemplate: shortDeck32() })).toBe(false);
    const swapped = [...deck];
    [swapped[0], swapped[1]] = [swapped[1], swapped[0]];
    expect(
      verifyCommitment({ commitment: commitDeck(swapped, SEED).commitment, seed: SEED, deckTemplate: template }),
    ).toBe(false);
  });

  it('the shuffle is a deterministic permutation of the template that depends on the seed', () => {
    const shuffled = seededShuffleFromSeed(standardDeck(), SEED);
    expect(seededShuffleFromSeed(standardDeck(), SEED)).toEqual(shuffled);
    expect([...shuffled].sort((x, y) => x - y)).toEqual(standardDeck());
    expect(seededShuffleFromSeed(standardDeck(), `${SEED}x`)).not.toEqual(shuffled);
  });
});
