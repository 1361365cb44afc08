// The admin's side of fair play (issue 26 item 2): the review list (flags and player reports, with
// the accounts' names and balances), the actions on an account — warn, restrict from public games,
// suspend, claw back — and lifting them. A claw-back is one ledger transaction (reason `clawback`)
// from the account's balance back to the accounts the evidence says lost the chips (in proportion
// to what each lost; the house when the flag names none), posted in the same database transaction
// as its sanction row: `npm run -s audit` checks it like every other movement.
import {
  BadRequestException,
  ConflictException,
  HttpException,
  HttpStatus,
  Injectable,
  NotFoundException,
} from '@nestjs/common';
import { randomUUID } from 'node:crypto';
import type { ReportBody, SanctionBody } from '@naiko/contracts';
import { Accounts, FairPlayRepository, LedgerError, UserRepository, type Movement } from '@naiko/persistence';
import { FairPlaySockets } from './sockets';

/** Reports one player may file per rolling 24 hours. */
export const REPORTS_PER_DAY = 20;

export interface DonorShare {
  userId: string;
  weight: number;
}

/** Splits `amount` over donors by weight (integer floor; the remainder to the largest). */
export function splitClawback(amount: number, donors: readonly DonorShare[]): { userId: string; amount: number }[] {
  const usable = donors.filter((d) => d.weight > 0);
  const total = usable.reduce((s, d) => s + d.weight, 0);
  if (total <= 0) return [];
  const parts = usable.map((d) => ({ userId: d.userId, amount: Math.floor((amount * d.weight) / total) }));
  const rest = amount - parts.reduce((s, p) => s + p.amount, 0);
  const largest = parts.reduce((best, p, i) => (usable[i].weight > usable[best].weight ? i : best), 0);
  parts[largest].amount += rest;
  return parts.filter((p) => p.amount > 0);
}

/** Who lost the chips, by the flag's evidence (chip-dump findings). */
function donorsOf(signal: string, evidence: unknown, recipient: string): DonorShare[] {
  if (signal !== 'chip-dump') return [];
  const fields = evidence as {
    pattern?: string;
    donor?: string;
    recipient?: string;
    donors?: { donor: string; netToRecipient: number }[];
    hands?: { committed: number }[];
  };
  if (fields.recipient !== recipient) return [];
  if (fields.pattern === 'concentrated-flow')
    return (fields.donors ?? []).map((d) => ({ userId: d.donor, weight: d.netToRecipient }));
  if (fields.pattern === 'strong-folds' && fields.donor) return [{ userId: fields.donor, weight: 1 }];
  return [];
}

@Injectable()
export class FairPlayAdminService {
  constructor(
    private readonly repository: FairPlayRepository,
    private readonly users: UserRepository,
    private readonly sockets: FairPlaySockets,
  ) {}

  async review(status: 'open' | 'dismissed' | 'actioned' | 'all' = 'open') {
    // The latest flags and reports of the status, and the latest actions whatever the status of what they answered.
    const { flags, reports, sanctions } = await this.repository.review(status);
    const ids = [
      ...new Set([
        ...flags.flatMap((f) => f.userIds),
        ...reports.flatMap((r) => [r.reporterId, r.reportedId]),
        ...sanctions.map((s) => s.userId),
      ]),
    ];
    const [users, balances] = await Promise.all([this.users.names(ids), this.repository.accountBalances(ids)]);
    const balance = new Map(balances.map((b) => [b.userId!, Number(b.balance)]));
    return {
      users: users.map((u) => ({ id: u.id, username: u.username, isBot: u.isBot, balance: balance.get(u.id) ?? 0 })),
      flags: flags.map((flag) => ({
        id: flag.id,
        signal: flag.signal,
        pattern: flag.pattern,
        userIds: flag.userIds,
        evidence: flag.evidence,
        handIds: flag.handIds,
        status: flag.status,
        seenCount: flag.seenCount,
        createdAt: flag.createdAt,
        lastSeenAt: flag.lastSeenAt,
      })),
      reports: reports.map((report) => ({
        id: report.id,
        reporterId: report.reporterId,
        reportedId: report.reportedId,
        tableId: report.tableId,
        handId: report.handId,
        reason: report.reason,
        text: report.text,
        status: report.status,
        createdAt: report.createdAt,
      })),
      sanctions: sanctions.map((sanction) => ({
        id: sanction.id.toString(),
        userId: sanction.userId,
        kind: sanction.kind,
        reason: sanction.reason,
        flagId: sanction.flagId,
        reportId: sanction.reportId,
        amount: sanction.amount === null ? null : Number(sanction.amount),
        ledgerKey: sanction.ledgerKey,
        createdAt: sanction.createdAt,
        endsAt: sanction.endsAt,
        liftedAt: sanction.liftedAt,
      })),
    };
  }

  async report(reporterId: string, body: ReportBody): Promise<{ id: string }> {
    if (body.reportedId === reporterId)
      throw new BadRequestException({ code: 'SELF_REPORT', message: 'you cannot report yourself' });
    if (!(await this.repository.userExists(body.reportedId)))
      throw new NotFoundException({ code: 'UNKNOWN_USER', message: 'no such player' });
    // A report button is not a megaphone: at most REPORTS_PER_DAY reports per player per 24 hours.
    const recent = await this.repository.reportsFiledSince(reporterId, new Date(Date.now() - 86_400_000));
    if (recent >= REPORTS_PER_DAY)
      throw new HttpException(
        { code: 'TOO_MANY_REPORTS', message: `at most ${REPORTS_PER_DAY} reports a day; the fair-play team has yours` },
        HttpStatus.TOO_MANY_REQUESTS,
      );
    return this.repository.insertReport({
      reporterId,
      reportedId: body.reportedId,
      reason: body.reason,
      text: body.text ?? '',
      tableId: body.tableId ?? null,
      handId: body.handId ?? null,
    });
  }

  async setFlagStatus(id: string, status: 'open' | 'dismissed' | 'actioned'): Promise<void> {
    if ((await this.repository.setFlagStatus(id, status)) === 0) {
      if ((await this.repository.setReportStatus(id, status)) === 0)
        throw new NotFoundException({ code: 'NOT_FOUND', message: 'no such flag or report' });
    }
  }

  async sanction(adminId: string, sanctionBody: SanctionBody) {
    if (!(await this.repository.userExists(sanctionBody.userId)))
      throw new NotFoundException({ code: 'UNKNOWN_USER', message: 'no such account' });
    const flag = sanctionBody.flagId ? await this.repository.flag(sanctionBody.flagId) : null;
    if (sanctionBody.flagId && !flag) throw new NotFoundException({ code: 'NOT_FOUND', message: 'no such flag' });
    const endsAt = sanctionBody.days ? new Date(Date.now() + sanctionBody.days * 86_400_000) : null;
    const base = {
      userId: sanctionBody.userId,
      kind: sanctionBody.kind,
      reason: sanctionBody.reason,
      flagId: sanctionBody.flagId ?? null,
      reportId: sanctionBody.reportId ?? null,
      adminId,
    };

    let row;
    if (sanctionBody.kind === 'clawback') {
      if (!sanctionBody.amount)
        throw new BadRequestException({ code: 'AMOUNT_REQUIRED', message: 'a claw-back needs an amount of chips' });
      const amount = sanctionBody.amount;
      const to = splitClawback(amount, flag ? donorsOf(flag.signal, flag.evidence, sanctionBody.userId) : []);
      const movements: Movement[] = to.length
        ? to.map((d) => ({ from: Accounts.user(sanctionBody.userId), to: Accounts.user(d.userId), amount: d.amount }))
        : [{ from: Accounts.user(sanctionBody.userId), to: Accounts.house(), amount }];
      const ledgerKey = `fair-play:clawback:${randomUUID()}`;
      try {
        // The posting and the sanction row in one transaction.
        row = await this.repository.insertClawback(base, amount, {
          idempotencyKey: ledgerKey,
          reason: 'clawback',
          movements,
          note: `fair-play claw-back: ${sanctionBody.reason}`.slice(0, 200),
        });
      } catch (err) {
        // More than the balance (or no account): refused, nothing moved.
        if (err instanceof LedgerError) {
          const body = { code: err.code, message: err.message };
          throw err.code === 'INSUFFICIENT_FUNDS' ? new ConflictException(body) : new BadRequestException(body);
        }
        throw err;
      }
    } else {
      row = await this.repository.insertSanction({ ...base, endsAt: sanctionBody.kind === 'warn' ? null : endsAt });
    }
    if (sanctionBody.flagId) await this.repository.markFlagActioned(sanctionBody.flagId);
    if (sanctionBody.reportId) await this.repository.setReportStatus(sanctionBody.reportId, 'actioned');
    if (sanctionBody.kind === 'warn')
      this.sockets.toUser(sanctionBody.userId, 'fairplay:warning', {
        id: row.id.toString(),
        reason: sanctionBody.reason,
        createdAt: row.createdAt.toISOString(),
      });
    return {
      id: row.id.toString(),
      kind: row.kind,
      amount: row.amount === null ? null : Number(row.amount),
      ledgerKey: row.ledgerKey,
      endsAt: row.endsAt,
    };
  }

  async lift(id: string): Promise<void> {
    if (!/^\d{1,18}$/.test(id)) throw new NotFoundException({ code: 'NOT_FOUND', message: 'no such sanction' });
    if ((await this.repository.liftSanction(BigInt(id), new Date())) === 0)
      throw new NotFoundException({ code: 'NOT_FOUND', message: 'no such restriction or suspension in force' });
  }
}
