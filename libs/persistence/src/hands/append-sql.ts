// The write half of HandStore.appendEvents, built for few round trips: Prisma's interactive
// transaction costs CPU per statement, and the table host awaits every append before it
// broadcasts. One append is: lock the hand row (hand-store.ts), lock the chip accounts it moves
// (planPostings), then ONE statement that inserts the events, the ledger transactions and their
// entries, sets the balances and updates the hand row (appendStatement).
//
// Ledger semantics stay those of postInTransaction: double entry (each posting's entries sum to
// zero), accounts locked in id order, funds checked before writing (the CHECK constraint on
// balance backs that up), a UNIQUE idempotency key per posting. The hand row lock plus the seq
// check make a retried append a replay before any posting is attempted; the key is the backstop.
import { Prisma } from '../generated/prisma/client';
import type { AccountSpec } from '../ledger/accounts';
import { InsufficientFundsError, InvalidAmountError, LedgerError, UnknownAccountError } from '../ledger/errors';
import { ensureAccounts, type LedgerReason, type Movement, type References, type Tx } from '../ledger/ledger';
import * as check from '../ledger/limits';

export interface HandRow {
  status: string;
  event_count: number;
  table_id: string | null;
  tournament_id: string | null;
  book: string;
  players: unknown;
}

interface LockedRow {
  id: bigint;
  key: string;
  kind: string;
  balance: bigint;
}

export interface Posting {
  idempotencyKey: string;
  reason: LedgerReason;
  refs: References;
  request: unknown;
  entries: { accountId: bigint; amount: bigint; balanceAfter: bigint }[];
}

export interface PlannedPostings {
  postings: Posting[];
  /** Final balance per touched account id. */
  balances: Map<bigint, bigint>;
}

async function lock(tx: Tx, keys: string[]): Promise<Map<string, LockedRow>> {
  const rows = await tx.$queryRaw<LockedRow[]>`
    SELECT id, key, kind::text AS kind, balance FROM chip_accounts
    WHERE key = ANY(${keys}::text[]) ORDER BY id FOR UPDATE`;
  return new Map(rows.map((r) => [r.key, r]));
}

function toNumber(value: bigint): number {
  return Number(value);
}

/** One posting's net chip change per account key (entries in key order), before any lookup. */
export interface NettedPosting {
  idempotencyKey: string;
  reason: LedgerReason;
  refs: References;
  request: unknown;
  nets: { key: string; amount: bigint }[];
}

/**
 * Pure: one posting per reason with the net amount per account, key
 * `hand:<id>:seq:<fromSeq>:<reason>`. Movements that net to nothing (a bet and its return in one
 * batch) leave no entry, and a posting without entries is left out. Shared by the general path
 * (planPostings) and the one-round-trip path (append-fast.ts), so both write the same ledger.
 */
export function netPostings(
  handId: string,
  fromSeq: number,
  groups: Map<LedgerReason, Movement[]>,
  refs: References,
): NettedPosting[] {
  const out: NettedPosting[] = [];
  for (const [reason, movements] of groups) {
    const net = new Map<string, bigint>();
    for (const movement of movements) {
      const amount = BigInt(check.chipAmount(movement.amount));
      net.set(movement.from.key, (net.get(movement.from.key) ?? 0n) - amount);
      net.set(movement.to.key, (net.get(movement.to.key) ?? 0n) + amount);
    }
    const nets = [...net.keys()]
      .sort()
      .map((key) => ({ key, amount: net.get(key)! }))
      .filter((n) => n.amount !== 0n);
    if (nets.length === 0) continue;
    out.push({
      idempotencyKey: check.idempotencyKey(`hand:${handId}:seq:${fromSeq}:${reason}`),
      reason,
      refs,
      request: {
        reason,
        refs,
        movements: movements.map((m) => ({ from: m.from.key, to: m.to.key, amount: m.amount })),
      },
      nets,
    });
  }
  return out;
}

/** Every account the movements touch (and the pot when the hand ends), by key. */
export function accountsOf(
  pot: AccountSpec,
  groups: Map<LedgerReason, Movement[]>,
  ends: boolean,
): Map<string, AccountSpec> {
  const specs = new Map<string, AccountSpec>();
  for (const list of groups.values()) {
    for (const movement of list) {
      specs.set(movement.from.key, movement.from);
      specs.set(movement.to.key, movement.to);
    }
  }
  if (ends) specs.set(pot.key, pot);
  return specs;
}

/**
 * Locks the accounts the groups move (and the pot when the hand ends), checks funds and works
 * out the postings (netPostings) with each entry's balance after.
 * Throws a LedgerError (nothing written) when the movements are refused.
 */
export async function planPostings(
  tx: Tx,
  handId: string,
  fromSeq: number,
  pot: AccountSpec,
  groups: Map<LedgerReason, Movement[]>,
  refs: References,
  ends: boolean,
): Promise<PlannedPostings> {
  const specs = accountsOf(pot, groups, ends);
  let locked = await lock(tx, [...specs.keys()]);
  const missing = [...specs.values()].filter((s) => !locked.has(s.key) && !(s.key === pot.key && groups.size === 0));
  if (missing.length) {
    // Hands started before startHand created the pot, the house's first rake: create on first use.
    await ensureAccounts(tx, missing);
    locked = await lock(tx, [...specs.keys()]);
  }
  const byUserFirst = [...specs.values()].sort(
    (left, right) =>
      Number(right.kind === 'table_stack' || right.kind === 'tournament_stack') -
      Number(left.kind === 'table_stack' || left.kind === 'tournament_stack'),
  );
  for (const spec of byUserFirst)
    if (!locked.has(spec.key) && !(spec.key === pot.key && groups.size === 0)) throw new UnknownAccountError(spec.key);

  const balances = new Map<string, bigint>([...locked].map(([k, r]) => [k, r.balance]));
  const postings: Posting[] = [];
  for (const nettedPosting of netPostings(handId, fromSeq, groups, refs)) {
    const entries: Posting['entries'] = [];
    for (const { key, amount } of nettedPosting.nets) {
      const row = locked.get(key)!;
      const before = balances.get(key)!;
      const after = before + amount;
      if (after < 0n && row.kind !== 'issuer')
        throw new InsufficientFundsError(key, toNumber(before), toNumber(-amount));
      if (after > BigInt(check.MAX_BALANCE))
        throw new InvalidAmountError('amount', `${key} would exceed ${check.MAX_BALANCE} chips`);
      balances.set(key, after);
      entries.push({ accountId: row.id, amount, balanceAfter: after });
    }
    postings.push({
      idempotencyKey: nettedPosting.idempotencyKey,
      reason: nettedPosting.reason,
      refs: nettedPosting.refs,
      request: nettedPosting.request,
      entries,
    });
  }
  if (ends) {
    const left = balances.get(pot.key) ?? 0n;
    if (left !== 0n)
      throw new LedgerError('INVALID_INPUT', `hand ${handId} ended with ${left} chips left in its pot`, { handId });
  }
  const finals = new Map<bigint, bigint>();
  for (const posting of postings) for (const entry of posting.entries) finals.set(entry.accountId, entry.balanceAfter);
  return { postings, balances: finals };
}

export const json = (v: unknown): string => JSON.stringify(v, (_k, x) => (typeof x === 'bigint' ? x.toString() : x));

/** The single statement that writes an accepted append. */
export function appendStatement(
  handId: string,
  fromSeq: number,
  payloads: { type: string }[],
  planned: PlannedPostings,
  nextSeq: number,
  ended: { status: 'completed' | 'cancelled'; payload: unknown } | null,
): Prisma.Sql {
  const events = payloads.map((p, i) => ({ seq: fromSeq + i, type: p.type, payload: p }));
  const ctes: Prisma.Sql[] = [
    Prisma.sql`ev AS (
      INSERT INTO hand_events (hand_id, seq, type, payload)
      SELECT ${handId}::uuid, x.seq, x.type, x.payload
      FROM jsonb_to_recordset(${json(events)}::jsonb) AS x(seq int, type text, payload jsonb))`,
  ];
  if (planned.postings.length) {
    // All postings in one INSERT ... ORDER BY so their ids follow the events' order (separate
    // data-modifying CTEs run in no defined order), entries joined back by idempotency key.
    const txs = planned.postings.map((posting, index) => ({
      n: index,
      key: posting.idempotencyKey,
      reason: posting.reason,
      table_id: posting.refs.tableId ?? null,
      hand_id: posting.refs.handId ?? null,
      tournament_id: posting.refs.tournamentId ?? null,
      request: posting.request,
    }));
    const entries = planned.postings.flatMap((posting, postingIndex) =>
      posting.entries.map((entry, entryIndex) => ({
        n: postingIndex * 1000 + entryIndex,
        key: posting.idempotencyKey,
        account_id: entry.accountId,
        amount: entry.amount,
        balance_after: entry.balanceAfter,
      })),
    );
    ctes.push(Prisma.sql`txs AS (
      INSERT INTO ledger_transactions (idempotency_key, reason, table_id, hand_id, tournament_id, request)
      SELECT x.key, x.reason::"LedgerReason", x.table_id, x.hand_id::uuid, x.tournament_id, x.request
      FROM jsonb_to_recordset(${json(txs)}::jsonb) AS x(n int, key text, reason text, table_id text, hand_id text, tournament_id text, request jsonb)
      ORDER BY x.n
      RETURNING id, idempotency_key)`);
    ctes.push(Prisma.sql`ents AS (
      INSERT INTO ledger_entries (transaction_id, account_id, amount, balance_after)
      SELECT txs.id, v.account_id, v.amount, v.balance_after
      FROM jsonb_to_recordset(${json(entries)}::jsonb) AS v(n int, key text, account_id bigint, amount bigint, balance_after bigint)
      JOIN txs ON txs.idempotency_key = v.key
      ORDER BY v.n)`);
  }
  if (planned.balances.size) {
    const rows = [...planned.balances].map(([id, balance]) => ({ id, balance }));
    ctes.push(Prisma.sql`bal AS (
      UPDATE chip_accounts c SET balance = v.balance
      FROM jsonb_to_recordset(${json(rows)}::jsonb) AS v(id bigint, balance bigint)
      WHERE c.id = v.id)`);
  }
  const update = ended
    ? Prisma.sql`UPDATE hands SET event_count = ${nextSeq}, status = ${ended.status}::"HandStatus", ended_at = now(),
        result = ${json(ended.payload)}::jsonb WHERE id = ${handId}::uuid`
    : Prisma.sql`UPDATE hands SET event_count = ${nextSeq} WHERE id = ${handId}::uuid`;
  return Prisma.sql`WITH ${Prisma.join(ctes, ',\n')}\n${update}`;
}
