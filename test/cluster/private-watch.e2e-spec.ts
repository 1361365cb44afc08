// Private tables are watched by invitation in the split deployment too (issue 19, item 3): the
// sockets are on apps/lobby (TABLES_HOST=false), the table lives on an apps/cash-table copy, so
// every watch and sit is routed to the owner, and turning spectators off reaches sockets held by
// the other copy. A stranger's refused watch or sit hears nothing of the table, on either copy.
import { ChipLedger } from '@naiko/persistence';
import { TokenService } from '@naiko/platform';
import type { SocketError } from '@naiko/contracts';
import { freePort, startCopy, tableDirectory, until } from '../../bench/support/cluster';
import {
  answer,
  connectSocket,
  drained,
  EVENT_TIMEOUT_MS,
  nextEvent,
  TEST_JWT_SECRET,
  type TestSocket,
} from '../support';
import { copiesSuite } from '../support/copies';

interface Watcher {
  socket: TestSocket;
  received: { event: string; payload: unknown }[];
}

describe('private tables across copies: watching is by invitation, refusals join no room', () => {
  const suite = copiesSuite();
  const sockets: TestSocket[] = [];
  suite.onClose(() => sockets.forEach((s) => s.close()));
  const tokens = new TokenService(TEST_JWT_SECRET, 3600);

  const mkUser = async (username: string) => {
    const user = await suite.prisma.user.create({ data: { username } });
    const ledger = new ChipLedger(suite.prisma);
    await ledger.openUserAccount(user.id);
    await ledger.grant({ idempotencyKey: `pw:${user.id}`, userId: user.id, amount: 50_000 });
    return { ...user, token: tokens.sign({ sub: user.id, username, role: 'player' }) };
  };

  const connect = async (url: string, token: string): Promise<Watcher> => {
    const { socket } = await connectSocket(url, token, 10_000);
    sockets.push(socket);
    const watcher: Watcher = { socket, received: [] };
    socket.onAny((event: string, payload: unknown) => watcher.received.push({ event, payload }));
    return watcher;
  };

  /** The server's refusal of a command that must be refused. */
  const refusal = (w: Watcher, event: string, payload: unknown): Promise<SocketError | null> =>
    answer(w.socket, event, payload);

  const aboutTable = (watcher: Watcher, tableId: string) =>
    watcher.received.filter(
      (r) => r.event.startsWith('table:') && (r.payload as { tableId?: string } | null)?.tableId === tableId,
    );

  it('routed watch and sit refuse strangers before any room is joined; spectators off evicts them on every copy', async () => {
    const common = {
      databaseUrl: suite.db.url,
      prefix: suite.db.name,
      jwtSecret: TEST_JWT_SECRET,
      env: { TABLE_LEASE_MS: '1500', TABLE_HAND_PAUSE_MS: '50', TABLE_BOT_DELAY_MS: '0' },
    };
    const lobby = startCopy({
      ...common,
      entry: 'dist/apps/lobby/src/main.js',
      instanceId: 'pw-lobby',
      port: await freePort(),
    });
    const cash = startCopy({
      ...common,
      entry: 'dist/apps/cash-table/src/main.js',
      instanceId: 'pw-cash',
      port: await freePort(),
    });
    suite.copies.push(lobby, cash);
    await Promise.all([lobby.ready, cash.ready]);
    const [ann, ben, cy] = [await mkUser('pw-ann'), await mkUser('pw-ben'), await mkUser('pw-cy')];
    const http = (method: string, path: string, token: string, body?: unknown) =>
      fetch(`${lobby.url}${path}`, {
        method,
        headers: { 'content-type': 'application/json', authorization: `Bearer ${token}` },
        ...(body === undefined ? {} : { body: JSON.stringify(body) }),
      });

    const created = await http('POST', '/tables/private', ann.token, {
      name: 'Ann',
      game: 'holdem',
      structure: 'no-limit',
      stakes: { smallBlind: 5, bigBlind: 10 },
      buyIn: { min: 200, max: 2000 },
      seats: 3,
      clock: { decisionMs: 20_000, timeBankMs: 0 },
    });
    expect(created.status).toBe(201);
    const { tableId } = (await created.json()) as { tableId: string };
    expect((await tableDirectory(suite.db.name)).find((e) => e.tableId === tableId)?.owner).toBe('pw-cash');
    expect((await http('POST', `/tables/${tableId}/invitations`, ann.token, { username: 'pw-ben' })).status).toBe(201);

    // Everyone on the lobby copy (routed), and the stranger on the owner's copy as well.
    const [annW, benW, cyLobby, cyCash] = [
      await connect(lobby.url, ann.token),
      await connect(lobby.url, ben.token),
      await connect(lobby.url, cy.token),
      await connect(cash.url, cy.token),
    ];
    for (const watcher of [cyLobby, cyCash]) {
      expect(await refusal(watcher, 'table:watch', { tableId })).toMatchObject({
        code: 'FORBIDDEN',
        message: expect.stringMatching(/^NOT_INVITED/),
      });
      expect(await refusal(watcher, 'table:sit', { tableId, buyIn: 1000 })).toMatchObject({
        code: 'FORBIDDEN',
        message: expect.stringMatching(/^NOT_INVITED/),
      });
    }
    for (const watcher of [annW, benW]) {
      const snap = nextEvent(watcher.socket, 'table:snapshot', 10_000);
      watcher.socket.emit('table:sit', { tableId, buyIn: 1000 });
      expect((await snap).yourSeat).not.toBeNull();
    }
    await until(() => benW.received.some((r) => r.event === 'table:hand'), EVENT_TIMEOUT_MS, 'a hand dealt');
    annW.socket.emit('table:chat', { tableId, text: 'invited only' });
    await until(() => benW.received.some((r) => r.event === 'table:chat'), EVENT_TIMEOUT_MS, 'the chat at the invitee');
    // The lobby copy delivered the owner's broadcast of the chat (Ben has it) and the owner's copy
    // sent it: a round trip to each of the stranger's copies brings whatever either sent him.
    await Promise.all([drained(cyLobby.socket), drained(cyCash.socket)]);
    expect(aboutTable(cyLobby, tableId)).toEqual([]);
    expect(aboutTable(cyCash, tableId)).toEqual([]);

    // Spectators allowed (routed settings): the stranger watches from the lobby copy.
    expect((await http('PATCH', `/tables/${tableId}/settings`, ann.token, { spectatorsAllowed: true })).status).toBe(
      200,
    );
    const snap = nextEvent(cyLobby.socket, 'table:snapshot', 10_000);
    cyLobby.socket.emit('table:watch', { tableId });
    expect((await snap).yourSeat).toBeNull();
    annW.socket.emit('table:chat', { tableId, text: 'spectators welcome' });
    await until(
      () => cyLobby.received.some((r) => r.event === 'table:chat'),
      EVENT_TIMEOUT_MS,
      'the chat at the spectator',
    );

    // Off again: the owner evicts the stranger's socket held by the lobby copy.
    const told = nextEvent(cyLobby.socket, 'error', 10_000);
    expect((await http('PATCH', `/tables/${tableId}/settings`, ann.token, { spectatorsAllowed: false })).status).toBe(
      200,
    );
    expect(await told).toMatchObject({ code: 'FORBIDDEN', message: expect.stringMatching(/^NOT_INVITED/) });
    const heard = aboutTable(cyLobby, tableId).length;
    const benChats = benW.received.filter((r) => r.event === 'table:chat').length;
    annW.socket.emit('table:chat', { tableId, text: 'invited only again' });
    await until(
      () => benW.received.filter((r) => r.event === 'table:chat').length > benChats,
      EVENT_TIMEOUT_MS,
      'the chat at the invitee',
    );
    await drained(cyLobby.socket); // as above: Ben's copy, the stranger's, delivered the chat

    expect(aboutTable(cyLobby, tableId).length).toBe(heard);
    expect(await refusal(cyLobby, 'table:watch', { tableId })).toMatchObject({ code: 'FORBIDDEN' });
  }, 120_000);
});
