// Issue 22's "done when", in Chromium: on a fresh database with the room of config/room.json, a demo
// user signs in, sees a positive balance, open public tables of several games, Sit & Go/Spin and a
// scheduled tournament, and reaches a dealt hand in at most 5 clicks — on a desktop (1280×800) and
// on a phone (390×844). Also the header's free play-money top-up.
import { join } from 'node:path';
import type { Page } from 'playwright-core';
import { ChipLedger, PrismaService } from '@naiko/persistence';
import { layoutReport, shot, signUp, startWebTest, type WebTest } from './browser';

/** Tap targets: 44 px on a phone (one thumb), 24 px on a desktop (WCAG 2.2 target size). */
const MIN_TARGET = { desktop: 24, phone: 44 } as const;

const ROOM = join(__dirname, '..', '..', 'config', 'room.json');

/** Counts the clicks a test makes, so "at most 5 clicks" is checked, not assumed. */
function clicker(page: Page) {
  let counter = 0;
  return {
    click: async (testId: string, nth = 0) => {
      counter++;
      await page.getByTestId(testId).nth(nth).click();
    },
    get count() {
      return counter;
    },
  };
}

describe('web client: first run (Chromium)', () => {
  let web: WebTest;
  beforeAll(async () => {
    web = await startWebTest({ env: { ROOM_CONFIG: ROOM, SEED_DEMO_USERS: 'true' } });
  }, 120_000);
  afterAll(() => web?.close());

  for (const [label, viewport, user, tableName] of [
    ['desktop', { width: 1280, height: 800 }, 'alice', "Hold'em NL 6-max 1/2"],
    ['phone', { width: 390, height: 844 }, 'bob', 'PLO 6-max 1/2'],
  ] as const) {
    it(`${label} ${viewport.width}×${viewport.height}: from / to a dealt hand in at most 5 clicks`, async () => {
      const page = await web.browser.newPage({ viewport });
      const clicks = clicker(page);
      await page.goto(web.app.url);
      await page.getByTestId('username').fill(user);
      await page.getByTestId('password').fill(`${user}-demo`);
      await clicks.click('auth-submit');
      // The lobby: a positive balance, open tables of several games, Sit & Go / Spin.
      await page.getByTestId('balance').filter({ hasText: 'chips' }).waitFor();
      expect(await page.getByTestId('balance').textContent()).toBe('10,000 chips');
      const rows = page.getByTestId('table-row');
      await rows.nth(2).waitFor();
      expect(await rows.count()).toBeGreaterThanOrEqual(3);
      const games = await page.locator('[data-testid="table-row"] td:nth-child(2)').allTextContents();
      expect(new Set(games).size).toBeGreaterThanOrEqual(2);
      await page.getByTestId('sng-row').nth(1).waitFor();
      await shot(page, `first-run-lobby-${label}`);
      // No sideways scrolling; every tap target big enough for a thumb on the phone.
      expect(await layoutReport(page, MIN_TARGET[label], label === 'phone')).toEqual({ overflow: false, small: [] });
      if (label === 'phone') {
        // The lists are cards: each table's "Open" and each Sit & Go's "Register" spans its card.
        for (const id of ['open-table', 'sng-register']) {
          const widths = await page
            .getByTestId(id)
            .evaluateAll((els) => els.map((e) => e.getBoundingClientRect().width));
          for (const width of widths) expect(width).toBeGreaterThanOrEqual(viewport.width * 0.4);
        }
        // A bar at the bottom of the screen reaches each part of the long lobby: Sit & Go is one tap away.
        const jump = (await page.getByTestId('lobby-jump').boundingBox())!;
        expect(jump.y + jump.height).toBeLessThanOrEqual(viewport.height);
        expect(jump.y).toBeGreaterThanOrEqual(viewport.height * 0.85);
        await page.getByTestId('jump-sng').click();
        // The first Sit & Go's Register is on screen, above the bar.
        await page.waitForFunction(
          `(() => { const r = document.querySelector('[data-testid="sng-register"]').getBoundingClientRect(); return r.top >= 0 && r.bottom <= ${jump.y}; })()`,
          undefined,
          { timeout: 5_000 },
        );
        await shot(page, 'first-run-lobby-phone-sng');
        await page.getByTestId('jump-tables').click();
      } else {
        expect(await page.getByTestId('lobby-jump').isVisible()).toBe(false);
      }
      // Open a table and sit down: bots fill the other seats and the hand is dealt.
      await rows.filter({ hasText: tableName }).getByTestId('open-table').click();
      await page.getByTestId('table-page').waitFor();
      await clicks.click('sit-0');
      await page.getByTestId('own-cards').locator('.card').first().waitFor({ timeout: 20_000 });
      expect(await page.getByTestId('bot-badge').count()).toBeGreaterThanOrEqual(1);
      expect(clicks.count + 1).toBeLessThanOrEqual(5); // + the "Open" click
      // The felt fits the screen: every seat inside the page's width, nothing scrolls sideways.
      expect(await page.evaluate('document.documentElement.scrollWidth <= window.innerWidth')).toBe(true);
      const seats = await page.locator('[data-testid^="seat-"]').evaluateAll((els) =>
        els.map((element) => {
          const rect = element.getBoundingClientRect();
          return [rect.left, rect.right];
        }),
      );
      for (const [left, right] of seats) expect(left >= 0 && right <= viewport.width).toBe(true);
      await shot(page, `first-run-table-${label}`);
      await page.close();
    }, 60_000);
  }

  for (const [label, viewport] of [
    ['desktop', { width: 1280, height: 800 }],
    ['phone', { width: 390, height: 844 }],
  ] as const) {
    it(`${label}: the tournaments page lists the hourly tournament open for registration, and its lobby`, async () => {
      const page = await web.browser.newPage({ viewport });
      await page.goto(web.app.url);
      await page.getByTestId('username').fill('hana');
      await page.getByTestId('password').fill('hana-demo');
      await page.getByTestId('auth-submit').click();
      await page.getByTestId('nav-tournaments').click();
      const hourly = page.getByText("Hourly Hold'em Freezeout").first();
      await hourly.waitFor();
      expect(await layoutReport(page, MIN_TARGET[label], label === 'phone')).toEqual({ overflow: false, small: [] });
      await shot(page, `first-run-tournaments-${label}`);
      await page.locator('a[href^="#/tournament/"]').first().click();
      await page.waitForURL(/#\/tournament\/\d+/);
      await page.waitForLoadState('networkidle');
      const register = page.getByTestId('mtt-register');
      await register.waitFor();
      expect(await layoutReport(page, MIN_TARGET[label], label === 'phone')).toEqual({ overflow: false, small: [] });
      if (label === 'phone') {
        // The main action is under the thumb: the full width of the screen, in its lower third, at once (no scrolling).
        const box = (await register.boundingBox())!;
        expect(box.width).toBeGreaterThanOrEqual(viewport.width * 0.8);
        expect(box.y).toBeGreaterThanOrEqual((viewport.height * 2) / 3);
        expect(box.y + box.height).toBeLessThanOrEqual(viewport.height);
      }
      await shot(page, `first-run-tournament-${label}`);
      await page.close();
    }, 60_000);
  }

  it('the header offers free chips below 10,000 and adds them', async () => {
    const page = await web.browser.newPage({ viewport: { width: 1280, height: 800 } });
    await signUp(page, web.app.url, 'shortstack');
    const prisma = web.app.get(PrismaService);
    const user = await prisma.user.findUniqueOrThrow({ where: { username: 'shortstack' } });
    // Most of the chips are at a table.
    await new ChipLedger(prisma).buyIn({
      idempotencyKey: 'web-topup-sit',
      userId: user.id,
      tableId: 'some-table',
      amount: 9_500,
    });
    await page.reload();
    await page.getByTestId('top-up').waitFor();
    expect(await page.getByTestId('balance').textContent()).toBe('500 chips');
    expect(await page.getByTestId('top-up').textContent()).toBe('Free chips +9,500');
    await page.getByTestId('top-up').click();
    await page.getByTestId('balance').filter({ hasText: '10,000 chips' }).waitFor();
    await page.getByTestId('top-up-next').waitFor(); // next claim in 4 hours
    expect(await page.getByTestId('top-up').count()).toBe(0);
    await shot(page, 'top-up');
    await page.close();
  }, 30_000);
});
