// HTTP answers of the private-events routes (Sit & Go and tournaments): each typed refusal becomes
// `{ code, message, violations? }` with a status that says what kind of refusal it is.
import { HttpException, HttpStatus } from '@nestjs/common';
import { issuesMessage } from '@naiko/contracts';
import { LedgerError } from '@naiko/persistence';
import type { z } from 'zod';
import { SitAndGoError } from '../sit-and-go/sit-and-go.errors';
import { PrivateEventError } from './private-limits';
import { TournamentError } from './tournaments.errors';

const STATUS: Record<string, HttpStatus> = {
  BAD_SETTINGS: HttpStatus.BAD_REQUEST,
  OUTSIDE_LIMITS: HttpStatus.BAD_REQUEST,
  NOT_FOUND: HttpStatus.NOT_FOUND,
  UNKNOWN_TEMPLATE: HttpStatus.NOT_FOUND,
  UNKNOWN_USER: HttpStatus.NOT_FOUND,
  UNKNOWN_CODE: HttpStatus.NOT_FOUND,
  UNKNOWN_ACCOUNT: HttpStatus.NOT_FOUND,
  NOT_INVITED: HttpStatus.FORBIDDEN,
  NOT_HOST: HttpStatus.FORBIDDEN,
};

/** Any domain error with a `code` (private events, Sit & Go, tournaments, the ledger) becomes an HTTP refusal. */
export async function privateHttp<T>(fn: () => Promise<T>): Promise<T> {
  try {
    return await fn();
  } catch (err) {
    if (
      err instanceof PrivateEventError ||
      err instanceof LedgerError ||
      err instanceof SitAndGoError ||
      err instanceof TournamentError
    ) {
      const { code, message } = err;
      const violations =
        err instanceof PrivateEventError && err.violations.length ? { violations: err.violations } : {};
      throw new HttpException({ code, message, ...violations }, STATUS[code] ?? HttpStatus.CONFLICT);
    }
    throw err;
  }
}

export function parseBody<S extends z.ZodType>(schema: S, body: unknown): z.infer<S> {
  const parsed = schema.safeParse(body ?? {});
  if (!parsed.success) throw new PrivateEventError('BAD_SETTINGS', issuesMessage(parsed.error, body));
  return parsed.data;
}

/** The optional `{ inviteCode }` of a registration. */
export const inviteCodeOf = (body: unknown): string | undefined => {
  const code = (body as { inviteCode?: unknown } | undefined)?.inviteCode;
  return typeof code === 'string' ? code : undefined;
};
