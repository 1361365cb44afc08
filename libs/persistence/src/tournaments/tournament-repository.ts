// The scheduled tournament rows behind one named repository (issue 24 item 4): `scheduled_tournaments`
// (one row per tournament: its settings and the small tournament-wide state), the statements
// TournamentsService runs on `mtt_tables`, `mtt_seats` and `mtt_entries` (a hand's begin and finish
// at one table, busts far from the end, a rebuy), what it writes of `tournament_entries` (book
// `mtt-<id>`) and what it reads of the tournament stacks and hands. The whole state's load and save
// (mtt-rows.ts) and the issue-25 modules still take the transaction handle themselves.
//
// Transactions stay where the service composes them: `transaction(work)` runs `work` in one
// database transaction (retried on deadlock, as every ledger command); the service takes the
// tournament's advisory lock first (shared for a hand at one table, exclusive for a
// tournament-wide change), and the methods taking a `tx` write inside it, next to the ledger
// postings of the same change. `snapshot(work)` is the repeatable-read read of the whole state.
// Four hand steps take the shared advisory lock themselves, in the SQL function they call
// (migrations mtt_hand_functions and mtt_bust_function: `lockTableForBegin`, `lockTableClosed`,
// `quietFinish`, `bustFinish`), so a hand holds its locks over fewer round trips; the lock order is
// the same as before. `quietFinish` and `bustFinish` are whole transactions of one statement each
// (no `tx`): their locks are held for that statement only.
//
// This module is the port. The row and result types are in tournament-rows.ts, the Prisma
// implementation in prisma-tournament-repository.ts, which inherits the statements of a hand at one
// table from tournament-hand-statements.ts.
import type { TournamentEntryStatus } from '../generated/prisma/client';
import type { Tx } from '../ledger/ledger';
import type { FenceToken } from '../hands/fast-path';
import type {
  BeginHand,
  BeginHandOutcome,
  BeginHandRead,
  BustCounterRow,
  BustFinish,
  BustFinishOutcome,
  BustsAtTable,
  MttSeatRow,
  NamedTournamentEntry,
  NewScheduledTournament,
  QuietFinishOutcome,
  ScheduledTournamentRow,
  StoredTournamentHand,
  TableForBegin,
  TableHandRow,
  TimedOutcome,
  TournamentEntryData,
  TournamentSettingsChange,
} from './tournament-rows';

/**
 * The scheduled tournament rows the platform depends on (also the Nest token; `PrismaTournamentRepository`
 * implements it).
 */
export abstract class TournamentRepository {
  /** Runs `work` in one database transaction (retried on deadlock or a lost idempotency race). */
  abstract transaction<T>(work: (tx: Tx) => Promise<T>): Promise<T>;
  /**
   * `transaction`, on the lane's connections (PrismaService.lane): for the tournament-wide runs
   * every table waits for, so they do not queue for a connection behind the hands' writes.
   */
  abstract wideTransaction<T>(work: (tx: Tx) => Promise<T>): Promise<T>;
  /** Runs `work` in one repeatable-read transaction (a consistent snapshot; waits up to 30 s for a connection). */
  abstract snapshot<T>(work: (tx: Tx) => Promise<T>): Promise<T>;

  // Tournament rows
  abstract row(id: number, tx?: Tx): Promise<ScheduledTournamentRow | undefined>;
  /** Undefined when the template's instance of that number exists already (another copy opened it). */
  abstract insert(row: NewScheduledTournament): Promise<ScheduledTournamentRow | undefined>;
  /** The Sit & Go template's instance taking registrations (the lowest number), if any. */
  abstract registeringInstance(templateId: string): Promise<number | null>;
  /** The highest instance number of the template (0 before its first). */
  abstract lastInstanceNumber(templateId: string): Promise<number>;
  /** An edit before the start; the version is bumped. */
  abstract saveSettings(tx: Tx, id: number, change: TournamentSettingsChange): Promise<void>;
  /** Every tournament by start time then id, but Sit & Go and Spin instances (their lobby is the template's). */
  abstract all(): Promise<ScheduledTournamentRow[]>;
  /** Tournaments a restarted process must pick up (scheduled, registering, running, paying), by id. */
  abstract unfinished(): Promise<ScheduledTournamentRow[]>;
  abstract runningIds(): Promise<number[]>;
  /** The tournament of that name starting at that time (a recurring slot), null if none. */
  abstract idByNameAndStart(name: string, startsAt: Date): Promise<number | null>;
  /** The status, and whether late registration is closed for good (the standings exist); read without lock. */
  abstract registrationGate(id: number): Promise<{ status: string; closed: boolean } | undefined>;
  /** Every hand dealt at the tournament's tables (a cancelled one included). */
  abstract handsDealt(tx: Tx, id: number): Promise<number>;
  abstract stampFinished(tx: Tx, id: number): Promise<void>;
  /** The start: the seat draw (JSON text), then the start time and step 0 from now. */
  abstract recordStart(tx: Tx, id: number, seatDraw: string): Promise<void>;
  /** One ledger account's balance (null: the account does not exist yet), e.g. the house spin pool. */
  abstract accountBalance(tx: Tx, accountKey: string): Promise<bigint | null>;
  /** A Spin's start: the multiplier drawn from its committed seed. */
  abstract recordSpinMultiplier(tx: Tx, id: number, multiplier: number): Promise<void>;
  abstract setStep(tx: Tx, id: number, stepIndex: number): Promise<void>;
  /**
   * A level step that only moves the clock, in ONE statement on its own: the tournament's advisory
   * lock in shared mode (hands go on; a tournament-wide run of any copy is waited for), then the
   * step set if the tournament runs and is at the step before: the step's start time (now). Null:
   * nothing written.
   */
  abstract moveStep(id: number, stepIndex: number): Promise<Date | null>;
  /** The payout done: finished, its time, the version bumped. */
  abstract markPaidOut(tx: Tx, id: number): Promise<void>;

  // Tables and seats
  /**
   * A hand's begin, in one statement: the tournament's advisory lock in shared mode, table
   * `tableId`'s row locked (FOR UPDATE OF the table), the tournament row's part and the table's
   * seats with their tournament stack balances (book `book`); undefined when the table does not exist.
   */
  abstract lockTableForBegin(tx: Tx, id: number, tableId: number, book: string): Promise<BeginHandRead | undefined>;
  /**
   * What a begin reads, WITHOUT locks, in one statement: lockTableForBegin's answer and the table's
   * version, for `beginHand` to commit; undefined when the table does not exist.
   */
  abstract tableForBegin(id: number, tableId: number, book: string): Promise<TableForBegin | undefined>;
  /**
   * A begin decided from `tableForBegin`'s read, in ONE statement on its own (naiko_mtt_begin_hand:
   * its locks held for that statement only): the shared advisory lock, the table's row lock, the
   * fencing token when given, then, if nothing the deal depends on changed since the read, what
   * markHandBegun writes. 'general': nothing written (the locked begin decides).
   */
  abstract beginHand(id: number, begin: BeginHand): Promise<TimedOutcome<BeginHandOutcome>>;
  abstract lockTableForFinish(tx: Tx, id: number, tableId: number): Promise<TableHandRow | undefined>;
  /**
   * The tournament's advisory lock in shared mode, then whether table `tableId` is closed, its row
   * locked (one statement); undefined when it does not exist.
   */
  abstract lockTableClosed(tx: Tx, id: number, tableId: number): Promise<{ closed: boolean } | undefined>;
  /** The seats dealt in, the button and blind positions, a new hand number: the hand begun (one statement). */
  abstract markHandBegun(
    tx: Tx,
    id: number,
    tableId: number,
    hand: { dealt: string[]; button: number; smallBlind: number; bigBlind: number },
  ): Promise<{ n: number; version: number }>;
  /** A hand without bust: the table idle again, its hand counted, the stacks at its seats (one statement). */
  abstract recordQuietFinish(tx: Tx, id: number, tableId: number, stacks: ReadonlyMap<string, number>): Promise<void>;
  /**
   * A hand without bust in ONE statement (naiko_mtt_quiet_finish), run on its own (its own
   * transaction, the locks held for it only): the shared advisory lock, the
   * table's row lock, the fencing token when given, then what recordQuietFinish writes, when
   * nothing tournament-wide waits on the hand ('ok'; 'replan' when the planner holds a move for a
   * hand to end: the caller runs it). Any other answer: nothing written; 'exclusive': no
   * such table or something waits (the exclusive path records it); 'general': a stale token (the
   * general path raises the typed error).
   */
  abstract quietFinish(
    id: number,
    tableId: number,
    stacks: ReadonlyMap<string, number>,
    fence: FenceToken | null,
  ): Promise<TimedOutcome<QuietFinishOutcome>>;
  /** The tournament row locked as the counter of players left, with the busted players' live entries. */
  abstract lockBustCounter(tx: Tx, id: number, userIds: string[]): Promise<BustCounterRow | undefined>;
  /** Busts far from the end: entries placed, seats left, stacks, the table idle, the small state (one statement). */
  abstract recordBustsAtTable(tx: Tx, id: number, busts: BustsAtTable): Promise<void>;
  /**
   * Busts far from the end in ONE statement (naiko_mtt_bust_finish), run on its own so the
   * tournament row (the counter) is locked for that statement only: the shared advisory lock, the
   * table's row, the fencing token when given, the checks of recordBustsAtTable's caller on an
   * unlocked read, the table's own writes, and only then the counter row (migration
   * mtt_bust_counter_last): the checks again, the places, the count. Says whether the seating planner
   * must run ('replan') or the tables are still balanced ('ok'). 'exclusive' and 'general': nothing
   * written (see the migrations).
   */
  abstract bustFinish(id: number, busts: BustFinish): Promise<TimedOutcome<BustFinishOutcome>>;
  abstract seatRows(id: number, tables: number[], tx?: Tx): Promise<MttSeatRow[]>;
  abstract openTableNos(id: number): Promise<number[]>;
  /** The open tables marked as in a hand. */
  abstract busyTableNos(id: number): Promise<number[]>;
  /** The open tables with their versions and seats (one statement: a consistent picture). */
  abstract openSeats(
    id: number,
  ): Promise<{ table_no: number; version: number; seat: number | null; user_id: string | null }[]>;
  abstract tableHandState(
    id: number,
    tableId: number,
  ): Promise<{ hand_in_progress: boolean; hand_begun: number | null; closed: boolean } | undefined>;
  /** No table of the tournament is busy any more. */
  abstract clearHandsInProgress(tx: Tx, id: number): Promise<void>;
  abstract clearTableHand(tx: Tx, id: number, tableId: number): Promise<void>;

  // Entries (`mtt_entries` and the book's `tournament_entries`)
  /** The entry's rebuys and add-on, its row locked. */
  abstract lockEntryPurchases(tx: Tx, id: number, entryId: number): Promise<{ rebuys: number; add_on: boolean }>;
  /** A rebuy after a bust: one more rebuy with a new head, counted on the tournament row. */
  abstract countRebuy(tx: Tx, id: number, entryId: number): Promise<{ rebuys_bought: number; add_ons_bought: number }>;
  abstract upsertEntry(tx: Tx, book: string, userId: string, data: TournamentEntryData): Promise<void>;
  abstract updateEntry(
    tx: Tx,
    book: string,
    userId: string,
    data: { status: TournamentEntryStatus; place?: number; prize?: bigint },
  ): Promise<void>;
  /** Entries of one player (a string) or of several (an array), optionally only those in `fromStatus`. */
  abstract setEntriesStatus(
    tx: Tx,
    book: string,
    status: TournamentEntryStatus,
    where?: { userIds?: string | string[]; fromStatus?: TournamentEntryStatus },
  ): Promise<void>;
  abstract entriesWithNames(book: string): Promise<NamedTournamentEntry[]>;

  // Chips and hands
  /** Tournament stack accounts (`positiveOnly`: with chips left), optionally of some players only. */
  abstract stacks(
    book: string,
    opts?: { positiveOnly?: boolean; userIds?: string[] },
    tx?: Tx,
  ): Promise<{ userId: string; balance: bigint }[]>;
  abstract runningHands(book: string): Promise<{ id: string; players: unknown }[]>;
  /** The latest hand numbered `handNumber` in the book. */
  abstract handNumbered(book: string, handNumber: number): Promise<StoredTournamentHand | null>;
}
