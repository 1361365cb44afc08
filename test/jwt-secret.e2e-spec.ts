// Without JWT_SECRET the platform signs with a key it generated itself, never one written in the
// repository (issue 19.6): a token forged with the old development secret is refused; the key is
// generated once, kept in the database, and shared by every copy and every restart on it.
import request from 'supertest';
import { PrismaService } from '@naiko/persistence';
import { TokenService } from '@naiko/platform';
import {
  connectSocket,
  createTestDatabase,
  startTestApp,
  TEST_DEFAULT_USER_ID,
  type TestApp,
  type TestDatabase,
} from './support';

/** The secret `npm start` used when JWT_SECRET was unset, public in the repository's history. */
const REPOSITORY_DEV_SECRET = 'naiko-dev-secret-change-me-0123456789';

describe('the JWT secret when JWT_SECRET is unset', () => {
  let db: TestDatabase;
  const apps: TestApp[] = [];
  const start = async () => {
    const app = await startTestApp({ databaseUrl: db.url, env: { JWT_SECRET: '' } });
    apps.push(app);
    return app;
  };

  beforeAll(async () => {
    db = await createTestDatabase();
  });
  afterAll(async () => {
    for (const app of apps) await app.close().catch(() => undefined);
    await db.drop();
  });

  it('refuses an admin token forged with the development secret from the source', async () => {
    const first = await start();
    const forged = new TokenService(REPOSITORY_DEV_SECRET, 3600).sign({
      sub: TEST_DEFAULT_USER_ID,
      username: 'admin',
      role: 'admin',
    });
    await request(first.url).get('/admin/ledger/audit').set('Authorization', `Bearer ${forged}`).expect(401);
    await expect(connectSocket(first.url, forged)).rejects.toMatchObject({ message: 'UNAUTHORIZED' });
    // The app's own tokens work.
    await request(first.url)
      .get('/admin/ledger/audit')
      .set('Authorization', `Bearer ${first.token({ sub: TEST_DEFAULT_USER_ID, role: 'admin' })}`)
      .expect(200);
  });

  it('generates a random key once and keeps it in the database: a second copy and a restart accept the same tokens', async () => {
    const first = apps[0]!;
    const rows = await first.get(PrismaService).platformSecret.findMany();
    expect(rows).toEqual([
      expect.objectContaining({ name: 'jwt', value: expect.stringMatching(/^[A-Za-z0-9_-]{43}$/) }),
    ]);
    expect(rows[0]!.value).not.toBe(REPOSITORY_DEV_SECRET);
    const session = (
      await request(first.url)
        .post('/auth/register')
        .send({ username: 'carol', password: 'carol-password' })
        .expect(201)
    ).body as { accessToken: string };

    const copy = await start();
    await request(copy.url).get('/accounts/me').set('Authorization', `Bearer ${session.accessToken}`).expect(200);
    await first.close();
    const restarted = await start();
    await request(restarted.url).get('/accounts/me').set('Authorization', `Bearer ${session.accessToken}`).expect(200);
    expect(await restarted.get(PrismaService).platformSecret.count()).toBe(1);
  });
});
