// Domain refusals of the Sit & Go service; the controller maps `code` to an HTTP status.
export type SitAndGoErrorCode =
  'UNKNOWN_TEMPLATE' | 'NOT_FOUND' | 'ALREADY_REGISTERED' | 'NOT_REGISTERED' | 'ALREADY_STARTED';

export class SitAndGoError extends Error {
  constructor(
    readonly code: SitAndGoErrorCode,
    message: string,
  ) {
    super(message);
    this.name = 'SitAndGoError';
  }
}
