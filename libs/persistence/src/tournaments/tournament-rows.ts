// The row and result types of the scheduled tournament repository (`TournamentRepository`,
// tournament-repository.ts): what its statements read and write. They live apart from the port and
// from its Prisma implementation so that each of those stays short enough to read; the package
// index exports them under the same names as before.
import type { TournamentEntryStatus } from '../generated/prisma/client';
import type { FenceToken } from '../hands/fast-path';

export type { TournamentEntryStatus };

/** A `scheduled_tournaments` row as stored (column names as in the table; config and state are the platform's). */
export interface ScheduledTournamentRow {
  id: number;
  name: string;
  status: string;
  config: unknown;
  /** Null: no start time, it starts when full. */
  starts_at: Date | null;
  registration_opens_at: Date;
  state: unknown;
  step_index: number;
  step_started_at: Date | null;
  hands_played: number;
  version: number;
  /** Bumped by every tournament-wide write of the running state (not by a hand at one table). */
  seating_version: number;
  seat_seed: string | null;
  seat_commitment: string | null;
  seat_draw: unknown;
  /** A Spin's seed, its commitment and the multiplier drawn at the start (null otherwise). */
  spin_seed: string | null;
  spin_commitment: string | null;
  spin_multiplier: number | null;
  /** A host's private tournament or Sit & Go; null for the admin's and the published templates'. */
  host_id: string | null;
  /** A Sit & Go or Spin instance: its template and number (null for other tournaments). */
  template_id: string | null;
  instance_number: number | null;
}

export interface NewScheduledTournament {
  name: string;
  /** The settings, stored as JSON. */
  config: unknown;
  startsAt: Date | null;
  registrationOpensAt: Date;
  /** The small tournament-wide state, stored as JSON. */
  state: unknown;
  seatSeed: string;
  seatCommitment: string;
  /** A Spin's seed and commitment (null: not a Spin). */
  spinSeed: string | null;
  spinCommitment: string | null;
  /** A host's private tournament; null for the admin's. */
  hostId: string | null;
  /** A Sit & Go or Spin instance: its template and number (unique together); absent for other tournaments. */
  template?: { templateId: string; instanceNumber: number };
}

/** An edit before the start (settings and the state carrying them). */
export interface TournamentSettingsChange {
  name: string;
  config: unknown;
  startsAt: Date | null;
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
  /** The last hand's small blind position (even when dead) and big blind seat; they count only with a button. */
  small_blind: number | null;
  big_blind: number | null;
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
  /** The players dealt in, the hand's button and its blind positions (the small blind's even when dead). */
  dealt: string[];
  button: number;
  smallBlind: number;
  bigBlind: number;
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
