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
//
// The runner's parts: table-runner-types.ts (the options, the service adapter and the pure helpers,
// re-exported here), table-runs.ts (the live tournaments and tables, and the context the parts
// share), table-hands.ts (a table's hand cycle) and clustered-tables.ts (sharing the tables between
// copies). This class keeps the lifecycle, the one-process loop with its lease, and the wiring.
import { Logger } from '@nestjs/common';
import { Redis } from 'ioredis';
import { randomUUID } from 'node:crypto';
import { cancelRunningHand, HandStore, PrismaService, tournamentViewRepository } from '@naiko/persistence';
import { RunnerLease } from '../cluster/runner-lease';
import { backoffMs, FaultBoard } from '../health/fault-board';
import type { TableOwnership } from '../cluster/table-ownership';
import type { AppConfig } from '../config/config.schema';
import type { RedisEndpoint } from '../redis/redis-endpoint';
import type { TableHost } from '../tables/table-host';
import { TableSockets } from '../tables/table-sockets';
import { TablesService } from '../tables/tables.service';
import { ClusteredTables } from './clustered-tables';
import { TableHands } from './table-hands';
import type { RunningTournament, TournamentRunnerOptions, TournamentTables } from './table-runner-types';
import { sleep, type TableRunnerContext, type TournamentRun } from './table-runs';

export * from './table-runner-types';

export abstract class TournamentTableRunner {
  protected readonly logger: Logger;
  private readonly loops = new Map<number, Promise<void>>();
  private readonly runs = new Map<number, TournamentRun>();
  private readonly store: HandStore;
  private readonly owner = randomUUID();
  private redis?: Redis;
  private stopping = false;
  private sweep?: NodeJS.Timeout;
  private readonly ownership: TableOwnership;
  /** Tables are spread over copies with table leases (CLUSTER_MODE=redis). */
  private readonly clustered: boolean;
  /** A table's hand cycle (table-hands.ts). */
  private readonly hands: TableHands;
  /** Clustered: this copy's share of the tables (clustered-tables.ts); null in one process. */
  private readonly sharing: ClusteredTables | null;
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
    const router = tables.tableRouter;
    this.clustered = this.ownership.clustered && !!router && !!this.ownership.holders;
    const context: TableRunnerContext = {
      prisma,
      service,
      tables,
      sockets,
      options,
      logger: this.logger,
      faults,
      ownership: this.ownership,
      clustered: this.clustered,
      store: this.store,
      stopping: () => this.stopping,
      source: (id, tableNo) => this.source(id, tableNo),
      pause: (ms) => this.pause(ms),
    };
    this.hands = new TableHands(context, (live, run) => this.sharing!.handOffNow(live, run));
    this.sharing = this.clustered
      ? new ClusteredTables(context, this.hands, this.runs, router!, config, () => this.redis)
      : null;
    service.onStarted((id) => this.ensure(id));
    // A tournament table whose lease went to another copy: stop it at once, write nothing more.
    if (this.clustered) this.ownership.onLost((tableId) => this.sharing!.tableLost(tableId));
  }

  async onApplicationBootstrap(): Promise<void> {
    this.redis = new Redis(this.redisEndpoint.url, { maxRetriesPerRequest: null, lazyConnect: false });
    if (this.clustered) {
      await this.sharing!.beatRunners();
      this.runnersBeat = setInterval(
        () => void this.sharing!.beatRunners().catch(() => undefined),
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
    if (this.clustered) await this.redis?.zrem(this.sharing!.runnersKey, this.sharing!.me).catch(() => undefined);
    await this.redis?.quit().catch(() => undefined);
  }

  /** Starts running a tournament in this process unless it already runs here (or deals no table). */
  ensure(id: number): void {
    if (this.stopping || this.loops.has(id) || this.options.deal === false) return;
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
    if (this.clustered) return this.sharing!.runClustered(id);
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
      await this.hands.closeTables(live, [...live.tables.keys()]);
      if (leased && !live.lost) await this.lease.release(this.redis, id);
    }
  }

  /** One host per table of the tournament's seating: new tables hosted, broken ones closed. */
  private reconcileTables(live: TournamentRun, row: RunningTournament): void {
    if (this.stopping || live.lost) return;
    live.timeBank = row.timeBank;
    live.openTables = row.tables.length;
    const open = new Set(row.tables);
    for (const tableNo of open)
      if (!live.tables.has(tableNo) && !live.closed.has(tableNo)) this.hands.openTable(live, row, tableNo);
    const gone = [...live.tables.keys()].filter((tableNo) => !open.has(tableNo));
    if (gone.length) void this.hands.closeTables(live, gone);
  }
}
