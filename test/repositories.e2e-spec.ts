// The named repositories (issue 24 item 4) against the real PostgreSQL: the methods that decide
// something (a race, a conflict, a conditional write), each with a fresh private database.
import {
  DuplicateUserError,
  inTransaction,
  MttRowsRepository,
  openDatabase,
  PrismaCashTableRepository,
  PrismaSessionRepository,
  PrismaTournamentRepository,
  PrismaUserRepository,
  PrismaService,
  PrivateEventRepository,
  TournamentPauseRepository,
  TournamentPurchaseRepository,
} from '@naiko/persistence';
import { createLedgerTestDb, type LedgerTestDb } from './support/ledger-db';
import { scheduledTournament } from './support/scheduled-tournament';

let db: LedgerTestDb;
beforeAll(async () => {
  db = await createLedgerTestDb(8);
}, 60_000);
afterAll(() => db?.drop());

describe('UserRepository', () => {
  test('a taken username or email is a DuplicateUserError, and nothing is written', async () => {
    const users = new PrismaUserRepository(db.prisma);
    await users.create({ username: 'repo-ann', email: 'ann@example.test', passwordHash: 'x' });
    await expect(users.create({ username: 'repo-ann' })).rejects.toBeInstanceOf(DuplicateUserError);
    await expect(users.create({ username: 'repo-bob', email: 'ann@example.test' })).rejects.toBeInstanceOf(
      DuplicateUserError,
    );
    expect(await users.usernameExists('repo-bob')).toBe(false);
    expect(await db.prisma.user.count({ where: { username: { startsWith: 'repo-' } } })).toBe(1);
  });

  test('changeRights bumps the token version by 1 per change; a taken name is refused and bumps nothing', async () => {
    const users = new PrismaUserRepository(db.prisma);
    const carl = await users.create({ username: 'repo-carl' });
    await users.create({ username: 'repo-dora' });
    expect(carl.tokenVersion).toBe(0);
    expect((await users.changeRights(carl.id, { role: 'admin' })).tokenVersion).toBe(1);
    expect((await users.changeRights(carl.id, { username: 'repo-carl2' })).tokenVersion).toBe(2);
    await expect(users.changeRights(carl.id, { username: 'repo-dora' })).rejects.toBeInstanceOf(DuplicateUserError);
    expect(await users.accessState(carl.id)).toEqual({
      username: 'repo-carl2',
      role: 'admin',
      tokenVersion: 2,
      deletedAt: null,
    });
  });

  test('ensureBot: 8 concurrent callers (two pools) get one bot; a person holding the name is not a bot', async () => {
    const copies = [new PrismaUserRepository(db.prisma), new PrismaUserRepository(db.connect(4))];
    const bots = await Promise.all(Array.from({ length: 8 }, (_, k) => copies[k % 2].ensureBot('BOT Repo')));
    expect(new Set(bots.map((bot) => bot.id)).size).toBe(1);
    expect(bots.every((bot) => bot.isBot && bot.username === 'BOT Repo')).toBe(true);
    expect(await db.prisma.user.count({ where: { username: 'BOT Repo' } })).toBe(1);
    const person = await copies[0].create({ username: 'repo-erin' });
    expect(await copies[1].ensureBot('repo-erin')).toEqual({ id: person.id, username: 'repo-erin', isBot: false });
  });
});

describe('SessionRepository', () => {
  test('claim: of 6 concurrent claims of one refresh token exactly one wins', async () => {
    const users = new PrismaUserRepository(db.prisma);
    const fay = await users.create({ username: 'repo-fay' });
    const sessions = [new PrismaSessionRepository(db.prisma), new PrismaSessionRepository(db.connect(4))];
    await sessions[0].create({
      userId: fay.id,
      tokenHash: 'a'.repeat(64),
      tokenVersion: 0,
      expiresAt: new Date(Date.parse('2030-01-01T00:00:00Z')),
    });
    const row = await sessions[1].byHash('a'.repeat(64));
    expect(row?.user.username).toBe('repo-fay');
    const wins = await Promise.all(Array.from({ length: 6 }, (_, k) => sessions[k % 2].claim(row!.id)));
    expect(wins.filter(Boolean)).toHaveLength(1);
    expect((await sessions[0].byHash('a'.repeat(64)))?.revokedAt).not.toBeNull();
  });
});

describe('CashTableRepository', () => {
  test('insert of an existing id is null, writes nothing; closing stamps closed_at, leaves the open list', async () => {
    const tables = new PrismaCashTableRepository(db.prisma);
    const id = '00000000-0000-4000-8000-000000000001';
    const row = await tables.insert({ id, name: 'Repo table', hostId: null, config: { seats: 6 } });
    expect(row).toMatchObject({ id, name: 'Repo table', status: 'open', config: { seats: 6 }, closedAt: null });
    expect(await tables.insert({ id, name: 'Other name', hostId: null, config: {} })).toBeNull();
    expect(await tables.exists(id)).toBe(true);
    expect(await tables.openTableIds()).toEqual([id]);
    await tables.saveConfig(id, { config: { seats: 9 }, hostId: null, closed: true });
    expect(await tables.openTableIds()).toEqual([]);
    expect(await tables.openTablesAmong([id])).toEqual([]);
    const stored = await db.prisma.cashTable.findUniqueOrThrow({ where: { id } });
    expect(stored).toMatchObject({ name: 'Repo table', status: 'closed', config: { seats: 9 } });
    expect(stored.closedAt).toBeInstanceOf(Date);
  });
});

describe('TournamentRepository', () => {
  const newTournament = scheduledTournament('Repo MTT');

  test('a Sit & Go template instance: a second insert of the same number changes nothing; the registering one is found; the list leaves instances out', async () => {
    const tournaments = new PrismaTournamentRepository(db.prisma);
    expect(await tournaments.lastInstanceNumber('repo-sng')).toBe(0);
    const instance = { ...scheduledTournament('Repo SnG #1'), template: { templateId: 'repo-sng', instanceNumber: 1 } };
    const first = await tournaments.insert(instance);
    expect(first).toMatchObject({ template_id: 'repo-sng', instance_number: 1, status: 'scheduled' });
    expect(await tournaments.insert({ ...instance, name: 'again' })).toBeUndefined();
    expect(await tournaments.lastInstanceNumber('repo-sng')).toBe(1);
    expect(await tournaments.registeringInstance('repo-sng')).toBeNull();
    await db.prisma.scheduledTournament.update({ where: { id: first!.id }, data: { status: 'registering' } });
    expect(await tournaments.registeringInstance('repo-sng')).toBe(first!.id);
    expect((await tournaments.all()).map((row) => row.id)).not.toContain(first!.id);
  });

  test('an insert is scheduled at version 0; an edit bumps the version by 1; the gate reads the standings', async () => {
    const tournaments = new PrismaTournamentRepository(db.prisma);
    const row = await tournaments.insert(newTournament);
    expect(row).toMatchObject({ name: 'Repo MTT', status: 'scheduled', config: { tableSize: 9 }, version: 0 });
    expect(await tournaments.registrationGate(row.id)).toEqual({ status: 'scheduled', closed: false });
    await tournaments.transaction((tx) =>
      tournaments.saveSettings(tx, row.id, {
        ...newTournament,
        name: 'Repo MTT 2',
        state: { standings: { remaining: 3 } },
      }),
    );
    expect(await tournaments.row(row.id)).toMatchObject({ name: 'Repo MTT 2', version: 1 });
    expect(await tournaments.registrationGate(row.id)).toEqual({ status: 'scheduled', closed: true });
    expect(await tournaments.registrationGate(row.id + 1000)).toBeUndefined();
  });

  test('setEntriesStatus changes only the entries named (one player, several, or those in a status)', async () => {
    const tournaments = new PrismaTournamentRepository(db.prisma);
    const users = new PrismaUserRepository(db.prisma);
    const [hal, ida, jon] = await Promise.all(
      ['repo-hal', 'repo-ida', 'repo-jon'].map((name) => users.create({ username: name })),
    );
    const book = 'mtt-repo-1';
    const entry = { fee: 100n, startingStack: 1500n, status: 'registered' as const, place: null, prize: 0n };
    await tournaments.transaction(async (tx) => {
      for (const user of [hal, ida, jon]) await tournaments.upsertEntry(tx, book, user.id, entry);
      await tournaments.updateEntry(tx, book, jon.id, { status: 'refunded' });
    });
    const statuses = async () =>
      new Map((await tournaments.entriesWithNames(book)).map((row) => [row.user.username, row.status]));
    await tournaments.transaction((tx) =>
      tournaments.setEntriesStatus(tx, book, 'playing', { fromStatus: 'registered' }),
    );
    expect(await statuses()).toEqual(
      new Map([
        ['repo-hal', 'playing'],
        ['repo-ida', 'playing'],
        ['repo-jon', 'refunded'],
      ]),
    );
    await tournaments.transaction((tx) => tournaments.setEntriesStatus(tx, book, 'busted', { userIds: hal.id }));
    await tournaments.transaction((tx) =>
      tournaments.setEntriesStatus(tx, book, 'finished', { userIds: [ida.id, jon.id] }),
    );
    expect(await statuses()).toEqual(
      new Map([
        ['repo-hal', 'busted'],
        ['repo-ida', 'finished'],
        ['repo-jon', 'finished'],
      ]),
    );
    await tournaments.transaction((tx) =>
      tournaments.updateEntry(tx, book, ida.id, { status: 'finished', place: 1, prize: 270n }),
    );
    expect((await tournaments.entriesWithNames(book)).find((row) => row.userId === ida.id)).toMatchObject({
      place: 1,
      prize: 270n,
    });
  });
});

describe("the tournament modules' repositories", () => {
  const scheduled = scheduledTournament;
  /** Whether `pending` settles within `ms` (it keeps running either way). */
  const settlesWithin = (pending: Promise<unknown>, ms: number) =>
    Promise.race([pending.then(() => true), new Promise<boolean>((done) => setTimeout(() => done(false), ms))]);

  test('MttRowsRepository: the exclusive advisory lock holds back a shared one until it commits; shared ones do not wait for each other', async () => {
    const rows = new MttRowsRepository();
    const other = db.connect(4);
    let release!: () => void;
    const held = new Promise<void>((done) => (release = done));
    let locked!: () => void;
    const isLocked = new Promise<void>((done) => (locked = done));
    const exclusive = inTransaction(db.prisma, async (tx) => {
      await rows.lockExclusive(tx, 4242);
      locked();
      await held;
    });
    await isLocked;
    const shared = inTransaction(other, (tx) => rows.lockShared(tx, 4242));
    expect(await settlesWithin(shared, 300)).toBe(false);
    release();
    await exclusive;
    expect(await settlesWithin(shared, 5_000)).toBe(true);
    // Two shared holders at once (two tables' hands): neither waits.
    let releaseShared!: () => void;
    const heldShared = new Promise<void>((done) => (releaseShared = done));
    let sharedLocked!: () => void;
    const isSharedLocked = new Promise<void>((done) => (sharedLocked = done));
    const first = inTransaction(db.prisma, async (tx) => {
      await rows.lockShared(tx, 4242);
      sharedLocked();
      await heldShared;
    });
    await isSharedLocked;
    expect(
      await settlesWithin(
        inTransaction(other, (tx) => rows.lockShared(tx, 4242)),
        5_000,
      ),
    ).toBe(true);
    releaseShared();
    await first;
  });

  test('TournamentRepository: wideTransaction runs on the lane client, so a tournament-wide run goes on while every connection of the main pool is taken', async () => {
    const main = db.connect(1);
    const tournaments = new PrismaTournamentRepository(main, db.connect(1));
    let release!: () => void;
    const held = new Promise<void>((done) => (release = done));
    let busy!: () => void;
    const isBusy = new Promise<void>((done) => (busy = done));
    const holding = inTransaction(main, async (tx) => {
      await tx.$queryRaw`SELECT 1`;
      busy();
      await held;
    });
    await isBusy;
    const wide = tournaments.wideTransaction(async (tx) => (await tx.$queryRaw<{ one: number }[]>`SELECT 1 AS one`)[0]);
    expect(await settlesWithin(wide, 5_000)).toBe(true);
    expect(await wide).toEqual({ one: 1 });
    // A plain transaction waits for the main pool.
    const queued = tournaments.transaction((tx) => tx.$queryRaw`SELECT 1`);
    expect(await settlesWithin(queued, 300)).toBe(false);
    release();
    await holding;
    await queued;
    // The app's PrismaService on PostgreSQL has its own lane client (a second pool).
    const connection = await openDatabase({ kind: 'postgres', url: db.url, reason: 'test' });
    const service = new PrismaService(connection);
    expect(service.lane).not.toBe(service);
    expect(await service.lane.$queryRaw<{ one: number }[]>`SELECT 1 AS one`).toEqual([{ one: 1 }]);
    await service.onModuleDestroy();
  });

  test('TournamentRepository: a level step moves the clock in one statement only from the step before, only while running, and waits for a tournament-wide run', async () => {
    const tournaments = new PrismaTournamentRepository(db.prisma);
    const rows = new MttRowsRepository();
    const row = await tournaments.insert(scheduled('Repo steps'));
    const stepOf = async () => (await tournaments.row(row.id))!.step_index;
    // Not running yet: nothing written.
    expect(await tournaments.moveStep(row.id, 1)).toBeNull();
    await db.prisma
      .$executeRaw`UPDATE scheduled_tournaments SET status = 'running', step_index = 0 WHERE id = ${row.id}`;
    const startedAt = await tournaments.moveStep(row.id, 1);
    expect(startedAt).toBeInstanceOf(Date);
    expect(await stepOf()).toBe(1);
    expect((await tournaments.row(row.id))!.step_started_at).toEqual(startedAt);
    // The same step again (a retried job) and a step out of order: nothing written.
    expect(await tournaments.moveStep(row.id, 1)).toBeNull();
    expect(await tournaments.moveStep(row.id, 3)).toBeNull();
    expect(await stepOf()).toBe(1);
    // Behind a tournament-wide (exclusive) run, in this process or another copy: it waits for its commit.
    const other = db.connect(2);
    let release!: () => void;
    const held = new Promise<void>((done) => (release = done));
    let locked!: () => void;
    const isLocked = new Promise<void>((done) => (locked = done));
    const exclusive = inTransaction(other, async (tx) => {
      await rows.lockExclusive(tx, row.id);
      locked();
      await held;
    });
    await isLocked;
    const moving = tournaments.moveStep(row.id, 2);
    expect(await settlesWithin(moving, 300)).toBe(false);
    release();
    await exclusive;
    expect(await moving).toBeInstanceOf(Date);
    expect(await stepOf()).toBe(2);
  });

  test("TournamentRepository: a hand's begin reads under its locks in one statement; a quiet finish is recorded in one statement (asking for the planner during its hold), or nothing is written and the exclusive or the general path decides", async () => {
    const tournaments = new PrismaTournamentRepository(db.prisma);
    const users = new PrismaUserRepository(db.prisma);
    const rows = new MttRowsRepository();
    const row = await tournaments.insert(scheduled('Repo hands'));
    const [ann, bob] = await Promise.all(
      ['repo-hand-ann', 'repo-hand-bob'].map((name) => users.create({ username: name })),
    );
    const book = `mtt-${row.id}`;
    const setState = (state: object, status = 'running') =>
      tournaments.transaction((tx) =>
        rows.saveTablesAndState(tx, row.id, new Map([[1, { b: 0, busy: true, h: 0, g: 7, c: false, r: 0, bump: 1 }]]), {
          json: JSON.stringify(state),
          status,
        }),
      );
    await tournaments.transaction(async (tx) => {
      await rows.insertSeats(tx, row.id, [
        { table: 1, seat: 0, user: ann.id, dealtIn: true, waits: false, stack: 1500 },
        { table: 1, seat: 4, user: bob.id, dealtIn: false, waits: true, stack: null },
      ]);
    });
    await setState({ standings: { remaining: 2 } });
    await db.prisma.chipAccount.create({ data: { key: `tstack:${book}:${ann.id}`, book, kind: 'tournament_stack' } });
    await db.prisma.chipAccount.update({ where: { key: `tstack:${book}:${ann.id}` }, data: { balance: 1_500n } });

    // The begin's read: the tournament's part, the table row, the seats with their balances (bigints).
    const read = await tournaments.transaction((tx) => tournaments.lockTableForBegin(tx, row.id, 1, book));
    expect(read).toMatchObject({
      status: 'running',
      step_index: 0,
      button: 0,
      hand_in_progress: true,
      closed: false,
    });
    expect(read!.state).toEqual({ standings: { remaining: 2 } });
    expect(read!.seats.sort((a, b) => a.seat - b.seat)).toEqual([
      { table_no: 1, seat: 0, user_id: ann.id, dealt_in: true, waits_for_button: false, stack: 1500n, balance: 1500n },
      { table_no: 1, seat: 4, user_id: bob.id, dealt_in: false, waits_for_button: true, stack: null, balance: null },
    ]);
    expect(await tournaments.transaction((tx) => tournaments.lockTableForBegin(tx, row.id, 2, book))).toBeUndefined();
    // It holds the shared advisory lock: an exclusive one waits until its transaction ends.
    let release!: () => void;
    const held = new Promise<void>((done) => (release = done));
    let reading!: () => void;
    const hasRead = new Promise<void>((done) => (reading = done));
    const begin = tournaments.transaction(async (tx) => {
      await tournaments.lockTableForBegin(tx, row.id, 1, book);
      reading();
      await held;
    });
    await hasRead;
    const exclusive = inTransaction(db.connect(2), (tx) => rows.lockExclusive(tx, row.id));
    expect(await settlesWithin(exclusive, 300)).toBe(false);
    release();
    await begin;
    await exclusive;

    const table = async () =>
      (
        await db.prisma.$queryRaw<{ hand_in_progress: boolean; hands_played: number; version: number }[]>`
          SELECT hand_in_progress, hands_played, version FROM mtt_tables WHERE tournament_id = ${row.id} AND table_no = 1`
      )[0];
    const stackOf = async (userId: string) =>
      (
        await db.prisma.$queryRaw<{ stack: bigint | null }[]>`
          SELECT stack FROM mtt_seats WHERE tournament_id = ${row.id} AND user_id = ${userId}::uuid`
      )[0].stack;
    const stacks = new Map([
      [ann.id, 1_200],
      [bob.id, 1_800],
    ]);
    // The outcome; its time in the database is a duration (TimedOutcome).
    const quietFinish = async (tableNo: number, fence: { tableId: string; token: number; owner: string } | null) => {
      const { outcome, databaseMs } = await tournaments.quietFinish(row.id, tableNo, stacks, fence);
      expect(databaseMs).toBeGreaterThanOrEqual(0);
      return outcome;
    };
    // Something tournament-wide waits on the hand: nothing written, the exclusive path records it.
    for (const state of [
      { standings: { remaining: 2 }, handForHand: { round: null } },
      { standings: { remaining: 2 }, cancelRequested: true },
      { standings: { remaining: 2 }, seatsDecided: true },
    ]) {
      await setState(state);
      const before = await table();
      expect(await quietFinish(1, null)).toBe('exclusive');
      expect(await table()).toEqual(before);
      expect(await stackOf(ann.id)).toBe(1500n);
    }
    // A flag JavaScript reads as false does not hold it back; nor do standings not made yet (the
    // step job that ends late registration makes them).
    await setState({ standings: null, cancelRequested: false, winner: null, pauseDeals: 0 });
    const before = await table();
    expect(before.hand_in_progress).toBe(true);
    // A stale fencing token: nothing written (the general path raises the typed error).
    await db.prisma.$queryRaw`SELECT naiko_claim_fence('repo-table', 5::bigint, 'copy-b')`;
    expect(await quietFinish(1, { tableId: 'repo-table', token: 4, owner: 'copy-a' })).toBe('general');
    expect(await table()).toEqual(before);
    // Recorded: the table idle, its hand counted, its version bumped, the stacks at the seats.
    expect(await quietFinish(1, { tableId: 'repo-table', token: 5, owner: 'copy-b' })).toBe('ok');
    expect(await table()).toEqual({
      hand_in_progress: false,
      hands_played: before.hands_played + 1,
      version: before.version + 1,
    });
    expect([await stackOf(ann.id), await stackOf(bob.id)]).toEqual([1200n, 1800n]);
    // The planner holds a move for a hand to end: recorded too, and the planner is asked for.
    await setState({ standings: { remaining: 2 }, replanOnFinish: true });
    const duringHold = await table();
    expect(await quietFinish(1, null)).toBe('replan');
    expect(await table()).toEqual({
      hand_in_progress: false,
      hands_played: duringHold.hands_played + 1,
      version: duringHold.version + 1,
    });
    // The run is owed until the planner makes it (as after busts).
    expect((await tournaments.row(row.id))!.state).toEqual({
      standings: { remaining: 2 },
      replanOnFinish: true,
      balancePending: true,
    });
    // No such table; a tournament no longer running.
    expect(await quietFinish(9, null)).toBe('exclusive');
    await setState({ standings: { remaining: 2 } }, 'cancelled');
    expect(await quietFinish(1, null)).toBe('not-running');
  });

  test("TournamentRepository: a hand's begin decided from an unlocked read is committed in one statement only when nothing the deal depends on changed since the read; otherwise nothing is written", async () => {
    const tournaments = new PrismaTournamentRepository(db.prisma);
    const users = new PrismaUserRepository(db.prisma);
    const rows = new MttRowsRepository();
    const row = await tournaments.insert(scheduled('Repo begins'));
    const [ann, bob] = await Promise.all(
      ['repo-begin-ann', 'repo-begin-bob'].map((name) => users.create({ username: name })),
    );
    const book = `mtt-${row.id}`;
    /** The tournament's small state and table 1's row (idle unless `busy`), its version bumped by `bump`. */
    const setTable = (state: object, opts: { busy?: boolean; button?: number; bump?: number } = {}) =>
      tournaments.transaction((tx) =>
        rows.saveTablesAndState(
          tx,
          row.id,
          new Map([
            [1, { b: opts.button ?? 0, busy: opts.busy ?? false, h: 0, g: null, c: false, r: 0, bump: opts.bump ?? 1 }],
          ]),
          { json: JSON.stringify(state), status: 'running' },
        ),
      );
    await tournaments.transaction((tx) =>
      rows.insertSeats(tx, row.id, [
        { table: 1, seat: 0, user: ann.id, dealtIn: true, waits: false, stack: 1500 },
        { table: 1, seat: 4, user: bob.id, dealtIn: false, waits: true, stack: null },
      ]),
    );
    await setTable({ standings: null });
    await db.prisma.chipAccount.create({ data: { key: `tstack:${book}:${ann.id}`, book, kind: 'tournament_stack' } });
    await db.prisma.chipAccount.update({ where: { key: `tstack:${book}:${ann.id}` }, data: { balance: 1_500n } });
    const table = async () =>
      (
        await db.prisma.$queryRaw<
          { hand_in_progress: boolean; button: number | null; hand_begun: number | null; version: number }[]
        >`SELECT hand_in_progress, button, hand_begun, version FROM mtt_tables WHERE tournament_id = ${row.id} AND table_no = 1`
      )[0];
    const seats = () =>
      db.prisma.$queryRaw<{ seat: number; dealt_in: boolean; waits_for_button: boolean }[]>`
        SELECT seat, dealt_in, waits_for_button FROM mtt_seats WHERE tournament_id = ${row.id} ORDER BY seat`;
    /** The begin of a deal at button 4 decided from `read` (Ann's and Bob's balances as read). */
    const begin = async (
      read: {
        version: number;
        button: number | null;
        step_index: number;
        state: unknown;
        seats: { user_id: string | null; balance: bigint | null }[];
      },
      fence: { tableId: string; token: number; owner: string } | null = null,
    ) => {
      const { outcome, databaseMs } = await tournaments.beginHand(row.id, {
        book,
        tableId: 1,
        read: {
          version: read.version,
          button: read.button,
          stepIndex: read.step_index,
          handForHand: (read.state as { handForHand?: unknown }).handForHand ?? null,
        },
        dealt: [ann.id, bob.id],
        button: 4,
        smallBlind: 4,
        bigBlind: 6,
        balances: read.seats.map((s) => [s.user_id!, s.balance]),
        fence,
      });
      expect(databaseMs).toBeGreaterThanOrEqual(0);
      return outcome;
    };

    // The read: what the locked begin reads, and the table's version; no such table: undefined.
    const read = (await tournaments.tableForBegin(row.id, 1, book))!;
    const before = await table();
    expect(read).toMatchObject({ status: 'running', step_index: 0, button: 0, hand_in_progress: false, closed: false });
    expect(read.version).toBe(before.version);
    expect(read.seats.sort((a, b) => a.seat - b.seat).map((s) => [s.user_id, s.balance])).toEqual([
      [ann.id, 1500n],
      [bob.id, null],
    ]);
    expect(await tournaments.tableForBegin(row.id, 2, book)).toBeUndefined();

    // Each change of what the deal was decided from since the read: 'general' saying which, nothing
    // written.
    const changes: [string, () => Promise<unknown>, () => Promise<unknown>][] = [
      ['version', () => setTable({ standings: null }), async () => undefined],
      [
        'button',
        () => setTable({ standings: null }, { button: 2, bump: 0 }),
        () => setTable({ standings: null }, { bump: 0 }),
      ],
      [
        'balance',
        () => db.prisma.$executeRaw`UPDATE chip_accounts SET balance = 3000 WHERE key = ${`tstack:${book}:${ann.id}`}`,
        () => db.prisma.$executeRaw`UPDATE chip_accounts SET balance = 1500 WHERE key = ${`tstack:${book}:${ann.id}`}`,
      ],
      [
        'step',
        () => db.prisma.$executeRaw`UPDATE scheduled_tournaments SET step_index = 1 WHERE id = ${row.id}`,
        () => db.prisma.$executeRaw`UPDATE scheduled_tournaments SET step_index = 0 WHERE id = ${row.id}`,
      ],
      [
        'paused',
        () => db.prisma.$executeRaw`UPDATE scheduled_tournaments SET paused_reason = 'admin' WHERE id = ${row.id}`,
        () => db.prisma.$executeRaw`UPDATE scheduled_tournaments SET paused_reason = NULL WHERE id = ${row.id}`,
      ],
      [
        'round',
        () => setTable({ standings: null, handForHand: { round: null } }, { bump: 0 }),
        () => setTable({ standings: null }, { bump: 0 }),
      ],
      [
        'flags',
        () => setTable({ standings: null, cancelRequested: true }, { bump: 0 }),
        () => setTable({ standings: null }, { bump: 0 }),
      ],
      [
        'busy',
        () => setTable({ standings: null }, { busy: true, bump: 0 }),
        () => setTable({ standings: null }, { bump: 0 }),
      ],
    ];
    // Each answer says what changed (the runner view counts them).
    for (const [why, change, undo] of changes) {
      const fresh = (await tournaments.tableForBegin(row.id, 1, book))!;
      await change();
      const changed = await table();
      expect(await begin(fresh)).toEqual({ outcome: 'general', why });
      expect(await table()).toEqual(changed);
      await undo();
    }
    // Hand-for-hand: a begin from a read is checked against the round as read (the deal depends on
    // it: may this table deal in this round?). The round moved on since the read: nothing written.
    const round = (pending: number[], done: number[]) => ({
      standings: null,
      handForHand: { round: { pending, done } },
    });
    await setTable(round([1], []), { bump: 0 });
    const inRound = (await tournaments.tableForBegin(row.id, 1, book))!;
    await setTable(round([], [1]), { bump: 0 });
    const moved = await table();
    expect(await begin(inRound)).toEqual({ outcome: 'general', why: 'round' });
    expect(await table()).toEqual(moved);
    // The rest of this test deals in a hand-for-hand round this table may deal in.
    await setTable(round([1], []), { bump: 0 });

    // A stale fencing token: nothing written.
    await db.prisma.$queryRaw`SELECT naiko_claim_fence('repo-begin-table', 5::bigint, 'copy-b')`;
    const current = (await tournaments.tableForBegin(row.id, 1, book))!;
    const idle = await table();
    expect(await begin(current, { tableId: 'repo-begin-table', token: 4, owner: 'copy-a' })).toEqual({
      outcome: 'general',
      why: 'fence',
    });
    expect(await table()).toEqual(idle);
    expect(await seats()).toEqual([
      { seat: 0, dealt_in: true, waits_for_button: false },
      { seat: 4, dealt_in: false, waits_for_button: true },
    ]);

    // Nothing changed, behind a tournament-wide run of another connection (it waits for its commit):
    // the hand begun, as markHandBegun writes it.
    let release!: () => void;
    const held = new Promise<void>((done) => (release = done));
    let locked!: () => void;
    const isLocked = new Promise<void>((done) => (locked = done));
    const exclusive = inTransaction(db.connect(2), async (tx) => {
      await rows.lockExclusive(tx, row.id);
      locked();
      await held;
    });
    await isLocked;
    const beginning = begin(current, { tableId: 'repo-begin-table', token: 5, owner: 'copy-b' });
    expect(await settlesWithin(beginning, 300)).toBe(false);
    release();
    await exclusive;
    const begun = await beginning;
    expect(begun).toMatchObject({ outcome: 'ok', version: idle.version + 1 });
    expect(await table()).toEqual({
      hand_in_progress: true,
      button: 4,
      hand_begun: (begun as { n: number }).n,
      version: idle.version + 1,
    });
    expect(await seats()).toEqual([
      { seat: 0, dealt_in: true, waits_for_button: false },
      { seat: 4, dealt_in: true, waits_for_button: false },
    ]);
    // The same read again (a retry): the table is busy now, nothing written.
    expect(await begin(current)).toEqual({ outcome: 'general', why: 'busy' });
  });

  test('TournamentRepository: busts far from the end are placed from the counter in one statement, which says whether the planner must run; otherwise nothing is written', async () => {
    const tournaments = new PrismaTournamentRepository(db.prisma);
    const users = new PrismaUserRepository(db.prisma);
    const rows = new MttRowsRepository();
    const row = await tournaments.insert(scheduled('Repo busts'));
    const book = `mtt-${row.id}`;
    const [ann, bob, cat, dan, eve, fay] = await Promise.all(
      ['ann', 'bob', 'cat', 'dan', 'eve', 'fay'].map((name) => users.create({ username: `repo-bust-${name}` })),
    );
    const table = (busy: boolean, closed = false) => ({ b: 0, busy, h: 0, g: 7, c: closed, r: 0, bump: 1 });
    const setState = (state: object, status = 'running', closed = false) =>
      tournaments.transaction((tx) =>
        rows.saveTablesAndState(
          tx,
          row.id,
          new Map([
            [1, table(true, closed)],
            [2, table(false)],
          ]),
          { json: JSON.stringify(state), status },
        ),
      );
    await tournaments.transaction(async (tx) => {
      await rows.insertEntries(
        tx,
        row.id,
        [ann, bob, cat, dan, eve, fay].map((user, index) => ({
          entryId: index + 1,
          playerId: user.id,
          status: 'active',
          late: false,
          reEntry: false,
        })),
      );
      await rows.insertSeats(
        tx,
        row.id,
        [ann, bob, cat, dan, eve, fay].map((user, index) => ({
          table: index < 3 ? 1 : 2,
          seat: index % 3,
          user: user.id,
          dealtIn: index < 3,
          waits: false,
          stack: 1000,
        })),
      );
    });
    const entries = async () =>
      db.prisma.$queryRaw<{ entry_id: number; status: string; place_best: number | null; place_rank: number | null }[]>`
        SELECT entry_id, status, place_best, place_rank FROM mtt_entries WHERE tournament_id = ${row.id} ORDER BY entry_id`;
    const seated = async () =>
      db.prisma.$queryRaw<{ user_id: string; stack: bigint }[]>`
        SELECT user_id::text AS user_id, stack FROM mtt_seats WHERE tournament_id = ${row.id} AND table_no = 1 ORDER BY seat`;
    const tableOne = async () =>
      (
        await db.prisma.$queryRaw<{ hand_in_progress: boolean; hands_played: number }[]>`
          SELECT hand_in_progress, hands_played FROM mtt_tables WHERE tournament_id = ${row.id} AND table_no = 1`
      )[0];
    const stateNow = async () => (await tournaments.row(row.id))!.state;
    const bust = (
      busted: { userId: string; offset: number; rank: number }[],
      kept: [string, number][],
      opts: { minLeft?: number; tableNo?: number; fence?: { tableId: string; token: number; owner: string } } = {},
    ) =>
      tournaments
        .bustFinish(row.id, {
          book,
          tableId: opts.tableNo ?? 1,
          busted,
          kept,
          minLeft: opts.minLeft ?? 4,
          tableSize: 3,
          fence: opts.fence ?? null,
        })
        .then(({ outcome, databaseMs }) => {
          expect(databaseMs).toBeGreaterThanOrEqual(0);
          return outcome;
        });
    const snapshot = async () => ({ entries: await entries(), seated: await seated(), table: await tableOne() });

    // Nothing written when the exclusive path must record the hand.
    await setState({ standings: { remaining: 20 } });
    const before = await snapshot();
    for (const state of [
      { standings: null },
      { standings: { remaining: 20 }, handForHand: { round: 1 } },
      { standings: { remaining: 20 }, pauseDeals: true },
      { standings: { remaining: 20 }, cancelRequested: true },
      { standings: { remaining: 20 }, seatsDecided: true },
    ]) {
      await setState(state);
      expect(await bust([{ userId: ann.id, offset: 0, rank: 0 }], [[bob.id, 2000]])).toBe('exclusive');
    }
    await setState({ standings: { remaining: 20 } });
    // 19 players left would be the limit itself (the bubble is near): the exclusive path.
    expect(await bust([{ userId: ann.id, offset: 0, rank: 0 }], [[bob.id, 2000]], { minLeft: 19 })).toBe('exclusive');
    // A busted player without a live entry; no such table; a closed table; a tournament not running.
    expect(await bust([{ userId: 'b0a1a2a3-0000-4000-8000-000000000000', offset: 0, rank: 0 }], [])).toBe('exclusive');
    expect(await bust([{ userId: ann.id, offset: 0, rank: 0 }], [], { tableNo: 9 })).toBe('exclusive');
    await setState({ standings: { remaining: 20 } }, 'running', true);
    expect(await bust([{ userId: ann.id, offset: 0, rank: 0 }], [])).toBe('exclusive');
    await setState({ standings: { remaining: 20 } }, 'paying');
    expect(await bust([{ userId: ann.id, offset: 0, rank: 0 }], [])).toBe('exclusive');
    // A stale fencing token: 'general' (the TypeScript path raises the typed error).
    await setState({ standings: { remaining: 20 } });
    await db.prisma.$queryRaw`SELECT naiko_claim_fence('repo-bust-table', 5::bigint, 'copy-b')`;
    expect(
      await bust([{ userId: ann.id, offset: 0, rank: 0 }], [], {
        fence: { tableId: 'repo-bust-table', token: 4, owner: 'copy-a' },
      }),
    ).toBe('general');
    expect(await snapshot()).toEqual(before);
    expect(await stateNow()).toEqual({ standings: { remaining: 20 } });

    // Ann busts with 20 players in: 20th. Tables of 2 and 3 players (size 3) are balanced: 'ok'.
    expect(
      await bust(
        [{ userId: ann.id, offset: 0, rank: 0 }],
        [
          [bob.id, 1500],
          [cat.id, 1500],
        ],
        {
          fence: { tableId: 'repo-bust-table', token: 5, owner: 'copy-b' },
        },
      ),
    ).toBe('ok');
    expect((await entries())[0]).toEqual({ entry_id: 1, status: 'busted', place_best: 20, place_rank: 0 });
    expect(await seated()).toEqual([
      { user_id: bob.id, stack: 1500n },
      { user_id: cat.id, stack: 1500n },
    ]);
    expect(await tableOne()).toEqual({ hand_in_progress: false, hands_played: before.table.hands_played + 1 });
    expect(await stateNow()).toEqual({ standings: { remaining: 19 }, balancePending: false });

    // Bob and Cat bust in one hand with 19 in: Bob (the larger stack) 18th, Cat 19th. Table 1 is
    // empty now: the planner must close it ('replan').
    expect(
      await bust(
        [
          { userId: bob.id, offset: 0, rank: 0 },
          { userId: cat.id, offset: 1, rank: 0 },
        ],
        [],
      ),
    ).toBe('replan');
    expect((await entries()).slice(1, 3)).toEqual([
      { entry_id: 2, status: 'busted', place_best: 18, place_rank: 0 },
      { entry_id: 3, status: 'busted', place_best: 19, place_rank: 0 },
    ]);
    expect(await seated()).toEqual([]);
    expect(await stateNow()).toEqual({ standings: { remaining: 17 }, balancePending: true });
    // Busted already: no live entry, nothing written.
    expect(await bust([{ userId: bob.id, offset: 0, rank: 0 }], [])).toBe('exclusive');

    // The counter row is locked last: a bust checked on an unlocked read waits for it there, with
    // its table's writes made, and checks again once it has it.
    const tableTwo = async () => ({
      seats: await db.prisma.$queryRaw<{ user_id: string; stack: bigint }[]>`
        SELECT user_id::text AS user_id, stack FROM mtt_seats WHERE tournament_id = ${row.id} AND table_no = 2 ORDER BY seat`,
      table: (
        await db.prisma.$queryRaw<{ hands_played: number; version: number }[]>`
          SELECT hands_played, version FROM mtt_tables WHERE tournament_id = ${row.id} AND table_no = 2`
      )[0],
      dan: (await entries())[3],
    });
    /** Holds the tournament row while `bustNow` runs, then sets its state to `meanwhile` and commits. */
    const whileRowHeld = async (meanwhile: object, bustNow: () => Promise<string>) => {
      let release!: () => void;
      const held = new Promise<void>((done) => (release = done));
      let locked!: () => void;
      const isLocked = new Promise<void>((done) => (locked = done));
      const holder = inTransaction(db.connect(2), async (tx) => {
        await tx.$queryRaw`SELECT id FROM scheduled_tournaments WHERE id = ${row.id} FOR UPDATE`;
        locked();
        await held;
        await tx.$executeRaw`UPDATE scheduled_tournaments SET state = ${JSON.stringify(meanwhile)}::jsonb WHERE id = ${row.id}`;
      });
      await isLocked;
      const busting = bustNow();
      expect(await settlesWithin(busting, 300)).toBe(false);
      release();
      await holder;
      return busting;
    };
    const danBusts = () => bust([{ userId: dan.id, offset: 0, rank: 0 }], [[eve.id, 2500]], { tableNo: 2, minLeft: 5 });
    await setState({ standings: { remaining: 10 } });
    const beforeRace = await tableTwo();
    // Other tables' busts took the players left to 6 meanwhile: Dan's would leave 5, the limit.
    // Nothing of his table's writes stays.
    expect(await whileRowHeld({ standings: { remaining: 6 } }, danBusts)).toBe('exclusive');
    expect(await tableTwo()).toEqual(beforeRace);
    // A flag set meanwhile (hand-for-hand): the same.
    await setState({ standings: { remaining: 10 } });
    const beforeFlag = await tableTwo();
    expect(await whileRowHeld({ standings: { remaining: 10 }, handForHand: { round: 1 } }, danBusts)).toBe('exclusive');
    expect(await tableTwo()).toEqual(beforeFlag);
    // Another table's bust meanwhile (10 → 9): Dan is placed from the counter as it is under the lock, 9th.
    await setState({ standings: { remaining: 10 } });
    expect(await whileRowHeld({ standings: { remaining: 9 } }, danBusts)).toBe('replan');
    expect((await tableTwo()).dan).toEqual({ entry_id: 4, status: 'busted', place_best: 9, place_rank: 0 });
    expect((await tableTwo()).seats).toEqual([
      { user_id: eve.id, stack: 2500n },
      { user_id: fay.id, stack: 1000n },
    ]);
    expect(await stateNow()).toEqual({ standings: { remaining: 8 }, balancePending: true });
  });

  test('MttRowsRepository: entries, seats and tables written by the save statements come back from one load', async () => {
    const tournaments = new PrismaTournamentRepository(db.prisma);
    const users = new PrismaUserRepository(db.prisma);
    const rows = new MttRowsRepository();
    const row = await tournaments.insert(scheduled('Repo rows'));
    const [kim, lee] = await Promise.all(['repo-kim', 'repo-lee'].map((name) => users.create({ username: name })));
    await tournaments.transaction(async (tx) => {
      await rows.lockExclusive(tx, row.id);
      await rows.insertEntries(tx, row.id, [
        { entryId: 1, playerId: kim.id, status: 'active', late: false, reEntry: false },
        { entryId: 2, playerId: lee.id, status: 'active', late: true, reEntry: false },
      ]);
      await rows.insertSeats(tx, row.id, [
        { table: 1, seat: 0, user: kim.id, dealtIn: true, waits: false, stack: 1500 },
        { table: 1, seat: 3, user: lee.id, dealtIn: false, waits: true, stack: null },
      ]);
      await rows.saveTablesAndState(
        tx,
        row.id,
        new Map([[1, { b: 0, busy: false, h: 0, g: null, c: false, r: 0, bump: 1 }]]),
        { json: JSON.stringify({ standings: { remaining: 2 } }), status: 'running' },
      );
    });
    const loaded = await rows.load(db.prisma, row.id, true);
    expect(loaded.e).toEqual([
      [1, kim.id, 'active', false, false, null, null],
      [2, lee.id, 'active', true, false, null, null],
    ]);
    expect(loaded.t).toEqual([
      {
        table_no: 1,
        button: 0,
        small_blind: null,
        big_blind: null,
        hand_in_progress: false,
        hand_begun: null,
        hands_played: 0,
        closed: false,
        break_rank: 0,
        version: 1,
      },
    ]);
    expect(new Set(loaded.s)).toEqual(
      new Set([
        [1, 0, kim.id, true, false, 1500],
        [1, 3, lee.id, false, true, null],
      ]),
    );
    expect(await tournaments.row(row.id)).toMatchObject({ status: 'running', state: { standings: { remaining: 2 } } });
    // A bust: the entry placed, its seat left, the table's version bumped on top of the stored one.
    await tournaments.transaction(async (tx) => {
      await rows.updateEntries(tx, row.id, new Map([[2, { status: 'busted', best: 2, rank: 0 }]]));
      await rows.deleteSeats(tx, row.id, [], [{ table: 1, seat: 3 }]);
      await rows.saveTablesAndState(
        tx,
        row.id,
        new Map([[1, { b: 0, busy: false, h: 1, g: 1, c: false, r: 0, bump: 1 }]]),
      );
    });
    const after = await rows.load(db.prisma, row.id, true);
    expect(after.e?.[1]).toEqual([2, lee.id, 'busted', true, false, 2, 0]);
    expect(after.s).toEqual([[1, 0, kim.id, true, false, 1500]]);
    expect(after.t?.[0]).toMatchObject({ hands_played: 1, hand_begun: 1, version: 2 });
    expect(await rows.load(db.prisma, row.id, false)).toMatchObject({ t: null, s: null });
  });

  test('TournamentPurchaseRepository: the tournament row is locked FOR UPDATE, a second purchase waits for the first', async () => {
    const tournaments = new PrismaTournamentRepository(db.prisma);
    const row = await tournaments.insert(scheduled('Repo purchases'));
    const purchases = [new TournamentPurchaseRepository(db.prisma), new TournamentPurchaseRepository(db.connect(4))];
    let release!: () => void;
    const held = new Promise<void>((done) => (release = done));
    let locked!: () => void;
    const isLocked = new Promise<void>((done) => (locked = done));
    const first = purchases[0].transaction(async (tx) => {
      expect(await purchases[0].lockTournament(tx, row.id)).toMatchObject({
        status: 'scheduled',
        rebuys_bought: 0,
        entries: 0,
      });
      locked();
      await held;
    });
    await isLocked;
    const second = purchases[1].transaction((tx) => purchases[1].lockTournament(tx, row.id));
    expect(await settlesWithin(second, 300)).toBe(false);
    release();
    await first;
    expect(await second).toMatchObject({ status: 'scheduled' });
    expect(await purchases[0].transaction((tx) => purchases[0].lockTournament(tx, row.id + 1000))).toBeUndefined();
  });

  test('TournamentPauseRepository: a pause is stamped once, a stronger reason keeps its time; the clock row is locked', async () => {
    const tournaments = new PrismaTournamentRepository(db.prisma);
    const pauses = new TournamentPauseRepository();
    const row = await tournaments.insert(scheduled('Repo pause'));
    await tournaments.transaction((tx) => pauses.setPaused(tx, row.id, 'disconnections', 'now'));
    const first = await pauses.pauseOf(db.prisma, row.id);
    expect(first).toMatchObject({ paused_reason: 'disconnections' });
    await tournaments.transaction((tx) => pauses.setPaused(tx, row.id, 'admin', 'unchanged'));
    expect(await pauses.pauseOf(db.prisma, row.id)).toEqual({ paused_reason: 'admin', paused_at: first!.paused_at });
    let release!: () => void;
    const held = new Promise<void>((done) => (release = done));
    let locked!: () => void;
    const isLocked = new Promise<void>((done) => (locked = done));
    const holder = tournaments.transaction(async (tx) => {
      expect(await pauses.lockClock(tx, row.id)).toMatchObject({ paused_reason: 'admin', step_index: 0 });
      locked();
      await held;
    });
    await isLocked;
    const other = db.connect(4);
    const waiting = inTransaction(other, (tx) => pauses.lockClock(tx, row.id));
    expect(await settlesWithin(waiting, 300)).toBe(false);
    release();
    await holder;
    await waiting;
    const resumedAt = new Date('2030-01-01T12:05:00Z');
    await tournaments.transaction((tx) => pauses.resume(tx, row.id, resumedAt));
    expect(await pauses.pauseOf(db.prisma, row.id)).toEqual({ paused_reason: null, paused_at: null });
    expect(await tournaments.row(row.id)).toMatchObject({ step_started_at: resumedAt });
  });

  test('PrivateEventRepository: an invite is recorded once; the code opens its event; open events are counted per host', async () => {
    const users = new PrismaUserRepository(db.prisma);
    const tournaments = new PrismaTournamentRepository(db.prisma);
    const events = new PrivateEventRepository(db.prisma);
    const [host, guest] = await Promise.all(
      ['repo-host', 'repo-guest'].map((name) => users.create({ username: name })),
    );
    const row = await tournaments.insert({ ...scheduled('Repo private'), hostId: host.id });
    await events.record('mtt', row.id, host.id, 'code-repo-1');
    expect(await events.hostRow('mtt', row.id)).toEqual({ host_id: host.id });
    expect(await events.eventByCode('mtt', 'code-repo-1')).toBe(row.id);
    expect(await events.eventByCode('sng', 'code-repo-1')).toBeUndefined();
    expect(await events.isInvited('mtt', row.id, guest.id)).toBe(false);
    await Promise.all([
      events.addInvite('mtt', row.id, guest.id, 'code'),
      events.addInvite('mtt', row.id, guest.id, 'username'),
    ]);
    expect(await events.isInvited('mtt', row.id, guest.id)).toBe(true);
    expect(await events.eventsOf('mtt', guest.id)).toEqual([row.id]);
    expect(await events.hostedCount(host.id, ['scheduled'])).toBe(1);
    expect(await events.hostedCount(host.id, ['running'])).toBe(0);
  });
});
