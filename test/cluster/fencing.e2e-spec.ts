// Fencing: a paused old owner of a table cannot write its hand events after a newer owner (a
// larger fencing token) has written — the check runs inside the hand store's transaction, so the
// refused write leaves nothing behind (no events, no ledger entries).
import type { HandConfig } from '@naiko/engine';
import { Accounts, ChipLedger, HandStore, auditLedger, recoverFromCrash, type PrismaClient } from '@naiko/persistence';
import { checkFence, StaleFencingTokenError } from '../../libs/platform/src/cluster/fence';
import { createLedgerTestDb, createUser, type LedgerTestDb } from '../support/ledger-db';

let db: LedgerTestDb;
let prisma: PrismaClient;

beforeAll(async () => {
  db = await createLedgerTestDb(5);
  prisma = db.prisma;
});
afterAll(async () => {
  await db.drop();
});

/** A hand store as one table owner with `token` would build it. */
const storeWithToken = (token: number, owner: string) =>
  new HandStore(prisma, async (tx, hand) => {
    if (hand.tableId) await checkFence(tx, hand.tableId, token, owner);
  });

/** The same owner as RedisTableOwnership builds it: the guard also as data, for the one-statement append. */
const fastStoreWithToken = (token: number, owner: string) =>
  new HandStore(
    prisma,
    Object.assign(
      async (tx: Parameters<typeof checkFence>[0], hand: { tableId: string | null }) => {
        if (hand.tableId) await checkFence(tx, hand.tableId, token, owner);
      },
      { fence: (hand: { tableId: string | null }) => (hand.tableId ? { tableId: hand.tableId, token, owner } : null) },
    ),
  );

async function seat(tableId: string, names: string[]): Promise<string[]> {
  const ledger = new ChipLedger(prisma);
  const ids: string[] = [];
  for (const name of names) {
    const id = await createUser(prisma, `${name}-${tableId.slice(0, 8)}`);
    await ledger.grant({ idempotencyKey: `grant:${id}`, userId: id, amount: 1000 });
    await ledger.buyIn({ idempotencyKey: `buy:${id}`, userId: id, tableId, amount: 200 });
    ids.push(id);
  }
  return ids;
}

const config = {
  seats: [
    { seat: 0, stack: 200 },
    { seat: 1, stack: 200 },
  ],
} as unknown as HandConfig;

describe('fencing token write guard', () => {
  it('a newer owner writes; the old owner (token 1) is refused on start and on append, and nothing of it is stored', async () => {
    const tableId = 'fence-table-1';
    const [u1, u2] = await seat(tableId, ['f1a', 'f1b']);
    const players = [
      { seat: 0, userId: u1 },
      { seat: 1, userId: u2 },
    ];
    const old = storeWithToken(1, 'copy-a');
    const hand = await old.startHand({ tableId, config, players });
    await old.appendEvents(hand.id, 0, [{ type: 'note', n: 1 }]);

    // copy-a pauses; its lease expires; copy-b takes the table with token 2 and writes.
    const next = storeWithToken(2, 'copy-b');
    await next.startHand({ tableId, config, players });

    await expect(old.appendEvents(hand.id, 1, [{ type: 'note', n: 2 }])).rejects.toBeInstanceOf(StaleFencingTokenError);
    await expect(old.startHand({ tableId, config, players })).rejects.toBeInstanceOf(StaleFencingTokenError);
    expect((await prisma.hand.findUnique({ where: { id: hand.id } }))!.eventCount).toBe(1);
    expect(await prisma.hand.count({ where: { tableId } })).toBe(2);
    const row = await prisma.$queryRaw<
      { fencing_token: bigint; owner: string }[]
    >`SELECT fencing_token, owner FROM table_leases WHERE table_id = ${tableId}`;
    expect(row).toEqual([{ fencing_token: 2n, owner: 'copy-b' }]);
    expect((await auditLedger(prisma)).ok).toBe(true);
  });

  it('the same token writes again and again; a token per table does not fence other tables', async () => {
    const [u1, u2] = await seat('fence-table-2', ['f2a', 'f2b']);
    const [u3, u4] = await seat('fence-table-3', ['f3a', 'f3b']);
    const store = storeWithToken(5, 'copy-a');
    const hand = await store.startHand({
      tableId: 'fence-table-2',
      config,
      players: [
        { seat: 0, userId: u1 },
        { seat: 1, userId: u2 },
      ],
    });
    await store.appendEvents(hand.id, 0, [{ type: 'note' }]);
    await store.appendEvents(hand.id, 1, [{ type: 'note' }]);
    await storeWithToken(1, 'copy-b').startHand({
      tableId: 'fence-table-3',
      config,
      players: [
        { seat: 0, userId: u3 },
        { seat: 1, userId: u4 },
      ],
    });
  });
});

describe('fencing token on the one-statement append', () => {
  it('the old owner (token 1) is refused by the append function itself, and nothing of it is stored', async () => {
    const tableId = 'fence-table-fast';
    const [u1, u2] = await seat(tableId, ['f4a', 'f4b']);
    const players = [
      { seat: 0, userId: u1 },
      { seat: 1, userId: u2 },
    ];
    const old = fastStoreWithToken(1, 'copy-a');
    const hand = await old.startHand({ tableId, config, players });
    await old.appendEvents(hand.id, 0, [{ type: 'note', n: 1 }]);
    await fastStoreWithToken(2, 'copy-b').startHand({ tableId, config, players });

    await expect(old.appendEvents(hand.id, 1, [{ type: 'forced-bet', seat: 1, amount: 10 }])).rejects.toBeInstanceOf(
      StaleFencingTokenError,
    );
    expect((await prisma.hand.findUnique({ where: { id: hand.id } }))!.eventCount).toBe(1);
    expect(
      (await prisma.chipAccount.findUnique({ where: { key: Accounts.tableStack(tableId, u2).key } }))!.balance,
    ).toBe(200n);
    expect((await auditLedger(prisma)).ok).toBe(true);
  });
});

describe('takeover: the crash rule scoped to one table', () => {
  it("cancels only the taken-over table's running hand, returns its contributions and stacks; the other table's hand plays on", async () => {
    const store = new HandStore(prisma);
    const [a1, a2] = await seat('take-1', ['ta', 'tb']);
    const [b1, b2] = await seat('take-2', ['tc', 'td']);
    const dead = await store.startHand({
      tableId: 'take-1',
      config,
      players: [
        { seat: 0, userId: a1 },
        { seat: 1, userId: a2 },
      ],
    });
    const live = await store.startHand({
      tableId: 'take-2',
      config,
      players: [
        { seat: 0, userId: b1 },
        { seat: 1, userId: b2 },
      ],
    });
    // Blinds 5/10 at both tables: 185 + 15 in the pot of 400 chips.
    const blinds = [
      { type: 'forced-bet', seat: 0, amount: 5 },
      { type: 'forced-bet', seat: 1, amount: 10 },
    ];
    await store.appendEvents(dead.id, 0, blinds);
    await store.appendEvents(live.id, 0, blinds);

    const report = await recoverFromCrash(prisma, { tableIds: ['take-1'] });

    expect(report.cancelledHands.map((h) => [h.handId, h.refunds.map((r) => r.amount)])).toEqual([[dead.id, [5, 10]]]);
    // Stacks of take-1 back to the accounts: 1000 - 200 + 200 = 1000 each; take-2 untouched.
    expect(report.cashedOut.map((c) => [c.tableId, c.amount]).sort()).toEqual([
      ['take-1', 200],
      ['take-1', 200],
    ]);
    const balance = async (key: string) => Number((await prisma.chipAccount.findUnique({ where: { key } }))!.balance);
    expect(await balance(Accounts.user(a1).key)).toBe(1000);
    expect(await balance(Accounts.tableStack('take-2', b1).key)).toBe(195);
    expect((await prisma.hand.findUnique({ where: { id: live.id } }))!.status).toBe('running');
    expect(report.audit?.ok).toBe(true);
  });
});
