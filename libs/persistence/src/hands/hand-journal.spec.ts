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
  const sql: SqlRunner = async (q) => {
    gate.entered?.();
    if (gate.wait) await gate.wait;
    if (failNext.n > 0) {
      failNext.n--;
      throw new Error('database down');
    }
    batches.push({ rows: JSON.parse(q.values[0] as string) as Batch['rows'] });
    return { rows: [] };
  };
  return { sql, batches, failNext, gate };
}

const ev = (type: string) => JSON.stringify({ type });
const H1 = '00000000-0000-4000-8000-000000000001';
const H2 = '00000000-0000-4000-8000-000000000002';

describe('HandJournal (group commit)', () => {
  test('one multi-row insert per batch for every table of the process', async () => {
    const f = fakeSql();
    const j = new HandJournal({} as LedgerDb, f.sql, { intervalMs: 1 });
    j.began(H1, 2);
    j.began(H2, 3);
    j.append(H1, 2, [ev('action'), ev('street')]);
    j.append(H2, 3, [ev('action')]);
    await j.flush();
    expect(f.batches).toHaveLength(1);
    expect(f.batches[0].rows.map((r) => [r.h, r.s, r.p.type])).toEqual([
      [H1, 2, 'action'],
      [H1, 3, 'street'],
      [H2, 3, 'action'],
    ]);
    // The end of H1 finds everything written: the end transaction starts at seq 4.
    expect(await j.settle(H1)).toBe(4);
  });

  test("the end waits for the batch in flight, then takes the hand's queued rows for its own transaction", async () => {
    const f = fakeSql();
    const j = new HandJournal({} as LedgerDb, f.sql, { intervalMs: 1 });
    j.began(H1, 2);
    let open!: () => void;
    f.gate.wait = new Promise<void>((r) => (open = r));
    const inFlight = new Promise<void>((r) => (f.gate.entered = r));
    j.append(H1, 2, [ev('action')]);
    await inFlight; // the batch with seq 2 is in flight
    j.append(H1, 3, [ev('action')]); // queued behind it
    const settled = j.settle(H1);
    f.gate.wait = null;
    open();
    expect(await settled).toBe(3); // seq 2 written; seq 3 taken out for the end transaction
    await j.flush();
    expect(f.batches.flatMap((b) => b.rows.map((r) => r.s))).toEqual([2]);
    // The end transaction failed: the rows go back, in order, before anything newer.
    j.unsettle(H1);
    j.append(H1, 4, [ev('action')]);
    await j.flush();
    expect(f.batches.flatMap((b) => b.rows.map((r) => r.s))).toEqual([2, 3, 4]);
    expect(await j.settle(H1)).toBe(5);
    j.forget(H1);
    expect(j.hands).toBe(0);
  });

  test('a failed batch goes back to the front and is written by a later one; flush gives up at a failure', async () => {
    const f = fakeSql();
    const j = new HandJournal({} as LedgerDb, f.sql, { intervalMs: 1 });
    j.began(H1, 0);
    f.failNext.n = 1;
    j.append(H1, 0, [ev('hand-started')]);
    await expect(j.flush()).rejects.toThrow('a batch failed');
    j.append(H1, 1, [ev('action')]);
    await j.flush();
    expect(f.batches.flatMap((b) => b.rows.map((r) => r.s))).toEqual([0, 1]);
    expect(j.stats).toMatchObject({ failures: 1, rows: 2 });
  });
});
