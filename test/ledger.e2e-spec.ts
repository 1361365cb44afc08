// The chip ledger against the real PostgreSQL: concurrency, idempotency, bad input, tournaments.
import {
  Accounts,
  auditLedger,
  ChipLedger,
  IdempotencyConflictError,
  InsufficientFundsError,
  InvalidAmountError,
  InvalidInputError,
  MAX_CHIP_AMOUNT,
  UnknownAccountError,
  type PrismaClient,
} from '@naiko/persistence';
import { createLedgerTestDb, createUser, type LedgerTestDb } from './support/ledger-db';

let db: LedgerTestDb;
let prisma: PrismaClient;
let ledger: ChipLedger;

beforeAll(async () => {
  db = await createLedgerTestDb(20);
  prisma = db.prisma;
  ledger = new ChipLedger(prisma);
});
afterAll(async () => {
  await db.drop();
});

async function player(name: string, chips: number): Promise<string> {
  const id = await createUser(prisma, name);
  await ledger.openUserAccount(id);
  if (chips > 0) await ledger.grant({ idempotencyKey: `welcome:${id}`, userId: id, amount: chips });
  return id;
}

/** Everything that can change, to prove a refused command changed nothing. */
async function snapshot(): Promise<unknown> {
  const [accounts, txs, entries, tournament] = await Promise.all([
    prisma.chipAccount.findMany({ orderBy: { id: 'asc' } }),
    prisma.ledgerTransaction.count(),
    prisma.ledgerEntry.count(),
    prisma.tournamentEntry.findMany({ orderBy: [{ tournamentId: 'asc' }, { userId: 'asc' }] }),
  ]);
  return { accounts, txs, entries, tournament };
}

describe('grants, buy-ins and cash-outs', () => {
  it('moves chips account → table stack → account with balanced entries (1000 granted, buy in 400, cash out 150 then the rest)', async () => {
    const alice = await player('alice1', 1000);
    const buy = await ledger.buyIn({ idempotencyKey: 'b1', userId: alice, tableId: 't1', amount: 400 });
    expect(buy.replayed).toBe(false);
    expect(buy.entries).toEqual([
      { accountKey: `table:t1:${alice}`, amount: 400, balanceAfter: 400 },
      { accountKey: `user:${alice}`, amount: -400, balanceAfter: 600 },
    ]);
    await ledger.cashOut({ idempotencyKey: 'c1', userId: alice, tableId: 't1', amount: 150 });
    expect(await ledger.userBalance(alice)).toBe(750);
    const rest = await ledger.cashOut({ idempotencyKey: 'c2', userId: alice, tableId: 't1' });
    expect(rest.entries.find((e) => e.accountKey === `user:${alice}`)).toEqual({ accountKey: `user:${alice}`, amount: 250, balanceAfter: 1000 });
    expect((await ledger.tableStacks('t1'))[0].balance).toBe(0);
    expect((await auditLedger(prisma)).ok).toBe(true);
  });
});

describe('concurrency', () => {
  it('50 parallel buy-ins/cash-outs on one account never overdraw it and end with the right balance', async () => {
    // 1000 chips; 30 buy-ins of 100 (only 10 can succeed before a cash-out frees chips) and 20
    // cash-outs of 50 from a stack pre-loaded with 500 (20 × 50 = 1000 > 500: some must fail).
    const bob = await player('bob-conc', 1500);
    await ledger.buyIn({ idempotencyKey: 'pre', userId: bob, tableId: 'conc', amount: 500 });
    const ops = Array.from({ length: 50 }, (_, i) =>
      i % 5 < 3
        ? ledger.buyIn({ idempotencyKey: `conc-buy-${i}`, userId: bob, tableId: 'conc', amount: 100 }).then(() => ({ kind: 'buy' as const }))
        : ledger.cashOut({ idempotencyKey: `conc-out-${i}`, userId: bob, tableId: 'conc', amount: 50 }).then(() => ({ kind: 'out' as const })),
    );
    const settled = await Promise.allSettled(ops);
    const buys = settled.filter((s) => s.status === 'fulfilled' && s.value.kind === 'buy').length;
    const outs = settled.filter((s) => s.status === 'fulfilled' && s.value.kind === 'out').length;
    for (const s of settled) if (s.status === 'rejected') expect(s.reason).toBeInstanceOf(InsufficientFundsError);
    const account = await ledger.userBalance(bob);
    const stack = (await ledger.account(Accounts.tableStack('conc', bob).key))!.balance;
    expect(account).toBe(1000 - buys * 100 + outs * 50);
    expect(stack).toBe(500 + buys * 100 - outs * 50);
    expect(account).toBeGreaterThanOrEqual(0);
    expect(stack).toBeGreaterThanOrEqual(0);
    expect(account + stack).toBe(1500);
    expect(buys + outs).toBeGreaterThan(0);
    // Every successful command is exactly one ledger transaction.
    const txs = await prisma.ledgerTransaction.count({ where: { idempotencyKey: { startsWith: 'conc-' } } });
    expect(txs).toBe(buys + outs);
    const audit = await auditLedger(prisma);
    expect(audit.ok).toBe(true);
  });

  it('50 parallel buy-ins of 30 from 1000 chips: exactly 33 succeed, the account ends at 10', async () => {
    const carl = await player('carl-conc', 1000);
    const settled = await Promise.allSettled(
      Array.from({ length: 50 }, (_, i) => ledger.buyIn({ idempotencyKey: `carl-${i}`, userId: carl, tableId: 'c33', amount: 30 })),
    );
    expect(settled.filter((s) => s.status === 'fulfilled')).toHaveLength(33);
    expect(await ledger.userBalance(carl)).toBe(10);
    expect((await ledger.account(Accounts.tableStack('c33', carl).key))!.balance).toBe(990);
  });
});

describe('idempotency', () => {
  it('a retried command with the same key moves chips once and returns the original result', async () => {
    const dana = await player('dana', 500);
    const first = await ledger.buyIn({ idempotencyKey: 'dana-buy', userId: dana, tableId: 't2', amount: 200 });
    const retry = await ledger.buyIn({ idempotencyKey: 'dana-buy', userId: dana, tableId: 't2', amount: 200 });
    expect(retry).toEqual({ ...first, replayed: true });
    expect(await ledger.userBalance(dana)).toBe(300);
  });

  it('20 concurrent retries of one command move chips once', async () => {
    const erik = await player('erik', 500);
    const results = await Promise.all(
      Array.from({ length: 20 }, () => ledger.buyIn({ idempotencyKey: 'erik-buy', userId: erik, tableId: 't3', amount: 120 })),
    );
    expect(results.filter((r) => !r.replayed)).toHaveLength(1);
    const original = results.find((r) => !r.replayed)!;
    for (const r of results) expect({ ...r, replayed: false }).toEqual(original);
    expect(await ledger.userBalance(erik)).toBe(380);
    expect(await prisma.ledgerTransaction.count({ where: { idempotencyKey: 'erik-buy' } })).toBe(1);
  });

  it('concurrent retries of a grant (first use of the issuer and a new account) move chips once', async () => {
    const id = await createUser(prisma, 'fred');
    await ledger.openUserAccount(id);
    const results = await Promise.all(Array.from({ length: 10 }, () => ledger.grant({ idempotencyKey: 'fred-grant', userId: id, amount: 77 })));
    expect(results.filter((r) => !r.replayed)).toHaveLength(1);
    expect(await ledger.userBalance(id)).toBe(77);
  });

  it('a key reused for a different command is refused and changes nothing', async () => {
    const gus = await player('gus', 500);
    await ledger.buyIn({ idempotencyKey: 'gus-buy', userId: gus, tableId: 't4', amount: 100 });
    const before = await snapshot();
    await expect(ledger.buyIn({ idempotencyKey: 'gus-buy', userId: gus, tableId: 't4', amount: 101 })).rejects.toBeInstanceOf(
      IdempotencyConflictError,
    );
    expect(await snapshot()).toEqual(before);
  });
});

describe('bad input gets a typed error and changes nothing', () => {
  let hana: string;
  beforeAll(async () => {
    hana = await player('hana-bad', 300);
  });

  const cases: [string, () => Promise<unknown>, new (...args: never[]) => Error][] = [
    ['negative amount', () => ledger.buyIn({ idempotencyKey: 'x1', userId: hana, tableId: 't5', amount: -5 }), InvalidAmountError],
    ['zero amount', () => ledger.buyIn({ idempotencyKey: 'x2', userId: hana, tableId: 't5', amount: 0 }), InvalidAmountError],
    ['fractional amount', () => ledger.buyIn({ idempotencyKey: 'x3', userId: hana, tableId: 't5', amount: 10.5 }), InvalidAmountError],
    ['NaN', () => ledger.buyIn({ idempotencyKey: 'x4', userId: hana, tableId: 't5', amount: Number.NaN }), InvalidAmountError],
    ['amount as a string', () => ledger.buyIn({ idempotencyKey: 'x5', userId: hana, tableId: 't5', amount: '10' as unknown as number }), InvalidAmountError],
    ['oversized amount', () => ledger.grant({ idempotencyKey: 'x6', userId: hana, amount: MAX_CHIP_AMOUNT + 1 }), InvalidAmountError],
    ['more than the balance', () => ledger.buyIn({ idempotencyKey: 'x7', userId: hana, tableId: 't5', amount: 301 }), InsufficientFundsError],
    ['cash-out of an empty stack', () => ledger.cashOut({ idempotencyKey: 'x8', userId: hana, tableId: 'never-sat' }), InvalidAmountError],
    ['unknown account', () => ledger.buyIn({ idempotencyKey: 'x9', userId: '00000000-0000-4000-8000-000000000000', tableId: 't5', amount: 5 }), UnknownAccountError],
    ['user id that is not a uuid', () => ledger.grant({ idempotencyKey: 'x10', userId: 'alice', amount: 5 }), InvalidInputError],
    ['oversized table id', () => ledger.buyIn({ idempotencyKey: 'x11', userId: hana, tableId: 't'.repeat(65), amount: 5 }), InvalidInputError],
    ['table id with odd characters', () => ledger.buyIn({ idempotencyKey: 'x12', userId: hana, tableId: "t'; drop", amount: 5 }), InvalidInputError],
    ['oversized idempotency key', () => ledger.buyIn({ idempotencyKey: 'k'.repeat(201), userId: hana, tableId: 't5', amount: 5 }), InvalidInputError],
    ['empty idempotency key', () => ledger.buyIn({ idempotencyKey: '', userId: hana, tableId: 't5', amount: 5 }), InvalidInputError],
    ['unknown user for a new account', () => ledger.openUserAccount('00000000-0000-4000-8000-000000000001'), UnknownAccountError],
  ];

  it.each(cases)('%s', async (_name, run, type) => {
    const before = await snapshot();
    await expect(run()).rejects.toBeInstanceOf(type);
    expect(await snapshot()).toEqual(before);
  });
});

describe('tournament chips are separate from account balances', () => {
  it('an entry fee moves account chips into the prize pool; the stack lives in the tournament book', async () => {
    const ida = await player('ida', 1000);
    const jon = await player('jon', 1000);
    for (const u of [ida, jon]) {
      await ledger.enterTournament({ idempotencyKey: `sng1:${u}`, userId: u, tournamentId: 'sng1', fee: 100, startingStack: 1500 });
    }
    // A retry does not charge twice.
    await ledger.enterTournament({ idempotencyKey: `sng1:${ida}`, userId: ida, tournamentId: 'sng1', fee: 100, startingStack: 1500 });
    expect(await ledger.userBalance(ida)).toBe(900);
    expect((await ledger.account('pool:sng1'))!.balance).toBe(200);
    const stacks = await ledger.tournamentStacks('sng1');
    expect(stacks.map((s) => [s.book, s.balance])).toEqual([
      ['tournament:sng1', 1500],
      ['tournament:sng1', 1500],
    ]);
    // Winner takes the pool; tournament chips go back to the tournament's issuer.
    await ledger.awardTournamentPrize({ idempotencyKey: 'sng1:prize1', tournamentId: 'sng1', userId: jon, amount: 200, place: 1 });
    expect(await ledger.userBalance(jon)).toBe(1100);
    const entry = await prisma.tournamentEntry.findUnique({ where: { tournamentId_userId: { tournamentId: 'sng1', userId: jon } } });
    expect(entry).toMatchObject({ place: 1, prize: 200n, status: 'finished' });
    const audit = await auditLedger(prisma);
    expect(audit.ok).toBe(true);
    expect(audit.books.find((b) => b.book === 'tournament:sng1')).toMatchObject({ issued: 3000, held: 3000 });
  });

  it('a refunded entry returns the fee and retires the tournament chips', async () => {
    const kim = await player('kim', 500);
    await ledger.enterTournament({ idempotencyKey: 'mtt:kim', userId: kim, tournamentId: 'mtt', fee: 50, startingStack: 3000 });
    await ledger.refundTournamentEntry({ idempotencyKey: 'mtt:kim:refund', userId: kim, tournamentId: 'mtt' });
    expect(await ledger.userBalance(kim)).toBe(500);
    expect((await ledger.tournamentStacks('mtt'))[0].balance).toBe(0);
    expect((await auditLedger(prisma)).ok).toBe(true);
  });

  it('entering twice with another key is refused and changes nothing', async () => {
    const lea = await player('lea', 500);
    await ledger.enterTournament({ idempotencyKey: 'sng2:lea:a', userId: lea, tournamentId: 'sng2', fee: 10, startingStack: 100 });
    const before = await snapshot();
    await expect(
      ledger.enterTournament({ idempotencyKey: 'sng2:lea:b', userId: lea, tournamentId: 'sng2', fee: 10, startingStack: 100 }),
    ).rejects.toMatchObject({ code: 'ALREADY_ENTERED' });
    expect(await snapshot()).toEqual(before);
  });
});

describe('the database backs the ledger up', () => {
  it('the CHECK constraint refuses a negative user balance even from raw SQL', async () => {
    const mo = await player('mo', 10);
    await expect(prisma.$executeRaw`UPDATE chip_accounts SET balance = -1 WHERE user_id = ${mo}::uuid`).rejects.toThrow(
      /chip_accounts_balance_non_negative/,
    );
  });

  it('the audit reports a cached balance that disagrees with its entries', async () => {
    const nia = await player('nia', 10);
    await prisma.$executeRaw`UPDATE chip_accounts SET balance = balance + 5 WHERE user_id = ${nia}::uuid`;
    const audit = await auditLedger(prisma);
    expect(audit.ok).toBe(false);
    expect(audit.balanceMismatches).toEqual([{ accountKey: `user:${nia}`, cached: 15, fromEntries: 10 }]);
    await prisma.$executeRaw`UPDATE chip_accounts SET balance = balance - 5 WHERE user_id = ${nia}::uuid`;
    expect((await auditLedger(prisma)).ok).toBe(true);
  });
});
