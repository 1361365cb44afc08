// Disconnection protection ("artificial all-in") quota, kept in PostgreSQL (issue 18): at most
// `perDay` uses per player in any rolling 24 hours, counted across every table and every copy of
// the table host, so neither a second table, a restart nor a move to another copy resets it.
import type { PrismaClient } from '../generated/prisma/client';

export const PROTECTION_WINDOW_MS = 24 * 60 * 60 * 1000;

type Db = Pick<PrismaClient, '$transaction' | 'protectionUse'>;

export interface ProtectionSpend {
  userId: string;
  tableId: string;
  /** The deciding host's clock (the window ends here). */
  at: Date;
  /** The table's quota (TableConfig.protectionsPerDay). */
  perDay: number;
}

export class ProtectionUses {
  constructor(
    private readonly db: Db,
    private readonly windowMs = PROTECTION_WINDOW_MS,
  ) {}

  /**
   * Spends one protection when the player has used fewer than `perDay` since at − 24 h; returns
   * whether it was granted. Atomic per player: a transaction-scoped advisory lock on the player
   * serialises the count and the insert, so two tables timing the same player out at once cannot
   * both spend his last one. A use stamped after `at` counts too: another copy's clock may run a
   * few milliseconds ahead, and its use (committed first) must not leave this one a free slot.
   */
  async trySpend(protectionSpend: ProtectionSpend): Promise<boolean> {
    if (!(protectionSpend.perDay > 0)) return false;
    return this.db.$transaction(async (tx) => {
      await tx.$executeRaw`SELECT pg_advisory_xact_lock(hashtextextended(${`protection:${protectionSpend.userId}`}, 0))`;
      const used = await tx.protectionUse.count({
        where: {
          userId: protectionSpend.userId,
          usedAt: { gt: new Date(protectionSpend.at.getTime() - this.windowMs) },
        },
      });
      if (used >= protectionSpend.perDay) return false;
      await tx.protectionUse.create({
        data: { userId: protectionSpend.userId, tableId: protectionSpend.tableId, usedAt: protectionSpend.at },
      });
      return true;
    });
  }

  /** Uses since `at` − 24 h (what the player has spent in the last 24 hours; one stamped later counts too). */
  usedInWindow(userId: string, at: Date): Promise<number> {
    return this.db.protectionUse.count({
      where: { userId, usedAt: { gt: new Date(at.getTime() - this.windowMs) } },
    });
  }
}
