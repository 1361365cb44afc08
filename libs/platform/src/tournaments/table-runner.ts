// The tables of running tournaments as TableHosts (libs/platform/src/tables): the same per-seat
// feeds, clock, time bank and timeout rules as a cash table, so a registered human plays his own
// hands over the table socket events, and bots (bot entrants only) act from their own seat's view.
// Scheduled tournaments (TournamentRunner) and Sit & Go / Spin (SitAndGoTableRunner) both run their
// tables here; each brings a `TournamentTables` adapter over its own service and row lock.
//
// The tournament decides, the host deals: before each hand the host asks `nextHand`, which asks the
// service under the tournament's row lock whether the table may deal (no hand in a break, during a
// final-table redraw hold or out of turn in a hand-for-hand round) and to whom; the host then
// mirrors the tournament's seats (busts gone, moved players arrived, stacks from the tournament's
// book) and deals. After the hand, `onHandFinished` hands the final stacks to the service (busts,
// places, balancing, table breaks, hand-for-hand) in one transaction, and every table of the
// tournament mirrors the new seating between its hands — a player is only ever moved between hands.
//
// One process (no CLUSTER_MODE): one writer per tournament, a Redis lease `<prefix>:<kind>-runner:<id>`
// (renewed while running). When a process takes a tournament over, it first applies the crash rule:
// the hands left running are cancelled (contributions back to the tournament stacks) and no table
// counts as busy any more.
//
// Several copies (CLUSTER_MODE=redis): one writer per TABLE. Every copy runs a loop per running
// tournament; each tournament table is owned through the same table lease as a cash table
// (TableLeases, fencing token, id `tables.tableId(tournament, n)`), claimed by the copy with the
// fewest tables of that tournament among the copies running tournaments of that kind
// (`<prefix>:<kind>:runners`), so the tables spread over copies. The owner's fencing token guards
// every write of the table: its hand store, and `beginTableHand` / `finishTableHand` /
// `recoverTable` inside the tournament's row-lock transaction. Nothing tournament-wide needs a
// coordinator: the start, levels, registration, balancing, breaks, the finish and the payout are
// DB-locked service calls and BullMQ jobs. A copy that takes a table over (lease expired, or its
// owner's Redis connection gone: DeadCopies) applies the crash rule to that table alone
// (`recoverTable`) and deals on.
import { Logger } from '@nestjs/common';
import { Redis } from 'ioredis';
import { randomUUID } from 'node:crypto';
import {
  cancelRunningHand,
  HandStore,
  PrismaService,
  tournamentViewRepository,
  type FenceToken,
  type HandWriteGuard,
  type Tx,
} from '@naiko/persistence';
import { DEFAULT_CLOCK, makeTableConfig, type TableConfig } from '@naiko/table';
import type { BlindStructure, Move } from '@naiko/tournament';
import { RunnerLease } from '../cluster/runner-lease';
import { DeadCopies } from '../cluster/dead-copies';
import { backoffMs, FaultBoard } from '../health/fault-board';
import type { TableOwnership } from '../cluster/table-ownership';
import type { TableRouter } from '../cluster/table-router';
import type { AppConfig } from '../config/config.schema';
import type { RedisEndpoint } from '../redis/redis-endpoint';
import { TournamentChipSource } from '../tables/chip-source';
import { TableHost, type FinishedHand, type TournamentDeal, type TournamentSeat } from '../tables/table-host';
import { TableSockets } from '../tables/table-sockets';
import { TablesService } from '../tables/tables.service';
import { seating } from '../tables/dealers/tournament-dealer';
import { LevelSchedule } from './level-schedule';
import { SeatMarks } from './seat-marks';
import type { HandResult } from './mtt-state';

export interface TournamentRunnerOptions {
  /** Pause between hands at a table (ms); 0 in tests. */
  handPauseMs: number;
  /** How often a waiting table asks again (break, hand-for-hand, redraw) and the lease is renewed. */
  pollMs: number;
  leaseMs: number;
  /** A bot's thinking time (ms); 0 in tests. */
  botDelayMs: number;
}

export const DEFAULT_TOURNAMENT_RUNNER_OPTIONS: TournamentRunnerOptions = {
  handPauseMs: 500,
  pollMs: 100,
  leaseMs: 5_000,
  botDelayMs: 500,
};

/**
 * Overrides from the validated config (`<P>_HAND_PAUSE_MS`, `<P>_BOT_DELAY_MS`: tests and benchmarks of whole apps).
 */
export function runnerOptionsFromConfig(
  config: Partial<Record<`${'MTT' | 'SNG'}_${'HAND_PAUSE_MS' | 'BOT_DELAY_MS'}`, number>>,
  prefix: 'MTT' | 'SNG',
): Partial<TournamentRunnerOptions> {
  const pause = config[`${prefix}_HAND_PAUSE_MS`];
  const delay = config[`${prefix}_BOT_DELAY_MS`];
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
}

/** A tournament service as its table runner drives it (every call locks the tournament's row). */
export interface TournamentTables {
  /** Lease and heartbeat key part (`mtt`, `sng`). */
  readonly kind: string;
  /** The tournament's book (`mtt-<id>`, `sng-<id>`). */
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

const sleep = (ms: number) => new Promise<void>((r) => setTimeout(r, ms));

/** One table of a tournament run here. */
interface TableRun {
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
interface TournamentRun {
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

export abstract class TournamentTableRunner {
  protected readonly logger: Logger;
  private readonly loops = new Map<number, Promise<void>>();
  private readonly runs = new Map<number, TournamentRun>();
  private readonly store: HandStore;
  private readonly owner = randomUUID();
  private readonly names = new Map<string, { name: string; isBot: boolean }>();
  private redis?: Redis;
  private stopping = false;
  private sweep?: NodeJS.Timeout;
  private readonly ownership: TableOwnership;
  private readonly router: TableRouter | null;
  /** Tables are spread over copies with table leases (CLUSTER_MODE=redis). */
  private readonly clustered: boolean;
  private readonly deadCopies: DeadCopies | null;
  private runnersBeat?: NodeJS.Timeout;

  constructor(
    protected readonly prisma: PrismaService,
    private readonly service: TournamentTables,
    private readonly tables: TablesService,
    private readonly sockets: TableSockets,
    private readonly redisEndpoint: RedisEndpoint,
    private readonly config: AppConfig,
    private readonly options: TournamentRunnerOptions,
    loggerName: string,
    /** Where failing loops show (admin page, /health/ready); a private board when not given. */
    protected readonly faults: FaultBoard = new FaultBoard(),
  ) {
    this.logger = new Logger(loggerName);
    this.store = new HandStore(prisma);
    this.ownership = tables.tableOwnership;
    this.router = tables.tableRouter;
    this.clustered = this.ownership.clustered && !!this.router && !!this.ownership.holders;
    this.deadCopies = this.clustered ? new DeadCopies(this.router!) : null;
    service.onStarted((id) => this.ensure(id));
    // A tournament table whose lease went to another copy: stop it at once, write nothing more.
    if (this.clustered) this.ownership.onLost((tableId) => this.tableLost(tableId));
  }

  /** This copy's id among the table owners (clustered). */
  private get me(): string {
    return this.router!.instanceId;
  }

  private get runnersKey(): string {
    return `${this.config.REDIS_PREFIX}:${this.service.kind}:runners`;
  }

  /** Clustered: copies running tournament tables heartbeat here (sorted set instance → alive-until). */
  private async beatRunners(): Promise<void> {
    await this.redis!.zadd(this.runnersKey, Date.now() + this.ownership.leaseMs, this.me);
  }

  private async liveRunners(): Promise<string[]> {
    const now = Date.now();
    return this.redis!.zrangebyscore(this.runnersKey, now, '+inf');
  }

  async onApplicationBootstrap(): Promise<void> {
    this.redis = new Redis(this.redisEndpoint.url, { maxRetriesPerRequest: null, lazyConnect: false });
    if (this.clustered) {
      await this.beatRunners();
      this.runnersBeat = setInterval(
        () => void this.beatRunners().catch(() => undefined),
        Math.max(50, Math.floor(this.ownership.leaseMs / 3)),
      );
      this.runnersBeat.unref();
    }
    for (const id of await this.service.resumeJobs()) this.ensure(id);
    // A runner that died leaves its lease to expire; every process sweeps for running tournaments
    // nobody runs here (the lease decides who takes them). Clustered, every copy runs a loop for
    // every running tournament (it takes its share of the tables): a second at most to join one.
    const sweepMs = this.clustered ? Math.min(this.options.leaseMs, 1000) : this.options.leaseMs;
    this.sweep = setInterval(() => {
      this.service
        .runningIds()
        .then((ids) => ids.forEach((id) => this.ensure(id)))
        .catch((err: unknown) => this.logger.warn({ msg: 'sweep failed', err: String(err) }));
    }, sweepMs);
  }

  async onModuleDestroy(): Promise<void> {
    this.stopping = true;
    clearInterval(this.sweep);
    clearInterval(this.runnersBeat);
    await Promise.allSettled([...this.loops.values()]);
    if (this.clustered) await this.redis?.zrem(this.runnersKey, this.me).catch(() => undefined);
    await this.redis?.quit().catch(() => undefined);
  }

  /** Starts running a tournament in this process unless it already runs here. */
  ensure(id: number): void {
    if (this.stopping || this.loops.has(id)) return;
    const loop = this.run(id)
      .catch((err: unknown) => this.fault(this.source(id), 'tournament runner stopped', err, { id }))
      .finally(() => this.loops.delete(id));
    this.loops.set(id, loop);
  }

  /** The fault-board source of a tournament (`mtt:<id>`) or of one of its tables (`mtt:<id>:table:<n>`). */
  private source(id: number, tableNo?: number): string {
    return tableNo === undefined ? `${this.service.kind}:${id}` : `${this.service.kind}:${id}:table:${tableNo}`;
  }

  /** A failure of a loop: shown on the board; logged (with its stack) once per distinct error of that source. */
  private fault(source: string, msg: string, err: unknown, data: Record<string, unknown> = {}): void {
    if (this.faults.report(source, err))
      this.logger.error({ msg, source, ...data, err: err instanceof Error ? err.stack : String(err) });
  }

  /** Resolves when no tournament runs in this process (tests). */
  async idle(): Promise<void> {
    while (this.loops.size) await Promise.allSettled([...this.loops.values()]);
  }

  /** The host of a tournament table run here (tests, tools). */
  host(tournamentId: number, tableNo: number): TableHost | undefined {
    return this.runs.get(tournamentId)?.tables.get(tableNo)?.host;
  }

  private async pause(ms: number): Promise<void> {
    const until = Date.now() + ms;
    while (!this.stopping && Date.now() < until) await sleep(Math.min(50, until - Date.now()));
  }

  private leaseOf?: RunnerLease;
  private get lease(): RunnerLease {
    return (this.leaseOf ??= new RunnerLease(
      `${this.config.REDIS_PREFIX}:${this.service.kind}-runner`,
      this.owner,
      this.options.leaseMs,
    ));
  }

  /** The tournament loop: holds the lease, recovers once, keeps one host per open table. */
  private async run(id: number): Promise<void> {
    if (this.clustered) return this.runClustered(id);
    const live: TournamentRun = { id, tables: new Map(), lost: false, closed: new Set() };
    let recovered = false;
    let leased = false;
    let failures = 0;
    const source = this.source(id);
    // The lease is renewed on its own clock, not only by the loop: a loop iteration waits for the
    // database (behind every table's hand transactions on a busy tournament) and may take longer
    // than the lease; a live process must not lose its own tournament to a slow query.
    let renewing = false;
    const renew = setInterval(
      () => {
        if (!leased || live.lost || renewing) return;
        renewing = true;
        this.lease
          .take(this.redis!, id)
          .then((ok) => {
            if (!ok) live.lost = true;
          })
          .catch(() => undefined)
          .finally(() => (renewing = false));
      },
      Math.max(50, Math.floor(this.options.leaseMs / 3)),
    );
    try {
      while (!this.stopping) {
        try {
          const row = await this.service.get(id);
          if (!row.running) break;
          if (live.lost || !(await this.lease.take(this.redis!, id))) {
            // Another process runs it (or took it over): the sweep looks again later.
            live.lost = leased;
            break;
          }
          leased = true;
          if (!recovered) {
            const bookId = this.service.bookId(id);
            const running = await tournamentViewRepository.runningHandIds(this.prisma, bookId);
            for (const handId of running) await cancelRunningHand(this.prisma, await this.store.getHand(handId));
            await this.service.clearHandsInProgress(id);
            recovered = true;
            this.runs.set(id, live);
          }
          this.reconcileTables(live, row);
          if (failures) this.faults.clear(source);
          failures = 0;
          await this.pause(Math.max(this.options.pollMs, 50));
        } catch (err) {
          // The loop keeps its lease and tables and tries again, backing off (never a restart
          // storm: the sweep and every late registration would otherwise start it anew).
          failures++;
          this.fault(source, 'tournament runner failed; retrying', err, { tournamentId: id, failures });
          await this.pause(backoffMs(failures, Math.max(this.options.pollMs, 100), 30_000));
        }
      }
    } finally {
      clearInterval(renew);
      this.runs.delete(id);
      this.faults.clearAll(source);
      await this.closeTables(live, [...live.tables.keys()]);
      if (leased && !live.lost) await this.lease.release(this.redis, id);
    }
  }

  /** Clustered: this copy's share of one running tournament's tables, until it is no longer running. */
  private async runClustered(id: number): Promise<void> {
    const live: TournamentRun = {
      id,
      tables: new Map(),
      lost: false,
      closed: new Set(),
      mirrored: { version: -1, at: 0 },
      freeSince: new Map(),
    };
    this.runs.set(id, live);
    try {
      while (!this.stopping) {
        // A failed read (database blip) must not give the tables up: they keep dealing; poll again.
        const row = await this.service.get(id).catch((err: unknown) => {
          this.logger.warn({ msg: 'reading the tournament failed', tournamentId: id, err: String(err) });
          return null;
        });
        if (row && !row.running) break;
        if (row)
          await this.shareTables(live, row).catch((err: unknown) =>
            this.logger.warn({ msg: 'claiming tournament tables failed', tournamentId: id, err: String(err) }),
          );
        await this.pause(Math.max(this.options.pollMs, 50));
      }
    } finally {
      this.runs.delete(id);
      await this.closeTables(live, [...live.tables.keys()]);
    }
  }

  /**
   * One poll of the clustered loop: broken tables closed; the tables owned here mirror a newer
   * seating (moves decided at other copies' tables); free tables claimed — one nobody holds only
   * while this copy has no more of the tournament's tables than any other live runner (so they
   * spread over copies), or once it has been free for a lease time (a runner that never claims);
   * one held by a dead copy at once (takeover before its lease expires, DeadCopies).
   */
  private async shareTables(live: TournamentRun, row: RunningTournament): Promise<void> {
    if (this.stopping) return;
    const open = row.tables;
    const gone = [...live.tables.keys()].filter((n) => !open.includes(n));
    if (gone.length) await this.closeTables(live, gone);
    const now = Date.now();
    // Each deal brings its table's seating anyway; between hands a few mirrors a second suffice.
    if (live.tables.size && row.version > live.mirrored!.version && now - live.mirrored!.at >= 250) {
      live.mirrored = { version: row.version, at: now };
      void this.mirrorSeating(live, new Set(live.tables.keys())).catch((err: unknown) =>
        this.logger.warn({ msg: 'mirroring seats failed', tournamentId: live.id, err: String(err) }),
      );
    }
    await this.spreadToNewcomers(live, open);
    const free = open.filter((n) => !live.tables.has(n) && !live.closed.has(n));
    if (!free.length) return;
    const ids = new Map(open.map((n) => [n, this.service.tableId(live.id, n)]));
    const holders = await this.ownership.holders!([...ids.values()]);
    const count = new Map<string, number>();
    for (const holder of holders.values()) if (holder) count.set(holder.owner, (count.get(holder.owner) ?? 0) + 1);
    const foreign = free.flatMap((freeNo) => {
      const holder = holders.get(ids.get(freeNo)!);
      return holder && holder.owner !== this.me ? [holder.owner] : [];
    });
    const dead = foreign.length ? await this.deadCopies!.dead(foreign) : new Set<string>();
    const runners = free.some((n) => !holders.get(ids.get(n)!)) ? await this.liveRunners() : [];
    for (const freeNo of free) {
      if (this.stopping) return;
      const tableId = ids.get(freeNo)!;
      const holder = holders.get(tableId) ?? null;
      let won = false;
      if (holder) {
        live.freeSince!.delete(freeNo);
        if (holder.owner === this.me) won = await this.ownership.claim(tableId);
        else if (dead.has(holder.owner)) won = await this.ownership.takeOver!(tableId, holder);
      } else {
        const since = live.freeSince!.get(freeNo) ?? now;
        live.freeSince!.set(freeNo, since);
        const mine = count.get(this.me) ?? 0;
        const others = runners.filter((r) => r !== this.me && !dead.has(r)).map((r) => count.get(r) ?? 0);
        if (mine <= Math.min(Infinity, ...others) || now - since >= this.ownership.leaseMs)
          won = await this.ownership.claim(tableId);
      }
      if (!won) continue;
      live.freeSince!.delete(freeNo);
      if (holder && holder.owner !== this.me) count.set(holder.owner, (count.get(holder.owner) ?? 1) - 1);
      count.set(this.me, (count.get(this.me) ?? 0) + 1);
      await this.adoptTable(live, row, freeNo, tableId, holder && holder.owner !== this.me ? holder.owner : null);
    }
  }

  /**
   * Clustered: a copy that joined after the start holds none of the tournament's tables, and free
   * tables are the only ones anybody claims. So a copy holding at least two tables more than the
   * live runner with the fewest marks one of its tables (the highest number) to be handed off: the
   * table deals no further hand here (`nextHand` answers nothing once its hand is recorded), its host
   * stops and its lease is released between hands, and the copy with the fewest tables claims it (the
   * fair-share rule below; this copy, holding more, does not). One table per poll, so the tables move
   * one by one and never in a hand.
   */
  private async spreadToNewcomers(live: TournamentRun, open: readonly number[]): Promise<void> {
    if (live.tables.size < 2 || [...live.tables.values()].some((r) => r.handOff)) return;
    const runners = await this.liveRunners();
    if (runners.length < 2) return;
    const holders = await this.ownership.holders!(open.map((n) => this.service.tableId(live.id, n)));
    const count = new Map<string, number>(runners.map((r) => [r, 0]));
    for (const holder of holders.values())
      if (holder && count.has(holder.owner)) count.set(holder.owner, count.get(holder.owner)! + 1);
    const mine = live.tables.size;
    const fewest = Math.min(...[...count.entries()].filter(([r]) => r !== this.me).map(([, c]) => c));
    if (mine - fewest < 2) return;
    const run = live.tables.get(Math.max(...live.tables.keys()))!;
    run.handOff = true;
    this.logger.log({
      msg: 'handing a tournament table to a copy with fewer tables (between hands)',
      tournamentId: live.id,
      tableNo: run.tableNo,
      mine,
      fewest,
    });
    // Handed off from its own command queue, when it asks for its next hand (nextHand): never while
    // a begin is in flight or a hand runs.
  }

  /** Clustered: stops hosting a table marked `handOff` (no hand of it runs) and releases its lease. */
  private async handOffNow(live: TournamentRun, run: TableRun): Promise<void> {
    if (live.tables.get(run.tableNo) !== run) return;
    live.tables.delete(run.tableNo);
    run.host.stop();
    this.tables.detach(run.host.tableId);
    await run.host.idle().catch(() => undefined);
    // A begun hand would be another copy's to recover: give it back only when none is running.
    await this.ownership.release(run.host.tableId).catch(() => undefined);
    // Not claimed again here before a fair-share wait (free tables go to the copy with the fewest).
    live.freeSince!.delete(run.tableNo);
  }

  /**
   * Clustered: a table this copy just won. Its fencing token is stored first (from then on the old
   * owner can neither write a hand event nor begin or record a hand there), then the crash rule for
   * this table alone (its running hand cancelled, contributions back to the tournament stacks, the
   * table no longer busy), then it is hosted here and deals on with the tournament's seating.
   */
  private async adoptTable(
    live: TournamentRun,
    row: RunningTournament,
    tableNo: number,
    tableId: string,
    from: string | null,
  ): Promise<void> {
    const guard = this.ownership.guard!;
    const ref = { tableId, tournamentId: null };
    const fence: TableFence = Object.assign((tx: Tx) => guard(tx, ref), {
      ...(guard.fence ? { token: () => guard.fence!(ref) } : {}),
    });
    try {
      await this.prisma.$transaction((tx) => fence(tx as unknown as Tx));
      const cancelled = await this.service.recoverTable(live.id, tableNo, fence);
      if (this.stopping || !this.ownership.owns(tableId)) throw new Error('lost the table while taking it over');
      // The table's hand store carries the same token on every write (also the one-statement append).
      const tableGuard: HandWriteGuard = Object.assign((tx: Tx) => guard(tx, ref), {
        fence: () => guard.fence?.(ref) ?? null,
      });
      this.openTable(live, row, tableNo, fence, new HandStore(this.prisma, tableGuard));
      this.logger.log({
        msg: 'hosting tournament table (lease acquired)',
        tournamentId: live.id,
        tableNo,
        tableId,
        from,
        cancelled,
      });
    } catch (err) {
      this.logger.warn({ msg: 'taking a tournament table failed', tournamentId: live.id, tableNo, err: String(err) });
      await this.ownership.release(tableId).catch(() => undefined);
    }
  }

  /** Clustered: the lease of a table went to another copy: stop it at once, write nothing more. */
  private tableLost(tableId: string): void {
    for (const live of this.runs.values()) {
      for (const [runningNo, run] of live.tables) {
        if (run.host.tableId !== tableId) continue;
        live.tables.delete(runningNo);
        run.host.stop();
        this.tables.detach(tableId);
        this.logger.warn({
          msg: 'tournament table lease lost; stopped dealing it',
          tournamentId: live.id,
          tableNo: runningNo,
        });
      }
    }
  }

  /** One host per table of the tournament's seating: new tables hosted, broken ones closed. */
  private reconcileTables(live: TournamentRun, row: RunningTournament): void {
    if (this.stopping || live.lost) return;
    live.timeBank = row.timeBank;
    live.openTables = row.tables.length;
    const open = new Set(row.tables);
    for (const tableNo of open)
      if (!live.tables.has(tableNo) && !live.closed.has(tableNo)) this.openTable(live, row, tableNo);
    const gone = [...live.tables.keys()].filter((n) => !open.has(n));
    if (gone.length) void this.closeTables(live, gone);
  }

  private openTable(
    live: TournamentRun,
    row: RunningTournament,
    tableNo: number,
    fence?: TableFence,
    hands: HandStore = this.store,
  ): void {
    const schedule = new LevelSchedule(row.blindStructure);
    const run: TableRun = {
      tableNo,
      host: undefined as unknown as TableHost,
      schedule,
      begun: null,
      ...(fence ? { fence } : {}),
    };
    run.host = new TableHost({
      tableId: this.service.tableId(live.id, tableNo),
      name: row.tableName(tableNo),
      config: row.tableConfig(schedule),
      chips: new TournamentChipSource(this.service.bookId(live.id)),
      hands,
      broadcaster: this.sockets,
      schedule,
      handPauseMs: this.options.handPauseMs,
      botDelayMs: this.options.botDelayMs,
      tournament: {
        nextHand: () => this.nextHand(live, run),
        retryMs: Math.max(this.options.pollMs, 20),
        ...this.service.dealerRef(live.id),
      },
      hooks: { onHandFinished: (_h, hand) => this.handFinished(live, run, hand) },
      ...(this.service.requireWatch
        ? { watchGuard: (user, code) => this.service.requireWatch!(live.id, user, code) }
        : {}),
      // A table that cannot deal retries with back-off (the host); its error shows on the board
      // and is logged once per distinct error until the table deals again.
      log: (level, msg, data) => {
        if (msg.startsWith('deal failed')) {
          if (this.faults.report(this.source(live.id, tableNo), new Error(`${msg}: ${firstLine(data?.err)}`)))
            this.logger.error({ msg, tournamentId: live.id, tableNo, ...data });
          return;
        }
        this.logger[level === 'error' ? 'error' : 'warn']({ msg, tournamentId: live.id, tableNo, ...data });
      },
    });
    live.tables.set(tableNo, run);
    this.tables.attach(run.host);
    run.host.start();
  }

  /** Stops and unregisters hosts (table broken, tournament over, lease lost, shutdown). */
  private async closeTables(live: TournamentRun, tableNos: number[]): Promise<void> {
    const closing = tableNos.flatMap((closingNo) => {
      const run = live.tables.get(closingNo);
      if (!run) return [];
      // Issue 25: a broken table's players carry their sitting-out marks and banks to their new tables.
      (live.marks ??= new SeatMarks()).capture(run.host.table, new Set());
      live.tables.delete(closingNo);
      live.closed.add(closingNo);
      run.host.stop();
      this.tables.detach(run.host.tableId);
      // Clustered: the lease goes back at once (a broken table is gone; at shutdown another copy
      // takes the table over without waiting for the lease to expire).
      if (this.clustered) void this.ownership.release(run.host.tableId).catch(() => undefined);
      return [run.host];
    });
    // Let a command in flight finish (a stopped host starts nothing new), but never wait forever.
    let timer: NodeJS.Timeout | undefined;
    await Promise.race([
      Promise.allSettled(closing.map((h) => h.idle())),
      new Promise<void>((r) => (timer = setTimeout(r, 5_000))),
    ]);
    clearTimeout(timer);
  }

  /** User names and bot flags for seats (cached: they never change during a tournament). */
  private async seatsWithNames(seats: readonly (SeatWithStack | null)[]): Promise<(TournamentSeat | null)[]> {
    const missing = seats.flatMap((s) => (s && !this.names.has(s.userId) ? [s.userId] : []));
    if (missing.length) {
      const users = await tournamentViewRepository.userNames(this.prisma, missing);
      for (const user of users) this.names.set(user.id, { name: user.username, isBot: user.isBot });
    }
    return seats.map((seat) => {
      if (!seat) return null;
      const who = this.names.get(seat.userId) ?? { name: seat.userId.slice(0, 8), isBot: false };
      return { userId: seat.userId, name: who.name, isBot: who.isBot, stack: seat.stack };
    });
  }

  /**
   * The host asks before each deal: the service allows it (or not) under the tournament's lock.
   * The begun hand is kept until its result is recorded: a deal the host could not start (a store
   * error) is the same hand again — with the table's seats and book stacks read anew, never a
   * stale copy (the table's dealt-in players cannot move or play elsewhere while it is busy, but
   * players moved onto its free seats since must not be unseated by an old picture). A begun hand
   * the host still cannot deal after a few tries is given back (the crash rule for this table:
   * hands it stored are cancelled, the table is no longer busy) so the tournament is never held
   * by one table's deal.
   */
  private async nextHand(live: TournamentRun, run: TableRun): Promise<TournamentDeal | null> {
    if (this.stopping || live.lost) return null;
    if (run.handOff && !run.begun) {
      void this.handOffNow(live, run);
      return null;
    }
    let begun = run.begun;
    if (begun && begun.asked >= 3) {
      await this.service.recoverTable(live.id, run.tableNo, run.fence);
      this.logger.warn({
        msg: 'gave a begun tournament hand back: its table could not deal it',
        tournamentId: live.id,
        tableNo: run.tableNo,
        handNumber: begun.start.handNumber,
      });
      run.begun = begun = null;
    }
    if (!begun) {
      const start = await this.service.beginTableHand(live.id, run.tableNo, run.fence);
      if (!start) return null;
      // Kept at once: the table is busy in the tournament from now until this hand is recorded.
      run.begun = begun = { start, deal: null, asked: 0 };
    } else if (begun.deal) {
      const maps = await this.service.seatMaps(live.id, new Set([run.tableNo]));
      const seats = maps.tables.get(run.tableNo);
      if (!maps.running || !seats) return null;
      begun.start = {
        ...begun.start,
        seats,
        version: Math.max(begun.start.version, maps.versions?.get(run.tableNo) ?? maps.version),
      };
      begun.deal = null;
    }
    begun.asked++;
    const start = begun.start;
    run.schedule.enter(start.stepIndex);
    begun.deal = {
      handNumber: start.handNumber,
      seats: await this.seatsWithNames(start.seats),
      dealtIn: start.deal.players.map((p) => p.seat),
      button: start.deal.button,
      ...(start.deal.bigBlind !== undefined
        ? { smallBlind: start.deal.smallBlind ?? null, bigBlind: start.deal.bigBlind }
        : {}),
      version: start.version,
      ...timeBankRefill(live, run, start.stepIndex),
    };
    await this.carryMarks(live, run, begun.deal);
    return begun.deal;
  }

  /**
   * Issue 25: before a deal (inside the host's queue, between hands), the players leaving this table
   * leave their sitting-out mark and time bank with the runner, and the players arriving get theirs
   * back (seated here first, as the dealer would seat them next).
   */
  private async carryMarks(live: TournamentRun, run: TableRun, deal: TournamentDeal): Promise<void> {
    const marks = (live.marks ??= new SeatMarks());
    const host = run.host;
    const wanted = new Set(deal.seats.flatMap((x) => (x ? [x.userId] : [])));
    marks.capture(host.table, wanted);
    const here = new Set(host.table.seats.flatMap((x) => (x ? [x.playerId] : [])));
    // New here, or seated by a mirror whose marks are still queued behind this deal.
    const arrived = [...wanted].filter((u) => !here.has(u) || marks.has(u));
    if (!arrived.length) return;
    await host.commit(seating(host.table, new Set(), deal.seats, host.timers.now()));
    await marks.applyArrivals(host, arrived, this.hostsOf(live));
  }

  private hostsOf(live: TournamentRun): TableHost[] {
    return [...live.tables.values()].map((x) => x.host);
  }

  /** A hand ended at a table: the service records it (busts, places, moves, breaks); the tables follow. */
  private async handFinished(live: TournamentRun, run: TableRun, hand: FinishedHand): Promise<void> {
    const begun = run.begun;
    if (!begun || this.stopping || live.lost) return;
    const players = begun.start.deal.players;
    const stackOf = new Map(begun.start.seats.flatMap((s) => (s ? [[s.userId, s.stack] as const] : [])));
    const result = {
      dealtIn: oddChipOrder(players, begun.start.deal.button).map((player, order) => ({
        userId: player.userId,
        stack: stackOf.get(player.userId) ?? 0,
        order,
      })),
      after: new Map(hand.stacks.map((s) => [s.playerId, s.stack])),
      ...(hand.pots ? { pots: hand.pots } : {}),
    };
    let outcome: Awaited<ReturnType<TournamentTables['finishTableHand']>>;
    for (let attempt = 1; ; attempt++) {
      try {
        outcome = await this.service.finishTableHand(live.id, run.tableNo, result, run.fence);
        break;
      } catch (err) {
        // The table stays busy in the tournament's state until its result is recorded, and this
        // runs in the table's own queue, so it deals nothing meanwhile: retry until it is recorded
        // (giving up would deal the begun hand again from its old stacks, undoing a hand everyone
        // saw and its busts). Not when another copy owns the table now: its crash rule records it.
        if (this.stopping || live.lost || isStaleFence(err) || !live.tables.has(run.tableNo)) throw err;
        const msg = 'recording a tournament hand failed; retrying (the table waits)';
        const data = { msg, tournamentId: live.id, tableNo: run.tableNo, attempt, err: String(err) };
        if (attempt % 10 === 5) this.logger.error(data);
        else this.logger.warn(data);
        await sleep(Math.min(5_000, 200 * attempt));
      }
    }
    run.begun = null;
    this.faults.clear(this.source(live.id, run.tableNo));
    // The tables this hand changed: its own (busts), both ends of every move, the broken ones.
    const touched = new Set([
      run.tableNo,
      ...outcome.brokenTables,
      ...outcome.moves.flatMap((m) => [m.from.tableId, m.to.tableId]),
    ]);
    // Not awaited: this runs inside this table's own command queue, which the mirror also uses.
    void this.mirrorSeating(live, touched).catch((err: unknown) =>
      this.logger.warn({ msg: 'mirroring seats failed', tournamentId: live.id, err: String(err) }),
    );
  }

  /**
   * Tables mirror the tournament's seating between their hands (busts leave, moved players arrive); broken ones close.
   */
  private async mirrorSeating(live: TournamentRun, touched: ReadonlySet<number>): Promise<void> {
    if (this.stopping || live.lost) return;
    const maps = await this.service.seatMaps(live.id, touched);
    if (!maps.running) return; // the tournament loop closes everything
    // Issue 25: every leaving player's sitting-out mark and time bank first (seat-marks.ts), then
    // the seats, then the arrivals get their marks back (each in its host's queue, after the sync).
    const marks = (live.marks ??= new SeatMarks());
    // Broken tables are not in the maps: every player still seated at one leaves it now.
    for (const [tableNo, run] of live.tables) if (!maps.open.has(tableNo)) marks.capture(run.host.table, new Set());
    const syncs: { run: TableRun; seats: (TournamentSeat | null)[]; arrived: string[]; version: number }[] = [];
    for (const [tableNo, seats] of maps.tables) {
      const run = live.tables.get(tableNo);
      if (!run) continue;
      const wanted = new Set(seats.flatMap((x) => (x ? [x.userId] : [])));
      marks.capture(run.host.table, wanted);
      const here = new Set(run.host.table.seats.flatMap((x) => (x ? [x.playerId] : [])));
      const arrived = [...wanted].filter((u) => !here.has(u));
      syncs.push({
        run,
        seats: await this.seatsWithNames(seats),
        arrived,
        version: maps.versions?.get(tableNo) ?? maps.version,
      });
    }
    for (const { run, seats, arrived, version } of syncs) {
      const host = run.host;
      void host
        .syncTournamentSeats(seats, version)
        .then(() =>
          arrived.length ? host.queue.run(() => marks.applyArrivals(host, arrived, this.hostsOf(live))) : undefined,
        )
        .catch((err: unknown) => this.logger.warn({ msg: 'seat sync failed', tableNo: run.tableNo, err: String(err) }));
    }
    const gone = [...live.tables.keys()].filter((n) => !maps.open.has(n));
    if (gone.length) await this.closeTables(live, gone);
  }
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
  const size = Math.max(button, ...players.map((p) => p.seat)) + 1;
  const from = (seat: number) => (seat - button - 1 + 2 * size) % size;
  return [...players].sort((x, y) => from(x.seat) - from(y.seat));
}

function firstLine(err: unknown): string {
  return String(err ?? '').split('\n')[0];
}

function isStaleFence(err: unknown): boolean {
  return (err as { code?: string } | null)?.code === 'STALE_FENCING_TOKEN';
}
