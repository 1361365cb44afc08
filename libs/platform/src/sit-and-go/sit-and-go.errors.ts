// Domain refusals of the Sit & Go lobby; the controller maps `code` to an HTTP status. An instance is
// a tournament: its registration's refusals are the tournament's codes (../tournaments/tournaments.errors.ts).
import type { LifecycleRefusal } from '@naiko/tournament';
import type { TournamentErrorCode } from '../tournaments/tournaments.errors';

export type SitAndGoErrorCode = 'UNKNOWN_TEMPLATE' | 'NOT_FOUND' | LifecycleRefusal | TournamentErrorCode;

export class SitAndGoError extends Error {
  constructor(
    readonly code: SitAndGoErrorCode,
    message: string,
  ) {
    super(message);
    this.name = 'SitAndGoError';
  }
}
