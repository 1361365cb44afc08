// What differs between a cash table and a tournament table is a *dealer* plugged into the room
// core (docs/architecture.md, Tables): where the next hand's seats and stacks come from, who may sit,
// whether the clock may protect a disconnected player, whether reconnection windows run.
// The core (../table-host.ts) queues commands, applies the engine, journals and broadcasts; it asks
// its dealer before each deal and never branches on the kind of table itself.
import type { RandomSource } from '@naiko/engine';
import type { NextHandPlan, TableState, Transition } from '@naiko/table';
import type { ChipSource } from '../chip-source';
import type { BotDirectory } from '../ports';

/** What a dealer may read and do at its table (the core's state, between two commands). */
export interface DealerRoom {
  readonly tableId: string;
  /** The table now (libs/table state). */
  readonly state: TableState;
  /** Seats dealt into the running hand (none between hands). */
  readonly busySeats: ReadonlySet<number>;
  now(): number;
  readonly rng: RandomSource;
  readonly chips: ChipSource;
  readonly bots?: BotDirectory;
  /** A ledger idempotency key unique to this table, its state version and `what`. */
  key(what: string, userId: string): string;
}

/**
 * Applies a table transition (chips leaving the table go back to their accounts) and remembers its events for the next
 * publication.
 */
export type Step = (t: Transition<TableState>) => Promise<void>;

/**
 * The dealer's answer before a deal: the plan, or wait (null: until a command wakes the table; a number: ask again
 * after that many ms).
 */
export type DealerAnswer = { plan: NextHandPlan } | { wait: number | null };

export interface Dealer {
  readonly kind: 'cash' | 'tournament';
  /** Brings the seats in line and plans the next hand. */
  nextHand(room: DealerRoom, step: Step): Promise<DealerAnswer>;
  /** Refuses a command only cash tables take (typed TableHostError), else nothing. */
  cashOnly(what: string): void;
  /** The clock may protect a disconnected player (artificial all-in): cash tables only. */
  readonly protects: boolean;
  /** Reconnection windows and seat offers run out on time (cash tables; tournaments blind a player off). */
  readonly runsDeadlines: boolean;
  /** What the table's summary shows of its event (the client links to its lobby). */
  summaryRefs(): { tournamentId?: number; sitAndGoId?: number };
}
