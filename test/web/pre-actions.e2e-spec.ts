// Pre-action boxes (issue 22), in Chromium: two people heads-up (no bots, so every action but the
// ticked ones is made by the test). A box ticked while the other player acts is applied when the
// turn comes without a click — "Check/Fold" folds to a bet, "Call any" calls a raise — and a
// "Call <amount>" box (here "Check", an amount of 0) is dropped when the bet changes: the player
// then decides himself. Then at a table with bots, on a phone: a "Fold" box ticked while a bet we have
// not matched is pending folds us when the action comes back.
import request from 'supertest';
import type { Page } from 'playwright-core';
import { shot, signUp, startWebTest, type WebTest } from './browser';

const ACTION = '[data-testid="actions"]';

/** The two pages, the one to act first (the button, small blind preflop heads-up) first. */
async function whoActs(pageA: Page, pageB: Page): Promise<[Page, Page]> {
  const first = await Promise.race([
    pageA
      .locator(ACTION)
      .waitFor({ timeout: 30_000 })
      .then(() => pageA),
    pageB
      .locator(ACTION)
      .waitFor({ timeout: 30_000 })
      .then(() => pageB),
  ]);
  return first === pageA ? [pageA, pageB] : [pageB, pageA];
}

async function street(page: Page, name: string): Promise<void> {
  await page.getByTestId('street').filter({ hasText: name }).waitFor({ timeout: 15_000 });
}

describe('web client: pre-action boxes (Chromium)', () => {
  let web: WebTest;
  let tableId: string;
  beforeAll(async () => {
    // Bots take 500 ms: a person's tap has time to land between two of their actions (at the default 40 ms
    // our turn comes before a tap could).
    web = await startWebTest({ env: { TABLE_BOT_DELAY_MS: '500' } });
    const admin = web.app.token({ role: 'admin', username: 'admin' });
    const res = await request(web.app.url)
      .post('/lobby/tables')
      .set('Authorization', `Bearer ${admin}`)
      .send({
        name: 'Pre-actions 10/20',
        game: 'holdem',
        structure: 'no-limit',
        stakes: { smallBlind: 10, bigBlind: 20 },
        buyIn: { min: 400, max: 2000 },
        seats: 2,
        botsAllowed: false,
        clock: { decisionMs: 60_000 },
      })
      .expect(201);
    tableId = res.body.tableId;
  }, 120_000);
  afterAll(() => web?.close());

  it('applies a ticked box when the turn comes, and drops "call this amount" when the bet changed', async () => {
    const pageA = await web.browser.newPage({ viewport: { width: 1280, height: 800 } });
    const pageB = await web.browser.newPage({ viewport: { width: 1280, height: 800 } });
    await signUp(pageA, web.app.url, 'preplayera');
    await signUp(pageB, web.app.url, 'preplayerb');
    for (const [page, seat] of [
      [pageA, 0],
      [pageB, 1],
    ] as const) {
      await page.goto(`${web.app.url}/#/table/${tableId}`);
      await page.getByTestId(`sit-${seat}`).click();
      await page.locator('[data-testid="table-page"][data-mode="player"]').waitFor();
    }

    // Hand 1, preflop: the small blind acts; the big blind ticks "Check" (a call of 0).
    const [sb, bb] = await whoActs(pageA, pageB);
    await street(sb, 'Preflop');
    await bb.getByTestId('pre-actions').waitFor();
    expect(await bb.getByTestId('pre-call').locator('xpath=..').textContent()).toBe(' Check');
    await bb.getByTestId('pre-call').check();
    expect(await bb.getByTestId('pre-call').isChecked()).toBe(true);
    // The small blind raises: the big blind's "Check" no longer applies, so he is asked.
    await sb.getByTestId('act-raise').click();
    const bbBar = bb.locator(ACTION);
    await bbBar.waitFor();
    const version = await bbBar.getAttribute('data-version');
    // Had the box been sent, this decision would be gone already; it waits for his click.
    await bb.locator(`${ACTION}[data-version="${version}"]`).getByTestId('act-call').click({ timeout: 5_000 });
    await street(sb, 'Flop');

    // Flop: the big blind acts first; the small blind ticks "Check/Fold", the big blind bets: the
    // small blind folds at once (no click) and the big blind wins the pot.
    await bb.locator(ACTION).waitFor();
    await sb.getByTestId('pre-check-fold').check();
    await bb.getByTestId('act-bet').click();
    await bb.getByTestId('hand-result').filter({ hasText: 'wins' }).waitFor({ timeout: 10_000 });
    const bbName = bb === pageA ? 'preplayera' : 'preplayerb';
    expect(await sb.getByTestId('hand-result').textContent()).toContain(bbName);
    await shot(sb, 'pre-actions-fold');

    // Hand 2: the button moved; the new big blind ticks "Call any", the small blind raises: the
    // big blind calls it without a click and the flop is dealt.
    await sb.getByTestId('hand-result').waitFor({ state: 'detached', timeout: 15_000 });
    const [sb2, bb2] = await whoActs(pageA, pageB);
    expect(sb2).toBe(bb); // heads-up, the button alternates
    await bb2.getByTestId('pre-actions').waitFor();
    await bb2.getByTestId('pre-call-any').check();
    await sb2.getByTestId('act-raise').click();
    await street(sb2, 'Flop');
    await street(bb2, 'Flop');
    // The box served once: it is clear on the next street (the page may still be drawing the update
    // that dealt the flop when the street shows: the box is read once the page has settled).
    await bb2.locator(`${ACTION}, [data-testid="pre-actions"]`).first().waitFor();
    await bb2.waitForFunction(`!document.querySelector('[data-testid="pre-call-any"]')?.checked`, undefined, {
      timeout: 5_000,
    });
    await shot(bb2, 'pre-actions-call-any');
    await pageA.close();
    await pageB.close();
  }, 90_000);

  it('at a table with bots (the page redrawn at each of their actions) a ticked Fold box holds and folds', async () => {
    const admin = web.app.token({ role: 'admin', username: 'admin' });
    const res = await request(web.app.url)
      .post('/lobby/tables')
      .set('Authorization', `Bearer ${admin}`)
      .send({
        name: 'Pre-actions bots',
        game: 'holdem',
        structure: 'no-limit',
        stakes: { smallBlind: 10, bigBlind: 20 },
        buyIn: { min: 400, max: 2000 },
        seats: 6,
        botsAllowed: true,
        clock: { decisionMs: 60_000 },
      })
      .expect(201);
    const page = await web.browser.newPage({ viewport: { width: 390, height: 844 } });
    await signUp(page, web.app.url, 'prebots');
    await page.goto(`${web.app.url}/#/table/${res.body.tableId}`);
    await page.getByTestId('sit-0').click();
    await page.locator('[data-testid="table-page"][data-mode="player"]').waitFor();
    // "Fold" is offered while a bet we have not matched is pending (someone bet after us): the action
    // comes back to us in this street, so a ticked box must fold us — or the hand ends first.
    let folded = false;
    for (let n = 0; n < 40 && !folded; n++) {
      await page.locator(ACTION).or(page.getByTestId('pre-fold')).first().waitFor({ timeout: 30_000 });
      const bar = page.locator(ACTION);
      if (await bar.count()) {
        // Our turn: check or call by hand; the next box is ticked while the bots act.
        const version = await bar.getAttribute('data-version');
        await page.keyboard.press('c');
        await page.locator(`${ACTION}[data-version="${version}"]`).waitFor({ state: 'detached', timeout: 30_000 });
        continue;
      }
      try {
        await page.getByTestId('pre-fold').check({ timeout: 3_000 });
      } catch {
        continue; // our turn came before the tap landed: play it and try again
      }
      // Never left waiting for a click: folded at once, or the others folded first.
      const outcome = await Promise.race([
        page
          .locator('[data-testid="seat-0"].folded')
          .waitFor({ timeout: 15_000 })
          .then(() => 'folded'),
        page
          .getByTestId('hand-result')
          .waitFor({ timeout: 15_000 })
          .then(() => 'over'),
      ]);
      folded = outcome === 'folded';
    }
    expect(folded).toBe(true);
    await shot(page, 'pre-actions-bots-phone');
    await page.close();
  }, 120_000);
});
