// Table features players expect (issue 22), in Chromium: "your turn" in the tab title, keyboard
// shortcuts (C check/call, R bet/raise, arrows size it), a typed bet amount beside the slider, the
// four-colour deck option, the balance in the header, results with suit symbols.
import request from 'supertest';
import type { Page } from 'playwright-core';
import { shot, signUp, startWebTest, type WebTest } from './browser';

const ACTION = '[data-testid="actions"]';

async function answered(page: Page, version: string | null): Promise<void> {
  await page.locator(`${ACTION}[data-version="${version}"]`).waitFor({ state: 'detached', timeout: 30_000 });
}

describe('web client: table features (Chromium)', () => {
  let web: WebTest;
  let tableId: string;
  beforeAll(async () => {
    web = await startWebTest();
    const admin = web.app.token({ role: 'admin', username: 'admin' });
    const res = await request(web.app.url)
      .post('/lobby/tables')
      .set('Authorization', `Bearer ${admin}`)
      .send({
        name: 'Features 10/20',
        game: 'holdem',
        structure: 'no-limit',
        stakes: { smallBlind: 10, bigBlind: 20 },
        buyIn: { min: 400, max: 2000 },
        seats: 6,
        botsAllowed: true,
        clock: { decisionMs: 60_000 },
      })
      .expect(201);
    tableId = res.body.tableId;
  }, 120_000);
  afterAll(() => web?.close());

  it('plays with the keyboard and a typed amount; the tab title says whose turn; four colours', async () => {
    const page = await web.browser.newPage({ viewport: { width: 1280, height: 800 } });
    await signUp(page, web.app.url, 'keyplayer');
    await page.goto(`${web.app.url}/#/table/${tableId}`);
    await page.getByTestId('table-page').waitFor();
    // The balance on the table page (header).
    await page.getByTestId('balance').filter({ hasText: 'chips' }).waitFor();
    await page.getByTestId('sit-0').click();
    await page.locator('[data-testid="table-page"][data-mode="player"]').waitFor();
    await page.getByTestId('balance').filter({ hasText: '8,000 chips' }).waitFor(); // 10,000 − the 2,000 buy-in
    // Decisions with the keyboard until we can bet or raise with a typed amount.
    let typed = false;
    for (let n = 0; n < 40 && !typed; n++) {
      await page.locator(ACTION).waitFor({ timeout: 30_000 });
      expect(await page.title()).toMatch(/^● Your turn/);
      // The time bank is visible from the start of the decision.
      expect(await page.getByTestId('clock').textContent()).toMatch(/^\d+ s \+ bank \d+ s$/);
      const version = await page.locator(ACTION).getAttribute('data-version');
      const amount = page.getByTestId('raise-amount');
      if (await amount.count()) {
        const min = Number(await amount.getAttribute('min'));
        await amount.fill(String(min + 20));
        expect(await page.getByTestId('raise-to').textContent()).toBe((min + 20).toLocaleString('en-US'));
        await page.locator('body').click({ position: { x: 5, y: 5 } }); // leave the field: keys act again
        await page.keyboard.press('ArrowUp'); // + a step
        const sized = Number(await page.getByTestId('raise-slider').inputValue());
        expect(sized).toBeGreaterThan(min + 20);
        expect(await amount.inputValue()).toBe(String(sized));
        await page.keyboard.press('r');
        typed = true;
      } else {
        await page.keyboard.press('c');
      }
      await answered(page, version);
    }
    expect(typed).toBe(true);
    // Not our turn: the title is the page's own again.
    await page.waitForFunction(
      '!document.title.startsWith("●") || document.querySelector(\'[data-testid="actions"]\') !== null',
    );
    // The four-colour deck: diamonds blue, clubs green.
    await page.getByTestId('four-colour').check();
    expect(await page.evaluate('document.body.classList.contains("four-colour")')).toBe(true);
    await shot(page, 'table-features');

    // Someone opening the table in the middle of a hand sees the blind markers at once (our
    // player is not acting now: the hand waits for him).
    await page.locator(ACTION).waitFor({ timeout: 30_000 });
    const late = await web.browser.newPage({ viewport: { width: 1280, height: 800 } });
    await signUp(late, web.app.url, 'latecomer');
    await late.goto(`${web.app.url}/#/table/${tableId}`);
    await late.getByTestId('street').waitFor();
    await late.locator('.marker', { hasText: /^BB$/ }).waitFor({ timeout: 5_000 });
    expect(await late.locator('.marker', { hasText: /^SB$/ }).count()).toBe(1);
    await late.close();

    // Sit out next hand, then come back in: post now or wait for the big blind.
    await page.getByTestId('sit-out').click();
    await page.getByTestId('wait-bb').waitFor({ timeout: 5_000 });
    expect(await page.getByTestId('sit-in').textContent()).toBe('Post now');
    await page.getByTestId('wait-bb').click();
    await page.getByTestId('sit-out').waitFor({ timeout: 5_000 });

    // C checks (or F folds) the hand that waits for us; when a hand is over its pot has been awarded: the
    // result line, no pot left on the felt.
    const over =
      'document.querySelector(\'[data-testid="hand-result"]\') !== null && document.querySelector(\'[data-testid="pots"]\') === null';
    for (let n = 0; n < 40 && !(await page.evaluate(over)); n++) {
      const bar = page.locator(ACTION);
      if (await bar.count()) {
        const version = await bar.getAttribute('data-version');
        // C checks when that is free (F would first ask "Fold instead of checking?"), else F folds.
        await page.keyboard.press((await page.getByTestId('act-check').count()) ? 'c' : 'f');
        await answered(page, version);
      } else await page.waitForTimeout(100);
    }
    expect(await page.evaluate(over)).toBe(true);
    await page.close();
  }, 90_000);
});
