// Cluster takeover of cash tables (docs/architecture.md "Scaling out"): a copy claims the open tables no live
// copy holds — at once when the holder's Redis connection is gone (DeadCopies), else when its lease
// expires — stores its fencing tokens, applies the crash rule to those tables alone (their running
// hands cancelled: nothing of them was posted, every stack back to its account), hosts them again and
// re-seats their players with the stacks the crash rule returned.
import { Logger } from '@nestjs/common';
import { randomUUID } from 'node:crypto';
import { Accounts, auditLedger, recoverFromCrash, type RecoveryReport } from '@naiko/persistence';
import type { TableConfig } from '@naiko/table';
import { DeadCopies } from '../../cluster/dead-copies';
import { LedgerChipSource, type ChipSource } from '../chip-source';
import { TableHostError } from '../host-errors';
import type { TableHost } from '../table-host';
import type { TablesService } from '../tables.service';

export class TableTakeover {
  private readonly logger = new Logger('Tables');
  private adopting: Promise<void> | null = null;
  /** Open cash tables as last read (re-read every quarter lease time; the adoption poll is faster). */
  private openTables: { at: number; tableIds: string[] } | null = null;
  private readonly deadCopies: DeadCopies | null;

  constructor(private readonly service: TablesService) {
    this.deadCopies = service.router && service.ownership.clustered ? new DeadCopies(service.router) : null;
  }

  /** Resolves when an adoption in progress is done (shutdown). */
  settled(): Promise<void> {
    return this.adopting ?? Promise.resolve();
  }

  /**
   * Clustered: claims every open table no copy holds; for the tables won, the crash rule for those
   * tables alone (their running hands cancelled, contributions and stacks returned; one run and
   * one audit for all of them: a dead copy leaves several), then hosts each and re-seats its players.
   */
  adoptTables(): Promise<void> {
    this.adopting ??= (async () => {
      const now = Date.now();
      if (!this.openTables || now - this.openTables.at >= this.service.ownership.leaseMs / 4) {
        this.openTables = { at: now, tableIds: await this.service.cashTables.openTableIds() };
      }
      const candidates = this.openTables.tableIds.filter((tableId) => !this.service.hosts.has(tableId));
      if (!candidates.length) return;
      const claimed = await this.claimTables(candidates);
      if (!claimed.length) return;
      // The list may be stale: host only tables still open (a closed one is given back).
      const won = await this.service.cashTables.openTablesAmong(claimed);
      for (const id of claimed) if (!won.some((r) => r.id === id)) await this.service.ownership.release(id);
      if (!won.length) return;
      // Store the new fencing tokens first (one transaction): from here on the old owner's
      // writes are refused.
      const guard = this.service.ownership.guard;
      if (guard)
        await this.service.cashTables.storeFences(
          won.map((row) => row.id),
          guard,
        );
      const t0 = Date.now();
      // The audit runs once the tables deal again (below): failover must not wait for a
      // whole-ledger audit.
      const report = await recoverFromCrash(this.service.prisma, {
        tableIds: won.map((r) => r.id),
        audit: false,
        log: (msg, data) => this.logger.log({ msg, ...data }),
      });
      this.service.lastRecovery = report;
      const recoverMs = Date.now() - t0;
      await Promise.all(
        won.map(async (row) => {
          if (!this.service.ownership.owns(row.id)) return;
          const chips = new ReseatChipSource(new LedgerChipSource(this.service.ledger, row.id));
          const host = this.service.host(row.id, row.name, row.config as unknown as TableConfig, chips, {
            bombPotPending: row.bombPotPending,
            hostControls: row.hostControls as never,
          });
          const reseated = await this.reseat(host, chips, report);
          const cancelled = report.cancelledHands.filter((h) => h.tableId === row.id).length;
          this.logger.log({
            msg: 'hosting table (lease acquired)',
            tableId: row.id,
            cancelled,
            reseated,
            recoverMs,
            reseatedAfterMs: Date.now() - t0,
          });
        }),
      );
      await this.service.routing.learnWatchers(won.map((r) => r.id));
      // The audit the crash rule skipped, now that the tables deal again (each of its checks is
      // one statement, so it holds while other hands are being written).
      void auditLedger(this.service.prisma).then(
        (audit) => {
          this.service.lastRecovery = { ...report, audit };
          if (!audit.ok)
            this.logger.error({ msg: 'ledger audit failed after takeover', tableIds: won.map((r) => r.id), audit });
        },
        (err: unknown) => this.logger.warn({ msg: 'ledger audit after takeover could not run', err: String(err) }),
      );
    })()
      .catch((err: unknown) => this.logger.error({ msg: 'adopting tables failed', err: String(err) }))
      .finally(() => {
        this.adopting = null;
      });
    return this.adopting;
  }

  /**
   * Claims what it can of `tableIds`: tables nobody holds, and tables held by a copy that is dead
   * (DeadCopies: its Redis connection is gone) without waiting for their leases to expire.
   */
  private async claimTables(tableIds: string[]): Promise<string[]> {
    const won: string[] = [];
    if (!this.service.ownership.holders) {
      for (const id of tableIds) if (await this.service.ownership.claim(id)) won.push(id);
      return won;
    }
    const holders = await this.service.ownership.holders(tableIds);
    const me = this.service.router?.instanceId;
    const foreign = [...holders.values()].flatMap((h) => (h && h.owner !== me ? [h.owner] : []));
    const dead = this.deadCopies && foreign.length ? await this.deadCopies.dead(foreign) : new Set<string>();
    for (const id of tableIds) {
      const holder = holders.get(id);
      let ok = false;
      if (!holder || holder.owner === me) ok = await this.service.ownership.claim(id);
      else if (dead.has(holder.owner) && this.service.ownership.takeOver)
        ok = await this.service.ownership.takeOver(id, holder);
      if (ok) won.push(id);
    }
    return won;
  }

  /**
   * Takeover: the crash rule returned every stack of the table to its player's account; each
   * player buys back in with the same stack (capped at the table's maximum buy-in; the rest stays
   * in his account), at his seat of the cancelled hand when there was one. Every chip moves as an
   * ordinary ledger posting (crash rule: stack → account, buy-in: account → stack), so the ledger
   * stays exact whatever happens in between; a player whose account no longer holds the chips, or
   * whose stack is below the minimum buy-in, is simply not re-seated (his chips are in his account).
   * The buy-ins of the whole table are one posting (one transaction), and the seats are all queued
   * at once, so the next hand deals with everyone. A player whose socket was on the dead copy gets
   * the seat back when he watches the table again.
   */
  private async reseat(host: TableHost, chips: ReseatChipSource, report: RecoveryReport): Promise<number> {
    const stacks = report.cashedOut.filter((c) => c.tableId === host.tableId && c.amount > 0);
    if (!stacks.length) return 0;
    const seats = new Map<string, number>();
    for (const hand of report.cancelledHands)
      if (hand.tableId === host.tableId) for (const refund of hand.refunds) seats.set(refund.userId, refund.seat);
    const users = await this.service.users.names(stacks.map((s) => s.userId));
    const byId = new Map(users.map((u) => [u.id, u]));
    const { min, max } = host.table.config.buyIn;
    const plan = stacks.flatMap((stack) => {
      const user = byId.get(stack.userId);
      const buyIn = max === null ? stack.amount : Math.min(stack.amount, max);
      return user && buyIn >= min ? [{ u: user, buyIn, seat: seats.get(stack.userId) }] : [];
    });
    const tableId = host.tableId;
    const seated = new Set<string>();
    this.service.reseated.set(tableId, seated);
    if (!plan.length) return 0;
    try {
      await this.service.ledger.post({
        idempotencyKey: `takeover:reseat:${tableId}:${randomUUID()}`,
        reason: 'table_buy_in',
        refs: { tableId },
        movements: plan.map((step) => ({
          from: Accounts.user(step.u.id),
          to: Accounts.tableStack(tableId, step.u.id),
          amount: step.buyIn,
        })),
      });
      for (const step of plan) chips.prefund(step.u.id, step.buyIn);
    } catch (err) {
      // Someone spent chips meanwhile: each player buys in on his own below (refusals skip him).
      this.logger.warn({ msg: 'batched re-seat buy-in refused; buying in one by one', tableId, err: String(err) });
    }
    await Promise.all(
      plan.map(async ({ u: user, buyIn, seat }) => {
        const sit = (at: number | undefined) =>
          host.sit(
            { userId: user.id, name: user.username, isBot: user.isBot },
            { buyIn, ...(at === undefined ? {} : { seat: at }), waitForBigBlind: false },
          );
        try {
          await sit(seat).catch((err: unknown) =>
            seat !== undefined && err instanceof TableHostError && err.reason === 'SEAT_TAKEN'
              ? sit(undefined)
              : Promise.reject(err),
          );
          seated.add(user.id);
        } catch (err) {
          this.logger.warn({
            msg: 'could not re-seat a player after takeover',
            tableId,
            userId: user.id,
            err: String(err),
          });
        }
      }),
    );
    // Chips bought in for a player who could not sit go back to his account.
    for (const [userId, amount] of chips.unused()) {
      await this.service.ledger
        .cashOut({ idempotencyKey: `takeover:unseated:${tableId}:${userId}:${randomUUID()}`, userId, tableId, amount })
        .catch((err: unknown) =>
          this.logger.error({
            msg: 'returning an unused re-seat buy-in failed',
            tableId,
            userId,
            amount,
            err: String(err),
          }),
        );
    }
    return seated.size;
  }
}

/**
 * A cash table's chip source during a takeover's re-seat: the buy-ins of the re-seated players
 * were posted as one batch, so their `sit` moves nothing more; anything else goes to the ledger.
 */
export class ReseatChipSource implements ChipSource {
  private readonly prefunded = new Map<string, number>();
  readonly handRef: ChipSource['handRef'];

  constructor(private readonly inner: LedgerChipSource) {
    this.handRef = inner.handRef;
  }

  prefund(userId: string, amount: number): void {
    this.prefunded.set(userId, amount);
  }

  /** Prefunded buy-ins no `sit` used (taken out: the caller returns them). */
  unused(): [string, number][] {
    const left = [...this.prefunded];
    this.prefunded.clear();
    return left;
  }

  async buyIn(userId: string, amount: number, key: string): Promise<void> {
    if (this.prefunded.get(userId) === amount) {
      this.prefunded.delete(userId);
      return;
    }
    await this.inner.buyIn(userId, amount, key);
  }

  reload(userId: string, amount: number, key: string): Promise<void> {
    return this.inner.reload(userId, amount, key);
  }

  cashOut(userId: string, amount: number, key: string): Promise<void> {
    return this.inner.cashOut(userId, amount, key);
  }
}
