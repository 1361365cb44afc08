// Cash and private tables end to end: the all-in-one app on a random port, real PostgreSQL and
// Redis, real socket.io clients; fast clocks (hand pause 30 ms, bots without thinking time).
import request from 'supertest';
import { auditLedger, ChipLedger, PrismaService } from '@naiko/persistence';
import { seededRandom, randomInt, type RandomSource } from '@naiko/engine';
import { Module } from '@nestjs/common';
import {
  assembleRecorded,
  onHandUpdates,
  QUEUES,
  SnapshotHandSchema,
  TableHandPayloadSchema,
  TableHandPrivatePayloadSchema,
} from '@naiko/contracts';
import { LobbyModule, PlatformModule, TablesService, type TableHost } from '@naiko/platform';
import type { HandEventOf, SocketError, TableHandPayload, TableSnapshotPayload } from '@naiko/contracts';
import {
  answer,
  connectSocket,
  EVENT_TIMEOUT_MS,
  eventWhere,
  nextEvent,
  startTestApp,
  type TestApp,
  type TestSocket,
} from './support';

interface Received {
  event: string;
  payload: unknown;
}

interface Client {
  userId: string;
  username: string;
  token: string;
  socket: TestSocket;
  received: Received[];
  seat: number | null;
}

type ViewLike = {
  version: number;
  toAct: number | null;
  legal: { actions: string[]; minTo: number; maxTo: number } | null;
  players: { seat: number; cards: (number | null)[]; up: boolean[]; shown: boolean; stack: number }[];
};

/** The lobby and tables on the platform, as apps/lobby + apps/cash-table in one process. */
@Module({ imports: [PlatformModule.forRoot({ app: 'tables-test', consumeQueues: [QUEUES.system] }), LobbyModule] })
class TablesTestModule {}

const TEST_ENV = { TABLE_HAND_PAUSE_MS: '30', TABLE_BOT_DELAY_MS: '0', TABLE_SEED: 'tables-e2e' };

async function until(cond: () => boolean | Promise<boolean>, timeoutMs = 20_000, what = 'condition'): Promise<void> {
  const end = Date.now() + timeoutMs;
  while (!(await cond())) {
    if (Date.now() > end) throw new Error(`timed out waiting for ${what}`);
    await new Promise((r) => setTimeout(r, 10));
  }
}

/** Every card a socket was sent that belongs to another seat must be face up or shown at that moment. */
function leaks(payload: unknown, mySeat: number | null): string[] {
  const found: string[] = [];
  type EventLike = { type: string; seat?: number; cards?: (number | null)[]; up?: boolean[] };
  const feed = payload as {
    events?: (EventLike | { index: number; event: EventLike })[];
    view?: ViewLike;
    hand?: { view: ViewLike } | null;
    /** A private part (`table:hand-private`): the players whose cards it carries. */
    players?: { seat: number; cards: (number | null)[] }[];
  };
  for (const pl of feed.players ?? [])
    if (pl.seat !== mySeat) found.push(`private part carries seat ${pl.seat}'s cards`);
  for (const item of feed.events ?? []) {
    const event = 'event' in item ? item.event : item;
    if (event.type === 'hole-dealt' && event.seat !== mySeat) {
      event.cards!.forEach((card, index) => {
        if (card !== null && !event.up![index]) found.push(`hole-dealt to seat ${event.seat} shows ${card}`);
      });
    }
    if (event.type === 'hand-mucked' && event.seat !== mySeat && event.cards!.some((c) => c !== null))
      found.push(`mucked hand of seat ${event.seat}`);
  }
  const view = feed.view ?? feed.hand?.view;
  for (const pl of view?.players ?? []) {
    if (pl.seat === mySeat) continue;
    pl.cards.forEach((card, index) => {
      if (card !== null && !pl.up[index] && !pl.shown) found.push(`view shows seat ${pl.seat}'s card ${card}`);
    });
  }
  return found;
}

describe('cash and private tables', () => {
  let app: TestApp;
  let prisma: PrismaService;
  let ledger: ChipLedger;
  let tables: TablesService;
  const clients: Client[] = [];

  beforeAll(async () => {
    app = await startTestApp({ name: 'tables-test', module: TablesTestModule, env: TEST_ENV });
    prisma = app.get(PrismaService);
    ledger = new ChipLedger(prisma);
    tables = app.get(TablesService);
  });

  // Each test's tables stop when it ends: later tests do not share the machine with them.
  afterEach(() => {
    for (const table of tables.all()) table.stop();
  });

  afterAll(async () => {
    for (const client of clients) client.socket.close();
    await app?.close();
  });

  async function player(username: string, chips = 100_000, role: 'player' | 'admin' = 'player'): Promise<Client> {
    const user = await prisma.user.create({ data: { username, role } });
    await ledger.openUserAccount(user.id);
    if (chips > 0) await ledger.grant({ idempotencyKey: `welcome:${user.id}`, userId: user.id, amount: chips });
    const token = app.token({ sub: user.id, username, role });
    return connect({ userId: user.id, username, token });
  }

  async function connect(who: { userId: string; username: string; token: string }): Promise<Client> {
    const { socket } = await connectSocket(app.url, who.token);
    const client: Client = { ...who, socket, received: [], seat: null };
    socket.onAny((event: string, payload: unknown) => {
      client.received.push({ event, payload });
      if (event === 'table:snapshot') client.seat = (payload as TableSnapshotPayload).yourSeat;
    });
    clients.push(client);
    return client;
  }

  /**
   * Emits and resolves with the server's refusal, or null once `accepted` (the command's visible
   * effect) resolved; without `accepted` only a refusal ends it (commands that must be refused).
   */
  const send = (c: Client, event: string, payload: unknown, accepted?: Promise<unknown>): Promise<SocketError | null> =>
    answer(c.socket, event, payload, accepted);
  /** The snapshot a watch or a sit brings (with a seat when `seated`). */
  const snapshotOf = (client: Client, tableId: string, seated: boolean) =>
    eventWhere(
      client.socket,
      'table:snapshot',
      (p) => p.tableId === tableId && (p.yourSeat !== null) === seated,
      `${client.username}'s snapshot`,
    );

  /** A simple player: checks, calls small bets, sometimes raises, folds big ones (seeded). */
  function autoPlay(client: Client, tableId: string, rng: RandomSource, opts: { passive?: boolean } = {}): () => void {
    const onHand = (payload: TableHandPayload | TableSnapshotPayload): void => {
      const view = ('view' in payload ? payload.view : payload.hand?.view) as ViewLike | undefined;
      if (!view || view.legal === null || view.toAct === null || view.toAct !== client.seat) return;
      const actions = view.legal.actions;
      const roll = randomInt(rng, 10);
      let action: { type: string; amount?: number };
      if (!opts.passive && roll === 0 && actions.includes('raise'))
        action = { type: 'raise', amount: view.legal.minTo };
      else if (actions.includes('check')) action = { type: 'check' };
      else if (!opts.passive && actions.includes('call') && roll < 8) action = { type: 'call' };
      else action = { type: 'fold' };
      client.socket.emit('table:act', { tableId, version: view.version, action: action as never });
    };
    const onUpdate = (payload: { events: { type: string; playerId?: string }[] }): void => {
      if (payload.events.some((e) => e.type === 'busted' && e.playerId === client.userId))
        client.socket.emit('table:reload', { tableId, amount: 2000 });
    };
    const offHand = onHandUpdates(client.socket, onHand);
    client.socket.on('table:snapshot', onHand);
    client.socket.on('table:update', onUpdate as never);
    return () => {
      offHand();
      client.socket.off('table:snapshot', onHand);
      client.socket.off('table:update', onUpdate as never);
    };
  }

  const holdem = (over: Record<string, unknown> = {}) => ({
    game: 'holdem' as const,
    structure: 'no-limit' as const,
    stakes: { smallBlind: 5, bigBlind: 10 },
    buyIn: { min: 200, max: 5000 },
    seats: 3,
    clock: { decisionMs: 10_000, timeBankMs: 0, reconnectWindowMs: 60_000 },
    ...over,
  });

  async function sitDown(
    client: Client,
    host: TableHost,
    buyIn: number,
    extra: Record<string, unknown> = {},
  ): Promise<void> {
    const err = await send(
      client,
      'table:sit',
      { tableId: host.tableId, buyIn, ...extra },
      snapshotOf(client, host.tableId, true),
    );
    expect(err).toBeNull();
    expect(client.seat).not.toBeNull();
  }

  it('two players and a bot play 20 hands; no socket ever receives a card its seat may not see', async () => {
    const host = await tables.create({
      name: 'Leak check',
      config: { ...holdem({ botsAllowed: true }), private: null },
    });
    const alice = await player('alice');
    const bob = await player('bob');
    const carol = await player('carol'); // spectator
    const stopA = autoPlay(alice, host.tableId, seededRandom('alice'));
    const stopB = autoPlay(bob, host.tableId, seededRandom('bob'));
    expect(
      await send(carol, 'table:watch', { tableId: host.tableId }, snapshotOf(carol, host.tableId, false)),
    ).toBeNull();
    await sitDown(alice, host, 5000);
    // A bot takes one of the two free seats once someone sits (never the last free one): Bob sits after it.
    await until(() => host.table.seats.some((x) => x?.isBot), EVENT_TIMEOUT_MS, 'a bot');
    await sitDown(bob, host, 5000);
    await until(() => host.table.handsPlayed >= 20, 60_000, '20 hands');
    stopA();
    stopB();
    // A bot sat down: named and flagged BOT.
    const bot = host.table.seats.find((s) => s?.isBot);
    expect(bot?.name.startsWith('BOT ')).toBe(true);

    for (const client of [alice, bob, carol]) {
      const hands = client.received.filter((r) => r.event.startsWith('table:hand') || r.event === 'table:snapshot');
      expect(hands.length).toBeGreaterThan(20);
      // Seats never change here, so the seat a socket had is the seat every message was for.
      const seat = client === carol ? null : client.seat;
      const problems = hands.flatMap((r) => leaks(r.payload, seat));
      expect(problems).toEqual([]);
      // The public part of an update goes to the whole room: it holds no card a spectator may not see.
      const publicParts = hands.filter((r) => r.event === 'table:hand');
      expect(publicParts.flatMap((r) => leaks(r.payload, null))).toEqual([]);
      // A spectator gets no private part; a player only his own.
      const privateParts = hands.filter((r) => r.event === 'table:hand-private');
      if (client === carol) expect(privateParts).toEqual([]);
      else expect(privateParts.every((r) => (r.payload as { seat: number }).seat === client.seat)).toBe(true);
      // What the server really sent matches the contracts' schemas (issue 24: the client reads these types).
      for (const storedHand of hands) {
        if (storedHand.event === 'table:hand') TableHandPayloadSchema.parse(storedHand.payload);
        else if (storedHand.event === 'table:hand-private') TableHandPrivatePayloadSchema.parse(storedHand.payload);
        else {
          const hand = (storedHand.payload as TableSnapshotPayload).hand;
          if (hand) SnapshotHandSchema.parse(hand);
        }
      }
    }
    // The players did see their own cards (the public parts with their private parts merged in).
    const own = assembleRecorded(alice.received)
      .filter((r) => r.event === 'table:hand')
      .flatMap((r) => (r.payload as TableHandPayload).events)
      .filter((e): e is HandEventOf<'hole-dealt'> => e.type === 'hole-dealt' && e.seat === alice.seat);
    expect(own.length).toBeGreaterThanOrEqual(20);
    expect(own.every((e) => e.cards.every((c) => c !== null))).toBe(true);
    // The spectator saw no hole card at all before a showdown.
    const carolHole = carol.received
      .filter((r) => r.event === 'table:hand')
      .flatMap((r) => (r.payload as TableHandPayload).events)
      .filter((e) => e.type === 'hole-dealt');
    expect(carolHole.length).toBeGreaterThan(0);
    expect(carolHole.every((e) => (e.cards as (number | null)[]).every((c) => c === null))).toBe(true);

    // Persisted: 20+ completed hands with their events; the ledger audit is clean.
    const stored = await prisma.hand.count({ where: { tableId: host.tableId, status: 'completed' } });
    expect(stored).toBeGreaterThanOrEqual(20);
    await until(async () => (await auditLedger(prisma)).ok, 5000, 'clean audit');
  });

  it('disconnect mid-hand: the clock folds (nothing to check) or checks; reconnect within the window keeps the seat and gets the confirmed state', async () => {
    const host = await tables.create({
      name: 'Clock',
      config: {
        ...holdem({ seats: 2, clock: { decisionMs: 1000, timeBankMs: 0, reconnectWindowMs: 60_000 } }),
        private: null,
      },
    });
    const dan = await player('dan');
    const erin = await player('erin');
    await sitDown(dan, host, 1000);
    await sitDown(erin, host, 1000);
    const byId = (id: string) => (id === dan.userId ? dan : erin);
    await until(() => host.handState !== null, 5000, 'a hand');
    // Heads-up preflop: the button (small blind) acts first and faces the big blind.
    const hs = host.handState!;
    const first = hs.seats[hs.toAct];
    const firstPlayer = host.table.seats[first]!.playerId;
    const other = byId(firstPlayer === dan.userId ? erin.userId : dan.userId);
    const leaving = byId(firstPlayer);
    const handId = host.handId!;
    const seatBefore = leaving.seat;
    const otherGot = other.received.length;
    leaving.socket.close();
    await until(
      () =>
        other.received
          .slice(otherGot)
          .some(
            (message) =>
              message.event === 'table:hand' &&
              (message.payload as TableHandPayload).events.some((e) => e.type === 'action' && e.seat === first),
          ),
      5000,
      'the timeout action',
    );
    const timed = other.received
      .slice(otherGot)
      .flatMap((r) => (r.event === 'table:hand' ? (r.payload as TableHandPayload).events : []))
      .find((e): e is HandEventOf<'action'> => e.type === 'action' && e.seat === first)!;
    expect(timed.action).toBe('fold');
    // Actions are journaled behind the broadcast (issue 20): the stored copy arrives a batch later.
    await until(
      async () => {
        const stored = await prisma.handEvent.findMany({ where: { handId }, orderBy: { seq: 'asc' } });
        return stored.some((e) => e.type === 'action' && (e.payload as { action: string }).action === 'fold');
      },
      5000,
      'the stored timeout fold',
    );
    expect(host.table.seats[first]!.connected).toBe(false);

    // Reconnect inside the window: the same seat, the server's confirmed state and his own cards.
    const back = await connect({ userId: leaving.userId, username: leaving.username, token: leaving.token });
    const snap = nextEvent(back.socket, 'table:snapshot');
    back.socket.emit('table:watch', { tableId: host.tableId });
    const snapshot = await snap;
    expect(snapshot.yourSeat).toBe(seatBefore);
    expect(snapshot.table.seatMap[first]!.connected).toBe(true);
    await host.idle();
    expect(host.table.seats[first]!.connected).toBe(true);
    if (snapshot.hand) {
      const mine = (snapshot.hand.view as unknown as ViewLike).players.find((p) => p.seat === first);
      if (mine) expect(mine.cards.every((c) => c !== null)).toBe(true);
    }
    const live = new Map([dan, erin].map((c) => [c.userId, c]));
    live.set(back.userId, back);

    // A check by timeout: the small blind calls, the big blind disconnects and may check.
    await until(() => host.handState !== null && host.handId !== handId, 5000, 'next hand');
    await host.idle();
    const hs2 = host.handState!;
    const sbSeat = hs2.seats[hs2.toAct];
    const sb = live.get(host.table.seats[sbSeat]!.playerId)!;
    const bbSeat = hs2.seats.find((x) => x !== sbSeat)!;
    const bb = live.get(host.table.seats[bbSeat]!.playerId)!;
    const sbGot = sb.received.length;
    const called = until(
      () => host.handState !== null && host.handState.version > hs2.version,
      EVENT_TIMEOUT_MS,
      'the call',
    );
    expect(
      await send(sb, 'table:act', { tableId: host.tableId, version: hs2.version, action: { type: 'call' } }, called),
    ).toBeNull();
    bb.socket.close();
    await until(
      () =>
        sb.received
          .slice(sbGot)
          .some(
            (message) =>
              message.event === 'table:hand' &&
              (message.payload as TableHandPayload).events.some((e) => e.type === 'action' && e.seat === bbSeat),
          ),
      5000,
      'the check by timeout',
    );
    const checked = sb.received
      .slice(sbGot)
      .flatMap((r) => (r.event === 'table:hand' ? (r.payload as TableHandPayload).events : []))
      .find((e): e is HandEventOf<'action'> => e.type === 'action' && e.seat === bbSeat)!;
    expect(checked.action).toBe('check');
  });

  it('stale-version and double-submitted actions are refused; malformed and oversized messages get a typed error and change nothing', async () => {
    const host = await tables.create({ name: 'Refusals', config: { ...holdem({ seats: 2 }), private: null } });
    const fay = await player('fay');
    const gus = await player('gus');
    await sitDown(fay, host, 1000);
    await sitDown(gus, host, 1000);
    await until(() => host.handState !== null, 5000, 'a hand');
    await host.idle();
    const hs = host.handState!;
    const toAct = hs.seats[hs.toAct];
    const actor = host.table.seats[toAct]!.playerId === fay.userId ? fay : gus;
    const version = hs.version;
    const tableVersion = host.table.version;

    const future = await send(actor, 'table:act', {
      tableId: host.tableId,
      version: version + 1,
      action: { type: 'call' },
    });
    expect(future).toMatchObject({ code: 'CONFLICT', event: 'table:act' });
    expect(future!.message).toMatch(/^STALE_VERSION/);
    expect(host.handState!.version).toBe(version);

    const malformed = await send(actor, 'table:act', { tableId: 'not-a-uuid', version, action: { type: 'call' } });
    expect(malformed).toMatchObject({ code: 'BAD_PAYLOAD', event: 'table:act' });
    const unknownKey = await send(actor, 'table:act', {
      tableId: host.tableId,
      version,
      action: { type: 'call', timeout: true },
    });
    expect(unknownKey).toMatchObject({ code: 'BAD_PAYLOAD' });
    const tableOnly = await send(actor, 'table:act', {
      tableId: host.tableId,
      version,
      action: { type: 'draw-timeout' },
    });
    expect(tableOnly).toMatchObject({ code: 'BAD_PAYLOAD' });
    const oversized = await send(actor, 'table:chat', { tableId: host.tableId, text: 'x'.repeat(100_000) });
    expect(oversized).toMatchObject({ code: 'BAD_PAYLOAD', event: 'table:chat' });
    const notYours = await send(actor === fay ? gus : fay, 'table:act', {
      tableId: host.tableId,
      version,
      action: { type: 'call' },
    });
    expect(notYours).toMatchObject({ code: 'CONFLICT' });
    expect(notYours!.message).toMatch(/^NOT_YOUR_TURN/);
    expect(host.handState!.version).toBe(version);
    expect(host.table.version).toBe(tableVersion);

    // The same decision twice: the first is applied, the second is stale (so is any later one on that version).
    const errors: SocketError[] = [];
    actor.socket.on('error', (e) => errors.push(e));
    actor.socket.emit('table:act', { tableId: host.tableId, version, action: { type: 'call' } });
    actor.socket.emit('table:act', { tableId: host.tableId, version, action: { type: 'call' } });
    await until(() => errors.length === 1, 3000, 'one refusal');
    expect(errors[0]).toMatchObject({ code: 'CONFLICT', event: 'table:act' });
    expect(errors[0].message).toMatch(/^STALE_VERSION/);
    expect(host.handState === null || host.handState.version > version).toBe(true);
    // Journaled behind the broadcast (issue 20): wait for the stored copy; the refused second call never comes.
    const storedCalls = async () =>
      (await prisma.handEvent.findMany({ where: { hand: { tableId: host.tableId } } })).filter(
        (e) => e.type === 'action' && (e.payload as { seat: number }).seat === toAct,
      );
    await until(async () => (await storedCalls()).length > 0, 5000, 'the stored call');
    expect(await storedCalls()).toHaveLength(1);

    // Rate limit: a burst far above the limit is refused with RATE_LIMITED.
    const limited: SocketError[] = [];
    gus.socket.on('error', (e) => limited.push(e));
    for (let i = 0; i < 60; i++) gus.socket.emit('table:watch', { tableId: host.tableId });
    await until(() => limited.some((e) => e.code === 'RATE_LIMITED'), 3000, 'RATE_LIMITED');
  });

  it('reload rules: within the buy-in range, never while dealt in; sit below the minimum refused', async () => {
    const host = await tables.create({ name: 'Reload', config: { ...holdem({ seats: 2 }), private: null } });
    const hal = await player('hal');
    const ida = await player('ida');
    expect(await send(hal, 'table:sit', { tableId: host.tableId, buyIn: 100 })).toMatchObject({
      code: 'BAD_PAYLOAD',
      message: expect.stringMatching(/^BUY_IN_BELOW_MIN/),
    });
    await sitDown(hal, host, 1000);
    // Not dealt in yet (alone): a reload to 5000 (the max) is fine, beyond it is not.
    const stackOf = (userId: string) => host.table.seats.find((x) => x?.playerId === userId)?.stack;
    expect(
      await send(
        hal,
        'table:reload',
        { tableId: host.tableId, amount: 4000 },
        until(() => stackOf(hal.userId) === 5000, EVENT_TIMEOUT_MS, 'the reload'),
      ),
    ).toBeNull();
    expect(await send(hal, 'table:reload', { tableId: host.tableId, amount: 1 })).toMatchObject({
      message: expect.stringMatching(/^BUY_IN_ABOVE_MAX/),
    });
    expect((await ledger.tableStacks(host.tableId)).find((s) => s.userId === hal.userId)?.balance).toBe(5000);
    await sitDown(ida, host, 1000);
    await until(() => host.handState !== null, 5000, 'a hand');
    expect(await send(ida, 'table:reload', { tableId: host.tableId, amount: 100 })).toMatchObject({
      code: 'CONFLICT',
      message: expect.stringMatching(/^HAND_IN_PROGRESS/),
    });
  });

  it('missed blinds: a player sitting out is marked when the big blind passes him; a new player posts or waits for the big blind', async () => {
    const host = await tables.create({ name: 'Blinds', config: { ...holdem({ seats: 4 }), private: null } });
    const [jan, kai, lea] = [await player('jan'), await player('kai'), await player('lea')];
    const stops = [jan, kai, lea].map((p) => autoPlay(p, host.tableId, seededRandom(p.username), { passive: true }));
    await sitDown(jan, host, 1000, { seat: 0 });
    await sitDown(kai, host, 1000, { seat: 1 });
    await sitDown(lea, host, 1000, { seat: 2 });
    // Only a player who has been dealt in is marked (a new player owes the big blind anyway).
    await until(() => host.table.seats[2]?.entry === 'inRotation', 15_000, 'lea dealt in');
    expect(
      await send(
        lea,
        'table:sit-out',
        { tableId: host.tableId },
        until(() => host.table.seats[2]!.sittingOut, EVENT_TIMEOUT_MS, 'lea sat out'),
      ),
    ).toBeNull();
    await until(() => host.table.seats[2]!.missedBig, 15_000, 'ML marked');
    // The host's state changes before its broadcast reaches the socket: wait for the update.
    await until(
      () =>
        lea.received.some(
          (message) =>
            message.event === 'table:update' &&
            (message.payload as { events: { type: string; seat?: number }[] }).events.some(
              (e) => e.type === 'missedBlind' && e.seat === 2,
            ),
        ),
      5000,
      'the missedBlind update',
    );
    // A new player who does not wait posts a live big blind out of position.
    const max = await player('max');
    stops.push(autoPlay(max, host.tableId, seededRandom('max'), { passive: true }));
    await sitDown(max, host, 1000, { seat: 3, waitForBigBlind: false });
    await until(
      () =>
        max.received.some(
          (message) =>
            message.event === 'table:hand' &&
            (message.payload as TableHandPayload).events.some((e) => e.type === 'forced-bet' && e.seat === 3),
        ),
      15_000,
      'the new player posting',
    );
    const post = max.received
      .flatMap((r) => (r.event === 'table:hand' ? (r.payload as TableHandPayload).events : []))
      .find((e): e is HandEventOf<'forced-bet'> => e.type === 'forced-bet' && e.seat === 3)!;
    expect(post.amount).toBe(10);
    expect(['live-post', 'big-blind']).toContain(post.kind);
    stops.forEach((s) => s());
  });

  it('private tables: only invited players sit, only the host changes settings (between hands) and closes; closing returns every stack', async () => {
    const owner = await player('owner');
    const friend = await player('friend');
    const stranger = await player('stranger');
    const res = await request(app.url)
      .post('/tables/private')
      .set('Authorization', `Bearer ${owner.token}`)
      .send({ name: 'Friday', ...holdem({ seats: 3 }) })
      .expect(201);
    const tableId = res.body.tableId as string;
    expect(res.body).toMatchObject({ private: true, hostId: owner.userId, game: 'holdem' });
    const host = tables.get(tableId);
    // Only the host may change settings.
    await request(app.url)
      .patch(`/tables/${tableId}/settings`)
      .set('Authorization', `Bearer ${friend.token}`)
      .send({ stakes: { smallBlind: 10, bigBlind: 20 } })
      .expect(403);
    await request(app.url)
      .patch(`/tables/${tableId}/settings`)
      .set('Authorization', `Bearer ${owner.token}`)
      .send({ stakes: { smallBlind: 10, bigBlind: 20 } })
      .expect(200);
    expect(host.table.config.stakes.bigBlind).toBe(20);
    await request(app.url)
      .patch(`/tables/${tableId}/settings`)
      .set('Authorization', `Bearer ${owner.token}`)
      .send({ bogus: 1 })
      .expect(400);
    // Invitations by username; strangers need the code.
    expect(await send(friend, 'table:sit', { tableId, buyIn: 1000 })).toMatchObject({
      code: 'FORBIDDEN',
      message: expect.stringMatching(/^NOT_INVITED/),
    });
    await request(app.url)
      .post(`/tables/${tableId}/invitations`)
      .set('Authorization', `Bearer ${friend.token}`)
      .send({ username: 'friend' })
      .expect(403);
    await request(app.url)
      .post(`/tables/${tableId}/invitations`)
      .set('Authorization', `Bearer ${owner.token}`)
      .send({ username: 'friend' })
      .expect(201);
    const code = (
      await request(app.url)
        .post(`/tables/${tableId}/invite-code`)
        .set('Authorization', `Bearer ${owner.token}`)
        .expect(201)
    ).body.code as string;
    expect(await send(stranger, 'table:sit', { tableId, buyIn: 1000, inviteCode: 'wrong' })).toMatchObject({
      code: 'FORBIDDEN',
    });
    // The lobby lists it for the invited friend, not for the stranger.
    const listed = (tok: string) =>
      request(app.url)
        .get('/lobby/tables')
        .set('Authorization', `Bearer ${tok}`)
        .expect(200)
        .then((r) => (r.body.tables as { tableId: string }[]).some((x) => x.tableId === tableId));
    expect(await listed(friend.token)).toBe(true);
    expect(await listed(stranger.token)).toBe(false);
    const stops = [owner, friend, stranger].map((p) =>
      autoPlay(p, tableId, seededRandom(p.username), { passive: true }),
    );
    await sitDown(owner, host, 1000);
    await sitDown(friend, host, 1000);
    await sitDown(stranger, host, 1000, { inviteCode: code });
    await until(() => host.table.handsPlayed >= 2, 15_000, 'two hands');
    // Settings during a hand are refused; closing waits for a moment between hands.
    for (const client of [owner, friend, stranger]) client.socket.emit('table:sit-out', { tableId });
    await until(
      async () => {
        await host.idle();
        return host.handState === null;
      },
      10_000,
      'between hands',
    );
    await request(app.url).post(`/tables/${tableId}/close`).set('Authorization', `Bearer ${friend.token}`).expect(403);
    await request(app.url).post(`/tables/${tableId}/close`).set('Authorization', `Bearer ${owner.token}`).expect(201);
    // A sit-out not yet applied can let one more hand begin; a close asked for during a hand closes
    // the table right after it (the players keep playing it meanwhile).
    await until(() => host.closed, 15_000, 'the table closed');
    stops.forEach((s) => s());
    const stacks = await ledger.tableStacks(tableId);
    expect(stacks.every((s) => s.balance === 0)).toBe(true);
    const balances = await Promise.all([owner, friend, stranger].map((p) => ledger.userBalance(p.userId)));
    expect(balances.reduce((a, b) => a + b, 0)).toBe(300_000);
    expect((await prisma.cashTable.findUnique({ where: { id: tableId } }))?.status).toBe('closed');
    expect((await auditLedger(prisma)).ok).toBe(true);
  });

  it('the lobby lists tables with filters and shows the seat map', async () => {
    const admin = await player('admin1', 0, 'admin');
    const created = await request(app.url)
      .post('/lobby/tables')
      .set('Authorization', `Bearer ${admin.token}`)
      .send({
        name: 'PLO 25/50',
        game: 'omaha',
        structure: 'pot-limit',
        stakes: { smallBlind: 25, bigBlind: 50 },
        buyIn: { min: 1000, max: 5000 },
        seats: 6,
      })
      .expect(201);
    await request(app.url)
      .post('/lobby/tables')
      .set('Authorization', `Bearer ${(await player('notadmin')).token}`)
      .send({})
      .expect(403);
    const get = (query: string) =>
      request(app.url)
        .get(`/lobby/tables${query}`)
        .set('Authorization', `Bearer ${admin.token}`)
        .expect(200)
        .then((r) => (r.body.tables as { tableId: string }[]).map((x) => x.tableId));
    expect(await get('?game=omaha')).toContain(created.body.tableId);
    expect(await get('?game=holdem')).not.toContain(created.body.tableId);
    expect(await get('?structure=pot-limit&minBigBlind=50&maxBigBlind=50&seatsFree=6&naikoMode=false')).toContain(
      created.body.tableId,
    );
    expect(await get('?seatsFree=7')).not.toContain(created.body.tableId);
    await request(app.url).get('/lobby/tables?game=chess').set('Authorization', `Bearer ${admin.token}`).expect(400);
    const map = await request(app.url)
      .get(`/lobby/tables/${created.body.tableId}`)
      .set('Authorization', `Bearer ${admin.token}`)
      .expect(200);
    expect(map.body.seatMap).toHaveLength(6);
    // Live lobby: a watcher hears about a new seat.
    const watcher = await player('watcher');
    const tablesMsg = nextEvent(watcher.socket, 'lobby:tables');
    watcher.socket.emit('lobby:watch', {});
    expect((await tablesMsg).tables.map((x) => x.tableId)).toContain(created.body.tableId);
    const update = nextEvent(watcher.socket, 'lobby:table');
    const sitter = await player('sitter');
    sitter.socket.emit('table:sit', { tableId: created.body.tableId, buyIn: 1000 });
    expect(await update).toMatchObject({ tableId: created.body.tableId, seated: 1, seatsFree: 5 });
  });
});
