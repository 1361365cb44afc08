// PostgreSQL is the source of truth for what should be scheduled; Redis only carries the BullMQ
// jobs (issue 19, item 7). A Redis restarted without its data (or flushed) loses every delayed
// job — a tournament's start, its next level, a Sit & Go's next level, the heartbeat scheduler —
// and nothing would ever run them again. The reconciler puts them back from the database:
//
// - each source is a provider method marked `@ReconcileJobs('<source>')` that re-enqueues, with
//   the registry's idempotent job ids, what the database says is due next (it must be safe to call
//   at any time and any number of times, from any copy);
// - after a source ran, `<namespace>:reconciled:<source>` marks that Redis holds its jobs. Every
//   JOBS_RECONCILE_CHECK_MS each process checks the marks of its sources (one EXISTS each): a missing
//   mark means Redis lost its data, and that source is reconciled again at once;
// - on every reconnect of its Redis connection (a Redis restart, a failover) every source is
//   reconciled too, whatever the marks say.
//
// The mark is set BEFORE the source runs: data lost while it runs removes the mark again, so the
// next check catches it. A source that fails has its mark removed, so it is retried.
// At start-up the owners of the sources (the tournament and Sit & Go runners, the heartbeat) enqueue
// their jobs themselves; the reconciler then only sets the marks.
import {
  Inject,
  Injectable,
  Logger,
  SetMetadata,
  type OnApplicationBootstrap,
  type OnModuleDestroy,
} from '@nestjs/common';
import { DiscoveryService, MetadataScanner, Reflector } from '@nestjs/core';
import { Redis } from 'ioredis';
import { APP_CONFIG, APP_INFO, REDIS_ENDPOINT, REDIS_NAMESPACE, type AppInfo } from '../tokens';
import type { AppConfig } from '../config/config.schema';
import type { RedisEndpoint } from '../redis/redis-endpoint';
import type { RedisNamespace } from '../redis/redis-namespace';
import { redisOptionsFromUrl } from '../redis/redis-options';

export const RECONCILE_JOBS = 'naiko:reconcile-jobs';

/** Marks a provider method that re-enqueues, idempotently, the jobs of `source` from the database. */
export const ReconcileJobs = (source: string) => SetMetadata(RECONCILE_JOBS, source);

type Source = () => Promise<unknown>;

/** The Redis key saying that `source`'s jobs were put back since Redis last lost its data. */
export function reconcileMarkKey(ns: RedisNamespace, source: string): string {
  return `${ns.prefix}:reconciled:${source}`;
}

export interface ReconcileRun {
  reason: string;
  sources: string[];
  failed: string[];
  at: number;
}

@Injectable()
export class JobReconciler implements OnApplicationBootstrap, OnModuleDestroy {
  private readonly logger = new Logger('JobReconciler');
  private readonly sources = new Map<string, Source>();
  private redis?: Redis;
  private timer?: NodeJS.Timeout;
  private stopping = false;
  /** Sources waiting for a run, with why. */
  private readonly pending = new Map<string, string>();
  private running?: Promise<void>;
  /** Sources of the batch being run (their marks are set already). */
  private readonly inFlight = new Set<string>();
  private readonly history: ReconcileRun[] = [];
  private readonly listeners = new Set<(run: ReconcileRun) => void>();

  constructor(
    private readonly discovery: DiscoveryService,
    private readonly scanner: MetadataScanner,
    private readonly reflector: Reflector,
    @Inject(REDIS_ENDPOINT) private readonly endpoint: RedisEndpoint,
    @Inject(REDIS_NAMESPACE) private readonly ns: RedisNamespace,
    @Inject(APP_CONFIG) private readonly config: AppConfig,
    @Inject(APP_INFO) private readonly app: AppInfo,
  ) {}

  private collectSources(): void {
    for (const wrapper of this.discovery.getProviders()) {
      const instance = wrapper.instance as Record<string, unknown> | undefined;
      if (!instance || typeof instance !== 'object' || !wrapper.isDependencyTreeStatic()) continue;
      const proto = Object.getPrototypeOf(instance);
      for (const method of this.scanner.getAllMethodNames(proto)) {
        const source = this.reflector.get<string | undefined>(RECONCILE_JOBS, proto[method]);
        if (!source) continue;
        if (this.sources.has(source)) throw new Error(`@ReconcileJobs("${source}") is declared twice`);
        this.sources.set(source, (instance[method] as Source).bind(instance));
      }
    }
  }

  /** The sources this process reconciles. */
  sourceNames(): string[] {
    return [...this.sources.keys()].sort();
  }

  /** The runs so far (tests, tools). */
  runs(): readonly ReconcileRun[] {
    return this.history;
  }

  /** Calls `fn` after every run (tests). */
  onRun(fn: (run: ReconcileRun) => void): () => void {
    this.listeners.add(fn);
    return () => this.listeners.delete(fn);
  }

  async onApplicationBootstrap(): Promise<void> {
    this.collectSources();
    this.redis = new Redis({
      ...redisOptionsFromUrl(this.endpoint.url),
      // Fail a check fast while Redis is away (the reconnect itself triggers the reconcile).
      maxRetriesPerRequest: 1,
      retryStrategy: (times) => Math.min(50 * times, 1000),
    });
    this.redis.on('error', () => undefined);
    await this.redis.ping();
    // The start-up enqueue is done by the sources' owners at bootstrap: only mark it.
    await Promise.all(this.sourceNames().map((s) => this.redis!.set(reconcileMarkKey(this.ns, s), this.mark('start'))));
    // From now on, a `ready` is a reconnect: Redis restarted or the connection was cut.
    this.redis.on('ready', () => {
      this.logger.warn({
        msg: 'Redis connection is back: reconciling the BullMQ jobs with the database',
        installationId: this.ns.installationId,
      });
      this.request(this.sourceNames(), 'redis-reconnect');
    });
    const every = this.config.JOBS_RECONCILE_CHECK_MS;
    if (every > 0) {
      this.timer = setInterval(() => void this.check(), every);
      this.timer.unref();
    }
    this.logger.log({ msg: 'job reconciler ready', sources: this.sourceNames(), checkEveryMs: every });
  }

  private mark(reason: string): string {
    return JSON.stringify({ by: this.app.instanceId, reason, at: new Date().toISOString() });
  }

  /** Looks for sources whose mark is gone (Redis lost its data) and reconciles them. */
  async check(): Promise<void> {
    if (this.stopping || !this.redis || this.redis.status !== 'ready') return;
    try {
      const names = this.sourceNames();
      const exists = await Promise.all(names.map((s) => this.redis!.exists(reconcileMarkKey(this.ns, s))));
      const lost = names.filter((s, i) => exists[i] === 0 && !this.inFlight.has(s) && !this.pending.has(s));
      if (lost.length) {
        this.logger.warn({
          msg: 'Redis lost the jobs of these sources (their reconcile mark is gone): reconciling with the database',
          sources: lost,
          installationId: this.ns.installationId,
        });
        this.request(lost, 'redis-data-lost');
      }
    } catch {
      // Redis is away: the reconnect will trigger a full reconcile.
    }
  }

  /** Asks for `sources` to be reconciled; runs coalesce, one at a time. Resolves when done. */
  request(sources: string[], reason: string): Promise<void> {
    for (const source of sources)
      if (this.sources.has(source) && !this.pending.has(source)) this.pending.set(source, reason);
    if (!this.running) {
      this.running = this.drain().finally(() => (this.running = undefined));
    }
    return this.running;
  }

  /** Reconciles every source now (tools, tests). */
  reconcileAll(reason = 'manual'): Promise<void> {
    return this.request(this.sourceNames(), reason);
  }

  private async drain(): Promise<void> {
    while (this.pending.size && !this.stopping) {
      const batch = [...this.pending];
      this.pending.clear();
      const failed: string[] = [];
      for (const [source] of batch) this.inFlight.add(source);
      // Every mark first: a check during the run must not ask for the same sources again.
      await Promise.all(
        batch.map(([source, reason]) =>
          this.redis!.set(reconcileMarkKey(this.ns, source), this.mark(reason)).catch(() => undefined),
        ),
      );
      for (const [source, reason] of batch) {
        const key = reconcileMarkKey(this.ns, source);
        try {
          const result = await this.sources.get(source)!();
          this.logger.log({ msg: 'reconciled jobs with the database', source, reason, result });
        } catch (err) {
          failed.push(source);
          this.logger.warn({
            msg: 'reconcile failed; retried at the next check',
            source,
            reason,
            err: err instanceof Error ? err.message : String(err),
          });
          await this.redis!.del(key).catch(() => undefined);
        } finally {
          this.inFlight.delete(source);
        }
      }
      const run: ReconcileRun = {
        reason: [...new Set(batch.map(([, r]) => r))].join(','),
        sources: batch.map(([s]) => s),
        failed,
        at: Date.now(),
      };
      this.history.push(run);
      if (this.history.length > 100) this.history.shift();
      for (const listener of this.listeners) listener(run);
    }
  }

  async onModuleDestroy(): Promise<void> {
    this.stopping = true;
    clearInterval(this.timer);
    await this.running?.catch(() => undefined);
    this.redis?.disconnect();
  }
}
