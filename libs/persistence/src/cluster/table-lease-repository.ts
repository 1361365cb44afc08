// The fencing tokens PostgreSQL keeps per table (`table_leases`, issue 21) behind one named
// repository (issue 24 item 4). The lease itself lives in Redis; the token stored here is what a
// writer's transaction is checked against (libs/platform/src/cluster/fence.ts) and the floor of
// every new lease's token.
import type { PrismaClient } from '../generated/prisma/client';
import type { Tx } from '../ledger/ledger';

/** The table leases' tokens (also the Nest token; `PrismaTableLeaseRepository` implements it). */
export abstract class TableLeaseRepository {
  /** The newest fencing token stored for the table, 0 when none. */
  abstract newestToken(tableId: string): Promise<number>;
}

type Db = Pick<PrismaClient, 'tableLease'>;

export class PrismaTableLeaseRepository implements TableLeaseRepository {
  constructor(private readonly db: Db) {}

  async newestToken(tableId: string): Promise<number> {
    return Number(
      (await this.db.tableLease.findUnique({ where: { tableId }, select: { fencingToken: true } }))?.fencingToken ?? 0,
    );
  }
}

/**
 * In the caller's transaction: records `token` as the table's newest unless a newer one is stored,
 * and says whether it was (false: a newer owner wrote; the caller must roll back). The rule is the
 * SQL function naiko_claim_fence (migration hand_append_function), which the hand store's
 * one-statement writes call too: one definition of who may write. It takes the table's row lock,
 * so two owners' transactions are serialised.
 */
export async function claimFence(tx: Tx, tableId: string, token: number, owner: string): Promise<boolean> {
  const rows = await tx.$queryRaw<
    { ok: boolean }[]
  >`SELECT naiko_claim_fence(${tableId}, ${BigInt(token)}, ${owner}) AS ok`;
  return rows[0]?.ok === true;
}
