// The minimal tournament table runner (the cash-table host of libs/platform/src/tables was not
// ready to take tournament tables when this was built): one loop per running instance deals hands
// with the engine, every seat played by the libs/table bot policy, each step persisted through
// the HandStore (tournament book) before listeners hear of it.
//
// One writer per table: a Redis lease `<prefix>:sng-runner:<id>` (renewed before every hand)
// makes sure only one process deals an instance. At start-up a process cancels the instance's
// running hand (crash rule: contributions back to the tournament stacks) and resumes dealing.
// Between hands it reads the blind step in force (a new level applies from the next hand) and
// waits while a break is in force.
import { Inject, Injectable, Logger, type OnApplicationBootstrap, type OnModuleDestroy } from '@nestjs/common';
import { Redis } from 'ioredis';
import { RunnerLease } from '../cluster/runner-lease';
import { randomUUID } from 'node:crypto';
import { apply, legalActions, type Action, type HandConfig, type HandEvent, type HandState, type LegalActions, type Stakes } from '@naiko/engine';
import { timeoutAction } from '@naiko/table';
import type { SitAndGoActPayload, SitAndGoActResult } from '@naiko/contracts';
import { cancelRunningHand, HandStore, PrismaService } from '@naiko/persistence';
import { APP_CONFIG, REDIS_ENDPOINT } from '../tokens';
import type { AppConfig } from '../config/config.schema';
import type { RedisEndpoint } from '../redis/redis-endpoint';
import { playBotHand } from './bot-hand';
import { SitAndGoService, tournamentIdOf, type InstanceRow } from './sit-and-go.service';

export const SIT_AND_GO_RUNNER_OPTIONS = Symbol('SIT_AND_GO_RUNNER_OPTIONS');

export interface RunnerOptions {
  /** False: this process runs the jobs but deals no table (another process deals them). */
  deal: boolean;
  /** Pause between hands (ms), so watchers can follow; 0 in tests. */
  handPauseMs: number;
  /** How often a waiting loop looks again (break in force, lease held elsewhere). */
  pollMs: number;
  leaseMs: number;
}

/** One persisted step of a running hand, for the gateway to filter per viewer. */
export interface HandStep {
  instanceId: number;
  handNumber: number;
  state: HandState;
  /** This step's events (empty for a snapshot sent on (re)connect). */
  events: HandEvent[];
  /** When the human to act times out (ms since epoch); null when a bot acts or nobody does. */
  deadline: number | null;
  /** Seat of each player dealt in. */
  players: { seat: number; userId: string }[];
  /** Everyone seated at the start (busted players watch as spectators). */
  seated: string[];
}

export type HandListener = (step: HandStep) => void;

/** A human decision waiting in this process. */
interface PendingDecision {
  userId: string;
  seat: number;
  state: HandState;
  deadline: number;
  timer: NodeJS.Timeout;
  resolve: (action: Action) => void;
  reject: (err: Error) => void;
}

/** Ends a hand loop whose process shuts down mid-decision (the next dealer cancels the hand). */
class RunnerStopping extends Error {}

export const DEFAULT_RUNNER_OPTIONS: RunnerOptions = { deal: true, handPauseMs: 500, pollMs: 100, leaseMs: 5_000 };

const sleep = (ms: number) => new Promise<void>((r) => setTimeout(r, ms));

/** Blinds of a level as engine stakes (a big-blind ante is one ante posted by the big blind). */
export function stakesOf(level: { smallBlind: number; bigBlind: number; ante: number; anteKind: string }): Stakes {
  const stakes: Stakes = { smallBlind: level.smallBlind, bigBlind: level.bigBlind };
  if (level.anteKind === 'ante') stakes.ante = level.ante;
  if (level.anteKind === 'big-blind-ante') {
    stakes.ante = level.ante;
    stakes.bigBlindAnte = true;
  }
  return stakes;
}

/** The next button: the first seat with chips clockwise after the last button (moving button). */
export function nextButton(seats: readonly number[], last: number | null): number {
  const sorted = [...seats].sort((a, b) => a - b);
  if (last === null) return sorted[0];
  return sorted.find((s) => s > last) ?? sorted[0];
}

@Injectable()
export class SitAndGoRunner implements OnApplicationBootstrap, OnModuleDestroy {
  private readonly logger = new Logger('SitAndGoRunner');
  private readonly loops = new Map<number, Promise<void>>();
  private readonly store: HandStore;
  private readonly owner = randomUUID();
  private redis?: Redis;
  private stopping = false;
  private sweep?: NodeJS.Timeout;
  private readonly handListeners: HandListener[] = [];
  /** instanceId → the human decision this process waits for. */
  private readonly pending = new Map<number, PendingDecision>();
  /** instanceId → the last step of the hand running here (for a (re)connecting player). */
  private readonly current = new Map<number, HandStep>();

  constructor(
    private readonly prisma: PrismaService,
    private readonly service: SitAndGoService,
    @Inject(REDIS_ENDPOINT) private readonly redisEndpoint: RedisEndpoint,
    @Inject(APP_CONFIG) private readonly config: AppConfig,
    @Inject(SIT_AND_GO_RUNNER_OPTIONS) private readonly options: RunnerOptions,
  ) {
    this.store = new HandStore(prisma);
    service.listen({ changed: () => undefined, started: (id) => this.ensure(id) });
  }

  async onApplicationBootstrap(): Promise<void> {
    this.redis = new Redis(this.redisEndpoint.url, { maxRetriesPerRequest: null, lazyConnect: false });
    for (const id of await this.service.resumeJobs()) this.ensure(id);
    // A dealer that died leaves its lease to expire; every process sweeps for running instances
    // nobody deals (the lease decides who takes them).
    this.sweep = setInterval(() => {
      this.service
        .unfinished()
        .then((list) => list.filter((u) => u.status === 'running').forEach((u) => this.ensure(u.id)))
        .catch((err: unknown) => this.logger.warn({ msg: 'sweep failed', err: String(err) }));
    }, this.options.leaseMs);
  }

  async onModuleDestroy(): Promise<void> {
    this.stopping = true;
    clearInterval(this.sweep);
    // A decision left waiting would hold the loop open; the process is going, a new dealer
    // cancels the hand by the crash rule.
    for (const [id, d] of [...this.pending]) {
      clearTimeout(d.timer);
      this.pending.delete(id);
      d.reject(new RunnerStopping('shutting down'));
    }
    await Promise.allSettled([...this.loops.values()]);
    await this.redis?.quit().catch(() => undefined);
  }

  /** The gateway subscribes here: every persisted step of every hand dealt in this process. */
  onHand(listener: HandListener): void {
    this.handListeners.push(listener);
  }

  /** The last persisted step of the instance's running hand, if this process deals it. */
  snapshot(instanceId: number): HandStep | null {
    return this.current.get(instanceId) ?? null;
  }

  /**
   * A seated player's action. Checked against the engine (`apply` with the expected version) on
   * the state the decision waits on; a refusal changes nothing and says why. An accepted action
   * stops the clock and is applied and persisted by the hand loop.
   */
  act(instanceId: number, userId: string, p: Omit<SitAndGoActPayload, 'instanceId'>, seated: boolean): SitAndGoActResult {
    if (!seated) return { ok: false, code: 'NOT_SEATED', message: 'you have no seat in this Sit & Go' };
    const d = this.pending.get(instanceId);
    if (!d) return { ok: false, code: 'NO_DECISION', message: 'no decision is waiting (or the table is dealt by another process)' };
    if (d.userId !== userId) return { ok: false, code: 'NOT_YOUR_TURN', message: 'it is not your turn' };
    const action: Action = { type: p.action, seat: d.seat, expectedVersion: p.expectedVersion };
    if (p.amount !== undefined) action.amount = p.amount;
    const r = apply(d.state, action);
    if (!r.ok) return { ok: false, code: r.error.code as Exclude<SitAndGoActResult, { ok: true }>['code'], message: r.error.message };
    this.settle(instanceId, d, action);
    return { ok: true, version: r.state.version };
  }

  private settle(instanceId: number, d: PendingDecision, action: Action): void {
    if (this.pending.get(instanceId) !== d) return;
    clearTimeout(d.timer);
    this.pending.delete(instanceId);
    d.resolve(action);
  }

  /**
   * Waits for a human's decision with the template's clock (naiko §7): on timeout the table checks
   * if legal, else folds (libs/table `timeoutAction`). A disconnected player is timed out the same
   * way: he is blinded off but stays in the tournament.
   */
  private awaitHuman(instanceId: number, userId: string, state: HandState, legal: LegalActions, deadline: number): Promise<Action> {
    return new Promise<Action>((resolve, reject) => {
      const d: PendingDecision = {
        userId,
        seat: legal.seat,
        state,
        deadline,
        resolve,
        reject,
        timer: setTimeout(() => {
          const t = timeoutAction({
            kind: 'bet',
            legal: legal.actions,
            structure: state.config.structure,
            disconnected: false,
            committed: 0,
            protectionAvailable: false,
          });
          this.settle(instanceId, d, { type: t.type, seat: legal.seat, expectedVersion: legal.version });
        }, Math.max(0, deadline - Date.now())),
      };
      this.pending.set(instanceId, d);
    });
  }

  /** Starts dealing an instance in this process unless a loop already runs here. */
  ensure(instanceId: number): void {
    if (!this.options.deal || this.stopping || this.loops.has(instanceId)) return;
    const loop = this.run(instanceId)
      .catch((err: unknown) => void (err instanceof RunnerStopping || this.logger.error({ msg: 'runner stopped', instanceId, err: err instanceof Error ? err.stack : String(err) })))
      .finally(() => this.loops.delete(instanceId));
    this.loops.set(instanceId, loop);
  }

  /** Resolves when no loop runs in this process (tests). */
  async idle(): Promise<void> {
    while (this.loops.size) await Promise.allSettled([...this.loops.values()]);
  }

  /** Sleeps up to `ms`, in short slices so a shutdown is not held up. */
  private async pause(ms: number): Promise<void> {
    const until = Date.now() + ms;
    while (!this.stopping && Date.now() < until) await sleep(Math.min(50, until - Date.now()));
  }

  private leaseOf?: RunnerLease;
  private get lease(): RunnerLease {
    return (this.leaseOf ??= new RunnerLease(`${this.config.REDIS_PREFIX}:sng-runner`, this.owner, this.options.leaseMs));
  }

  private takeLease(id: number): Promise<boolean> {
    return this.lease.take(this.redis!, id);
  }

  private releaseLease(id: number): Promise<void> {
    return this.lease.release(this.redis, id);
  }

  private async run(instanceId: number): Promise<void> {
    const tournamentId = tournamentIdOf(instanceId);
    let recovered = false;
    // Keep the lease alive during a long hand too; losing it stops this loop after the hand.
    let lost = false;
    const renew = setInterval(() => {
      this.takeLease(instanceId).then((ok) => (lost ||= !ok), () => undefined);
    }, Math.max(50, Math.floor(this.options.leaseMs / 3)));
    try {
      while (!this.stopping && !lost) {
        const row = await this.service.instance(instanceId);
        if (row.status !== 'running') return;
        // Another process deals it; the sweep looks again when a lease could have expired.
        if (!(await this.takeLease(instanceId))) return;
        if (!recovered) {
          // Crash rule: a hand left running by a dead process is cancelled, chips back to the stacks.
          const running = await this.prisma.hand.findMany({ where: { tournamentId, status: 'running' }, select: { id: true } });
          for (const h of running) await cancelRunningHand(this.prisma, await this.store.getHand(h.id));
          recovered = true;
        }
        const level = this.service.levelInForce(row);
        if (!level) {
          await this.pause(this.options.pollMs); // a break: no hand starts
          continue;
        }
        await this.playOne(row, level);
        await this.pause(this.options.handPauseMs);
      }
    } finally {
      clearInterval(renew);
      if (!lost) await this.releaseLease(instanceId);
    }
  }

  private async playOne(row: InstanceRow, level: { smallBlind: number; bigBlind: number; ante: number; anteKind: string }): Promise<void> {
    const tournamentId = tournamentIdOf(row.id);
    const accounts = await this.prisma.chipAccount.findMany({ where: { tournamentId, kind: 'tournament_stack' } });
    const stackOf = new Map(accounts.map((a) => [a.userId!, Number(a.balance)]));
    const alive = (row.seating ?? []).filter((s) => (stackOf.get(s.userId) ?? 0) > 0).sort((a, b) => a.seat - b.seat);
    if (alive.length < 2) return; // recordHand moves a finished instance to paying
    const button = nextButton(alive.map((s) => s.seat), row.button);
    const t = row.template;
    const config: HandConfig = {
      variant: t.game,
      structure: t.bettingStructure,
      seats: alive.map((s) => ({ seat: s.seat, stack: stackOf.get(s.userId)! })),
      button,
      stakes: stakesOf(level),
    };
    const bots = new Set(
      (await this.prisma.user.findMany({ where: { id: { in: alive.map((s) => s.userId) }, isBot: true }, select: { id: true } })).map((u) => u.id),
    );
    const humans = new Map(alive.filter((s) => !bots.has(s.userId)).map((s) => [s.seat, s.userId]));
    const handNumber = row.hands_played + 1;
    const players = alive.map((s) => ({ seat: s.seat, userId: s.userId }));
    const seated = (row.seating ?? []).map((s) => s.userId);
    const decisionMs = t.clock.decisionMs;
    // The deadline of the next human decision is fixed when the step before it is persisted, so the
    // player is told it with that step.
    let nextDeadline: { version: number; at: number } | null = null;
    let result: Awaited<ReturnType<typeof playBotHand>>;
    try {
      result = await playBotHand(this.store, {
        tournamentId,
        handNumber,
        config,
        players,
        humans: new Set(humans.keys()),
        onEvents: (events, state) => {
          const legal = legalActions(state);
          nextDeadline = legal && humans.has(legal.seat) ? { version: legal.version, at: Date.now() + decisionMs } : null;
          const step: HandStep = { instanceId: row.id, handNumber, state, events, deadline: nextDeadline?.at ?? null, players, seated };
          this.current.set(row.id, step);
          for (const l of this.handListeners) l(step);
        },
        awaitHuman: (state, legal) => {
          const nd = nextDeadline as { version: number; at: number } | null;
          const at = nd && nd.version === legal.version ? nd.at : Date.now() + decisionMs;
          return this.awaitHuman(row.id, humans.get(legal.seat)!, state, legal, at);
        },
      });
    } finally {
      this.current.delete(row.id);
    }
    const n = alive.length;
    const buttonIndex = alive.findIndex((s) => s.seat === button);
    const dealtIn = alive.map((s, i) => ({ userId: s.userId, stack: stackOf.get(s.userId)!, order: (i - buttonIndex - 1 + 2 * n) % n }));
    const after = new Map(alive.map((s) => [s.userId, result.stacks.get(s.seat) ?? 0]));
    await this.service.recordHand(row.id, dealtIn, after, button);
  }
}
