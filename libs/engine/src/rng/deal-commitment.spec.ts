import { createHash, createHmac } from 'node:crypto';
import fc from 'fast-check';
import { formatCard, parseCards } from '../cards/card';
import { standardDeck } from '../cards/deck';
import { seededShuffleFromSeed } from './commitment';
import {
  commitDeal,
  DEAL_SCHEME,
  leafHash,
  merkleRoot,
  nodeHash,
  openPositions,
  positionSalt,
  verifyDealRoot,
  verifyOpening,
} from './deal-commitment';

const SEED = '3f1c9a0b7e2d4c5a6b8f9e0d1c2b3a4958677f6e5d4c3b2a1908f7e6d5c4b3a2';

describe('deal commitment v2 (salted positions, Merkle root)', () => {
  // Worked out with openssl and sha256sum (not with this code), seed "abc", deck As Kd 2c:
  //   salt_i  = HMAC-SHA256(key "abc", "naiko-salt-v2|i")
  //   leaf_i  = SHA-256("naiko-leaf-v2|i|<card>|<salt_i>")
  //   n01     = SHA-256("naiko-node-v2|leaf0|leaf1"); leaf2 is odd and moves up unchanged
  //   root    = SHA-256("naiko-node-v2|n01|leaf2")
  const S0 = '86c9a999d7f776bfe0994c9f02e7e8633610a76a34cca859cdfba8870c5b3a49';
  const S2 = '26a81b8792916d9ef5cf1018b0b26bb493476286e25a53dc71b9a0399b12a107';
  const L0 = '4c7284f4a06801d936b4cef5fcbb8ae498db9e454734965bf2a857dda806c845';
  const L1 = 'c0860ec2842b4df7955d1e0962ff13af9a3bb8cd2369b48cda37a1f88028f0be';
  const L2 = 'd49bd6c790347d30349266101d90ccf6b58414839b8d5585ddf350bb8a1005ac';
  const N01 = '39ef40989d42b9572e9f40a83785949e5e6f80e8d196768a27ad5b61737e4323';
  const ROOT = 'c3d968eaee5964df236e0dfe9592b2608c6c68b04dc4c188776055f4d75be644';
  const deck = parseCards('As Kd 2c');

  test('salts, leaves, nodes and the root follow the documented scheme (values computed with openssl/sha256sum)', () => {
    expect(positionSalt('abc', 0)).toBe(S0);
    expect(positionSalt('abc', 2)).toBe(S2);
    expect(positionSalt('abc', 0)).toBe(createHmac('sha256', 'abc').update('naiko-salt-v2|0').digest('hex'));
    // The salt is computed from one-shot hashes (RFC 2104 by hand): equal to node's HMAC for any key,
    // shorter than, equal to or longer than the 64-byte block, and any position.
    fc.assert(
      fc.property(
        fc.string({ maxLength: 100 }),
        fc.nat(),
        (seed, i) => positionSalt(seed, i) === createHmac('sha256', seed).update(`naiko-salt-v2|${i}`).digest('hex'),
      ),
    );
    expect(leafHash(0, 'As', S0)).toBe(L0);
    expect(nodeHash(L0, L1)).toBe(N01);
    const commitment = commitDeal(deck, 'abc');
    expect(commitment).toEqual({ scheme: DEAL_SCHEME, root: ROOT, leaves: [L0, L1, L2] });
    expect(merkleRoot([L0, L1, L2])).toBe(ROOT);
  });

  test('an opening carries the card, its salt and the sibling path; the odd last leaf has a one-step path', () => {
    expect(openPositions(deck, 'abc', [2, 0, 0, 7])).toEqual([
      {
        position: 0,
        card: 'As',
        salt: S0,
        path: [
          { hash: L1, left: false },
          { hash: L2, left: false },
        ],
      },
      { position: 2, card: '2c', salt: S2, path: [{ hash: N01, left: true }] },
    ]);
  });

  test('every opening of a 52-card (and 3 x 52) deck verifies; a changed card, salt, position or path does not', () => {
    const big = seededShuffleFromSeed(standardDeck(), SEED).concat(
      seededShuffleFromSeed(standardDeck(), `${SEED}1`),
      seededShuffleFromSeed(standardDeck(), `${SEED}2`),
    );
    for (const deck of [big.slice(0, 52), big]) {
      const { root } = commitDeal(deck, SEED);
      const all = openPositions(deck, SEED, deck.keys());
      expect(all).toHaveLength(deck.length);
      for (const opening of all) expect(verifyOpening(root, opening)).toBe(true);
      const picked = all[17];
      const other = formatCard(deck[18]) === picked.card ? formatCard(deck[19]) : formatCard(deck[18]);
      expect(verifyOpening(root, { ...picked, card: other })).toBe(false);
      expect(verifyOpening(root, { ...picked, salt: all[18].salt })).toBe(false);
      expect(verifyOpening(root, { ...picked, position: 18 })).toBe(false);
      expect(verifyOpening(root, { ...picked, path: picked.path.slice(1) })).toBe(false);
      expect(
        verifyOpening(root, {
          ...picked,
          path: [{ ...picked.path[0], left: !picked.path[0].left }, ...picked.path.slice(1)],
        }),
      ).toBe(false);
      expect(verifyOpening(root.toUpperCase(), picked)).toBe(true);
    }
  });

  test('a salt is unguessable without the seed: salts of neighbouring positions share nothing visible', () => {
    const saltAt0 = positionSalt(SEED, 0);
    const saltAt1 = positionSalt(SEED, 1);
    expect(saltAt0).not.toBe(saltAt1);
    expect(saltAt0).not.toContain(SEED);
    // The salt is not the plain hash of the seed and index either (it is keyed).
    expect(saltAt0).not.toBe(createHash('sha256').update(`naiko-salt-v2|0`).digest('hex'));
  });

  test('the disclosed seed verifies the whole deck; another seed or a deck changed after the commitment does not', () => {
    const deck = seededShuffleFromSeed(standardDeck(), SEED);
    const { root } = commitDeal(deck, SEED);
    expect(verifyDealRoot(root, deck, SEED)).toBe(true);
    expect(verifyDealRoot(root, deck, `${SEED}0`)).toBe(false);
    const swapped = deck.slice();
    [swapped[3], swapped[40]] = [swapped[40], swapped[3]];
    expect(verifyDealRoot(root, swapped, SEED)).toBe(false);
  });
});
