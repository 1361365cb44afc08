// A Sit & Go in Chromium: a player registers from the lobby, bots fill the remaining seats, and the
// Sit & Go page follows it live (entrants, prize pool, level clock) to the final standings.
import { Module } from '@nestjs/common';
import { QUEUES } from '@naiko/contracts';
import { ChipLedger, PrismaService } from '@naiko/persistence';
import { DEFAULT_TEMPLATES, fastTemplate, LobbyModule, PlatformModule, SitAndGoFeatureModule, SitAndGoService, WebModule } from '@naiko/platform';
import { AccountsModule } from '@naiko/platform/accounts';
import type { SitAndGoTemplate } from '@naiko/tournament';
import { signUp, shot, startWebTest, type WebTest } from './browser';

const SNG3: SitAndGoTemplate = { ...fastTemplate(DEFAULT_TEMPLATES[0], 'web-sng-3', 300, 200, 3), seats: 3, name: 'Web three' };

@Module({
  imports: [
    PlatformModule.forRoot({ app: 'all-in-one', consumeQueues: [QUEUES.system, QUEUES.sitAndGo] }),
    AccountsModule.forRoot({ bcryptCost: 4 }),
    SitAndGoFeatureModule.forRoot({ templates: [SNG3], runner: { handPauseMs: 0, pollMs: 20 } }),
    LobbyModule,
    WebModule,
  ],
})
class WebSitAndGoModule {}

describe('web client: Sit & Go (Chromium)', () => {
  let w: WebTest;
  beforeAll(async () => {
    w = await startWebTest({ module: WebSitAndGoModule, name: 'all-in-one' });
  }, 120_000);
  afterAll(() => w?.close());

  it('registers from the lobby, bots fill the seats, the page shows the Sit & Go run to its standings', async () => {
    const page = await w.browser.newPage({ viewport: { width: 1200, height: 900 } });
    await signUp(page, w.app.url, 'websng');
    const row = page.locator('[data-testid="sng-row"][data-template-id="web-sng-3"]');
    await row.waitFor();
    await row.getByTestId('sng-register').click();
    await page.locator('[data-testid="sng-phase"][data-phase="registering"]').waitFor();
    await page.getByTestId('entrant').first().waitFor();
    expect(await page.getByTestId('entrant').count()).toBe(1);
    // The published prize table of a 3-seat Sit & Go (pool 3 × 100 = 300).
    await page.getByTestId('prize-table').waitFor();
    expect(await page.getByTestId('prize-table').textContent()).toContain('300');
    await page.getByTestId('structure').waitFor();
    const instanceId = Number(page.url().split('#/sng/')[1]);

    // Two bot players register (bots are ledger users like anyone else).
    const prisma = w.app.get(PrismaService);
    const ledger = w.app.get(ChipLedger);
    const sng = w.app.get(SitAndGoService);
    for (const name of ['sngbot1', 'sngbot2']) {
      const u = await prisma.user.create({ data: { username: name, isBot: true } });
      await ledger.openUserAccount(u.id);
      await ledger.grant({ idempotencyKey: `welcome:${u.id}`, userId: u.id, amount: 1_000 });
      await sng.register('web-sng-3', u.id);
    }
    await page.locator('[data-testid="sng-phase"]:not([data-phase="registering"])').waitFor({ timeout: 30_000 });
    expect(await page.getByTestId('entrant').count()).toBe(3);
    await page.getByTestId('level-clock').waitFor({ timeout: 30_000 });
    await page.locator('[data-testid="sng-phase"][data-phase="finished"]').waitFor({ timeout: 90_000 });
    const places = await page.getByTestId('place').allTextContents();
    expect(places.map(Number).sort()).toEqual([1, 2, 3]);
    await shot(page, 'sit-and-go');
    expect(instanceId).toBeGreaterThan(0);
    await page.close();
  }, 150_000);
});
