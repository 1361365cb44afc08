// Tokens do not outlive their user's rights (issue 19.5), end to end on the all-in-one app with
// real sockets: a demoted admin, a deleted user, a renamed user and a password change each end
// every session at once (HTTP 401, sockets closed, reconnection refused, refresh refused); access
// tokens are short and refresh tokens rotate, are stored hashed and die when reused.
import { createHash } from 'node:crypto';
import request from 'supertest';
import { PrismaService } from '@naiko/persistence';
import { TokenService } from '@naiko/platform';
import {
  connectSocket,
  createTestDatabase,
  startTestApp,
  type TestApp,
  type TestDatabase,
  type TestSocket,
} from './support';

interface Session {
  accessToken: string;
  refreshToken: string;
  expiresIn: number;
  user: { id: string; username: string; role: string };
}

describe('sessions end with the rights they were issued for', () => {
  let app: TestApp;
  let prisma: PrismaService;
  let root: Session; // an admin
  const sockets: TestSocket[] = [];

  const register = async (username: string): Promise<Session> =>
    (
      await request(app.url)
        .post('/auth/register')
        .send({ username, password: `${username}-password` })
        .expect(201)
    ).body as Session;
  const login = async (username: string, password = `${username}-password`): Promise<Session> =>
    (await request(app.url).post('/auth/login').send({ username, password }).expect(200)).body as Session;
  const asAdmin = async (username: string): Promise<Session> => {
    const session = await register(username);
    await prisma.user.update({ where: { id: session.user.id }, data: { role: 'admin' } });
    return login(username);
  };
  const connect = async (token: string): Promise<TestSocket> => {
    const { socket } = await connectSocket(app.url, token);
    sockets.push(socket);
    return socket;
  };
  const closed = (socket: TestSocket): Promise<void> =>
    socket.connected ? new Promise((resolve) => socket.once('disconnect', () => resolve())) : Promise.resolve();
  const refused = (token: string) =>
    expect(connectSocket(app.url, token)).rejects.toMatchObject({
      message: 'UNAUTHORIZED',
      data: { code: 'UNAUTHORIZED' },
    });
  const bearer = (s: Session) => `Bearer ${s.accessToken}`;

  // (Sign-ups are throttled per IP, 10 an hour: this file registers fewer.)
  beforeAll(async () => {
    app = await startTestApp();
    prisma = app.get(PrismaService);
    root = await asAdmin('root');
  });
  afterAll(async () => {
    sockets.forEach((s) => s.close());
    await app?.close();
  });

  it('access tokens are short (15 min by default) and come with a refresh token', async () => {
    const session = await register('shorty');
    const claims = JSON.parse(Buffer.from(session.accessToken.split('.')[1]!, 'base64url').toString()) as {
      iat: number;
      exp: number;
      ver: number;
    };
    expect(claims.exp - claims.iat).toBe(15 * 60);
    expect(claims.ver).toBe(0);
    expect(session.expiresIn).toBe(900);
    expect(session.refreshToken).toMatch(/^[A-Za-z0-9_-]{43}$/);
  });

  it('a demoted admin loses admin rights at once: no chip grant, no audit, his socket is closed and cannot reconnect', async () => {
    const ada = await asAdmin('ada');
    const victim = root; // whom the chips would go to
    const socket = await connect(ada.accessToken);
    const socketClosed = closed(socket);
    await request(app.url)
      .post('/admin/chips/grant')
      .set('Authorization', bearer(ada))
      .send({ userId: victim.user.id, amount: 5, idempotencyKey: 'before' })
      .expect(201);
    await request(app.url).get('/admin/queues/api/queues').set('Authorization', bearer(ada)).expect(200);

    await request(app.url)
      .put(`/admin/users/${ada.user.id}/role`)
      .set('Authorization', bearer(root))
      .send({ role: 'player' })
      .expect(200);

    await request(app.url)
      .post('/admin/chips/grant')
      .set('Authorization', bearer(ada))
      .send({ userId: victim.user.id, amount: 5, idempotencyKey: 'after' })
      .expect(401);
    await request(app.url).get('/admin/ledger/audit').set('Authorization', bearer(ada)).expect(401);
    await request(app.url).get('/admin/queues/api/queues').set('Authorization', bearer(ada)).expect(401);
    await request(app.url).get('/admin/queues/api/queues').set('Cookie', `naiko_admin=${ada.accessToken}`).expect(401);
    await socketClosed;
    await refused(ada.accessToken);
    await request(app.url).post('/auth/refresh').send({ refreshToken: ada.refreshToken }).expect(401);
    // Signed in again she is a player.
    const again = await login('ada');
    expect(again.user.role).toBe('player');
    await request(app.url)
      .post('/admin/chips/grant')
      .set('Authorization', bearer(again))
      .send({ userId: victim.user.id, amount: 5, idempotencyKey: 'again' })
      .expect(403);
    expect(await prisma.ledgerTransaction.count({ where: { idempotencyKey: { in: ['after', 'again'] } } })).toBe(0);
  });

  it("a deleted user's token no longer connects, refreshes or reads; he cannot sign in", async () => {
    const gone = await register('gone');
    const socket = await connect(gone.accessToken);
    const socketClosed = closed(socket);
    await request(app.url).delete(`/admin/users/${gone.user.id}`).set('Authorization', bearer(root)).expect(204);
    await socketClosed;
    await refused(gone.accessToken);
    await request(app.url).get('/accounts/me').set('Authorization', bearer(gone)).expect(401);
    await request(app.url).post('/auth/refresh').send({ refreshToken: gone.refreshToken }).expect(401);
    await request(app.url).post('/auth/login').send({ username: 'gone', password: 'gone-password' }).expect(401);
    // A token signed for an id with no account at all is refused too.
    await refused(app.tokens.sign({ sub: '00000000-0000-4000-8000-00000000dead', username: 'ghost', role: 'player' }));
    // Only admins delete; deleting twice finds nobody.
    await request(app.url)
      .delete(`/admin/users/${root.user.id}`)
      .set('Authorization', `Bearer ${app.token()}`)
      .expect(403);
    await request(app.url).delete(`/admin/users/${gone.user.id}`).set('Authorization', bearer(root)).expect(404);
  });

  it('a renamed user cannot go on under the old name: old token refused, old name free for someone else, the new token carries the new name', async () => {
    const olga = await register('olga');
    const socket = await connect(olga.accessToken);
    const socketClosed = closed(socket);
    const renamed = await request(app.url)
      .put(`/admin/users/${olga.user.id}/username`)
      .set('Authorization', bearer(root))
      .send({ username: 'olga-k' })
      .expect(200);
    expect(renamed.body).toMatchObject({ id: olga.user.id, username: 'olga-k' });
    await socketClosed;
    await refused(olga.accessToken);
    await request(app.url).post('/auth/refresh').send({ refreshToken: olga.refreshToken }).expect(401);
    const impostor = await register('olga');
    expect(impostor.user.id).not.toBe(olga.user.id);
    const { socket: fresh, welcome } = await connectSocket(
      app.url,
      (await login('olga-k', 'olga-password')).accessToken,
    );
    sockets.push(fresh);
    expect(welcome.user).toEqual({ sub: olga.user.id, username: 'olga-k', role: 'player' });
    // A taken name or a bad one is refused.
    await request(app.url)
      .put(`/admin/users/${olga.user.id}/username`)
      .set('Authorization', bearer(root))
      .send({ username: 'root' })
      .expect(409);
    await request(app.url)
      .put(`/admin/users/${olga.user.id}/username`)
      .set('Authorization', bearer(root))
      .send({ username: 'a b' })
      .expect(400);
  });

  it('a seated player is not renamed (the seat keeps its name): 409 SEATED until he has left the table', async () => {
    const table = await request(app.url)
      .post('/lobby/tables')
      .set('Authorization', bearer(root))
      .send({
        name: 'Names',
        game: 'holdem',
        structure: 'no-limit',
        stakes: { smallBlind: 10, bigBlind: 20 },
        buyIn: { min: 400, max: 2000 },
        seats: 6,
        botsAllowed: false,
        naikoMode: false,
      })
      .expect(201);
    const tableId = table.body.tableId as string;
    const sid = await register('sid');
    const socket = await connect(sid.accessToken);
    socket.emit('table:watch', { tableId });
    const snapshot = new Promise<{ yourSeat: number | null }>((resolve) => {
      socket.on('table:snapshot', (p: { yourSeat: number | null }) => p.yourSeat !== null && resolve(p));
    });
    socket.emit('table:sit', { tableId, buyIn: 400 });
    await snapshot;
    const refused = await request(app.url)
      .put(`/admin/users/${sid.user.id}/username`)
      .set('Authorization', bearer(root))
      .send({ username: 'sid-2' })
      .expect(409);
    expect(refused.body.code).toBe('SEATED');
    expect((await prisma.user.findUnique({ where: { id: sid.user.id } }))!.username).toBe('sid');
    // Alone at the table (no hand running), he leaves: his stack goes back to his account.
    socket.emit('table:leave', { tableId });
    for (
      let i = 0;
      (await prisma.chipAccount.count({ where: { userId: sid.user.id, kind: 'table_stack', balance: { gt: 0 } } })) > 0;
      i++
    ) {
      if (i > 600) throw new Error('the stack never went back to the account');
      await new Promise((r) => setTimeout(r, 50));
    }
    await request(app.url)
      .put(`/admin/users/${sid.user.id}/username`)
      .set('Authorization', bearer(root))
      .send({ username: 'sid-2' })
      .expect(200);
  });

  it('a password change ends every other session and opens a new one', async () => {
    const registered = await register('pat');
    const loggedIn = await login('pat');
    await request(app.url)
      .put('/accounts/me/password')
      .set('Authorization', bearer(registered))
      .send({ currentPassword: 'wrong-one', newPassword: 'new-pat-password' })
      .expect(401);
    const changed = (
      await request(app.url)
        .put('/accounts/me/password')
        .set('Authorization', bearer(registered))
        .send({ currentPassword: 'pat-password', newPassword: 'new-pat-password' })
        .expect(200)
    ).body as Session;
    await request(app.url).get('/accounts/me').set('Authorization', bearer(registered)).expect(401);
    await request(app.url).get('/accounts/me').set('Authorization', bearer(loggedIn)).expect(401);
    await request(app.url).post('/auth/refresh').send({ refreshToken: loggedIn.refreshToken }).expect(401);
    await request(app.url).get('/accounts/me').set('Authorization', bearer(changed)).expect(200);
    await request(app.url).post('/auth/login').send({ username: 'pat', password: 'pat-password' }).expect(401);
    await login('pat', 'new-pat-password');
  });

  it('refresh tokens rotate, are stored hashed only, die on logout, and a reused one ends the whole family', async () => {
    const s0 = await register('rae');
    const s1 = (await request(app.url).post('/auth/refresh').send({ refreshToken: s0.refreshToken }).expect(200))
      .body as Session;
    expect(s1.refreshToken).not.toBe(s0.refreshToken);
    expect(app.get(TokenService).verify(s1.accessToken)).toMatchObject({
      sub: s0.user.id,
      username: 'rae',
      role: 'player',
    });
    const rows = await prisma.refreshToken.findMany({ where: { userId: s0.user.id } });
    expect(rows.map((r) => r.tokenHash).sort()).toEqual(
      [s0.refreshToken, s1.refreshToken].map((x) => createHash('sha256').update(x).digest('hex')).sort(),
    );
    // s0 was stolen and replayed: refused, and the legitimate s1 dies with it.
    await request(app.url).post('/auth/refresh').send({ refreshToken: s0.refreshToken }).expect(401);
    await request(app.url).post('/auth/refresh').send({ refreshToken: s1.refreshToken }).expect(401);
    const s2 = await login('rae');
    await request(app.url).post('/auth/logout').send({ refreshToken: s2.refreshToken }).expect(204);
    await request(app.url).post('/auth/refresh').send({ refreshToken: s2.refreshToken }).expect(401);
    await request(app.url)
      .post('/auth/refresh')
      .send({ refreshToken: 'x'.repeat(43) })
      .expect(401);
    await request(app.url).post('/auth/refresh').send({}).expect(400);
  });
});

describe('a change of rights reaches every copy at once, not when its cache expires', () => {
  let db: TestDatabase;
  const copies: TestApp[] = [];

  beforeAll(async () => {
    db = await createTestDatabase();
    // Two copies on one database and one Redis namespace; each caches account state for a minute.
    // Copies share socket.io rooms through the Redis adapter, which carries the invalidation (the
    // all-in-one app leaves it out unless it is one of several copies: CLUSTER_MODE/INSTANCE_ID).
    const env = { REDIS_PREFIX: `${db.name}_shared`, AUTH_STATE_CACHE_MS: '60000', SOCKET_REDIS_ADAPTER: 'true' };
    copies.push(await startTestApp({ databaseUrl: db.url, env }));
    copies.push(await startTestApp({ databaseUrl: db.url, env }));
  });
  afterAll(async () => {
    for (const copy of copies) await copy.close().catch(() => undefined);
    await db.drop();
  });

  it('an admin demoted on copy A is refused on copy B within moments, though B had cached him as admin', async () => {
    const [copyA, copyB] = copies as [TestApp, TestApp];
    const prisma = copyA.get(PrismaService);
    const reg = (
      await request(copyA.url)
        .post('/auth/register')
        .send({ username: 'cross', password: 'cross-password' })
        .expect(201)
    ).body as Session;
    await prisma.user.update({ where: { id: reg.user.id }, data: { role: 'admin' } });
    const cross = (
      await request(copyA.url).post('/auth/login').send({ username: 'cross', password: 'cross-password' }).expect(200)
    ).body as Session;
    await request(copyB.url).get('/admin/ledger/audit').set('Authorization', `Bearer ${cross.accessToken}`).expect(200); // B caches "admin, version 0"
    await request(copyA.url)
      .put(`/admin/users/${cross.user.id}/role`)
      .set('Authorization', `Bearer ${copyA.token({ role: 'admin' })}`)
      .send({ role: 'player' })
      .expect(200);
    // The invalidation travels through Redis: allow it 20 s on a loaded machine — still far below
    // the 60 s the cache would keep him, so a 401 here can only come from the invalidation.
    const deadline = Date.now() + 20_000;
    let status = 200;
    while (status === 200 && Date.now() < deadline) {
      status = (await request(copyB.url).get('/admin/ledger/audit').set('Authorization', `Bearer ${cross.accessToken}`))
        .status;
    }
    expect(status).toBe(401);
  });
});
