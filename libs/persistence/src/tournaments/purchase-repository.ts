// What a tournament entry buys beyond its buy-in, behind named repositories (issue 24 item 4):
// rebuys and the add-on (rebuys.ts) and the bounties on the entries' heads (bounty-awards.ts), all on
// `mtt_entries` with the few `mtt_seats`, `mtt_tables` and `scheduled_tournaments` columns a
// purchase changes. The SQL is the platform modules' as it was, every FOR UPDATE where it was.
//
// A purchase is one transaction (`transaction(work)`): the tournament's shared advisory lock
// (MttRowsRepository.lockShared), the seat's table row, the tournament row and the entry row locked
// in that order, the ledger postings, the counters. The bounty statements (BountyRepository) run
// in the transaction of the hand or payout that pays them (`tx`): that repository holds no
// connection, one shared instance serves every caller.
import { inTransaction, type LedgerDb, type Tx } from '../ledger/ledger';

/** The tournament row as a purchase reads it (locked), with the live entry count. */
export interface PurchaseTournamentRow<Config = unknown> {
  status: string;
  config: Config;
  step_index: number;
  rebuys_bought: number;
  add_ons_bought: number;
  entries: number;
}

export interface BountyEntryRow {
  entry_id: number;
  user_id: string;
  status: string;
  head_increase: bigint;
  rebuys: number;
}

export class TournamentPurchaseRepository {
  constructor(private readonly db: LedgerDb) {}

  /** Runs `work` in one database transaction (retried on deadlock, as every ledger command). */
  transaction<T>(work: (tx: Tx) => Promise<T>): Promise<T> {
    return inTransaction(this.db, work);
  }

  // Rebuys and the add-on

  /** The status of the player's last entry (read without lock: it only routes the request). */
  async lastEntryStatus(id: number, userId: string): Promise<string | undefined> {
    const [last] = await this.db.$queryRaw<{ status: string }[]>`
      SELECT status FROM mtt_entries WHERE tournament_id = ${id} AND user_id = ${userId}::uuid
      ORDER BY entry_id DESC LIMIT 1`;
    return last?.status;
  }

  async seatTable(tx: Tx, id: number, userId: string): Promise<number | undefined> {
    const [seat] = await tx.$queryRaw<{ table_no: number }[]>`
        SELECT table_no FROM mtt_seats WHERE tournament_id = ${id} AND user_id = ${userId}::uuid`;
    return seat?.table_no;
  }

  /** The table's busy and closed flags, its row locked. */
  async lockTable(
    tx: Tx,
    id: number,
    tableNo: number,
  ): Promise<{ hand_in_progress: boolean; closed: boolean } | undefined> {
    const [table] = await tx.$queryRaw<{ hand_in_progress: boolean; closed: boolean }[]>`
        SELECT hand_in_progress, closed FROM mtt_tables
          WHERE tournament_id = ${id} AND table_no = ${tableNo} FOR UPDATE`;
    return table;
  }

  /** The tournament row locked, with its live entries (active or busted) counted. */
  async lockTournament<Config>(tx: Tx, id: number): Promise<PurchaseTournamentRow<Config> | undefined> {
    const [tournament] = await tx.$queryRaw<PurchaseTournamentRow<Config>[]>`
        SELECT status, config, step_index, rebuys_bought, add_ons_bought,
          (SELECT count(*)::int FROM mtt_entries
            WHERE tournament_id = ${id} AND status IN ('active', 'busted')) AS entries
        FROM scheduled_tournaments WHERE id = ${id} FOR UPDATE`;
    return tournament;
  }

  /** The player's active entry, its row locked. */
  async lockActiveEntry(
    tx: Tx,
    id: number,
    userId: string,
  ): Promise<{ entry_id: number; rebuys: number; add_on: boolean; head_increase: bigint } | undefined> {
    const [entry] = await tx.$queryRaw<{ entry_id: number; rebuys: number; add_on: boolean; head_increase: bigint }[]>`
        SELECT entry_id, rebuys, add_on, head_increase FROM mtt_entries
          WHERE tournament_id = ${id} AND user_id = ${userId}::uuid AND status = 'active' FOR UPDATE`;
    return entry;
  }

  async stackBalance(tx: Tx, key: string): Promise<bigint | undefined> {
    const [acct] = await tx.$queryRaw<{ balance: bigint }[]>`SELECT balance FROM chip_accounts WHERE key = ${key}`;
    return acct?.balance;
  }

  /**
   * A purchase recorded: the entry's counts and head, the tournament's counters, the seat's stored
   * stack (it follows the book) and the table's version bumped (the table mirrors it between hands).
   */
  async recordPurchase(
    tx: Tx,
    id: number,
    purchase: {
      entryId: number;
      rebuys: number;
      addOn: boolean;
      headIncrease: number;
      counts: { rebuys: number; addOns: number };
      userId: string;
      stack: number;
      tableNo: number;
    },
  ): Promise<void> {
    const { rebuys, addOn, headIncrease, counts, userId } = purchase;
    await tx.$executeRaw`
        UPDATE mtt_entries SET rebuys = ${rebuys}, add_on = ${addOn}, head_increase = ${headIncrease}
          WHERE tournament_id = ${id} AND entry_id = ${purchase.entryId}`;
    await tx.$executeRaw`
        UPDATE scheduled_tournaments SET rebuys_bought = ${counts.rebuys}, add_ons_bought = ${counts.addOns}
          WHERE id = ${id}`;
    await tx.$executeRaw`
        UPDATE mtt_seats SET stack = ${purchase.stack}
          WHERE tournament_id = ${id} AND user_id = ${userId}::uuid`;
    await tx.$executeRaw`
        UPDATE mtt_tables SET version = version + 1 WHERE tournament_id = ${id} AND table_no = ${purchase.tableNo}`;
  }
}

/** The bounties on the entries' heads (every method in the caller's transaction). */
export class BountyRepository {
  /** Every entry of these players (their last one decides), by entry id. */
  entriesOf(tx: Tx, id: number, userIds: string[]): Promise<BountyEntryRow[]> {
    return tx.$queryRaw<BountyEntryRow[]>`
    SELECT entry_id, user_id::text AS user_id, status, head_increase, rebuys FROM mtt_entries
    WHERE tournament_id = ${id} AND user_id = ANY(${userIds}::uuid[]) ORDER BY entry_id`;
  }

  /** Heads grown and bounties won, one row per entry (one statement). */
  async addBounties(tx: Tx, id: number, entryIds: number[], heads: string[], cash: string[]): Promise<void> {
    await tx.$executeRaw`
        UPDATE mtt_entries m SET head_increase = m.head_increase + x.h, bounties_won = m.bounties_won + x.c
        FROM unnest(${entryIds}::int[], ${heads}::bigint[], ${cash}::bigint[]) AS x(e, h, c)
        WHERE m.tournament_id = ${id} AND m.entry_id = x.e`;
  }

  activeHeads(tx: Tx, id: number): Promise<{ entry_id: number; user_id: string; head_increase: bigint }[]> {
    return tx.$queryRaw<{ entry_id: number; user_id: string; head_increase: bigint }[]>`
    SELECT entry_id, user_id::text AS user_id, head_increase FROM mtt_entries
      WHERE tournament_id = ${id} AND status = 'active' ORDER BY entry_id`;
  }

  async addBountyWon(tx: Tx, id: number, entryId: number, head: number): Promise<void> {
    await tx.$executeRaw`UPDATE mtt_entries SET bounties_won = bounties_won + ${head}
        WHERE tournament_id = ${id} AND entry_id = ${entryId}`;
  }
}

/** The bounty repository holds no connection: one is enough. */
export const bountyRepository = new BountyRepository();
