import fc from 'fast-check';
import { cryptoRandom, newShuffleSeed } from './crypto-random';
import { type RandomSource, randomInt, seededRandom, shuffle } from './random-source';

const scripted = (values: number[]): RandomSource => {
  let next = 0;
  return { nextUint32: () => values[next++] };
};

describe('seeded random source', () => {
  it('is deterministic per seed and differs between seeds; numbers and strings are distinct seeds', () => {
    const draw = (seed: string | number) => {
      const source = seededRandom(seed);
      return Array.from({ length: 8 }, () => source.nextUint32());
    };
    expect(draw('hand-1')).toEqual(draw('hand-1'));
    expect(draw('hand-1')).not.toEqual(draw('hand-2'));
    expect(draw(7)).not.toEqual(draw('7'));
    for (const value of draw('range')) expect(Number.isInteger(value) && value >= 0 && value < 2 ** 32).toBe(true);
  });

  it('is roughly uniform: each of 16 buckets of the top bits gets 1/16 of 160,000 draws (±5%)', () => {
    const source = seededRandom('uniform');
    const buckets = new Array(16).fill(0);
    for (let i = 0; i < 160000; i++) buckets[source.nextUint32() >>> 28]++;
    for (const bucket of buckets) expect(Math.abs(bucket - 10000)).toBeLessThan(500);
  });
});

describe('randomInt (rejection sampling)', () => {
  it('redraws values from the incomplete last bucket instead of folding them (no modulo bias)', () => {
    // 2^32 mod 3 = 1, so 2^32 - 1 is the one value that must be rejected for n = 3.
    expect(randomInt(scripted([0xffffffff, 5]), 3)).toBe(2);
    expect(randomInt(scripted([0xfffffffe]), 3)).toBe(0xfffffffe % 3);
    // n = 2^31 + 1: 2^32 mod n = 2^31 - 1, so the limit is 2^31 + 1 and 0x80000001 itself is redrawn.
    expect(randomInt(scripted([0x80000001, 0x80000000]), 0x80000001)).toBe(0x80000000);
  });

  it('covers 0..n-1 and rejects bad bounds', () => {
    fc.assert(
      fc.property(fc.integer({ min: 1, max: 1000 }), fc.integer(), (bound, seed) => {
        const drawn = randomInt(seededRandom(seed), bound);
        expect(drawn >= 0 && drawn < bound && Number.isInteger(drawn)).toBe(true);
      }),
      { seed: 41 },
    );
    expect(randomInt(scripted([]), 1)).toBe(0);
    expect(() => randomInt(seededRandom(1), 0)).toThrow(RangeError);
    expect(() => randomInt(seededRandom(1), 2.5)).toThrow(RangeError);
  });
});

describe('Fisher–Yates shuffle', () => {
  it('returns a new permutation and leaves the input alone', () => {
    const input = Array.from({ length: 52 }, (_, i) => i);
    const out = shuffle(input, seededRandom('perm'));
    expect(out).not.toBe(input);
    expect([...out].sort((a, b) => a - b)).toEqual(input);
    expect(input).toEqual(Array.from({ length: 52 }, (_, i) => i));
    expect(shuffle(input, seededRandom('perm'))).toEqual(out);
  });

  it('all 6 orders of 3 items are equally likely (60,000 shuffles, each within ±4%)', () => {
    const source = seededRandom('fy');
    const counts = new Map<string, number>();
    for (let i = 0; i < 60000; i++) {
      const key = shuffle(['a', 'b', 'c'], source).join('');
      counts.set(key, (counts.get(key) ?? 0) + 1);
    }
    expect(counts.size).toBe(6);
    for (const seen of counts.values()) expect(Math.abs(seen - 10000)).toBeLessThan(400);
  });

  it('every card reaches every position: position of the ace of spades is uniform over 52 (52,000 shuffles)', () => {
    const source = seededRandom('positions');
    const deck = Array.from({ length: 52 }, (_, i) => i);
    const at = new Array(52).fill(0);
    for (let i = 0; i < 52000; i++) at[shuffle(deck, source).indexOf(51)]++;
    for (const seen of at) expect(Math.abs(seen - 1000)).toBeLessThan(150);
  });
});

describe('crypto random source', () => {
  it('yields 32-bit unsigned integers that are not all equal, across its refill boundary', () => {
    const source = cryptoRandom();
    const xs = Array.from({ length: 600 }, () => source.nextUint32());
    for (const value of xs) expect(Number.isInteger(value) && value >= 0 && value < 2 ** 32).toBe(true);
    expect(new Set(xs).size).toBeGreaterThan(590);
  });

  it('new shuffle seeds are 64 hex digits and never repeat', () => {
    const first = newShuffleSeed(),
      second = newShuffleSeed();
    expect(first).toMatch(/^[0-9a-f]{64}$/);
    expect(first).not.toBe(second);
  });
});
