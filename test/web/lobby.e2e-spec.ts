// The web client in Chromium: sign up, see the lobby with its tables (seats free, stakes, the
// Naiko badge) and filters, and the Sit & Go list; screenshot of the lobby.
import request from 'supertest';
import { PrismaService } from '@naiko/persistence';
import { signIn, signUp, shot, startWebTest, type WebTest } from './browser';

describe('web client: sign up and lobby (Chromium)', () => {
  let web: WebTest;
  beforeAll(async () => {
    web = await startWebTest();
    const admin = web.app.token({ role: 'admin', username: 'admin' });
    const table = (name: string, naikoMode: boolean, bigBlind: number) =>
      request(web.app.url)
        .post('/lobby/tables')
        .set('Authorization', `Bearer ${admin}`)
        .send({
          name,
          game: 'holdem',
          structure: 'no-limit',
          stakes: { smallBlind: bigBlind / 2, bigBlind },
          buyIn: { min: bigBlind * 20, max: bigBlind * 100 },
          seats: 6,
          botsAllowed: false,
          naikoMode,
        })
        .expect(201);
    await table('Plain 10/20', false, 20);
    await table('Sparks 25/50', true, 50);
  }, 120_000);
  afterAll(() => web?.close());

  it('serves the client at / and keeps the API at its paths', async () => {
    const index = await request(web.app.url).get('/').expect(200);
    expect(index.headers['content-type']).toContain('text/html');
    expect(index.text).toContain('<div id="app">');
    await request(web.app.url).get('/health/live').expect(200);
    await request(web.app.url).get('/lobby/tables').expect(401);
    await request(web.app.url).get('/../package.json').expect(404);
  });

  it('a new player signs up and sees the lobby: tables with stakes, seats free, the Naiko badge, filters', async () => {
    const page = await web.browser.newPage({ viewport: { width: 1200, height: 900 } });
    await signUp(page, web.app.url, 'webnewbie');
    await page.getByTestId('balance').waitFor();
    expect(await page.getByTestId('balance').textContent()).toContain('10,000');
    const rows = page.getByTestId('table-row');
    await rows.nth(1).waitFor();
    expect(await rows.count()).toBe(2);
    const naikoRow = rows.filter({ hasText: 'Sparks 25/50' });
    expect(await naikoRow.getByTestId('naiko-badge').count()).toBe(1);
    expect(await naikoRow.getByTestId('seats-free').textContent()).toBe('6 of 6');
    expect(await naikoRow.textContent()).toContain('25/50');
    expect(await rows.filter({ hasText: 'Plain 10/20' }).getByTestId('naiko-badge').count()).toBe(0);
    // Filter: Naiko mode only → one table.
    await page.getByTestId('filter-naikoMode').selectOption('true');
    await page.waitForFunction('document.querySelectorAll(\'[data-testid="table-row"]\').length === 1');
    expect(await page.getByTestId('table-row').textContent()).toContain('Sparks 25/50');
    await page.getByTestId('filter-naikoMode').selectOption('');
    await page.waitForFunction('document.querySelectorAll(\'[data-testid="table-row"]\').length === 2');
    await page.getByTestId('sng-row').first().waitFor();
    await shot(page, 'lobby');
    // A reload keeps the session.
    await page.reload();
    await page.getByTestId('me').waitFor();
    expect(await page.getByTestId('me').textContent()).toContain('webnewbie');
    await page.close();
  });

  it('a host creates a private table, a second browser context joins by the invite link, the host closes it', async () => {
    const host = await web.browser.newPage({ viewport: { width: 1200, height: 950 } });
    await signUp(host, web.app.url, 'webhost');
    await host.getByTestId('private-name').fill('Friday game');
    await host.getByTestId('private-create').click();
    await host.getByTestId('host-panel').waitFor();
    await host.getByTestId('invite-link').click({ timeout: 15_000 });
    const link = await host.getByTestId('invite-url').inputValue();
    expect(link).toContain('?invite=');
    // "Spectators allowed" on and off again (private tables are watched by invitation otherwise).
    await host.getByTestId('spectators-toggle').click();
    await host.getByTestId('host-message').getByText('Anyone may watch now').waitFor({ timeout: 15_000 });
    await host.getByTestId('spectators-toggle').getByText('Invited spectators only').waitFor({ timeout: 15_000 });
    await host.getByTestId('spectators-toggle').click();
    await host.getByTestId('spectators-toggle').getByText('Allow spectators').waitFor({ timeout: 15_000 });
    await host.getByTestId('sit-0').click();
    await host.locator('[data-testid="table-page"][data-mode="player"]').waitFor();

    const friendCtx = await web.browser.newContext();
    const friend = await friendCtx.newPage();
    await signUp(friend, web.app.url, 'webfriend');
    // The private table is not in the friend's lobby; the link opens it.
    expect(await friend.locator('[data-testid="table-row"]', { hasText: 'Friday game' }).count()).toBe(0);
    await friend.goto(link);
    await friend.getByTestId('sit-1').click({ timeout: 15_000 });
    await friend.locator('[data-testid="table-page"][data-mode="player"]').waitFor();
    // Both seated: a hand is dealt; each sees the other at the table.
    await friend.getByTestId('seat-0').getByText('webhost', { exact: true }).waitFor({ timeout: 15_000 });
    await host.getByTestId('seat-1').getByText('webfriend', { exact: true }).waitFor();
    await host.getByTestId('street').waitFor({ timeout: 15_000 });

    // A table closes between hands: the player to act folds the heads-up hand, then the host closes.
    await Promise.race([host.getByTestId('act-fold').waitFor(), friend.getByTestId('act-fold').waitFor()]);
    await ((await host.getByTestId('act-fold').count()) ? host : friend).getByTestId('act-fold').click();
    await host.getByTestId('close-table').click();
    await host.getByTestId('host-message').getByText('Table closed').waitFor({ timeout: 30_000 });
    await friendCtx.close();
    await host.close();
  }, 90_000);

  it('the admin schedules a tournament, renames it and cancels it; one that starts when full says so on its page, one without a start time too', async () => {
    const page = await web.browser.newPage({ viewport: { width: 1200, height: 900 } });
    await signUp(page, web.app.url, 'webadmin');
    await web.app.get(PrismaService).user.update({ where: { username: 'webadmin' }, data: { role: 'admin' } });
    await page.getByTestId('sign-out').click();
    await signIn(page, web.app.url, 'webadmin');
    await page.getByTestId('nav-admin').click();
    await page.getByTestId('t-name').fill('Web Sunday');
    await page.getByTestId('t-submit').click();
    const row = page.getByTestId('admin-tournament').filter({ hasText: 'Web Sunday' });
    await row.waitFor();
    await row.getByTestId('t-rename').fill('Web Sunday Deluxe');
    await row.getByTestId('t-rename-save').click();
    const renamed = page.getByTestId('admin-tournament').filter({ hasText: 'Web Sunday Deluxe' });
    await renamed.waitFor();
    await renamed.getByTestId('t-cancel').click();
    await page.locator('[data-testid="admin-tournament"][data-status="cancelled"]').waitFor();
    await shot(page, 'admin');
    // Issue 21 item 2: a tournament that starts when full, as its page tells the players.
    await page.getByTestId('t-name').fill('Web Full House');
    await page.getByTestId('t-max').fill('6');
    await page.getByTestId('t-when-full').check();
    await page.getByTestId('t-submit').click();
    await page.getByTestId('admin-tournament').filter({ hasText: 'Web Full House' }).waitFor();
    const list = (await (await page.request.get(`${web.app.url}/tournaments`)).json()) as {
      tournamentId: number;
      name: string;
    }[];
    const full = list.find((summary) => summary.name === 'Web Full House')!;
    await page.goto(`${web.app.url}/#/tournament/${full.tournamentId}`);
    await page.getByTestId('mtt-phase').filter({ hasText: 'starts when full (6), at the latest' }).waitFor();
    // Without a start time (the field left empty): it starts when full and only then, as the Sit & Go.
    await page.getByTestId('nav-admin').click();
    await page.getByTestId('t-name').fill('Web Sit Style');
    await page.getByTestId('t-starts').fill('');
    await page.getByTestId('t-max').fill('3');
    await page.getByTestId('t-when-full').check();
    await page.getByTestId('t-submit').click();
    const sitStyle = page.getByTestId('admin-tournament').filter({ hasText: 'Web Sit Style' });
    await sitStyle.filter({ hasText: 'when full' }).waitFor();
    const again = (await (await page.request.get(`${web.app.url}/tournaments`)).json()) as {
      tournamentId: number;
      name: string;
      startsAt: string | null;
    }[];
    const noStart = again.find((summary) => summary.name === 'Web Sit Style')!;
    expect(noStart.startsAt).toBeNull();
    await page.goto(`${web.app.url}/#/tournament/${noStart.tournamentId}`);
    const phase = page.getByTestId('mtt-phase').filter({ hasText: 'starts when full (3)' });
    await phase.waitFor();
    expect(await phase.textContent()).not.toContain('at the latest');
    await page.close();
  });
});
