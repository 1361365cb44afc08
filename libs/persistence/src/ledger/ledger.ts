// The double-entry chip ledger. Every command is one database transaction that
//   1. creates the accounts it needs (those of a user only if the user exists),
//   2. locks every account it touches with SELECT ... FOR UPDATE in id order (no deadlocks
//      between commands, no lost updates, no overdraft under concurrency),
//   3. returns the original result if its idempotency key was already used (the key is UNIQUE,
//      so concurrent retries serialise on the locks and the later one finds the earlier one),
//   4. checks funds, writes one ledger_transactions row and one entry per account (the entries
//      of each book sum to zero) and updates the cached balances.
// A CHECK constraint (balance >= 0 except the issuer) backs step 4 up in the database itself.
import type { Prisma, PrismaClient } from '../generated/prisma/client';
import type { LedgerReason } from '../generated/prisma/enums';
import { Accounts, CHIPS_BOOK, tournamentBook, type AccountSpec } from './accounts';
import { canonicalJson } from './canonical';
import {
  AlreadyEnteredError,
  IdempotencyConflictError,
  InsufficientFundsError,
  InvalidAmountError,
  InvalidInputError,
  LedgerError,
  UnknownAccountError,
} from './errors';
import * as check from './limits';

export type { LedgerReason };
export type Tx = Prisma.TransactionClient;
export type LedgerDb = Pick<PrismaClient, '$transaction'> & Tx;

export interface Movement {
  from: AccountSpec;
  to: AccountSpec;
  /** Chips; 'all' = the whole balance of `from` at the time of the move (cash-out of a stack). */
  amount: number | 'all';
}

export interface References {
  tableId?: string;
  handId?: string;
  tournamentId?: string;
}

export interface PostCommand {
  idempotencyKey: string;
  reason: LedgerReason;
  refs?: References;
  movements: Movement[];
  /**
   * Why (kept with the transaction, outside the idempotency comparison): every grant names its
   * reason, e.g. `top-up`, `demo-funding`, `bot-chips`.
   */
  note?: string;
}

export interface PostedEntry {
  accountKey: string;
  /** Signed: positive credits the account. */
  amount: number;
  balanceAfter: number;
}

export interface PostResult {
  transactionId: string;
  idempotencyKey: string;
  reason: LedgerReason;
  entries: PostedEntry[];
  /** True when this call found the command already done and moved nothing. */
  replayed: boolean;
}

export interface AccountBalance {
  key: string;
  kind: string;
  book: string;
  userId: string | null;
  tableId: string | null;
  tournamentId: string | null;
  balance: number;
}

interface LockedRow {
  id: bigint;
  key: string;
  kind: string;
  balance: bigint;
}

const TX_OPTIONS = { maxWait: 30_000, timeout: 30_000 } as const;
const MAX_ATTEMPTS = 8;

function toNumber(value: bigint, what: string): number {
  if (value > BigInt(Number.MAX_SAFE_INTEGER) || value < BigInt(Number.MIN_SAFE_INTEGER)) {
    throw new Error(`${what} = ${value} is beyond the documented chip limits`);
  }
  return Number(value);
}

/** Errors worth running the whole transaction again for: a lost race on a unique key, a deadlock. */
export function isRetryableDbError(err: unknown): boolean {
  if (err instanceof LedgerError) return false;
  const error = err as { code?: string; message?: string; meta?: { code?: string } };
  if (error?.code === 'P2002' || error?.code === 'P2034') return true;
  const text = `${error?.meta?.code ?? ''} ${error?.message ?? ''}`;
  return /40P01|40001|deadlock|could not serialize|idempotency_key/.test(text);
}

/** Runs `fn` in a transaction, again when it lost a race the database detected. */
export function inTransaction<T>(db: LedgerDb, fn: (tx: Tx) => Promise<T>): Promise<T> {
  return retried(() => db.$transaction(fn, TX_OPTIONS));
}

/** Runs `work` (a transaction, or one statement that is its own), again when it lost a race the database detected. */
export async function retried<T>(work: () => Promise<T>): Promise<T> {
  for (let attempt = 1; ; attempt++) {
    try {
      return await work();
    } catch (err) {
      if (attempt >= MAX_ATTEMPTS || !isRetryableDbError(err)) throw err;
    }
  }
}

/** Inserts the accounts unless they exist. */
export async function ensureAccounts(tx: Tx, specs: AccountSpec[]): Promise<void> {
  for (const accountSpec of [...specs].sort((a, b) => (a.key < b.key ? -1 : 1))) {
    // An account that belongs to a user (his balance, a stack) is created only for a user who
    // exists; for an unknown user id the command fails with UnknownAccount below, not a
    // foreign-key error. (Users created elsewhere, e.g. demo users and bots, need no extra step.)
    await tx.$executeRaw`
      INSERT INTO chip_accounts (key, book, kind, user_id, table_id, tournament_id, hand_id)
      SELECT ${accountSpec.key}, ${accountSpec.book}, ${accountSpec.kind}::"ChipAccountKind", ${accountSpec.userId ?? null}::uuid, ${accountSpec.tableId ?? null},
             ${accountSpec.tournamentId ?? null}, ${accountSpec.handId ?? null}::uuid
      WHERE ${accountSpec.userId ?? null}::uuid IS NULL OR EXISTS (SELECT 1 FROM users WHERE id = ${accountSpec.userId ?? null}::uuid)
      ON CONFLICT (key) DO NOTHING`;
  }
}

async function lockAccounts(tx: Tx, keys: string[]): Promise<Map<string, LockedRow>> {
  const rows = await tx.$queryRaw<LockedRow[]>`
    SELECT id, key, kind::text AS kind, balance FROM chip_accounts
    WHERE key = ANY(${keys}::text[]) ORDER BY id FOR UPDATE`;
  return new Map(rows.map((r) => [r.key, r]));
}

async function storedResult(tx: Tx, idempotencyKey: string): Promise<{ request: unknown; result: PostResult } | null> {
  const stored = await tx.ledgerTransaction.findUnique({
    where: { idempotencyKey },
    include: { entries: { orderBy: { id: 'asc' }, include: { account: { select: { key: true } } } } },
  });
  if (!stored) return null;
  return {
    request: stored.request,
    result: {
      transactionId: stored.id.toString(),
      idempotencyKey,
      reason: stored.reason,
      replayed: true,
      entries: stored.entries.map((entry) => ({
        accountKey: entry.account.key,
        amount: toNumber(entry.amount, 'entry amount'),
        balanceAfter: toNumber(entry.balanceAfter, 'balance'),
      })),
    },
  };
}

function requestOf(cmd: PostCommand): unknown {
  return {
    reason: cmd.reason,
    refs: cmd.refs ?? {},
    movements: cmd.movements.map((m) => ({ from: m.from.key, to: m.to.key, amount: m.amount })),
  };
}

/**
 * Posts one command inside the caller's transaction `tx` (so a hand's events and its chip
 * movements commit together). Throws a LedgerError and writes nothing when the command is refused.
 */
export async function postInTransaction(tx: Tx, cmd: PostCommand): Promise<PostResult> {
  const idempotencyKey = check.idempotencyKey(cmd.idempotencyKey);
  if (cmd.movements.length === 0) throw new InvalidInputError('movements', 'a command moves chips');
  for (const movement of cmd.movements) {
    if (movement.amount !== 'all') check.chipAmount(movement.amount);
    if (movement.from.book !== movement.to.book)
      throw new InvalidInputError(
        'movements',
        `chips cannot move from book ${movement.from.book} to ${movement.to.book}`,
      );
    if (movement.from.key === movement.to.key)
      throw new InvalidInputError('movements', `${movement.from.key} cannot pay itself`);
  }
  const request = requestOf(cmd);
  const specs = new Map<string, AccountSpec>();
  for (const movement of cmd.movements) {
    specs.set(movement.from.key, movement.from);
    specs.set(movement.to.key, movement.to);
  }
  await ensureAccounts(tx, [...specs.values()]);
  const locked = await lockAccounts(tx, [...specs.keys()]);

  // After the locks: a concurrent retry of this command has committed by now, if it ran.
  const prior = await storedResult(tx, idempotencyKey);
  if (prior) {
    if (canonicalJson(prior.request) !== canonicalJson(request)) throw new IdempotencyConflictError(idempotencyKey);
    return prior.result;
  }

  // Report the user's own account first: it is the one a caller can get wrong.
  const byUserFirst = [...specs.values()].sort((a, b) => Number(b.kind === 'user') - Number(a.kind === 'user'));
  for (const accountSpec of byUserFirst)
    if (!locked.has(accountSpec.key)) throw new UnknownAccountError(accountSpec.key);

  const balances = new Map<string, bigint>([...locked].map(([k, r]) => [k, r.balance]));
  const net = new Map<string, bigint>();
  for (const movement of cmd.movements) {
    const from = balances.get(movement.from.key)!;
    const amount = movement.amount === 'all' ? from : BigInt(movement.amount);
    if (amount <= 0n) throw new InvalidAmountError('amount', `${movement.from.key} holds no chips to move`);
    if (movement.from.kind !== 'issuer' && from < amount) {
      throw new InsufficientFundsError(movement.from.key, toNumber(from, 'balance'), toNumber(amount, 'amount'));
    }
    balances.set(movement.from.key, from - amount);
    balances.set(movement.to.key, balances.get(movement.to.key)! + amount);
    net.set(movement.from.key, (net.get(movement.from.key) ?? 0n) - amount);
    net.set(movement.to.key, (net.get(movement.to.key) ?? 0n) + amount);
  }
  for (const [key, balance] of balances) {
    if (balance > BigInt(check.MAX_BALANCE))
      throw new InvalidAmountError('amount', `${key} would exceed ${check.MAX_BALANCE} chips`);
  }

  const refs = cmd.refs ?? {};
  const created = await tx.ledgerTransaction.create({
    data: {
      idempotencyKey,
      reason: cmd.reason,
      tableId: refs.tableId ?? null,
      handId: refs.handId ?? null,
      tournamentId: refs.tournamentId ?? null,
      request: request as Prisma.InputJsonValue,
      note: cmd.note ?? null,
    },
    select: { id: true },
  });
  const entries: PostedEntry[] = [];
  const rows: { transactionId: bigint; accountId: bigint; amount: bigint; balanceAfter: bigint }[] = [];
  for (const key of [...net.keys()].sort()) {
    const amount = net.get(key)!;
    if (amount === 0n) continue;
    const after = balances.get(key)!;
    const row = locked.get(key)!;
    rows.push({ transactionId: created.id, accountId: row.id, amount, balanceAfter: after });
    entries.push({ accountKey: key, amount: toNumber(amount, 'amount'), balanceAfter: toNumber(after, 'balance') });
    await tx.$executeRaw`UPDATE chip_accounts SET balance = ${after} WHERE id = ${row.id}`;
  }
  if (rows.length === 0) throw new InvalidInputError('movements', 'the movements cancel out');
  await tx.ledgerEntry.createMany({ data: rows });
  return { transactionId: created.id.toString(), idempotencyKey, reason: cmd.reason, entries, replayed: false };
}

export interface GrantCommand {
  idempotencyKey: string;
  userId: string;
  amount: number;
  /** Why the chips are granted (stored with the transaction); default `grant`. */
  note?: string;
}

export interface TableCommand {
  idempotencyKey: string;
  userId: string;
  tableId: string;
  amount: number;
}

export interface CashOutCommand {
  idempotencyKey: string;
  userId: string;
  tableId: string;
  /** Omit to cash out the whole stack. */
  amount?: number;
}

export interface TournamentEntryCommand {
  idempotencyKey: string;
  userId: string;
  tournamentId: string;
  /** Account chips into the prize pool (0 for a freeroll). */
  fee: number;
  /** Tournament chips the entrant starts with (tournament book). */
  startingStack: number;
}

export interface TournamentPrizeCommand {
  idempotencyKey: string;
  userId: string;
  tournamentId: string;
  amount: number;
  place?: number;
}

export interface TournamentPlayerCommand {
  idempotencyKey: string;
  userId: string;
  tournamentId: string;
}

/** The ledger's commands and queries. Construct with the app's PrismaService (a PrismaClient). */
export class ChipLedger {
  constructor(private readonly db: LedgerDb) {}

  /** Runs one command in its own transaction (retried on deadlock or a lost idempotency race). */
  async post(cmd: PostCommand): Promise<PostResult> {
    return inTransaction(this.db, (tx) => postInTransaction(tx, cmd));
  }

  /** Opens the user's chip account (idempotent). UnknownAccount if the user does not exist. */
  async openUserAccount(userIdInput: string): Promise<AccountBalance> {
    const userId = check.userId(userIdInput);
    const spec = Accounts.user(userId);
    const inserted = await this.db.$executeRaw`
      INSERT INTO chip_accounts (key, book, kind, user_id)
      SELECT ${spec.key}, ${spec.book}, 'user'::"ChipAccountKind", id FROM users WHERE id = ${userId}::uuid
      ON CONFLICT (key) DO NOTHING`;
    const account = await this.account(spec.key);
    if (!account) throw new UnknownAccountError(`user ${userId}`);
    void inserted;
    return account;
  }

  /** New chips from the house (welcome chips, an admin's top-up). */
  async grant(grantCommand: GrantCommand): Promise<PostResult> {
    const userId = check.userId(grantCommand.userId);
    return this.post({
      idempotencyKey: grantCommand.idempotencyKey,
      reason: 'grant',
      note: check.note(grantCommand.note ?? 'grant'),
      movements: [
        { from: Accounts.issuer(), to: Accounts.user(userId), amount: check.chipAmount(grantCommand.amount) },
      ],
    });
  }

  /** Account chips to a cash-table stack (sitting down). */
  async buyIn(tableCommand: TableCommand): Promise<PostResult> {
    return this.toTable(tableCommand, 'table_buy_in');
  }

  /** More account chips to an existing cash-table stack. */
  async reload(tableCommand: TableCommand): Promise<PostResult> {
    return this.toTable(tableCommand, 'reload');
  }

  private async toTable(tableCommand: TableCommand, reason: LedgerReason): Promise<PostResult> {
    const userId = check.userId(tableCommand.userId);
    const tableId = check.ref(tableCommand.tableId, 'tableId');
    return this.post({
      idempotencyKey: tableCommand.idempotencyKey,
      reason,
      refs: { tableId },
      movements: [
        {
          from: Accounts.user(userId),
          to: Accounts.tableStack(tableId, userId),
          amount: check.chipAmount(tableCommand.amount),
        },
      ],
    });
  }

  /** A cash-table stack (or part of it) back to the account. */
  async cashOut(cashOutCommand: CashOutCommand): Promise<PostResult> {
    const userId = check.userId(cashOutCommand.userId);
    const tableId = check.ref(cashOutCommand.tableId, 'tableId');
    const amount = cashOutCommand.amount === undefined ? 'all' : check.chipAmount(cashOutCommand.amount);
    return this.post({
      idempotencyKey: cashOutCommand.idempotencyKey,
      reason: 'cash_out',
      refs: { tableId },
      movements: [{ from: Accounts.tableStack(tableId, userId), to: Accounts.user(userId), amount }],
    });
  }

  /** Entry fee into the prize pool and the starting stack issued in the tournament's own book. */
  async enterTournament(tournamentEntryCommand: TournamentEntryCommand): Promise<PostResult> {
    const userId = check.userId(tournamentEntryCommand.userId);
    const tournamentId = check.ref(tournamentEntryCommand.tournamentId, 'tournamentId');
    const fee = tournamentEntryCommand.fee === 0 ? 0 : check.chipAmount(tournamentEntryCommand.fee, 'fee');
    const startingStack = check.chipAmount(tournamentEntryCommand.startingStack, 'startingStack');
    const movements: Movement[] = [];
    if (fee > 0)
      movements.push({ from: Accounts.user(userId), to: Accounts.tournamentPool(tournamentId), amount: fee });
    movements.push({
      from: Accounts.issuer(tournamentBook(tournamentId)),
      to: Accounts.tournamentStack(tournamentId, userId),
      amount: startingStack,
    });
    return inTransaction(this.db, async (tx) => {
      const result = await postInTransaction(tx, {
        idempotencyKey: tournamentEntryCommand.idempotencyKey,
        reason: 'tournament_entry',
        refs: { tournamentId },
        movements,
      });
      if (result.replayed) return result;
      const exists = await tx.tournamentEntry.findUnique({ where: { tournamentId_userId: { tournamentId, userId } } });
      if (exists) throw new AlreadyEnteredError(tournamentId, userId);
      await tx.tournamentEntry.create({
        data: { tournamentId, userId, fee: BigInt(fee), startingStack: BigInt(startingStack), status: 'playing' },
      });
      return result;
    });
  }

  /** Prize from the pool to the player's account. */
  async awardTournamentPrize(tournamentPrizeCommand: TournamentPrizeCommand): Promise<PostResult> {
    const userId = check.userId(tournamentPrizeCommand.userId);
    const tournamentId = check.ref(tournamentPrizeCommand.tournamentId, 'tournamentId');
    const amount = check.chipAmount(tournamentPrizeCommand.amount);
    return inTransaction(this.db, async (tx) => {
      const result = await postInTransaction(tx, {
        idempotencyKey: tournamentPrizeCommand.idempotencyKey,
        reason: 'tournament_prize',
        refs: { tournamentId },
        movements: [{ from: Accounts.tournamentPool(tournamentId), to: Accounts.user(userId), amount }],
      });
      if (!result.replayed) {
        await tx.tournamentEntry.updateMany({
          where: { tournamentId, userId },
          data: {
            prize: { increment: BigInt(amount) },
            status: 'finished',
            ...(tournamentPrizeCommand.place ? { place: tournamentPrizeCommand.place } : {}),
          },
        });
      }
      return result;
    });
  }

  /** A cancelled registration: fee back to the account, tournament chips back to the tournament's issuer. */
  async refundTournamentEntry(tournamentPlayerCommand: TournamentPlayerCommand): Promise<PostResult> {
    const userId = check.userId(tournamentPlayerCommand.userId);
    const tournamentId = check.ref(tournamentPlayerCommand.tournamentId, 'tournamentId');
    return inTransaction(this.db, async (tx) => {
      const entry = await tx.tournamentEntry.findUnique({ where: { tournamentId_userId: { tournamentId, userId } } });
      if (!entry) throw new UnknownAccountError(Accounts.tournamentStack(tournamentId, userId).key);
      const movements: Movement[] = [];
      if (entry.fee > 0n)
        movements.push({
          from: Accounts.tournamentPool(tournamentId),
          to: Accounts.user(userId),
          amount: toNumber(entry.fee, 'fee'),
        });
      const stack = await tx.chipAccount.findUnique({
        where: { key: Accounts.tournamentStack(tournamentId, userId).key },
      });
      if (stack && stack.balance > 0n) {
        movements.push({
          from: Accounts.tournamentStack(tournamentId, userId),
          to: Accounts.issuer(tournamentBook(tournamentId)),
          amount: 'all',
        });
      }
      const result = await postInTransaction(tx, {
        idempotencyKey: tournamentPlayerCommand.idempotencyKey,
        reason: 'refund',
        refs: { tournamentId },
        movements,
      });
      if (!result.replayed)
        await tx.tournamentEntry.update({
          where: { tournamentId_userId: { tournamentId, userId } },
          data: { status: 'refunded' },
        });
      return result;
    });
  }

  /** When a tournament ends: the winner's (or any leftover) tournament chips go back to its issuer. */
  async retireTournamentChips(tournamentPlayerCommand: TournamentPlayerCommand): Promise<PostResult> {
    const userId = check.userId(tournamentPlayerCommand.userId);
    const tournamentId = check.ref(tournamentPlayerCommand.tournamentId, 'tournamentId');
    return this.post({
      idempotencyKey: tournamentPlayerCommand.idempotencyKey,
      reason: 'tournament_chips',
      refs: { tournamentId },
      movements: [
        {
          from: Accounts.tournamentStack(tournamentId, userId),
          to: Accounts.issuer(tournamentBook(tournamentId)),
          amount: 'all',
        },
      ],
    });
  }

  async account(key: string): Promise<AccountBalance | null> {
    const account = await this.db.chipAccount.findUnique({ where: { key } });
    return account ? toBalance(account) : null;
  }

  /** The user's account balance; UnknownAccount when he has no chip account. */
  async userBalance(userIdInput: string): Promise<number> {
    const key = Accounts.user(check.userId(userIdInput)).key;
    const accountBalance = await this.account(key);
    if (!accountBalance) throw new UnknownAccountError(key);
    return accountBalance.balance;
  }

  /**
   * The latest transaction with this note whose idempotency key starts with `keyPrefix` (a user's
   * last top-up: note `top-up`, keys `top-up:<userId>:…`), or null.
   */
  lastTransaction(note: string, keyPrefix: string): Promise<{ id: bigint; createdAt: Date } | null> {
    return this.db.ledgerTransaction.findFirst({
      where: { note, idempotencyKey: { startsWith: keyPrefix } },
      orderBy: { id: 'desc' },
      select: { id: true, createdAt: true },
    });
  }

  /** Chips at one cash table, per player. */
  async tableStacks(tableIdInput: string): Promise<AccountBalance[]> {
    const tableId = check.ref(tableIdInput, 'tableId');
    const rows = await this.db.chipAccount.findMany({
      where: { tableId, kind: 'table_stack' },
      orderBy: { id: 'asc' },
    });
    return rows.map(toBalance);
  }

  async tournamentStacks(tournamentIdInput: string): Promise<AccountBalance[]> {
    const tournamentId = check.ref(tournamentIdInput, 'tournamentId');
    const rows = await this.db.chipAccount.findMany({
      where: { tournamentId, kind: 'tournament_stack' },
      orderBy: { id: 'asc' },
    });
    return rows.map(toBalance);
  }
}

function toBalance(account: {
  key: string;
  kind: string;
  book: string;
  userId: string | null;
  tableId: string | null;
  tournamentId: string | null;
  balance: bigint;
}): AccountBalance {
  return {
    key: account.key,
    kind: account.kind,
    book: account.book,
    userId: account.userId,
    tableId: account.tableId,
    tournamentId: account.tournamentId,
    balance: toNumber(account.balance, 'balance'),
  };
}

export { CHIPS_BOOK };
