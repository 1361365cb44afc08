/**
 * Typed errors of the tournament library. Every error carries a machine-readable `code` so callers
 * (HTTP handlers, job processors) can map it to a response without parsing messages. A function that
 * throws one of these has changed nothing: all functions here are pure.
 */
export class TournamentError<C extends string = string> extends Error {
  constructor(
    readonly code: C,
    message: string,
  ) {
    super(message);
    this.name = new.target.name;
  }
}

export type BlindStructureErrorCode =
  | 'empty'
  | 'starts-with-break'
  | 'ends-with-break'
  | 'consecutive-breaks'
  | 'not-integer'
  | 'non-positive-blind'
  | 'big-blind-below-small-blind'
  | 'ante-mismatch'
  | 'ante-too-large'
  | 'blinds-decrease'
  | 'non-positive-duration'
  | 'bad-elapsed';

export class InvalidBlindStructureError extends TournamentError<BlindStructureErrorCode> {
  constructor(
    code: BlindStructureErrorCode,
    message: string,
    /** Index in `steps` of the offending step, when there is one. */
    readonly stepIndex: number | null = null,
  ) {
    super(code, message);
  }
}

export type PrizeErrorCode = 'entrants-out-of-range' | 'bad-pool' | 'bad-table' | 'bad-standings';

export class PrizeError extends TournamentError<PrizeErrorCode> {}

export type PlacesErrorCode = 'bad-remaining' | 'bad-bust' | 'duplicate-player' | 'no-survivor';

export class PlacesError extends TournamentError<PlacesErrorCode> {}

export type RegistrationErrorCode =
  | 'bad-config'
  | 'registration-not-open'
  | 'late-registration-closed'
  | 'already-registered'
  | 'not-registered'
  | 're-entry-not-allowed'
  | 'tournament-full'
  | 'already-started'
  | 'not-running'
  | 'already-finished'
  | 'already-cancelled'
  | 'unknown-entry'
  | 'entry-not-active';

export class RegistrationError extends TournamentError<RegistrationErrorCode> {}

export type SeatingErrorCode =
  'bad-table-size' | 'bad-snapshot' | 'duplicate-player' | 'duplicate-table' | 'bad-break-order' | 'no-players';

export class SeatingError extends TournamentError<SeatingErrorCode> {}

export type SpinErrorCode = 'bad-spin-table' | 'bad-buy-in';

export class SpinError extends TournamentError<SpinErrorCode> {}

export type TemplateErrorCode = 'bad-seats' | 'seats-exceed-game' | 'bad-amount' | 'bad-clock' | 'bad-spin-template';

export class TemplateError extends TournamentError<TemplateErrorCode> {}

export type DealErrorCode = 'bad-stacks' | 'bad-payouts' | 'bad-amount' | 'too-many-players';

/** Final-table deals (ICM, chip chop) and the cancellation-after-start split. */
export class DealError extends TournamentError<DealErrorCode> {}

export type BountyErrorCode = 'bad-amount' | 'bad-eliminators' | 'duplicate-player';

export class BountyError extends TournamentError<BountyErrorCode> {}

export type RebuyErrorCode = 'bad-config' | 'bad-count';

export class RebuyError extends TournamentError<RebuyErrorCode> {}

export type StructureTemplateErrorCode = 'bad-suggestion-input' | 'unknown-template';

export class StructureTemplateError extends TournamentError<StructureTemplateErrorCode> {}

export type SatelliteErrorCode = 'bad-config' | 'bad-standings' | 'seat-value-too-low';

export class SatelliteError extends TournamentError<SatelliteErrorCode> {}
