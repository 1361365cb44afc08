// A scheduled tournament in Chromium: the admin schedules one through the HTTP API, a player finds it
// on the tournaments page, opens its lobby (structure, prize table, entrants, tables), registers and
// unregisters by clicking; the entry count follows each change live (`tournamentUpdate`), also when
// another player registers through the API while the page is open. Then a player registered among
// bots takes his seat from the tournament lobby when it starts and plays his own hand by clicking.
import request from 'supertest';
import { ChipLedger, PrismaService } from '@naiko/persistence';
import { fastModeStructure } from '@naiko/tournament';
import { fastMttSettings } from '../support/tournaments';
import { signUp, shot, startWebTest, type WebTest } from './browser';

describe('web client: scheduled tournaments for players (Chromium)', () => {
  let web: WebTest;
  let tournamentId: number;
  beforeAll(async () => {
    web = await startWebTest();
    const admin = web.app.token({ role: 'admin', username: 'admin' });
    const settings = fastMttSettings({
      name: 'Web Weekly',
      // Far enough away that it never starts during the test.
      startsAt: new Date(Date.now() + 3_600_000).toISOString(),
      maxEntrants: 50,
      startingStack: 3_000,
      blindStructure: fastModeStructure(60_000, 30_000, 4),
      clock: { decisionMs: 20_000, reconnectMs: 60_000 },
    });
    const res = await request(web.app.url)
      .post('/tournaments')
      .set('Authorization', `Bearer ${admin}`)
      .send(settings)
      .expect(201);
    tournamentId = res.body.tournamentId;
    // Registration opens through the tournament queue's job.
    for (let i = 0; i < 200; i++) {
      const response = await request(web.app.url).get(`/tournaments/${tournamentId}`).expect(200);
      if (response.body.phase === 'registering') return;
      await new Promise((r) => setTimeout(r, 50));
    }
    throw new Error('registration never opened');
  }, 120_000);
  afterAll(() => web?.close());

  it('a player registers and unregisters by clicking; the entry count changes live', async () => {
    const page = await web.browser.newPage({ viewport: { width: 1200, height: 1100 } });
    await signUp(page, web.app.url, 'mttplayer');
    await page.getByTestId('nav-tournaments').click();
    const row = page.locator(`[data-testid="mtt-row"][data-tournament-id="${tournamentId}"]`);
    await row.waitFor();
    await row.getByTestId('mtt-entries').filter({ hasText: '0 of 50' }).waitFor();
    expect(await row.getByTestId('mtt-status').textContent()).toBe('registering');
    await row.getByTestId('mtt-open').click();

    const count = (n: number) => page.locator(`[data-testid="mtt-entry-count"][data-count="${n}"]`).waitFor();
    await page.locator('[data-testid="mtt-phase"][data-phase="registering"]').waitFor();
    await count(0);
    // The published terms: the blind structure and a prize table (minimum 2 entrants → one paid place).
    expect(await page.locator('[data-testid="mtt-structure"] li').count()).toBeGreaterThan(3);
    expect(await page.locator('[data-testid="mtt-prize-table"] tbody tr').count()).toBeGreaterThan(0);
    expect(await page.getByTestId('mtt-tables').textContent()).toContain('Tables are drawn at the start.');

    await page.getByTestId('mtt-register').click();
    await count(1);
    await page.locator('[data-testid="mtt-entrant"].mine', { hasText: 'mttplayer' }).waitFor();
    expect(await page.getByTestId('mtt-pool').textContent()).toContain('Prize pool 100');
    await page.getByTestId('mtt-unregister').waitFor();

    // Someone else registers through the API: the open page follows without a reload.
    const other = await request(web.app.url)
      .post('/auth/register')
      .send({ username: 'mttother', password: 'secret-password' })
      .expect(201);
    await request(web.app.url)
      .post(`/tournaments/${tournamentId}/register`)
      .set('Authorization', `Bearer ${other.body.accessToken}`)
      .expect(201);
    await count(2);
    expect(await page.getByTestId('mtt-entrant').count()).toBe(2);
    await shot(page, 'tournament');

    await page.getByTestId('mtt-unregister').click();
    await count(1);
    await page.getByTestId('mtt-register').waitFor();
    expect(await page.getByTestId('mtt-entrant').allTextContents()).toEqual([expect.stringContaining('mttother')]);
    expect(await page.getByTestId('mtt-message').textContent()).toContain('refunded');

    // Back on the list, the row shows the live count.
    await page.getByTestId('back-to-tournaments').click();
    await row.getByTestId('mtt-entries').filter({ hasText: '1 of 50' }).waitFor();
    await page.close();
  }, 120_000);

  it('when the tournament starts, a registered player takes his seat from its lobby and plays his own hand; no cash-table controls there', async () => {
    const admin = web.app.token({ role: 'admin', username: 'admin' });
    const prisma = web.app.get(PrismaService);
    const ledger = new ChipLedger(prisma);
    const settings = fastMttSettings({
      name: 'Web Turbo',
      startsAt: new Date(Date.now() + 3_600_000).toISOString(),
      maxEntrants: 9,
      fee: 0,
      startingStack: 3_000,
      blindStructure: fastModeStructure(600_000, 60_000, 4),
      tableSize: 6,
      // Long enough for a person (and a loaded machine) to click.
      clock: { decisionMs: 60_000, reconnectMs: 60_000 },
    });
    const id = (
      await request(web.app.url).post('/tournaments').set('Authorization', `Bearer ${admin}`).send(settings).expect(201)
    ).body.tournamentId as number;
    for (let i = 0; i < 200 && (await request(web.app.url).get(`/tournaments/${id}`)).body.phase !== 'registering'; i++)
      await new Promise((r) => setTimeout(r, 50));
    // Three bot entrants: database users flagged as bots, registered through the API like anyone.
    for (const name of ['webbot1', 'webbot2', 'webbot3']) {
      const bot = await prisma.user.create({ data: { username: name, isBot: true } });
      await ledger.openUserAccount(bot.id);
      await ledger.grant({ idempotencyKey: `welcome:${bot.id}`, userId: bot.id, amount: 1_000 });
      await request(web.app.url)
        .post(`/tournaments/${id}/register`)
        .set('Authorization', `Bearer ${web.app.token({ sub: bot.id, username: name })}`)
        .expect(201);
    }

    const page = await web.browser.newPage({ viewport: { width: 1200, height: 1000 } });
    await signUp(page, web.app.url, 'mttseated');
    await page.goto(`${web.app.url}/#/tournament/${id}`);
    await page.getByTestId('mtt-register').click();
    await page.locator('[data-testid="mtt-entrant"].mine').waitFor();
    // The admin moves the start to now: the start job seats everyone.
    await request(web.app.url)
      .patch(`/tournaments/${id}`)
      .set('Authorization', `Bearer ${admin}`)
      .send({ startsAt: new Date(Date.now() + 1_000).toISOString() })
      .expect(200);

    await page.getByTestId('mtt-take-seat').click({ timeout: 60_000 });
    await page.locator('[data-testid="table-page"][data-mode="player"]').waitFor();
    await page.getByTestId('tournament-badge').waitFor();
    // The tournament seats its players: no sit, leave or sit-in buttons, a way back to its lobby.
    expect(await page.locator('[data-testid^="sit-"]').count()).toBe(0);
    expect(await page.getByTestId('leave').count()).toBe(0);
    expect(await page.getByTestId('back-to-tournament').getAttribute('href')).toBe(`#/tournament/${id}`);

    // His own two cards, face up to him; the bots' stay hidden.
    await page
      .locator('[data-testid="own-cards"] [data-card]:not([data-card="hidden"])')
      .nth(1)
      .waitFor({ timeout: 60_000 });
    // His turn comes within a few hands: he acts by clicking, and the server answers with a new view.
    const actions = page.locator('[data-testid="actions"]');
    await actions.waitFor({ timeout: 60_000 });
    const version = await actions.getAttribute('data-version');
    const check = actions.getByTestId('act-check');
    if (await check.count()) await check.click();
    else await actions.getByTestId('act-fold').click();
    await page
      .locator(`[data-testid="actions"][data-version="${version}"]`)
      .waitFor({ state: 'detached', timeout: 30_000 });
    expect(await page.getByTestId('table-error').count()).toBe(0);
    await shot(page, 'tournament-table');
    await page.close();
  }, 180_000);
});
