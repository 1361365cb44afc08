// Deals the tables of running tournaments in this process: one loop per table, each hand played by
// the libs/table bot policy through the Sit & Go module's `playBotHand` (every engine step persisted
// through the HandStore in the tournament's book before anyone hears of it).
//
// A table loop asks the service whether its table may deal (the row lock decides: no hand in a
// break, during a final-table redraw hold or out of turn in a hand-for-hand round), plays the hand,
// then hands the result back; the service balances and breaks tables in the same transaction, so a
// player is never moved while he is in a hand. A loop ends when its table is broken.
//
// One writer per tournament: a Redis lease `<prefix>:mtt-runner:<id>` (renewed while dealing). When
// a process takes a tournament over, it first applies the crash rule: the hands left running are
// cancelled (contributions back to the tournament stacks) and no table counts as busy any more.
//
// Why not the table host (libs/platform/src/tables): it was being built at the same time; this
// runner is the same shape as the Sit & Go one so both can move to it together.
import { Inject, Injectable, Logger, type OnApplicationBootstrap, type OnModuleDestroy } from '@nestjs/common';
import { Redis } from 'ioredis';
import { RunnerLease } from '../cluster/runner-lease';
import { randomUUID } from 'node:crypto';
import type { HandConfig } from '@naiko/engine';
import { cancelRunningHand, HandStore, PrismaService } from '@naiko/persistence';
import { APP_CONFIG, REDIS_ENDPOINT } from '../tokens';
import type { AppConfig } from '../config/config.schema';
import type { RedisEndpoint } from '../redis/redis-endpoint';
import { playBotHand } from '../sit-and-go/bot-hand';
import { stakesOf } from '../sit-and-go/sit-and-go.runner';
import { mttTournamentId, TournamentsService } from './tournaments.service';

export const TOURNAMENT_RUNNER_OPTIONS = Symbol('TOURNAMENT_RUNNER_OPTIONS');

export interface TournamentRunnerOptions {
  /** Pause between hands at a table (ms); 0 in tests. */
  handPauseMs: number;
  /** How often a waiting table looks again (break, hand-for-hand, redraw, lease held elsewhere). */
  pollMs: number;
  leaseMs: number;
}

export const DEFAULT_TOURNAMENT_RUNNER_OPTIONS: TournamentRunnerOptions = { handPauseMs: 500, pollMs: 100, leaseMs: 5_000 };

const sleep = (ms: number) => new Promise<void>((r) => setTimeout(r, ms));

@Injectable()
export class TournamentRunner implements OnApplicationBootstrap, OnModuleDestroy {
  private readonly logger = new Logger('TournamentRunner');
  private readonly loops = new Map<number, Promise<void>>();
  private readonly store: HandStore;
  private readonly owner = randomUUID();
  private redis?: Redis;
  private stopping = false;
  private sweep?: NodeJS.Timeout;

  constructor(
    private readonly prisma: PrismaService,
    private readonly service: TournamentsService,
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
    // A dealer that died leaves its lease to expire; every process sweeps for running tournaments
    // nobody deals here (the lease decides who takes them).
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

  /** Starts dealing a tournament in this process unless it already runs here. */
  ensure(id: number): void {
    if (this.stopping || this.loops.has(id)) return;
    const loop = this.run(id)
      .catch((err: unknown) => this.logger.error({ msg: 'tournament runner stopped', id, err: err instanceof Error ? err.stack : String(err) }))
      .finally(() => this.loops.delete(id));
    this.loops.set(id, loop);
  }

  /** Resolves when no tournament is dealt in this process (tests). */
  async idle(): Promise<void> {
    while (this.loops.size) await Promise.allSettled([...this.loops.values()]);
  }

  private async pause(ms: number): Promise<void> {
    const until = Date.now() + ms;
    while (!this.stopping && Date.now() < until) await sleep(Math.min(50, until - Date.now()));
  }

  private leaseOf?: RunnerLease;
  private get lease(): RunnerLease {
    return (this.leaseOf ??= new RunnerLease(`${this.config.REDIS_PREFIX}:mtt-runner`, this.owner, this.options.leaseMs));
  }

  private takeLease(id: number): Promise<boolean> {
    return this.lease.take(this.redis!, id);
  }

  private releaseLease(id: number): Promise<void> {
    return this.lease.release(this.redis, id);
  }

  /** The tournament loop: holds the lease, recovers once, keeps one loop per open table. */
  private async run(id: number): Promise<void> {
    const tables = new Map<number, Promise<void>>();
    // Losing the lease (renewed every poll) stops every table loop before its next hand.
    const ctl = { lost: false };
    let recovered = false;
    let leased = false;
    try {
      while (!this.stopping) {
        const row = await this.service.get(id);
        if (row.status !== 'running') break;
        const ok = await this.takeLease(id);
        if (!ok) {
          // Another process deals it (or took it over): the sweep looks again later.
          ctl.lost = leased;
          break;
        }
        leased = true;
        if (!recovered) {
          const t = mttTournamentId(id);
          const running = await this.prisma.hand.findMany({ where: { tournamentId: t, status: 'running' }, select: { id: true } });
          for (const h of running) await cancelRunningHand(this.prisma, await this.store.getHand(h.id));
          await this.service.clearHandsInProgress(id);
          recovered = true;
        }
        for (const tb of row.state.seating?.tables ?? []) {
          if (tables.has(tb.tableId)) continue;
          const loop = this.runTable(id, tb.tableId, ctl)
            .catch((err: unknown) => this.logger.error({ msg: 'table loop stopped', id, tableId: tb.tableId, err: err instanceof Error ? err.stack : String(err) }))
            .finally(() => tables.delete(tb.tableId));
          tables.set(tb.tableId, loop);
        }
        await this.pause(Math.max(this.options.pollMs, 50));
      }
    } finally {
      await Promise.allSettled([...tables.values()]);
      if (leased && !ctl.lost) await this.releaseLease(id);
    }
  }

  /** One table: deal whenever the service allows, until the table is broken or the tournament ends. */
  private async runTable(id: number, tableId: number, ctl: { lost: boolean }): Promise<void> {
    const t = mttTournamentId(id);
    while (!this.stopping && !ctl.lost) {
      const row = await this.service.get(id);
      if (row.status !== 'running' || !row.state.seating?.tables.some((x) => x.tableId === tableId)) return;
      const start = await this.service.beginTableHand(id, tableId);
      if (!start) {
        await this.pause(this.options.pollMs);
        continue;
      }
      const { deal, level, handNumber, settings } = start;
      const accounts = await this.prisma.chipAccount.findMany({
        where: { tournamentId: t, kind: 'tournament_stack', userId: { in: deal.players.map((p) => p.userId) } },
      });
      const stackOf = new Map(accounts.map((a) => [a.userId!, Number(a.balance)]));
      const config: HandConfig = {
        variant: settings.game as HandConfig['variant'],
        structure: settings.bettingStructure as HandConfig['structure'],
        seats: deal.players.map((p) => ({ seat: p.seat, stack: stackOf.get(p.userId) ?? 0 })),
        button: deal.button,
        stakes: stakesOf(level),
      };
      const result = await playBotHand(this.store, { tournamentId: t, handNumber, config, players: deal.players });
      const n = deal.players.length;
      const buttonIndex = deal.players.findIndex((p) => p.seat === deal.button);
      await this.service.finishTableHand(id, tableId, {
        dealtIn: deal.players.map((p, i) => ({ userId: p.userId, stack: stackOf.get(p.userId) ?? 0, order: (i - buttonIndex - 1 + 2 * n) % n })),
        after: new Map(deal.players.map((p) => [p.userId, result.stacks.get(p.seat) ?? 0])),
      });
      if (this.options.handPauseMs) await this.pause(this.options.handPauseMs);
    }
  }
}
