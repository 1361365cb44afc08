// The id under which a tournament table is reachable by the tables gateway (`table:watch`,
// `table:act`, ...) and the web client (`#/table/<id>`). Table events take UUIDs; a tournament
// numbers its tables 1, 2, ... — so the id is a name-based UUID of (tournament, table number):
// the same after a restart, so a client reconnects to the same id.
import { createHash } from 'node:crypto';

/** The tournament's id in the ledger and the hand store: its chips' book and its entries (`mtt-<id>`). */
export const mttTournamentId = (id: number): string => `mtt-${id}`;

export function mttTableId(tournamentId: number, tableNo: number): string {
  const digest = createHash('sha256').update(`naiko:mtt:${tournamentId}:table:${tableNo}`).digest('hex');
  // RFC 9562 layout: version 5 (name-based) and the RFC variant bits.
  const variant = ((parseInt(digest[16], 16) & 0x3) | 0x8).toString(16);
  return `${digest.slice(0, 8)}-${digest.slice(8, 12)}-5${digest.slice(13, 16)}-${variant}${digest.slice(17, 20)}-${digest.slice(20, 32)}`;
}
