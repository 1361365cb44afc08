import { createHash } from 'node:crypto';
import { hashRandom, randomInt, shuffle } from '@naiko/engine';
import { seatDrawCommitment, seatDrawFromSeed, verifySeatDraw } from './seat-draw';

describe('Sit & Go seat draw, committed before registration (issue 19.1)', () => {
  const ids = ['c-user', 'a-user', 'd-user', 'b-user'];
  const seed = 'f00d'.repeat(16);

  test('the commitment is SHA-256 of "naiko-seats-v1|<seed>"', () => {
    expect(seatDrawCommitment(seed)).toBe(createHash('sha256').update(`naiko-seats-v1|${seed}`).digest('hex'));
  });

  test('the draw is the sorted ids shuffled by hashRandom("seats:" + seed), then the button from the same stream; registration order does not matter', () => {
    const rng = hashRandom(`seats:${seed}`);
    const order = shuffle(['a-user', 'b-user', 'c-user', 'd-user'], rng);
    const button = randomInt(rng, 4);
    const drawn = seatDrawFromSeed(ids, seed);
    expect(drawn).toEqual({ seating: order.map((userId, seat) => ({ seat, userId })), button });
    expect(seatDrawFromSeed([...ids].reverse(), seed)).toEqual(drawn);
  });

  test('the revealed seed verifies the seating and button; another seed, swapped seats or another button do not', () => {
    const { seating, button } = seatDrawFromSeed(ids, seed);
    const commitment = seatDrawCommitment(seed);
    expect(verifySeatDraw(commitment, seed, seating, button)).toBe(true);
    expect(verifySeatDraw(commitment.toUpperCase(), seed, seating)).toBe(true);
    expect(verifySeatDraw(commitment, `${seed}0`, seating, button)).toBe(false);
    const swapped = seating.map((s) => ({ ...s, seat: s.seat === 0 ? 1 : s.seat === 1 ? 0 : s.seat }));
    expect(verifySeatDraw(commitment, seed, swapped, button)).toBe(false);
    expect(verifySeatDraw(commitment, seed, seating, (button + 1) % 4)).toBe(false);
  });
});
