// Ledger errors as HTTP answers: the typed error's code and message, a fitting status.
import { Catch, type ArgumentsHost, type ExceptionFilter } from '@nestjs/common';
import { LedgerError, type LedgerErrorCode } from '@naiko/persistence';

const STATUS: Record<LedgerErrorCode, number> = {
  INSUFFICIENT_FUNDS: 409,
  UNKNOWN_ACCOUNT: 404,
  INVALID_AMOUNT: 400,
  INVALID_INPUT: 400,
  IDEMPOTENCY_CONFLICT: 409,
  UNKNOWN_HAND: 404,
  HAND_NOT_RUNNING: 409,
  EVENT_SEQ_CONFLICT: 409,
  ALREADY_ENTERED: 409,
};

export function ledgerErrorStatus(code: LedgerErrorCode): number {
  return STATUS[code] ?? 400;
}

@Catch(LedgerError)
export class LedgerErrorFilter implements ExceptionFilter {
  catch(error: LedgerError, host: ArgumentsHost): void {
    const res = host.switchToHttp().getResponse<{ status(code: number): { json(body: unknown): void } }>();
    const statusCode = ledgerErrorStatus(error.code);
    res.status(statusCode).json({ statusCode, code: error.code, message: error.message });
  }
}
