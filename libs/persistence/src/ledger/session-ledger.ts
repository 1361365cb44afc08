// The session ledger of a cash or private table (issue 23): per session, every player's buy-ins,
// top-ups (reloads), cash-outs, the stack still on the table and the net. It is read from the chip
// ledger's table-stack entries and nothing else, so it always agrees with `npm run -s audit`.
//
// A session runs from the first buy-in at an empty table until the table is empty again: the first
// transaction after which every table-stack account of the table holds 0 (the last player cashed out,
// or busted and left), other than chips going into a running hand's pot. The next buy-in opens the next session.
import type { PrismaClient } from '../generated/prisma/client';

/** One table-stack ledger entry, in ledger order. */
export interface TableStackEntry {
  entryId: bigint;
  transactionId: bigint;
  /** The ledger reason of the transaction (`table_buy_in`, `reload`, `cash_out`, `hand_award`, ...). */
  reason: string;
  userId: string;
  amount: number;
  balanceAfter: number;
  at: Date;
}

export interface SessionPlayer {
  userId: string;
  buyIns: number;
  /** Top-ups: chips added to a stack already at the table (`reload`). */
  topUps: number;
  cashOuts: number;
  /** Chips on the table now (0 once the session ended). Chips in a running hand's pot are not counted until it ends. */
  stack: number;
  /** cashOuts + stack − buyIns − topUps. */
  net: number;
}

export interface TableSession {
  /** 1 for the table's first session. */
  number: number;
  startedAt: Date;
  /** Null while players still have chips on the table. */
  endedAt: Date | null;
  players: SessionPlayer[];
}

/** Splits a table's stack entries into sessions and sums each player's flows (pure). */
export function splitSessions(entries: readonly TableStackEntry[]): TableSession[] {
  const sessions: TableSession[] = [];
  const balances = new Map<string, number>();
  let current: { session: TableSession; byUser: Map<string, SessionPlayer> } | null = null;
  for (let i = 0; i < entries.length; i++) {
    const tableStackEntry = entries[i]!;
    if (!current) {
      const session: TableSession = {
        number: sessions.length + 1,
        startedAt: tableStackEntry.at,
        endedAt: null,
        players: [],
      };
      sessions.push(session);
      current = { session, byUser: new Map() };
    }
    let sessionPlayer = current.byUser.get(tableStackEntry.userId);
    if (!sessionPlayer) {
      sessionPlayer = { userId: tableStackEntry.userId, buyIns: 0, topUps: 0, cashOuts: 0, stack: 0, net: 0 };
      current.byUser.set(tableStackEntry.userId, sessionPlayer);
      current.session.players.push(sessionPlayer);
    }
    if (tableStackEntry.reason === 'table_buy_in') sessionPlayer.buyIns += tableStackEntry.amount;
    else if (tableStackEntry.reason === 'reload') sessionPlayer.topUps += tableStackEntry.amount;
    else if (tableStackEntry.reason === 'cash_out') sessionPlayer.cashOuts -= tableStackEntry.amount;
    balances.set(tableStackEntry.userId, tableStackEntry.balanceAfter);
    // A session can only end once the whole transaction is applied (a hand's award touches several
    // stacks), and never on chips going into a running hand: all-in players are at 0 until the award.
    const lastOfTransaction = entries[i + 1]?.transactionId !== tableStackEntry.transactionId;
    if (
      lastOfTransaction &&
      tableStackEntry.reason !== 'hand_contribution' &&
      [...balances.values()].every((b) => b === 0)
    ) {
      current.session.endedAt = tableStackEntry.at;
      current = null;
      balances.clear();
    }
  }
  for (const tableSession of sessions) {
    for (const sessionPlayer of tableSession.players) {
      sessionPlayer.stack = tableSession.endedAt ? 0 : (balances.get(sessionPlayer.userId) ?? 0);
      sessionPlayer.net = sessionPlayer.cashOuts + sessionPlayer.stack - sessionPlayer.buyIns - sessionPlayer.topUps;
    }
  }
  return sessions;
}

type Db = Pick<PrismaClient, '$queryRaw'>;

/** Every table-stack entry of one table, in ledger order. */
export async function readTableStackEntries(db: Db, tableId: string): Promise<TableStackEntry[]> {
  const rows = await db.$queryRaw<
    {
      entry_id: bigint;
      transaction_id: bigint;
      reason: string;
      user_id: string;
      amount: bigint;
      balance_after: bigint;
      at: Date;
    }[]
  >`
    SELECT e.id AS entry_id, e.transaction_id, t.reason::text AS reason, a.user_id::text AS user_id,
           e.amount, e.balance_after, t.created_at AS at
    FROM ledger_entries e
    JOIN chip_accounts a ON a.id = e.account_id
    JOIN ledger_transactions t ON t.id = e.transaction_id
    WHERE a.table_id = ${tableId} AND a.kind = 'table_stack'
    ORDER BY e.transaction_id, e.id`;
  return rows.map((row) => ({
    entryId: row.entry_id,
    transactionId: row.transaction_id,
    reason: row.reason,
    userId: row.user_id,
    amount: Number(row.amount),
    balanceAfter: Number(row.balance_after),
    at: row.at,
  }));
}

/** The table's sessions, oldest first, from the chip ledger. */
export async function readTableSessions(db: Db, tableId: string): Promise<TableSession[]> {
  return splitSessions(await readTableStackEntries(db, tableId));
}

/** One session as CSV (RFC 4180; names quoted), one line per player plus a total line. */
export function sessionCsv(session: TableSession, names: ReadonlyMap<string, string>): string {
  // A leading = + - @ would make a spreadsheet read the name as a formula: prefix it with '.
  const quote = (s: string) => `"${(/^[=+\-@]/.test(s) ? `'${s}` : s).replace(/"/g, '""')}"`;
  const lines = ['player,buy_ins,top_ups,cash_outs,stack,net'];
  const total = { buyIns: 0, topUps: 0, cashOuts: 0, stack: 0, net: 0 };
  for (const sessionPlayer of session.players) {
    lines.push(
      [
        quote(names.get(sessionPlayer.userId) ?? sessionPlayer.userId),
        sessionPlayer.buyIns,
        sessionPlayer.topUps,
        sessionPlayer.cashOuts,
        sessionPlayer.stack,
        sessionPlayer.net,
      ].join(','),
    );
    total.buyIns += sessionPlayer.buyIns;
    total.topUps += sessionPlayer.topUps;
    total.cashOuts += sessionPlayer.cashOuts;
    total.stack += sessionPlayer.stack;
    total.net += sessionPlayer.net;
  }
  lines.push([quote('total'), total.buyIns, total.topUps, total.cashOuts, total.stack, total.net].join(','));
  return `${lines.join('\r\n')}\r\n`;
}
