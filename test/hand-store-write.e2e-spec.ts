// The hand store's write path (libs/persistence/src/hands/append-sql.ts): one ledger posting per
// append and reason, netted per account, written in one statement with the events. Events are
// written by hand here (the store accepts any event; chipFlowsOf decides what moves).
//
// Every case runs three times: on the general path (an interactive transaction), and on the
// one-round-trip path (append-fast.ts, the PL/pgSQL function) through Prisma and through plain pg,
// the way PrismaService runs it. The expectations are the same numbers: both paths write one ledger.
import type { HandConfig } from '@naiko/engine';
import {
  auditLedger,
  ChipLedger,
  HandStore,
  InsufficientFundsError,
  LedgerError,
  UnknownAccountError,
  type PrismaClient,
} from '@naiko/persistence';
import { Pool } from 'pg';
import { createLedgerTestDb, createUser, type LedgerTestDb } from './support/ledger-db';

let db: LedgerTestDb;
let prisma: PrismaClient;
let ledger: ChipLedger;
let store: HandStore;
let pool: Pool;
/** How many appends went through plain pg (the one-round-trip path), this test. */
let fastCalls = 0;

beforeAll(async () => {
  db = await createLedgerTestDb(4);
  prisma = db.prisma;
  ledger = new ChipLedger(prisma);
  pool = new Pool({ connectionString: db.url, max: 2 });
});

afterAll(async () => {
  await pool.end();
  await db.drop();
});

const MODES = [
  ['general path', () => new HandStore(prisma, undefined, { fastWrites: false })],
  ['one round trip through Prisma', () => new HandStore(prisma)],
  [
    'one round trip through pg',
    () =>
      new HandStore(prisma, undefined, {
        sql: (query) => {
          fastCalls++;
          return pool.query(query);
        },
      }),
  ],
] as const;

/** Two players at `tableId`, 1000 chips each on the table; a hand dealing them in at seats 0 and 1. */
async function twoPlayerHand(tableId: string): Promise<{ handId: string; userA: string; userB: string }> {
  const [userA, userB] = [await createUser(prisma, `${tableId}-a`), await createUser(prisma, `${tableId}-b`)];
  for (const id of [userA, userB]) {
    await ledger.grant({ idempotencyKey: `g:${id}`, userId: id, amount: 1000 });
    await ledger.buyIn({ idempotencyKey: `b:${id}`, userId: id, tableId, amount: 1000 });
  }
  const config = {
    seats: [
      { seat: 0, stack: 1000 },
      { seat: 1, stack: 1000 },
    ],
  } as unknown as HandConfig;
  const hand = await store.startHand({
    tableId,
    config,
    players: [
      { seat: 0, userId: userA },
      { seat: 1, userId: userB },
    ],
  });
  return { handId: hand.id, userA, userB };
}

async function postings(handId: string): Promise<{ key: string; reason: string; entries: Record<string, number> }[]> {
  const rows = await prisma.ledgerTransaction.findMany({
    where: { handId },
    orderBy: { id: 'asc' },
    include: { entries: { include: { account: { select: { key: true } } } } },
  });
  return rows.map((transaction) => ({
    key: transaction.idempotencyKey,
    reason: transaction.reason,
    entries: Object.fromEntries(transaction.entries.map((e) => [e.account.key, Number(e.amount)])),
  }));
}

describe.each(MODES)('hand store write path (%s)', (mode, makeStore) => {
  let counter = 0;
  /** A table id unique to this mode and test (account keys include it). */
  const table = (name: string) => `${name}-${MODES.findIndex((m) => m[0] === mode)}-${counter++}`;
  beforeEach(() => {
    store = makeStore();
    fastCalls = 0;
  });

  it('the hand as the unit of durability: the deal in one transaction (hand, seed, first events), the journal in between posts nothing, the end posts the whole hand once per reason', async () => {
    const tableId = table('hj');
    const [userA, userB] = [await createUser(prisma, `${tableId}-a`), await createUser(prisma, `${tableId}-b`)];
    for (const id of [userA, userB]) {
      await ledger.grant({ idempotencyKey: `g:${id}`, userId: id, amount: 1000 });
      await ledger.buyIn({ idempotencyKey: `b:${id}`, userId: id, tableId, amount: 1000 });
    }
    const houseBefore = (await ledger.account('house:chips'))?.balance ?? 0;
    const config = {
      seats: [
        { seat: 0, stack: 1000 },
        { seat: 1, stack: 1000 },
      ],
    } as unknown as HandConfig;
    const deal = [
      { type: 'forced-bet', seat: 0, amount: 5 },
      { type: 'forced-bet', seat: 1, amount: 10 },
    ];
    const hand = await store.dealHand({
      tableId,
      config,
      players: [
        { seat: 0, userId: userA },
        { seat: 1, userId: userB },
      ],
      commitment: 'root',
      seed: 'seed-hj',
      events: deal,
    });
    expect(hand.ledgerAtEnd).toBe(true);
    expect(await store.dealSeed(hand.id)).toBe('seed-hj');
    expect((await store.events(hand.id)).map((e) => e.type)).toEqual(['forced-bet', 'forced-bet']);
    // A raises to 30 (journaled and flushed), B calls 20 (journaled, still queued at the end).
    const raise = { type: 'action', seat: 0, amount: 25 };
    const call = { type: 'action', seat: 1, amount: 20 };
    store.journal(hand.id, 2, [raise]);
    await store.handJournal.flush();
    expect(await store.events(hand.id)).toHaveLength(3);
    expect(await postings(hand.id)).toEqual([]);
    expect(Object.fromEntries((await ledger.tableStacks(tableId)).map((s) => [s.userId, s.balance]))).toEqual({
      [userA]: 1000,
      [userB]: 1000,
    });
    store.journal(hand.id, 3, [call]);
    // Pot 60: B wins 59, 1 is rake.
    const all = [
      ...deal,
      raise,
      call,
      { type: 'pot-awarded', shares: [{ seat: 1, amount: 59 }], rake: 1 },
      { type: 'hand-ended' },
    ];
    const end = await store.endHand(hand.id, all);
    expect(end).toEqual({ handId: hand.id, nextSeq: 6, status: 'completed', replayed: false });
    const pot = `hand:${hand.id}`;
    expect(await postings(hand.id)).toEqual([
      {
        key: `hand:${hand.id}:seq:0:hand_contribution`,
        reason: 'hand_contribution',
        entries: { [pot]: 60, [`table:${tableId}:${userA}`]: -30, [`table:${tableId}:${userB}`]: -30 },
      },
      {
        key: `hand:${hand.id}:seq:0:hand_award`,
        reason: 'hand_award',
        entries: { [pot]: -60, [`table:${tableId}:${userB}`]: 59, 'house:chips': 1 },
      },
    ]);
    // A: 1000 − 30 = 970; B: 1000 − 30 + 59 = 1029; house 1; pot empty.
    expect(Object.fromEntries((await ledger.tableStacks(tableId)).map((s) => [s.userId, s.balance]))).toEqual({
      [userA]: 970,
      [userB]: 1029,
    });
    expect((await ledger.account('house:chips'))!.balance).toBe(houseBefore + 1);
    const events = await store.events(hand.id);
    expect(events.map((e) => e.seq)).toEqual([0, 1, 2, 3, 4, 5]);
    expect(events.map((e) => e.payload)).toEqual(all);
    const stored = await store.getHand(hand.id);
    expect(stored).toMatchObject({ status: 'completed', eventCount: 6 });
    expect((await auditLedger(prisma)).ok).toBe(true);
    // An end sent twice is refused and posts nothing more.
    await expect(store.endHand(hand.id, all)).rejects.toBeInstanceOf(LedgerError);
    expect(await postings(hand.id)).toHaveLength(2);
    // The journal refuses an ended hand.
    expect(() => store.journal(hand.id, 6, [{ type: 'action', seat: 0, amount: 0 }])).toThrow(LedgerError);
    expect(await store.events(hand.id)).toHaveLength(6);
  });

  it('one ledger posting per append and reason, net per account, keyed hand:<id>:seq:<from>:<reason>', async () => {
    const hw1 = table('hw1');
    const { handId, userA, userB } = await twoPlayerHand(hw1);
    // The house account is shared by every mode's hands: count this hand's rake only.
    const houseBefore = (await ledger.account('house:chips'))?.balance ?? 0;
    const pot = `hand:${handId}`;
    // Blinds 5 + 10, then A raises to 30 (25 more) in a second append: pot 40.
    await store.appendEvents(handId, 0, [
      { type: 'forced-bet', seat: 0, amount: 5 },
      { type: 'forced-bet', seat: 1, amount: 10 },
    ]);
    await store.appendEvents(handId, 2, [{ type: 'action', seat: 0, amount: 25 }]);
    // B folds: 20 of A's 30 are uncalled and come back, the 20 left go to A, 1 of them as rake.
    const end = await store.appendEvents(handId, 3, [
      { type: 'action', seat: 1, amount: 0 },
      { type: 'uncalled-bet-returned', seat: 0, amount: 20 },
      { type: 'pot-awarded', shares: [{ seat: 0, amount: 19 }], rake: 1 },
      { type: 'hand-ended' },
    ]);
    expect(end).toEqual({ handId, nextSeq: 7, status: 'completed', replayed: false });
    expect(await postings(handId)).toEqual([
      {
        key: `hand:${handId}:seq:0:hand_contribution`,
        reason: 'hand_contribution',
        entries: { [pot]: 15, [`table:${hw1}:${userA}`]: -5, [`table:${hw1}:${userB}`]: -10 },
      },
      {
        key: `hand:${handId}:seq:2:hand_contribution`,
        reason: 'hand_contribution',
        entries: { [pot]: 25, [`table:${hw1}:${userA}`]: -25 },
      },
      {
        key: `hand:${handId}:seq:3:hand_contribution`,
        reason: 'hand_contribution',
        entries: { [pot]: -20, [`table:${hw1}:${userA}`]: 20 },
      },
      {
        key: `hand:${handId}:seq:3:hand_award`,
        reason: 'hand_award',
        entries: { [pot]: -20, [`table:${hw1}:${userA}`]: 19, 'house:chips': 1 },
      },
    ]);
    // A: 1000 − 5 − 25 + 20 + 19 = 1009; B: 1000 − 10 = 990; house 1; pot empty.
    const stacks = Object.fromEntries((await ledger.tableStacks(hw1)).map((s) => [s.userId, s.balance]));
    expect(stacks).toEqual({ [userA]: 1009, [userB]: 990 });
    expect((await ledger.account('house:chips'))!.balance).toBe(houseBefore + 1);
    expect((await ledger.account(pot))!.balance).toBe(0);
    expect((await store.getHand(handId)).status).toBe('completed');
    expect((await auditLedger(prisma)).ok).toBe(true);

    // The same append again is a replay: nothing is posted twice.
    const again = await store.appendEvents(handId, 3, [
      { type: 'action', seat: 1, amount: 0 },
      { type: 'uncalled-bet-returned', seat: 0, amount: 20 },
      { type: 'pot-awarded', shares: [{ seat: 0, amount: 19 }], rake: 1 },
      { type: 'hand-ended' },
    ]);
    expect(again.replayed).toBe(true);
    expect(await postings(handId)).toHaveLength(4);
  });

  it('a bet beyond the stack refuses the whole append: no event, no chips moved', async () => {
    const hw2 = table('hw2');
    const { handId, userA } = await twoPlayerHand(hw2);
    await expect(
      store.appendEvents(handId, 0, [
        { type: 'forced-bet', seat: 0, amount: 5 },
        { type: 'action', seat: 0, amount: 996 },
      ]),
    ).rejects.toEqual(new InsufficientFundsError(`table:${hw2}:${userA}`, 1000, 1001));
    expect(await store.events(handId)).toEqual([]);
    expect((await store.getHand(handId)).eventCount).toBe(0);
    expect(await postings(handId)).toEqual([]);
    expect((await ledger.tableStacks(hw2)).map((s) => s.balance)).toEqual([1000, 1000]);
  });

  it('a hand cannot end with chips left in its pot', async () => {
    const { handId } = await twoPlayerHand(table('hw3'));
    await store.appendEvents(handId, 0, [{ type: 'forced-bet', seat: 1, amount: 10 }]);
    const err = await store.appendEvents(handId, 1, [{ type: 'hand-ended' }]).catch((e: unknown) => e);
    expect(err).toBeInstanceOf(LedgerError);
    expect((err as Error).message).toContain('10 chips left in its pot');
    expect((await store.getHand(handId)).status).toBe('running');
  });

  it('the common append is one statement; a retry, a missing account and refused funds take the general path', async () => {
    const { handId } = await twoPlayerHand(table('hw4'));
    await store.appendEvents(handId, 0, [{ type: 'forced-bet', seat: 0, amount: 5 }]);
    await store.appendEvents(handId, 1, [{ type: 'forced-bet', seat: 1, amount: 10 }]);
    // A retry of the second append: the function answers 'seq', the general path sees a replay.
    expect((await store.appendEvents(handId, 1, [{ type: 'forced-bet', seat: 1, amount: 10 }])).replayed).toBe(true);
    await expect(store.appendEvents(handId, 2, [{ type: 'action', seat: 0, amount: 5000 }])).rejects.toBeInstanceOf(
      InsufficientFundsError,
    );
    // The house account does not exist before the first rake: created on the general path.
    const end = await store.appendEvents(handId, 2, [
      { type: 'action', seat: 0, amount: 5 },
      { type: 'pot-awarded', shares: [{ seat: 0, amount: 19 }], rake: 1 },
      { type: 'hand-ended' },
    ]);
    expect(end.status).toBe('completed');
    expect((await auditLedger(prisma)).ok).toBe(true);
    // Through pg: the two plain appends, the retry and the refused bet each asked the function once.
    if (mode === 'one round trip through pg') expect(fastCalls).toBeGreaterThanOrEqual(4);
    if (mode === 'general path') expect(fastCalls).toBe(0);
  });

  it('a start that deals a player in with more than his stack, or with no stack account, is refused and stores nothing', async () => {
    const tableId = table('hw5');
    const { userA, userB } = await twoPlayerHand(tableId);
    const before = await prisma.hand.count({ where: { tableId } });
    const deal = (stackA: number) =>
      ({
        seats: [
          { seat: 0, stack: stackA },
          { seat: 1, stack: 1000 },
        ],
      }) as unknown as HandConfig;
    await expect(
      store.startHand({
        tableId,
        config: deal(1001),
        players: [
          { seat: 0, userId: userA },
          { seat: 1, userId: userB },
        ],
      }),
    ).rejects.toEqual(new InsufficientFundsError(`table:${tableId}:${userA}`, 1000, 1001));
    const stranger = await createUser(prisma, `${tableId}-c`);
    await expect(
      store.startHand({
        tableId,
        config: deal(10),
        players: [
          { seat: 0, userId: stranger },
          { seat: 1, userId: userB },
        ],
      }),
    ).rejects.toBeInstanceOf(UnknownAccountError);
    expect(await prisma.hand.count({ where: { tableId } })).toBe(before);
    // A start that is fine stores the hand and its (empty) pot.
    const ok = await store.startHand({
      tableId,
      handNumber: 7,
      config: deal(1000),
      players: [
        { seat: 0, userId: userA },
        { seat: 1, userId: userB },
      ],
    });
    expect(await store.getHand(ok.id)).toEqual(ok);
    expect((await ledger.account(`hand:${ok.id}`))!.balance).toBe(0);
  });
});

describe('the funds check before a deal (naiko_stacks_refused)', () => {
  const refused = async (stacks: { key: string; stack: number }[]): Promise<string | null> => {
    const { rows } = await pool.query<{ r: string | null }>('SELECT naiko_stacks_refused($1::jsonb) AS r', [
      JSON.stringify(stacks),
    ]);
    return rows[0]!.r;
  };

  it('passes stacks the accounts hold, and names a short or a missing account', async () => {
    const tableId = 'stacks-check';
    const [userA, userB] = [await createUser(prisma, `${tableId}-a`), await createUser(prisma, `${tableId}-b`)];
    for (const [id, chips] of [
      [userA, 1000],
      [userB, 400],
    ] as const) {
      await ledger.grant({ idempotencyKey: `g:${id}`, userId: id, amount: chips });
      await ledger.buyIn({ idempotencyKey: `b:${id}`, userId: id, tableId, amount: chips });
    }
    const [keyA, keyB] = [`table:${tableId}:${userA}`, `table:${tableId}:${userB}`];
    // Exactly the balance is enough; one chip more is not, whichever seat is short.
    expect(
      await refused([
        { key: keyA, stack: 1000 },
        { key: keyB, stack: 400 },
      ]),
    ).toBeNull();
    expect(
      await refused([
        { key: keyA, stack: 1000 },
        { key: keyB, stack: 401 },
      ]),
    ).toBe('funds');
    expect(
      await refused([
        { key: keyA, stack: 10 },
        { key: `table:${tableId}:nobody`, stack: 10 },
      ]),
    ).toBe('missing-account');
  });
});
