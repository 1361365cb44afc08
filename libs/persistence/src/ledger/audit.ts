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

const n = (v: bigint | number | null | undefined): number => Number(v ?? 0);

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
  for (const r of byBookKind) {
    const b = books.get(r.book) ?? { book: r.book, issued: 0, held: 0, byKind: {}, difference: 0 };
    if (r.kind === 'issuer') b.issued = -n(r.total);
    else {
      b.byKind[r.kind] = n(r.total);
      b.held += n(r.total);
    }
    books.set(r.book, b);
  }
  for (const b of books.values()) b.difference = b.held - b.issued;
  const chips = books.get(CHIPS_BOOK);
  const grantedTotal = n(granted?.total);
  const difference = (chips?.held ?? 0) - grantedTotal;

  const report: AuditReport = {
    ok: false,
    granted: grantedTotal,
    difference,
    books: [...books.values()],
    balanceMismatches: mismatches.map((m) => ({
      accountKey: m.key,
      cached: n(m.cached),
      fromEntries: n(m.from_entries),
    })),
    unbalancedTransactions: unbalanced.map((u) => ({
      transactionId: u.id.toString(),
      idempotencyKey: u.idempotency_key,
      book: u.book,
      sum: n(u.total),
    })),
    negativeBalances: negative.map((x) => ({ accountKey: x.key, balance: n(x.balance) })),
    finishedHandsHoldingChips: finished.map((f) => ({ handId: f.id, status: f.status, pot: n(f.pot) })),
    runningHands: n(counts?.running),
    accounts: n(counts?.accounts),
    transactions: n(counts?.transactions),
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
