// The disconnection protection quota in PostgreSQL (issue 18): per player per rolling 24 hours,
// shared by every table and every copy (here: two Prisma clients with their own pools, as two
// processes would have), spent atomically.
import { ProtectionUses } from '@naiko/persistence';
import { createLedgerTestDb, createUser, type LedgerTestDb } from './support/ledger-db';

const HOUR = 60 * 60 * 1000;
const T0 = Date.parse('2026-12-01T12:00:00.000Z');
const at = (ms: number) => new Date(T0 + ms);

describe('disconnection protection quota: per player per 24 h across all tables, in the database', () => {
  let db: LedgerTestDb;
  beforeAll(async () => {
    db = await createLedgerTestDb(8);
  }, 60_000);
  afterAll(() => db?.drop());

  test('3 a day: uses at 0 h (table A), 1 h (table B), 2 h (A); the 4th at 3 h is refused; at 24 h the first has left the window', async () => {
    const user = await createUser(db.prisma, 'quota1');
    const usesA = new ProtectionUses(db.prisma);
    const usesB = new ProtectionUses(db.connect(2)); // another copy of the table host
    expect(await usesA.trySpend({ userId: user, tableId: 'A', at: at(0), perDay: 3 })).toBe(true);
    expect(await usesB.trySpend({ userId: user, tableId: 'B', at: at(1 * HOUR), perDay: 3 })).toBe(true);
    expect(await usesA.trySpend({ userId: user, tableId: 'A', at: at(2 * HOUR), perDay: 3 })).toBe(true);
    // 3 uses in (3 h − 24 h, 3 h]: none left, at either table.
    expect(await usesB.trySpend({ userId: user, tableId: 'B', at: at(3 * HOUR), perDay: 3 })).toBe(false);
    expect(await usesA.trySpend({ userId: user, tableId: 'C', at: at(24 * HOUR - 1), perDay: 3 })).toBe(false);
    // At exactly 24 h the use at 0 h is out of the window (at − 24 h, at]: one is free again.
    expect(await usesB.usedInWindow(user, at(24 * HOUR))).toBe(2);
    expect(await usesB.trySpend({ userId: user, tableId: 'B', at: at(24 * HOUR), perDay: 3 })).toBe(true);
    expect(await usesA.trySpend({ userId: user, tableId: 'A', at: at(24 * HOUR + 1), perDay: 3 })).toBe(false);
    // Another player's quota is his own.
    const other = await createUser(db.prisma, 'quota2');
    expect(await usesA.trySpend({ userId: other, tableId: 'A', at: at(3 * HOUR), perDay: 3 })).toBe(true);
    // A quota of 0 grants nothing and writes nothing.
    expect(await usesA.trySpend({ userId: other, tableId: 'A', at: at(3 * HOUR), perDay: 0 })).toBe(false);
    expect(await usesA.usedInWindow(other, at(3 * HOUR))).toBe(1);
  });

  test("a use stamped ahead by another copy's clock counts: it leaves no free slot to a copy whose clock is behind", async () => {
    const user = await createUser(db.prisma, 'quota4');
    const ahead = new ProtectionUses(db.prisma);
    const behind = new ProtectionUses(db.connect(2));
    expect(await ahead.trySpend({ userId: user, tableId: 'A', at: at(10), perDay: 1 })).toBe(true);
    expect(await behind.trySpend({ userId: user, tableId: 'B', at: at(5), perDay: 1 })).toBe(false);
    expect(await behind.usedInWindow(user, at(5))).toBe(1);
  });

  test('the last use is spent once when two copies race for it (10 attempts at once, quota 1)', async () => {
    const user = await createUser(db.prisma, 'quota3');
    const copies = [new ProtectionUses(db.prisma), new ProtectionUses(db.connect(5))];
    const results = await Promise.all(
      Array.from({ length: 10 }, (_, k) =>
        copies[k % 2].trySpend({ userId: user, tableId: `T${k}`, at: at(k), perDay: 1 }),
      ),
    );
    expect(results.filter(Boolean)).toHaveLength(1);
    expect(await db.prisma.protectionUse.count({ where: { userId: user } })).toBe(1);
  });
});
