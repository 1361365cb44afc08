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
  mttTournamentId as tournamentIdOf,
  TablesService,
  TournamentsFeatureModule,
  TournamentsService,
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
    PlatformModule.forRoot({
      app: 'all-in-one',
      consumeQueues: [QUEUES.system, QUEUES.sitAndGo, QUEUES.tournament],
    }),
    // A Sit & Go instance is a tournament (issue 21 item 2): its table is the tournament runner's.
    TournamentsFeatureModule.forRoot({ runner: { handPauseMs: 0, pollMs: 20, botDelayMs: 0 } }),
    SitAndGoFeatureModule.forRoot({ templates: [FL_SILENT] }),
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
  let app: TestApp;
  const sockets: TestSocket[] = [];

  beforeAll(async () => {
    // Our own database, so the app can be restarted on it (startTestApp leaves a given URL alone).
    db = await createTestDatabase();
    app = await startTestApp({ name: 'rules-test', module: RulesTestModule, env: ENV, databaseUrl: db.url });
  }, 60_000);
  afterAll(async () => {
    for (const socket of sockets) socket.close();
    await app?.close();
    await db?.drop();
  });

  const prisma = () => app.get(PrismaService);
  const tables = () => app.get(TablesService);

  async function newUser(name: string, isBot = false): Promise<string> {
    const user = await prisma().user.create({ data: { username: `${name}-${Date.now() % 1e8}`, isBot } });
    const ledger = new ChipLedger(prisma());
    await ledger.openUserAccount(user.id);
    await ledger.grant({ idempotencyKey: `welcome:${user.id}`, userId: user.id, amount: 10_000 });
    return user.id;
  }

  async function connect(userId: string): Promise<Client> {
    const { socket } = await connectSocket(app.url, app.token({ sub: userId, username: userId.slice(0, 8) }));
    sockets.push(socket);
    const client: Client = { userId, socket, seats: new Map(), views: [] };
    socket.on('table:snapshot', (payload: TableSnapshotPayload) => {
      client.seats.set(payload.tableId, payload.yourSeat);
      if (payload.hand) client.views.push({ tableId: payload.tableId, view: payload.hand.view as unknown as ViewLike });
    });
    onHandUpdates(socket, (p: TableHandPayload) =>
      client.views.push({ tableId: p.tableId, view: p.view as unknown as ViewLike }),
    );
    return client;
  }

  async function sit(client: Client, host: TableHost, buyIn: number): Promise<void> {
    client.socket.emit('table:sit', { tableId: host.tableId, buyIn });
    await waitFor('seated', () => host.table.seats.some((s) => s?.playerId === client.userId), 10_000);
    await waitFor('snapshot with the seat', () => typeof client.seats.get(host.tableId) === 'number', 10_000);
  }

  /** The latest view of `tableId` in which it is `client`'s turn (after `since` views). */
  const myTurn = (client: Client, tableId: string, since = 0) =>
    client.views
      .slice(since)
      .reverse()
      .find((v) => v.tableId === tableId && v.view.legal !== null && v.view.toAct === client.seats.get(tableId))?.view;

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
  function aggressor(client: Client): () => void {
    const on = (payload: TableHandPayload | TableSnapshotPayload): void => {
      const tableId = payload.tableId;
      const view = ('view' in payload ? payload.view : payload.hand?.view) as ViewLike | undefined;
      if (!view?.legal || view.toAct !== client.seats.get(tableId)) return;
      const actions = view.legal.actions;
      const type = actions.includes('raise')
        ? 'raise'
        : actions.includes('bet')
          ? 'bet'
          : actions.includes('call')
            ? 'call'
            : 'check';
      const legal = view.legal as { minTo?: number };
      client.socket.emit('table:act', {
        tableId,
        version: view.version,
        action: (type === 'raise' || type === 'bet' ? { type, amount: legal.minTo } : { type }) as never,
      });
    };
    const offHand = onHandUpdates(client.socket, on);
    client.socket.on('table:snapshot', on);
    return () => {
      offHand();
      client.socket.off('table:snapshot', on);
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
    const playerP = await connect(await newUser('p'));
    const playerQ = await connect(await newUser('q'));
    await sit(playerP, host, 1000);
    await sit(playerQ, host, 1000);
    await waitFor('a hand', () => host.handState !== null, 10_000);
    const hs = host.handState!;
    // Heads-up preflop the button (small blind) acts first: he completes to 10.
    const sb = host.table.seats[hs.seats[hs.toAct]]!.playerId === playerP.userId ? playerP : playerQ;
    const bb = sb === playerP ? playerQ : playerP;
    const sbTurn = await waitFor('small blind to act', () => myTurn(sb, host.tableId), 10_000);
    sb.socket.emit('table:act', { tableId: host.tableId, version: sbTurn.version, action: { type: 'call' } as never });
    const bbTurn = await waitFor(
      'big blind to act, checking free',
      () => {
        const view = myTurn(bb, host.tableId);
        return view && view.legal!.actions.includes('check') ? view : null;
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
    const register = async (username: string) =>
      (
        await request(app.url)
          .post(`/sit-and-go/${FL_SILENT.templateId}/register`)
          .set('Authorization', `Bearer ${app.token({ sub: username })}`)
          .expect(201)
      ).body as { instanceId: number };
    const { instanceId } = await register(silent);
    for (const bot of bots) await register(bot);
    const sng = app.get(SitAndGoService);
    await waitFor('the Sit & Go to finish', async () => (await sng.view(instanceId)).phase === 'finished', 150_000);
    // His seat from the seat draw revealed at the end (one table).
    const seating = (await app.get(TournamentsService).view(instanceId)).seatDraw.seating!;
    const seat = seating.find((s) => s.userId === silent)!.seat;
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
    const userX = await newUser('x');
    const userY = await newUser('y');
    const first = await fixedLimit('FL one');
    const second = await fixedLimit('FL two');
    const xc = await connect(userX);
    await sit(xc, first, 1000);
    await sit(xc, second, 1000);
    // X goes away before any hand deals: at both tables he is disconnected and his clock runs out.
    xc.socket.close();
    await waitFor(
      'X disconnected at both tables',
      () => [first, second].every((h) => h.table.seats.find((s) => s?.playerId === userX)?.connected === false),
      10_000,
    );
    const yc = await connect(userY);
    const stop = aggressor(yc);
    await sit(yc, first, 1000);
    await sit(yc, second, 1000);
    // Y always bets or raises: X's first decision of every hand faces a bet with a blind in (eligible).
    const xDecisions = async (tableId: string) => {
      const xSeat = (h: TableHost) => h.table.seats.findIndex((s) => s?.playerId === userX);
      const seat = xSeat(tableId === first.tableId ? first : second);
      return (await tableEvents(tableId)).flatMap((hand) =>
        hand.events.filter(
          (event) =>
            (event.type === 'action' && event.seat === seat && event.action === 'fold') ||
            (event.type === 'artificial-all-in' && event.seat === seat),
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
    expect(await prisma().protectionUse.count({ where: { userId: userX } })).toBe(1);

    // Restart the app on the same database: the tables come back empty, the quota stays spent.
    for (const socket of sockets.splice(0)) socket.close();
    await app.close();
    app = await startTestApp({ name: 'rules-test', module: RulesTestModule, env: ENV, databaseUrl: db.url });
    const again = tables()
      .all()
      .find((h) => h.tableId === first.tableId)!;
    expect(again).toBeDefined();
    const since = (await tableEvents(again.tableId)).length;
    const xc2 = await connect(userX);
    await sit(xc2, again, 1000);
    xc2.socket.close();
    await waitFor(
      'X disconnected',
      () => again.table.seats.find((s) => s?.playerId === userX)?.connected === false,
      10_000,
    );
    const yc2 = await connect(userY);
    const stop2 = aggressor(yc2);
    await sit(yc2, again, 1000);
    const xSeat = again.table.seats.findIndex((s) => s?.playerId === userX);
    const fresh = async () =>
      (await tableEvents(again.tableId))
        .slice(since)
        .flatMap((hand) =>
          hand.events.filter(
            (e) => e.seat === xSeat && ((e.type === 'action' && e.action === 'fold') || e.type === 'artificial-all-in'),
          ),
        );
    await waitFor('X timed out after the restart', async () => (await fresh()).length > 0, 30_000);
    stop2();
    expect((await fresh()).filter((e) => e.type === 'artificial-all-in')).toEqual([]);
    expect(await prisma().protectionUse.count({ where: { userId: userX } })).toBe(1);
    for (const table of tables().all()) table.stop();
    await waitFor('clean audit', async () => (await auditLedger(prisma())).ok, 10_000);
  }, 120_000);
});
