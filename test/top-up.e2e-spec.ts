// Play-money top-up (issue 22): below 10,000 a player claims free chips back to 10,000, once every
// 4 hours; every grant is in the ledger with its note; concurrent claims grant once.
import request from 'supertest';
import { auditLedger, ChipLedger, PrismaService } from '@naiko/persistence';
import { TOP_UP, TopUpService } from '@naiko/platform';
import { startTestApp, type TestApp } from './support';

describe('play-money top-up (e2e)', () => {
  let app: TestApp;
  let prisma: PrismaService;
  let ledger: ChipLedger;

  beforeAll(async () => {
    app = await startTestApp();
    prisma = app.get(PrismaService);
    ledger = new ChipLedger(prisma);
  });
  afterAll(async () => {
    await app?.close();
  });

  async function player(username: string): Promise<{ id: string; auth: string }> {
    const response = await request(app.url)
      .post('/auth/register')
      .send({ username, password: 'secret-password' })
      .expect(201);
    return { id: response.body.user.id, auth: `Bearer ${response.body.accessToken}` };
  }

  it('refuses at the level, tops up below it back to 10,000, then not again for 4 hours', async () => {
    const topper = await player('topper');
    const full = await request(app.url).get('/chips/top-up').set('Authorization', topper.auth).expect(200);
    expect(full.body).toMatchObject({ available: false, balance: 10_000, amount: 0 });
    expect(full.body.reason).toMatch(/below 10,000/);
    // Losing chips at a table: 9,300 of them go to a table stack.
    await ledger.buyIn({ idempotencyKey: 'test-sit', userId: topper.id, tableId: 'test-table', amount: 9_300 });
    const low = await request(app.url).get('/chips/top-up').set('Authorization', topper.auth).expect(200);
    expect(low.body).toMatchObject({ available: true, balance: 700, amount: 9_300 });
    const claimed = await request(app.url).post('/chips/top-up').set('Authorization', topper.auth).expect(200);
    expect(claimed.body).toMatchObject({ balance: 10_000, available: false });
    const me = await request(app.url).get('/accounts/me').set('Authorization', topper.auth).expect(200);
    expect(me.body.chips).toBe(10_000);
    const grants = await prisma.ledgerTransaction.findMany({
      where: { reason: 'grant', idempotencyKey: { startsWith: `top-up:${topper.id}:` } },
    });
    expect(grants.map((g) => g.note)).toEqual(['top-up']);

    await ledger.buyIn({ idempotencyKey: 'test-sit-2', userId: topper.id, tableId: 'test-table', amount: 5_000 });
    const again = await request(app.url).post('/chips/top-up').set('Authorization', topper.auth).expect(409);
    expect(again.body.code).toBe('TOP_UP_NOT_AVAILABLE');
    expect(again.body.message).toMatch(/once every 4 hours: next at/);
    // Four hours later it is available again.
    const later = await app.get(TopUpService).status(topper.id, Date.now() + TOP_UP.everyMs + 1000);
    expect(later).toMatchObject({ available: true, amount: 5_000 });
  });

  it('several claims at once grant once', async () => {
    const racer = await player('racer');
    await ledger.buyIn({ idempotencyKey: 'race-sit', userId: racer.id, tableId: 'test-table', amount: 8_000 });
    const answers = await Promise.all(
      [1, 2, 3, 4].map(() => request(app.url).post('/chips/top-up').set('Authorization', racer.auth)),
    );
    expect(answers.some((a) => a.status === 200)).toBe(true);
    expect(answers.every((a) => a.status === 200 || a.status === 409)).toBe(true);
    expect(await ledger.userBalance(racer.id)).toBe(10_000);
    expect(
      await prisma.ledgerTransaction.count({
        where: { note: 'top-up', idempotencyKey: { startsWith: `top-up:${racer.id}:` } },
      }),
    ).toBe(1);
    expect((await auditLedger(prisma)).ok).toBe(true);
  });

  it('needs a signed-in player', async () => {
    await request(app.url).post('/chips/top-up').expect(401);
  });
});
