// Typed ledger errors. Each carries a stable `code` the HTTP/socket layers map to responses; a
// command that throws one of them has changed nothing (its database transaction rolled back).
export type LedgerErrorCode =
  | 'INSUFFICIENT_FUNDS'
  | 'UNKNOWN_ACCOUNT'
  | 'INVALID_AMOUNT'
  | 'INVALID_INPUT'
  | 'IDEMPOTENCY_CONFLICT'
  | 'UNKNOWN_HAND'
  | 'HAND_NOT_RUNNING'
  | 'EVENT_SEQ_CONFLICT'
  | 'ALREADY_ENTERED';

export class LedgerError extends Error {
  constructor(
    readonly code: LedgerErrorCode,
    message: string,
    readonly details: Record<string, unknown> = {},
  ) {
    super(message);
    this.name = new.target.name;
  }
}

export class InsufficientFundsError extends LedgerError {
  constructor(
    readonly accountKey: string,
    readonly balance: number,
    readonly requested: number,
  ) {
    super('INSUFFICIENT_FUNDS', `account ${accountKey} holds ${balance} chips, ${requested} requested`, {
      accountKey,
      balance,
      requested,
    });
  }
}

export class UnknownAccountError extends LedgerError {
  constructor(readonly accountKey: string) {
    super('UNKNOWN_ACCOUNT', `no chip account ${accountKey}`, { accountKey });
  }
}

export class InvalidAmountError extends LedgerError {
  constructor(field: string, reason: string) {
    super('INVALID_AMOUNT', `${field}: ${reason}`, { field });
  }
}

export class InvalidInputError extends LedgerError {
  constructor(field: string, reason: string) {
    super('INVALID_INPUT', `${field}: ${reason}`, { field });
  }
}

/** The idempotency key was already used for a different command. */
export class IdempotencyConflictError extends LedgerError {
  constructor(readonly idempotencyKey: string) {
    super('IDEMPOTENCY_CONFLICT', `idempotency key ${idempotencyKey} was used for another command`, { idempotencyKey });
  }
}

export class UnknownHandError extends LedgerError {
  constructor(readonly handId: string) {
    super('UNKNOWN_HAND', `no hand ${handId}`, { handId });
  }
}

export class HandNotRunningError extends LedgerError {
  constructor(
    readonly handId: string,
    readonly status: string,
  ) {
    super('HAND_NOT_RUNNING', `hand ${handId} is ${status}`, { handId, status });
  }
}

/** appendEvents was called with a `fromSeq` other than the hand's next sequence number. */
export class EventSeqConflictError extends LedgerError {
  constructor(
    readonly handId: string,
    readonly expected: number,
    readonly got: number,
  ) {
    super('EVENT_SEQ_CONFLICT', `hand ${handId}: next event seq is ${expected}, got ${got}`, { handId, expected, got });
  }
}

export class AlreadyEnteredError extends LedgerError {
  constructor(tournamentId: string, userId: string) {
    super('ALREADY_ENTERED', `user ${userId} already entered tournament ${tournamentId}`, { tournamentId, userId });
  }
}
