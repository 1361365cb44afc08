// Accessible play (issue 27): a whole tournament with the keyboard alone, in Chromium. A player signs
// up, registers for a three-seat Sit & Go from the lobby, hears that it runs, takes his seat, answers
// every turn with C (check or call) when the live region says "Your turn", and hears his place.
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
import { shot, startWebTest, type WebTest } from './browser';
import { heard, listen, signUpByKeyboard, tabTo } from './a11y';

// Fast levels, a decision clock long enough for a loaded machine.
const SNG3: SitAndGoTemplate = {
  ...fastTemplate(DEFAULT_TEMPLATES[0], 'a11y-sng-3', 300, 200, 3),
  seats: 3,
  name: 'Keyboard three',
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
class A11ySitAndGoModule {}

describe('web client: a whole Sit & Go with the keyboard alone (Chromium)', () => {
  let web: WebTest;
  beforeAll(async () => {
    web = await startWebTest({ module: A11ySitAndGoModule, name: 'all-in-one' });
  }, 120_000);
  afterAll(() => web?.close());

  it('registers, takes his seat and plays to his place by keyboard, told each step', async () => {
    const page = await web.browser.newPage({ viewport: { width: 1280, height: 800 } });
    await signUpByKeyboard(page, web.app.url, 'blindplayer');
    await listen(page);
    // The lobby: Tab to the Sit & Go's "Register", Enter.
    await page.locator('[data-testid="sng-row"][data-template-id="a11y-sng-3"]').waitFor();
    await tabTo(page, /^sng-register$/, {
      where: `document.activeElement.closest('[data-template-id]').dataset.templateId === 'a11y-sng-3'`,
    });
    await page.keyboard.press('Enter');
    await page.locator('[data-testid="sng-phase"][data-phase="registering"]').waitFor();

    // Two bot players fill it.
    const prisma = web.app.get(PrismaService);
    const ledger = web.app.get(ChipLedger);
    const sng = web.app.get(SitAndGoService);
    for (const name of ['a11ybot1', 'a11ybot2']) {
      const user = await prisma.user.create({ data: { username: name, isBot: true } });
      await ledger.openUserAccount(user.id);
      await ledger.grant({ idempotencyKey: `welcome:${user.id}`, userId: user.id, amount: 1_000 });
      await sng.register('a11y-sng-3', user.id);
    }
    await heard(page, /^The Sit & Go is running: take your seat with the button on this page$/);
    await tabTo(page, /^sng-take-seat$/);
    await page.keyboard.press('Enter');
    // Arriving at the table: where he sits, in words.
    await heard(page, /^You are in seat \d+; 3 seated$/);
    await heard(page, /^Your cards: /);

    // Every turn: "Your turn: ..." is said and the action bar has the focus; C answers.
    let from = 0;
    let turns = 0;
    for (;;) {
      const next = await Promise.race([
        heard(page, /^Your turn: /, from, 60_000).then((x) => ({ kind: 'turn' as const, ...x })),
        heard(page, /^You finished (1st|2nd|3rd) of 3$/, 0, 60_000).then((x) => ({ kind: 'place' as const, ...x })),
      ]);
      if (next.kind === 'place') break;
      from = next.at;
      const bar = page.locator('[data-testid="actions"]');
      if (!(await bar.count())) continue; // already answered by the clock (a slow machine)
      const version = await bar.getAttribute('data-version');
      await page
        .waitForFunction('document.activeElement && document.activeElement.dataset.testid === "actions"', undefined, {
          timeout: 5_000,
        })
        .catch(() => undefined);
      await page.keyboard.press('c');
      turns++;
      await page
        .locator(`[data-testid="actions"][data-version="${version}"]`)
        .waitFor({ state: 'detached', timeout: 30_000 });
      expect(await page.getByTestId('table-error').count()).toBe(0);
    }
    expect(turns).toBeGreaterThan(0);
    await shot(page, 'a11y-sit-and-go');
    await page.close();
  }, 240_000);
});
