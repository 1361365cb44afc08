// The group-commit journal's bookkeeping with a fake SQL runner (the INSERT itself runs against the
// real PostgreSQL in test/hand-store-write.e2e-spec.ts and the SIGKILL suites).
import type { LedgerDb } from '../ledger/ledger';
import type { SqlRunner } from '../prisma/database';
import { HandJournal } from './hand-journal';

interface Batch {
  rows: { h: string; s: number; p: { type: string } }[];
}

interface Gate {
  wait: Promise<void> | null;
  entered: (() => void) | null;
}

function fakeSql(): { sql: SqlRunner; batches: Batch[]; failNext: { n: number }; gate: Gate } {
  const batches: Batch[] = [];
  const failNext = { n: 0 };
  // `entered` is told when a batch reaches the database (a test awaits it instead of sleeping).
  const gate: Gate = { wait: null, entered: null };
  const sql: SqlRunner = async (query) => {
    gate.entered?.();
    if (gate.wait) await gate.wait;
    if (failNext.n > 0) {
      failNext.n--;
      throw new Error('database down');
    }
    batches.push({ rows: JSON.parse(query.values[0] as string) as Batch['rows'] });
    return { rows: [] };
  };
  return { sql, batches, failNext, gate };
}

const ev = (type: string) => JSON.stringify({ type });
const H1 = '00000000-0000-4000-8000-000000000001';
const H2 = '00000000-0000-4000-8000-000000000002';

describe('HandJournal (group commit)', () => {
  test('one multi-row insert per batch for every table of the process', async () => {
    const fake = fakeSql();
    const handJournal = new HandJournal({} as LedgerDb, fake.sql, { intervalMs: 1 });
    handJournal.began(H1, 2);
    handJournal.began(H2, 3);
    handJournal.append(H1, 2, [ev('action'), ev('street')]);
    handJournal.append(H2, 3, [ev('action')]);
    await handJournal.flush();
    expect(fake.batches).toHaveLength(1);
    expect(fake.batches[0].rows.map((r) => [r.h, r.s, r.p.type])).toEqual([
      [H1, 2, 'action'],
      [H1, 3, 'street'],
      [H2, 3, 'action'],
    ]);
    // The end of H1 finds everything written: the end transaction starts at seq 4.
    expect(await handJournal.settle(H1)).toBe(4);
  });

  test("the end waits for the batch in flight, then takes the hand's queued rows for its own transaction", async () => {
    const fake = fakeSql();
    const handJournal = new HandJournal({} as LedgerDb, fake.sql, { intervalMs: 1 });
    handJournal.began(H1, 2);
    let open!: () => void;
    fake.gate.wait = new Promise<void>((r) => (open = r));
    const inFlight = new Promise<void>((r) => (fake.gate.entered = r));
    handJournal.append(H1, 2, [ev('action')]);
    await inFlight; // the batch with seq 2 is in flight
    handJournal.append(H1, 3, [ev('action')]); // queued behind it
    const settled = handJournal.settle(H1);
    fake.gate.wait = null;
    open();
    expect(await settled).toBe(3); // seq 2 written; seq 3 taken out for the end transaction
    await handJournal.flush();
    expect(fake.batches.flatMap((b) => b.rows.map((r) => r.s))).toEqual([2]);
    // The end transaction failed: the rows go back, in order, before anything newer.
    handJournal.unsettle(H1);
    handJournal.append(H1, 4, [ev('action')]);
    await handJournal.flush();
    expect(fake.batches.flatMap((b) => b.rows.map((r) => r.s))).toEqual([2, 3, 4]);
    expect(await handJournal.settle(H1)).toBe(5);
    handJournal.forget(H1);
    expect(handJournal.hands).toBe(0);
  });

  test('a failed batch goes back to the front and is written by a later one; flush gives up at a failure', async () => {
    const fake = fakeSql();
    const handJournal = new HandJournal({} as LedgerDb, fake.sql, { intervalMs: 1 });
    handJournal.began(H1, 0);
    fake.failNext.n = 1;
    handJournal.append(H1, 0, [ev('hand-started')]);
    await expect(handJournal.flush()).rejects.toThrow('a batch failed');
    handJournal.append(H1, 1, [ev('action')]);
    await handJournal.flush();
    expect(fake.batches.flatMap((b) => b.rows.map((r) => r.s))).toEqual([0, 1]);
    expect(handJournal.stats).toMatchObject({ failures: 1, rows: 2 });
  });
});
