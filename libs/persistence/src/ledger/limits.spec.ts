import fc from 'fast-check';
import { canonicalJson } from './canonical';
import { InvalidAmountError, InvalidInputError } from './errors';
import { chipAmount, idempotencyKey, MAX_CHIP_AMOUNT, ref, userId } from './limits';

describe('chip amounts', () => {
  it('accepts whole positive chips up to 10^12', () => {
    expect(chipAmount(1)).toBe(1);
    expect(chipAmount(MAX_CHIP_AMOUNT)).toBe(1_000_000_000_000);
    expect(chipAmount(5n)).toBe(5);
  });

  it.each([
    ['negative', -1],
    ['zero', 0],
    ['fractional', 2.5],
    ['NaN', Number.NaN],
    ['infinite', Number.POSITIVE_INFINITY],
    ['over the limit', MAX_CHIP_AMOUNT + 1],
    ['a string', '10'],
    ['null', null],
    ['a negative bigint', -3n],
  ])('refuses %s with InvalidAmount', (_name, value) => {
    expect(() => chipAmount(value)).toThrow(InvalidAmountError);
  });

  it('every integer in range is accepted unchanged, everything else refused (property)', () => {
    fc.assert(
      fc.property(fc.oneof(fc.integer({ min: -1e13, max: 1e13 }), fc.double()), (value) => {
        const valid = Number.isInteger(value) && value > 0 && value <= MAX_CHIP_AMOUNT;
        if (valid) expect(chipAmount(value)).toBe(value);
        else expect(() => chipAmount(value)).toThrow(InvalidAmountError);
      }),
      { seed: 11, numRuns: 500 },
    );
  });
});

describe('references and keys', () => {
  it('user ids are UUIDs (normalised to lower case)', () => {
    expect(userId('7D1C1B8E-0000-4000-8000-000000000001')).toBe('7d1c1b8e-0000-4000-8000-000000000001');
    expect(() => userId('alice')).toThrow(InvalidInputError);
  });

  it('table/tournament ids: 1–64 printable characters', () => {
    expect(ref('cash-42.a:b_c', 'tableId')).toBe('cash-42.a:b_c');
    expect(() => ref('', 'tableId')).toThrow(InvalidInputError);
    expect(() => ref('x'.repeat(65), 'tableId')).toThrow(/at most 64/);
    expect(() => ref('a b', 'tableId')).toThrow(InvalidInputError);
  });

  it('idempotency keys: 1–200 characters, no control characters', () => {
    expect(idempotencyKey('buy:1')).toBe('buy:1');
    expect(() => idempotencyKey('k'.repeat(201))).toThrow(InvalidInputError);
    expect(() => idempotencyKey('a\nb')).toThrow(InvalidInputError);
    expect(() => idempotencyKey(42)).toThrow(InvalidInputError);
  });
});

describe('canonicalJson', () => {
  it('ignores key order at every level (jsonb reorders keys)', () => {
    expect(canonicalJson({ b: 1, a: { d: [1, { z: 1, y: 2 }], c: 2 } })).toBe(
      canonicalJson({ a: { c: 2, d: [1, { y: 2, z: 1 }] }, b: 1 }),
    );
    expect(canonicalJson({ a: 1 })).not.toBe(canonicalJson({ a: 2 }));
  });
});
