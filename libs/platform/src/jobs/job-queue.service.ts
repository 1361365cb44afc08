// Producer side of the job registry: enqueue by registered name with a checked payload and the
// job's idempotent id.
import { Inject, Injectable } from '@nestjs/common';
import { ModuleRef } from '@nestjs/core';
import { getQueueToken } from '@nestjs/bullmq';
import type { Job, JobsOptions, Queue } from 'bullmq';
import { JOBS, type JobName, type JobPayload, type QueueName } from '@naiko/contracts';

/** Attempts of a lifecycle job (`ensure`). */
export const LIFECYCLE_ATTEMPTS = 10;

@Injectable()
export class JobQueue {
  constructor(@Inject(ModuleRef) private readonly moduleRef: ModuleRef) {}

  queue(name: QueueName): Queue {
    return this.moduleRef.get<Queue>(getQueueToken(name), { strict: false });
  }

  /**
   * Adds the job unless one with the same id exists (BullMQ ignores a duplicate id), so callers
   * may retry freely. Throws if the payload does not match the job's schema.
   */
  async enqueue<J extends JobName>(
    name: J,
    payload: JobPayload<J>,
    options: Omit<JobsOptions, 'jobId'> = {},
  ): Promise<Job> {
    const def = JOBS[name];
    const data = def.payload.parse(payload) as JobPayload<J>;
    const jobId = (def.jobId as (p: JobPayload<J>) => string)(data);
    return this.queue(def.queue).add(name, data, {
      removeOnComplete: { count: 1000 },
      removeOnFail: { count: 5000 },
      ...options,
      jobId,
    });
  }

  /**
   * A tournament lifecycle's job (scheduled tournaments, Sit & Go and Spin: libs/tournament
   * lifecycle.ts): `enqueue` with retries (10 attempts, exponential backoff from 200 ms), so a
   * transient failure (the database away for a moment, a step that ran before its predecessor)
   * does not stop the tournament. A job that failed for good still holds its id, so enqueueing it
   * again would be ignored: it is retried instead (a restart or the reconciler asks again), unless
   * `revive` is false (a paused tournament's held step must not run now).
   */
  async ensure<J extends JobName>(
    name: J,
    payload: JobPayload<J>,
    options: Omit<JobsOptions, 'jobId'> = {},
    { revive = true }: { revive?: boolean } = {},
  ): Promise<Job> {
    const job = await this.enqueue(name, payload, {
      attempts: LIFECYCLE_ATTEMPTS,
      backoff: { type: 'exponential', delay: 200 },
      ...options,
    });
    const def = JOBS[name];
    const id = (def.jobId as (p: JobPayload<J>) => string)(def.payload.parse(payload) as JobPayload<J>);
    const stored = job.id === id ? job : ((await this.queue(def.queue).getJob(id)) ?? job);
    if (revive && (await stored.getState()) === 'failed') await stored.retry('failed');
    return stored;
  }
}
