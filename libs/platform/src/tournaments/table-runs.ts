// The live objects of the tournament tables run in this process, and what the table runner
// (table-runner.ts) shares with the modules it delegates to (table-hands.ts: a table's hand cycle;
// clustered-tables.ts: sharing the tables between copies). The runner builds one context and hands
// it to both, so every module sees the same service adapter, hosts registry, options, logger and
// fault board as the runner itself; what changes on the runner after its construction (shutting
// down) is read from it at each use, never copied. Not exported from the tournaments index: these
// are the runner's own.
import type { Logger } from '@nestjs/common';
import type { HandStore, PrismaService } from '@naiko/persistence';
import type { TableOwnership } from '../cluster/table-ownership';
import type { FaultBoard } from '../health/fault-board';
import type { TableHost, TournamentDeal } from '../tables/table-host';
import type { TableSockets } from '../tables/table-sockets';
import type { TablesService } from '../tables/tables.service';
import type { LevelSchedule } from './level-schedule';
import type { SeatMarks } from './seat-marks';
import type { TableFence, TableHandStart, TournamentRunnerOptions, TournamentTables } from './table-runner-types';

export const sleep = (ms: number) => new Promise<void>((resolve) => setTimeout(resolve, ms));

/** One table of a tournament run here. */
export interface TableRun {
  tableNo: number;
  host: TableHost;
  schedule: LevelSchedule;
  /** The hand the service allowed and the host is dealing/playing (cleared once its result is recorded). */
  begun: { start: TableHandStart; deal: TournamentDeal | null; asked: number } | null;
  /** Clustered: the table owner's fencing token, checked in the tournament's transactions. */
  fence?: TableFence;
  /** Clustered: this copy holds more than its share; the table goes to another copy before its next hand. */
  handOff?: boolean;
  /** Time bank refills (issue 25): the step of this table's last deal, and whether the final table's fill was given. */
  lastStep?: number;
  finalTableFilled?: boolean;
}

/** A tournament run here (this process holds its lease). */
export interface TournamentRun {
  id: number;
  tables: Map<number, TableRun>;
  /** The lease went to another process: deal nothing more. */
  lost: boolean;
  /** Tables closed here (broken): a stale read of the seating never hosts them again. */
  closed: Set<number>;
  /** Clustered: the seating version last mirrored to this copy's tables, and when. */
  mirrored?: { version: number; at: number };
  /** Clustered: when each table was first seen with no owner (a fair-share wait has a limit). */
  freeSince?: Map<number, number>;
  /** From the last poll (issue 25): the time bank refills and how many tables are open (1 = the final table). */
  timeBank?: { perLevelMs: number; finalTable: boolean };
  openTables?: number;
  /** Issue 25: sitting-out marks and time banks carried across moves (seat-marks.ts). */
  marks?: SeatMarks;
}

/** The runner's collaborators and state as its table modules see them (built once by the runner). */
export interface TableRunnerContext {
  readonly prisma: PrismaService;
  readonly service: TournamentTables;
  readonly tables: TablesService;
  readonly sockets: TableSockets;
  readonly options: TournamentRunnerOptions;
  readonly logger: Logger;
  /** Where failing loops and tables show (admin page, /health/ready). */
  readonly faults: FaultBoard;
  readonly ownership: TableOwnership;
  /** Tables are spread over copies with table leases (CLUSTER_MODE=redis). */
  readonly clustered: boolean;
  /** The hand store of a table without a fence (one process). */
  readonly store: HandStore;
  /** Whether the runner shuts down (read at each use). */
  stopping(): boolean;
  /** The fault-board source of a tournament or of one of its tables (the runner's `source`). */
  source(id: number, tableNo?: number): string;
  /** Waits `ms`, or less once the runner shuts down. */
  pause(ms: number): Promise<void>;
}

export function firstLine(err: unknown): string {
  return String(err ?? '').split('\n')[0];
}

export function isStaleFence(err: unknown): boolean {
  return (err as { code?: string } | null)?.code === 'STALE_FENCING_TOKEN';
}
