// PrismaTournamentRepository: the `TournamentRepository` port (tournament-repository.ts, where
// each method's locks and transaction are described) on Prisma and plain SQL. It inherits the
// statements of a hand at one table (its begin, its finish, busts far from the end) from
// TournamentHandStatements (tournament-hand-statements.ts), so that neither file grows past what
// one can read at once and no method has to be written again only to hand it on; the SQL is the
// same as before the split.
import { inTransaction, retried, type LedgerDb, type Tx } from '../ledger/ledger';
import { MTT_LOCK_CLASS } from './mtt-rows-repository';
import type { TournamentRepository } from './tournament-repository';
import { TournamentHandStatements } from './tournament-hand-statements';
import type {
  MttSeatRow,
  NamedTournamentEntry,
  NewScheduledTournament,
  ScheduledTournamentRow,
  StoredTournamentHand,
  TournamentEntryData,
  TournamentEntryStatus,
  TournamentSettingsChange,
} from './tournament-rows';

export class PrismaTournamentRepository extends TournamentHandStatements implements TournamentRepository {
  constructor(
    db: LedgerDb,
    /** The client of `wideTransaction` (PrismaService.lane; `db` when not given). */
    private readonly lane: LedgerDb = db,
  ) {
    super(db);
  }

  transaction<T>(work: (tx: Tx) => Promise<T>): Promise<T> {
    return inTransaction(this.db, work);
  }

  wideTransaction<T>(work: (tx: Tx) => Promise<T>): Promise<T> {
    return inTransaction(this.lane, work);
  }

  snapshot<T>(work: (tx: Tx) => Promise<T>): Promise<T> {
    return this.db.$transaction(
      (tx) => work(tx as unknown as Tx),
      // A read-only snapshot; under load it may wait for a pooled connection longer than Prisma's defaults.
      { isolationLevel: 'RepeatableRead', maxWait: 30_000, timeout: 60_000 },
    );
  }

  async row(id: number, tx: Tx = this.db): Promise<ScheduledTournamentRow | undefined> {
    const rows = await tx.$queryRaw<ScheduledTournamentRow[]>`SELECT * FROM scheduled_tournaments WHERE id = ${id}`;
    return rows[0];
  }

  async insert(row: NewScheduledTournament): Promise<ScheduledTournamentRow> {
    const [inserted] = await this.db.$queryRaw<ScheduledTournamentRow[]>`
      INSERT INTO scheduled_tournaments
        (name, config, starts_at, registration_opens_at, state, seat_seed, seat_commitment, host_id,
         spin_seed, spin_commitment, template_id, instance_number)
      VALUES (${row.name}, ${JSON.stringify(row.config)}::jsonb, ${row.startsAt}, ${row.registrationOpensAt}, ${JSON.stringify(row.state)}::jsonb,
              ${row.seatSeed}, ${row.seatCommitment}, ${row.hostId}::uuid, ${row.spinSeed}, ${row.spinCommitment},
              ${row.template?.templateId ?? null}, ${row.template?.instanceNumber ?? null})
      ON CONFLICT (template_id, instance_number) DO NOTHING
      RETURNING *`;
    return inserted;
  }

  async registeringInstance(templateId: string): Promise<number | null> {
    const rows = await this.db.$queryRaw<{ id: number }[]>`
      SELECT id FROM scheduled_tournaments WHERE template_id = ${templateId} AND status = 'registering'
      ORDER BY instance_number LIMIT 1`;
    return rows[0]?.id ?? null;
  }

  async lastInstanceNumber(templateId: string): Promise<number> {
    const rows = await this.db.$queryRaw<{ n: number | null }[]>`
      SELECT max(instance_number) AS n FROM scheduled_tournaments WHERE template_id = ${templateId}`;
    return rows[0]?.n ?? 0;
  }

  async saveSettings(tx: Tx, id: number, change: TournamentSettingsChange): Promise<void> {
    await tx.$executeRaw`
        UPDATE scheduled_tournaments SET name = ${change.name}, config = ${JSON.stringify(change.config)}::jsonb, starts_at = ${change.startsAt},
          registration_opens_at = ${change.registrationOpensAt}, state = ${JSON.stringify(change.state)}::jsonb, version = version + 1
        WHERE id = ${id}`;
  }

  all(): Promise<ScheduledTournamentRow[]> {
    return this.db.$queryRaw<
      ScheduledTournamentRow[]
    >`SELECT * FROM scheduled_tournaments WHERE template_id IS NULL ORDER BY starts_at, id`;
  }

  unfinished(): Promise<ScheduledTournamentRow[]> {
    return this.db.$queryRaw<
      ScheduledTournamentRow[]
    >`SELECT * FROM scheduled_tournaments WHERE status IN ('scheduled', 'registering', 'starting', 'running', 'paying') ORDER BY id`;
  }

  async runningIds(): Promise<number[]> {
    const rows = await this.db.$queryRaw<
      { id: number }[]
    >`SELECT id FROM scheduled_tournaments WHERE status = 'running' ORDER BY id`;
    return rows.map((row) => row.id);
  }

  async idByNameAndStart(name: string, startsAt: Date): Promise<number | null> {
    const existing = await this.db.$queryRaw<{ id: number }[]>`
      SELECT id FROM scheduled_tournaments WHERE name = ${name} AND starts_at = ${startsAt} LIMIT 1`;
    return existing[0]?.id ?? null;
  }

  async registrationGate(id: number): Promise<{ status: string; closed: boolean } | undefined> {
    const [quick] = await this.db.$queryRaw<{ status: string; closed: boolean }[]>`
      SELECT status, (state->'standings') IS NOT NULL AND state->'standings' <> 'null'::jsonb AS closed FROM scheduled_tournaments WHERE id = ${id}`;
    return quick;
  }

  async handsDealt(tx: Tx, id: number): Promise<number> {
    const [{ dealt }] = await tx.$queryRaw<{ dealt: number }[]>`
          SELECT COALESCE(SUM(hands_dealt), 0)::int AS dealt FROM mtt_tables WHERE tournament_id = ${id}`;
    return dealt;
  }

  async stampFinished(tx: Tx, id: number): Promise<void> {
    await tx.$executeRaw`UPDATE scheduled_tournaments SET finished_at = now() WHERE id = ${id}`;
  }

  async recordStart(tx: Tx, id: number, seatDraw: string): Promise<void> {
    await tx.$executeRaw`UPDATE scheduled_tournaments SET seat_draw = ${seatDraw}::jsonb WHERE id = ${id}`;
    await tx.$executeRaw`UPDATE scheduled_tournaments SET started_at = now(), step_index = 0, step_started_at = now() WHERE id = ${id}`;
  }

  async accountBalance(tx: Tx, accountKey: string): Promise<bigint | null> {
    const account = await tx.chipAccount.findUnique({ where: { key: accountKey } });
    return account?.balance ?? null;
  }

  async recordSpinMultiplier(tx: Tx, id: number, multiplier: number): Promise<void> {
    await tx.$executeRaw`UPDATE scheduled_tournaments SET spin_multiplier = ${multiplier} WHERE id = ${id}`;
  }

  async setStep(tx: Tx, id: number, stepIndex: number): Promise<void> {
    await tx.$executeRaw`UPDATE scheduled_tournaments SET step_index = ${stepIndex}, step_started_at = now() WHERE id = ${id}`;
  }

  async moveStep(id: number, stepIndex: number): Promise<Date | null> {
    return retried(async () => {
      // The join with the CTE takes the shared lock before the row is updated.
      const moved = await this.db.$queryRaw<{ step_started_at: Date }[]>`
          WITH shared AS (SELECT pg_advisory_xact_lock_shared(${MTT_LOCK_CLASS}::int, ${id}::int))
          UPDATE scheduled_tournaments st SET step_index = ${stepIndex}, step_started_at = now()
          FROM shared
          WHERE st.id = ${id} AND st.status = 'running' AND st.step_index = ${stepIndex - 1}
          RETURNING st.step_started_at`;
      return moved[0]?.step_started_at ?? null;
    });
  }

  async markPaidOut(tx: Tx, id: number): Promise<void> {
    await tx.$executeRaw`UPDATE scheduled_tournaments SET status = 'finished', finished_at = now(), version = version + 1 WHERE id = ${id}`;
  }

  seatRows(id: number, tables: number[], tx: Tx = this.db): Promise<MttSeatRow[]> {
    return tx.$queryRaw<MttSeatRow[]>`
      SELECT table_no, seat, user_id::text AS user_id, dealt_in, waits_for_button, stack FROM mtt_seats
      WHERE tournament_id = ${id} AND table_no = ANY(${tables}::int[])`;
  }

  async openTableNos(id: number): Promise<number[]> {
    const tables = await this.db.$queryRaw<
      { table_no: number }[]
    >`SELECT table_no FROM mtt_tables WHERE tournament_id = ${id} AND NOT closed ORDER BY table_no`;
    return tables.map((table) => table.table_no);
  }

  async busyTableNos(id: number): Promise<number[]> {
    const tables = await this.db.$queryRaw<{ table_no: number }[]>`
      SELECT table_no FROM mtt_tables WHERE tournament_id = ${id} AND hand_in_progress AND NOT closed ORDER BY table_no`;
    return tables.map((table) => table.table_no);
  }

  openSeats(id: number): Promise<{ table_no: number; version: number; seat: number | null; user_id: string | null }[]> {
    return this.db.$queryRaw<{ table_no: number; version: number; seat: number | null; user_id: string | null }[]>`
          SELECT t.table_no, t.version, s.seat, s.user_id::text AS user_id
          FROM mtt_tables t LEFT JOIN mtt_seats s ON s.tournament_id = t.tournament_id AND s.table_no = t.table_no
          WHERE t.tournament_id = ${id} AND NOT t.closed`;
  }

  async tableHandState(
    id: number,
    tableId: number,
  ): Promise<{ hand_in_progress: boolean; hand_begun: number | null; closed: boolean } | undefined> {
    const [table] = await this.db.$queryRaw<
      { hand_in_progress: boolean; hand_begun: number | null; closed: boolean }[]
    >`
      SELECT hand_in_progress, hand_begun, closed FROM mtt_tables WHERE tournament_id = ${id} AND table_no = ${tableId}`;
    return table;
  }

  async clearHandsInProgress(tx: Tx, id: number): Promise<void> {
    await tx.$executeRaw`UPDATE mtt_tables SET hand_in_progress = false, version = version + 1 WHERE tournament_id = ${id} AND hand_in_progress`;
  }

  async clearTableHand(tx: Tx, id: number, tableId: number): Promise<void> {
    await tx.$executeRaw`
        UPDATE mtt_tables SET hand_in_progress = false, version = version + 1 WHERE tournament_id = ${id} AND table_no = ${tableId} AND hand_in_progress`;
  }

  async lockEntryPurchases(tx: Tx, id: number, entryId: number): Promise<{ rebuys: number; add_on: boolean }> {
    const [row] = await tx.$queryRaw<{ rebuys: number; add_on: boolean }[]>`
        SELECT rebuys, add_on FROM mtt_entries WHERE tournament_id = ${id} AND entry_id = ${entryId} FOR UPDATE`;
    return row;
  }

  async countRebuy(tx: Tx, id: number, entryId: number): Promise<{ rebuys_bought: number; add_ons_bought: number }> {
    await tx.$executeRaw`
        UPDATE mtt_entries SET rebuys = rebuys + 1, head_increase = 0
          WHERE tournament_id = ${id} AND entry_id = ${entryId}`;
    const [counts] = await tx.$queryRaw<{ rebuys_bought: number; add_ons_bought: number }[]>`
        UPDATE scheduled_tournaments SET rebuys_bought = rebuys_bought + 1 WHERE id = ${id}
        RETURNING rebuys_bought, add_ons_bought`;
    return counts;
  }

  async upsertEntry(tx: Tx, book: string, userId: string, data: TournamentEntryData): Promise<void> {
    await tx.tournamentEntry.upsert({
      where: { tournamentId_userId: { tournamentId: book, userId } },
      create: { tournamentId: book, userId, ...data },
      update: data,
    });
  }

  async updateEntry(
    tx: Tx,
    book: string,
    userId: string,
    data: { status: TournamentEntryStatus; place?: number; prize?: bigint },
  ): Promise<void> {
    await tx.tournamentEntry.update({ where: { tournamentId_userId: { tournamentId: book, userId } }, data });
  }

  async setEntriesStatus(
    tx: Tx,
    book: string,
    status: TournamentEntryStatus,
    where: { userIds?: string | string[]; fromStatus?: TournamentEntryStatus } = {},
  ): Promise<void> {
    const users = where.userIds;
    await tx.tournamentEntry.updateMany({
      where: {
        tournamentId: book,
        ...(users === undefined ? {} : { userId: typeof users === 'string' ? users : { in: users } }),
        ...(where.fromStatus === undefined ? {} : { status: where.fromStatus }),
      },
      data: { status },
    });
  }

  entriesWithNames(book: string): Promise<NamedTournamentEntry[]> {
    return this.db.tournamentEntry.findMany({
      where: { tournamentId: book },
      include: { user: { select: { username: true } } },
    });
  }

  async stacks(
    book: string,
    opts: { positiveOnly?: boolean; userIds?: string[] } = {},
    tx: Tx = this.db,
  ): Promise<{ userId: string; balance: bigint }[]> {
    const accounts = await tx.chipAccount.findMany({
      where: {
        tournamentId: book,
        kind: 'tournament_stack',
        ...(opts.positiveOnly ? { balance: { gt: 0n } } : {}),
        ...(opts.userIds ? { userId: { in: opts.userIds } } : {}),
      },
    });
    return accounts.map((account) => ({ userId: account.userId!, balance: account.balance }));
  }

  runningHands(book: string): Promise<{ id: string; players: unknown }[]> {
    return this.db.hand.findMany({
      where: { tournamentId: book, status: 'running' },
      select: { id: true, players: true },
    });
  }

  handNumbered(book: string, handNumber: number): Promise<StoredTournamentHand | null> {
    return this.db.hand.findFirst({
      where: { tournamentId: book, handNumber },
      orderBy: { startedAt: 'desc' },
    });
  }
}
