import { SetMetadata } from '@nestjs/common';
import type { JobName } from '@naiko/contracts';

export const JOB_HANDLER = 'naiko:job-handler';

/**
 * Marks a provider method as the handler of a registered job. The method receives the payload
 * (already validated against the job's schema) and the BullMQ job; its return value becomes the
 * job's result. Keep handlers thin: call a service.
 */
export const JobHandler = (name: JobName) => SetMetadata(JOB_HANDLER, name);
