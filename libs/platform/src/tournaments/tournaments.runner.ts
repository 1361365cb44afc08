// Runs the tables of running tournaments in this process: each tournament table is a TableHost
// (libs/platform/src/tables) — the same per-seat feeds, clock, time bank and timeout rules as a
// cash table, so a registered human plays his own hands over the table socket events, and bots
// (bot entrants only) act from their own seat's view.
//
// The tournament decides, the host deals: before each hand the host asks `nextHand`, which asks the
// service under the tournament's row lock whether the table may deal (no hand in a break, during a
// final-table redraw hold or out of turn in a hand-for-hand round) and to whom; the host then
// mirrors the tournament's seats (busts gone, moved players arrived, stacks from the tournament's
// book) and deals. After the hand, `onHandFinished` hands the final stacks to the service (busts,
// places, balancing, table breaks, hand-for-hand) in one transaction, and every table of the
// tournament mirrors the new seating between its hands — a player is only ever moved between hands.
//
// One writer per tournament: a Redis lease `<prefix>:mtt-runner:<id>` (renewed while running). When
// a process takes a tournament over, it first applies the crash rule: the hands left running are
// cancelled (contributions back to the tournament stacks) and no table counts as busy any more.
import { Inject, Injectable, Logger, type OnApplicationBootstrap, type OnModuleDestroy } from '@nestjs/common';
import { Redis } from 'ioredis';
import { randomUUID } from 'node:crypto';
import { cancelRunningHand, HandStore, PrismaService } from '@naiko/persistence';
import { DEFAULT_CLOCK, makeTableConfig, type TableConfig } from '@naiko/table';
import { RunnerLease } from '../cluster/runner-lease';
import { APP_CONFIG, REDIS_ENDPOINT } from '../tokens';
import type { AppConfig } from '../config/config.schema';
import type { RedisEndpoint } from '../redis/redis-endpoint';
import { TournamentChipSource } from '../tables/chip-source';
import { TableHost, type FinishedHand, type TournamentDeal, type TournamentSeat } from '../tables/table-host';
import { TableSockets } from '../tables/table-sockets';
import { TablesService } from '../tables/tables.service';
import { LevelSchedule } from './level-schedule';
import { mttTableId } from './table-ids';
import type { TournamentSettings } from './tournament-config';
import { mttTournamentId, TournamentsService, type HandStart, type SeatWithStack, type TournamentRow } from './tournaments.service';

export const TOURNAMENT_RUNNER_OPTIONS = Symbol('TOURNAMENT_RUNNER_OPTIONS');

export interface TournamentRunnerOptions {
  /** Pause between hands at a table (ms); 0 in tests. */
  handPauseMs: number;
  /** How often a waiting table asks again (break, hand-for-hand, redraw) and the lease is renewed. */
  pollMs: number;
  leaseMs: number;
  /** A bot's thinking time (ms); 0 in tests. */
  botDelayMs: number;
}

export const DEFAULT_TOURNAMENT_RUNNER_OPTIONS: TournamentRunnerOptions = { handPauseMs: 500, pollMs: 100, leaseMs: 5_000, botDelayMs: 500 };

const sleep = (ms: number) => new Promise<void>((r) => setTimeout(r, ms));

/** One table of a tournament run here. */
interface TableRun {
  tableNo: number;
  host: TableHost;
  schedule: LevelSchedule;
  /** The hand the service allowed and the host is dealing/playing (cleared once its result is recorded). */
  begun: { start: HandStart; deal: TournamentDeal } | null;
}

/** A tournament run here (this process holds its lease). */
interface TournamentRun {
  id: number;
  tables: Map<number, TableRun>;
  /** The lease went to another process: deal nothing more. */
  lost: boolean;
  /** Tables closed here (broken): a stale read of the seating never hosts them again. */
  closed: Set<number>;
}

/** The table configuration of a tournament's tables: its game, seats and clock; any stack fits. */
export function tournamentTableConfig(s: TournamentSettings, schedule: LevelSchedule): TableConfig {
  return makeTableConfig({
    game: s.game as TableConfig['game'],
    structure: s.bettingStructure as TableConfig['structure'],
    stakes: schedule.first(),
    // Stacks come from the tournament's book; the table accepts whatever the tournament seats.
    buyIn: { min: 1, max: s.bettingStructure === 'fixed-limit' ? null : Number.MAX_SAFE_INTEGER },
    seats: s.tableSize,
    botsAllowed: true,
    clock: {
      ...DEFAULT_CLOCK,
      ...(s.clock.decisionMs > 0 ? { decisionMs: s.clock.decisionMs } : {}),
      ...(s.clock.timeBankMs !== undefined ? { timeBankMs: s.clock.timeBankMs } : {}),
      reconnectWindowMs: s.clock.reconnectMs,
    },
  });
}

@Injectable()
export class TournamentRunner implements OnApplicationBootstrap, OnModuleDestroy {
  private readonly logger = new Logger('TournamentRunner');
  private readonly loops = new Map<number, Promise<void>>();
  private readonly runs = new Map<number, TournamentRun>();
  private readonly store: HandStore;
  private readonly owner = randomUUID();
  private readonly names = new Map<string, { name: string; isBot: boolean }>();
  private redis?: Redis;
  private stopping = false;
  private sweep?: NodeJS.Timeout;

  constructor(
    private readonly prisma: PrismaService,
    private readonly service: TournamentsService,
    private readonly tables: TablesService,
    private readonly sockets: TableSockets,
    @Inject(REDIS_ENDPOINT) private readonly redisEndpoint: RedisEndpoint,
    @Inject(APP_CONFIG) private readonly config: AppConfig,
    @Inject(TOURNAMENT_RUNNER_OPTIONS) private readonly options: TournamentRunnerOptions,
  ) {
    this.store = new HandStore(prisma);
    service.listen({ changed: () => undefined, started: (id) => this.ensure(id) });
  }

  async onApplicationBootstrap(): Promise<void> {
    this.redis = new Redis(this.redisEndpoint.url, { maxRetriesPerRequest: null, lazyConnect: false });
    for (const id of await this.service.resumeJobs()) this.ensure(id);
    // A runner that died leaves its lease to expire; every process sweeps for running tournaments
    // nobody runs here (the lease decides who takes them).
    this.sweep = setInterval(() => {
      this.service
        .runningIds()
        .then((ids) => ids.forEach((id) => this.ensure(id)))
        .catch((err: unknown) => this.logger.warn({ msg: 'sweep failed', err: String(err) }));
    }, this.options.leaseMs);
  }

  async onModuleDestroy(): Promise<void> {
    this.stopping = true;
    clearInterval(this.sweep);
    await Promise.allSettled([...this.loops.values()]);
    await this.redis?.quit().catch(() => undefined);
  }

  /** Starts running a tournament in this process unless it already runs here. */
  ensure(id: number): void {
    if (this.stopping || this.loops.has(id)) return;
    const loop = this.run(id)
      .catch((err: unknown) => this.logger.error({ msg: 'tournament runner stopped', id, err: err instanceof Error ? err.stack : String(err) }))
      .finally(() => this.loops.delete(id));
    this.loops.set(id, loop);
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
    return (this.leaseOf ??= new RunnerLease(`${this.config.REDIS_PREFIX}:mtt-runner`, this.owner, this.options.leaseMs));
  }

  /** The tournament loop: holds the lease, recovers once, keeps one host per open table. */
  private async run(id: number): Promise<void> {
    const live: TournamentRun = { id, tables: new Map(), lost: false, closed: new Set() };
    let recovered = false;
    let leased = false;
    try {
      while (!this.stopping) {
        const row = await this.service.get(id);
        if (row.status !== 'running') break;
        if (!(await this.lease.take(this.redis!, id))) {
          // Another process runs it (or took it over): the sweep looks again later.
          live.lost = leased;
          break;
        }
        leased = true;
        if (!recovered) {
          const t = mttTournamentId(id);
          const running = await this.prisma.hand.findMany({ where: { tournamentId: t, status: 'running' }, select: { id: true } });
          for (const h of running) await cancelRunningHand(this.prisma, await this.store.getHand(h.id));
          await this.service.clearHandsInProgress(id);
          recovered = true;
          this.runs.set(id, live);
        }
        this.reconcileTables(live, row);
        await this.pause(Math.max(this.options.pollMs, 50));
      }
    } finally {
      this.runs.delete(id);
      await this.closeTables(live, [...live.tables.keys()]);
      if (leased && !live.lost) await this.lease.release(this.redis, id);
    }
  }

  /** One host per table of the tournament's seating: new tables hosted, broken ones closed. */
  private reconcileTables(live: TournamentRun, row: TournamentRow): void {
    if (this.stopping || live.lost) return;
    const open = new Set((row.state.seating?.tables ?? []).map((t) => t.tableId));
    for (const tableNo of open) if (!live.tables.has(tableNo) && !live.closed.has(tableNo)) this.openTable(live, row, tableNo);
    const gone = [...live.tables.keys()].filter((n) => !open.has(n));
    if (gone.length) void this.closeTables(live, gone);
  }

  private openTable(live: TournamentRun, row: TournamentRow, tableNo: number): void {
    const schedule = new LevelSchedule(row.config.blindStructure);
    const run: TableRun = { tableNo, host: undefined as unknown as TableHost, schedule, begun: null };
    run.host = new TableHost({
      tableId: mttTableId(live.id, tableNo),
      name: `${row.name} — table ${tableNo}`,
      config: tournamentTableConfig(row.config, schedule),
      chips: new TournamentChipSource(mttTournamentId(live.id)),
      hands: this.store,
      broadcaster: this.sockets,
      schedule,
      handPauseMs: this.options.handPauseMs,
      botDelayMs: this.options.botDelayMs,
      tournament: { nextHand: () => this.nextHand(live, run), retryMs: Math.max(this.options.pollMs, 20), tournamentId: live.id },
      hooks: { onHandFinished: (_h, hand) => this.handFinished(live, run, hand) },
      log: (level, msg, data) => this.logger[level === 'error' ? 'error' : 'warn']({ msg, tournamentId: live.id, tableNo, ...data }),
    });
    live.tables.set(tableNo, run);
    this.tables.attach(run.host);
    run.host.start();
  }

  /** Stops and unregisters hosts (table broken, tournament over, lease lost, shutdown). */
  private async closeTables(live: TournamentRun, tableNos: number[]): Promise<void> {
    const closing = tableNos.flatMap((n) => {
      const run = live.tables.get(n);
      if (!run) return [];
      live.tables.delete(n);
      live.closed.add(n);
      run.host.stop();
      this.tables.detach(run.host.tableId);
      return [run.host];
    });
    // Let a command in flight finish (a stopped host starts nothing new), but never wait forever.
    let timer: NodeJS.Timeout | undefined;
    await Promise.race([Promise.allSettled(closing.map((h) => h.idle())), new Promise<void>((r) => (timer = setTimeout(r, 5_000)))]);
    clearTimeout(timer);
  }

  /** User names and bot flags for seats (cached: they never change during a tournament). */
  private async seatsWithNames(seats: readonly (SeatWithStack | null)[]): Promise<(TournamentSeat | null)[]> {
    const missing = seats.flatMap((s) => (s && !this.names.has(s.userId) ? [s.userId] : []));
    if (missing.length) {
      const users = await this.prisma.user.findMany({ where: { id: { in: missing } }, select: { id: true, username: true, isBot: true } });
      for (const u of users) this.names.set(u.id, { name: u.username, isBot: u.isBot });
    }
    return seats.map((s) => {
      if (!s) return null;
      const who = this.names.get(s.userId) ?? { name: s.userId.slice(0, 8), isBot: false };
      return { userId: s.userId, name: who.name, isBot: who.isBot, stack: s.stack };
    });
  }

  /** The host asks before each deal: the service allows it (or not) under the tournament's lock. */
  private async nextHand(live: TournamentRun, run: TableRun): Promise<TournamentDeal | null> {
    if (this.stopping || live.lost) return null;
    // A deal the service allowed but the host could not start (a store error): the same hand again.
    if (run.begun) return run.begun.deal;
    const start = await this.service.beginTableHand(live.id, run.tableNo);
    if (!start) return null;
    run.schedule.enter(start.stepIndex);
    const deal: TournamentDeal = {
      handNumber: start.handNumber,
      seats: await this.seatsWithNames(start.seats),
      dealtIn: start.deal.players.map((p) => p.seat),
      button: start.deal.button,
      version: start.version,
    };
    run.begun = { start, deal };
    return deal;
  }

  /** A hand ended at a table: the service records it (busts, places, moves, breaks); the tables follow. */
  private async handFinished(live: TournamentRun, run: TableRun, hand: FinishedHand): Promise<void> {
    const begun = run.begun;
    if (!begun || this.stopping || live.lost) return;
    const players = begun.start.deal.players;
    const stackOf = new Map(begun.start.seats.flatMap((s) => (s ? [[s.userId, s.stack] as const] : [])));
    const n = players.length;
    const buttonIndex = players.findIndex((p) => p.seat === begun.start.deal.button);
    const result = {
      dealtIn: players.map((p, i) => ({ userId: p.userId, stack: stackOf.get(p.userId) ?? 0, order: (i - buttonIndex - 1 + 2 * n) % n })),
      after: new Map(hand.stacks.map((s) => [s.playerId, s.stack])),
    };
    let outcome: Awaited<ReturnType<TournamentsService['finishTableHand']>>;
    for (let attempt = 1; ; attempt++) {
      try {
        outcome = await this.service.finishTableHand(live.id, run.tableNo, result);
        break;
      } catch (err) {
        // The table stays busy in the tournament's state until its result is recorded: retry.
        if (attempt >= 5 || this.stopping || live.lost) throw err;
        this.logger.warn({ msg: 'recording a tournament hand failed; retrying', tournamentId: live.id, tableNo: run.tableNo, err: String(err) });
        await sleep(200 * attempt);
      }
    }
    run.begun = null;
    // The tables this hand changed: its own (busts), both ends of every move, the broken ones.
    const touched = new Set([run.tableNo, ...outcome.brokenTables, ...outcome.moves.flatMap((m) => [m.from.tableId, m.to.tableId])]);
    // Not awaited: this runs inside this table's own command queue, which the mirror also uses.
    void this.mirrorSeating(live, touched).catch((err: unknown) => this.logger.warn({ msg: 'mirroring seats failed', tournamentId: live.id, err: String(err) }));
  }

  /** Tables mirror the tournament's seating between their hands (busts leave, moved players arrive); broken ones close. */
  private async mirrorSeating(live: TournamentRun, touched: ReadonlySet<number>): Promise<void> {
    if (this.stopping || live.lost) return;
    const maps = await this.service.seatMaps(live.id, touched);
    if (!maps.running) return; // the tournament loop closes everything
    for (const [tableNo, seats] of maps.tables) {
      const run = live.tables.get(tableNo);
      if (run) void run.host.syncTournamentSeats(await this.seatsWithNames(seats), maps.version).catch((err: unknown) => this.logger.warn({ msg: 'seat sync failed', tableNo, err: String(err) }));
    }
    const gone = [...live.tables.keys()].filter((n) => !maps.open.has(n));
    if (gone.length) await this.closeTables(live, gone);
  }
}
