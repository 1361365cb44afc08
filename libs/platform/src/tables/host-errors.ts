// Every refusal of the table host is typed: a socket error code for the client plus the stable
// reason of libs/table (TableError.code) or the engine (ActionError.code) in front of the message.
import type { SocketErrorCode } from '@naiko/contracts';
import { TableError, type TableErrorCode } from '@naiko/table';

export class TableHostError extends Error {
  constructor(
    readonly code: SocketErrorCode,
    readonly reason: string,
    message: string,
  ) {
    super(`${reason}: ${message}`);
    this.name = 'TableHostError';
  }
}

const TABLE_CODES: Partial<Record<TableErrorCode, SocketErrorCode>> = {
  INVALID_CONFIG: 'BAD_PAYLOAD',
  INVALID_AMOUNT: 'BAD_PAYLOAD',
  BUY_IN_BELOW_MIN: 'BAD_PAYLOAD',
  BUY_IN_ABOVE_MAX: 'BAD_PAYLOAD',
  SEAT_OUT_OF_RANGE: 'BAD_PAYLOAD',
  NOT_INVITED: 'FORBIDDEN',
  NOT_HOST: 'FORBIDDEN',
  BOTS_DISABLED: 'FORBIDDEN',
  NOT_SEATED: 'NOT_FOUND',
  NOT_WAITING: 'NOT_FOUND',
};

/** libs/table refusals → typed host errors (seat taken, hand in progress, ... are conflicts). */
export function fromTableError(err: unknown): never {
  if (err instanceof TableError)
    throw new TableHostError(TABLE_CODES[err.code] ?? 'CONFLICT', err.code, err.message.replace(/^[A-Z_]+: /, ''));
  throw err;
}

const ENGINE_CODES: Record<string, SocketErrorCode> = {
  STALE_VERSION: 'CONFLICT',
  HAND_OVER: 'CONFLICT',
  NOT_YOUR_TURN: 'CONFLICT',
  UNKNOWN_ACTION: 'BAD_PAYLOAD',
  ILLEGAL_ACTION: 'FORBIDDEN',
  ILLEGAL_AMOUNT: 'FORBIDDEN',
  RAISE_NOT_ALLOWED: 'FORBIDDEN',
};

export function fromEngineError(error: { code: string; message: string }): TableHostError {
  return new TableHostError(ENGINE_CODES[error.code] ?? 'FORBIDDEN', error.code, error.message);
}
