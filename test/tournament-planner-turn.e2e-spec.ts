// Issue 21: the seating planner's runs of several copies take their turn on the planner's own
// advisory lock (TournamentTransactions.planner), each judged on a snapshot at a version of the
// tournament row. A run whose turn comes after another run changed the tournament answers `stale`
// without taking the tournament's lock (no table waits for it); a run that finds the version it
// judged runs. Two "copies" here: two TournamentTransactions, each on its own connection pools.
import { inTransaction, MttRowsRepository, PrismaTournamentRepository, type Tx } from '@naiko/persistence';
import { TournamentTimings, TournamentTransactions } from '@naiko/platform';
import { createLedgerTestDb, type LedgerTestDb } from './support/ledger-db';
import { scheduledTournament } from './support/scheduled-tournament';

let db: LedgerTestDb;
beforeAll(async () => {
  db = await createLedgerTestDb(4);
}, 60_000);
afterAll(() => db?.drop());

const copy = () =>
  new TournamentTransactions(new PrismaTournamentRepository(db.connect(2), db.connect(2)), new TournamentTimings());

async function newTournament(): Promise<number> {
  const row = await new PrismaTournamentRepository(db.prisma).insert(
    scheduledTournament(`Planner turn ${Math.random()}`),
  );
  return row.id;
}

/** A tournament-wide write of the running state (MttRowsRepository.saveTablesAndState): both versions move. */
const bump = (tx: Tx, id: number) =>
  tx.$executeRaw`UPDATE scheduled_tournaments SET version = version + 1, seating_version = seating_version + 1 WHERE id = ${id}`;

/** What a bust at one table does to the tournament row (naiko_mtt_bust_finish: the counter): only `version`. */
const bust = (tx: Tx, id: number) =>
  tx.$executeRaw`UPDATE scheduled_tournaments SET version = version + 1 WHERE id = ${id}`;

/** Whether `pending` settles within `ms` (it keeps running either way). */
const settlesWithin = (pending: Promise<unknown>, ms: number) =>
  Promise.race([pending.then(() => true), new Promise<boolean>((done) => setTimeout(() => done(false), ms))]);

function latch(): { open: () => void; opened: Promise<void> } {
  let open!: () => void;
  const opened = new Promise<void>((done) => (open = done));
  return { open, opened };
}

describe('the planner turn across copies', () => {
  test("a run judged before another copy's run changed the tournament waits for it, then answers stale and never runs", async () => {
    const id = await newTournament();
    const [first, second] = [copy(), copy()];
    const inside = latch();
    const release = latch();
    const firstRun = first.planner(id, 0, async (tx) => {
      inside.open();
      await release.opened;
      await bump(tx, id);
      return 'moved';
    });
    await inside.opened;
    let secondRan = false;
    const secondRun = second.planner(id, 0, async () => {
      secondRan = true;
      return 'moved again';
    });
    expect(await settlesWithin(secondRun, 300)).toBe(false);
    release.open();
    expect(await firstRun).toEqual({ stale: false, out: 'moved' });
    expect(await secondRun).toEqual({ stale: true });
    expect(secondRan).toBe(false);
    // Judged again at the new version, it runs.
    expect(await second.planner(id, 1, async () => 'nothing to move')).toEqual({
      stale: false,
      out: 'nothing to move',
    });
  });

  test("busts at tables meanwhile (the row's version, not its seating version) do not make a run stale", async () => {
    const id = await newTournament();
    await inTransaction(db.prisma, (tx) => bust(tx, id));
    await inTransaction(db.prisma, (tx) => bust(tx, id));
    expect(await copy().planner(id, 0, async () => 'ran')).toEqual({ stale: false, out: 'ran' });
  });

  test('saveTablesAndState with the tournament row (the exclusive path) bumps the seating version', async () => {
    const id = await newTournament();
    const rows = new MttRowsRepository();
    await inTransaction(db.prisma, (tx) =>
      rows.saveTablesAndState(tx, id, new Map(), { json: '{"standings":null}', status: null }),
    );
    const [row] = await db.prisma.$queryRaw<{ version: number; seating_version: number }[]>`
      SELECT version, seating_version FROM scheduled_tournaments WHERE id = ${id}`;
    expect(row).toEqual({ version: 1, seating_version: 1 });
  });

  test('a run whose version is unchanged after the run before it (that one moved nobody) runs', async () => {
    const id = await newTournament();
    const [first, second] = [copy(), copy()];
    const inside = latch();
    const release = latch();
    const firstRun = first.planner(id, 0, async () => {
      inside.open();
      await release.opened;
      return 'idle';
    });
    await inside.opened;
    const secondRun = second.planner(id, 0, async () => 'ran');
    expect(await settlesWithin(secondRun, 300)).toBe(false);
    release.open();
    await firstRun;
    expect(await secondRun).toEqual({ stale: false, out: 'ran' });
  });

  test('a stale run takes no table: it answers while a hand holds the tournament in shared mode', async () => {
    const id = await newTournament();
    await inTransaction(db.prisma, (tx) => bump(tx, id));
    const rows = new MttRowsRepository();
    const hand = latch();
    const handEnds = latch();
    const handTx = inTransaction(db.connect(1), async (tx) => {
      await rows.lockShared(tx, id);
      hand.open();
      await handEnds.opened;
    });
    await hand.opened;
    const planners = copy();
    const stale = planners.planner(id, 0, async () => 'never');
    expect(await settlesWithin(stale, 5_000)).toBe(true);
    expect(await stale).toEqual({ stale: true });
    // A current one takes the tournament: it waits for the hand.
    const current = planners.planner(id, 1, async () => 'after the hand');
    expect(await settlesWithin(current, 300)).toBe(false);
    handEnds.open();
    await handTx;
    expect(await current).toEqual({ stale: false, out: 'after the hand' });
    // Without a version to judge (null) it runs whatever changed.
    expect(await planners.planner(id, null, async () => 'anyway')).toEqual({ stale: false, out: 'anyway' });
  });
});
