// A Naiko-mode table in Chromium: a player sits with bots, waits for a hand whose carousel holds
// Sneak Peek while he has the spark to pay for it (the deal grants one), clicks the power button the
// server's legalActions.extensions enabled, and sees the peeked card; a spectator in a second browser
// context watching the same table never sees it (the server filters the powers view per viewer).
import request from 'supertest';
import type { Page } from 'playwright-core';
import { signUp, shot, startWebTest, type WebTest } from './browser';

const ACTION = '[data-testid="actions"]';
const PEEK_BUTTON = '[data-testid="power-sneak-peek"]';

/** The sparks the panel shows: one ✦ each, or 0. */
const sparksShown = (text: string | null): number => [...(text ?? '')].filter((c) => c === '✦').length;

/**
 * Plays check/call by clicking until our decision offers an enabled Sneak Peek button; clicks it and
 * returns. Hands where the carousel lacks it (or we have no spark) are simply played on.
 */
async function playUntilPeek(page: Page, maxDecisions = 120): Promise<number> {
  for (let n = 0; n < maxDecisions; n++) {
    await page.locator(ACTION).waitFor({ timeout: 30_000 });
    const actions = page.locator(ACTION);
    const version = await actions.getAttribute('data-version');
    const peek = actions.locator(PEEK_BUTTON);
    if ((await peek.count()) && (await peek.isEnabled())) {
      const sparks = sparksShown(await page.getByTestId('sparks').textContent());
      await peek.click();
      return sparks;
    }
    const check = actions.getByTestId('act-check');
    if (await check.count()) await check.click();
    else await actions.getByTestId('act-call').click();
    await page.locator(`${ACTION}[data-version="${version}"]`).waitFor({ state: 'detached', timeout: 30_000 });
  }
  throw new Error('Sneak Peek never became available');
}

describe('web client: a Naiko table with a power (Chromium)', () => {
  let web: WebTest;
  let tableId: string;
  beforeAll(async () => {
    web = await startWebTest();
    const admin = web.app.token({ role: 'admin', username: 'admin' });
    const res = await request(web.app.url)
      .post('/lobby/tables')
      .set('Authorization', `Bearer ${admin}`)
      .send({
        name: 'Naiko 10/20',
        game: 'holdem',
        structure: 'no-limit',
        stakes: { smallBlind: 10, bigBlind: 20 },
        buyIn: { min: 400, max: 2000 },
        seats: 6,
        botsAllowed: true,
        naikoMode: true,
        clock: { decisionMs: 60_000 },
      })
      .expect(201);
    tableId = res.body.tableId;
  }, 120_000);
  afterAll(() => web?.close());

  it('Sneak Peek costs a spark, is enabled only when legal, and the peeked card is shown to its user only', async () => {
    const page = await web.browser.newPage({ viewport: { width: 1200, height: 1000 } });
    await signUp(page, web.app.url, 'naikoplayer');
    await page.goto(`${web.app.url}/#/table/${tableId}`);
    await page.locator('[data-testid="table-page"][data-mode="spectator"]').waitFor();
    await page.locator('[data-testid^="sit-"]').first().click();
    await page.locator('[data-testid="table-page"][data-mode="player"]').waitFor();
    await page.getByTestId('bot-badge').first().waitFor();
    // The Naiko panel: the hand's carousel and our sparks (one granted by the deal).
    await page.getByTestId('naiko-panel').waitFor({ timeout: 30_000 });
    await page.getByTestId('carousel').waitFor();
    await page.getByTestId('sparks').waitFor();

    const spectatorCtx = await web.browser.newContext();
    const spectator = await spectatorCtx.newPage();
    await signUp(spectator, web.app.url, 'naikowatcher');
    await spectator.goto(`${web.app.url}/#/table/${tableId}`);
    await spectator.locator('[data-testid="table-page"][data-mode="spectator"]').waitFor();

    const sparksBefore = await playUntilPeek(page);
    expect(sparksBefore).toBeGreaterThanOrEqual(1);
    const peek = page.getByTestId('peek');
    await peek.waitFor({ timeout: 15_000 });
    const card = await peek.locator('[data-card]').getAttribute('data-card');
    expect(card).not.toBe('hidden');
    expect(card).toBeTruthy();
    // One spark spent; the power is no longer offered this street, so its button is disabled.
    expect(sparksShown(await page.getByTestId('sparks').textContent())).toBe(sparksBefore - 1);
    expect(await page.locator(PEEK_BUTTON).first().isDisabled()).toBe(true);
    await shot(page, 'naiko-table');

    // The spectator follows the same hand (its Naiko panel is there) but never gets the peek.
    await spectator.getByTestId('naiko-panel').waitFor({ timeout: 15_000 });
    const handNo = await page.getByTestId('street').textContent();
    await spectator
      .locator('[data-testid="street"]', { hasText: handNo!.split(' · ')[0] })
      .waitFor({ timeout: 15_000 });
    expect(await spectator.getByTestId('peek').count()).toBe(0);
    expect(await spectator.getByTestId('sparks').count()).toBe(0);
    await spectatorCtx.close();
    await page.close();
  }, 180_000);
});
