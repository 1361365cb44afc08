// Host controls and moderated chat (issue 23, items 1 and 5) over the real stack: real socket.io
// clients, PostgreSQL, the ledger. The host of a private table requires approval (a sit becomes a
// request he approves or denies), changes the stakes during a hand (they start with the next one),
// pauses (the running hand is played out, then nothing is dealt until he resumes), sets a player
// away, stands one up and removes another (their chips go back through the ledger; the audit stays
// clean), sets a password, mutes a player for everyone and hands his rights over. Everyone at the
// table hears each change (`table:update`); a player who is not the host is refused every command
// with FORBIDDEN NOT_HOST and nothing changes. A chat message is reported and the admin sees it
// (GET /admin/chat-reports). Then the process restarts: paused, mutes, removals, password and the
// new host are still there.
import request from 'supertest';
import { Module } from '@nestjs/common';
import { auditLedger, ChipLedger, PrismaService } from '@naiko/persistence';
import {
  onHandUpdates,
  QUEUES,
  type SocketError,
  type TableChatMessage,
  type TableHandPayload,
  type TableSummary,
  type TableUpdatePayload,
} from '@naiko/contracts';
import { LobbyModule, PlatformModule, TablesService } from '@naiko/platform';
import { connectSocket, nextEvent, startTestApp, type TestApp, type TestSocket } from './support';

@Module({
  imports: [PlatformModule.forRoot({ app: 'host-controls-test', consumeQueues: [QUEUES.system] }), LobbyModule],
})
class HostControlsTestModule {}

interface Client {
  userId: string;
  username: string;
  token: string;
  socket: TestSocket;
  updates: TableUpdatePayload[];
  chats: TableChatMessage[];
  hands: TableHandPayload[];
}

async function until<T>(cond: () => T | Promise<T>, what: string, timeoutMs = 15_000): Promise<NonNullable<T>> {
  const end = Date.now() + timeoutMs;
  for (;;) {
    const value = await cond();
    if (value) return value as NonNullable<T>;
    if (Date.now() > end) throw new Error(`timed out waiting for ${what}`);
    await new Promise((r) => setTimeout(r, 10));
  }
}

describe('host controls and moderated chat at a private table', () => {
  let first: TestApp | undefined;
  let second: TestApp | undefined;
  const clients: Client[] = [];

  beforeAll(async () => {
    first = await startTestApp({
      name: 'host-controls-test',
      module: HostControlsTestModule,
      env: { TABLE_HAND_PAUSE_MS: '30', TABLE_BOT_DELAY_MS: '0', TABLE_SEED: 'host-controls' },
    });
  });

  afterAll(async () => {
    for (const client of clients) client.socket.close();
    for (const table of second?.get(TablesService).all() ?? []) table.stop();
    await second?.naiko.close().catch(() => undefined);
    for (const table of first?.get(TablesService).all() ?? []) table.stop();
    await first?.naiko.close().catch(() => undefined);
    await first?.db.drop();
  });

  async function player(
    app: TestApp,
    username: string,
    role: 'player' | 'admin' = 'player',
    create = true,
  ): Promise<Client> {
    const prisma = app.get(PrismaService);
    let user = await prisma.user.findUnique({ where: { username } });
    if (!user && create) {
      user = await prisma.user.create({ data: { username, role } });
      const ledger = new ChipLedger(prisma);
      await ledger.openUserAccount(user.id);
      await ledger.grant({ idempotencyKey: `welcome:${user.id}`, userId: user.id, amount: 100_000 });
    }
    const token = app.token({ sub: user!.id, username, role });
    const { socket } = await connectSocket(app.url, token);
    const client: Client = { userId: user!.id, username, token, socket, updates: [], chats: [], hands: [] };
    socket.on('table:update', (p) => client.updates.push(p));
    socket.on('table:chat', (p) => client.chats.push(p));
    onHandUpdates(socket, (p) => client.hands.push(p));
    clients.push(client);
    return client;
  }

  /** Emits; resolves with the `error` the server answers, or null once `table:host-done` (or a quiet moment) came. */
  async function send(client: Client, event: string, payload: unknown): Promise<SocketError | null> {
    const answer = Promise.race([
      nextEvent(client.socket, 'error', 3000),
      nextEvent(client.socket, 'table:host-done', 3000).then(() => null),
    ]).catch(() => null);
    (client.socket.emit as (e: string, p: unknown) => void)(event, payload);
    return answer;
  }

  /** Emits a chat line; resolves with the refusal, or null when the sender heard his own message. */
  async function chat(client: Client, tableId: string, text: string): Promise<SocketError | null> {
    const seen = client.chats.length;
    const err = nextEvent(client.socket, 'error', 3000).catch(() => null);
    client.socket.emit('table:chat', { tableId, text });
    return Promise.race([err, until(() => client.chats.length > seen, 'own chat line').then(() => null)]);
  }

  async function watch(client: Client, tableId: string, inviteCode?: string): Promise<void> {
    const snap = nextEvent(client.socket, 'table:snapshot');
    client.socket.emit('table:watch', { tableId, ...(inviteCode ? { inviteCode } : {}) });
    expect((await snap).tableId).toBe(tableId);
  }

  const lastSummary = (c: Client): TableSummary | undefined => c.updates.at(-1)?.table.summary;

  it('an admin hosts a public table; no chat while all-in against live players, back after the hand', async () => {
    const app = first!;
    const tables = app.get(TablesService);
    const [admin, ann, bob, cat] = [
      await player(app, 'pub-admin', 'admin'),
      await player(app, 'pub-ann'),
      await player(app, 'pub-bob'),
      await player(app, 'pub-cat'),
    ];
    const created = await request(app.url)
      .post('/lobby/tables')
      .set('Authorization', `Bearer ${admin.token}`)
      .send({
        name: 'Public 3',
        game: 'holdem',
        structure: 'no-limit',
        stakes: { smallBlind: 5, bigBlind: 10 },
        buyIn: { min: 200, max: 1000 },
        seats: 3,
        clock: { decisionMs: 20_000, timeBankMs: 0 },
      })
      .expect(201);
    const tableId = created.body.tableId as string;
    const room = tables.get(tableId);
    for (const client of [admin, ann, bob, cat]) await watch(client, tableId);
    // A player is not the host of a public table; the admin is. Password and transfer are private-table things.
    expect(await send(ann, 'table:host', { tableId, command: 'pause' })).toMatchObject({
      code: 'FORBIDDEN',
      message: expect.stringMatching(/^NOT_HOST/),
    });
    expect(await send(admin, 'table:host', { tableId, command: 'pause' })).toBeNull();
    await until(() => lastSummary(ann)?.hostControls?.paused, 'Ann hears the pause');
    expect(await send(admin, 'table:host', { tableId, command: 'password', password: 'secret' })).toMatchObject({
      code: 'BAD_PAYLOAD',
      message: expect.stringMatching(/^INVALID_CONFIG/),
    });
    expect(await send(admin, 'table:host', { tableId, command: 'transfer', playerId: ann.userId })).toMatchObject({
      code: 'BAD_PAYLOAD',
    });
    for (const client of [ann, bob, cat]) client.socket.emit('table:sit', { tableId, buyIn: 1000 });
    await until(() => room.table.seats.filter(Boolean).length === 3, 'three seated');
    expect(room.hand).toBeNull();
    expect(await send(admin, 'table:host', { tableId, command: 'resume' })).toBeNull();
    await until(() => room.hand?.number === 1, 'hand 1 dealt');

    // The first to act shoves 1,000; the two others are still in the hand.
    const byUser = new Map([ann, bob, cat].map((c) => [c.userId, c]));
    const userAt = (seat: number) => room.table.seats[seat]!.playerId;
    let la = room.legal()!;
    const shover = byUser.get(userAt(la.seat))!;
    let version = room.handState!.version;
    shover.socket.emit('table:act', { tableId, version, action: { type: 'raise', amount: la.allInTo } });
    await until(() => room.handState!.version !== version, 'the shove');
    expect(await chat(shover, tableId, 'good luck')).toMatchObject({
      code: 'FORBIDDEN',
      message: expect.stringMatching(/^ALL_IN_NO_CHAT/),
    });
    const other = byUser.get(userAt(room.legal()!.seat))!;
    expect(await chat(other, tableId, 'thinking')).toBeNull();
    // Both others fold: the hand is over, he may talk again.
    while (room.hand) {
      la = room.legal()!;
      version = room.handState!.version;
      byUser.get(userAt(la.seat))!.socket.emit('table:act', { tableId, version, action: { type: 'fold' } });
      await until(() => !room.hand || room.handState!.version !== version, 'a fold');
    }
    expect(await chat(shover, tableId, 'thanks')).toBeNull();
    expect(await send(admin, 'table:host', { tableId, command: 'pause' })).toBeNull();
  });

  it('a host runs his table live for everybody; non-hosts refused; chat moderated; a restart keeps it', async () => {
    const app = first!;
    const prisma = app.get(PrismaService);
    const ledger = new ChipLedger(prisma);
    const tables = app.get(TablesService);
    const [host, ann, bob, stranger, admin] = [
      await player(app, 'hc-host'),
      await player(app, 'hc-ann'),
      await player(app, 'hc-bob'),
      await player(app, 'hc-stranger'),
      await player(app, 'hc-admin', 'admin'),
    ];
    const api = (method: 'get' | 'post', path: string, c: Client) =>
      request(app.url)[method](path).set('Authorization', `Bearer ${c.token}`);
    const created = await api('post', '/tables/private', host)
      .send({
        name: 'Friday',
        game: 'holdem',
        structure: 'no-limit',
        stakes: { smallBlind: 5, bigBlind: 10 },
        buyIn: { min: 200, max: 5000 },
        seats: 4,
        clock: { decisionMs: 20_000, timeBankMs: 0 },
      })
      .expect(201);
    const tableId = created.body.tableId as string;
    expect(created.body.hostControls).toEqual({
      paused: false,
      approvalRequired: false,
      seatRequests: [],
      muted: [],
      removed: [],
      passwordSet: false,
    });
    for (const username of ['hc-ann', 'hc-bob'])
      await api('post', `/tables/${tableId}/invitations`, host).send({ username }).expect(201);
    for (const client of [host, ann, bob]) await watch(client, tableId);
    const room = tables.get(tableId);

    // A player is not the host: refused, nothing changes (the same over HTTP: 403 NOT_HOST).
    const version = room.table.version;
    for (const cmd of [
      { command: 'pause' },
      { command: 'approval', on: true },
      { command: 'mute', playerId: bob.userId },
      { command: 'transfer', playerId: ann.userId },
    ]) {
      expect(await send(ann, 'table:host', { tableId, ...cmd })).toMatchObject({
        code: 'FORBIDDEN',
        event: 'table:host',
        message: expect.stringMatching(/^NOT_HOST/),
      });
    }
    await api('post', `/tables/${tableId}/host`, ann).send({ command: 'pause' }).expect(403);
    expect(room.table.version).toBe(version);
    expect(room.summary().hostControls).toMatchObject({ paused: false, approvalRequired: false, muted: [] });

    // Approval required: Ann's sit is a request (no chips move); the host approves, everyone sees her seated.
    expect(await send(host, 'table:host', { tableId, command: 'approval', on: true })).toBeNull();
    await until(() => lastSummary(ann)?.hostControls?.approvalRequired, 'Ann hears "approval required"');
    const annSnap = nextEvent(ann.socket, 'table:snapshot');
    ann.socket.emit('table:sit', { tableId, buyIn: 1000 });
    expect((await annSnap).yourSeat).toBeNull();
    await until(
      () => lastSummary(host)?.hostControls?.seatRequests.some((r) => r.playerId === ann.userId && r.buyIn === 1000),
      'the host sees her request',
    );
    expect(await ledger.userBalance(ann.userId)).toBe(100_000);
    expect(await send(host, 'table:host', { tableId, command: 'approve', playerId: ann.userId })).toBeNull();
    await until(() => ann.updates.at(-1)?.table.seatMap.some((s) => s?.playerId === ann.userId), 'Ann seated');
    expect(await ledger.userBalance(ann.userId)).toBe(99_000);
    // Bob asks and is denied; with approval off he sits at once.
    bob.socket.emit('table:sit', { tableId, buyIn: 1000 });
    await until(() => room.controls.requests.has(bob.userId), 'Bob asks');
    expect(await send(host, 'table:host', { tableId, command: 'deny', playerId: bob.userId })).toBeNull();
    await until(
      () => bob.updates.some((u) => u.events.some((e) => e.type === 'seatDenied' && e.playerId === bob.userId)),
      'Bob hears the denial',
    );
    expect(await send(host, 'table:host', { tableId, command: 'approval', on: false })).toBeNull();
    bob.socket.emit('table:sit', { tableId, buyIn: 1000 });
    await until(() => room.hand?.number === 1, 'hand 1 dealt');

    // Stakes during hand 1: owed to the next hand; pause: hand 1 is played out, then no deal.
    expect(
      await send(host, 'table:host', { tableId, command: 'stakes', stakes: { smallBlind: 10, bigBlind: 20 } }),
    ).toBeNull();
    await until(() => lastSummary(bob)?.hostControls?.pendingStakes?.bigBlind === 20, 'Bob sees the stakes owed');
    expect(room.table.config.stakes).toMatchObject({ smallBlind: 5, bigBlind: 10 });
    expect(await send(host, 'table:host', { tableId, command: 'pause' })).toBeNull();
    await until(
      () => bob.updates.some((u) => u.events.some((e) => e.type === 'paused' && e.afterHand === true)),
      'Bob hears the pause',
    );
    const seatOf = (c: Client) => room.table.seats.findIndex((s) => s?.playerId === c.userId);
    const foldOut = async () => {
      while (room.hand) {
        const la = room.legal()!;
        const who = la.seat === seatOf(ann) ? ann : bob;
        const version = room.handState!.version;
        who.socket.emit('table:act', {
          tableId,
          version,
          action: { type: la.actions.includes('check') ? 'check' : 'fold' },
        });
        await until(() => !room.hand || room.handState!.version !== version, 'the decision');
      }
    };
    await foldOut();
    await until(() => lastSummary(host)?.handsPlayed === 1, 'hand 1 over');
    // No hand while paused (the deal is held, not late: the pause gate runs before every deal).
    await until(() => room.idle().then(() => true), 'idle');
    expect(room.hand).toBeNull();
    expect(await send(host, 'table:host', { tableId, command: 'resume' })).toBeNull();
    await until(() => room.hand?.number === 2, 'hand 2 dealt after resume');
    expect(room.table.config.stakes).toMatchObject({ smallBlind: 10, bigBlind: 20 });
    const blindsOf2 = await until(() => {
      const feed = ann.hands.find((p) => p.handNumber === 2);
      return (
        feed &&
        feed.events
          .filter((e) => e.type === 'forced-bet')
          .map((e) => e.amount as number)
          .sort((a, b) => a - b)
      );
    }, 'hand 2 blinds');
    expect(blindsOf2).toEqual([10, 20]);
    // Saved with the table when they took effect (a restart deals at 10/20).
    await until(
      async () =>
        (
          (await prisma.cashTable.findUniqueOrThrow({ where: { id: tableId } })).config as {
            stakes: { bigBlind: number };
          }
        ).stakes.bigBlind === 20,
      'the new stakes saved',
    );

    // Chat: heard by everyone with an id; Bob reports Ann's line; the host mutes Ann for everyone.
    expect(await chat(ann, tableId, 'nice hand')).toBeNull();
    const line = await until(() => bob.chats.find((m) => m.text === 'nice hand'), 'Bob hears Ann');
    expect(line.id).toEqual(expect.any(String));
    expect(await send(bob, 'table:chat-report', { tableId, messageId: line.id, reason: 'rude' })).toBeNull();
    expect(await send(bob, 'table:chat-report', { tableId, messageId: 'no-such-id' })).toMatchObject({
      code: 'NOT_FOUND',
    });
    // Only a watcher reports (a stranger never heard the line), and not his own line.
    const strangerReport = await send(stranger, 'table:chat-report', { tableId, messageId: line.id });
    expect(strangerReport).toMatchObject({ code: 'FORBIDDEN', message: expect.stringMatching(/^NOT_WATCHING/) });
    const ownReport = await send(ann, 'table:chat-report', { tableId, messageId: line.id });
    expect(ownReport).toMatchObject({ code: 'BAD_PAYLOAD', message: expect.stringMatching(/^OWN_MESSAGE/) });
    await api('get', '/admin/chat-reports', bob).expect(403);
    const reports = (await api('get', '/admin/chat-reports', admin).expect(200)).body.reports as {
      playerId: string;
      text: string;
      reason: string;
      reporterName: string;
    }[];
    expect(reports).toEqual([
      expect.objectContaining({ playerId: ann.userId, text: 'nice hand', reason: 'rude', reporterName: 'hc-bob' }),
    ]);
    expect(await send(host, 'table:host', { tableId, command: 'mute', playerId: ann.userId })).toBeNull();
    const heard = bob.chats.length;
    expect(await chat(ann, tableId, 'hello?')).toMatchObject({
      code: 'FORBIDDEN',
      message: expect.stringMatching(/^MUTED_BY_HOST/),
    });
    expect(await chat(bob, tableId, 'quiet now')).toBeNull();
    expect(bob.chats.slice(heard).map((m) => m.text)).toEqual(['quiet now']);

    // Pause again and finish hand 2: then away, stand up, remove — chips back through the ledger.
    expect(await send(host, 'table:host', { tableId, command: 'pause' })).toBeNull();
    await foldOut();
    await until(() => room.table.handsPlayed === 2 && !room.hand, 'hand 2 over');
    expect(await send(host, 'table:host', { tableId, command: 'away', playerId: bob.userId })).toBeNull();
    await until(
      () => ann.updates.at(-1)?.table.seatMap.find((s) => s?.playerId === bob.userId)?.sittingOut,
      'Ann sees Bob away',
    );
    const bobStack = room.table.seats[seatOf(bob)]!.stack;
    expect(await send(host, 'table:host', { tableId, command: 'stand-up', playerId: bob.userId })).toBeNull();
    await until(
      () =>
        ann.updates.some((u) =>
          u.events.some((e) => e.type === 'cashedOut' && e.playerId === bob.userId && e.amount === bobStack),
        ),
      'Bob cashed out',
    );
    expect(await ledger.userBalance(bob.userId)).toBe(99_000 + bobStack);
    const annStack = room.table.seats[seatOf(ann)]!.stack;
    expect(await send(host, 'table:host', { tableId, command: 'remove', playerId: ann.userId })).toBeNull();
    expect(await ledger.userBalance(ann.userId)).toBe(99_000 + annStack);
    expect(annStack + bobStack).toBe(2000);
    expect(await send(ann, 'table:sit', { tableId, buyIn: 1000 })).toMatchObject({
      code: 'FORBIDDEN',
      message: expect.stringMatching(/^REMOVED_BY_HOST/),
    });
    expect((await auditLedger(prisma)).ok).toBe(true);

    // A password lets a stranger in; host rights go to Bob (the old host is refused from then on).
    expect(await send(host, 'table:host', { tableId, command: 'password', password: 'open-sesame' })).toBeNull();
    await watch(stranger, tableId, 'open-sesame');
    expect(await send(host, 'table:host', { tableId, command: 'mute', playerId: stranger.userId })).toBeNull();
    expect(await send(host, 'table:host', { tableId, command: 'transfer', playerId: bob.userId })).toBeNull();
    await until(() => lastSummary(ann)?.hostId === bob.userId, 'everyone sees the new host');
    expect(await send(host, 'table:host', { tableId, command: 'resume' })).toMatchObject({
      code: 'FORBIDDEN',
      message: expect.stringMatching(/^NOT_HOST/),
    });
    expect((await prisma.cashTable.findUniqueOrThrow({ where: { id: tableId } })).hostId).toBe(bob.userId);

    // Restart: the table is hosted again with its controls.
    for (const table of tables.all()) table.stop();
    await app.naiko.close();
    second = await startTestApp({
      name: 'host-controls-test',
      module: HostControlsTestModule,
      databaseUrl: app.db.url,
      env: { REDIS_PREFIX: app.db.name, TABLE_HAND_PAUSE_MS: '30', TABLE_BOT_DELAY_MS: '0' },
    });
    const again = second.get(TablesService).get(tableId);
    expect(again.summary()).toMatchObject({
      hostId: bob.userId,
      hostControls: {
        paused: true,
        approvalRequired: false,
        muted: [stranger.userId],
        removed: [ann.userId],
        passwordSet: true,
        seatRequests: [],
      },
    });
    expect(again.table.config.private!.inviteCode).toBe('open-sesame');
    const bob2 = await player(second, 'hc-bob', 'player', false);
    expect(await send(bob2, 'table:host', { tableId, command: 'resume' })).toBeNull();
    expect(again.controls.paused).toBe(false);
  });
});
