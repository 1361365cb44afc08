// Domain refusals of the Sit & Go service; the controller maps `code` to an HTTP status.
import type { LifecycleRefusal } from '@naiko/tournament';

export type SitAndGoErrorCode = 'UNKNOWN_TEMPLATE' | 'NOT_FOUND' | 'ALREADY_REGISTERED' | LifecycleRefusal;

export class SitAndGoError extends Error {
  constructor(
    readonly code: SitAndGoErrorCode,
    message: string,
  ) {
    super(message);
    this.name = 'SitAndGoError';
  }
}
