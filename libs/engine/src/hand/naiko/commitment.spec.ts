import { standardDeck } from '../../cards';
import { hashRandom } from '../../rng/commitment';
import { start } from '../start';
import { commitNaikoHand, naikoDealFromSeed, verifyNaikoCommitment } from './commitment';
import { naikoTable } from './naiko-test-helpers';
import { powersExt } from './powers';

describe("the carousel is part of the hand's commitment", () => {
  const seed = 'f00dfeed'.repeat(8);
  test('a hand started from hashRandom(seed) deals the deck and the carousel the seed yields', () => {
    const handState = start(naikoTable([100, 100, 100], {}), { rng: hashRandom(seed) }).state;
    const fromSeed = naikoDealFromSeed(standardDeck(), seed);
    expect(handState.deck).toEqual(fromSeed.deck);
    expect(powersExt(handState)!.carousel).toEqual(fromSeed.carousel);
  });
  test('the revealed seed verifies the committed deck and carousel; another carousel fails', () => {
    const { deck, carousel } = naikoDealFromSeed(standardDeck(), seed);
    const { commitment } = commitNaikoHand(deck, seed, carousel);
    expect(verifyNaikoCommitment({ commitment, seed, deckTemplate: standardDeck() })).toBe(true);
    const other = commitNaikoHand(
      deck,
      seed,
      carousel.includes('sneak-peek')
        ? ['sleeve-swap', 'short-anchor', 'seal-shield']
        : ['sneak-peek', 'sleeve-swap', 'short-anchor'],
    );
    expect(verifyNaikoCommitment({ commitment: other.commitment, seed, deckTemplate: standardDeck() })).toBe(false);
    expect(verifyNaikoCommitment({ commitment, seed: seed.replace('f', 'e'), deckTemplate: standardDeck() })).toBe(
      false,
    );
  });
});
