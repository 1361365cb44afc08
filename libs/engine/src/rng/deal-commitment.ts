/**
 * Provably-fair dealing without leaking unshown cards (scheme "naiko-merkle-v2").
 *
 * The v1 scheme (`commitment.ts`) committed to the whole deck with one hash and revealed the seed right
 * after the hand, which let anyone recompute every folded hand. v2 commits to each deck position on
 * its own, so single cards can be opened without opening the others:
 *
 *  1. The server draws a secret 256-bit seed per hand; the deck (and spare decks, and in Naiko mode the
 *     carousel) is drawn from `hashRandom(seed)` exactly as before.
 *  2. Each position i gets a salt derived from the seed: salt_i = HMAC-SHA256(key = seed, "naiko-salt-v2|" + i)
 *     as hex — deterministic (the seed reproduces it) but unguessable without the seed, and opening one salt
 *     says nothing about the others (HMAC is a PRF).
 *  3. leaf_i = SHA-256("naiko-leaf-v2|" + i + "|" + card text + "|" + salt_i) as hex (e.g. "…|7|As|3f0c…").
 *  4. The hand's commitment is the Merkle root over the leaves in deck order: a parent is
 *     SHA-256("naiko-node-v2|" + left + "|" + right); at a level with an odd count the last node moves up
 *     unchanged. The root is published (and stored) before the first card is dealt.
 *  5. After the hand a player gets openings `{ position, card, salt, path }` of the positions he saw; the
 *     path lists the sibling hashes from the leaf up (`left`: the sibling is on the left).
 *     `verifyOpening(root, opening)` recomputes the root.
 *  6. When the seed may be disclosed (the table closed, or 24 h passed), `verifyDealRoot` recomputes every
 *     salt, leaf and the root from the seed and the dealt deck: the whole shuffle is then checked.
 *
 * Everything here is pure hashing (no entropy, no I/O), so `createHash`/`createHmac` are allowed.
 */
import { hash } from 'node:crypto';
import { formatCard, parseCard, type Card } from '../cards/card';

export const DEAL_SCHEME = 'naiko-merkle-v2';

// A table hashes ~200 short strings per hand (52 salts, 52 leaves, 51 nodes, the openings): the
// one-shot `hash` is ~5x cheaper than a `createHash` object per string, which was most of the cost.
const sha256hex = (text: string): string => hash('sha256', text, 'hex');

const SHA256_BLOCK = 64;

/**
 * HMAC-SHA256 (RFC 2104) under one key, on one-shot hashes: H((K ^ opad) | H((K ^ ipad) | message)),
 * the key zero-padded to the block (hashed first when longer). Equal to `createHmac('sha256', key)`
 * (tested), without a native HMAC object per call; the padded keys are worked out once for all the
 * messages (a hand salts every deck position with the same seed).
 */
function hmacSha256HexWith(key: string): (message: string) => string {
  let keyBytes = Buffer.from(key, 'utf8');
  if (keyBytes.length > SHA256_BLOCK) keyBytes = hash('sha256', keyBytes, 'buffer');
  const innerPad = Buffer.alloc(SHA256_BLOCK);
  const outerPad = Buffer.alloc(SHA256_BLOCK);
  for (let b = 0; b < SHA256_BLOCK; b++) {
    const kb = b < keyBytes.length ? keyBytes[b] : 0;
    innerPad[b] = kb ^ 0x36;
    outerPad[b] = kb ^ 0x5c;
  }
  return (message) => {
    const inner = hash('sha256', Buffer.concat([innerPad, Buffer.from(message, 'utf8')]), 'buffer');
    return hash('sha256', Buffer.concat([outerPad, inner]), 'hex');
  };
}

/** The salts of one hand's deck positions: HMAC-SHA256 keyed by the hand's secret seed. */
const saltsOf = (seed: string): ((position: number) => string) => {
  const hmac = hmacSha256HexWith(seed);
  return (position) => hmac(`naiko-salt-v2|${position}`);
};

/** The salt of deck position `i`: HMAC-SHA256 keyed by the hand's secret seed. */
export function positionSalt(seed: string, position: number): string {
  return saltsOf(seed)(position);
}

/** The committed hash of one deck position. `card` is the card's text (e.g. "As", "Jk" for a joker). */
export function leafHash(position: number, card: string, salt: string): string {
  return sha256hex(`naiko-leaf-v2|${position}|${card}|${salt}`);
}

export function nodeHash(left: string, right: string): string {
  return sha256hex(`naiko-node-v2|${left}|${right}`);
}

/**
 * The trees already built, by their leaves array: a hand's openings for every viewer at its end
 * reuse the tree of its commitment instead of rehashing 51 nodes per viewer. Keyed weakly, so a
 * tree lives as long as the hand that holds its leaves.
 */
const treeOf = new WeakMap<readonly string[], string[][]>();

/** Every level of the tree, leaves first, root last (a level with one node). */
function levels(leaves: readonly string[]): string[][] {
  const known = treeOf.get(leaves);
  if (known) return known;
  if (!leaves.length) throw new RangeError('a deal commitment needs at least one card');
  const out: string[][] = [leaves.slice()];
  while (out[out.length - 1].length > 1) {
    const prev = out[out.length - 1];
    const next: string[] = [];
    for (let k = 0; k < prev.length; k += 2) next.push(k + 1 < prev.length ? nodeHash(prev[k], prev[k + 1]) : prev[k]);
    out.push(next);
  }
  treeOf.set(leaves, out);
  return out;
}

export const merkleRoot = (leaves: readonly string[]): string => levels(leaves).at(-1)![0];

export interface PathStep {
  /** The sibling's hash. */
  hash: string;
  /** True when the sibling is the left child (this node is the right one). */
  left: boolean;
}

export interface CardOpening {
  position: number;
  /** The card's text, e.g. "As". */
  card: string;
  salt: string;
  path: PathStep[];
}

export interface DealCommitment {
  scheme: typeof DEAL_SCHEME;
  root: string;
  leaves: string[];
}

const leavesOf = (deck: readonly Card[], seed: string): string[] => {
  const salt = saltsOf(seed);
  return deck.map((c, i) => leafHash(i, formatCard(c), salt(i)));
};

/** The commitment to a dealt deck (every position, spare decks included). */
export function commitDeal(deck: readonly Card[], seed: string): DealCommitment {
  const leaves = leavesOf(deck, seed);
  return { scheme: DEAL_SCHEME, root: merkleRoot(leaves), leaves };
}

/**
 * Openings of the given positions (sorted, without repeats); positions outside the deck are skipped.
 * `leaves` (from `commitDeal`) saves rehashing the deck when several viewers are opened.
 */
export function openPositions(
  deck: readonly Card[],
  seed: string,
  positions: Iterable<number>,
  leaves?: readonly string[],
): CardOpening[] {
  const wanted = [...new Set(positions)]
    .filter((p) => Number.isInteger(p) && p >= 0 && p < deck.length)
    .sort((a, b) => a - b);
  if (!wanted.length) return [];
  const tree = levels(leaves && leaves.length === deck.length ? leaves : leavesOf(deck, seed));
  const salt = saltsOf(seed);
  return wanted.map((position) => {
    const path: PathStep[] = [];
    let node = position;
    for (let l = 0; l < tree.length - 1; l++) {
      const level = tree[l];
      const sibling = node ^ 1;
      if (sibling < level.length) path.push({ hash: level[sibling], left: sibling < node });
      node >>= 1;
    }
    return { position, card: formatCard(deck[position]), salt: salt(position), path };
  });
}

const HEX64 = /^[0-9a-f]{64}$/;

/** True when the opening's card and salt hash, up its path, to the committed root. */
export function verifyOpening(root: string, opening: CardOpening): boolean {
  if (
    !opening ||
    !Number.isInteger(opening.position) ||
    opening.position < 0 ||
    typeof opening.card !== 'string' ||
    typeof opening.salt !== 'string' ||
    !Array.isArray(opening.path)
  )
    return false;
  try {
    parseCard(opening.card);
  } catch {
    return false;
  }
  let digest = leafHash(opening.position, opening.card, opening.salt);
  for (const step of opening.path) {
    if (!step || typeof step.hash !== 'string' || !HEX64.test(step.hash)) return false;
    digest = step.left ? nodeHash(step.hash, digest) : nodeHash(digest, step.hash);
  }
  return digest === root.toLowerCase();
}

/** True when the disclosed seed and the deck it shuffles hash to the committed root (the whole shuffle). */
export function verifyDealRoot(root: string, deck: readonly Card[], seed: string): boolean {
  return commitDeal(deck, seed).root === root.toLowerCase();
}
