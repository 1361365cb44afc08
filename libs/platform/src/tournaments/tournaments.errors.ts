// Refusals of the tournament service; the controller maps the code to an HTTP status.
export type TournamentErrorCode =
  | 'NOT_FOUND'
  | 'BAD_SETTINGS'
  | 'ALREADY_STARTED'
  | 'NOT_OPEN'
  | 'ALREADY_REGISTERED'
  | 'NOT_REGISTERED'
  | 'FULL'
  | 'RE_ENTRY_NOT_ALLOWED'
  | 'LATE_REGISTRATION_CLOSED'
  | 'FINISHED'
  | 'CANCELLED'
  // Issue 25: rebuys and add-ons (tournaments/rebuys.ts).
  | 'NOT_SEATED'
  | 'HAND_IN_PROGRESS'
  | 'REBUY_REFUSED'
  // Issue 25: a satellite's seat must buy the target's entry (satellites.ts).
  | 'SEAT_VALUE_TOO_LOW'
  // Issue 25: final-table deals and pauses.
  | 'NOT_RUNNING'
  | 'NOT_FINAL_TABLE'
  | 'DEAL_PENDING'
  | 'NO_DEAL'
  | 'NOT_IN_DEAL'
  | 'BAD_DEAL';

export class TournamentError extends Error {
  constructor(
    readonly code: TournamentErrorCode,
    message: string,
  ) {
    super(message);
    this.name = 'TournamentError';
  }
}
