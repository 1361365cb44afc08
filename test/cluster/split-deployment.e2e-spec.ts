// The split deployment (issue #6): apps/lobby hosts no tables (TABLES_HOST=false) and routes every
// table command to the apps/cash-table copies. One lobby and two cash-table copies as child
// processes: tables created through the lobby land on a cash-table copy, the lobby lists them,
// players connected only to the lobby sit and play, a spectator on the lobby gets the spectator
// feed (no hole card), HTTP table operations reach the owner and its typed refusals come back.
import { auditLedger, ChipLedger, recoverFromCrash } from '@naiko/persistence';
import { TokenService } from '@naiko/platform';
import type { TableHandPayload, TablePublicState } from '@naiko/contracts';
import { ClusterPlayer, freePort, startCopy, tableDirectory, until, type Copy } from '../../bench/support/cluster';
import { connectSocket, nextEvent, TEST_JWT_SECRET, type TestSocket } from '../support';
import { copiesSuite } from '../support/copies';

describe('split deployment: apps/lobby routes table commands to apps/cash-table copies', () => {
  const suite = copiesSuite();
  const players: ClusterPlayer[] = [];
  let spectator: TestSocket | undefined;
  suite.onClose(() => {
    for (const player of players) player.stop();
    spectator?.close();
  });
  const tokens = new TokenService(TEST_JWT_SECRET, 3600);

  /** A user with an account holding 50,000 chips, and his token. */
  const mkUser = async (username: string, role: 'admin' | 'player' = 'player') => {
    const user = await suite.prisma.user.create({ data: { username, role } });
    const ledger = new ChipLedger(suite.prisma);
    await ledger.openUserAccount(user.id);
    await ledger.grant({ idempotencyKey: `split:${user.id}`, userId: user.id, amount: 50_000 });
    return { ...user, token: tokens.sign({ sub: user.id, username, role }) };
  };

  /** apps/lobby and two apps/cash-table copies on one Redis prefix. */
  const startSplit = async (prefix: string, suffix: string) => {
    const common = {
      databaseUrl: suite.db.url,
      prefix,
      jwtSecret: TEST_JWT_SECRET,
      env: { TABLE_LEASE_MS: '1500', TABLE_HAND_PAUSE_MS: '50', TABLE_BOT_DELAY_MS: '0' },
    };
    const lobby = startCopy({
      ...common,
      entry: 'dist/apps/lobby/src/main.js',
      instanceId: `lobby-${suffix}`,
      port: await freePort(),
    });
    const tableCopies: Copy[] = [];
    for (const index of [0, 1])
      tableCopies.push(
        startCopy({
          ...common,
          entry: 'dist/apps/cash-table/src/main.js',
          instanceId: `cash-${suffix}${index}`,
          port: await freePort(),
        }),
      );
    suite.copies.push(lobby, ...tableCopies);
    await Promise.all([lobby, ...tableCopies].map((c) => c.ready));
    return { lobby, tableCopies };
  };

  it('creates, lists, seats, plays, spectates and refuses through the lobby; the tables live on the cash-table copies', async () => {
    const { lobby, tableCopies } = await startSplit(suite.db.name, '');
    const [admin, ann, ben, cy] = [
      await mkUser('split-admin', 'admin'),
      await mkUser('ann'),
      await mkUser('ben'),
      await mkUser('cy'),
    ];
    const http = (method: string, path: string, token: string, body?: unknown) =>
      fetch(`${lobby.url}${path}`, {
        method,
        headers: { 'content-type': 'application/json', authorization: `Bearer ${token}` },
        ...(body === undefined ? {} : { body: JSON.stringify(body) }),
      });

    // Created through the lobby, hosted by a cash-table copy (the lobby has no TablesService host).
    const res = await http('POST', '/lobby/tables', admin.token, {
      name: 'Split',
      game: 'holdem',
      structure: 'no-limit',
      stakes: { smallBlind: 5, bigBlind: 10 },
      buyIn: { min: 200, max: 2000 },
      seats: 6,
      botsAllowed: false,
      clock: { decisionMs: 5000, timeBankMs: 0 },
    });
    expect(res.status).toBe(201);
    const { tableId } = (await res.json()) as { tableId: string };
    const owner = (await tableDirectory(suite.db.name)).find((e) => e.tableId === tableId)?.owner;
    expect(['cash-0', 'cash-1']).toContain(owner);

    const listed = (await (await http('GET', '/lobby/tables', ann.token)).json()) as { tables: { tableId: string }[] };
    expect(listed.tables.map((t) => t.tableId)).toEqual([tableId]);

    // A spectator on the lobby: watch → the owner's snapshot; then spectator feeds only.
    spectator = (await connectSocket(lobby.url, cy.token)).socket;
    const feeds: TableHandPayload[] = [];
    spectator.on('table:hand', (p) => feeds.push(p));
    spectator.emit('table:watch', { tableId });
    expect((await nextEvent(spectator, 'table:snapshot', 10_000)).tableId).toBe(tableId);

    const handsEnded = { n: 0 };
    for (const [index, user] of [ann, ben].entries()) {
      players.push(
        new ClusterPlayer({
          userId: user.id,
          username: user.username,
          token: user.token,
          tableId,
          buyIn: 1000,
          seat: index,
          copies: [lobby],
          seed: `split:${index}`,
          record: true,
          bigBlind: 10,
          reloadTo: 1000,
          onHandEvent: (_t, kind) => kind === 'hand-ended' && index === 0 && handsEnded.n++,
        }),
      );
    }
    await Promise.all(players.map((p) => p.start()));
    await until(() => handsEnded.n >= 3, 60_000, 'three hands played through the lobby');

    // /metrics counts the routed commands: sent by the lobby, served by the table copies.
    const metric = async (copy: Copy, direction: string): Promise<number> =>
      (await (await fetch(`${copy.url}/metrics`)).text())
        .split('\n')
        .filter(
          (line) =>
            line.startsWith('naiko_routed_commands_total{') &&
            line.includes(`direction="${direction}"`) &&
            line.includes('op="act"') &&
            line.includes('outcome="ok"'),
        )
        .reduce((sum, l) => sum + Number(l.split(' ').pop()), 0);
    expect(await metric(lobby, 'sent')).toBeGreaterThan(0);
    expect((await metric(tableCopies[0]!, 'served')) + (await metric(tableCopies[1]!, 'served'))).toBeGreaterThan(0);

    // The spectator saw the hands, never a face-down hole card.
    expect(feeds.length).toBeGreaterThan(0);
    const holes = feeds.flatMap((f) => f.events).filter((e) => e.type === 'hole-dealt') as unknown as {
      cards: (number | null)[];
      up: boolean[];
    }[];
    expect(holes.length).toBeGreaterThan(0);
    expect(holes.every((e) => e.cards.every((c, i) => c === null || e.up[i]))).toBe(true);

    // The seat map comes from the owner; a routed refusal keeps its code and reason.
    const seatMap = (await (await http('GET', `/lobby/tables/${tableId}`, cy.token)).json()) as {
      seatMap: ({ playerId: string } | null)[];
    };
    expect(
      seatMap.seatMap
        .filter((s) => s !== null)
        .map((s) => s!.playerId)
        .sort(),
    ).toEqual([ann.id, ben.id].sort());

    // A private table through the lobby: invitation, then the invitee lists it, others do not.
    const priv = (await (
      await http('POST', '/tables/private', ann.token, {
        name: 'Ann',
        game: 'holdem',
        structure: 'no-limit',
        stakes: { smallBlind: 1, bigBlind: 2 },
        buyIn: { min: 40, max: 400 },
        seats: 2,
      })
    ).json()) as { tableId: string };
    expect((await http('POST', `/tables/${priv.tableId}/invitations`, ann.token, { username: 'ben' })).status).toBe(
      201,
    );
    const refused = await http('PATCH', `/tables/${priv.tableId}/settings`, cy.token, { botsAllowed: true });
    expect(refused.status).toBe(403);
    expect(((await refused.json()) as { reason: string }).reason).toBe('NOT_HOST');
    expect((await http('PATCH', `/tables/${priv.tableId}/settings`, ann.token, { botsAllowed: true })).status).toBe(
      200,
    );
    const forBen = (await (await http('GET', '/lobby/tables', ben.token)).json()) as { tables: { tableId: string }[] };
    const forCy = (await (await http('GET', '/lobby/tables', cy.token)).json()) as { tables: { tableId: string }[] };
    expect(forBen.tables.map((t) => t.tableId).sort()).toEqual([tableId, priv.tableId].sort());
    expect(forCy.tables.map((t) => t.tableId)).toEqual([tableId]);
    expect((await http('POST', `/tables/${priv.tableId}/close`, ann.token)).status).toBe(201);
    await until(
      async () =>
        !(
          (await (await http('GET', '/lobby/tables', ben.token)).json()) as { tables: { tableId: string }[] }
        ).tables.some((t) => t.tableId === priv.tableId),
      5000,
      'the closed table to leave the lobby',
    );

    // A socket command for an unknown table: typed NOT_FOUND from the lobby.
    const bad = nextEvent(spectator, 'error', 10_000);
    spectator.emit('table:watch', { tableId: '00000000-0000-4000-8000-000000000000' });
    expect((await bad).code).toBe('NOT_FOUND');

    for (const player of players) player.stop();
    await Promise.all(suite.copies.map((c) => c.kill('SIGKILL')));
    expect((await recoverFromCrash(suite.prisma, {})).audit?.ok).toBe(true);
    expect((await auditLedger(suite.prisma)).ok).toBe(true);
  }, 150_000);
  it('after a takeover the new owner learns who watches from other copies: a later death of such a copy sits its players out', async () => {
    // The lobby L hosts nothing, so when the owner of the table dies the other cash-table copy N
    // must take it over. Ann's only socket is on L and she sends nothing after sitting down; Ben
    // plays from N. Then L dies: N never got a routed watch from L for Ann (the old owner did),
    // yet it must notice that Ann's copy is gone and count her disconnected.
    const prefix = `${suite.db.name}-2`;
    const { lobby, tableCopies } = await startSplit(prefix, 'b');
    const [admin, ann, ben, dee] = [
      await mkUser('split2-admin', 'admin'),
      await mkUser('ann2'),
      await mkUser('ben2'),
      await mkUser('dee2'),
    ];
    const res = await fetch(`${lobby.url}/lobby/tables`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', authorization: `Bearer ${admin.token}` },
      body: JSON.stringify({
        name: 'Watchers',
        game: 'holdem',
        structure: 'no-limit',
        stakes: { smallBlind: 5, bigBlind: 10 },
        buyIn: { min: 200, max: 2000 },
        seats: 6,
        botsAllowed: false,
        clock: { decisionMs: 800, timeBankMs: 0 },
      }),
    });
    expect(res.status).toBe(201);
    const { tableId } = (await res.json()) as { tableId: string };
    const ownerId = (await tableDirectory(prefix)).find((e) => e.tableId === tableId)?.owner;
    const owner = tableCopies.find((c) => c.instanceId === ownerId)!;
    const other = tableCopies.find((c) => c !== owner)!;

    // Ann sits through the lobby and then stays silent (the clock checks or folds for her).
    const annSocket = (await connectSocket(lobby.url, ann.token)).socket;
    const seatedAnn = nextEvent(annSocket, 'table:snapshot', 10_000);
    annSocket.emit('table:sit', { tableId, buyIn: 1000, seat: 0 });
    expect((await seatedAnn).yourSeat).toBe(0);
    const handsEnded = { n: 0 };
    const benPlayer = new ClusterPlayer({
      userId: ben.id,
      username: ben.username,
      token: ben.token,
      tableId,
      buyIn: 1000,
      seat: 1,
      copies: [other],
      seed: 'split2:ben',
      bigBlind: 10,
      reloadTo: 1000,
      onHandEvent: (_t, kind) => kind === 'hand-ended' && handsEnded.n++,
    });
    players.push(benPlayer);
    await benPlayer.start();
    await until(() => handsEnded.n >= 2, 60_000, 'two hands before the owner dies');

    await owner.kill('SIGKILL');
    await until(
      async () => (await tableDirectory(prefix)).find((e) => e.tableId === tableId)?.owner === other.instanceId,
      20_000,
      'the other cash-table copy to take the table over',
    );
    const after = handsEnded.n;
    await until(() => handsEnded.n >= after + 1, 30_000, 'a hand after the takeover');

    // Dee watches on the new owner: Ann is seated again and counts as connected (her socket on L
    // is alive, and N learnt it from L although Ann never watched again).
    const dee2 = (await connectSocket(other.url, dee.token)).socket;
    spectator = dee2;
    const updates: TablePublicState[] = [];
    dee2.on('table:update', (p) => updates.push(p.table));
    const snap = nextEvent(dee2, 'table:snapshot', 10_000);
    dee2.emit('table:watch', { tableId });
    const annSeat = (await snap).table.seatMap.find((s) => s?.playerId === ann.id);
    expect(annSeat?.connected).toBe(true);

    // L dies without a goodbye: N counts Ann (who watched only from L) as disconnected.
    await lobby.kill('SIGKILL');
    await until(
      () => updates.some((t) => t.seatMap.some((s) => s?.playerId === ann.id && !s.connected)),
      15_000,
      'Ann seen disconnected after her copy died',
    );
    annSocket.close();

    benPlayer.stop();
    await Promise.all(suite.copies.map((c) => c.kill('SIGKILL')));
    expect((await recoverFromCrash(suite.prisma, {})).audit?.ok).toBe(true);
  }, 150_000);
});
