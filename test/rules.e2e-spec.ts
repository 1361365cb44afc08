// Issue 18's rules at real tables: the all-in-one app's lobby, cash tables and Sit & Go on the
// machine's PostgreSQL and Redis, real socket.io clients, BullMQ workers.
//  - folding is always allowed on your turn, also when checking is free;
//  - disconnection protection ("artificial all-in") never at a Sit & Go table: the clock folds;
//  - its quota (one a day here) is per player across all tables, kept in PostgreSQL: two cash
//    tables share it, and a restart of the app (same database) does not give a fresh one.
import { Module } from '@nestjs/common';
import request from 'supertest';
import { onHandUpdates, QUEUES, type TableHandPayload, type TableSnapshotPayload } from '@naiko/contracts';
import { auditLedger, ChipLedger, PrismaService } from '@naiko/persistence';
import {
  DEFAULT_TEMPLATES,
  fastTemplate,
  LobbyModule,
  PlatformModule,
  SitAndGoFeatureModule,
  SitAndGoService,
  TablesService,
  tournamentIdOf,
  type TableHost,
} from '@naiko/platform';
import type { SitAndGoTemplate } from '@naiko/tournament';
import {
  connectSocket,
  createTestDatabase,
  startTestApp,
  type TestApp,
  type TestDatabase,
  type TestSocket,
} from './support';
import { waitFor } from './support/tournaments';

/** Fixed Limit Sit & Go: one silent (never connected) person and two bots. */
const FL_SILENT: SitAndGoTemplate = {
  ...fastTemplate(DEFAULT_TEMPLATES[0], 'fl-sng-silent', 1_000, 200, 100),
  bettingStructure: 'fixed-limit',
  seats: 3,
  name: 'fixed limit with a silent one',
  startingStack: 300,
  clock: { decisionMs: 100, reconnectMs: 0 },
};

@Module({
  imports: [
    PlatformModule.forRoot({ app: 'all-in-one', consumeQueues: [QUEUES.system, QUEUES.sitAndGo] }),
    SitAndGoFeatureModule.forRoot({ templates: [FL_SILENT], runner: { handPauseMs: 0, pollMs: 20, botDelayMs: 0 } }),
    LobbyModule,
  ],
})
class RulesTestModule {}

const ENV = { TABLE_HAND_PAUSE_MS: '30', TABLE_BOT_DELAY_MS: '0', TABLE_SEED: 'rules-e2e' };

type ViewLike = { version: number; toAct: number | null; legal: { actions: string[]; callAmount: number } | null };
type StoredEvent = { type: string; seat?: number; action?: string; kind?: string };

interface Client {
  userId: string;
  socket: TestSocket;
  /** His seat per table (from snapshots). */
  seats: Map<string, number | null>;
  views: { tableId: string; view: ViewLike }[];
}

describe('issue 18 rules at real tables (e2e)', () => {
  let db: TestDatabase;
  let t: TestApp;
  const sockets: TestSocket[] = [];

  beforeAll(async () => {
    // Our own database, so the app can be restarted on it (startTestApp leaves a given URL alone).
    db = await createTestDatabase();
    t = await startTestApp({ name: 'rules-test', module: RulesTestModule, env: ENV, databaseUrl: db.url });
  }, 60_000);
  afterAll(async () => {
    for (const s of sockets) s.close();
    await t?.close();
    await db?.drop();
  });

  const prisma = () => t.get(PrismaService);
  const tables = () => t.get(TablesService);

  async function newUser(name: string, isBot = false): Promise<string> {
    const u = await prisma().user.create({ data: { username: `${name}-${Date.now() % 1e8}`, isBot } });
    const ledger = new ChipLedger(prisma());
    await ledger.openUserAccount(u.id);
    await ledger.grant({ idempotencyKey: `welcome:${u.id}`, userId: u.id, amount: 10_000 });
    return u.id;
  }

  async function connect(userId: string): Promise<Client> {
    const { socket } = await connectSocket(t.url, t.token({ sub: userId, username: userId.slice(0, 8) }));
    sockets.push(socket);
    const c: Client = { userId, socket, seats: new Map(), views: [] };
    socket.on('table:snapshot', (p: TableSnapshotPayload) => {
      c.seats.set(p.tableId, p.yourSeat);
      if (p.hand) c.views.push({ tableId: p.tableId, view: p.hand.view as unknown as ViewLike });
    });
    onHandUpdates(socket, (p: TableHandPayload) =>
      c.views.push({ tableId: p.tableId, view: p.view as unknown as ViewLike }),
    );
    return c;
  }

  async function sit(c: Client, host: TableHost, buyIn: number): Promise<void> {
    c.socket.emit('table:sit', { tableId: host.tableId, buyIn });
    await waitFor('seated', () => host.table.seats.some((s) => s?.playerId === c.userId), 10_000);
    await waitFor('snapshot with the seat', () => typeof c.seats.get(host.tableId) === 'number', 10_000);
  }

  /** The latest view of `tableId` in which it is `c`'s turn (after `since` views). */
  const myTurn = (c: Client, tableId: string, since = 0) =>
    c.views
      .slice(since)
      .reverse()
      .find((v) => v.tableId === tableId && v.view.legal !== null && v.view.toAct === c.seats.get(tableId))?.view;

  /** Stored events of every hand of a table, oldest first. */
  async function tableEvents(tableId: string): Promise<{ handId: string; events: StoredEvent[] }[]> {
    const hands = await prisma().hand.findMany({
      where: { tableId },
      orderBy: { startedAt: 'asc' },
      include: { events: { orderBy: { seq: 'asc' } } },
    });
    return hands.map((h) => ({ handId: h.id, events: h.events.map((e) => e.payload as StoredEvent) }));
  }

  /** Always puts pressure on: raise, else bet, else call, else check (so the other player faces a bet). */
  function aggressor(c: Client): () => void {
    const on = (p: TableHandPayload | TableSnapshotPayload): void => {
      const tableId = p.tableId;
      const v = ('view' in p ? p.view : p.hand?.view) as ViewLike | undefined;
      if (!v?.legal || v.toAct !== c.seats.get(tableId)) return;
      const a = v.legal.actions;
      const type = a.includes('raise') ? 'raise' : a.includes('bet') ? 'bet' : a.includes('call') ? 'call' : 'check';
      const legal = v.legal as { minTo?: number };
      c.socket.emit('table:act', {
        tableId,
        version: v.version,
        action: (type === 'raise' || type === 'bet' ? { type, amount: legal.minTo } : { type }) as never,
      });
    };
    const offHand = onHandUpdates(c.socket, on);
    c.socket.on('table:snapshot', on);
    return () => {
      offHand();
      c.socket.off('table:snapshot', on);
    };
  }

  const fixedLimit = (name: string) =>
    tables().create({
      name,
      config: {
        game: 'holdem',
        structure: 'fixed-limit',
        stakes: { smallBlind: 5, bigBlind: 10 },
        buyIn: { min: 200, max: null },
        seats: 2,
        protectionsPerDay: 1,
        clock: { decisionMs: 300, timeBankMs: 0, reconnectWindowMs: 60_000 },
        private: null,
      } as never,
    });

  it('folding is always allowed on your turn: the big blind folds where checking is free (5/10 heads-up: 1000 → 990, the small blind 1010)', async () => {
    const host = await tables().create({
      name: 'Free fold',
      config: {
        game: 'holdem',
        structure: 'no-limit',
        stakes: { smallBlind: 5, bigBlind: 10 },
        buyIn: { min: 200, max: 5000 },
        seats: 2,
        clock: { decisionMs: 30_000, timeBankMs: 0, reconnectWindowMs: 60_000 },
        private: null,
      } as never,
    });
    const p = await connect(await newUser('p'));
    const q = await connect(await newUser('q'));
    await sit(p, host, 1000);
    await sit(q, host, 1000);
    await waitFor('a hand', () => host.handState !== null, 10_000);
    const hs = host.handState!;
    // Heads-up preflop the button (small blind) acts first: he completes to 10.
    const sb = host.table.seats[hs.seats[hs.toAct]]!.playerId === p.userId ? p : q;
    const bb = sb === p ? q : p;
    const sbTurn = await waitFor('small blind to act', () => myTurn(sb, host.tableId), 10_000);
    sb.socket.emit('table:act', { tableId: host.tableId, version: sbTurn.version, action: { type: 'call' } as never });
    const bbTurn = await waitFor(
      'big blind to act, checking free',
      () => {
        const v = myTurn(bb, host.tableId);
        return v && v.legal!.actions.includes('check') ? v : null;
      },
      10_000,
    );
    expect(bbTurn.legal!.actions).toEqual(expect.arrayContaining(['fold', 'check']));
    expect(bbTurn.legal!.callAmount).toBe(0);
    const handId = host.handId!;
    bb.socket.emit('table:act', { tableId: host.tableId, version: bbTurn.version, action: { type: 'fold' } as never });
    await waitFor(
      'the hand stored as completed',
      async () => (await prisma().hand.findUnique({ where: { id: handId } }))?.status === 'completed',
      10_000,
    );
    const hand = (await tableEvents(host.tableId)).find((h) => h.handId === handId)!;
    const bbSeat = bb.seats.get(host.tableId)!;
    expect(hand.events.filter((e) => e.type === 'action').at(-1)).toMatchObject({ seat: bbSeat, action: 'fold' });
    const ended = hand.events.find((e) => e.type === 'hand-ended') as unknown as {
      stacks: { seat: number; stack: number }[];
    };
    expect(ended.stacks.find((s) => s.seat === bbSeat)!.stack).toBe(990);
    expect(ended.stacks.find((s) => s.seat !== bbSeat)!.stack).toBe(1010);
    host.stop();
  }, 60_000);

  it('disconnection protection only at cash tables: a silent player at a Fixed Limit Sit & Go is folded by the clock, never kept in by an artificial all-in', async () => {
    const silent = await newUser('silent');
    const bots = [await newUser('bot-x', true), await newUser('bot-y', true)];
    const register = async (u: string) =>
      (
        await request(t.url)
          .post(`/sit-and-go/${FL_SILENT.templateId}/register`)
          .set('Authorization', `Bearer ${t.token({ sub: u })}`)
          .expect(201)
      ).body as { instanceId: number };
    const { instanceId } = await register(silent);
    for (const b of bots) await register(b);
    const sng = t.get(SitAndGoService);
    const row = await waitFor(
      'the Sit & Go to finish',
      async () => (await sng.instance(instanceId)).status === 'finished' && sng.instance(instanceId),
      150_000,
    );
    const seat = row.seating!.find((s) => s.userId === silent)!.seat;
    const hands = await prisma().hand.findMany({
      where: { tournamentId: tournamentIdOf(instanceId), status: 'completed' },
      include: { events: { orderBy: { seq: 'asc' } } },
    });
    const events = hands.map((h) => h.events.map((e) => e.payload as StoredEvent));
    // He timed out facing a bet with chips in the pot (a blind posted, then folded): a cash table would have protected
    // him.
    const foldedAfterBlind = events.filter(
      (es) =>
        es.some(
          (e) => e.type === 'forced-bet' && e.seat === seat && (e.kind === 'small-blind' || e.kind === 'big-blind'),
        ) && es.some((e) => e.type === 'action' && e.seat === seat && e.action === 'fold'),
    );
    expect(foldedAfterBlind.length).toBeGreaterThan(0);
    expect(events.flat().filter((e) => e.type === 'artificial-all-in')).toEqual([]);
    expect(
      events
        .flat()
        .filter((e) => e.type === 'action' && e.seat === seat)
        .every((e) => e.action === 'check' || e.action === 'fold'),
    ).toBe(true);
    expect(await prisma().protectionUse.count({ where: { userId: silent } })).toBe(0);
  }, 180_000);

  it('its quota is per player per 24 h across all tables, in the database: one protection a day is spent at one of two tables, the other folds him, and after a restart he is folded again', async () => {
    const x = await newUser('x');
    const y = await newUser('y');
    const first = await fixedLimit('FL one');
    const second = await fixedLimit('FL two');
    const xc = await connect(x);
    await sit(xc, first, 1000);
    await sit(xc, second, 1000);
    // X goes away before any hand deals: at both tables he is disconnected and his clock runs out.
    xc.socket.close();
    await waitFor(
      'X disconnected at both tables',
      () => [first, second].every((h) => h.table.seats.find((s) => s?.playerId === x)?.connected === false),
      10_000,
    );
    const yc = await connect(y);
    const stop = aggressor(yc);
    await sit(yc, first, 1000);
    await sit(yc, second, 1000);
    // Y always bets or raises: X's first decision of every hand faces a bet with a blind in (eligible).
    const xDecisions = async (tableId: string) => {
      const xSeat = (h: TableHost) => h.table.seats.findIndex((s) => s?.playerId === x);
      const seat = xSeat(tableId === first.tableId ? first : second);
      return (await tableEvents(tableId)).flatMap((h) =>
        h.events.filter(
          (e) =>
            (e.type === 'action' && e.seat === seat && e.action === 'fold') ||
            (e.type === 'artificial-all-in' && e.seat === seat),
        ),
      );
    };
    await waitFor(
      'X timed out at both tables',
      async () => (await xDecisions(first.tableId)).length > 0 && (await xDecisions(second.tableId)).length > 0,
      30_000,
    );
    stop();
    const all = [...(await xDecisions(first.tableId)), ...(await xDecisions(second.tableId))];
    // One protection a day: exactly one artificial all-in over both tables, every other timeout a fold.
    expect(all.filter((e) => e.type === 'artificial-all-in')).toHaveLength(1);
    expect(await prisma().protectionUse.count({ where: { userId: x } })).toBe(1);

    // Restart the app on the same database: the tables come back empty, the quota stays spent.
    for (const s of sockets.splice(0)) s.close();
    await t.close();
    t = await startTestApp({ name: 'rules-test', module: RulesTestModule, env: ENV, databaseUrl: db.url });
    const again = tables()
      .all()
      .find((h) => h.tableId === first.tableId)!;
    expect(again).toBeDefined();
    const since = (await tableEvents(again.tableId)).length;
    const xc2 = await connect(x);
    await sit(xc2, again, 1000);
    xc2.socket.close();
    await waitFor(
      'X disconnected',
      () => again.table.seats.find((s) => s?.playerId === x)?.connected === false,
      10_000,
    );
    const yc2 = await connect(y);
    const stop2 = aggressor(yc2);
    await sit(yc2, again, 1000);
    const xSeat = again.table.seats.findIndex((s) => s?.playerId === x);
    const fresh = async () =>
      (await tableEvents(again.tableId))
        .slice(since)
        .flatMap((h) =>
          h.events.filter(
            (e) => e.seat === xSeat && ((e.type === 'action' && e.action === 'fold') || e.type === 'artificial-all-in'),
          ),
        );
    await waitFor('X timed out after the restart', async () => (await fresh()).length > 0, 30_000);
    stop2();
    expect((await fresh()).filter((e) => e.type === 'artificial-all-in')).toEqual([]);
    expect(await prisma().protectionUse.count({ where: { userId: x } })).toBe(1);
    for (const h of tables().all()) h.stop();
    await waitFor('clean audit', async () => (await auditLedger(prisma())).ok, 10_000);
  }, 120_000);
});
