// A table in Chromium: a player signs up, opens a Hold'em table with bots, sits down, plays hands
// by clicking the buttons the server's legalActions allow (check/call, or a bet sized with the
// quick buttons; a fold where checking is free asks "Fold instead of checking?" once), sees a showdown, reloads the
// page and keeps the seat; a second browser context watches the same table as a spectator without seeing the player's
// hole cards.
import { readFileSync } from 'node:fs';
import { verifyDealProof, type DealProof } from '@naiko/engine';
import request from 'supertest';
import type { Page } from 'playwright-core';
import { signUp, shot, startWebTest, type WebTest } from './browser';

const ACTION = '[data-testid="actions"]';

/** Plays by clicking until a hand shows down; returns the number of decisions made. */
async function playUntilShowdown(page: Page, maxDecisions = 80): Promise<number> {
  let askedToFold = false;
  for (let n = 0; n < maxDecisions; n++) {
    const showdown = page.locator('[data-testid="hand-result"]', { hasText: 'shows' });
    await page.locator(`${ACTION}, [data-testid="hand-result"]:has-text("shows")`).first().waitFor({ timeout: 30_000 });
    if (await showdown.count()) return n;
    const actions = page.locator(ACTION);
    const version = await actions.getAttribute('data-version');
    const check = actions.getByTestId('act-check');
    if (!askedToFold && (await check.count())) {
      // Folding is offered although checking is free; the client asks once ("Fold instead of checking?").
      askedToFold = true;
      await actions.getByTestId('act-fold').click();
      expect(await page.getByTestId('fold-confirm').textContent()).toBe('Fold instead of checking?');
      await page.getByTestId('act-fold-no').click();
      await page.getByTestId('fold-confirm').waitFor({ state: 'detached' });
      expect(await page.locator(ACTION).getAttribute('data-version')).toBe(version);
    }
    if (await check.count()) await check.click();
    else await actions.getByTestId('act-call').click();
    // The decision is answered by a new view: this version's buttons go away.
    await page.locator(`${ACTION}[data-version="${version}"]`).waitFor({ state: 'detached', timeout: 30_000 });
  }
  throw new Error('no showdown');
}

describe('web client: a table with bots (Chromium)', () => {
  let web: WebTest;
  let tableId: string;
  beforeAll(async () => {
    web = await startWebTest();
    const admin = web.app.token({ role: 'admin', username: 'admin' });
    const open = async (name: string, naikoMode: boolean): Promise<string> => {
      const res = await request(web.app.url)
        .post('/lobby/tables')
        .set('Authorization', `Bearer ${admin}`)
        .send({
          name,
          game: 'holdem',
          structure: 'no-limit',
          stakes: { smallBlind: 10, bigBlind: 20 },
          buyIn: { min: 400, max: 2000 },
          seats: 6,
          botsAllowed: true,
          naikoMode,
          clock: { decisionMs: 60_000 },
        })
        .expect(201);
      return res.body.tableId;
    };
    tableId = await open('Bots 10/20', false);
  }, 120_000);
  afterAll(() => web?.close());

  it('sits down, plays hands by clicking to a showdown, keeps the seat after a reload; a spectator sees no hole cards', async () => {
    const page = await web.browser.newPage({ viewport: { width: 1200, height: 950 } });
    await signUp(page, web.app.url, 'webplayer');
    await page.locator(`[data-table-id="${tableId}"] [data-testid="open-table"]`).click();
    await page.getByTestId('table-page').waitFor();
    expect(await page.getByTestId('table-page').getAttribute('data-mode')).toBe('spectator');
    // Our player takes the first free seat; bots fill the table up to its bot target.
    await page.locator('[data-testid^="sit-"]').first().click();
    await page.locator('[data-testid="table-page"][data-mode="player"]').waitFor();
    await page.getByTestId('bot-badge').first().waitFor();

    // A bet sized with the quick buttons, bounded by the server's min and max, when we get to open.
    await page.locator(ACTION).waitFor({ timeout: 30_000 });
    const slider = page.getByTestId('raise-slider');
    if (await slider.count()) {
      const min = Number(await slider.getAttribute('min'));
      const max = Number(await slider.getAttribute('max'));
      await page.getByTestId('size-allin').click();
      expect(Number((await page.getByTestId('raise-to').textContent())!.replace(/,/g, ''))).toBe(max);
      await page.getByTestId('size-min').click();
      expect(Number((await page.getByTestId('raise-to').textContent())!.replace(/,/g, ''))).toBe(min);
    }
    expect(await page.getByTestId('own-cards').locator('[data-card="hidden"]').count()).toBe(0);

    // A spectator in another browser context: the seats' private cards are face down.
    const spectatorCtx = await web.browser.newContext();
    const spectator = await spectatorCtx.newPage();
    await signUp(spectator, web.app.url, 'webwatcher');
    await spectator.goto(`${web.app.url}/#/table/${tableId}`);
    await spectator.locator('[data-testid="table-page"][data-mode="spectator"]').waitFor();
    await spectator.getByTestId('spectator-badge').waitFor();

    const decisions = await playUntilShowdown(page);
    expect(decisions).toBeGreaterThan(0);
    await shot(page, 'table-showdown');
    expect(await page.getByTestId('hand-result').textContent()).toMatch(/wins/);

    // Reload: the same seat comes back with the snapshot.
    const mySeat = await page.locator('.seat.mine').getAttribute('data-testid');
    await page.reload();
    await page.locator('[data-testid="table-page"][data-mode="player"]').waitFor();
    expect(await page.locator('.seat.mine').getAttribute('data-testid')).toBe(mySeat);
    await page.locator(ACTION).waitFor({ timeout: 30_000 });
    await shot(page, 'table');
    expect(await spectator.locator('[data-testid="spectator-badge"]').count()).toBe(1);
    await spectatorCtx.close();

    // Hand history: the finished hands, a step-by-step replay, the PHH download.
    await page.getByTestId('nav-history').click();
    await page.getByTestId('history-row').first().waitFor();
    await page.getByTestId('history-open').last().click();
    await page.getByTestId('replay-step').waitFor();
    expect(await page.locator('[data-testid="replay-log"] li').count()).toBe(0);
    await page.getByTestId('replay-next').click();
    await page.getByTestId('replay-next').click();
    expect(await page.locator('[data-testid="replay-log"] li').count()).toBeGreaterThan(0);
    const [download] = await Promise.all([page.waitForEvent('download'), page.getByTestId('download-phh').click()]);
    const phh = readFileSync((await download.path())!, 'utf8');
    expect(phh).toMatch(/variant = "NT"/);
    expect(phh).toMatch(/d dh p\d+ [2-9TJQKA][cdhs][2-9TJQKA][cdhs]/);
    // The deal proof (issue 19): openings of the cards this player saw; they verify; no seed yet.
    const [proofFile] = await Promise.all([page.waitForEvent('download'), page.getByTestId('download-proof').click()]);
    const proof = JSON.parse(readFileSync((await proofFile.path())!, 'utf8')) as DealProof;
    expect(proof.seed).toBeNull();
    expect(verifyDealProof(proof)).toMatchObject({ ok: true, seed: 'not-disclosed' });
    await page.close();
  });
});
