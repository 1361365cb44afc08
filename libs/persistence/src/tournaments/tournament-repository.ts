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
import { Prisma, type TournamentEntryStatus } from '../generated/prisma/client';
import { inTransaction, retried, type LedgerDb, type Tx } from '../ledger/ledger';
import type { FenceToken } from '../hands/fast-path';
import { MTT_LOCK_CLASS } from './mtt-rows-repository';

export type { TournamentEntryStatus };

/** A `scheduled_tournaments` row as stored (column names as in the table; config and state are the platform's). */
export interface ScheduledTournamentRow {
  id: number;
  name: string;
  status: string;
  config: unknown;
  starts_at: Date;
  registration_opens_at: Date;
  state: unknown;
  step_index: number;
  step_started_at: Date | null;
  hands_played: number;
  version: number;
  seat_seed: string | null;
  seat_commitment: string | null;
  seat_draw: unknown;
}

export interface NewScheduledTournament {
  name: string;
  /** The settings, stored as JSON. */
  config: unknown;
  startsAt: Date;
  registrationOpensAt: Date;
  /** The small tournament-wide state, stored as JSON. */
  state: unknown;
  seatSeed: string;
  seatCommitment: string;
  /** A host's private tournament; null for the admin's. */
  hostId: string | null;
}

/** An edit before the start (settings and the state carrying them). */
export interface TournamentSettingsChange {
  name: string;
  config: unknown;
  startsAt: Date;
  registrationOpensAt: Date;
  state: unknown;
}

/** A seat as stored in `mtt_seats`. */
export interface MttSeatRow {
  table_no: number;
  seat: number;
  user_id: string;
  dealt_in: boolean;
  waits_for_button: boolean;
  stack: bigint | null;
}

/** A seat with its player's tournament stack account balance (a hand's begin). */
export interface MttSeatWithBalance extends MttSeatRow {
  balance: bigint | null;
}

/** The tournament row's part a hand at one table reads, with that table's row. */
export interface TableHandRow {
  status: string;
  state: unknown;
  step_index: number;
  config: unknown;
}

export interface BeginHandRow extends TableHandRow {
  paused_reason: string | null;
  button: number | null;
  hand_in_progress: boolean;
  closed: boolean;
}

/** naiko_mtt_quiet_finish's answer (TournamentRepository.quietFinish). */
export type QuietFinishOutcome = 'ok' | 'replan' | 'not-running' | 'exclusive' | 'general';

/** naiko_mtt_bust_finish's answer (TournamentRepository.bustFinish). */
export type BustFinishOutcome = 'ok' | 'replan' | 'exclusive' | 'general';

/**
 * A one-statement step's answer with its time in the database, from the statement's arrival to its
 * end (its lock waits included; not the wait for a pooled connection before it, nor the commit).
 */
export interface TimedOutcome<T> {
  outcome: T;
  databaseMs: number;
}

/**
 * The statement's time so far, from its arrival (the latest command message from the client) to
 * now: in the select list over a subquery the step's function runs in (OFFSET 0 keeps it a
 * subquery, run first).
 */
const DATABASE_MS = Prisma.sql`(extract(epoch FROM clock_timestamp() - statement_timestamp()) * 1000)::float8 AS "databaseMs"`;

/** Busts far from the end as `bustFinish` records them: places relative to the counter of players left. */
export interface BustFinish {
  book: string;
  tableId: number;
  /**
   * The busted players, each with his place's offset from the first place of the hand's busts and
   * his rank inside a shared place.
   */
  busted: { userId: string; offset: number; rank: number }[];
  /** Stacks of the players left at the table. */
  kept: [string, number][];
  /** The exclusive path takes the hand when this many players or fewer would be left. */
  minLeft: number;
  tableSize: number;
  fence: FenceToken | null;
}

/** What a hand's begin reads under its locks (lockTableForBegin). */
export interface BeginHandRead extends BeginHandRow {
  seats: MttSeatWithBalance[];
}

/** naiko_mtt_lock_table_for_begin's answer: the seats' bigints as text. */
type BeginHandJson = BeginHandRow & {
  seats: (Omit<MttSeatWithBalance, 'stack' | 'balance'> & { stack: string | null; balance: string | null })[];
};

/** What a begin reads without locks (tableForBegin): the locked read's answer and the table's version. */
export interface TableForBegin extends BeginHandRead {
  version: number;
}

/** A begin decided from an unlocked read, committed by `beginHand` if nothing it depends on changed. */
export interface BeginHand {
  book: string;
  tableId: number;
  /** The read's table version, button, blind step and hand-for-hand round (the state's handForHand; null: off). */
  read: { version: number; button: number | null; stepIndex: number; handForHand: unknown };
  /** The players dealt in and the hand's button. */
  dealt: string[];
  button: number;
  /** Each seated player's tournament stack balance as read (null: no account). */
  balances: [string, bigint | null][];
  fence: FenceToken | null;
}

/** naiko_mtt_begin_hand's answer: the hand begun, or 'general' (nothing written: the locked begin decides). */
export type BeginHandOutcome = { outcome: 'ok'; n: number; version: number } | { outcome: 'general'; why: BeginChange };

/**
 * Why naiko_mtt_begin_hand wrote nothing: what changed since the read (the tournament's status,
 * a pause, the blind step, a flag, the hand-for-hand round, the table closed or busy, its version
 * or button, a seated stack), no such table, or a stale fencing token.
 */
export type BeginChange =
  | 'missing'
  | 'fence'
  | 'status'
  | 'paused'
  | 'step'
  | 'flags'
  | 'round'
  | 'closed'
  | 'busy'
  | 'version'
  | 'button'
  | 'balance';

/** The counter row of busts far from the end: the tournament row with the busted players' live entries. */
export interface BustCounterRow extends TableHandRow {
  entries: { entry_id: number; user_id: string }[] | null;
  entrants: number;
}

/** What busts far from the end write in one statement. */
export interface BustsAtTable {
  book: string;
  tableId: number;
  placed: { entryId: number; best: number; rank: number }[];
  busted: string[];
  /** Stacks of the players left at the table. */
  kept: [string, number][];
  /** The small state, as JSON text. */
  small: string;
}

/** The tournament's entry row (`tournament_entries`) as written at registration. */
export interface TournamentEntryData {
  fee: bigint;
  startingStack: bigint;
  status: 'registered' | 'playing';
  place: null;
  prize: bigint;
}

export interface NamedTournamentEntry {
  userId: string;
  status: string;
  place: number | null;
  prize: bigint;
  createdAt: Date;
  user: { username: string };
}

export interface StoredTournamentHand {
  id: string;
  status: string;
  players: unknown;
  config: unknown;
}

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
  abstract insert(row: NewScheduledTournament): Promise<ScheduledTournamentRow>;
  /** An edit before the start; the version is bumped. */
  abstract saveSettings(tx: Tx, id: number, change: TournamentSettingsChange): Promise<void>;
  /** Every tournament, by start time then id. */
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
  /** The seats dealt in, the button, a new hand number: the hand begun (one statement). */
  abstract markHandBegun(
    tx: Tx,
    id: number,
    tableId: number,
    hand: { dealt: string[]; button: number },
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

export class PrismaTournamentRepository implements TournamentRepository {
  constructor(
    private readonly db: LedgerDb,
    /** The client of `wideTransaction` (PrismaService.lane; `db` when not given). */
    private readonly lane: LedgerDb = db,
  ) {}

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
        (name, config, starts_at, registration_opens_at, state, seat_seed, seat_commitment, host_id)
      VALUES (${row.name}, ${JSON.stringify(row.config)}::jsonb, ${row.startsAt}, ${row.registrationOpensAt}, ${JSON.stringify(row.state)}::jsonb,
              ${row.seatSeed}, ${row.seatCommitment}, ${row.hostId}::uuid)
      RETURNING *`;
    return inserted;
  }

  async saveSettings(tx: Tx, id: number, change: TournamentSettingsChange): Promise<void> {
    await tx.$executeRaw`
        UPDATE scheduled_tournaments SET name = ${change.name}, config = ${JSON.stringify(change.config)}::jsonb, starts_at = ${change.startsAt},
          registration_opens_at = ${change.registrationOpensAt}, state = ${JSON.stringify(change.state)}::jsonb, version = version + 1
        WHERE id = ${id}`;
  }

  all(): Promise<ScheduledTournamentRow[]> {
    return this.db.$queryRaw<ScheduledTournamentRow[]>`SELECT * FROM scheduled_tournaments ORDER BY starts_at, id`;
  }

  unfinished(): Promise<ScheduledTournamentRow[]> {
    return this.db.$queryRaw<
      ScheduledTournamentRow[]
    >`SELECT * FROM scheduled_tournaments WHERE status IN ('scheduled', 'registering', 'running', 'paying') ORDER BY id`;
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
    const { book, tableId, read, dealt, button, balances, fence } = begin;
    // On its own (autocommit): the statement is the transaction, its locks held for it only.
    return retried(async () => {
      const [answer] = await this.db.$queryRaw<TimedOutcome<BeginHandOutcome>[]>`
          SELECT outcome, ${DATABASE_MS} FROM (
            SELECT naiko_mtt_begin_hand(${MTT_LOCK_CLASS}::int, ${id}::int, ${tableId}::int, ${book},
              ${read.version}::int, ${read.button}::int, ${read.stepIndex}::int, ${JSON.stringify(read.handForHand ?? null)}::jsonb,
              ${dealt}::uuid[], ${button}::int,
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
    hand: { dealt: string[]; button: number },
  ): Promise<{ n: number; version: number }> {
    const [begun] = await tx.$queryRaw<{ n: number; version: number }[]>`
          WITH seats AS (
            UPDATE mtt_seats SET dealt_in = true, waits_for_button = waits_for_button AND NOT (user_id = ANY(${hand.dealt}::uuid[]))
            WHERE tournament_id = ${id} AND table_no = ${tableId}
          )
          UPDATE mtt_tables SET hand_in_progress = true, button = ${hand.button}, hand_begun = nextval('mtt_hand_numbers'), hands_dealt = hands_dealt + 1, version = version + 1
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

/** The seats of a begin's read: bigints travel as text in the JSON (a stack is a bigint column). */
function seatsOfJson(seats: BeginHandJson['seats']): MttSeatWithBalance[] {
  return seats.map((seat) => ({
    ...seat,
    stack: seat.stack === null ? null : BigInt(seat.stack),
    balance: seat.balance === null ? null : BigInt(seat.balance),
  }));
}
