// The repositories behind fair play, responsible play, the platform's secrets and the table leases
// (issue 24 item 4) against the real PostgreSQL: the statements that decide something (a race, a
// conditional write, a transaction that must leave nothing behind, an aggregate), with a fresh
// private database.
import {
  Accounts,
  ChipLedger,
  claimFence,
  inTransaction,
  InsufficientFundsError,
  PrismaFairPlayRepository,
  PrismaFairPlayScanRepository,
  PrismaHandHistoryRepository,
  PrismaPlatformSecretRepository,
  PrismaResponsiblePlayRepository,
  PrismaTableLeaseRepository,
} from '@naiko/persistence';
import { createLedgerTestDb, createUser, type LedgerTestDb } from './support/ledger-db';

let db: LedgerTestDb;
let ledger: ChipLedger;
beforeAll(async () => {
  db = await createLedgerTestDb(8);
  ledger = new ChipLedger(db.prisma);
}, 60_000);
afterAll(() => db?.drop());

const DAY = 86_400_000;

describe('ResponsiblePlayRepository', () => {
  test('coolOff keeps the later end: a shorter cool-off never shortens one that runs', async () => {
    const repository = new PrismaResponsiblePlayRepository(db.prisma);
    const userId = await createUser(db.prisma, 'rp-cool');
    const now = Date.parse('2030-01-01T00:00:00Z');
    expect((await repository.coolOff(userId, new Date(now + 7 * DAY))).getTime()).toBe(now + 7 * DAY);
    expect((await repository.coolOff(userId, new Date(now + DAY))).getTime()).toBe(now + 7 * DAY);
    expect((await repository.coolOff(userId, new Date(now + 30 * DAY))).getTime()).toBe(now + 30 * DAY);
    expect((await repository.coolOffUntil(userId))?.getTime()).toBe(now + 30 * DAY);
    // The cool-off row leaves the reality-check choice alone, and the choice leaves the cool-off.
    expect(await repository.realityCheckMinutes(userId)).toBeNull();
    await repository.setRealityCheckMinutes(userId, 15);
    expect(await repository.realityCheckMinutes(userId)).toBe(15);
    expect((await repository.coolOffUntil(userId))?.getTime()).toBe(now + 30 * DAY);
  });

  test('playing: people with chips on a table or a playing entry, their account + table chips; bots never', async () => {
    const repository = new PrismaResponsiblePlayRepository(db.prisma);
    const seated = await createUser(db.prisma, 'rp-seated');
    const entrant = await createUser(db.prisma, 'rp-entrant');
    const idle = await createUser(db.prisma, 'rp-idle');
    const bot = (await db.prisma.user.create({ data: { username: 'BOT rp', isBot: true }, select: { id: true } })).id;
    for (const userId of [seated, entrant, idle, bot])
      await ledger.grant({ idempotencyKey: `rp-grant-${userId}`, userId, amount: 1_000 });
    await ledger.buyIn({ idempotencyKey: 'rp-buyin-seated', userId: seated, tableId: 'rp-table', amount: 300 });
    await ledger.buyIn({ idempotencyKey: 'rp-buyin-bot', userId: bot, tableId: 'rp-table', amount: 300 });
    await db.prisma.tournamentEntry.create({
      data: { tournamentId: 'rp-mtt', userId: entrant, fee: 0n, startingStack: 1_500n, status: 'playing' },
    });

    const playing = await repository.playing();
    const byUser = new Map(playing.map((row) => [row.user_id, row.chips]));
    expect(byUser.get(seated)).toBe(1_000n);
    expect(byUser.get(entrant)).toBe(1_000n);
    expect(byUser.has(idle)).toBe(false);
    expect(byUser.has(bot)).toBe(false);
  });

  test('sessions: started once, ended for whoever stopped; of concurrent claims of one due check, one wins', async () => {
    const repository = new PrismaResponsiblePlayRepository(db.prisma);
    const other = new PrismaResponsiblePlayRepository(db.connect(4));
    const ann = await createUser(db.prisma, 'rp-ann');
    const ben = await createUser(db.prisma, 'rp-ben');
    const start = new Date(Date.parse('2030-02-01T10:00:00Z'));
    await repository.startSessions(
      [
        { user_id: ann, chips: 500n },
        { user_id: ben, chips: 700n },
      ],
      start,
    );
    // Started again later (the next tick): the running session keeps its start and chips.
    await repository.startSessions([{ user_id: ann, chips: 900n }], new Date(start.getTime() + 60_000));
    const [annSession] = await repository.sessionsOf([ann]);
    expect(annSession).toMatchObject({ sessionStartedAt: start, sessionStartChips: 500n, lastCheckAt: null });

    const due = new Date(start.getTime() + 3_600_000);
    const claims = await Promise.all(
      Array.from({ length: 6 }, (_, k) => (k % 2 ? other : repository).claimCheck(annSession, due)),
    );
    expect(claims.filter(Boolean)).toHaveLength(1);
    expect((await repository.sessionsOf([ann]))[0].lastCheckAt).toEqual(due);

    // Ben stopped playing: his session ends, Ann's runs on.
    await repository.endSessionsExcept([ann]);
    expect((await repository.sessionsOf([ann, ben])).map((session) => session.userId)).toEqual([ann]);
    // Nobody plays: every session ends.
    await repository.endSessionsExcept([]);
    expect(await repository.sessionsOf([ann, ben])).toEqual([]);
  });
});

describe('FairPlayRepository', () => {
  test('recordFlag: the same key updates the row (count, evidence) and keeps the status an admin gave it', async () => {
    const repository = new PrismaFairPlayRepository(db.prisma);
    const userId = await createUser(db.prisma, 'fp-flagged');
    const flag = {
      key: `bot-timing||${userId}`,
      signal: 'bot-timing',
      pattern: null,
      userIds: [userId],
      evidence: { n: 1 },
      handIds: [],
    };
    const id = await repository.recordFlag(flag);
    expect(await repository.setFlagStatus(id, 'dismissed')).toBe(1);
    expect(await repository.recordFlag({ ...flag, evidence: { n: 2 } })).toBe(id);
    expect(await repository.flag(id)).toMatchObject({ status: 'dismissed', seenCount: 2, evidence: { n: 2 } });
    expect(await repository.setFlagStatus('00000000-0000-4000-8000-00000000f1a9', 'open')).toBe(0);
  });

  test('insertClawback: the posting and the sanction in one transaction; refused funds write neither', async () => {
    const repository = new PrismaFairPlayRepository(db.prisma);
    const cheat = await createUser(db.prisma, 'fp-cheat');
    const victim = await createUser(db.prisma, 'fp-victim');
    const admin = await createUser(db.prisma, 'fp-admin', 'admin');
    await ledger.grant({ idempotencyKey: 'fp-grant-cheat', userId: cheat, amount: 500 });
    await ledger.openUserAccount(victim);
    const sanction = { userId: cheat, kind: 'clawback', reason: 'dump', flagId: null, reportId: null, adminId: admin };
    const posting = (key: string, amount: number) => ({
      idempotencyKey: key,
      reason: 'clawback' as const,
      movements: [{ from: Accounts.user(cheat), to: Accounts.user(victim), amount }],
    });

    await expect(repository.insertClawback(sanction, 800, posting('fp-claw-1', 800))).rejects.toBeInstanceOf(
      InsufficientFundsError,
    );
    expect(await db.prisma.fairPlaySanction.count({ where: { userId: cheat } })).toBe(0);
    expect(await db.prisma.ledgerTransaction.count({ where: { idempotencyKey: 'fp-claw-1' } })).toBe(0);

    const row = await repository.insertClawback(sanction, 300, posting('fp-claw-2', 300));
    expect(row).toMatchObject({ kind: 'clawback', amount: 300n, ledgerKey: 'fp-claw-2' });
    expect(await ledger.userBalance(cheat)).toBe(200);
    expect(await ledger.userBalance(victim)).toBe(300);
  });

  test('sanctionsInForce: neither lifted nor ended; liftSanction lifts a restriction or suspension once', async () => {
    const repository = new PrismaFairPlayRepository(db.prisma);
    const userId = await createUser(db.prisma, 'fp-sanctioned');
    const adminId = await createUser(db.prisma, 'fp-admin2', 'admin');
    const now = new Date(Date.parse('2030-03-01T00:00:00Z'));
    const base = { userId, reason: 'r', flagId: null, reportId: null, adminId };
    const ended = await repository.insertSanction({ ...base, kind: 'suspend', endsAt: new Date(now.getTime() - 1) });
    const running = await repository.insertSanction({
      ...base,
      kind: 'restrict-public',
      endsAt: new Date(now.getTime() + DAY),
    });
    const indefinite = await repository.insertSanction({ ...base, kind: 'suspend', endsAt: null });
    const warning = await repository.insertSanction({ ...base, kind: 'warn', endsAt: null });
    expect(ended.id).toBeDefined();

    const inForce = await repository.sanctionsInForce(userId, now);
    expect(inForce).toEqual(
      expect.arrayContaining([
        { kind: 'restrict-public', endsAt: running.endsAt },
        { kind: 'suspend', endsAt: null },
      ]),
    );
    expect(inForce).toHaveLength(2);

    expect(await repository.liftSanction(warning.id, now)).toBe(0);
    expect(await repository.liftSanction(indefinite.id, now)).toBe(1);
    expect(await repository.liftSanction(indefinite.id, now)).toBe(0);
    expect(await repository.sanctionsInForce(userId, now)).toEqual([
      { kind: 'restrict-public', endsAt: running.endsAt },
    ]);
    expect((await repository.warningsSince(userId, new Date(0))).map((row) => row.id)).toEqual([warning.id]);
  });

  test('reports and connections: the count since a time, the last client of each player', async () => {
    const repository = new PrismaFairPlayRepository(db.prisma);
    const reporter = await createUser(db.prisma, 'fp-reporter');
    const reported = await createUser(db.prisma, 'fp-reported');
    expect(await repository.userExists(reported)).toBe(true);
    expect(await repository.userExists('00000000-0000-4000-8000-0000000000aa')).toBe(false);
    const before = new Date(Date.now() - 1_000);
    const report = { reporterId: reporter, reportedId: reported, reason: 'bot', text: '', tableId: null, handId: null };
    const { id } = await repository.insertReport(report);
    await repository.insertReport(report);
    expect(await repository.reportsFiledSince(reporter, before)).toBe(2);
    expect(await repository.reportsFiledSince(reporter, new Date(Date.now() + 60_000))).toBe(0);
    expect(await repository.setReportStatus(id, 'actioned')).toBe(1);

    await repository.recordConnection(reporter, '10.0.0.1', 'fingerprint-a');
    await repository.recordConnection(reporter, '10.0.0.2', 'fingerprint-b');
    expect(await repository.connectionsOf([reporter, reported])).toEqual([
      expect.objectContaining({ userId: reporter, ip: '10.0.0.2', fingerprint: 'fingerprint-b' }),
    ]);
  });
});

describe('PlatformSecretRepository', () => {
  test('getOrCreate: of 8 concurrent first calls (two pools, each its own candidate) every one gets the same stored value', async () => {
    const copies = [new PrismaPlatformSecretRepository(db.prisma), new PrismaPlatformSecretRepository(db.connect(4))];
    const values = await Promise.all(
      Array.from({ length: 8 }, (_, k) => copies[k % 2].getOrCreate('repo-test', `candidate-${k}`)),
    );
    expect(new Set(values).size).toBe(1);
    expect(values[0]).toMatch(/^candidate-\d$/);
    expect(await db.prisma.platformSecret.count({ where: { name: 'repo-test' } })).toBe(1);
    expect(await copies[1].getOrCreate('repo-test', 'late')).toBe(values[0]);
  });
});

describe('TableLeaseRepository and claimFence', () => {
  test('a token at or above the stored one is claimed; an older one is refused and changes nothing', async () => {
    const leases = new PrismaTableLeaseRepository(db.prisma);
    expect(await leases.newestToken('repo-fence')).toBe(0);
    expect(await inTransaction(db.prisma, (tx) => claimFence(tx, 'repo-fence', 5, 'copy-a'))).toBe(true);
    expect(await inTransaction(db.prisma, (tx) => claimFence(tx, 'repo-fence', 5, 'copy-a'))).toBe(true);
    expect(await inTransaction(db.prisma, (tx) => claimFence(tx, 'repo-fence', 4, 'copy-b'))).toBe(false);
    expect(await leases.newestToken('repo-fence')).toBe(5);
    expect(await db.prisma.tableLease.findUnique({ where: { tableId: 'repo-fence' } })).toMatchObject({
      owner: 'copy-a',
    });
    expect(await inTransaction(db.prisma, (tx) => claimFence(tx, 'repo-fence', 6, 'copy-b'))).toBe(true);
    expect(await leases.newestToken('repo-fence')).toBe(6);
  });
});

describe('HandHistoryRepository and FairPlayScanRepository', () => {
  test("a player's completed hands (JSONB containment), newest first; the scan's window, bots and events in order", async () => {
    const ann = await createUser(db.prisma, 'hh-ann');
    const bob = await createUser(db.prisma, 'hh-bob');
    const bot = (await db.prisma.user.create({ data: { username: 'BOT hh', isBot: true }, select: { id: true } })).id;
    const config = { variant: 'nlhe', structure: 'no-limit' };
    const hand = (players: string[], status: 'completed' | 'running', startedAt: Date) =>
      db.prisma.hand.create({
        data: {
          tableId: 'hh-table',
          handNumber: 1,
          book: 'chips',
          config,
          players: players.map((userId, seat) => ({ seat, userId, accountKey: `table:hh-table:${userId}` })),
          status,
          startedAt,
          endedAt: status === 'completed' ? new Date(startedAt.getTime() + 60_000) : null,
        },
        select: { id: true },
      });
    const base = Date.parse('2030-04-01T12:00:00Z');
    const older = await hand([ann, bob], 'completed', new Date(base));
    const newer = await hand([ann, bot], 'completed', new Date(base + 3_600_000));
    await hand([ann, bob], 'running', new Date(base + 7_200_000));
    await hand([bob, bot], 'completed', new Date(base + 1_800_000));

    const history = new PrismaHandHistoryRepository(db.prisma);
    const mine = await history.completedHandsOf(ann);
    expect(mine.map((row) => row.id)).toEqual([newer.id, older.id]);
    expect(mine[0]).toMatchObject({ table_id: 'hh-table', variant: 'nlhe', structure: 'no-limit' });
    expect(await history.endedAt(older.id)).toEqual(new Date(base + 60_000));
    expect(await history.cashTableStatus('00000000-0000-4000-8000-0000000000bb')).toBeNull();

    const scan = new PrismaFairPlayScanRepository(db.prisma);
    const window = await scan.completedHandsSince(new Date(base + 1_000_000), 10);
    expect(window.map((row) => row.id)).toHaveLength(2);
    expect(window[0].id).toBe(newer.id);
    expect(await scan.completedHandsSince(new Date(base), 1)).toHaveLength(1);
    expect(await scan.botIds([ann, bob, bot])).toEqual([bot]);
    for (const seq of [2, 0, 1])
      await db.prisma.handEvent.create({
        data: { handId: newer.id, seq, type: 'action', payload: { type: 'action', seq } },
      });
    const events = await scan.eventsOf<{ seq: number }>([newer.id, older.id]);
    expect(events.map((row) => [row.hand_id, row.seq, row.payload.seq])).toEqual([
      [newer.id, 0, 0],
      [newer.id, 1, 1],
      [newer.id, 2, 2],
    ]);
    expect(events[0].created_at).toBeInstanceOf(Date);
  });
});
