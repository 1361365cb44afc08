// The scheduled tournament's seat draw, commit-then-open like the deal, the Spin multiplier and the
// Sit & Go seat draw (issue 19.1):
//   1. When the tournament is created, before anyone registers, the server draws a secret seed with
//      the CSPRNG and publishes `mttSeatDrawCommitment(seed)` = SHA-256 hex of "naiko-mtt-seats-v1|<seed>".
//   2. At the start every live entry is seated by `mttSeatDraw(playerIds, tableSize, seed)`: the user
//      ids sorted (a canonical order that does not depend on who registered first), then
//      libs/tournament's `initialSeating` driven by `hashRandom("mtt-seats:" + seed)`.
//   3. When the tournament has ended (finished or cancelled) the seed and the start's seating are
//      published in its view; `verifyMttSeatDraw` redoes 1 and 2.
// The seed is fixed before anyone registers, so the server cannot steer who sits where (or with whom)
// after seeing the entrants, and the commitment tells nothing about the seed. Later moves (balancing,
// breaking, late entries) follow the TDA rules with the platform's own randomness; only the draw at
// the start is the published one.
import { createHash } from 'node:crypto';
import { hashRandom } from '@naiko/engine';
import { initialSeating } from '@naiko/tournament';

/** One seat of the start's seating: table number (from 1), seat index (from 0) and who sits there. */
export interface MttDrawnSeat {
  table: number;
  seat: number;
  userId: string;
}

export function mttSeatDrawCommitment(seed: string): string {
  return createHash('sha256').update(`naiko-mtt-seats-v1|${seed}`, 'utf8').digest('hex');
}

/** libs/tournament's initial seating of these players (in sorted order) from the seed's random stream. */
export function mttSeatDrawRandom(seed: string) {
  return hashRandom(`mtt-seats:${seed}`);
}

/** The seating the seed gives these players at tables of `tableSize`, as a flat list sorted by table and seat. */
export function mttSeatDraw(playerIds: readonly string[], tableSize: number, seed: string): MttDrawnSeat[] {
  const tables = initialSeating([...playerIds].sort(), tableSize, mttSeatDrawRandom(seed));
  return flattenSeating(tables);
}

/** A seating snapshot's occupied seats as a flat list sorted by table and seat. */
export function flattenSeating(
  tables: readonly { tableId: number; seats: readonly ({ playerId: string } | null)[] }[],
): MttDrawnSeat[] {
  const out: MttDrawnSeat[] = [];
  for (const tableSnapshot of tables)
    tableSnapshot.seats.forEach((p, seat) => p && out.push({ table: tableSnapshot.tableId, seat, userId: p.playerId }));
  return out.sort((a, b) => a.table - b.table || a.seat - b.seat);
}

/** True when the revealed seed matches the commitment and yields exactly this seating of these players. */
export function verifyMttSeatDraw(
  commitment: string,
  seed: string,
  tableSize: number,
  seating: readonly MttDrawnSeat[],
): boolean {
  if (mttSeatDrawCommitment(seed) !== commitment.toLowerCase() || !seating.length) return false;
  const redrawn = mttSeatDraw(
    seating.map((s) => s.userId),
    tableSize,
    seed,
  );
  const key = (s: MttDrawnSeat) => `${s.table}/${s.seat}/${s.userId}`;
  const given = new Set(seating.map(key));
  return redrawn.length === seating.length && redrawn.every((s) => given.has(key(s)));
}
