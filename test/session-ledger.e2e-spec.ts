// The session ledger (issue 23, item 3) over the real stack: a private table's host and an invitee
// buy in, play, top up and leave over real sockets; the session ledger then shows each one's buy-ins,
// top-ups, cash-outs and net, equal to what his account balance gained or lost, and the ledger audit
// is clean. Access: host, players and admins; strangers get 404; a public table's is admins' only.
import request from 'supertest';
import { Module } from '@nestjs/common';
import { auditLedger, ChipLedger, PrismaService } from '@naiko/persistence';
import { onHandUpdates, QUEUES, type TableHandPayload, type TableSnapshotPayload } from '@naiko/contracts';
import { LobbyModule, PlatformModule, TablesService } from '@naiko/platform';
import { connectSocket, nextEvent, startTestApp, type TestApp, type TestSocket } from './support';

@Module({
  imports: [PlatformModule.forRoot({ app: 'session-ledger-test', consumeQueues: [QUEUES.system] }), LobbyModule],
})
class SessionLedgerTestModule {}

interface Client {
  userId: string;
  token: string;
  socket: TestSocket;
}

const START = 100_000;

async function until(cond: () => boolean | Promise<boolean>, timeoutMs = 15_000, what = 'condition'): Promise<void> {
  const end = Date.now() + timeoutMs;
  while (!(await cond())) {
    if (Date.now() > end) throw new Error(`timed out waiting for ${what}`);
    await new Promise((r) => setTimeout(r, 20));
  }
}

describe('session ledger', () => {
  let app: TestApp;
  let prisma: PrismaService;
  let ledger: ChipLedger;
  const sockets: TestSocket[] = [];

  beforeAll(async () => {
    app = await startTestApp({
      name: 'session-ledger-test',
      module: SessionLedgerTestModule,
      env: { TABLE_HAND_PAUSE_MS: '20', TABLE_BOT_DELAY_MS: '0', TABLE_SEED: 'session-ledger' },
    });
    prisma = app.get(PrismaService);
    ledger = new ChipLedger(prisma);
  });

  afterAll(async () => {
    for (const socket of sockets) socket.close();
    for (const table of app?.get(TablesService).all() ?? []) table.stop();
    await app?.close();
  });

  async function player(username: string, role: 'player' | 'admin' = 'player'): Promise<Client> {
    const user = await prisma.user.create({ data: { username, role } });
    await ledger.openUserAccount(user.id);
    await ledger.grant({ idempotencyKey: `welcome:${user.id}`, userId: user.id, amount: START });
    const token = app.token({ sub: user.id, username, role });
    const { socket } = await connectSocket(app.url, token);
    sockets.push(socket);
    return { userId: user.id, token, socket };
  }

  /** Opens each street with the minimum bet, else checks or calls: chips change hands, nobody goes broke quickly. */
  function autoPlay(client: Client, tableId: string): void {
    let seat: number | null = null;
    const onHand = (payload: TableHandPayload | TableSnapshotPayload): void => {
      if ('yourSeat' in payload && payload.yourSeat !== undefined) seat = payload.yourSeat;
      const view = ('view' in payload ? payload.view : payload.hand?.view) as
        { version: number; toAct: number | null; legal: { actions: string[]; minTo?: number } | null } | undefined;
      if (!view?.legal || view.toAct === null || view.toAct !== seat) return;
      const action =
        view.legal.actions.includes('bet') && view.legal.minTo
          ? { type: 'bet' as const, amount: view.legal.minTo }
          : { type: view.legal.actions.includes('check') ? ('check' as const) : ('call' as const) };
      client.socket.emit('table:act', { tableId, version: view.version, action });
    };
    onHandUpdates(client.socket, onHand);
    client.socket.on('table:snapshot', onHand);
  }

  const api = (method: 'get' | 'post', path: string, c: Client) =>
    request(app.url)[method](path).set('Authorization', `Bearer ${c.token}`);
  const balance = async (c: Client) =>
    Number((await prisma.chipAccount.findUniqueOrThrow({ where: { key: `user:${c.userId}` } })).balance);

  it('session ledger: buy-ins, a top-up and cash-outs per player, nets equal to the account changes, as JSON and CSV; host, players and admins only', async () => {
    const [host, friend, stranger, admin] = [
      await player('sl-host'),
      await player('sl-friend'),
      await player('sl-stranger'),
      await player('sl-admin', 'admin'),
    ];
    const created = await api('post', '/tables/private', host)
      .send({
        name: 'Friday night',
        game: 'holdem',
        structure: 'no-limit',
        stakes: { smallBlind: 5, bigBlind: 10 },
        buyIn: { min: 200, max: 2000 },
        seats: 3,
        clock: { decisionMs: 10_000, timeBankMs: 0 },
      })
      .expect(201);
    const tableId = created.body.tableId as string;
    await api('post', `/tables/${tableId}/invitations`, host).send({ username: 'sl-friend' }).expect(201);

    autoPlay(host, tableId);
    autoPlay(friend, tableId);
    for (const client of [host, friend]) {
      const snap = nextEvent(client.socket, 'table:snapshot');
      client.socket.emit('table:watch', { tableId });
      await snap;
    }
    host.socket.emit('table:sit', { tableId, buyIn: 1000 });
    friend.socket.emit('table:sit', { tableId, buyIn: 800 });
    const table = app.get(TablesService).get(tableId);
    await until(() => table.table.handsPlayed >= 3, 20_000, 'three hands');
    friend.socket.emit('table:reload', { tableId, amount: 200 });
    await until(
      async () => (await prisma.ledgerTransaction.count({ where: { tableId, reason: 'reload' } })) === 1,
      10_000,
      'the top-up',
    );
    await until(() => table.table.handsPlayed >= 5, 20_000, 'two more hands');

    // Mid-session: open, stacks on the table, the friend's top-up counted.
    const open = (await api('get', `/lobby/tables/${tableId}/sessions`, friend).expect(200)).body;
    expect(open.sessions).toHaveLength(1);
    expect(open.sessions[0].endedAt).toBeNull();

    for (const client of [host, friend]) client.socket.emit('table:leave', { tableId });
    await until(
      async () =>
        (await prisma.chipAccount.count({ where: { tableId, kind: 'table_stack', balance: { gt: 0 } } })) === 0,
      20_000,
      'both cashed out',
    );

    const body = (await api('get', `/lobby/tables/${tableId}/sessions`, host).expect(200)).body;
    expect(body).toMatchObject({ tableId, name: 'Friday night', private: true });
    expect(body.sessions).toHaveLength(1);
    const [session] = body.sessions;
    expect(session.endedAt).not.toBeNull();
    const row = (c: Client) => session.players.find((p: { userId: string }) => p.userId === c.userId);
    expect(row(host)).toMatchObject({ name: 'sl-host', buyIns: 1000, topUps: 0, stack: 0 });
    expect(row(friend)).toMatchObject({ name: 'sl-friend', buyIns: 800, topUps: 200, stack: 0 });
    // Each net is exactly what the player's account gained or lost; no rake, so the nets sum to 0.
    expect(row(host).net).toBe((await balance(host)) - START);
    expect(row(friend).net).toBe((await balance(friend)) - START);
    expect(row(host).net + row(friend).net).toBe(0);
    expect(row(host).cashOuts).toBe(1000 + row(host).net);
    expect((await auditLedger(prisma)).ok).toBe(true);

    const csv = await api('get', `/lobby/tables/${tableId}/sessions/1/csv`, host).expect(200);
    expect(csv.headers['content-type']).toMatch(/^text\/csv/);
    expect(csv.headers['content-disposition']).toContain(`session-1.csv`);
    expect(csv.text.split('\r\n')).toEqual([
      'player,buy_ins,top_ups,cash_outs,stack,net',
      ...session.players.map(
        (p: { name: string; buyIns: number; topUps: number; cashOuts: number; stack: number; net: number }) =>
          `"${p.name}",${p.buyIns},${p.topUps},${p.cashOuts},${p.stack},${p.net}`,
      ),
      `"total",1800,200,2000,0,0`,
      '',
    ]);
    await api('get', `/lobby/tables/${tableId}/sessions/2/csv`, host).expect(404);

    // Who may read it.
    await api('get', `/lobby/tables/${tableId}/sessions`, friend).expect(200);
    await api('get', `/lobby/tables/${tableId}/sessions`, admin).expect(200);
    await api('get', `/lobby/tables/${tableId}/sessions`, stranger).expect(404);
    await api('get', `/lobby/tables/${tableId}/sessions/1/csv`, stranger).expect(404);
    await api('get', '/lobby/tables/not-a-uuid/sessions', host).expect(400);

    // Sitting down again at the empty table opens session 2.
    host.socket.emit('table:sit', { tableId, buyIn: 500 });
    await until(
      async () => (await api('get', `/lobby/tables/${tableId}/sessions`, host)).body.sessions?.length === 2,
      10_000,
      'session 2',
    );

    const pub = await api('post', '/lobby/tables', admin)
      .send({
        name: 'Open room',
        game: 'holdem',
        structure: 'no-limit',
        stakes: { smallBlind: 5, bigBlind: 10 },
        buyIn: { min: 200, max: 5000 },
        seats: 3,
      })
      .expect(201);
    await api('get', `/lobby/tables/${pub.body.tableId}/sessions`, host).expect(403);
    await api('get', `/lobby/tables/${pub.body.tableId}/sessions`, admin).expect(200);
  });
});
