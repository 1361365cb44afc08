// The statements of a hand at one table of a scheduled tournament: its begin (locked and
// unlocked reads, the one-statement begin), its finish without bust and busts far from the end,
// most of them calls of the SQL functions of migrations mtt_hand_functions and mtt_bust_function.
// PrismaTournamentRepository (prisma-tournament-repository.ts) extends this class: these methods of
// the `TournamentRepository` port were moved here unchanged (same SQL, same locks, same retries) so
// that the repository file stays short; what each one locks and writes is described on the port
// (tournament-repository.ts). Not exported from the package: only the repository uses it.
import { Prisma } from '../generated/prisma/client';
import { retried, type LedgerDb, type Tx } from '../ledger/ledger';
import type { FenceToken } from '../hands/fast-path';
import { MTT_LOCK_CLASS } from './mtt-rows-repository';
import type {
  BeginHand,
  BeginHandOutcome,
  BeginHandRead,
  BeginHandRow,
  BustCounterRow,
  BustFinish,
  BustFinishOutcome,
  BustsAtTable,
  MttSeatWithBalance,
  QuietFinishOutcome,
  TableForBegin,
  TableHandRow,
  TimedOutcome,
} from './tournament-rows';

/**
 * The statement's time so far, from its arrival (the latest command message from the client) to
 * now: in the select list over a subquery the step's function runs in (OFFSET 0 keeps it a
 * subquery, run first).
 */
const DATABASE_MS = Prisma.sql`(extract(epoch FROM clock_timestamp() - statement_timestamp()) * 1000)::float8 AS "databaseMs"`;

/** naiko_mtt_lock_table_for_begin's answer: the seats' bigints as text. */
type BeginHandJson = BeginHandRow & {
  seats: (Omit<MttSeatWithBalance, 'stack' | 'balance'> & { stack: string | null; balance: string | null })[];
};

/** The hand steps' statements of PrismaTournamentRepository (its base class), on its client. */
export class TournamentHandStatements {
  constructor(protected readonly db: LedgerDb) {}

  async lockTableForBegin(tx: Tx, id: number, tableId: number, book: string): Promise<BeginHandRead | undefined> {
    const [{ read }] = await tx.$queryRaw<{ read: BeginHandJson | null }[]>`
          SELECT naiko_mtt_lock_table_for_begin(${MTT_LOCK_CLASS}::int, ${id}::int, ${tableId}::int, ${book}) AS read`;
    return read ? { ...read, seats: seatsOfJson(read.seats) } : undefined;
  }

  async tableForBegin(id: number, tableId: number, book: string): Promise<TableForBegin | undefined> {
    const [{ read }] = await this.db.$queryRaw<{ read: (BeginHandJson & { version: number }) | null }[]>`
          SELECT naiko_mtt_table_for_begin(${id}::int, ${tableId}::int, ${book}) AS read`;
    return read ? { ...read, seats: seatsOfJson(read.seats) } : undefined;
  }

  beginHand(id: number, begin: BeginHand): Promise<TimedOutcome<BeginHandOutcome>> {
    const { book, tableId, read, dealt, button, smallBlind, bigBlind, balances, fence } = begin;
    // On its own (autocommit): the statement is the transaction, its locks held for it only.
    return retried(async () => {
      const [answer] = await this.db.$queryRaw<TimedOutcome<BeginHandOutcome>[]>`
          SELECT outcome, ${DATABASE_MS} FROM (
            SELECT naiko_mtt_begin_hand(${MTT_LOCK_CLASS}::int, ${id}::int, ${tableId}::int, ${book},
              ${read.version}::int, ${read.button}::int, ${read.stepIndex}::int, ${JSON.stringify(read.handForHand ?? null)}::jsonb,
              ${dealt}::uuid[], ${button}::int, ${smallBlind}::int, ${bigBlind}::int,
              ${balances.map(([u]) => u)}::uuid[], ${balances.map(([, b]) => (b === null ? null : String(b)))}::bigint[],
              ${fence?.tableId ?? null}, ${fence ? BigInt(fence.token) : null}::bigint, ${fence?.owner ?? null}) AS outcome
            OFFSET 0) answered`;
      return answer;
    });
  }

  async lockTableForFinish(tx: Tx, id: number, tableId: number): Promise<TableHandRow | undefined> {
    const [row] = await tx.$queryRaw<TableHandRow[]>`
            SELECT st.status, st.state, st.step_index, st.config
            FROM mtt_tables t JOIN scheduled_tournaments st ON st.id = t.tournament_id
            WHERE t.tournament_id = ${id} AND t.table_no = ${tableId} FOR UPDATE OF t`;
    return row;
  }

  async lockTableClosed(tx: Tx, id: number, tableId: number): Promise<{ closed: boolean } | undefined> {
    const [{ closed }] = await tx.$queryRaw<{ closed: boolean | null }[]>`
          SELECT naiko_mtt_lock_table_closed(${MTT_LOCK_CLASS}::int, ${id}::int, ${tableId}::int) AS closed`;
    return closed === null ? undefined : { closed };
  }

  async markHandBegun(
    tx: Tx,
    id: number,
    tableId: number,
    hand: { dealt: string[]; button: number; smallBlind: number; bigBlind: number },
  ): Promise<{ n: number; version: number }> {
    const [begun] = await tx.$queryRaw<{ n: number; version: number }[]>`
          WITH seats AS (
            UPDATE mtt_seats SET dealt_in = true, waits_for_button = waits_for_button AND NOT (user_id = ANY(${hand.dealt}::uuid[]))
            WHERE tournament_id = ${id} AND table_no = ${tableId}
          )
          UPDATE mtt_tables SET hand_in_progress = true, button = ${hand.button}, small_blind = ${hand.smallBlind},
            big_blind = ${hand.bigBlind}, hand_begun = nextval('mtt_hand_numbers'), hands_dealt = hands_dealt + 1, version = version + 1
          WHERE tournament_id = ${id} AND table_no = ${tableId} RETURNING hand_begun AS n, version`;
    return begun;
  }

  async recordQuietFinish(tx: Tx, id: number, tableId: number, stacks: ReadonlyMap<string, number>): Promise<void> {
    await tx.$executeRaw`
            WITH seats AS (
              UPDATE mtt_seats m SET stack = x.k FROM unnest(${[...stacks.keys()]}::uuid[], ${[...stacks.values()].map(String)}::bigint[]) AS x(u, k)
              WHERE m.tournament_id = ${id} AND m.table_no = ${tableId} AND m.user_id = x.u
            )
            UPDATE mtt_tables SET hand_in_progress = false, hands_played = hands_played + 1, version = version + 1
            WHERE tournament_id = ${id} AND table_no = ${tableId}`;
  }

  quietFinish(
    id: number,
    tableId: number,
    stacks: ReadonlyMap<string, number>,
    fence: FenceToken | null,
  ): Promise<TimedOutcome<QuietFinishOutcome>> {
    // On its own (autocommit): the statement is the transaction, its locks held for it only.
    return retried(async () => {
      const [answer] = await this.db.$queryRaw<TimedOutcome<QuietFinishOutcome>[]>`
          SELECT outcome, ${DATABASE_MS} FROM (
            SELECT naiko_mtt_quiet_finish(${MTT_LOCK_CLASS}::int, ${id}::int, ${tableId}::int,
              ${[...stacks.keys()]}::uuid[], ${[...stacks.values()].map(String)}::bigint[],
              ${fence?.tableId ?? null}, ${fence ? BigInt(fence.token) : null}::bigint, ${fence?.owner ?? null}) AS outcome
            OFFSET 0) answered`;
      return answer;
    });
  }

  async lockBustCounter(tx: Tx, id: number, userIds: string[]): Promise<BustCounterRow | undefined> {
    const [row] = await tx.$queryRaw<BustCounterRow[]>`
          SELECT st.status, st.state, st.config, st.step_index,
            (SELECT json_agg(json_build_object('entry_id', entry_id, 'user_id', user_id)) FROM mtt_entries
              WHERE tournament_id = ${id} AND status = 'active' AND user_id = ANY(${userIds}::uuid[])) AS entries,
            (SELECT count(*)::int FROM mtt_entries WHERE tournament_id = ${id} AND status IN ('active', 'busted')) AS entrants
          FROM scheduled_tournaments st WHERE st.id = ${id} FOR UPDATE OF st`;
    return row;
  }

  bustFinish(id: number, busts: BustFinish): Promise<TimedOutcome<BustFinishOutcome>> {
    const { book, tableId, busted, kept, minLeft, tableSize, fence } = busts;
    // A single statement is its own transaction; a deadlock or serialization failure is retried
    // like every transaction's.
    return retried(async () => {
      const [answer] = await this.db.$queryRaw<TimedOutcome<BustFinishOutcome>[]>`
          SELECT outcome, ${DATABASE_MS} FROM (
            SELECT naiko_mtt_bust_finish(${MTT_LOCK_CLASS}::int, ${id}::int, ${tableId}::int, ${book},
              ${busted.map((b) => b.userId)}::uuid[], ${busted.map((b) => b.offset)}::int[], ${busted.map((b) => b.rank)}::int[],
              ${kept.map(([u]) => u)}::uuid[], ${kept.map(([, k]) => String(k))}::bigint[],
              ${minLeft}::int, ${tableSize}::int,
              ${fence?.tableId ?? null}, ${fence ? BigInt(fence.token) : null}::bigint, ${fence?.owner ?? null}) AS outcome
            OFFSET 0) answered`;
      return answer;
    });
  }

  async recordBustsAtTable(tx: Tx, id: number, busts: BustsAtTable): Promise<void> {
    const { book, tableId, placed, busted: ids, kept: keep, small } = busts;
    await tx.$executeRaw`
          WITH e AS (
            UPDATE mtt_entries m SET status = 'busted', place_best = x.best, place_rank = x.rank
            FROM unnest(${placed.map((x) => x.entryId)}::int[], ${placed.map((x) => x.best)}::int[], ${placed.map((x) => x.rank)}::int[]) AS x(entry_id, best, rank)
            WHERE m.tournament_id = ${id} AND m.entry_id = x.entry_id
            RETURNING 1
          ), te AS (
            UPDATE tournament_entries SET status = 'busted' WHERE tournament_id = ${book} AND user_id = ANY(${ids}::uuid[]) RETURNING 1
          ), gone AS (
            DELETE FROM mtt_seats WHERE tournament_id = ${id} AND table_no = ${tableId} AND user_id = ANY(${ids}::uuid[]) RETURNING 1
          ), kept AS (
            UPDATE mtt_seats m SET stack = x.k FROM unnest(${keep.map(([u]) => u)}::uuid[], ${keep.map(([, k]) => String(k))}::bigint[]) AS x(u, k)
            WHERE m.tournament_id = ${id} AND m.table_no = ${tableId} AND m.user_id = x.u
            RETURNING 1
          ), tb AS (
            UPDATE mtt_tables SET hand_in_progress = false, hands_played = hands_played + 1, version = version + 1
            WHERE tournament_id = ${id} AND table_no = ${tableId} RETURNING 1
          )
          UPDATE scheduled_tournaments SET state = ${small}::jsonb, version = version + 1 WHERE id = ${id}`;
  }
}

/** The seats of a begin's read: bigints travel as text in the JSON (a stack is a bigint column). */
function seatsOfJson(seats: BeginHandJson['seats']): MttSeatWithBalance[] {
  return seats.map((seat) => ({
    ...seat,
    stack: seat.stack === null ? null : BigInt(seat.stack),
    balance: seat.balance === null ? null : BigInt(seat.balance),
  }));
}
