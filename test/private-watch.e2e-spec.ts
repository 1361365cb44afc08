// Private means private (issue 19, item 3): only the host, invitees, holders of the invite code,
// seated players and admins watch a private table — its snapshot, live feed and chat — unless the
// host turns "spectators allowed" on; a refused watch or sit leaves the socket in none of the
// table's rooms. Real socket.io clients against the all-in-one tables and lobby on a random port.
import request from 'supertest';
import { Module } from '@nestjs/common';
import { ChipLedger, PrismaService } from '@naiko/persistence';
import {
  onHandUpdates,
  QUEUES,
  type SocketError,
  type TableHandPayload,
  type TableSnapshotPayload,
} from '@naiko/contracts';
import { LobbyModule, PlatformModule, TablesGateway, TablesService, tableRoom } from '@naiko/platform';
import {
  answer,
  connectSocket,
  drained,
  EVENT_TIMEOUT_MS,
  eventWhere,
  nextEvent,
  startTestApp,
  type TestApp,
  type TestSocket,
} from './support';

@Module({
  imports: [PlatformModule.forRoot({ app: 'private-watch-test', consumeQueues: [QUEUES.system] }), LobbyModule],
})
class PrivateWatchTestModule {}

interface Client {
  userId: string;
  username: string;
  token: string;
  socket: TestSocket;
  /** Every message this socket received, in order. */
  received: { event: string; payload: unknown }[];
}

async function until(
  cond: () => boolean | Promise<boolean>,
  timeoutMs = EVENT_TIMEOUT_MS,
  what = 'condition',
): Promise<void> {
  const end = Date.now() + timeoutMs;
  while (!(await cond())) {
    if (Date.now() > end) throw new Error(`timed out waiting for ${what}`);
    await new Promise((r) => setTimeout(r, 10));
  }
}

/** Messages about `tableId` (snapshot, hand feed, table updates, chat). */
const aboutTable = (client: Client, tableId: string) =>
  client.received.filter(
    (r) => r.event.startsWith('table:') && (r.payload as { tableId?: string } | null)?.tableId === tableId,
  );

describe('private tables are watched by invitation only', () => {
  let app: TestApp;
  let prisma: PrismaService;
  let ledger: ChipLedger;
  const clients: Client[] = [];

  beforeAll(async () => {
    app = await startTestApp({
      name: 'private-watch-test',
      module: PrivateWatchTestModule,
      env: { TABLE_HAND_PAUSE_MS: '30', TABLE_BOT_DELAY_MS: '0', TABLE_SEED: 'private-watch' },
    });
    prisma = app.get(PrismaService);
    ledger = new ChipLedger(prisma);
  });

  afterAll(async () => {
    for (const client of clients) client.socket.close();
    for (const table of app?.get(TablesService).all() ?? []) table.stop();
    await app?.close();
  });

  async function player(username: string, role: 'player' | 'admin' = 'player'): Promise<Client> {
    const user = await prisma.user.create({ data: { username, role } });
    await ledger.openUserAccount(user.id);
    await ledger.grant({ idempotencyKey: `welcome:${user.id}`, userId: user.id, amount: 100_000 });
    const token = app.token({ sub: user.id, username, role });
    const { socket } = await connectSocket(app.url, token);
    const client: Client = { userId: user.id, username, token, socket, received: [] };
    socket.onAny((event: string, payload: unknown) => client.received.push({ event, payload }));
    clients.push(client);
    return client;
  }

  /** The server's refusal of a command that must be refused (no sign of acceptance is awaited). */
  const refusal = (c: Client, event: string, payload: unknown): Promise<SocketError | null> =>
    answer(c.socket, event, payload);
  /** Sits down: null once the seat's snapshot came, else the refusal. */
  const sit = (client: Client, tableId: string, buyIn: number): Promise<SocketError | null> =>
    answer(
      client.socket,
      'table:sit',
      { tableId, buyIn },
      eventWhere(
        client.socket,
        'table:snapshot',
        (p) => p.tableId === tableId && p.yourSeat !== null,
        `${client.username}'s seat`,
      ),
    );
  /** The chat `text` heard by `c`. */
  const chatAt = (c: Client, text: string, what: string) =>
    eventWhere(c.socket, 'table:chat', (m) => m.text === text, what);
  /**
   * Says `text` at the table: null once the speaker heard it himself (it went to the table's room), else the refusal.
   */
  const say = (c: Client, tableId: string, text: string): Promise<SocketError | null> =>
    answer(c.socket, 'table:chat', { tableId, text }, chatAt(c, text, `${c.username}'s own chat`));

  /** Whether the server holds this client's socket in the table's room. */
  const inRoom = (c: Client, tableId: string): boolean =>
    app.get(TablesGateway).server.sockets.adapter.rooms.get(tableRoom(tableId))?.has(c.socket.id!) ?? false;

  /** Checks or calls whenever it is this client's turn (a hand needs no more). */
  function autoPlay(client: Client, tableId: string): void {
    const onHand = (payload: TableHandPayload | TableSnapshotPayload): void => {
      const view = ('view' in payload ? payload.view : payload.hand?.view) as
        { version: number; toAct: number | null; legal: { actions: string[] } | null; players: unknown[] } | undefined;
      const seat = 'yourSeat' in payload ? payload.yourSeat : undefined;
      if (seat !== undefined) mySeat.set(client, seat);
      if (!view?.legal || view.toAct === null || view.toAct !== mySeat.get(client)) return;
      const type = view.legal.actions.includes('check') ? 'check' : 'call';
      client.socket.emit('table:act', { tableId, version: view.version, action: { type } });
    };
    onHandUpdates(client.socket, onHand);
    client.socket.on('table:snapshot', onHand);
  }
  const mySeat = new Map<Client, number | null>();

  const api = (method: 'get' | 'post' | 'patch', path: string, c: Client) =>
    request(app.url)[method](path).set('Authorization', `Bearer ${c.token}`);

  it('strangers neither watch nor stay in the rooms after a refused sit; invitees, code holders and admins watch; "spectators allowed" opens watching, not sitting', async () => {
    const [owner, friend, stranger, linked, admin] = [
      await player('pw-owner'),
      await player('pw-friend'),
      await player('pw-stranger'),
      await player('pw-linked'),
      await player('pw-admin', 'admin'),
    ];
    const created = await api('post', '/tables/private', owner)
      .send({
        name: 'Closed doors',
        game: 'holdem',
        structure: 'no-limit',
        stakes: { smallBlind: 5, bigBlind: 10 },
        buyIn: { min: 200, max: 5000 },
        seats: 3,
        clock: { decisionMs: 10_000, timeBankMs: 0 },
      })
      .expect(201);
    const tableId = created.body.tableId as string;
    expect(created.body).toMatchObject({ private: true, spectatorsAllowed: false });
    await api('post', `/tables/${tableId}/invitations`, owner).send({ username: 'pw-friend' }).expect(201);
    const code = (await api('post', `/tables/${tableId}/invite-code`, owner).expect(201)).body.code as string;

    // A stranger: watch refused, sit refused, wrong code refused — and none of it joins a room.
    expect(await refusal(stranger, 'table:watch', { tableId })).toMatchObject({
      code: 'FORBIDDEN',
      event: 'table:watch',
      message: expect.stringMatching(/^NOT_INVITED/),
    });
    expect(inRoom(stranger, tableId)).toBe(false);
    expect(await refusal(stranger, 'table:sit', { tableId, buyIn: 1000 })).toMatchObject({
      code: 'FORBIDDEN',
      event: 'table:sit',
      message: expect.stringMatching(/^NOT_INVITED/),
    });
    expect(inRoom(stranger, tableId)).toBe(false);
    expect(await refusal(stranger, 'table:watch', { tableId, inviteCode: 'not-the-code' })).toMatchObject({
      code: 'FORBIDDEN',
    });
    expect(await refusal(stranger, 'table:sit', { tableId, buyIn: 1000, inviteCode: 'not-the-code' })).toMatchObject({
      code: 'FORBIDDEN',
    });
    expect(inRoom(stranger, tableId)).toBe(false);
    await api('get', `/lobby/tables/${tableId}`, stranger).expect(404);

    // Those who may: the invitee, the holder of the link's code, an admin.
    for (const [client, extra] of [
      [friend, {}],
      [linked, { inviteCode: code }],
      [admin, {}],
    ] as const) {
      const snap = nextEvent(client.socket, 'table:snapshot', EVENT_TIMEOUT_MS);
      client.socket.emit('table:watch', { tableId, ...extra });
      expect((await snap).tableId).toBe(tableId);
      expect(inRoom(client, tableId)).toBe(true);
    }
    await api('get', `/lobby/tables/${tableId}`, admin).expect(200);
    await api('get', `/lobby/tables/${tableId}?code=${code}`, linked).expect(200);

    // The host and the invitee play; the host chats.
    autoPlay(owner, tableId);
    autoPlay(friend, tableId);
    expect(await sit(owner, tableId, 1000)).toBeNull();
    expect(await sit(friend, tableId, 1000)).toBeNull();
    const host = app.get(TablesService).get(tableId);
    await until(() => host.table.handsPlayed >= 2, EVENT_TIMEOUT_MS, 'two hands');
    const linkedHeard = chatAt(linked, 'invited only', 'the chat at the code holder');
    expect(await say(owner, tableId, 'invited only')).toBeNull();
    await linkedHeard;
    expect(linked.received.some((r) => r.event === 'table:hand')).toBe(true);
    expect(admin.received.some((r) => r.event === 'table:update')).toBe(true);
    // The stranger heard nothing of the table: no snapshot, feed, update, chat or seed.
    expect(aboutTable(stranger, tableId)).toEqual([]);

    // The host allows spectators: the stranger watches (feed and chat), but still may not sit.
    const opened = await api('patch', `/tables/${tableId}/settings`, owner)
      .send({ spectatorsAllowed: true })
      .expect(200);
    expect(opened.body).toMatchObject({ spectatorsAllowed: true });
    await api('patch', `/tables/${tableId}/settings`, friend).send({ spectatorsAllowed: false }).expect(403);
    const snap = nextEvent(stranger.socket, 'table:snapshot', EVENT_TIMEOUT_MS);
    stranger.socket.emit('table:watch', { tableId });
    expect((await snap).yourSeat).toBeNull();
    await api('get', `/lobby/tables/${tableId}`, stranger).expect(200);
    expect(await refusal(stranger, 'table:sit', { tableId, buyIn: 1000 })).toMatchObject({
      code: 'FORBIDDEN',
      message: expect.stringMatching(/^NOT_INVITED/),
    });
    expect(inRoom(stranger, tableId)).toBe(true); // he watched before the refused sit, and still does
    const spectatorHeard = chatAt(stranger, 'spectators welcome', 'the chat at the spectator');
    expect(await say(owner, tableId, 'spectators welcome')).toBeNull();
    await spectatorHeard;

    // Spectators off again: the stranger is told and leaves the rooms; the code holder and the admin stay.
    const told = nextEvent(stranger.socket, 'error', EVENT_TIMEOUT_MS);
    await api('patch', `/tables/${tableId}/settings`, owner).send({ spectatorsAllowed: false }).expect(200);
    expect(await told).toMatchObject({
      code: 'FORBIDDEN',
      event: 'table:watch',
      message: expect.stringMatching(/^NOT_INVITED/),
    });
    expect(inRoom(stranger, tableId)).toBe(false);
    expect(inRoom(linked, tableId)).toBe(true);
    expect(inRoom(admin, tableId)).toBe(true);
    const heardBefore = aboutTable(stranger, tableId).length;
    const linkedHeardAgain = chatAt(linked, 'invited only again', 'the chat at the code holder');
    expect(await say(owner, tableId, 'invited only again')).toBeNull();
    await linkedHeardAgain;
    const handsNow = host.table.handsPlayed;
    await until(() => host.table.handsPlayed >= handsNow + 1, EVENT_TIMEOUT_MS, 'another hand');
    // The chat and a whole hand happened on the server; a round trip on the stranger's socket
    // brings whatever it was sent meanwhile: nothing about the table.
    await drained(stranger.socket);
    expect(aboutTable(stranger, tableId).length).toBe(heardBefore);
    expect(await refusal(stranger, 'table:watch', { tableId })).toMatchObject({ code: 'FORBIDDEN' });

    // The setting exists on private tables only.
    const pub = await api('post', '/lobby/tables', admin)
      .send({
        name: 'Open doors',
        game: 'holdem',
        structure: 'no-limit',
        stakes: { smallBlind: 5, bigBlind: 10 },
        buyIn: { min: 200, max: 5000 },
        seats: 3,
      })
      .expect(201);
    expect(pub.body.spectatorsAllowed).toBeUndefined();
    const snapPub = nextEvent(stranger.socket, 'table:snapshot', EVENT_TIMEOUT_MS);
    stranger.socket.emit('table:watch', { tableId: pub.body.tableId });
    expect((await snapPub).tableId).toBe(pub.body.tableId);
  });
});
