import { initialSeating } from '@naiko/tournament';
import { flattenSeating, mttSeatDraw, mttSeatDrawCommitment, mttSeatDrawRandom, verifyMttSeatDraw } from './seat-draw';

describe('scheduled tournament seat draw, committed at creation (issue 19.1)', () => {
  const ids = Array.from({ length: 20 }, (_, i) => `user-${String(19 - i).padStart(2, '0')}`);

  test('the commitment is SHA-256 of "naiko-mtt-seats-v1|<seed>" (worked with sha256sum)', () => {
    // printf 'naiko-mtt-seats-v1|abc' | sha256sum
    expect(mttSeatDrawCommitment('abc')).toBe('54216f27d52d3209998d42e2cef95089d54f8304db00ac166d01b74a98c72593');
  });

  test('the draw is initialSeating of the sorted ids from hashRandom("mtt-seats:" + seed); registration order does not matter', () => {
    const seed = 'f00d'.repeat(16);
    const drawn = mttSeatDraw(ids, 9, seed);
    expect(drawn).toEqual(flattenSeating(initialSeating([...ids].sort(), 9, mttSeatDrawRandom(seed))));
    expect(mttSeatDraw([...ids].reverse(), 9, seed)).toEqual(drawn);
    // 20 players at 9-max: 3 tables of 7, 7 and 6, everyone once.
    expect([1, 2, 3].map((t) => drawn.filter((s) => s.table === t).length)).toEqual([7, 7, 6]);
    expect(new Set(drawn.map((s) => s.userId)).size).toBe(20);
    expect(mttSeatDraw(ids, 9, `${seed}0`)).not.toEqual(drawn);
  });

  test('the revealed seed verifies the seating; another seed, swapped seats or a changed table size do not', () => {
    const seed = 'beef'.repeat(16);
    const seating = mttSeatDraw(ids, 9, seed);
    const commitment = mttSeatDrawCommitment(seed);
    expect(verifyMttSeatDraw(commitment, seed, 9, seating)).toBe(true);
    expect(verifyMttSeatDraw(commitment.toUpperCase(), seed, 9, [...seating].reverse())).toBe(true);
    expect(verifyMttSeatDraw(commitment, `${seed}0`, 9, seating)).toBe(false);
    expect(verifyMttSeatDraw(mttSeatDrawCommitment(`${seed}0`), `${seed}0`, 9, seating)).toBe(false);
    const [first, second] = seating;
    const swapped = [{ ...first, userId: second.userId }, { ...second, userId: first.userId }, ...seating.slice(2)];
    expect(verifyMttSeatDraw(commitment, seed, 9, swapped)).toBe(false);
    expect(verifyMttSeatDraw(commitment, seed, 6, seating)).toBe(false);
    expect(verifyMttSeatDraw(commitment, seed, 9, [])).toBe(false);
  });
});
