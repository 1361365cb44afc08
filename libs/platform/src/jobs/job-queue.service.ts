// Producer side of the job registry: enqueue by registered name with a checked payload and the
// job's idempotent id.
import { Inject, Injectable } from '@nestjs/common';
import { ModuleRef } from '@nestjs/core';
import { getQueueToken } from '@nestjs/bullmq';
import type { Job, JobsOptions, Queue } from 'bullmq';
import { JOBS, type JobName, type JobPayload, type QueueName } from '@naiko/contracts';

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
}
