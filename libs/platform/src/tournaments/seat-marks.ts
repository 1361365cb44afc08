// Issue 25: a player moved to another table (balancing, a table broken) keeps his sitting-out mark
// and what is left of his time bank. Both live in the table host's state (libs/table seats), and a
// move is a leave at one table and a join at another, which would sit him in with a full bank.
//
// The runner holds every table of a tournament in one process, so it carries the marks itself:
// when a table lets a player go (`capture`, before the seat is mirrored away) his marks are kept,
// and at his new table's next deal (`applyArrivals`, inside that host's command queue, before the
// deal) they are put back. If the new table deals before the old one let him go, the old table's
// seat is read directly (`marksElsewhere`). A restart loses the marks, as it loses every table's state.
import { setTimeBank, sitOut, type TableState } from '@naiko/table';
import type { TableHost } from '../tables/table-host';

export interface SeatMark {
  sittingOut: boolean;
  timeBankMs: number;
}

export class SeatMarks {
  private readonly carried = new Map<string, SeatMark>();

  /** Marks of the players seated at `table` who are not among `keep` (they leave it now). */
  capture(table: TableState, keep: ReadonlySet<string>): void {
    for (const seat of table.seats) {
      // A busted player (no chips) carries nothing: a rebuy or re-entry seats him afresh.
      if (!seat || keep.has(seat.playerId) || seat.stack <= 0) continue;
      this.carried.set(seat.playerId, { sittingOut: seat.sittingOut, timeBankMs: seat.timeBankMs });
    }
  }

  /** Whether marks wait to be put back on this player (he arrived, his new table has not dealt yet). */
  has(userId: string): boolean {
    return this.carried.has(userId);
  }

  /** The marks a player has at another table still seating him, if any. */
  static marksElsewhere(userId: string, host: TableHost, hosts: Iterable<TableHost>): SeatMark | undefined {
    for (const other of hosts) {
      if (other === host) continue;
      const seat = other.table.seats.find((s) => s?.playerId === userId);
      if (seat) return { sittingOut: seat.sittingOut, timeBankMs: seat.timeBankMs };
    }
    return undefined;
  }

  /**
   * Puts the carried marks back on the players now seated at `host` who arrived from another table
   * (`arrived`). Runs inside the host's command queue, between hands.
   */
  async applyArrivals(host: TableHost, arrived: readonly string[], hosts: Iterable<TableHost>): Promise<void> {
    for (const userId of arrived) {
      const mark = this.carried.get(userId) ?? SeatMarks.marksElsewhere(userId, host, hosts);
      this.carried.delete(userId);
      const seat = host.table.seats.find((s) => s?.playerId === userId);
      if (!mark || !seat) continue;
      if (mark.sittingOut && !seat.sittingOut) await host.commit(sitOut(host.table, userId));
      if (mark.timeBankMs !== seat.timeBankMs) await host.commit(setTimeBank(host.table, userId, mark.timeBankMs));
    }
  }
}
