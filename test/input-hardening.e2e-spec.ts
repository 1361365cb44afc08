// The rest of the security review (issue 19.8), end to end on the all-in-one app: hostile input
// gets a typed 400 (never a 500) and changes nothing; table names and chat refuse invisible and
// reordering characters; table configs with a buy-in below the big blind or absurd blinds are
// refused; a host has a bounded number of open private tables; /metrics needs a token; CORS
// answers only the allowed origins.
import request from 'supertest';
import { PrismaService } from '@naiko/persistence';
import { connectSocket, startTestApp, TEST_DEFAULT_USER_ID, type TestApp } from './support';

const METRICS_TOKEN = 'metrics-token-0123456789';
const ALLOWED = 'https://play.naiko.example';

const table = (overrides: Record<string, unknown> = {}) => ({
  name: 'Hardened 10/20',
  game: 'holdem',
  structure: 'no-limit',
  stakes: { smallBlind: 10, bigBlind: 20 },
  buyIn: { min: 400, max: 2000 },
  seats: 6,
  botsAllowed: false,
  naikoMode: false,
  ...overrides,
});

describe('hostile input and exposed surfaces (issue 19.8)', () => {
  let app: TestApp;
  let prisma: PrismaService;
  let admin: string;
  let player: { token: string; id: string };

  beforeAll(async () => {
    app = await startTestApp({ env: { METRICS_TOKEN, CORS_ORIGINS: ALLOWED, PRIVATE_TABLES_PER_HOST: '2' } });
    prisma = app.get(PrismaService);
    admin = `Bearer ${app.token({ sub: TEST_DEFAULT_USER_ID, role: 'admin', username: 'admin' })}`;
    const res = await request(app.url)
      .post('/auth/register')
      .send({ username: 'hostile', password: 'hostile-password' })
      .expect(201);
    player = { token: `Bearer ${res.body.accessToken}`, id: res.body.user.id };
  });
  afterAll(async () => {
    await app?.close();
  });

  describe('typed 400 instead of 500', () => {
    it('a deeply nested JSON body', async () => {
      const deep = '['.repeat(40_000) + ']'.repeat(40_000);
      for (const path of ['/auth/login', '/lobby/tables']) {
        const res = await request(app.url)
          .post(path)
          .set('Authorization', admin)
          .set('Content-Type', 'application/json')
          .send(`{"name":${deep}}`);
        expect(res.status).toBe(400);
        expect(res.body).toMatchObject({ statusCode: 400, code: 'BAD_PAYLOAD' });
      }
      // Malformed and oversized bodies get typed answers too.
      const malformed = await request(app.url)
        .post('/auth/login')
        .set('Content-Type', 'application/json')
        .send('{"username":');
      expect(malformed.status).toBe(400);
      expect(malformed.body).toMatchObject({ code: 'BAD_PAYLOAD', message: 'malformed JSON body' });
      const huge = await request(app.url)
        .post('/auth/login')
        .set('Content-Type', 'application/json')
        .send(JSON.stringify({ username: 'x'.repeat(200_000) }));
      expect(huge.status).toBe(413);
      expect(huge.body).toMatchObject({ code: 'PAYLOAD_TOO_LARGE' });
      const moderate = '{"a":'.repeat(100) + '1' + '}'.repeat(100);
      const res = await request(app.url)
        .post('/tables/private')
        .set('Authorization', player.token)
        .set('Content-Type', 'application/json')
        .send(moderate);
      expect(res.status).toBe(400);
    });

    it('out-of-range integer ids', async () => {
      for (const id of ['99999999999', '2147483648', '-1', '0', '1.5', 'abc', '1e10']) {
        for (const [method, path] of [
          ['get', `/tournaments/${id}`],
          ['get', `/sit-and-go/instances/${id}`],
          ['post', `/tournaments/${id}/register`],
          ['post', `/sit-and-go/instances/${id}/unregister`],
        ] as const) {
          const response = await request(app.url)[method](path).set('Authorization', player.token);
          expect({ path, status: response.status, code: response.body.code }).toEqual({
            path,
            status: 400,
            code: 'BAD_PAYLOAD',
          });
        }
      }
      expect((await request(app.url).get('/tournaments/2147483647').set('Authorization', player.token)).status).toBe(
        404,
      );
    });

    it('a NUL in a table name, an invited username or a Sit & Go template id', async () => {
      const res = await request(app.url)
        .post('/lobby/tables')
        .set('Authorization', admin)
        .send(table({ name: 'evil\u0000table' }))
        .expect(400);
      expect(res.body.code).toBe('BAD_PAYLOAD');
      expect(
        (await request(app.url).post('/sit-and-go/a\u0000b/register').set('Authorization', player.token)).status,
      ).toBeLessThan(500);
      const own = await request(app.url)
        .post('/tables/private')
        .set('Authorization', player.token)
        .send(table({ name: 'Invites' }))
        .expect(201);
      const invite = await request(app.url)
        .post(`/tables/${own.body.tableId}/invitations`)
        .set('Authorization', player.token)
        .send({ username: 'bob\u0000' })
        .expect(400);
      expect(invite.body.code).toBe('BAD_PAYLOAD');
      await request(app.url).post(`/tables/${own.body.tableId}/close`).set('Authorization', player.token).expect(201);
      expect(await prisma.cashTable.count({ where: { name: { startsWith: 'evil' } } })).toBe(0);
    });
  });

  it('table names refuse bidi overrides, zero-width and control characters', async () => {
    for (const name of [
      'Main\u202Eelbat',
      'Ma\u200Bin',
      'Main\u2066x\u2069',
      'tab\there',
      'bell\u0007',
      'Main\uFEFF',
      'Main\u200D',
    ]) {
      const res = await request(app.url)
        .post('/lobby/tables')
        .set('Authorization', admin)
        .send(table({ name }))
        .expect(400);
      expect(res.body.code).toBe('BAD_PAYLOAD');
    }
    await request(app.url)
      .post('/lobby/tables')
      .set('Authorization', admin)
      .send(table({ name: 'Ünïcode 日本 ♠ ok' }))
      .expect(201);
  });

  it('chat refuses bidi overrides, zero-width and control characters with BAD_PAYLOAD', async () => {
    const created = await request(app.url)
      .post('/lobby/tables')
      .set('Authorization', admin)
      .send(table({ name: 'Chatty' }))
      .expect(201);
    const { socket } = await connectSocket(app.url, player.token.slice(7));
    try {
      for (const text of ['hi \u202Egnp.exe', 'zero\u200Bwidth', 'line\nbreak', 'nul\u0000']) {
        const error = new Promise<{ code: string }>((resolve) => socket.once('error', resolve));
        socket.emit('table:chat', { tableId: created.body.tableId, text });
        expect(await error).toMatchObject({ code: 'BAD_PAYLOAD' });
      }
    } finally {
      socket.close();
    }
  });

  it('refuses a buy-in below the big blind, absurd blinds and a small blind above the big blind', async () => {
    const bad = [
      table({ buyIn: { min: 10, max: 2000 } }),
      table({ stakes: { smallBlind: 10, bigBlind: 20 }, buyIn: { min: 400, max: 300 } }),
      table({ stakes: { smallBlind: 1, bigBlind: 1_000_000_000_000 }, buyIn: { min: 1_000_000_000_000, max: null } }),
      table({ stakes: { smallBlind: 30, bigBlind: 20 } }),
    ];
    for (const body of bad) {
      const res = await request(app.url).post('/lobby/tables').set('Authorization', admin).send(body).expect(400);
      expect(res.body.code).toBe('BAD_PAYLOAD');
    }
    // Settings are checked against the table they change.
    const own = await request(app.url)
      .post('/tables/private')
      .set('Authorization', player.token)
      .send(table({ name: 'Mine' }))
      .expect(201);
    const res = await request(app.url)
      .patch(`/tables/${own.body.tableId}/settings`)
      .set('Authorization', player.token)
      .send({ stakes: { smallBlind: 500, bigBlind: 1000 } });
    expect(res.status).toBe(400);
    await request(app.url).post(`/tables/${own.body.tableId}/close`).set('Authorization', player.token).expect(201);
  });

  it('caps the open private tables of one host (2 here); closing one frees a place', async () => {
    const ids: string[] = [];
    for (let i = 0; i < 2; i++)
      ids.push(
        (
          await request(app.url)
            .post('/tables/private')
            .set('Authorization', player.token)
            .send(table({ name: `Home ${i}` }))
            .expect(201)
        ).body.tableId,
      );
    const refused = await request(app.url)
      .post('/tables/private')
      .set('Authorization', player.token)
      .send(table({ name: 'Home 2' }))
      .expect(409);
    expect(refused.body.code).toBe('CONFLICT');
    expect(await prisma.cashTable.count({ where: { hostId: player.id, status: 'open' } })).toBe(2);
    await request(app.url).post(`/tables/${ids[0]}/close`).set('Authorization', player.token).expect(201);
    await request(app.url)
      .post('/tables/private')
      .set('Authorization', player.token)
      .send(table({ name: 'Home 3' }))
      .expect(201);
  });

  it('/metrics needs its token', async () => {
    await request(app.url).get('/metrics').expect(401);
    await request(app.url).get('/metrics').set('Authorization', 'Bearer wrong-token-000000000').expect(401);
    await request(app.url).get('/metrics').set('Authorization', admin).expect(401);
    const ok = await request(app.url).get('/metrics').set('Authorization', `Bearer ${METRICS_TOKEN}`).expect(200);
    expect(ok.text).toContain('# HELP');
  });

  it('CORS answers only the allowed origins', async () => {
    const allowed = await request(app.url)
      .options('/auth/login')
      .set('Origin', ALLOWED)
      .set('Access-Control-Request-Method', 'POST');
    expect(allowed.headers['access-control-allow-origin']).toBe(ALLOWED);
    expect(allowed.headers['access-control-allow-credentials']).toBe('true');
    const evil = await request(app.url)
      .options('/auth/login')
      .set('Origin', 'https://evil.example')
      .set('Access-Control-Request-Method', 'POST');
    expect(evil.headers['access-control-allow-origin']).toBeUndefined();
    const get = await request(app.url).get('/health/live').set('Origin', 'https://evil.example');
    expect(get.headers['access-control-allow-origin']).toBeUndefined();
    const poll = await request(app.url)
      .get('/socket.io/?EIO=4&transport=polling')
      .set('Origin', 'https://evil.example');
    expect(poll.headers['access-control-allow-origin']).toBeUndefined();
    const pollOk = await request(app.url).get('/socket.io/?EIO=4&transport=polling').set('Origin', ALLOWED);
    expect(pollOk.headers['access-control-allow-origin']).toBe(ALLOWED);
  });
});
