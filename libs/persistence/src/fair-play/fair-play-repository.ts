// Fair play's rows behind one named repository (issue 24 item 4, issue 26): the flags
// (`fair_play_flags`), the players' reports (`fair_play_reports`), the admin's sanctions
// (`fair_play_sanctions`, a claw-back posted in the same transaction as its row) and the last
// client each player sat down from (`client_connections`). The platform's fair-play module
// (libs/platform/src/fair-play) decides; this only reads and writes, statements as they were there.
import type { ClientConnection, FairPlayFlag, FairPlayReport, FairPlaySanction } from '../generated/prisma/client';
import { inTransaction, postInTransaction, type LedgerDb, type PostCommand } from '../ledger/ledger';

export type FairPlayStatus = 'open' | 'dismissed' | 'actioned';

/** A finding as stored: `key` makes a later finding of the same thing update this row. */
export interface FlagUpsert {
  key: string;
  signal: string;
  pattern: string | null;
  userIds: string[];
  evidence: object;
  handIds: string[];
}

export interface NewFairPlayReport {
  reporterId: string;
  reportedId: string;
  reason: string;
  text: string;
  tableId: string | null;
  handId: string | null;
}

export interface NewSanction {
  userId: string;
  kind: string;
  reason: string;
  flagId: string | null;
  reportId: string | null;
  adminId: string;
  endsAt?: Date | null;
}

/** What the admin's review lists: the latest flags, reports (of one status, or all) and sanctions. */
export interface FairPlayReviewRows {
  flags: FairPlayFlag[];
  reports: FairPlayReport[];
  sanctions: FairPlaySanction[];
}

/** The fair-play rows the platform depends on (Nest token; `PrismaFairPlayRepository` implements it). */
export abstract class FairPlayRepository {
  /** Inserts the flag, or updates the one with its key (evidence, hands, count +1; status kept). Returns its id. */
  abstract recordFlag(flag: FlagUpsert): Promise<string>;
  abstract flag(flagId: string): Promise<FairPlayFlag | null>;
  /** Sets a flag's status; returns the rows changed (0: no such flag). */
  abstract setFlagStatus(flagId: string, status: FairPlayStatus): Promise<number>;
  /** Marks the flag actioned (throws when there is no such flag, as Prisma's update does). */
  abstract markFlagActioned(flagId: string): Promise<void>;

  /** True when the user exists. */
  abstract userExists(userId: string): Promise<boolean>;
  /** Reports filed by the reporter after `since`. */
  abstract reportsFiledSince(reporterId: string, since: Date): Promise<number>;
  abstract insertReport(report: NewFairPlayReport): Promise<{ id: string }>;
  /** Sets a report's status; returns the rows changed (0: no such report). */
  abstract setReportStatus(reportId: string, status: FairPlayStatus): Promise<number>;

  /** The latest 200 flags and reports of the status (`all`: any) and the latest 200 sanctions. */
  abstract review(status: FairPlayStatus | 'all'): Promise<FairPlayReviewRows>;
  /** The account balances (`kind = 'user'`) of the users among `userIds`. */
  abstract accountBalances(userIds: readonly string[]): Promise<{ userId: string | null; balance: bigint }[]>;

  /** A warning, restriction or suspension. */
  abstract insertSanction(sanction: NewSanction): Promise<FairPlaySanction>;
  /**
   * A claw-back: the ledger posting and the sanction row (`amount`, `ledgerKey` = the posting's key) in
   * ONE transaction. A refused posting (LedgerError) writes neither.
   */
  abstract insertClawback(sanction: NewSanction, amount: number, posting: PostCommand): Promise<FairPlaySanction>;
  /** Lifts a restriction or suspension still in force; returns the rows changed. */
  abstract liftSanction(sanctionId: bigint, at: Date): Promise<number>;
  /** The user's restrictions and suspensions in force at `now` (not lifted, no end or ending later). */
  abstract sanctionsInForce(userId: string, now: Date): Promise<{ kind: string; endsAt: Date | null }[]>;
  /** The user's warnings created after `since`, newest first. */
  abstract warningsSince(userId: string, since: Date): Promise<FairPlaySanction[]>;

  /** Stores the client a player sits down from (his last one). */
  abstract recordConnection(userId: string, ip: string | null, fingerprint: string | null): Promise<void>;
  /** The last clients of these players. */
  abstract connectionsOf(userIds: readonly string[]): Promise<ClientConnection[]>;
}

export class PrismaFairPlayRepository implements FairPlayRepository {
  constructor(private readonly db: LedgerDb) {}

  async recordFlag(flag: FlagUpsert): Promise<string> {
    const { key, signal, pattern, userIds, evidence, handIds } = flag;
    const row = await this.db.fairPlayFlag.upsert({
      where: { key },
      create: { key, signal, pattern, userIds, evidence, handIds },
      update: { userIds, evidence, handIds, seenCount: { increment: 1 }, lastSeenAt: new Date() },
      select: { id: true },
    });
    return row.id;
  }

  flag(flagId: string): Promise<FairPlayFlag | null> {
    return this.db.fairPlayFlag.findUnique({ where: { id: flagId } });
  }

  async setFlagStatus(flagId: string, status: FairPlayStatus): Promise<number> {
    return (await this.db.fairPlayFlag.updateMany({ where: { id: flagId }, data: { status } })).count;
  }

  async markFlagActioned(flagId: string): Promise<void> {
    await this.db.fairPlayFlag.update({ where: { id: flagId }, data: { status: 'actioned' } });
  }

  async userExists(userId: string): Promise<boolean> {
    return (await this.db.user.findUnique({ where: { id: userId }, select: { id: true } })) !== null;
  }

  reportsFiledSince(reporterId: string, since: Date): Promise<number> {
    return this.db.fairPlayReport.count({ where: { reporterId, createdAt: { gt: since } } });
  }

  insertReport(report: NewFairPlayReport): Promise<{ id: string }> {
    return this.db.fairPlayReport.create({ data: report, select: { id: true } });
  }

  async setReportStatus(reportId: string, status: FairPlayStatus): Promise<number> {
    return (await this.db.fairPlayReport.updateMany({ where: { id: reportId }, data: { status } })).count;
  }

  async review(status: FairPlayStatus | 'all'): Promise<FairPlayReviewRows> {
    const where = status === 'all' ? {} : { status };
    const [flags, reports, sanctions] = await Promise.all([
      this.db.fairPlayFlag.findMany({ where, orderBy: { lastSeenAt: 'desc' }, take: 200 }),
      this.db.fairPlayReport.findMany({ where, orderBy: { createdAt: 'desc' }, take: 200 }),
      // The latest actions, whatever the status of what they answered.
      this.db.fairPlaySanction.findMany({ orderBy: { createdAt: 'desc' }, take: 200 }),
    ]);
    return { flags, reports, sanctions };
  }

  accountBalances(userIds: readonly string[]): Promise<{ userId: string | null; balance: bigint }[]> {
    return this.db.chipAccount.findMany({
      where: { userId: { in: [...userIds] }, kind: 'user' },
      select: { userId: true, balance: true },
    });
  }

  insertSanction(sanction: NewSanction): Promise<FairPlaySanction> {
    return this.db.fairPlaySanction.create({ data: sanction });
  }

  insertClawback(sanction: NewSanction, amount: number, posting: PostCommand): Promise<FairPlaySanction> {
    return inTransaction(this.db, async (tx) => {
      await postInTransaction(tx, posting);
      return tx.fairPlaySanction.create({
        data: { ...sanction, amount: BigInt(amount), ledgerKey: posting.idempotencyKey },
      });
    });
  }

  async liftSanction(sanctionId: bigint, at: Date): Promise<number> {
    const lifted = await this.db.fairPlaySanction.updateMany({
      where: { id: sanctionId, kind: { in: ['restrict-public', 'suspend'] }, liftedAt: null },
      data: { liftedAt: at },
    });
    return lifted.count;
  }

  sanctionsInForce(userId: string, now: Date): Promise<{ kind: string; endsAt: Date | null }[]> {
    return this.db.fairPlaySanction.findMany({
      where: {
        userId,
        kind: { in: ['restrict-public', 'suspend'] },
        liftedAt: null,
        OR: [{ endsAt: null }, { endsAt: { gt: now } }],
      },
      select: { kind: true, endsAt: true },
    });
  }

  warningsSince(userId: string, since: Date): Promise<FairPlaySanction[]> {
    return this.db.fairPlaySanction.findMany({
      where: { userId, kind: 'warn', createdAt: { gt: since } },
      orderBy: { createdAt: 'desc' },
    });
  }

  async recordConnection(userId: string, ip: string | null, fingerprint: string | null): Promise<void> {
    await this.db.clientConnection.upsert({
      where: { userId },
      create: { userId, ip, fingerprint },
      update: { ip, fingerprint, seenAt: new Date() },
    });
  }

  connectionsOf(userIds: readonly string[]): Promise<ClientConnection[]> {
    return this.db.clientConnection.findMany({ where: { userId: { in: [...userIds] } } });
  }
}
