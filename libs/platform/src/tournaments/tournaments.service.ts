// Scheduled multi-table tournaments: the admin's schedule, registration through the ledger, the
// start (seating), blind steps, hands at many tables (busts, places, balancing, table breaks,
// hand-for-hand, final-table redraw), cancellation with refunds and the payout.
//
// State as rows (issue 21, mtt-rows.ts): tables, seats and entries are rows; the tournament row keeps
// the small tournament-wide part. A hand at one table (its begin, and its finish) takes the
// tournament's advisory lock in shared mode and locks that table's row only, so the tables deal in
// parallel; a finish with busts far from the end also locks the tournament row as the counter of
// players left, and the seating planner runs right after it. Every tournament-wide change (the
// planner: balancing, breaking, the final-table redraw; busts near the end with hand-for-hand and
// the winner; registration; the start; levels; cancellation; the payout) takes the advisory lock in
// exclusive mode, reads a consistent snapshot of every
// table, computes the next state with the pure transitions of mtt-state.ts / libs/tournament,
// writes back what changed and moves chips with `postInTransaction` in the same transaction: a
// registration racing the start, a job retried after a crash and several tables' busts serialise,
// and each ledger command runs once.
//
// Ledger idempotency keys (tournament id `mtt-<id>`):
//   mtt:<id>:entry:<entryId> / mtt:<id>:unreg:<entryId> / mtt:<id>:refund:<entryId>
//   mtt:<id>:prize:<entryId>, mtt:<id>:retire:<userId>:<version>
//
// The service is the entry point and keeps the hands' paths; it delegates the rest to modules of
// this folder, which share its collaborators through one TournamentContext (tournament-context.ts):
// the admin's part (tournament-admin.ts), registration (tournament-registration.ts), the start and
// the clock (tournament-clock.ts), the seating planner's runs (planner-runs.ts), crash recovery of
// the tables (table-recovery.ts), the payout (tournament-payout.ts) and the whole view
// (tournament-view.ts).
import { Injectable, Logger } from '@nestjs/common';
import { performance } from 'node:perf_hooks';
import type { MttDrawnSeat } from './seat-draw';
import type { TournamentBalancePayload, TournamentStepPayload, TournamentView } from '@naiko/contracts';
import { cryptoRandom, type RandomSource } from '@naiko/engine';
import { PrismaService, TournamentRepository, type ScheduledTournamentRow } from '@naiko/persistence';
import {
  paidEntries,
  awaitedJob,
  levelInForce,
  levelNumberInForce,
  phaseAfterHand,
  type BlindLevel,
  type Move,
} from '@naiko/tournament';
import { JobQueue } from '../jobs/job-queue.service';
import { finishHand, type HandResult, type MttState } from './mtt-state';
import { lifecycleFormatOf, prizeTableOf, type TournamentSettings } from './tournament-config';
import { HandBegins, type HandStart } from './hand-begin';
import { SharedFinishes } from './hand-finish';
import { mttTournamentId } from './table-ids';
import type { SeatWithStack, TableFence } from './table-runner';
import { loadState, type Loaded } from './mtt-rows';
import { TournamentTimings } from './tournament-timings';
import { TournamentTransactions } from './tournament-transactions';
import { awardBounties } from './bounty-awards';
import { bustsFinalAt, type PurchaseOutcome } from './rebuys';
import { seatsDecidedOf } from './satellites';
import { TournamentContext, type StoredRow } from './tournament-context';
import { TournamentAdmin } from './tournament-admin';
import { TournamentRegistration, type RegisterOutcome } from './tournament-registration';
import { PlannerRuns } from './planner-runs';
import { TableRecovery } from './table-recovery';
import { TournamentPayout } from './tournament-payout';
import { TournamentViewBuilder } from './tournament-view';
import { TournamentClock } from './tournament-clock';

export { mttTournamentId };

export type TournamentStatus =
  'scheduled' | 'registering' | 'starting' | 'running' | 'paying' | 'finished' | 'cancelled';

/** A `scheduled_tournaments` row with its status, settings and whole state typed (persistence leaves them open). */
export interface TournamentRow extends Omit<ScheduledTournamentRow, 'status' | 'config' | 'state' | 'seat_draw'> {
  status: TournamentStatus;
  config: TournamentSettings;
  state: MttState & { cancelRequested?: boolean };
  /** The rows `state` was read from (exclusive transactions write back what changed). */
  loaded?: Loaded;
  /** The start's seat draw (seat-draw.ts); null on tournaments created before it. */
  seat_draw: MttDrawnSeat[] | null;
}

export interface TournamentListener {
  changed(id: number): void;
  started(id: number): void;
  /** After a hand's result is committed (tests check the invariants here). */
  handFinished?(id: number, tableId: number, state: MttState): void;
}

@Injectable()
export class TournamentsService {
  private readonly logger = new Logger('Tournaments');
  private readonly listeners: TournamentListener[] = [];
  /** Seating randomness (tests may inject a seeded source). */
  rng: RandomSource = cryptoRandom();
  /** Begin/finish-hand transaction and balancing times in this process (admin runner view, benchmark). */
  readonly timings = new TournamentTimings();

  constructor(
    /** Only handed to the issue-25 modules that still query themselves (satellites, extras, crash recovery). */
    private readonly prisma: PrismaService,
    private readonly jobs: JobQueue,
    private readonly store: TournamentRepository,
  ) {
    this.runs = new TournamentTransactions(store, this.timings);
    this.begins = new HandBegins(store, this.runs, this.timings);
    this.finishes = new SharedFinishes(store, this.runs, this.timings);
    this.context = new TournamentContext(this, prisma, jobs, store, this.runs, this.logger, this.listeners);
    this.admin = new TournamentAdmin(this.context);
    this.registration = new TournamentRegistration(this.context);
    this.planner = new PlannerRuns(this.context);
    this.recovery = new TableRecovery(this.context);
    this.payouts = new TournamentPayout(this.context, this.admin, this.registration);
    this.views = new TournamentViewBuilder(this.context);
    this.clock = new TournamentClock(this.context, this.admin);
  }

  /** A hand's begin at one table (hand-begin.ts). */
  private readonly begins: HandBegins;
  /** A hand's finish on the shared path: without bust, or with busts far from the end (hand-finish.ts). */
  private readonly finishes: SharedFinishes;

  /** How this service's transactions take their turn (the gate, the advisory lock, the pools). */
  private readonly runs: TournamentTransactions;

  /** What the modules below share with this service (tournament-context.ts). */
  private readonly context: TournamentContext;
  private readonly admin: TournamentAdmin;
  private readonly registration: TournamentRegistration;
  private readonly planner: PlannerRuns;
  private readonly recovery: TableRecovery;
  private readonly payouts: TournamentPayout;
  private readonly views: TournamentViewBuilder;
  private readonly clock: TournamentClock;

  listen(listener: TournamentListener): void {
    this.listeners.push(listener);
  }

  /** Publishes a change (the lobby); public for the issue-25 modules (deals, pauses). */
  changed(id: number): void {
    for (const listener of this.listeners) listener.changed(id);
  }

  /** A change made outside this service (a rebuy or add-on, tournaments/rebuys.ts): the lobby republishes. */
  notifyChanged(id: number): void {
    this.changed(id);
  }

  /** The tournament with its whole state: one consistent snapshot (a repeatable-read transaction). */
  async get(id: number): Promise<TournamentRow> {
    return this.store.snapshot(async (tx) => {
      const row = await this.context.stored(tx, id);
      const loaded = await loadState(tx, id, row.state, row.config.tableSize);
      // Hands are counted per table (no hand writes the tournament row): every hand dealt, a
      // cancelled one included.
      const dealt = await this.store.handsDealt(tx, id);
      return { ...row, hands_played: Math.max(dealt, row.hands_played), state: loaded.state, loaded };
    });
  }

  // ------------------------------------------------------------------------------------------
  // Admin (tournament-admin.ts)

  /** A new tournament with its jobs; `owner.hostId`: a host's private tournament. */
  create(input: unknown, owner: { hostId?: string } = {}): Promise<StoredRow> {
    return this.admin.create(input, owner);
  }

  /**
   * A Sit & Go or Spin template's instance taking registrations (../sit-and-go): the lowest registering,
   * or the next number created with `settingsOf(n)` (tournament-admin.ts).
   */
  openInstance(templateId: string, settingsOf: (n: number) => unknown, hostId?: string): Promise<number> {
    return this.admin.openInstance(templateId, settingsOf, hostId);
  }

  /** The tournament row alone (settings and the small state), without its tables: one read. */
  row(id: number): Promise<StoredRow> {
    return this.context.stored(undefined, id);
  }

  /** Edit before the start: any subset of the settings. */
  edit(id: number, patch: Partial<TournamentSettings>): Promise<StoredRow> {
    return this.admin.edit(id, patch);
  }

  list(): Promise<StoredRow[]> {
    return this.admin.list();
  }

  /** Cancels with refunds; a running tournament's cancellation completes when its last hand ends. */
  cancel(id: number, opts: { beforeStartOnly?: boolean } = {}): Promise<{ status: TournamentStatus }> {
    return this.admin.cancel(id, opts);
  }

  // ------------------------------------------------------------------------------------------
  // Registration (tournament-registration.ts)

  /** The open-registration job: `scheduled` → `registering`. */
  openRegistration(id: number): Promise<void> {
    return this.registration.openRegistration(id);
  }

  /** The level number in force (a break counts as the level before it); 0 before the start. */
  currentLevel(tournament: Pick<TournamentRow, 'status' | 'config' | 'step_index'>): number {
    return levelNumberInForce(tournament.status, tournament.config.blindStructure, tournament.step_index);
  }

  /** A new entry (a late one seated at once). */
  register(id: number, userId: string): Promise<RegisterOutcome> {
    return this.registration.register(id, userId);
  }

  /** Issue 25: a busted player's rebuy during the rebuy period. */
  rebuyAfterBust(id: number, userId: string): Promise<PurchaseOutcome> {
    return this.registration.rebuyAfterBust(id, userId);
  }

  /** Before the start: the live entry is withdrawn and refunded. */
  unregister(id: number, userId: string): Promise<void> {
    return this.registration.unregister(id, userId);
  }

  // ------------------------------------------------------------------------------------------
  // Start and clock

  /**
   * The start job: cancels with refunds below the minimum, else seats everyone at random and puts
   * level 1 in force (tournament-clock.ts).
   */
  start(id: number): Promise<TournamentStatus> {
    return this.clock.start(id);
  }

  /** A level or break job: puts step `stepIndex` in force exactly once and in order (tournament-clock.ts). */
  applyStep(payload: TournamentStepPayload): Promise<{ applied: boolean }> {
    return this.clock.applyStep(payload);
  }

  /** The blind level for the next hand, or null during a break (no hand starts in a break). */
  levelInForce(tournament: Pick<TournamentRow, 'config' | 'step_index'>): BlindLevel | null {
    return levelInForce(tournament.config.blindStructure, tournament.step_index);
  }

  /** The balance-check job: runs the seating planner (after late entries, or when a hold may have cleared). */
  async balanceCheck(payload: TournamentBalancePayload): Promise<{ moves: number }> {
    return { moves: (await this.planner.replanNow(payload.tournamentId)).moves.length };
  }

  // ------------------------------------------------------------------------------------------
  // Hands (called by the table runner)

  /**
   * Marks a hand started at `tableId` when the table may deal; null when it may not now. Locks only
   * that table's row (the tournament's lock in shared mode): hands at other tables go on.
   */
  async beginTableHand(id: number, tableId: number, fence?: TableFence): Promise<HandStart | null> {
    return this.runs.waitedFor(id, () => this.begins.begin(id, mttTournamentId(id), tableId, fence));
  }

  /**
   * What the table runner polls: status, the tournament's version (bumped by every tournament-wide change), open
   * tables.
   */
  async runnerView(id: number): Promise<{ row: StoredRow; tables: number[] }> {
    const row = await this.context.stored(undefined, id);
    const tables = await this.store.openTableNos(id);
    return { row, tables };
  }

  /**
   * Tables of a running tournament by seat (all, or those of `only`), with the players' stacks
   * (tables mirror it between hands) and each table's version. A table missing from the answer is
   * closed (broken) or the tournament is no longer running. One statement: a consistent picture.
   */
  async seatMaps(
    id: number,
    only?: ReadonlySet<number>,
  ): Promise<{
    running: boolean;
    version: number;
    versions: Map<number, number>;
    tables: Map<number, (SeatWithStack | null)[]>;
    open: Set<number>;
  }> {
    const tournament = await this.context.stored(undefined, id);
    const running = tournament.status === 'running';
    const rows = running ? await this.store.openSeats(id) : [];
    const open = new Set(rows.map((x) => x.table_no));
    const wanted = rows.filter((x) => !only || only.has(x.table_no));
    const stacks = await this.context.stacksOf(
      id,
      wanted.flatMap((x) => (x.user_id ? [x.user_id] : [])),
    );
    const tables = new Map<number, (SeatWithStack | null)[]>();
    const versions = new Map<number, number>();
    for (const seatRow of wanted) {
      if (!tables.has(seatRow.table_no))
        tables.set(seatRow.table_no, new Array(tournament.config.tableSize).fill(null));
      versions.set(seatRow.table_no, seatRow.version);
      if (seatRow.user_id !== null && seatRow.seat !== null)
        tables.get(seatRow.table_no)![seatRow.seat] = {
          userId: seatRow.user_id,
          stack: stacks.get(seatRow.user_id) ?? 0,
        };
    }
    return { running, version: Math.max(0, ...versions.values()), versions, tables, open };
  }

  /**
   * Records a finished hand at `tableId`. With no bust (and nothing tournament-wide waiting on this
   * hand: hand-for-hand, a hold of the planner, the redraw, a cancellation) only the table's row and
   * seats change, under the shared lock. Otherwise the exclusive path: busts, places, balancing
   * (never a player in a hand), breaks, hand-for-hand; enqueues the payout once one player is left.
   */
  async finishTableHand(
    id: number,
    tableId: number,
    result: HandResult,
    fence?: TableFence,
  ): Promise<{ moves: Move[]; brokenTables: number[]; finished: boolean }> {
    return this.runs.waitedFor(id, () => this.finishTableHandNow(id, tableId, result, fence));
  }

  private async finishTableHandNow(
    id: number,
    tableId: number,
    result: HandResult,
    fence?: TableFence,
  ): Promise<{ moves: Move[]; brokenTables: number[]; finished: boolean }> {
    const busts = result.dealtIn.some((p) => p.stack > 0 && (result.after.get(p.userId) ?? 0) === 0);
    const stacks = new Map([...result.after].filter(([u]) => result.dealtIn.some((p) => p.userId === u)));
    if (!busts) {
      // The common case in one statement; the same checks made here in TypeScript only when the
      // statement could not check the fence (the general path raises the typed error).
      const quiet = await this.finishes.quiet(id, tableId, stacks, fence);
      // Recorded while the planner holds a move for a hand to end: it runs now.
      if (quiet === 'replan') return this.planner.plannerAfterHand(id, tableId);
      const done =
        quiet === 'recorded' || (quiet === 'general' && (await this.finishes.quietChecked(id, tableId, stacks, fence)));
      if (done) {
        await this.planner.afterFinish(id, tableId, false);
        return { moves: [], brokenTables: [], finished: false };
      }
    } else {
      const recorded = await this.finishes.busts(id, tableId, result, stacks, fence);
      if (recorded === 'balanced') {
        // The tables are still within one player and none can be broken: no planner run.
        await this.planner.afterFinish(id, tableId, true);
        return { moves: [], brokenTables: [], finished: false };
      }
      if (recorded) return this.planner.plannerAfterHand(id, tableId);
    }
    const out = await this.runs.exclusive(
      id,
      async (tx) => {
        const tournament = await this.context.lock(tx, id);
        await fence?.(tx);
        if (tournament.status !== 'running') return { moves: [], brokenTables: [], finished: false, cancelled: false };
        const level = this.currentLevel(tournament);
        const entrants = () => paidEntries(tournament.state.registration);
        const p0 = performance.now();
        const outcome = finishHand(tournament.state, tableId, result, {
          rng: this.rng,
          currentLevel: level,
          paidPlaces: (n) => prizeTableOf(tournament.config, n || entrants(), tournament.spin_multiplier).paidPlaces,
          bustsFinal: bustsFinalAt(tournament.config, tournament.step_index),
          seatsDecided: seatsDecidedOf(tournament.config),
        });
        this.timings.balancing(id, performance.now() - p0);
        const book = mttTournamentId(id);
        if (outcome.busted.length) {
          await this.store.setEntriesStatus(tx, book, 'busted', { userIds: outcome.busted });
          await awardBounties(tx, id, tournament.config, result, outcome.busted);
        }
        const state: MttState & { cancelRequested?: boolean } = {
          ...outcome.state,
          cancelRequested: tournament.state.cancelRequested,
          balancePending: false,
        };
        if (state.cancelRequested && !state.seating?.tables.some((x) => x.handInProgress)) {
          await this.context.save(tx, tournament, state, {}, stacks);
          await this.admin.cancelNow(tx, await this.context.lock(tx, id), 'by-admin');
          return { moves: [], brokenTables: [], finished: false, cancelled: true };
        }
        const phase = phaseAfterHand(tournament.status, outcome.finished);
        await this.context.save(tx, tournament, state, phase === 'paying' ? { status: 'paying' } : {}, stacks);
        return {
          moves: outcome.moves,
          brokenTables: outcome.brokenTables,
          finished: outcome.finished,
          cancelled: false,
        };
      },
      (ms) => this.timings.handTx(id, ms, 'finishExclusive'),
    );
    if (out.finished) await this.jobs.ensure('tournamentPayout', { tournamentId: id });
    await this.planner.afterFinish(id, tableId, true);
    return { moves: out.moves, brokenTables: out.brokenTables, finished: out.finished };
  }

  /** Crash rule after a restart: no table is busy afterwards (table-recovery.ts). */
  clearHandsInProgress(id: number): Promise<void> {
    return this.recovery.clearHandsInProgress(id);
  }

  /** Scale-out crash rule for ONE table, run by the copy that just took its lease (table-recovery.ts). */
  recoverTable(id: number, tableId: number, fence?: TableFence): Promise<string[]> {
    return this.recovery.recoverTable(id, tableId, fence);
  }

  // ------------------------------------------------------------------------------------------
  // Payout

  /** The payout job (tournament-payout.ts); a retry finds `finished`. */
  payout(id: number): Promise<void> {
    return this.payouts.payout(id);
  }

  // ------------------------------------------------------------------------------------------
  // Restart and lobby

  /** Re-enqueues what each unfinished tournament waits for (ids are idempotent); returns the running ones. */
  async resumeJobs(): Promise<number[]> {
    const rows = (await this.store.unfinished()) as StoredRow[];
    const running: number[] = [];
    for (const tournament of rows) {
      const job = awaitedJob(lifecycleFormatOf(tournament.config), tournament.status);
      if (job === 'schedule') await this.admin.schedule(tournament);
      if (job === 'start') await this.registration.startFilled(tournament.id);
      if (job === 'payout') await this.jobs.ensure('tournamentPayout', { tournamentId: tournament.id });
      if (job === 'next-step') {
        await this.clock.enqueueNextStep(tournament);
        await this.jobs.enqueue('tournamentBalanceCheck', { tournamentId: tournament.id, version: tournament.version });
        running.push(tournament.id);
      }
    }
    return running;
  }

  async runningIds(): Promise<number[]> {
    return this.store.runningIds();
  }

  /** The whole view: every entrant and every table (tournament-view.ts). */
  view(id: number): Promise<TournamentView> {
    return this.views.view(id);
  }
}
