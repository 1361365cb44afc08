// Play-money top-up (issue 22): below 10,000 a player claims free chips back to 10,000, once every
// 4 hours; every grant is in the ledger with its note; concurrent claims grant once.
import request from 'supertest';
import { auditLedger, ChipLedger, PrismaService } from '@naiko/persistence';
import { TOP_UP, TopUpService } from '@naiko/platform';
import { startTestApp, type TestApp } from './support';

describe('play-money top-up (e2e)', () => {
  let t: TestApp;
  let prisma: PrismaService;
  let ledger: ChipLedger;

  beforeAll(async () => {
    t = await startTestApp();
    prisma = t.get(PrismaService);
    ledger = new ChipLedger(prisma);
  });
  afterAll(async () => {
    await t?.close();
  });

  async function player(username: string): Promise<{ id: string; auth: string }> {
    const r = await request(t.url).post('/auth/register').send({ username, password: 'secret-password' }).expect(201);
    return { id: r.body.user.id, auth: `Bearer ${r.body.accessToken}` };
  }

  it('refuses at the level, tops up below it back to 10,000, then not again for 4 hours', async () => {
    const p = await player('topper');
    const full = await request(t.url).get('/chips/top-up').set('Authorization', p.auth).expect(200);
    expect(full.body).toMatchObject({ available: false, balance: 10_000, amount: 0 });
    expect(full.body.reason).toMatch(/below 10,000/);
    // Losing chips at a table: 9,300 of them go to a table stack.
    await ledger.buyIn({ idempotencyKey: 'test-sit', userId: p.id, tableId: 'test-table', amount: 9_300 });
    const low = await request(t.url).get('/chips/top-up').set('Authorization', p.auth).expect(200);
    expect(low.body).toMatchObject({ available: true, balance: 700, amount: 9_300 });
    const claimed = await request(t.url).post('/chips/top-up').set('Authorization', p.auth).expect(200);
    expect(claimed.body).toMatchObject({ balance: 10_000, available: false });
    const me = await request(t.url).get('/accounts/me').set('Authorization', p.auth).expect(200);
    expect(me.body.chips).toBe(10_000);
    const grants = await prisma.ledgerTransaction.findMany({
      where: { reason: 'grant', idempotencyKey: { startsWith: `top-up:${p.id}:` } },
    });
    expect(grants.map((g) => g.note)).toEqual(['top-up']);

    await ledger.buyIn({ idempotencyKey: 'test-sit-2', userId: p.id, tableId: 'test-table', amount: 5_000 });
    const again = await request(t.url).post('/chips/top-up').set('Authorization', p.auth).expect(409);
    expect(again.body.code).toBe('TOP_UP_NOT_AVAILABLE');
    expect(again.body.message).toMatch(/once every 4 hours: next at/);
    // Four hours later it is available again.
    const later = await t.get(TopUpService).status(p.id, Date.now() + TOP_UP.everyMs + 1000);
    expect(later).toMatchObject({ available: true, amount: 5_000 });
  });

  it('several claims at once grant once', async () => {
    const p = await player('racer');
    await ledger.buyIn({ idempotencyKey: 'race-sit', userId: p.id, tableId: 'test-table', amount: 8_000 });
    const answers = await Promise.all(
      [1, 2, 3, 4].map(() => request(t.url).post('/chips/top-up').set('Authorization', p.auth)),
    );
    expect(answers.some((a) => a.status === 200)).toBe(true);
    expect(answers.every((a) => a.status === 200 || a.status === 409)).toBe(true);
    expect(await ledger.userBalance(p.id)).toBe(10_000);
    expect(
      await prisma.ledgerTransaction.count({
        where: { note: 'top-up', idempotencyKey: { startsWith: `top-up:${p.id}:` } },
      }),
    ).toBe(1);
    expect((await auditLedger(prisma)).ok).toBe(true);
  });

  it('needs a signed-in player', async () => {
    await request(t.url).post('/chips/top-up').expect(401);
  });
});
