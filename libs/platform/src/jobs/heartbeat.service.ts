// The heartbeat proves the BullMQ path end to end: a job scheduler enqueues `heartbeat` every
// HEARTBEAT_EVERY_MS; whichever process consumes the `system` queue answers it. `roundTrip()`
// enqueues one and waits for its result through QueueEvents, so it works across processes.
import { Inject, Injectable, Logger, type OnApplicationBootstrap, type OnModuleDestroy } from '@nestjs/common';
import { QueueEvents, type Job } from 'bullmq';
import { randomUUID } from 'node:crypto';
import { QUEUES, type HeartbeatPayload } from '@naiko/contracts';
import { APP_CONFIG, APP_INFO, REDIS_ENDPOINT, REDIS_NAMESPACE, type AppInfo } from '../tokens';
import type { AppConfig } from '../config/config.schema';
import type { RedisEndpoint } from '../redis/redis-endpoint';
import type { RedisNamespace } from '../redis/redis-namespace';
import { bullmqConnection } from '../redis/redis-options';
import { JobHandler } from './job-handler.decorator';
import { JobQueue } from './job-queue.service';
import { ReconcileJobs } from './job-reconciler.service';

export interface HeartbeatResult {
  tag: string;
  origin: string;
  handledBy: string;
  handledAt: number;
}

@Injectable()
export class HeartbeatService implements OnApplicationBootstrap, OnModuleDestroy {
  private readonly logger = new Logger('Heartbeat');
  private events?: QueueEvents;
  private last?: HeartbeatResult;

  constructor(
    private readonly jobs: JobQueue,
    @Inject(APP_CONFIG) private readonly config: AppConfig,
    @Inject(APP_INFO) private readonly app: AppInfo,
    @Inject(REDIS_ENDPOINT) private readonly redis: RedisEndpoint,
    @Inject(REDIS_NAMESPACE) private readonly ns: RedisNamespace,
  ) {}

  @JobHandler('heartbeat')
  handle(payload: HeartbeatPayload, _job: Job): HeartbeatResult {
    this.last = { ...payload, handledBy: this.app.instanceId, handledAt: Date.now() };
    this.logger.debug({ msg: 'heartbeat', ...this.last });
    return this.last;
  }

  /** The last heartbeat this process handled. */
  lastHandled(): HeartbeatResult | undefined {
    return this.last;
  }

  async onApplicationBootstrap(): Promise<void> {
    await this.schedule();
  }

  /** (Re)creates the heartbeat's job scheduler; also after Redis lost its data (upsert: idempotent). */
  @ReconcileJobs('heartbeat')
  async schedule(): Promise<{ every: number }> {
    if (this.config.HEARTBEAT_EVERY_MS > 0) {
      await this.jobs
        .queue(QUEUES.system)
        .upsertJobScheduler(
          'heartbeat',
          { every: this.config.HEARTBEAT_EVERY_MS },
          { name: 'heartbeat', data: { origin: 'scheduler', tag: 'scheduled' } satisfies HeartbeatPayload },
        );
    }
    return { every: this.config.HEARTBEAT_EVERY_MS };
  }

  /** Enqueues a heartbeat and resolves with the consumer's answer. */
  async roundTrip(timeoutMs = 10_000): Promise<HeartbeatResult & { latencyMs: number }> {
    this.events ??= new QueueEvents(QUEUES.system, {
      connection: bullmqConnection(this.redis.url),
      prefix: this.ns.prefix,
    });
    await this.events.waitUntilReady();
    const started = Date.now();
    const job = await this.jobs.enqueue('heartbeat', { origin: this.app.instanceId, tag: randomUUID() });
    const result = (await job.waitUntilFinished(this.events, timeoutMs)) as HeartbeatResult;
    return { ...result, latencyMs: Date.now() - started };
  }

  async onModuleDestroy(): Promise<void> {
    await this.events?.close();
  }
}
