/**
 * Typed errors of the table library. Every refused transition throws a `TableError` with a stable
 * `code`, so the gateway can map it to a typed client error without parsing messages; a refused
 * transition never changes the state (all transitions return new values).
 */
export type TableErrorCode =
  | 'INVALID_CONFIG'
  | 'INVALID_AMOUNT'
  | 'BUY_IN_BELOW_MIN'
  | 'BUY_IN_ABOVE_MAX'
  | 'SEAT_OUT_OF_RANGE'
  | 'SEAT_TAKEN'
  | 'TABLE_FULL'
  | 'ALREADY_SEATED'
  | 'ALREADY_WAITING'
  | 'NOT_SEATED'
  | 'NOT_WAITING'
  | 'SEAT_RESERVED'
  | 'SEAT_AVAILABLE'
  | 'NOT_INVITED'
  | 'NOT_HOST'
  | 'BOTS_DISABLED'
  | 'HAND_IN_PROGRESS'
  | 'NO_HAND_IN_PROGRESS'
  | 'STALE_PLAN'
  | 'CHIPS_NOT_CONSERVED'
  | 'BAD_HAND_RESULT'
  | 'TABLE_CLOSED';

export class TableError extends Error {
  constructor(
    readonly code: TableErrorCode,
    message: string,
  ) {
    super(`${code}: ${message}`);
    this.name = 'TableError';
  }
}

export function fail(code: TableErrorCode, message: string): never {
  throw new TableError(code, message);
}
