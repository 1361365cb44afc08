// Home games in Chromium (issue 23, item 2): a host creates a private Hold'em table with the
// home-game options from the lobby's form (only those the game allows are offered), plays with
// bots through hands with a straddle and a bomb pot, is told in words that options change between
// hands only, then turns the bots off; a friend joins by the invite link and the two go all-in
// heads-up: the run-it-twice offer is answered in both pages, the second board is dealt and the
// pot is won by board. The page stays free of serious axe violations with the second board shown,
// and the hand replayer says the run-it-twice events.
import { AxeBuilder } from '@axe-core/playwright';
import type { Page } from 'playwright-core';
import { signUp, shot, startWebTest, type WebTest } from './browser';

const ACTION = '[data-testid="actions"]';
/** What the felt showed at some point (recorded by a MutationObserver: a marker may come and go between two polls). */
const WATCHED = [
  'straddle-marker',
  'bomb-pot-banner',
  'board2',
  'run-twice-badge',
  'run-twice-offer',
  'act-run-twice',
  'act-show',
  'rabbit',
];

async function record(page: Page): Promise<void> {
  await page.evaluate(`(() => {
    window.__seen = window.__seen || {};
    const ids = ${JSON.stringify(WATCHED)};
    const look = () => { for (const id of ids) if (document.querySelector('[data-testid="' + id + '"]')) window.__seen[id] = (window.__seen[id] || 0) + 1; };
    new MutationObserver(look).observe(document.body, { childList: true, subtree: true });
    look();
  })()`);
}
const seen = (page: Page) => page.evaluate('window.__seen') as Promise<Record<string, number>>;

/**
 * One decision if the page has one: answer a run-it-twice offer "twice", show an uncontested win,
 * else check, else (allIn) move all-in or call, or fold. Returns whether a decision was made.
 */
async function decide(page: Page, allIn: boolean, keys = false): Promise<boolean> {
  const bar = page.locator(ACTION);
  if (!(await bar.count())) return false;
  const version = await bar.getAttribute('data-version').catch(() => null);
  if (version === null) return false;
  const has = async (id: string) => (await bar.getByTestId(id).count()) > 0;
  const click = (id: string) => bar.getByTestId(id).click({ timeout: 5_000 });
  try {
    // With `keys`, the run-it-twice offer is answered with its key (W), as the help overlay lists it.
    if (await has('act-run-twice')) await (keys ? page.keyboard.press('w') : click('act-run-twice'));
    else if (await has('act-show')) await click('act-show');
    else if (allIn && ((await has('act-raise')) || (await has('act-bet')))) {
      if (await has('size-allin')) await click('size-allin');
      await click((await has('act-raise')) ? 'act-raise' : 'act-bet');
    } else if (allIn && (await has('act-call'))) await click('act-call');
    else if (await has('act-check')) await click('act-check');
    else if (await has('act-fold')) await click('act-fold');
    else return false;
  } catch {
    return false; // the decision went away meanwhile (the clock, a re-render): the next poll sees the new one
  }
  await page
    .locator(`${ACTION}[data-version="${version}"]`)
    .waitFor({ state: 'detached', timeout: 30_000 })
    .catch(() => undefined);
  return true;
}

async function seriousViolations(page: Page): Promise<string[]> {
  const result = await new AxeBuilder({ page })
    .withTags(['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa', 'wcag22aa', 'best-practice'])
    .analyze();
  return result.violations
    .filter((v) => v.impact === 'serious' || v.impact === 'critical')
    .map(
      (violation) =>
        `${violation.id}: ${violation.help} — ${violation.nodes
          .slice(0, 3)
          .map((n) => n.target.join(' '))
          .join(' | ')}`,
    );
}

describe('web client: home-game options (Chromium)', () => {
  let web: WebTest;
  beforeAll(async () => {
    web = await startWebTest();
  }, 120_000);
  afterAll(() => web?.close());

  it('a host creates a home game; straddle and bomb pot with bots; run it twice answered in two pages', async () => {
    const hostCtx = await web.browser.newContext({ viewport: { width: 1280, height: 1000 } });
    const host = await hostCtx.newPage();
    await signUp(host, web.app.url, 'homehost');

    // The form offers only what the game allows: no straddle, bomb pot or bounty in Stud.
    await host.getByTestId('private-game').selectOption('stud7');
    expect(await host.getByTestId('private-home-straddle').isVisible()).toBe(false);
    expect(await host.getByTestId('private-home-unavailable').textContent()).toMatch(/Straddle: needs a flop game/);
    await host.getByTestId('private-game').selectOption('holdem');
    expect(await host.getByTestId('private-home-straddle').isVisible()).toBe(true);
    expect(await host.getByTestId('private-home-unavailable').textContent()).toBe('');
    // Fixed Limit: no straddle.
    await host.getByTestId('private-structure').selectOption('fixed-limit');
    expect(await host.getByTestId('private-home-straddle').isVisible()).toBe(false);
    await host.getByTestId('private-structure').selectOption('no-limit');
    expect(await seriousViolations(host)).toEqual([]);

    await host.getByTestId('private-name').fill('Friday home game');
    await host.getByTestId('private-bots').check();
    await host.getByTestId('private-home-run-twice').check();
    await host.getByTestId('private-home-straddle').check();
    await host.getByTestId('private-home-rabbit-hunt').check();
    await host.getByTestId('private-home-bounty').fill('5');
    await host.getByTestId('private-home-bomb-pot').check();
    await host.getByTestId('private-home-bomb-ante').fill('20');
    await host.getByTestId('private-home-bomb-every').fill('2');
    await host.getByTestId('private-create').click();
    await host.getByTestId('host-panel').waitFor();
    // The host panel shows the table's options (from the table's summary).
    expect(await host.getByTestId('home-run-twice').isChecked()).toBe(true);
    expect(await host.getByTestId('home-bomb-every').inputValue()).toBe('2');
    expect(await host.getByTestId('home-rules').textContent()).toBe(
      'Home game: Run it twice · Straddle · Bomb pot 20 every 2 hands · 7-2 bounty 5 · Rabbit hunt',
    );
    await host.getByTestId('sit-0').click();
    await host.locator('[data-testid="table-page"][data-mode="player"]').waitFor();
    await record(host);

    // Bots fill the table (4 players: the straddle applies); play until a straddle and a bomb pot were seen.
    let refusedShown = false;
    const until = Date.now() + 120_000;
    for (;;) {
      const hostSeen = await seen(host);
      if (hostSeen['straddle-marker'] && hostSeen['bomb-pot-banner'] && hostSeen['rabbit'] && refusedShown) break;
      if (Date.now() > until) throw new Error(`not seen in time: ${JSON.stringify(hostSeen)}`);
      // With a decision of ours pending the hand is running: saving options is refused, in words.
      if (!refusedShown && (await host.locator(ACTION).count())) {
        await host.getByTestId('home-save').click();
        await host
          .getByTestId('host-message')
          .getByText('Settings change between hands: save again when this hand is over.')
          .waitFor({ timeout: 10_000 });
        refusedShown = true;
      }
      if (!(await decide(host, false))) await host.waitForTimeout(100);
    }
    await shot(host, 'home-game-bots');
    // A bomb pot on demand, from the host panel.
    await host.getByTestId('bomb-pot-request').click();
    await host.getByTestId('host-message').getByText('Bomb pot called for the next hand').waitFor({ timeout: 10_000 });
    // The keys' help lists the home-game keys.
    await host.keyboard.press('?');
    await host.getByTestId('keys-help').getByText('Run it twice (when all-in and it is offered)').waitFor();
    await host.keyboard.press('Escape');

    // The bots leave (between hands); a friend comes in by the invite link.
    await host.getByTestId('invite-link').click();
    const link = await host.getByTestId('invite-url').inputValue();
    // Settings change between hands: the host clicks once a hand is over (its result shown, no decision pending).
    const botsBy = Date.now() + 60_000;
    while (!(await host.getByTestId('host-message').getByText('Bots off').count())) {
      if (Date.now() > botsBy) throw new Error('bots never turned off');
      if ((await host.getByTestId('hand-result').count()) && !(await host.locator(ACTION).count())) {
        await host.getByTestId('bots-toggle').click();
        await host.getByTestId('host-message').waitFor();
        await host.waitForTimeout(300);
      } else if (!(await decide(host, false))) await host.waitForTimeout(50);
    }
    const friendCtx = await web.browser.newContext({ viewport: { width: 1280, height: 1000 } });
    const friend = await friendCtx.newPage();
    await signUp(friend, web.app.url, 'homefriend');
    await friend.goto(link);
    await friend.locator('[data-testid^="sit-"]').first().click({ timeout: 15_000 });
    await friend.locator('[data-testid="table-page"][data-mode="player"]').waitFor();
    await record(friend);

    // Heads-up without bots: all-in and called; both pages answer "Run it twice".
    const end = Date.now() + 150_000;
    for (;;) {
      const [hostSeen, friendSeen] = await Promise.all([seen(host), seen(friend)]);
      if (hostSeen['board2'] && friendSeen['board2'] && hostSeen['run-twice-badge']) break;
      if (Date.now() > end)
        throw new Error(`no board run twice: host ${JSON.stringify(hostSeen)}, friend ${JSON.stringify(friendSeen)}`);
      const botsLeft = (await host.getByTestId('bot-badge').count()) > 0;
      const moved = (await decide(host, !botsLeft)) || (await decide(friend, !botsLeft, true));
      if (!moved) await host.waitForTimeout(100);
    }
    expect((await seen(host))['act-run-twice']).toBeTruthy();
    expect((await seen(friend))['act-run-twice']).toBeTruthy();
    // The second board runs out to five cards; the pot is won by board.
    await host.locator('[data-testid="board2"] .card').nth(4).waitFor({ timeout: 15_000 });
    await host
      .getByTestId('hand-result')
      .getByText(/board 2/)
      .waitFor({ timeout: 15_000 });
    await shot(host, 'home-game-run-twice');
    expect(await seriousViolations(host)).toEqual([]);

    // The replayer says the run-it-twice events in words.
    await host.getByTestId('nav-history').click();
    await host.getByTestId('history-row').first().waitFor();
    const rows = await host.getByTestId('history-open').count();
    let found = false;
    for (let k = 0; k < rows && !found; k++) {
      await host.getByTestId('history-open').nth(k).click();
      await host.getByTestId('replay-end').click();
      const log = (await host.getByTestId('replay-log').textContent()) ?? '';
      if (/the board runs twice/.test(log)) {
        found = true;
        expect(log).toMatch(/You agree to run it twice/);
        expect(log).toMatch(/Second board/);
        expect(log).toMatch(/on board 2/);
        await host.getByTestId('replay-board2').waitFor();
      } else {
        await host.goBack();
        await host.getByTestId('history-row').first().waitFor();
      }
    }
    expect(found).toBe(true);
    await friendCtx.close();
    await hostCtx.close();
  }, 420_000);
});
