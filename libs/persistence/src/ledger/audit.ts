// The ledger audit: proves that no chip was created or lost.
//   chips book:        users + table stacks + tournament pools + running hand pots + house
//                      == all chips ever granted (== minus the issuer's balance)
//   tournament books:  stacks + running hand pots == tournament chips issued
// plus: every cached balance equals the sum of its entries, every transaction's entries sum to
// zero within each book, no balance but an issuer's is negative, and no finished hand still
// holds chips in its pot.
import type { PrismaClient } from '../generated/prisma/client';
import { CHIPS_BOOK } from './accounts';

export interface BookAudit {
  book: string;
  /** Chips the book's issuer has put out (minus its balance). */
  issued: number;
  /** Chips held by every other account of the book. */
  held: number;
  /** held per account kind (user, table_stack, tournament_pool, tournament_stack, hand_pot, house). */
  byKind: Record<string, number>;
  /** held − issued: must be 0. */
  difference: number;
}

export interface AuditReport {
  ok: boolean;
  /** Chips book: all chips ever granted (sum of grant transactions). */
  granted: number;
  /** Chips book: user accounts + table stacks + tournament pools + running hand pots + house − granted. */
  difference: number;
  books: BookAudit[];
  balanceMismatches: { accountKey: string; cached: number; fromEntries: number }[];
  unbalancedTransactions: { transactionId: string; idempotencyKey: string; book: string; sum: number }[];
  negativeBalances: { accountKey: string; balance: number }[];
  finishedHandsHoldingChips: { handId: string; status: string; pot: number }[];
  runningHands: number;
  accounts: number;
  transactions: number;
}

type Db = Pick<PrismaClient, '$queryRaw'>;

const toNumber = (v: bigint | number | null | undefined): number => Number(v ?? 0);

export async function auditLedger(db: Db): Promise<AuditReport> {
  const byBookKind = await db.$queryRaw<{ book: string; kind: string; total: bigint }[]>`
    SELECT book, kind::text AS kind, SUM(balance)::bigint AS total FROM chip_accounts GROUP BY book, kind ORDER BY book, kind`;
  const mismatches = await db.$queryRaw<{ key: string; cached: bigint; from_entries: bigint }[]>`
    SELECT a.key, a.balance AS cached, COALESCE(SUM(e.amount), 0)::bigint AS from_entries
    FROM chip_accounts a LEFT JOIN ledger_entries e ON e.account_id = a.id
    GROUP BY a.id HAVING a.balance <> COALESCE(SUM(e.amount), 0) ORDER BY a.id`;
  const unbalanced = await db.$queryRaw<{ id: bigint; idempotency_key: string; book: string; total: bigint }[]>`
    SELECT t.id, t.idempotency_key, a.book, SUM(e.amount)::bigint AS total
    FROM ledger_entries e JOIN chip_accounts a ON a.id = e.account_id JOIN ledger_transactions t ON t.id = e.transaction_id
    GROUP BY t.id, a.book HAVING SUM(e.amount) <> 0 ORDER BY t.id`;
  const negative = await db.$queryRaw<{ key: string; balance: bigint }[]>`
    SELECT key, balance FROM chip_accounts WHERE kind <> 'issuer' AND balance < 0 ORDER BY id`;
  const [granted] = await db.$queryRaw<{ total: bigint | null }[]>`
    SELECT (-COALESCE(SUM(e.amount), 0))::bigint AS total
    FROM ledger_entries e JOIN ledger_transactions t ON t.id = e.transaction_id JOIN chip_accounts a ON a.id = e.account_id
    WHERE t.reason = 'grant' AND a.kind = 'issuer' AND a.book = ${CHIPS_BOOK}`;
  const finished = await db.$queryRaw<{ id: string; status: string; pot: bigint }[]>`
    SELECT h.id::text AS id, h.status::text AS status, a.balance AS pot
    FROM hands h JOIN chip_accounts a ON a.key = 'hand:' || h.id::text
    WHERE h.status <> 'running' AND a.balance <> 0 ORDER BY h.started_at`;
  const [counts] = await db.$queryRaw<{ running: bigint; accounts: bigint; transactions: bigint }[]>`
    SELECT (SELECT COUNT(*) FROM hands WHERE status = 'running')::bigint AS running,
           (SELECT COUNT(*) FROM chip_accounts)::bigint AS accounts,
           (SELECT COUNT(*) FROM ledger_transactions)::bigint AS transactions`;

  const books = new Map<string, BookAudit>();
  for (const row of byBookKind) {
    const bookAudit = books.get(row.book) ?? { book: row.book, issued: 0, held: 0, byKind: {}, difference: 0 };
    if (row.kind === 'issuer') bookAudit.issued = -toNumber(row.total);
    else {
      bookAudit.byKind[row.kind] = toNumber(row.total);
      bookAudit.held += toNumber(row.total);
    }
    books.set(row.book, bookAudit);
  }
  for (const book of books.values()) book.difference = book.held - book.issued;
  const chips = books.get(CHIPS_BOOK);
  const grantedTotal = toNumber(granted?.total);
  const difference = (chips?.held ?? 0) - grantedTotal;

  const report: AuditReport = {
    ok: false,
    granted: grantedTotal,
    difference,
    books: [...books.values()],
    balanceMismatches: mismatches.map((mismatch) => ({
      accountKey: mismatch.key,
      cached: toNumber(mismatch.cached),
      fromEntries: toNumber(mismatch.from_entries),
    })),
    unbalancedTransactions: unbalanced.map((transaction) => ({
      transactionId: transaction.id.toString(),
      idempotencyKey: transaction.idempotency_key,
      book: transaction.book,
      sum: toNumber(transaction.total),
    })),
    negativeBalances: negative.map((x) => ({ accountKey: x.key, balance: toNumber(x.balance) })),
    finishedHandsHoldingChips: finished.map((f) => ({ handId: f.id, status: f.status, pot: toNumber(f.pot) })),
    runningHands: toNumber(counts?.running),
    accounts: toNumber(counts?.accounts),
    transactions: toNumber(counts?.transactions),
  };
  report.ok =
    difference === 0 &&
    (chips?.issued ?? 0) === grantedTotal &&
    report.books.every((b) => b.difference === 0) &&
    report.balanceMismatches.length === 0 &&
    report.unbalancedTransactions.length === 0 &&
    report.negativeBalances.length === 0 &&
    report.finishedHandsHoldingChips.length === 0;
  return report;
}
