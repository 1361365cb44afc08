// The Sit & Go (and Spin) seat draw, commit-then-open like the deal and the Spin multiplier (issue 19.1):
//   1. When an instance opens, before anyone registers, the server draws a secret seed with the CSPRNG
//      and publishes `seatDrawCommitment(seed)` = SHA-256 hex of "naiko-seats-v1|<seed>".
//   2. At the start the seats are `seatDrawFromSeed(userIds, seed)`: the registered user ids sorted
//      (a canonical order that does not depend on who registered first), then Fisher–Yates with
//      `hashRandom("seats:" + seed)`; seat k goes to the k-th id of the shuffled list; the first button is
//      then `randomInt(stream, n)` from the same stream.
//   3. When the instance is finished the seed is revealed; `verifySeatDraw` redoes 1 and 2.
// The seed is fixed before anyone registers, so the server cannot steer who sits where after seeing the
// entrants, and the seed is unguessable from the commitment.
import { createHash } from 'node:crypto';
import { hashRandom, randomInt, shuffle } from '@naiko/engine';

export function seatDrawCommitment(seed: string): string {
  return createHash('sha256').update(`naiko-seats-v1|${seed}`, 'utf8').digest('hex');
}

export function seatDrawFromSeed(
  userIds: readonly string[],
  seed: string,
): { seating: { seat: number; userId: string }[]; button: number } {
  if (!userIds.length) throw new RangeError('a seat draw needs players');
  const rng = hashRandom(`seats:${seed}`);
  const seating = shuffle([...userIds].sort(), rng).map((userId, seat) => ({ seat, userId }));
  return { seating, button: seating[randomInt(rng, seating.length)].seat };
}

/**
 * True when the revealed seed matches the commitment and yields exactly this seating (and first button, when given).
 */
export function verifySeatDraw(
  commitment: string,
  seed: string,
  seating: readonly { seat: number; userId: string }[],
  button?: number,
): boolean {
  if (seatDrawCommitment(seed) !== commitment.toLowerCase() || !seating.length) return false;
  const redrawn = seatDrawFromSeed(
    seating.map((s) => s.userId),
    seed,
  );
  const bySeat = new Map(seating.map((s) => [s.seat, s.userId]));
  return (
    redrawn.seating.length === seating.length &&
    redrawn.seating.every((s) => bySeat.get(s.seat) === s.userId) &&
    (button === undefined || redrawn.button === button)
  );
}
