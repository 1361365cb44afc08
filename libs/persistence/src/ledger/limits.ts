// Input validation shared by every ledger command. Chips are integers. The database stores
// BIGINT, the API speaks JS numbers: one movement is at most MAX_CHIP_AMOUNT (10^12) chips and a
// balance may never exceed Number.MAX_SAFE_INTEGER (2^53 - 1), so every value is exact in both.
import { InvalidAmountError, InvalidInputError } from './errors';

export const MAX_CHIP_AMOUNT = 1_000_000_000_000;
export const MAX_BALANCE = Number.MAX_SAFE_INTEGER;
export const MAX_IDEMPOTENCY_KEY_LENGTH = 200;
export const MAX_REF_LENGTH = 64;

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;
// Table/tournament ids are chosen by other services; keep them printable and short because
// they become part of account keys.
const REF = /^[A-Za-z0-9_.:-]+$/;

/** A positive integer amount of chips (1 … MAX_CHIP_AMOUNT); anything else is InvalidAmount. */
export function chipAmount(value: unknown, field = 'amount'): number {
  if (typeof value !== 'number' && typeof value !== 'bigint') throw new InvalidAmountError(field, 'must be a number');
  if (typeof value === 'bigint') {
    if (value <= 0n || value > BigInt(MAX_CHIP_AMOUNT))
      throw new InvalidAmountError(field, `must be 1 … ${MAX_CHIP_AMOUNT}`);
    return Number(value);
  }
  if (!Number.isInteger(value)) throw new InvalidAmountError(field, 'must be a whole number of chips');
  if (value <= 0) throw new InvalidAmountError(field, 'must be positive');
  if (value > MAX_CHIP_AMOUNT) throw new InvalidAmountError(field, `must be at most ${MAX_CHIP_AMOUNT}`);
  return value;
}

/** A non-negative integer (stacks in a hand config may be 0 after a bust). */
export function chipCount(value: unknown, field: string): number {
  if (typeof value !== 'number' || !Number.isInteger(value) || value < 0 || value > MAX_BALANCE) {
    throw new InvalidAmountError(field, 'must be a non-negative whole number of chips');
  }
  return value;
}

export function userId(value: unknown, field = 'userId'): string {
  if (typeof value !== 'string' || !UUID.test(value)) throw new InvalidInputError(field, 'must be a UUID');
  return value.toLowerCase();
}

/** A table or tournament id. */
export function ref(value: unknown, field: string): string {
  if (typeof value !== 'string' || value.length === 0) throw new InvalidInputError(field, 'must be a non-empty string');
  if (value.length > MAX_REF_LENGTH) throw new InvalidInputError(field, `must be at most ${MAX_REF_LENGTH} characters`);
  if (!REF.test(value)) throw new InvalidInputError(field, 'may contain only letters, digits and _ . : -');
  return value;
}

export function idempotencyKey(value: unknown): string {
  if (typeof value !== 'string' || value.length === 0)
    throw new InvalidInputError('idempotencyKey', 'must be a non-empty string');
  if (value.length > MAX_IDEMPOTENCY_KEY_LENGTH) {
    throw new InvalidInputError('idempotencyKey', `must be at most ${MAX_IDEMPOTENCY_KEY_LENGTH} characters`);
  }
  if (/[\u0000-\u001f\u007f]/.test(value))
    throw new InvalidInputError('idempotencyKey', 'must not contain control characters');
  return value;
}

export function uuid(value: unknown, field: string): string {
  return userId(value, field);
}

/** A transaction's note (why chips were granted): 1-200 printable characters. */
export function note(value: unknown): string {
  if (typeof value !== 'string' || value.trim().length === 0)
    throw new InvalidInputError('note', 'must be a non-empty string');
  if (value.length > 200) throw new InvalidInputError('note', 'must be at most 200 characters');
  if (/[\u0000-\u001f\u007f]/.test(value)) throw new InvalidInputError('note', 'must not contain control characters');
  return value;
}
