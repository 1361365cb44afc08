// The write guard of table ownership: a writer's fencing token is checked in the SAME database
// transaction that stores the table's hand events and moves their chips.
//
// Why in PostgreSQL and not in Redis: a Lua check in Redis runs before the transaction commits,
// so a writer paused between "Redis said my token is current" and COMMIT would still commit after
// a newer owner took over (check-then-act across two systems). Here the check and the write are
// one transaction: the upsert below takes the table's row lock, so two owners' transactions are
// serialized, and the one with the older token finds a newer token stored and rolls back —
// nothing of it (events, ledger entries) is written.
import { claimFence, type Tx } from '@naiko/persistence';

/** Not a LedgerError on purpose: inTransaction must not retry it, and no caller may swallow it. */
export class StaleFencingTokenError extends Error {
  override name = 'StaleFencingTokenError';
  readonly code = 'STALE_FENCING_TOKEN';
  constructor(
    readonly tableId: string,
    readonly token: number,
  ) {
    super(`table ${tableId}: fencing token ${token} is older than the newest owner's; this copy lost the table`);
  }
}

/**
 * Records `token` as the newest one for the table unless a newer one is stored; throws
 * StaleFencingTokenError (and so rolls the caller's transaction back) when one is.
 */
export async function checkFence(tx: Tx, tableId: string, token: number, owner: string): Promise<void> {
  // The rule itself is the SQL function naiko_claim_fence (persistence's claimFence), which the hand
  // store's one-statement writes call too: one definition of who may write.
  if (!(await claimFence(tx, tableId, token, owner))) throw new StaleFencingTokenError(tableId, token);
}
