// The named repositories (issue 24 item 4) against the real PostgreSQL: the methods that decide
// something (a race, a conflict, a conditional write), each with a fresh private database.
import {
  DuplicateUserError,
  PrismaCashTableRepository,
  PrismaSessionRepository,
  PrismaSitAndGoRepository,
  PrismaTournamentRepository,
  PrismaUserRepository,
} from '@naiko/persistence';
import { createLedgerTestDb, type LedgerTestDb } from './support/ledger-db';

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

describe('SitAndGoRepository', () => {
  const seeds = { spinSeed: null, spinCommitment: null, seatSeed: 'seat-seed', seatCommitment: 'seat-commitment' };

  test('instance numbers: a second insert of instance 1 changes nothing; the next opens as 2', async () => {
    const sitAndGos = new PrismaSitAndGoRepository(db.prisma);
    expect(await sitAndGos.lastInstanceNumber('repo-sng')).toBeNull();
    const first = { templateId: 'repo-sng', instanceNumber: 1, kind: 'sit-and-go', template: { seats: 2 }, ...seeds };
    await sitAndGos.insertInstance(first);
    await sitAndGos.insertInstance({ ...first, template: { seats: 9 } });
    const open = await sitAndGos.registeringInstanceId('repo-sng');
    expect(open).not.toBeNull();
    expect(await sitAndGos.instance(open!)).toMatchObject({
      instance_number: 1,
      template: { seats: 2 },
      status: 'registering',
    });
    await sitAndGos.transaction((tx) => sitAndGos.recordRegistration(tx, open!, 2, true));
    expect(await sitAndGos.registeringInstanceId('repo-sng')).toBeNull();
    expect(await sitAndGos.unfinished()).toEqual([{ id: open, status: 'starting' }]);
    await sitAndGos.insertInstance({ ...first, instanceNumber: (await sitAndGos.lastInstanceNumber('repo-sng'))! + 1 });
    expect((await sitAndGos.instance((await sitAndGos.registeringInstanceId('repo-sng'))!))?.instance_number).toBe(2);
  });

  test('an entry registered again after a refund is reset (no place, prize 0) and counted once', async () => {
    const sitAndGos = new PrismaSitAndGoRepository(db.prisma);
    const gus = await new PrismaUserRepository(db.prisma).create({ username: 'repo-gus' });
    const tournamentId = 'sng-repo-1';
    const register = (again: boolean) =>
      sitAndGos.transaction((tx) =>
        sitAndGos.registerEntry(tx, { tournamentId, userId: gus.id, fee: 100n, startingStack: 1500n, again }),
      );
    await register(false);
    await sitAndGos.transaction((tx) => sitAndGos.refundEntry(tx, tournamentId, gus.id));
    expect(await sitAndGos.transaction((tx) => sitAndGos.countRegistered(tx, tournamentId))).toBe(0);
    await register(true);
    const entry = await sitAndGos.transaction((tx) => sitAndGos.entry(tx, tournamentId, gus.id));
    expect(entry).toMatchObject({ status: 'registered', place: null, prize: 0n });
    expect(await sitAndGos.transaction((tx) => sitAndGos.countRegistered(tx, tournamentId))).toBe(1);
    expect(await sitAndGos.registeredWithNames(tournamentId)).toMatchObject([{ username: 'repo-gus', isBot: false }]);
  });
});

describe('TournamentRepository', () => {
  const newTournament = {
    name: 'Repo MTT',
    config: { tableSize: 9 },
    startsAt: new Date('2030-01-01T12:00:00Z'),
    registrationOpensAt: new Date('2030-01-01T11:00:00Z'),
    state: { standings: null },
    seatSeed: 'seat-seed',
    seatCommitment: 'seat-commitment',
    hostId: null,
  };

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
