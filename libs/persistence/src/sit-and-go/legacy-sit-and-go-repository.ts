// The Sit & Go instances of before issue 21 item 2 (`sit_and_gos`, book `sng-<id>`), which their own
// service ran. Today's instances are scheduled tournaments; this repository serves only the upgrade's
// settlement of the instances the old service left unfinished (../../platform legacy-sit-and-gos.ts):
// their rows, entries, stacks and running hands.
import type { LedgerDb, Tx } from '../ledger/ledger';

/** An old instance's row, as the settlement reads it. */
export interface LegacySitAndGoRow {
  id: number;
  status: string;
  /** The template as it was when the instance opened (buy-in, fee, prize table or Spin table). */
  template: unknown;
  prize_pool: bigint;
  multiplier: number | null;
  /** Finish groups, best place first ({ bestPlace, players }). */
  standings: unknown;
}

export interface LegacyEntry {
  userId: string;
  status: string;
  place: number | null;
}

/** The statuses of an instance the old service had not finished. */
const UNFINISHED = ['registering', 'starting', 'running', 'paying'];

export class LegacySitAndGoRepository {
  constructor(private readonly db: LedgerDb) {}

  transaction<T>(work: (tx: Tx) => Promise<T>): Promise<T> {
    return this.db.$transaction((tx) => work(tx as unknown as Tx), { maxWait: 30_000, timeout: 60_000 });
  }

  async unfinished(): Promise<number[]> {
    const rows = await this.db.$queryRaw<{ id: number }[]>`
      SELECT id FROM sit_and_gos WHERE status::text = ANY(${UNFINISHED}) ORDER BY id`;
    return rows.map((row) => row.id);
  }

  /** The row locked until the transaction ends, if it is still unfinished (another copy may have settled it). */
  async lockUnfinished(tx: Tx, id: number): Promise<LegacySitAndGoRow | undefined> {
    const rows = await tx.$queryRaw<LegacySitAndGoRow[]>`
      SELECT id, status::text AS status, template, prize_pool, multiplier, standings
      FROM sit_and_gos WHERE id = ${id} AND status::text = ANY(${UNFINISHED}) FOR UPDATE`;
    return rows[0];
  }

  async runningHandIds(book: string): Promise<string[]> {
    const rows = await this.db.$queryRaw<{ id: string }[]>`
      SELECT id FROM hands WHERE tournament_id = ${book} AND status = 'running' ORDER BY started_at`;
    return rows.map((row) => row.id);
  }

  async entries(tx: Tx, book: string): Promise<LegacyEntry[]> {
    return tx.$queryRaw<LegacyEntry[]>`
      SELECT user_id AS "userId", status::text AS status, place FROM tournament_entries
      WHERE tournament_id = ${book} ORDER BY user_id`;
  }

  /** Each player's tournament chips in the book (`tstack:<book>:<userId>`). */
  async stacks(tx: Tx, book: string): Promise<Map<string, number>> {
    const rows = await tx.$queryRaw<{ user_id: string; balance: bigint }[]>`
      SELECT user_id, balance FROM chip_accounts WHERE kind = 'tournament_stack' AND tournament_id = ${book}`;
    return new Map(rows.map((row) => [row.user_id, Number(row.balance)]));
  }

  async balance(tx: Tx, key: string): Promise<number> {
    const rows = await tx.$queryRaw<{ balance: bigint }[]>`SELECT balance FROM chip_accounts WHERE key = ${key}`;
    return Number(rows[0]?.balance ?? 0n);
  }

  async setEntry(
    tx: Tx,
    book: string,
    userId: string,
    result: { status: 'refunded' | 'finished'; place?: number | null; prize?: bigint },
  ): Promise<void> {
    await tx.$executeRaw`
      UPDATE tournament_entries SET status = ${result.status}::"TournamentEntryStatus",
        place = COALESCE(${result.place ?? null}::int, place), prize = COALESCE(${result.prize ?? null}::bigint, prize)
      WHERE tournament_id = ${book} AND user_id = ${userId}::uuid`;
  }

  async markCancelled(tx: Tx, id: number): Promise<void> {
    await tx.$executeRaw`UPDATE sit_and_gos SET status = 'cancelled', finished_at = now() WHERE id = ${id}`;
  }
}
