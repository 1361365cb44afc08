/* eslint-disable naiko/no-short-names -- the state words a, b, c, d and the temporaries r, t follow the
   reference xoshiro128** (Blackman & Vigna, https://prng.di.unimi.it/xoshiro128starstar.c), so the code can be
   checked against it line by line. */
/**
 * Random sources for the engine. The engine never calls `Math.random`: every shuffle takes a
 * `RandomSource` from outside, so production can inject a CSPRNG (`cryptoRandom`, in its own file
 * because it is the only place that touches `node:crypto`'s entropy) and tests/replays a seeded one.
 */
export interface RandomSource {
  /** A uniformly distributed unsigned 32-bit integer (0 .. 2^32-1). */
  nextUint32(): number;
}

/**
 * Hashes a seed (string or number) to 128 bits with cyrb128-style mixing. Only used to expand a
 * human-chosen test seed into xoshiro state; it is not a cryptographic hash.
 */
function seedState(seed: string | number): Uint32Array {
  const text = typeof seed === 'number' ? `#${seed}` : seed;
  let h1 = 1779033703,
    h2 = 3144134277,
    h3 = 1013904242,
    h4 = 2773480762;
  for (let i = 0; i < text.length; i++) {
    const charCode = text.charCodeAt(i);
    h1 = h2 ^ Math.imul(h1 ^ charCode, 597399067);
    h2 = h3 ^ Math.imul(h2 ^ charCode, 2869860233);
    h3 = h4 ^ Math.imul(h3 ^ charCode, 951274213);
    h4 = h1 ^ Math.imul(h4 ^ charCode, 2716044179);
  }
  h1 = Math.imul(h3 ^ (h1 >>> 18), 597399067);
  h2 = Math.imul(h4 ^ (h2 >>> 22), 2869860233);
  h3 = Math.imul(h1 ^ (h3 >>> 17), 951274213);
  h4 = Math.imul(h2 ^ (h4 >>> 19), 2716044179);
  const state = new Uint32Array([(h1 ^ h2 ^ h3 ^ h4) >>> 0, (h2 ^ h1) >>> 0, (h3 ^ h1) >>> 0, (h4 ^ h1) >>> 0]);
  // xoshiro's all-zero state is a fixed point; the hash makes it astronomically unlikely, but be sure.
  if ((state[0] | state[1] | state[2] | state[3]) === 0) state[0] = 0x9e3779b9;
  return state;
}

/** xoshiro128** (Blackman & Vigna): small, fast, statistically strong; NOT unpredictable. */
class Xoshiro128 implements RandomSource {
  private a: number;
  private b: number;
  private c: number;
  private d: number;
  constructor(state: Uint32Array) {
    this.a = state[0] | 0;
    this.b = state[1] | 0;
    this.c = state[2] | 0;
    this.d = state[3] | 0;
  }
  nextUint32(): number {
    // b * 5 and rotl(b * 5, 7) * 9 modulo 2^32, by shifts (Math.imul is very slow inside Jest's sandbox).
    const b5 = ((this.b << 2) + this.b) | 0;
    const r = (b5 << 7) | (b5 >>> 25);
    const result = ((r << 3) + r) >>> 0;
    const t = this.b << 9;
    this.c ^= this.a;
    this.d ^= this.b;
    this.b ^= this.c;
    this.a ^= this.d;
    this.c ^= t;
    this.d = (this.d << 11) | (this.d >>> 21);
    return result;
  }
}

/**
 * A deterministic source for tests and replays: the same seed always yields the same sequence.
 * Predictable by design — never use it to deal real hands (use `cryptoRandom`, or the
 * commitment scheme's `seededShuffleFromSeed` with a secret CSPRNG seed).
 */
export function seededRandom(seed: string | number): RandomSource {
  return new Xoshiro128(seedState(seed));
}

/** Unbiased integer in 0..n-1 (n ≤ 2^32) by rejection sampling: values in the short last bucket are redrawn. */
export function randomInt(rng: RandomSource, bound: number): number {
  if (!Number.isInteger(bound) || bound < 1 || bound > 0x100000000)
    throw new RangeError(`randomInt: bad bound ${bound}`);
  if (bound === 1) return 0;
  // limit is the largest multiple of n not above 2^32; draws >= limit would favour small results.
  const limit = 0x100000000 - (0x100000000 % bound);
  for (;;) {
    const draw = rng.nextUint32();
    if (draw < limit) return draw % bound;
  }
}

/** Fisher–Yates (Durstenfeld) shuffle into a new array; every permutation is equally likely. */
export function shuffle<T>(items: readonly T[], rng: RandomSource): T[] {
  const out = items.slice();
  for (let i = out.length - 1; i > 0; i--) {
    const pick = randomInt(rng, i + 1);
    const tmp = out[i];
    out[i] = out[pick];
    out[pick] = tmp;
  }
  return out;
}
