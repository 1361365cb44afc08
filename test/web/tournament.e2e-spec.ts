// A scheduled tournament in Chromium: the admin schedules one through the HTTP API, a player finds it
// on the tournaments page, opens its lobby (structure, prize table, entrants, tables), registers and
// unregisters by clicking; the entry count follows each change live (`tournamentUpdate`), also when
// another player registers through the API while the page is open.
import request from 'supertest';
import type { TournamentSettingsDto } from '@naiko/contracts';
import { fastModeStructure } from '@naiko/tournament';
import { signUp, shot, startWebTest, type WebTest } from './browser';

describe('web client: scheduled tournaments for players (Chromium)', () => {
  let w: WebTest;
  let tournamentId: number;
  beforeAll(async () => {
    w = await startWebTest();
    const admin = w.app.token({ role: 'admin', username: 'admin' });
    const now = Date.now();
    const settings: TournamentSettingsDto = {
      name: 'Web Weekly',
      game: 'holdem',
      bettingStructure: 'no-limit',
      registrationOpensAt: new Date(now).toISOString(),
      // Far enough away that it never starts during the test.
      startsAt: new Date(now + 3_600_000).toISOString(),
      lateRegistrationUntilLevel: 0,
      minEntrants: 2,
      maxEntrants: 50,
      buyIn: 100,
      fee: 10,
      startingStack: 3_000,
      blindStructure: fastModeStructure(60_000, 30_000, 4),
      tableSize: 9,
      reEntry: false,
      clock: { decisionMs: 20_000, reconnectMs: 60_000 },
    };
    const res = await request(w.app.url).post('/tournaments').set('Authorization', `Bearer ${admin}`).send(settings).expect(201);
    tournamentId = res.body.tournamentId;
    // Registration opens through the tournament queue's job.
    for (let i = 0; i < 200; i++) {
      const v = await request(w.app.url).get(`/tournaments/${tournamentId}`).expect(200);
      if (v.body.phase === 'registering') return;
      await new Promise((r) => setTimeout(r, 50));
    }
    throw new Error('registration never opened');
  }, 120_000);
  afterAll(() => w?.close());

  it('a player registers and unregisters by clicking; the entry count changes live', async () => {
    const page = await w.browser.newPage({ viewport: { width: 1200, height: 1100 } });
    await signUp(page, w.app.url, 'mttplayer');
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
    const other = await request(w.app.url).post('/auth/register').send({ username: 'mttother', password: 'secret-password' }).expect(201);
    await request(w.app.url).post(`/tournaments/${tournamentId}/register`).set('Authorization', `Bearer ${other.body.accessToken}`).expect(201);
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
});
