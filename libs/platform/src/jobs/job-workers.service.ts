// Consumer side of the job registry: finds every @JobHandler, refuses to start when a job of a
// consumed queue has no handler (or has two), and runs one BullMQ worker per consumed queue that
// validates each payload before dispatching by job name.
import { Inject, Injectable, Logger, type OnApplicationBootstrap, type OnModuleDestroy } from '@nestjs/common';
import { DiscoveryService, MetadataScanner, Reflector } from '@nestjs/core';
import { Worker, type Job } from 'bullmq';
import { JOBS, jobsOfQueue, type JobName, type QueueName } from '@naiko/contracts';
import { REDIS_ENDPOINT, REDIS_NAMESPACE } from '../tokens';
import type { RedisNamespace } from '../redis/redis-namespace';
import type { RedisEndpoint } from '../redis/redis-endpoint';
import { bullmqConnection } from '../redis/redis-options';
import { JOB_HANDLER } from './job-handler.decorator';

export const CONSUMED_QUEUES = Symbol('CONSUMED_QUEUES');

type Handler = (payload: unknown, job: Job) => unknown;

export class MissingJobHandlerError extends Error {
  override name = 'MissingJobHandlerError';
}

/** Checks that every job of every consumed queue has exactly one handler. */
export function checkHandlers(consumed: readonly QueueName[], handlers: ReadonlyMap<JobName, unknown[]>): void {
  const problems: string[] = [];
  for (const queue of consumed) {
    for (const name of jobsOfQueue(queue)) {
      const count = handlers.get(name)?.length ?? 0;
      if (count === 0) problems.push(`job "${name}" on queue "${queue}" has no @JobHandler`);
      if (count > 1) problems.push(`job "${name}" on queue "${queue}" has ${count} @JobHandler methods`);
    }
  }
  if (problems.length) throw new MissingJobHandlerError(`Job registry: ${problems.join('; ')}`);
}

@Injectable()
export class JobWorkers implements OnApplicationBootstrap, OnModuleDestroy {
  private readonly logger = new Logger('Jobs');
  private readonly workers: Worker[] = [];

  constructor(
    private readonly discovery: DiscoveryService,
    private readonly scanner: MetadataScanner,
    private readonly reflector: Reflector,
    @Inject(CONSUMED_QUEUES) private readonly consumed: QueueName[],
    @Inject(REDIS_ENDPOINT) private readonly redis: RedisEndpoint,
    @Inject(REDIS_NAMESPACE) private readonly ns: RedisNamespace,
  ) {}

  private collectHandlers(): Map<JobName, Handler[]> {
    const found = new Map<JobName, Handler[]>();
    for (const wrapper of this.discovery.getProviders()) {
      const instance = wrapper.instance as Record<string, unknown> | undefined;
      if (!instance || typeof instance !== 'object' || !wrapper.isDependencyTreeStatic()) continue;
      const proto = Object.getPrototypeOf(instance);
      for (const method of this.scanner.getAllMethodNames(proto)) {
        const name = this.reflector.get<JobName | undefined>(JOB_HANDLER, proto[method]);
        if (!name) continue;
        if (!(name in JOBS)) throw new MissingJobHandlerError(`@JobHandler("${name}") names no registered job`);
        const fn = (instance[method] as Handler).bind(instance);
        found.set(name, [...(found.get(name) ?? []), fn]);
      }
    }
    return found;
  }

  async onApplicationBootstrap(): Promise<void> {
    const handlers = this.collectHandlers();
    checkHandlers(this.consumed, handlers);
    for (const queue of this.consumed) {
      const worker = new Worker(
        queue,
        async (job: Job) => {
          const def = JOBS[job.name as JobName];
          const handler = handlers.get(job.name as JobName)?.[0];
          if (!def || def.queue !== queue || !handler)
            throw new Error(`no handler for job "${job.name}" on "${queue}"`);
          return handler(def.payload.parse(job.data), job);
        },
        {
          connection: bullmqConnection(this.redis.url),
          prefix: this.ns.prefix,
          concurrency: 8,
          // A job whose copy died (SIGKILL: its lock is never released) runs again on another copy
          // once its lock expires and a stalled check sees it: within 10 s + 5 s instead of
          // BullMQ's 30 s + 30 s, so a tournament's next level is at most seconds late after a
          // crash. A live worker renews its locks every 5 s; every handler is idempotent anyway.
          lockDuration: 10_000,
          stalledInterval: 5_000,
        },
      );
      worker.on('failed', (job, err) =>
        this.logger.warn({ msg: 'job failed', queue, job: job?.name, id: job?.id, err: err.message }),
      );
      worker.on('error', (err) => this.logger.error({ msg: 'worker error', queue, err: err.message }));
      this.workers.push(worker);
    }
    this.logger.log({ msg: 'job workers started', queues: this.consumed });
  }

  async onModuleDestroy(): Promise<void> {
    await Promise.all(this.workers.map((w) => w.close()));
  }
}
