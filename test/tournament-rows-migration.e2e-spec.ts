// Issue 21: the migration `mtt_rows` moves a running tournament's JSON state
// (scheduled_tournaments.state: registration entries, seating, standings, waiting players, hands per
// table) into mtt_entries, mtt_tables and mtt_seats, and leaves only the small tournament-wide part
// in the JSON. A database migrated up to the migration before it gets a tournament in the old shape
// (built with the pure transitions: seated, a hand played with a bust, a table broken, standings
// open); then the migration runs and the state read back from the rows equals the old document.
import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { Client } from 'pg';
import { PrismaPg } from '@prisma/adapter-pg';
import { seededRandom } from '@naiko/engine';
import { PrismaClient } from '@naiko/persistence';
import {
  beginHand,
  closeLateRegistration,
  dealFor,
  finishHand,
  newMttState,
  readMttState,
  seatEveryone,
  type MttState,
} from '@naiko/platform';
import { createRegistration, openRegistration, registerEntry, startTournament } from '@naiko/tournament';
import { createTestDatabase, type TestDatabase } from './support';
import { fastMttSettings } from './support/tournaments';

const DIR = join(__dirname, '..', 'prisma', 'migrations');

describe('migration mtt_rows: the JSON tournament state becomes rows', () => {
  let db: TestDatabase;
  let pg: Client;

  beforeAll(async () => {
    db = await createTestDatabase();
    pg = new Client({ connectionString: db.url });
    await pg.connect();
  }, 60_000);

  afterAll(async () => {
    await pg?.end();
    await db?.drop();
  });

  it('moves entries, tables, seats, waiting players, hands and places into rows; the state read back is the old one', async () => {
    const all = readdirSync(DIR)
      .filter((d) => /^\d{14}_/.test(d))
      .sort();
    const target = all.findIndex((d) => d.endsWith('_mtt_rows'));
    expect(target).toBeGreaterThan(0);
    for (const dir of all.slice(0, target)) await pg.query(readFileSync(join(DIR, dir, 'migration.sql'), 'utf8'));

    // 30 players at 6-max: 5 tables; a hand at table 1 busts one player; a table breaks.
    const users: string[] = [];
    for (let i = 0; i < 30; i++) {
      const { rows } = await pg.query<{ id: string }>(
        `INSERT INTO users (username, is_bot) VALUES ($1, true) RETURNING id`,
        [`mig-${i}`],
      );
      users.push(rows[0]!.id);
    }
    let reg = openRegistration(
      createRegistration({
        minEntrants: 2,
        maxEntrants: 100,
        buyIn: 100,
        fee: 10,
        lateRegistrationUntilLevel: 0,
        reEntry: false,
        startWhenFull: false,
      }),
    ).state;
    for (const user of users) reg = registerEntry(reg, user).state;
    let state: MttState = closeLateRegistration(
      seatEveryone(newMttState(startTournament(reg).state), 6, seededRandom('mig')),
    );
    for (let round = 0; round < 6; round++) {
      const table = state.seating!.tables[0]!;
      const deal = dealFor(state, table.tableId);
      if (!deal) break;
      state = beginHand(state, table.tableId, deal);
      const dealtIn = deal.players.map((p, order) => ({ userId: p.userId, stack: 100, order }));
      const after = new Map(dealtIn.map((p, i) => [p.userId, i === 0 ? 0 : i === 1 ? 200 : 100]));
      state = finishHand(
        state,
        table.tableId,
        { dealtIn, after },
        { rng: seededRandom(`mig:${round}`), currentLevel: 1, paidPlaces: () => 3 },
      ).state;
    }
    // One more hand running at the first table (its busy flag and begun hand number move too).
    const first = state.seating!.tables[0]!;
    state = { ...beginHand(state, first.tableId, dealFor(state, first.tableId)!), handsBegun: { [first.tableId]: 7 } };
    expect(state.brokenTables.length).toBeGreaterThan(0);
    expect(state.standings!.groups.length).toBeGreaterThan(0);
    const settings = fastMttSettings({ tableSize: 6 });
    const { rows } = await pg.query<{ id: number }>(
      `INSERT INTO scheduled_tournaments (name, status, config, starts_at, registration_opens_at, state, hands_played)
       VALUES ('old', 'running', $1::jsonb, now(), now(), $2::jsonb, 7) RETURNING id`,
      [JSON.stringify(settings), JSON.stringify(state)],
    );
    const id = rows[0]!.id;

    await pg.query(readFileSync(join(DIR, all[target]!, 'migration.sql'), 'utf8'));
    // Then the migrations after it, as an upgrade runs them (the code below reads today's schema).
    for (const dir of all.slice(target + 1)) await pg.query(readFileSync(join(DIR, dir, 'migration.sql'), 'utf8'));

    const prisma = new PrismaClient({ adapter: new PrismaPg({ connectionString: db.url }) });
    try {
      const back = (await readMttState(prisma as never, id)).state;
      // The documents of that time kept no blind positions (migration mtt_dead_button): none come back.
      expect(back.seating!.tables).toEqual(state.seating!.tables.map(({ positions: _kept, ...table }) => table));
      expect(back.seating!.breakOrder).toEqual(state.seating!.breakOrder);
      expect(back.registration.entries).toEqual(state.registration.entries);
      expect(back.standings).toEqual(state.standings);
      expect(new Set(back.waiting)).toEqual(new Set(state.waiting));
      // Every table has a row now (with 0 hands where the document had no entry).
      expect(Object.fromEntries(Object.entries(back.tableHands).filter(([, v]) => v > 0))).toEqual(state.tableHands);
      expect(back.handsBegun).toEqual({ [first.tableId]: 7 });
      expect(back.moves).toBe(state.moves);
      expect(back.brokenTables).toEqual(state.brokenTables);
      // The JSON keeps only the small part.
      const { rows: left } = await pg.query<{ state: Record<string, unknown> }>(
        `SELECT state FROM scheduled_tournaments WHERE id = $1`,
        [id],
      );
      expect(Object.keys(left[0]!.state)).not.toEqual(expect.arrayContaining(['seating']));
      expect(left[0]!.state).not.toHaveProperty('tableHands');
      expect((left[0]!.state.registration as Record<string, unknown>).entries).toBeUndefined();
      expect(left[0]!.state.standings).toEqual({ remaining: state.standings!.remaining });
      // Hand numbers go on after the ones stored.
      const { rows: seq } = await pg.query<{ n: string }>(`SELECT nextval('mtt_hand_numbers') AS n`);
      expect(Number(seq[0]!.n)).toBeGreaterThanOrEqual(1);
    } finally {
      await prisma.$disconnect();
    }
  }, 120_000);
});
