// What a tournament's table runner (table-runner.ts) and the services it drives agree on: the
// runner's options, the `TournamentTables` adapter each tournament kind brings over its own service
// (scheduled tournaments, Sit & Go / Spin), the hand a service allows at a table and the seating it
// answers, and the pure helpers both sides use (a tournament table's configuration, the time bank
// refill of a deal, the odd-chip order of a hand's busts). Kept apart from the runner so the
// services and their tests import these without the runner's Redis, hosts and loops; table-runner.ts
// re-exports all of it, so every importer of the runner (and the tournaments index) sees the same
// names as before.
import type { FenceToken, Tx } from '@naiko/persistence';
import { DEFAULT_CLOCK, makeTableConfig, type TableConfig } from '@naiko/table';
import type { BlindStructure, Move } from '@naiko/tournament';
import type { LevelSchedule } from './level-schedule';
import type { HandResult } from './mtt-state';

export interface TournamentRunnerOptions {
  /** Pause between hands at a table (ms); 0 in tests. */
  handPauseMs: number;
  /** How often a waiting table asks again (break, hand-for-hand, redraw) and the lease is renewed. */
  pollMs: number;
  leaseMs: number;
  /** A bot's thinking time (ms); 0 in tests. */
  botDelayMs: number;
  /** False: this process runs the jobs but deals no table (tests that deal each hand themselves). */
  deal?: boolean;
}

export const DEFAULT_TOURNAMENT_RUNNER_OPTIONS: TournamentRunnerOptions = {
  handPauseMs: 500,
  pollMs: 100,
  leaseMs: 5_000,
  botDelayMs: 500,
};

/** Overrides from the validated config (`MTT_HAND_PAUSE_MS`, `MTT_BOT_DELAY_MS`: tests, benchmarks of whole apps). */
export function runnerOptionsFromConfig(
  config: Partial<Record<`MTT_${'HAND_PAUSE_MS' | 'BOT_DELAY_MS'}`, number>>,
): Partial<TournamentRunnerOptions> {
  const pause = config.MTT_HAND_PAUSE_MS;
  const delay = config.MTT_BOT_DELAY_MS;
  return {
    ...(pause !== undefined ? { handPauseMs: pause } : {}),
    ...(delay !== undefined ? { botDelayMs: delay } : {}),
  };
}

/**
 * Scale-out: the table's write guard, run inside a hand's tournament transaction right after the
 * row lock (the table owner's fencing token, cluster/fence.ts): a copy that lost the table's lease
 * can neither begin nor record a hand there — its transaction rolls back.
 */
export type TableFence = ((tx: Tx) => Promise<void>) & {
  /**
   * The same check as data, for the one-statement hand writes (naiko_mtt_quiet_finish): the token
   * to claim, or throws when this copy may not write at all. A fence without it sends every hand
   * down the general path.
   */
  token?: () => FenceToken | null;
};

export interface SeatWithStack {
  userId: string;
  stack: number;
}

/** What the runner needs of a hand the tournament allowed at one table. */
export interface TableHandStart {
  deal: {
    /** Seats dealt in (in seat order). */
    players: { seat: number; userId: string }[];
    button: number;
    /** Blind seats decided by the tournament (dead-button rule; null = dead small blind); default: from the button. */
    smallBlind?: number | null;
    bigBlind?: number;
  };
  /** The structure step in force (a level) when the deal was allowed. */
  stepIndex: number;
  handNumber: number;
  /** The table by seat with each player's tournament stack (the tournament's book) at the deal. */
  seats: (SeatWithStack | null)[];
  /** The tournament row's version this seating belongs to (newer seatings win at the tables). */
  version: number;
}

/** A running tournament as its runner sees it. */
export interface RunningTournament {
  running: boolean;
  /** The name a table shows (lobby, table page). */
  tableName(tableNo: number): string;
  /** Bumped by every change of the seating (tables mirror newer ones). */
  version: number;
  /** The open tables' numbers. */
  tables: number[];
  blindStructure: BlindStructure;
  /** The tables' configuration (game, seats, clock) from the level schedule's first stakes. */
  tableConfig(schedule: LevelSchedule): TableConfig;
  /** Time bank refills (issue 25): per new level, and a full bank at the final table. */
  timeBank?: { perLevelMs: number; finalTable: boolean };
  /** What the table's summary names instead of `dealerRef(id)` (a Sit & Go instance's lobby). */
  dealerRef?: { tournamentId?: number; sitAndGoId?: number };
}

/** A tournament service as its table runner drives it (every call locks the tournament's row). */
export interface TournamentTables {
  /** Lease and heartbeat key part (`mtt`). */
  readonly kind: string;
  /** The tournament's book (`mtt-<id>`). */
  bookId(id: number): string;
  /** The table id clients use (`table:watch`), stable across restarts. */
  tableId(id: number, tableNo: number): string;
  /** Shown in the table's summary (the client links to the tournament's lobby). */
  dealerRef(id: number): { tournamentId?: number; sitAndGoId?: number };
  onStarted(fn: (id: number) => void): void;
  /** At boot: the jobs of unfinished tournaments again; answers the running ones. */
  resumeJobs(): Promise<number[]>;
  runningIds(): Promise<number[]>;
  get(id: number): Promise<RunningTournament>;
  beginTableHand(id: number, tableNo: number, fence?: TableFence): Promise<TableHandStart | null>;
  finishTableHand(
    id: number,
    tableNo: number,
    result: HandResult,
    fence?: TableFence,
  ): Promise<{ moves: readonly Move[]; brokenTables: readonly number[] }>;
  /** `versions`, when given, is each table's own seating version (else `version` serves every table). */
  seatMaps(
    id: number,
    only?: ReadonlySet<number>,
  ): Promise<{
    running: boolean;
    version: number;
    versions?: Map<number, number>;
    tables: Map<number, (SeatWithStack | null)[]>;
    open: Set<number>;
  }>;
  recoverTable(id: number, tableNo: number, fence?: TableFence): Promise<string[]>;
  clearHandsInProgress(id: number): Promise<void>;
  /** Who may watch a table beyond the table's rule (a private event: host and invitees; FORBIDDEN NOT_INVITED). */
  requireWatch?(id: number, user: { sub: string; role: string }, inviteCode?: string): Promise<void>;
}

/** A tournament table's configuration: its game, seats and clock; any stack fits (the tournament's book). */
export function tournamentTableOf(
  settings: {
    game: string;
    bettingStructure: string;
    tableSize: number;
    clock: { decisionMs: number; reconnectMs: number; timeBankMs?: number };
  },
  schedule: LevelSchedule,
): TableConfig {
  return makeTableConfig({
    game: settings.game as TableConfig['game'],
    structure: settings.bettingStructure as TableConfig['structure'],
    stakes: schedule.first(),
    // Stacks come from the tournament's book; the table accepts whatever the tournament seats.
    buyIn: { min: 1, max: settings.bettingStructure === 'fixed-limit' ? null : Number.MAX_SAFE_INTEGER },
    seats: settings.tableSize,
    botsAllowed: true,
    clock: {
      ...DEFAULT_CLOCK,
      ...(settings.clock.decisionMs > 0 ? { decisionMs: settings.clock.decisionMs } : {}),
      ...(settings.clock.timeBankMs !== undefined ? { timeBankMs: settings.clock.timeBankMs } : {}),
      reconnectWindowMs: settings.clock.reconnectMs,
    },
  });
}

/**
 * Issue 25: the time bank refill for this deal. A table's first deal of a new level tops every bank
 * up by `perLevelMs`; the final table's first deal fills them (whichever is more). The first deal at
 * a table gives nothing (banks start full). Capped at the clock's bank by the table.
 */
export function timeBankRefill(
  live: { timeBank?: { perLevelMs: number; finalTable: boolean }; openTables?: number },
  run: { lastStep?: number; finalTableFilled?: boolean },
  stepIndex: number,
): { timeBank?: { addMs: number; fill: boolean } } {
  const timeBank = live.timeBank;
  const newLevel = run.lastStep !== undefined && stepIndex > run.lastStep;
  run.lastStep = stepIndex;
  if (!timeBank) return {};
  const fill = timeBank.finalTable && live.openTables === 1 && !run.finalTableFilled;
  if (fill) run.finalTableFilled = true;
  const addMs = newLevel ? timeBank.perLevelMs : 0;
  return fill || addMs > 0 ? { timeBank: { addMs, fill } } : {};
}

/**
 * The dealt-in players clockwise from the first seat left of the button (the odd-chip order, used
 * for same-hand busts); the button may be a dead one on an empty seat.
 */
export function oddChipOrder<P extends { seat: number }>(players: readonly P[], button: number): P[] {
  const size = Math.max(button, ...players.map((player) => player.seat)) + 1;
  const from = (seat: number) => (seat - button - 1 + 2 * size) % size;
  return [...players].sort((left, right) => from(left.seat) - from(right.seat));
}
