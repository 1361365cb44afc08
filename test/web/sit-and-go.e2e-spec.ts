// A Sit & Go in Chromium: a player registers from the lobby, bots fill the remaining seats, the
// Sit & Go page follows it live (entrants, prize pool, level clock); once it starts he takes his
// seat at its table (the table page, like a tournament table: badge, no cash controls), plays his
// hands by clicking until he is out (or wins), is told his place, and the Sit & Go page shows the
// final standings.
import { Module } from '@nestjs/common';
import { QUEUES } from '@naiko/contracts';
import { ChipLedger, PrismaService } from '@naiko/persistence';
import {
  DEFAULT_TEMPLATES,
  fastTemplate,
  LobbyModule,
  PlatformModule,
  SitAndGoFeatureModule,
  SitAndGoService,
  TournamentsFeatureModule,
  WebModule,
} from '@naiko/platform';
import { AccountsModule } from '@naiko/platform/accounts';
import type { SitAndGoTemplate } from '@naiko/tournament';
import { signUp, shot, startWebTest, type WebTest } from './browser';

// Fast levels, but a decision clock long enough for a person (and a loaded machine) to click.
const SNG3: SitAndGoTemplate = {
  ...fastTemplate(DEFAULT_TEMPLATES[0], 'web-sng-3', 300, 200, 3),
  seats: 3,
  name: 'Web three',
  clock: { decisionMs: 20_000, reconnectMs: 0 },
};

@Module({
  imports: [
    PlatformModule.forRoot({ app: 'all-in-one', consumeQueues: [QUEUES.system, QUEUES.sitAndGo, QUEUES.tournament] }),
    AccountsModule.forRoot({ bcryptCost: 4 }),
    // A Sit & Go's table is the tournament runner's.
    TournamentsFeatureModule.forRoot({ runner: { handPauseMs: 0, pollMs: 20, botDelayMs: 0 } }),
    SitAndGoFeatureModule.forRoot({ templates: [SNG3] }),
    LobbyModule,
    WebModule,
  ],
})
class WebSitAndGoModule {}

describe('web client: Sit & Go (Chromium)', () => {
  let web: WebTest;
  beforeAll(async () => {
    web = await startWebTest({ module: WebSitAndGoModule, name: 'all-in-one' });
  }, 120_000);
  afterAll(() => web?.close());

  it('registers from the lobby, bots fill the seats, the page shows the Sit & Go run to its standings', async () => {
    const page = await web.browser.newPage({ viewport: { width: 1200, height: 900 } });
    await signUp(page, web.app.url, 'websng');
    const row = page.locator('[data-testid="sng-row"][data-template-id="web-sng-3"]');
    await row.waitFor();
    await row.getByTestId('sng-register').click();
    await page.locator('[data-testid="sng-phase"][data-phase="registering"]').waitFor();
    await page.getByTestId('entrant').first().waitFor();
    expect(await page.getByTestId('entrant').count()).toBe(1);
    // The published prize table of a 3-seat Sit & Go (pool 3 × 100 = 300).
    await page.getByTestId('prize-table').waitFor();
    expect(await page.getByTestId('prize-table').textContent()).toContain('300');
    // The prize pool shown agrees with the prizes: both on the full field.
    expect(await page.getByTestId('prize-pool').textContent()).toBe(
      'Prize pool 300 when all 3 seats are filled (100 in so far)',
    );
    await page.getByTestId('structure').waitFor();
    const instanceId = Number(page.url().split('#/sng/')[1]);

    // Two bot players register (bots are ledger users like anyone else).
    const prisma = web.app.get(PrismaService);
    const ledger = web.app.get(ChipLedger);
    const sng = web.app.get(SitAndGoService);
    for (const name of ['sngbot1', 'sngbot2']) {
      const user = await prisma.user.create({ data: { username: name, isBot: true } });
      await ledger.openUserAccount(user.id);
      await ledger.grant({ idempotencyKey: `welcome:${user.id}`, userId: user.id, amount: 1_000 });
      await sng.register('web-sng-3', user.id);
    }
    await page.locator('[data-testid="sng-phase"]:not([data-phase="registering"])').waitFor({ timeout: 30_000 });
    expect(await page.getByTestId('entrant').count()).toBe(3);
    await page.getByTestId('level-clock').waitFor({ timeout: 30_000 });

    // He takes his seat at the Sit & Go's table: a tournament table, no cash-table controls.
    await page.getByTestId('sng-take-seat').click({ timeout: 30_000 });
    await page.locator('[data-testid="table-page"][data-mode="player"]').waitFor({ timeout: 30_000 });
    await page.getByTestId('tournament-badge').waitFor();
    expect(await page.locator('[data-testid^="sit-"]').count()).toBe(0);
    expect(await page.getByTestId('leave').count()).toBe(0);
    expect(await page.getByTestId('back-to-tournament').getAttribute('href')).toBe(`#/sng/${instanceId}`);
    // His own two cards, face up to him.
    await page
      .locator('[data-testid="own-cards"] [data-card]:not([data-card="hidden"])')
      .nth(1)
      .waitFor({ timeout: 60_000 });
    // He plays every decision by clicking (check, else fold) until the table tells him his place.
    const result = page.getByTestId('tournament-result');
    const actions = page.locator('[data-testid="actions"]');
    let clicks = 0;
    while (!(await result.count())) {
      await Promise.race([
        actions.waitFor({ timeout: 60_000 }).catch(() => undefined),
        result.waitFor({ timeout: 60_000 }).catch(() => undefined),
      ]);
      if (await result.count()) break;
      const version = await actions.getAttribute('data-version');
      const check = actions.getByTestId('act-check');
      if (await check.count()) await check.click();
      else await actions.getByTestId('act-fold').click();
      clicks++;
      await page
        .locator(`[data-testid="actions"][data-version="${version}"]`)
        .waitFor({ state: 'detached', timeout: 30_000 });
      expect(await page.getByTestId('table-error').count()).toBe(0);
    }
    expect(clicks).toBeGreaterThan(0);
    expect(await result.textContent()).toMatch(/You finished (1st|2nd|3rd) of 3\./);
    await shot(page, 'sit-and-go-table');

    // Back in the Sit & Go's lobby: the final standings.
    await page.getByTestId('back-to-tournament').click();
    await page.locator('[data-testid="sng-phase"][data-phase="finished"]').waitFor({ timeout: 90_000 });
    const places = await page.getByTestId('place').allTextContents();
    expect(places.map(Number).sort()).toEqual([1, 2, 3]);
    await shot(page, 'sit-and-go');
    expect(instanceId).toBeGreaterThan(0);
    await page.close();
  }, 240_000);
});
