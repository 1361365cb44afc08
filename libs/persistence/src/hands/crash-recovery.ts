// Crash recovery (house rules, "Server Crash"; docs/rules/README.md): run once at start-up, before any table
// or tournament is hosted again, by the process that owns them (the old one must be dead).
//   1. Every hand still `running` is cancelled: each player gets back every chip he put into it.
//      The engine's cancelHand on the replayed hand gives the refunds; when the hand cannot be
//      replayed (or disagrees with the ledger), the contributions recorded in the ledger do.
//   2. Cash-table stacks of tables that will not resume go back to the players' accounts.
//      Tournament stacks stay: tournaments resume (docs/rules/README.md).
//   3. The ledger audit proves the total is unchanged.
// Every step is idempotent, so a crash during recovery is recovered by running it again.
import { createHash } from 'node:crypto';
import { cancelHand, replayEvents, type HandEvent } from '@naiko/engine';
import { Accounts } from '../ledger/accounts';
import { auditLedger, type AuditReport } from '../ledger/audit';
import type { LedgerDb } from '../ledger/ledger';
import { ChipLedger } from '../ledger/ledger';
import { HandStore, stackAccount, type StoredHand } from './hand-store';

export interface RecoveryOptions {
  /**
   * Which running hands this process answers for: 'cash-tables' (hands with a tableId),
   * 'tournaments', or 'all' (default; right for the all-in-one process). A process must not
   * cancel hands another live process is playing.
   */
  hands?: 'all' | 'cash-tables' | 'tournaments';
  /**
   * Only these cash tables (scale-out: the copy that takes a dead owner's table over applies the
   * crash rule to that table alone, while other copies keep playing theirs). Implies cash tables.
   */
  tableIds?: readonly string[];
  /** Cash tables that will be hosted again keep their stacks; default: none resumes. */
  resumeTable?: (tableId: string) => boolean | Promise<boolean>;
  /**
   * Run the ledger audit at the end (default true). A copy taking tables over passes false and
   * audits after it has dealt again: the whole-ledger audit takes seconds once the ledger is large,
   * and the tables must not wait for it (failover time).
   */
  audit?: boolean;
  log?: (message: string, data?: Record<string, unknown>) => void;
}

export interface CancelledHand {
  handId: string;
  tableId: string | null;
  tournamentId: string | null;
  refunds: { seat: number; userId: string; amount: number }[];
  /** Where the refunds came from. */
  source: 'engine' | 'ledger';
  /** Set when the engine's refunds disagreed with the ledger (the ledger's were used). */
  discrepancy?: string;
}

export interface RecoveryReport {
  cancelledHands: CancelledHand[];
  cashedOut: { tableId: string; userId: string; amount: number }[];
  /** null when the caller asked for no audit (`audit: false`). */
  audit: AuditReport | null;
}

type Db = LedgerDb;

/** Net chips each stack account put into the hand's pot so far (from the ledger). */
async function recordedContributions(db: Db, hand: StoredHand): Promise<Map<string, number>> {
  const pot = Accounts.handPot(hand.id, hand.book).key;
  const rows = await db.$queryRaw<{ key: string; net: bigint }[]>`
    SELECT a.key, SUM(e.amount)::bigint AS net
    FROM ledger_entries e
    JOIN chip_accounts a ON a.id = e.account_id
    JOIN ledger_transactions t ON t.id = e.transaction_id
    WHERE t.hand_id = ${hand.id}::uuid AND a.key <> ${pot}
    GROUP BY a.key`;
  return new Map(rows.map((r) => [r.key, -Number(r.net)]));
}

function engineCancel(
  hand: StoredHand,
  events: { payload: { type: string } }[],
): Extract<HandEvent, { type: 'hand-cancelled' }> | string {
  // Killed after the hand row was written but before its first events: nothing was dealt or
  // posted, so nothing is refunded (there is nothing to replay; a replay would find no cards).
  if (events.length === 0) {
    const seats = hand.config.seats.map(({ seat, stack }) => ({ seat, stack }));
    return { type: 'hand-cancelled', refunds: seats.map(({ seat }) => ({ seat, amount: 0 })), stacks: seats };
  }
  try {
    const replayed = replayEvents(
      hand.config,
      events.map((e) => e.payload as HandEvent),
    );
    if (!replayed.ok) return `replay refused action ${replayed.index}: ${replayed.error.message}`;
    const cancelled = cancelHand(replayed.state);
    if (!cancelled.ok) return `cancelHand: ${cancelled.error.message}`;
    const event = cancelled.events.find((e) => e.type === 'hand-cancelled');
    return event
      ? (event as Extract<HandEvent, { type: 'hand-cancelled' }>)
      : 'cancelHand emitted no hand-cancelled event';
  } catch (err) {
    return `replay failed: ${err instanceof Error ? err.message : String(err)}`;
  }
}

export async function cancelRunningHand(db: Db, hand: StoredHand): Promise<CancelledHand> {
  const store = new HandStore(db);
  const events = await store.events(hand.id);
  if (hand.ledgerAtEnd) return cancelUnposted(store, hand, events);
  const contributed = await recordedContributions(db, hand);
  const ledgerRefunds = hand.players.map((storedPlayer) => ({
    seat: storedPlayer.seat,
    userId: storedPlayer.userId,
    amount: contributed.get(stackAccount(hand, storedPlayer.userId).key) ?? 0,
  }));

  const fromEngine = engineCancel(hand, events);
  let source: CancelledHand['source'] = 'ledger';
  let discrepancy: string | undefined;
  let event: Record<string, unknown> & { type: string };
  if (typeof fromEngine !== 'string') {
    const agrees = ledgerRefunds.every(
      (r) => (fromEngine.refunds.find((x) => x.seat === r.seat)?.amount ?? 0) === r.amount,
    );
    if (agrees) {
      source = 'engine';
      event = fromEngine as unknown as typeof event;
    } else {
      discrepancy = `engine refunds ${JSON.stringify(fromEngine.refunds)} differ from the ledger's ${JSON.stringify(ledgerRefunds)}`;
    }
  } else {
    discrepancy = fromEngine;
  }
  if (source === 'ledger') {
    const stacks = await Promise.all(
      hand.players.map(async (storedPlayer, index) => {
        const acc = await db.chipAccount.findUnique({
          where: { key: stackAccount(hand, storedPlayer.userId).key },
          select: { balance: true },
        });
        return { seat: storedPlayer.seat, stack: Number(acc?.balance ?? 0n) + ledgerRefunds[index].amount };
      }),
    );
    event = {
      type: 'hand-cancelled',
      refunds: ledgerRefunds.map(({ seat, amount }) => ({ seat, amount })),
      stacks,
      source: 'ledger',
    };
  }
  // A refund the ledger cannot back (negative: the player had already been paid) is impossible
  // when each apply() result is appended in one call; the pot check in appendEvents refuses it.
  await store.appendEvents(hand.id, hand.eventCount, [event!]);
  return {
    handId: hand.id,
    tableId: hand.tableId,
    tournamentId: hand.tournamentId,
    refunds: ledgerRefunds,
    source,
    ...(discrepancy ? { discrepancy } : {}),
  };
}

/**
 * A hand whose chips are posted at its end (issue 20) and that never ended: nothing of it reached
 * the ledger, so every stack account still holds what its player was dealt in with — every
 * contribution is returned by moving nothing. The hand-cancelled event records the refunds the
 * engine works out from the journaled events (what each player had put in when the process died;
 * `ledger: 'nothing-posted'`), or, when they cannot be replayed, zero refunds and the dealt stacks.
 */
async function cancelUnposted(
  store: HandStore,
  hand: StoredHand,
  events: { payload: { type: string } }[],
): Promise<CancelledHand> {
  const fromEngine = engineCancel(hand, events);
  const seats = hand.config.seats.map(({ seat, stack }) => ({ seat, stack }));
  const event =
    typeof fromEngine === 'string'
      ? {
          type: 'hand-cancelled',
          refunds: seats.map(({ seat }) => ({ seat, amount: 0 })),
          stacks: seats,
          ledger: 'nothing-posted',
          replay: fromEngine,
        }
      : { ...fromEngine, ledger: 'nothing-posted' };
  await store.cancelUnposted(hand.id, event);
  const refunds = hand.players.map((storedPlayer) => ({
    seat: storedPlayer.seat,
    userId: storedPlayer.userId,
    amount: event.refunds.find((r) => r.seat === storedPlayer.seat)?.amount ?? 0,
  }));
  return {
    handId: hand.id,
    tableId: hand.tableId,
    tournamentId: hand.tournamentId,
    refunds,
    source: typeof fromEngine === 'string' ? 'ledger' : 'engine',
    ...(typeof fromEngine === 'string' ? { discrepancy: fromEngine } : {}),
  };
}

export async function recoverFromCrash(db: Db, options: RecoveryOptions = {}): Promise<RecoveryReport> {
  const log = options.log ?? (() => undefined);
  const store = new HandStore(db);
  const ledger = new ChipLedger(db);

  const cancelledHands: CancelledHand[] = [];
  const scope = options.hands ?? 'all';
  const only = options.tableIds ? new Set(options.tableIds) : null;
  const mine = (storedHand: StoredHand): boolean =>
    only
      ? storedHand.tableId !== null && only.has(storedHand.tableId)
      : scope === 'all' || (scope === 'cash-tables' ? storedHand.tableId !== null : storedHand.tournamentId !== null);
  // Hands of different tables are independent: cancelled concurrently (failover time). The
  // report keeps their start order.
  const running = (await store.runningHands()).filter(mine);
  const cancelled = await Promise.all(running.map((hand) => cancelRunningHand(db, hand)));
  for (const cancelledHand of cancelled) {
    log(`cancelled hand ${cancelledHand.handId} (crash rule)`, { ...cancelledHand });
    cancelledHands.push(cancelledHand);
  }

  const cashedOut: RecoveryReport['cashedOut'] = [];
  const stacks =
    scope === 'tournaments' && !only
      ? []
      : await db.chipAccount.findMany({
          where: { kind: 'table_stack', balance: { gt: 0n }, ...(only ? { tableId: { in: [...only] } } : {}) },
          orderBy: { id: 'asc' },
        });
  const byTable = new Map<string, typeof stacks>();
  for (const stack of stacks) {
    if (!stack.userId) continue;
    const list = byTable.get(stack.tableId!) ?? [];
    list.push(stack);
    byTable.set(stack.tableId!, list);
  }
  // The last ledger entry of every stack in one query: it names the stacks' state in the
  // idempotency key (a later crash at the same table gets a new key).
  const lastEntry = new Map<string, bigint>();
  if (stacks.length) {
    const rows = await db.$queryRaw<{ account_id: bigint; last: bigint }[]>`
      SELECT account_id, MAX(id) AS last FROM ledger_entries WHERE account_id = ANY(${stacks.map((s) => String(s.id))}::bigint[]) GROUP BY account_id`;
    for (const row of rows) lastEntry.set(String(row.account_id), row.last);
  }
  // One posting per table (every stack of it back to its account, `amount: 'all'` read inside the
  // posting's transaction), the tables concurrently: a dead copy leaves several tables with six
  // stacks each, and one posting per stack was most of the takeover's time.
  const tables = [...byTable.entries()];
  const resumes = await Promise.all(tables.map(async ([tableId]) => (await options.resumeTable?.(tableId)) ?? false));
  const results = await Promise.all(
    tables.map(async ([tableId, list], index) => {
      if (resumes[index]) return [];
      const state = list.map((s) => `${s.userId}:${lastEntry.get(String(s.id)) ?? 0}`).join(',');
      const postResult = await ledger.post({
        idempotencyKey: `crash:cash-out:${tableId}:${createHash('sha256').update(state).digest('hex').slice(0, 32)}`,
        reason: 'crash_refund',
        refs: { tableId },
        movements: list.map((stack) => ({
          from: Accounts.tableStack(tableId, stack.userId!),
          to: Accounts.user(stack.userId!),
          amount: 'all' as const,
        })),
      });
      return list.map((stack) => {
        const amount = postResult.entries.find((e) => e.accountKey === Accounts.user(stack.userId!).key)?.amount ?? 0;
        log(`returned stack at table ${tableId} to the account of ${stack.userId}`, {
          tableId,
          userId: stack.userId,
          amount,
        });
        return { tableId, userId: stack.userId!, amount };
      });
    }),
  );
  for (const list of results) cashedOut.push(...list);

  if (options.audit === false) return { cancelledHands, cashedOut, audit: null };
  const audit = await auditLedger(db);
  log(audit.ok ? 'ledger audit clean' : 'LEDGER AUDIT FAILED', { ok: audit.ok });
  return { cancelledHands, cashedOut, audit };
}
