// The room a fresh install opens (issue 22): demo accounts funded through the ledger, the default
// public tables of config/room.json opened once (across restarts and across several copies), the
// Sit & Go / Spin templates open, the hourly tournament scheduled.
import { join } from 'node:path';
import request from 'supertest';
import { PrismaService } from '@naiko/persistence';
import { DefaultTables, loadRoomConfig, nextSlot, RecurringTournaments, TablesService } from '@naiko/platform';
import type { TableSummary } from '@naiko/contracts';
import { createTestDatabase, startTestApp, type TestApp, type TestDatabase } from './support';

const ROOM = join(__dirname, '..', 'config', 'room.json');
const ENV = { ROOM_CONFIG: ROOM, SEED_DEMO_USERS: 'true', TABLE_BOT_DELAY_MS: '0', TABLE_HAND_PAUSE_MS: '50' };

async function until(cond: () => boolean | Promise<boolean>, timeoutMs: number, what: string): Promise<void> {
  const end = Date.now() + timeoutMs;
  while (!(await cond())) {
    if (Date.now() > end) throw new Error(`timed out waiting for ${what}`);
    await new Promise((r) => setTimeout(r, 20));
  }
}

async function signIn(app: TestApp, username: string): Promise<string> {
  const response = await request(app.url)
    .post('/auth/login')
    .send({ username, password: `${username}-demo` })
    .expect(200);
  return response.body.accessToken as string;
}

describe('the room on first start', () => {
  let db: TestDatabase;
  const apps: TestApp[] = [];
  const room = loadRoomConfig({ ROOM_CONFIG: ROOM })!;

  beforeAll(async () => {
    db = await createTestDatabase();
  });
  afterAll(async () => {
    for (const app of apps) await app.close().catch(() => undefined);
    await db.drop();
  });

  it('funds the demo users once, opens the default tables once, and keeps both across a restart', async () => {
    const first = await startTestApp({ databaseUrl: db.url, env: ENV });
    apps.push(first);
    const token = await signIn(first, 'alice');
    const me = await request(first.url).get('/accounts/me').set('Authorization', `Bearer ${token}`).expect(200);
    expect(me.body.chips).toBe(10_000);
    const grants = await first
      .get(PrismaService)
      .ledgerTransaction.findMany({ where: { reason: 'grant' }, select: { note: true, idempotencyKey: true } });
    expect(grants.filter((g) => g.note === 'demo-funding')).toHaveLength(4); // alice, bob, hana, admin

    const tables = (await request(first.url).get('/lobby/tables').set('Authorization', `Bearer ${token}`).expect(200))
      .body.tables as TableSummary[];
    expect(tables).toHaveLength(room.tables.length);
    expect(new Set(tables.map((t) => t.game))).toEqual(new Set(['holdem', 'omaha', 'stud7', 'draw5']));
    expect(tables.some((t) => t.naikoMode)).toBe(true);
    expect(new Set(tables.map((t) => t.stakes.bigBlind)).size).toBeGreaterThanOrEqual(2);
    expect(
      tables
        .filter((t) => t.game === 'holdem' && !t.naikoMode)
        .map((t) => t.seats)
        .sort(),
    ).toEqual([6, 6, 9, 9]);
    expect(tables.every((t) => t.botsAllowed && !t.private)).toBe(true);
    expect(first.get(DefaultTables).opened).toHaveLength(room.tables.length);

    // Sit & Go and Spin open for registration, with the room's bot fill.
    const sngs = (await request(first.url).get('/sit-and-go').expect(200)).body as {
      template: { kind: string; botFillAfterMs?: number };
      open: { phase: string };
    }[];
    expect(new Set(sngs.map((s) => s.template.kind))).toEqual(new Set(['sit-and-go', 'spin']));
    expect(sngs.every((s) => s.open.phase === 'registering' && s.template.botFillAfterMs! > 0)).toBe(true);
    // The next hourly tournament, registering (its schedule job ran).
    const hourly = room.hourlyTournament!;
    const nextStart = new Date(nextSlot(Date.now(), hourly.everyMinutes) * 60_000).toISOString();
    const listed = async () =>
      (await request(first.url).get('/tournaments').set('Authorization', `Bearer ${token}`).expect(200)).body as {
        tournamentId: number;
        name: string;
        startsAt: string;
        status: string;
      }[];
    await until(
      async () => (await listed()).some((x) => x.name === hourly.name && x.status === 'registering'),
      20_000,
      'the hourly tournament',
    );
    const mine = (await listed()).filter((x) => x.name === hourly.name);
    expect(mine).toHaveLength(1);
    expect(mine[0].startsAt).toBe(nextStart);

    // Every default table deals as soon as one person sits: bots fill the seats (shown as BOT).
    const bob = await first.get(PrismaService).user.findUniqueOrThrow({ where: { username: 'bob' } });
    const hosts = first.get(TablesService).all();
    for (const host of hosts) await host.sit({ userId: bob.id, name: 'bob' }, { buyIn: host.table.config.buyIn.min });
    await until(() => hosts.every((h) => h.handState !== null), 30_000, 'a hand at every table');
    for (const host of hosts) {
      const bots = host.table.seats.filter((s) => s?.isBot);
      expect(bots.length).toBeGreaterThanOrEqual(1);
      expect(bots.every((s) => s!.name.startsWith('BOT '))).toBe(true);
    }
    await first.close();
    apps.pop();

    const again = await startTestApp({ databaseUrl: db.url, env: ENV });
    apps.push(again);
    expect(again.get(DefaultTables).opened).toEqual([]); // found them in the database
    expect(again.get(TablesService).all()).toHaveLength(room.tables.length); // hosted again
    const token2 = await signIn(again, 'alice');
    const me2 = await request(again.url).get('/accounts/me').set('Authorization', `Bearer ${token2}`).expect(200);
    expect(me2.body.chips).toBe(10_000); // not granted twice
    // not scheduled twice
    expect(await again.get(PrismaService).scheduledTournament.count({ where: { name: hourly.name } })).toBe(1);
    expect(await again.get(RecurringTournaments).createSlot(nextSlot(Date.now(), hourly.everyMinutes))).toBe(
      mine[0].tournamentId,
    );
    expect(await again.get(PrismaService).cashTable.count()).toBe(room.tables.length);
    await again.close();
    apps.pop();
  }, 120_000);

  it('two copies starting together open each table once, hosted by one of them', async () => {
    const shared = await createTestDatabase();
    const copies: TestApp[] = [];
    try {
      // Both copies on one database and one Redis namespace, as two processes of a deployment.
      for (const id of ['room-a', 'room-b']) {
        copies.push(
          await startTestApp({
            databaseUrl: shared.url,
            env: { ...ENV, CLUSTER_MODE: 'redis', INSTANCE_ID: id, REDIS_PREFIX: shared.name },
          }),
        );
      }
      // And a race: both open a new set of tables at the same moment.
      const extra = room.tables.slice(0, 3).map((t) => ({ ...t, key: `${t.key}-extra` }));
      const [tablesA, tablesB] = copies.map((c) => c.get(DefaultTables));
      tablesA.opened.length = 0;
      tablesB.opened.length = 0;
      await Promise.all([tablesA.open(extra), tablesB.open(extra)]);
      expect([...tablesA.opened, ...tablesB.opened].sort()).toEqual(extra.map((t) => t.key).sort());
      const prisma = copies[0].get(PrismaService);
      expect(await prisma.cashTable.count()).toBe(room.tables.length + extra.length);
      const hosted = copies.flatMap((copy) =>
        copy
          .get(TablesService)
          .all()
          .map((h) => h.tableId),
      );
      expect(hosted).toHaveLength(room.tables.length + extra.length);
      expect(new Set(hosted).size).toBe(hosted.length);
    } finally {
      for (const copy of copies) await copy.close().catch(() => undefined);
      await shared.drop();
    }
  }, 120_000);
});
