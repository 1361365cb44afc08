// The chip ledger against the real PostgreSQL: concurrency, idempotency, bad input, tournaments.
import fc from 'fast-check';
import { apply, parsePhh, seededRandom, start, type Action, type HandConfig, type HandEvent } from '@naiko/engine';
import {
  Accounts,
  auditLedger,
  ChipLedger,
  EventSeqConflictError,
  cancelRunningHand,
  HandStore,
  recoverFromCrash,
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
    expect(rest.entries.find((e) => e.accountKey === `user:${alice}`)).toEqual({
      accountKey: `user:${alice}`,
      amount: 250,
      balanceAfter: 1000,
    });
    expect((await ledger.tableStacks('t1'))[0].balance).toBe(0);
    expect((await auditLedger(prisma)).ok).toBe(true);
  });
});

describe('accounts of users created elsewhere', () => {
  it('a user created without openUserAccount (demo seed, bot) gets his account on first use', async () => {
    const id = await createUser(prisma, 'seeded-user');
    await ledger.grant({ idempotencyKey: `seed:${id}`, userId: id, amount: 250 });
    expect(await ledger.userBalance(id)).toBe(250);
  });
});

describe('concurrency', () => {
  it('50 parallel buy-ins/cash-outs on one account never overdraw it and end with the right balance', async () => {
    // 1000 chips; 30 buy-ins of 100 (only 10 can succeed before a cash-out frees chips) and 20
    // cash-outs of 50 from a stack pre-loaded with 500 (20 × 50 = 1000 > 500: some must fail).
    const bob = await player('bob-conc', 1500);
    await ledger.buyIn({ idempotencyKey: 'pre', userId: bob, tableId: 'conc', amount: 500 });
    const ops = Array.from({ length: 50 }, (_, index) =>
      index % 5 < 3
        ? ledger
            .buyIn({ idempotencyKey: `conc-buy-${index}`, userId: bob, tableId: 'conc', amount: 100 })
            .then(() => ({ kind: 'buy' as const }))
        : ledger
            .cashOut({ idempotencyKey: `conc-out-${index}`, userId: bob, tableId: 'conc', amount: 50 })
            .then(() => ({ kind: 'out' as const })),
    );
    const settled = await Promise.allSettled(ops);
    const buys = settled.filter((s) => s.status === 'fulfilled' && s.value.kind === 'buy').length;
    const outs = settled.filter((s) => s.status === 'fulfilled' && s.value.kind === 'out').length;
    for (const outcome of settled)
      if (outcome.status === 'rejected') expect(outcome.reason).toBeInstanceOf(InsufficientFundsError);
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
      Array.from({ length: 50 }, (_, i) =>
        ledger.buyIn({ idempotencyKey: `carl-${i}`, userId: carl, tableId: 'c33', amount: 30 }),
      ),
    );
    expect(settled.filter((s) => s.status === 'fulfilled')).toHaveLength(33);
    expect(await ledger.userBalance(carl)).toBe(10);
    expect((await ledger.account(Accounts.tableStack('c33', carl).key))!.balance).toBe(990);
  });
});

describe('property: the ledger agrees with a model and the audit stays clean', () => {
  type Cmd = {
    op: 'grant' | 'buyIn' | 'reload' | 'cashOut';
    who: number;
    table: number;
    amount: number;
    retry: boolean;
  };
  const cmd = fc.record({
    op: fc.constantFrom('grant', 'buyIn', 'reload', 'cashOut') as fc.Arbitrary<Cmd['op']>,
    who: fc.integer({ min: 0, max: 2 }),
    table: fc.integer({ min: 0, max: 1 }),
    amount: fc.oneof(fc.integer({ min: 1, max: 400 }), fc.constantFrom(0, -7, 2.5)),
    retry: fc.boolean(),
  });

  it('random grants, buy-ins, reloads and cash-outs (with retries and bad amounts)', async () => {
    const users = [await player('prop-a', 0), await player('prop-b', 0), await player('prop-c', 0)];
    let run = 0;
    await fc.assert(
      fc.asyncProperty(fc.array(cmd, { minLength: 1, maxLength: 12 }), async (cmds) => {
        run++;
        const model = new Map<string, number>();
        const bal = (k: string) => model.get(k) ?? 0;
        for (const user of users) model.set(`user:${user}`, await ledger.userBalance(user));
        for (let t = 0; t < 2; t++)
          for (const user of users)
            model.set(`table:prop${t}:${user}`, (await ledger.account(`table:prop${t}:${user}`))?.balance ?? 0);
        for (const [index, command] of cmds.entries()) {
          const userId = users[command.who];
          const tableId = `prop${command.table}`;
          const key = `prop:${run}:${index}`;
          const user = `user:${userId}`;
          const stack = `table:${tableId}:${userId}`;
          const valid = Number.isInteger(command.amount) && command.amount > 0;
          const call = () =>
            command.op === 'grant'
              ? ledger.grant({ idempotencyKey: key, userId, amount: command.amount })
              : command.op === 'cashOut'
                ? ledger.cashOut({ idempotencyKey: key, userId, tableId, amount: command.amount })
                : ledger[command.op]({ idempotencyKey: key, userId, tableId, amount: command.amount });
          const [from, to] =
            command.op === 'grant' ? [null, user] : command.op === 'cashOut' ? [stack, user] : [user, stack];
          if (!valid) {
            await expect(call()).rejects.toBeInstanceOf(InvalidAmountError);
          } else if (from !== null && bal(from) < command.amount) {
            await expect(call()).rejects.toBeInstanceOf(InsufficientFundsError);
          } else {
            await call();
            if (command.retry) expect((await call()).replayed).toBe(true);
            if (from) model.set(from, bal(from) - command.amount);
            model.set(to, bal(to) + command.amount);
          }
        }
        for (const [account, balance] of model)
          expect([account, (await ledger.account(account))?.balance ?? 0]).toEqual([account, balance]);
        const audit = await auditLedger(prisma);
        expect(audit.ok).toBe(true);
      }),
      { numRuns: 15, seed: 42 },
    );
  }, 120_000);
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
      Array.from({ length: 20 }, () =>
        ledger.buyIn({ idempotencyKey: 'erik-buy', userId: erik, tableId: 't3', amount: 120 }),
      ),
    );
    expect(results.filter((r) => !r.replayed)).toHaveLength(1);
    const original = results.find((r) => !r.replayed)!;
    for (const result of results) expect({ ...result, replayed: false }).toEqual(original);
    expect(await ledger.userBalance(erik)).toBe(380);
    expect(await prisma.ledgerTransaction.count({ where: { idempotencyKey: 'erik-buy' } })).toBe(1);
  });

  it('concurrent retries of a grant (first use of the issuer and a new account) move chips once', async () => {
    const id = await createUser(prisma, 'fred');
    await ledger.openUserAccount(id);
    const results = await Promise.all(
      Array.from({ length: 10 }, () => ledger.grant({ idempotencyKey: 'fred-grant', userId: id, amount: 77 })),
    );
    expect(results.filter((r) => !r.replayed)).toHaveLength(1);
    expect(await ledger.userBalance(id)).toBe(77);
  });

  it('a key reused for a different command is refused and changes nothing', async () => {
    const gus = await player('gus', 500);
    await ledger.buyIn({ idempotencyKey: 'gus-buy', userId: gus, tableId: 't4', amount: 100 });
    const before = await snapshot();
    await expect(
      ledger.buyIn({ idempotencyKey: 'gus-buy', userId: gus, tableId: 't4', amount: 101 }),
    ).rejects.toBeInstanceOf(IdempotencyConflictError);
    expect(await snapshot()).toEqual(before);
  });
});

describe('bad input gets a typed error and changes nothing', () => {
  let hana: string;
  beforeAll(async () => {
    hana = await player('hana-bad', 300);
  });

  const cases: [string, () => Promise<unknown>, new (...args: never[]) => Error][] = [
    [
      'negative amount',
      () => ledger.buyIn({ idempotencyKey: 'x1', userId: hana, tableId: 't5', amount: -5 }),
      InvalidAmountError,
    ],
    [
      'zero amount',
      () => ledger.buyIn({ idempotencyKey: 'x2', userId: hana, tableId: 't5', amount: 0 }),
      InvalidAmountError,
    ],
    [
      'fractional amount',
      () => ledger.buyIn({ idempotencyKey: 'x3', userId: hana, tableId: 't5', amount: 10.5 }),
      InvalidAmountError,
    ],
    [
      'NaN',
      () => ledger.buyIn({ idempotencyKey: 'x4', userId: hana, tableId: 't5', amount: Number.NaN }),
      InvalidAmountError,
    ],
    [
      'amount as a string',
      () => ledger.buyIn({ idempotencyKey: 'x5', userId: hana, tableId: 't5', amount: '10' as unknown as number }),
      InvalidAmountError,
    ],
    [
      'oversized amount',
      () => ledger.grant({ idempotencyKey: 'x6', userId: hana, amount: MAX_CHIP_AMOUNT + 1 }),
      InvalidAmountError,
    ],
    [
      'more than the balance',
      () => ledger.buyIn({ idempotencyKey: 'x7', userId: hana, tableId: 't5', amount: 301 }),
      InsufficientFundsError,
    ],
    [
      'cash-out of an empty stack',
      () => ledger.cashOut({ idempotencyKey: 'x8', userId: hana, tableId: 'never-sat' }),
      InvalidAmountError,
    ],
    [
      'unknown account',
      () =>
        ledger.buyIn({
          idempotencyKey: 'x9',
          userId: '00000000-0000-4000-8000-000000000000',
          tableId: 't5',
          amount: 5,
        }),
      UnknownAccountError,
    ],
    [
      'user id that is not a uuid',
      () => ledger.grant({ idempotencyKey: 'x10', userId: 'alice', amount: 5 }),
      InvalidInputError,
    ],
    [
      'oversized table id',
      () => ledger.buyIn({ idempotencyKey: 'x11', userId: hana, tableId: 't'.repeat(65), amount: 5 }),
      InvalidInputError,
    ],
    [
      'table id with odd characters',
      () => ledger.buyIn({ idempotencyKey: 'x12', userId: hana, tableId: "t'; drop", amount: 5 }),
      InvalidInputError,
    ],
    [
      'oversized idempotency key',
      () => ledger.buyIn({ idempotencyKey: 'k'.repeat(201), userId: hana, tableId: 't5', amount: 5 }),
      InvalidInputError,
    ],
    [
      'empty idempotency key',
      () => ledger.buyIn({ idempotencyKey: '', userId: hana, tableId: 't5', amount: 5 }),
      InvalidInputError,
    ],
    [
      'unknown user for a new account',
      () => ledger.openUserAccount('00000000-0000-4000-8000-000000000001'),
      UnknownAccountError,
    ],
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
    for (const userId of [ida, jon]) {
      await ledger.enterTournament({
        idempotencyKey: `sng1:${userId}`,
        userId,
        tournamentId: 'sng1',
        fee: 100,
        startingStack: 1500,
      });
    }
    // A retry does not charge twice.
    await ledger.enterTournament({
      idempotencyKey: `sng1:${ida}`,
      userId: ida,
      tournamentId: 'sng1',
      fee: 100,
      startingStack: 1500,
    });
    expect(await ledger.userBalance(ida)).toBe(900);
    expect((await ledger.account('pool:sng1'))!.balance).toBe(200);
    const stacks = await ledger.tournamentStacks('sng1');
    expect(stacks.map((s) => [s.book, s.balance])).toEqual([
      ['tournament:sng1', 1500],
      ['tournament:sng1', 1500],
    ]);
    // Winner takes the pool; tournament chips go back to the tournament's issuer.
    await ledger.awardTournamentPrize({
      idempotencyKey: 'sng1:prize1',
      tournamentId: 'sng1',
      userId: jon,
      amount: 200,
      place: 1,
    });
    expect(await ledger.userBalance(jon)).toBe(1100);
    const entry = await prisma.tournamentEntry.findUnique({
      where: { tournamentId_userId: { tournamentId: 'sng1', userId: jon } },
    });
    expect(entry).toMatchObject({ place: 1, prize: 200n, status: 'finished' });
    const audit = await auditLedger(prisma);
    expect(audit.ok).toBe(true);
    expect(audit.books.find((b) => b.book === 'tournament:sng1')).toMatchObject({ issued: 3000, held: 3000 });
  });

  it('a refunded entry returns the fee and retires the tournament chips', async () => {
    const kim = await player('kim', 500);
    await ledger.enterTournament({
      idempotencyKey: 'mtt:kim',
      userId: kim,
      tournamentId: 'mtt',
      fee: 50,
      startingStack: 3000,
    });
    await ledger.refundTournamentEntry({ idempotencyKey: 'mtt:kim:refund', userId: kim, tournamentId: 'mtt' });
    expect(await ledger.userBalance(kim)).toBe(500);
    expect((await ledger.tournamentStacks('mtt'))[0].balance).toBe(0);
    expect((await auditLedger(prisma)).ok).toBe(true);
  });

  it('entering twice with another key is refused and changes nothing', async () => {
    const lea = await player('lea', 500);
    await ledger.enterTournament({
      idempotencyKey: 'sng2:lea:a',
      userId: lea,
      tournamentId: 'sng2',
      fee: 10,
      startingStack: 100,
    });
    const before = await snapshot();
    await expect(
      ledger.enterTournament({
        idempotencyKey: 'sng2:lea:b',
        userId: lea,
        tournamentId: 'sng2',
        fee: 10,
        startingStack: 100,
      }),
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

  it('the audit reports a transaction whose entries do not sum to zero', async () => {
    const ola = await player('ola', 10);
    const [row] = await prisma.$queryRaw<
      { id: bigint }[]
    >`SELECT id FROM ledger_transactions WHERE idempotency_key = ${`welcome:${ola}`}`;
    const acc = await prisma.chipAccount.findUniqueOrThrow({ where: { key: `user:${ola}` } });
    // A forged credit: the entry and the cached balance agree, but nothing was debited.
    await prisma.ledgerEntry.create({
      data: { transactionId: row.id, accountId: acc.id, amount: 3n, balanceAfter: 13n },
    });
    await prisma.$executeRaw`UPDATE chip_accounts SET balance = 13 WHERE id = ${acc.id}`;
    const audit = await auditLedger(prisma);
    expect(audit.ok).toBe(false);
    expect(audit.unbalancedTransactions).toEqual([
      { transactionId: row.id.toString(), idempotencyKey: `welcome:${ola}`, book: 'chips', sum: 3 },
    ]);
    expect(audit.difference).toBe(3);
    // Undo the forgery (tests share the database).
    await prisma.ledgerEntry.deleteMany({ where: { transactionId: row.id, amount: 3n } });
    await prisma.$executeRaw`UPDATE chip_accounts SET balance = 10 WHERE id = ${acc.id}`;
    expect((await auditLedger(prisma)).ok).toBe(true);
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

describe('hand storage', () => {
  const cfg = (seats: { seat: number; stack: number }[]): HandConfig => ({
    variant: 'holdem',
    structure: 'no-limit',
    seats,
    button: seats[0].seat,
    stakes: { smallBlind: 5, bigBlind: 10 },
  });

  async function table(tableId: string, names: string[], buyIn: number): Promise<string[]> {
    const ids: string[] = [];
    for (const name of names) {
      const id = await player(name, 1000);
      await ledger.buyIn({ idempotencyKey: `buy:${tableId}:${id}`, userId: id, tableId, amount: buyIn });
      ids.push(id);
    }
    return ids;
  }

  /** Plays scripted actions, appending each apply() result in one call (the documented order). */
  async function playScripted(
    store: HandStore,
    handId: string,
    config: HandConfig,
    seed: string,
    actions: Action[],
  ): Promise<HandEvent[]> {
    const started = start(config, { rng: seededRandom(seed) });
    let state = started.state;
    const all = [...started.events];
    let seq = (await store.appendEvents(handId, 0, started.events)).nextSeq;
    for (const action of actions) {
      const result = apply(state, action);
      if (!result.ok) throw new Error(result.error.message);
      state = result.state;
      all.push(...result.events);
      seq = (await store.appendEvents(handId, seq, result.events)).nextSeq;
    }
    return all;
  }

  it('stores events with their seq and moves each event’s chips with it; the result closes the hand', async () => {
    // Three players, 500 each; button seat 0 raises to 30, the small blind (seat 1) calls 25
    // more, the big blind (seat 2) folds; then check it down to a showdown. The pot is
    // 30 + 30 + 10 = 70 and goes to the better hand.
    const [userA, userB, userC] = await table('hs1', ['hs-a', 'hs-b', 'hs-c'], 500);
    const store = new HandStore(prisma);
    const config = cfg([
      { seat: 0, stack: 500 },
      { seat: 1, stack: 500 },
      { seat: 2, stack: 500 },
    ]);
    const hand = await store.startHand({
      tableId: 'hs1',
      handNumber: 1,
      config,
      players: [userA, userB, userC].map((userId, seat) => ({ seat, userId })),
      commitment: 'sha256:abc',
    });
    expect(hand.status).toBe('running');
    const checks: Action[] = [];
    for (let street = 0; street < 3; street++) checks.push({ type: 'check', seat: 1 }, { type: 'check', seat: 0 });
    const events = await playScripted(store, hand.id, config, 'hs1', [
      { type: 'raise', seat: 0, amount: 30 },
      { type: 'call', seat: 1 },
      { type: 'fold', seat: 2 },
      ...checks,
    ]);
    const stored = await store.events(hand.id);
    expect(stored.map((e) => e.seq)).toEqual(events.map((_, i) => i));
    expect(stored.map((e) => e.payload)).toEqual(JSON.parse(JSON.stringify(events)));
    const done = await store.getHand(hand.id);
    expect(done.status).toBe('completed');
    expect(done.commitment).toBe('sha256:abc');
    const ended = events.at(-1) as Extract<HandEvent, { type: 'hand-ended' }>;
    expect(done.result).toEqual(JSON.parse(JSON.stringify(ended)));
    const stacks = await ledger.tableStacks('hs1');
    for (const stack of ended.stacks)
      expect(stacks.find((x) => x.userId === [userA, userB, userC][stack.seat])!.balance).toBe(stack.stack);
    expect(stacks.reduce((sum, s) => sum + s.balance, 0)).toBe(1500);
    expect(stacks.find((s) => s.userId === userC)!.balance).toBe(490);
    expect([...stacks.map((s) => s.balance)].sort((x, y) => x - y)).toEqual([470, 490, 540]);
    expect((await ledger.account(`hand:${hand.id}`))!.balance).toBe(0);
    expect((await auditLedger(prisma)).ok).toBe(true);

    // PHH export of the stored hand, read back by the engine's PHH reader.
    const phh = await store.exportPhh(hand.id);
    const parsed = parsePhh(phh);
    expect(parsed.actions.length).toBeGreaterThan(0);
    expect(phh).toContain(hand.id);
  });

  it('appendEvents: a retry of the same events is accepted once; a wrong seq or different events are refused; nothing moves twice', async () => {
    const [userA, userB] = await table('hs2', ['hs2-a', 'hs2-b'], 300);
    const store = new HandStore(prisma);
    const config = cfg([
      { seat: 3, stack: 300 },
      { seat: 5, stack: 300 },
    ]);
    const hand = await store.startHand({
      tableId: 'hs2',
      config,
      players: [
        { seat: 3, userId: userA },
        { seat: 5, userId: userB },
      ],
    });
    const started = start(config, { rng: seededRandom('hs2') });
    const first = await store.appendEvents(hand.id, 0, started.events);
    const pot = (await ledger.account(`hand:${hand.id}`))!.balance;
    expect(pot).toBe(15);
    const retry = await store.appendEvents(hand.id, 0, started.events);
    expect(retry).toEqual({ ...first, replayed: true });
    expect((await ledger.account(`hand:${hand.id}`))!.balance).toBe(15);
    const before = await snapshot();
    await expect(
      store.appendEvents(hand.id, first.nextSeq + 1, [{ type: 'street-started', street: 1, name: 'flop' }]),
    ).rejects.toBeInstanceOf(EventSeqConflictError);
    await expect(
      store.appendEvents(hand.id, 0, [{ type: 'forced-bet', seat: 3, kind: 'ante', amount: 1, allIn: false }]),
    ).rejects.toBeInstanceOf(EventSeqConflictError);
    await expect(
      store.appendEvents(hand.id, first.nextSeq, [
        { type: 'action', seat: 7, action: 'call', amount: 5, to: 10, allIn: false },
      ]),
    ).rejects.toBeInstanceOf(InvalidInputError);
    await expect(
      store.appendEvents(hand.id, first.nextSeq, [
        { type: 'action', seat: 3, action: 'raise', amount: 5000, to: 5000, allIn: false },
      ]),
    ).rejects.toBeInstanceOf(InsufficientFundsError);
    expect(await snapshot()).toEqual(before);
    expect(await store.events(hand.id)).toHaveLength(first.nextSeq);
  });

  it('startHand refuses a player whose ledger stack is smaller than the stack he is dealt in with', async () => {
    const [userA, userB] = await table('hs3', ['hs3-a', 'hs3-b'], 100);
    const store = new HandStore(prisma);
    await expect(
      store.startHand({
        tableId: 'hs3',
        config: cfg([
          { seat: 0, stack: 100 },
          { seat: 1, stack: 101 },
        ]),
        players: [
          { seat: 0, userId: userA },
          { seat: 1, userId: userB },
        ],
      }),
    ).rejects.toBeInstanceOf(InsufficientFundsError);
    await expect(
      store.startHand({ tableId: 'hs3', tournamentId: 'x', config: cfg([{ seat: 0, stack: 1 }]), players: [] }),
    ).rejects.toBeInstanceOf(InvalidInputError);
    expect(await prisma.hand.count({ where: { tableId: 'hs3' } })).toBe(0);
  });

  it('Server Crash, hand the engine cannot replay: the contributions recorded in the ledger are refunded', async () => {
    const [userA, userB] = await table('hs4', ['hs4-a', 'hs4-b'], 200);
    const store = new HandStore(prisma);
    const config = cfg([
      { seat: 0, stack: 200 },
      { seat: 1, stack: 200 },
    ]);
    const hand = await store.startHand({
      tableId: 'hs4',
      config,
      players: [
        { seat: 0, userId: userA },
        { seat: 1, userId: userB },
      ],
    });
    // A log without its deal (no hand-started, no cards): replay cannot rebuild it.
    await store.appendEvents(hand.id, 0, [
      { type: 'forced-bet', seat: 0, kind: 'small-blind', amount: 5, allIn: false },
      { type: 'forced-bet', seat: 1, kind: 'big-blind', amount: 10, allIn: false },
      { type: 'action', seat: 0, action: 'raise', amount: 25, to: 30, allIn: false },
    ]);
    const cancelled = await cancelRunningHand(prisma, await store.getHand(hand.id));
    expect(cancelled.source).toBe('ledger');
    expect(cancelled.discrepancy).toBeDefined();
    expect(cancelled.refunds).toEqual([
      { seat: 0, userId: userA, amount: 30 },
      { seat: 1, userId: userB, amount: 10 },
    ]);
    expect((await ledger.tableStacks('hs4')).map((s) => s.balance)).toEqual([200, 200]);
    expect((await store.events(hand.id)).at(-1)!.payload).toMatchObject({
      type: 'hand-cancelled',
      stacks: [
        { seat: 0, stack: 200 },
        { seat: 1, stack: 200 },
      ],
    });
    expect((await store.getHand(hand.id)).status).toBe('cancelled');
  });

  it('Server Crash in a tournament: contributions return to the tournament stacks, which stay with the tournament', async () => {
    const ids = [await player('tc-a', 500), await player('tc-b', 500)];
    for (const id of ids) {
      await ledger.enterTournament({
        idempotencyKey: `tc:${id}`,
        userId: id,
        tournamentId: 'tc',
        fee: 50,
        startingStack: 1500,
      });
    }
    const store = new HandStore(prisma);
    const config = cfg([
      { seat: 0, stack: 1500 },
      { seat: 1, stack: 1500 },
    ]);
    const hand = await store.startHand({
      tournamentId: 'tc',
      config,
      players: ids.map((userId, seat) => ({ seat, userId })),
    });
    await playScripted(store, hand.id, config, 'tc', [{ type: 'raise', seat: 0, amount: 40 }]);
    expect((await ledger.account(`hand:${hand.id}`))!).toMatchObject({ book: 'tournament:tc', balance: 50 });

    // A cash-table process leaves tournament hands alone (another process may be playing them).
    const cashOnly = await recoverFromCrash(prisma, { hands: 'cash-tables' });
    expect(cashOnly.cancelledHands.some((h) => h.handId === hand.id)).toBe(false);
    expect((await store.getHand(hand.id)).status).toBe('running');
    expect(cashOnly.audit?.ok).toBe(true);

    const report = await recoverFromCrash(prisma, { hands: 'tournaments' });
    expect(report.cashedOut).toEqual([]);
    expect(report.cancelledHands.find((h) => h.handId === hand.id)).toMatchObject({
      source: 'engine',
      refunds: [
        { seat: 0, userId: ids[0], amount: 40 },
        { seat: 1, userId: ids[1], amount: 10 },
      ],
    });
    expect((await ledger.tournamentStacks('tc')).map((s) => s.balance)).toEqual([1500, 1500]);
    expect((await ledger.account('pool:tc'))!.balance).toBe(100);
    expect(report.audit?.ok).toBe(true);
  });
});
