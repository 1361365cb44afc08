// What a tournament's ending writes of its results and reads of its chips, behind a named repository
// (issue 24 item 4): the book's `tournament_entries` (prizes, places, busts) and the tournament
// stack and pool accounts, as a final-table deal (final-table-deal.ts), a cancellation after the
// start (cancel-after-start.ts) and a satellite's payout (satellites.ts) use them; with the few
// statements of a satellite (its target's config, the savepoint around a seat's registration).
// The SQL is those modules' as it was. Every method runs in the caller's transaction (the payout's,
// the deal's, the cancellation's: the tournament's exclusive advisory lock is held), so this
// repository holds no connection of its own.
import type { TournamentEntryStatus } from '../generated/prisma/client';
import type { Tx } from '../ledger/ledger';

export class TournamentPrizeRepository {
  /** The tournament stacks of these players (book `mtt-<id>`). */
  async stacks(tx: Tx, book: string, userIds: string[]): Promise<{ userId: string; balance: bigint }[]> {
    const accounts = await tx.chipAccount.findMany({
      where: { tournamentId: book, kind: 'tournament_stack', userId: { in: userIds } },
    });
    return accounts.map((a) => ({ userId: a.userId!, balance: a.balance }));
  }

  /** An account's balance by key (undefined: no such account yet). */
  async balance(tx: Tx, key: string): Promise<bigint | undefined> {
    const [acc] = await tx.$queryRaw<{ balance: bigint }[]>`SELECT balance FROM chip_accounts WHERE key = ${key}`;
    return acc?.balance;
  }

  /** The seated players' tournament stacks (0 for none), by table and seat. */
  seatedStacks(tx: Tx, id: number, book: string): Promise<{ user_id: string; balance: bigint }[]> {
    return tx.$queryRaw<{ user_id: string; balance: bigint }[]>`
    SELECT s.user_id::text AS user_id, COALESCE(a.balance, 0) AS balance FROM mtt_seats s
    LEFT JOIN chip_accounts a ON a.key = 'tstack:' || ${book} || ':' || s.user_id::text
    WHERE s.tournament_id = ${id} ORDER BY s.table_no, s.seat`;
  }

  async prizeOf(tx: Tx, book: string, userId: string): Promise<bigint | undefined> {
    const before = await tx.tournamentEntry.findUnique({
      where: { tournamentId_userId: { tournamentId: book, userId } },
    });
    return before?.prize;
  }

  /** A player's result: prize, and place and status when given. */
  async setResult(
    tx: Tx,
    book: string,
    userId: string,
    data: { prize: bigint; place?: number; status?: TournamentEntryStatus },
  ): Promise<void> {
    await tx.tournamentEntry.update({
      where: { tournamentId_userId: { tournamentId: book, userId } },
      data,
    });
  }

  async markBusted(tx: Tx, book: string, userIds: string[]): Promise<void> {
    await tx.tournamentEntry.updateMany({
      where: { tournamentId: book, userId: { in: userIds } },
      data: { status: 'busted' },
    });
  }

  /** A tournament's settings (a satellite's target), read in the caller's transaction or without one. */
  async config<Config>(db: Pick<Tx, '$queryRaw'>, id: number): Promise<Config | undefined> {
    const [target] = await db.$queryRaw<{ config: Config }[]>`
    SELECT config FROM scheduled_tournaments WHERE id = ${id}`;
    return target?.config;
  }

  /**
   * `work` behind a savepoint: its statements roll back alone when it throws (rethrown), the rest of
   * the transaction stays (a satellite seat's registration refused).
   */
  async savepoint<T>(tx: Tx, work: () => Promise<T>): Promise<T> {
    await tx.$executeRawUnsafe('SAVEPOINT satellite_seat');
    try {
      const out = await work();
      await tx.$executeRawUnsafe('RELEASE SAVEPOINT satellite_seat');
      return out;
    } catch (err) {
      await tx.$executeRawUnsafe('ROLLBACK TO SAVEPOINT satellite_seat');
      throw err;
    }
  }
}

/** The prize repository holds no connection: one is enough. */
export const tournamentPrizeRepository = new TournamentPrizeRepository();
