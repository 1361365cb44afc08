// Accessible play (issue 27), in Chromium:
// 1. axe-core on every page — sign-in, lobby (player and admin), a table in the middle of a hand (with
//    the action bar, and with the keys' help open), the tournaments list and a tournament's lobby, a
//    Sit & Go page, a hosted private table and its session ledger, the hand history and the admin page — at desktop
//    (1280×800) and phone (390×844) sizes: no serious or critical violation (WCAG 2.x A/AA rules).
// 2. One full hand played with the keyboard alone (Tab to a seat, Enter; C at each turn), asserting
//    what the live region says at each step: the deal, "Your turn: …", our own action, the streets'
//    cards, the re-read keys (H, B, P), and who wins.
import { writeFileSync } from 'node:fs';
import { join } from 'node:path';
import request from 'supertest';
import { AxeBuilder } from '@axe-core/playwright';
import type { Page } from 'playwright-core';
import { PrismaService } from '@naiko/persistence';
import { fastModeStructure } from '@naiko/tournament';
import { fastMttSettings } from '../support/tournaments';
import { RESULTS_DIR, shot, signIn, signUp, startWebTest, type WebTest } from './browser';
import { focusedTestId, heard, listen, signUpByKeyboard, spoken, tabTo } from './a11y';

const SIZES = { desktop: { width: 1280, height: 800 }, phone: { width: 390, height: 844 } } as const;
const ACTION = '[data-testid="actions"]';

/** axe-core with the WCAG 2.0/2.1/2.2 A and AA rules: the serious and critical violations, in words. */
async function seriousViolations(page: Page): Promise<string[]> {
  const result = await new AxeBuilder({ page })
    .withTags(['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa', 'wcag22aa', 'best-practice'])
    .analyze();
  return result.violations
    .filter((v) => v.impact === 'serious' || v.impact === 'critical')
    .map(
      (violation) =>
        `${violation.id} (${violation.impact}): ${violation.help} — ${violation.nodes
          .slice(0, 4)
          .map((n) => `${n.target.join(' ')} (${(n.failureSummary ?? '').replace(/\s+/g, ' ').slice(0, 200)})`)
          .join(' | ')}`,
    );
}

/**
 * Walks the page with Tab, once round: every control that can take the focus is reached (nothing
 * traps it: the walk comes back round to the start), and each shows its focus (:focus-visible with
 * an outline or a ring). Returns the problems in words.
 */
async function tabWalk(page: Page): Promise<string[]> {
  // The controls a Tab can reach: visible, enabled, not taken out of the order.
  const expected = (await page.evaluate(`(() => {
    const all = document.querySelectorAll('a[href], button, input, select, textarea, summary, [tabindex]');
    return Array.from(all).filter((el) => el.tabIndex >= 0 && !el.disabled && el.getClientRects().length > 0
      && getComputedStyle(el).visibility !== 'hidden' && !el.closest('dialog:not([open]), [inert]')).length;
  })()`)) as number;
  const problems: string[] = [];
  const seen: string[] = [];
  let outside = 0;
  for (let n = 0; n < expected + 20; n++) {
    await page.keyboard.press('Tab');
    const at = (await page.evaluate(`(() => {
      const el = document.activeElement;
      if (!el || el === document.body) return null;
      const all = Array.from(document.querySelectorAll('*'));
      const cs = getComputedStyle(el);
      const ring = (cs.outlineStyle !== 'none' && parseFloat(cs.outlineWidth) > 0) || cs.boxShadow !== 'none';
      return { id: (el.dataset.testid || el.tagName.toLowerCase() + ':' + (el.textContent || el.getAttribute('aria-label') || '').trim().slice(0, 24)) + '#' + all.indexOf(el), visible: el.matches(':focus-visible') && ring };
    })()`)) as { id: string; visible: boolean } | null;
    // Past the last control the focus leaves the page for a moment, then comes round to the first.
    if (!at) {
      if (++outside > 3) break;
      continue;
    }
    outside = 0;
    if (seen[0] === at.id) break; // round again
    // A date field's parts (day, month, year, time) are stops inside one control.
    if (seen[seen.length - 1] === at.id) continue;
    if (seen.includes(at.id)) {
      problems.push(`focus trapped: came back to ${at.id} after ${seen.length} stops`);
      break;
    }
    seen.push(at.id);
    if (!at.visible) problems.push(`no visible focus on ${at.id}`);
  }
  if (seen.length < expected) problems.push(`Tab reached ${seen.length} of ${expected} controls: ${seen.join(', ')}`);
  return problems;
}

describe('web client: accessibility (Chromium, axe-core)', () => {
  let web: WebTest;
  let tableId: string;
  let tournamentId: number;
  beforeAll(async () => {
    web = await startWebTest();
    const admin = web.app.token({ role: 'admin', username: 'admin' });
    const res = await request(web.app.url)
      .post('/lobby/tables')
      .set('Authorization', `Bearer ${admin}`)
      .send({
        name: 'Access 10/20',
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
    const settings = fastMttSettings({
      name: 'Access Weekly',
      startsAt: new Date(Date.now() + 3_600_000).toISOString(),
      maxEntrants: 50,
      startingStack: 3_000,
      blindStructure: fastModeStructure(60_000, 30_000, 4),
      clock: { decisionMs: 20_000, reconnectMs: 60_000 },
    });
    tournamentId = (
      await request(web.app.url).post('/tournaments').set('Authorization', `Bearer ${admin}`).send(settings).expect(201)
    ).body.tournamentId;
  }, 120_000);
  afterAll(() => web?.close());

  for (const [size, viewport] of Object.entries(SIZES)) {
    it(`every page has no serious or critical axe violation (${size} ${viewport.width}×${viewport.height})`, async () => {
      // axe-core/playwright opens a page of its own in the page's context: a context per size.
      const context = await web.browser.newContext({ viewport });
      const page = await context.newPage();
      const found: Record<string, string[]> = {};
      const check = async (name: string) => {
        // Each page as it is arrived at: from its top (the previous walk may have scrolled the document).
        await page.evaluate('window.scrollTo(0, 0)');
        const violations = await seriousViolations(page);
        // Keyboard: every control reached with Tab, no trap, the focus always visible.
        if (name !== 'table-keys-help') violations.push(...(await tabWalk(page)));
        if (violations.length) found[name] = violations;
        await shot(page, `a11y-${size}-${name}`);
      };
      const user = `a11y${size}`;

      await page.goto(web.app.url);
      await page.getByTestId('auth-submit').waitFor();
      await check('sign-in');

      await signUp(page, web.app.url, user);
      await page.getByTestId('tables').waitFor();
      await page.getByTestId('sng-row').first().waitFor();
      await check('lobby');

      // A table in the middle of a hand, our turn (the action bar), then the keys' help over it.
      await page.goto(`${web.app.url}/#/table/${tableId}`);
      await page.getByTestId(size === 'desktop' ? 'sit-1' : 'sit-2').click();
      await page.locator(ACTION).waitFor({ timeout: 30_000 });
      await check('table-mid-hand');
      await page.keyboard.press('?');
      await page.getByTestId('keys-help').waitFor();
      await check('table-keys-help');
      await page.keyboard.press('Escape');
      await page.getByTestId('keys-help').waitFor({ state: 'hidden' });
      await page.getByTestId('leave').click();
      await page.locator('[data-testid="table-page"][data-mode="spectator"]').waitFor({ timeout: 30_000 });

      await page.goto(`${web.app.url}/#/tournaments`);
      await page.getByTestId('mtt-row').first().waitFor();
      await check('tournaments');
      await page.goto(`${web.app.url}/#/tournament/${tournamentId}`);
      await page.getByTestId('mtt-phase').waitFor();
      await check('tournament-lobby');

      // A Sit & Go page (registered from the lobby).
      await page.goto(`${web.app.url}/#/lobby`);
      await page.getByTestId('sng-register').first().click();
      await page.getByTestId('sng-phase').waitFor();
      await page.getByTestId('entrant').first().waitFor();
      await check('sit-and-go');

      // A hosted private table: the host's panel.
      await page.goto(`${web.app.url}/#/lobby`);
      await page.getByTestId('private-create').click();
      await page.getByTestId('host-panel').waitFor();
      await page.getByTestId('invite-link').click();
      await page.getByTestId('invite-url').waitFor();
      await check('host-private-table');
      await page.getByTestId('session-ledger-link').click();
      await page.locator('[data-testid="session-ledger"] h2', { hasText: 'Session ledger:' }).waitFor();
      await check('session-ledger');

      await page.goto(`${web.app.url}/#/history`);
      await page.getByTestId('history').waitFor();
      await check('history');

      // The admin's pages (a new session carries the admin role).
      await web.app.get(PrismaService).user.update({ where: { username: user }, data: { role: 'admin' } });
      await page.getByTestId('sign-out').click();
      await signIn(page, web.app.url, user);
      await page.goto(`${web.app.url}/#/admin`);
      await page.getByTestId('admin-tournament').first().waitFor();
      await check('admin');
      await page.goto(`${web.app.url}/#/lobby`);
      await page.getByTestId('new-table-submit').waitFor();
      await check('lobby-admin');

      expect(found).toEqual({});
      await context.close();
    }, 180_000);
  }

  it('a whole hand with the keyboard alone; the live region says each step in plain words', async () => {
    const page = await web.browser.newPage({ viewport: SIZES.desktop });
    await signUpByKeyboard(page, web.app.url, 'keysonly');
    // The lobby: Tab to this table's "Open", Enter.
    await page.locator(`[data-testid="table-row"][data-table-id="${tableId}"]`).waitFor();
    await tabTo(page, /^open-table$/, {
      where: `document.activeElement.closest('[data-table-id]').dataset.tableId === ${JSON.stringify(tableId)}`,
    });
    await listen(page); // the same document from here on (the router changes the hash only)
    await page.keyboard.press('Enter');
    await page.getByTestId('table-page').waitFor();
    // Where we are, said on arrival.
    await heard(page, /^Access 10\/20, Texas Hold'em, stakes 10\/20$/);

    // Tab to a free seat ("Sit here"), Enter.
    await tabTo(page, /^sit-\d$/);
    await page.keyboard.press('Enter');
    await heard(page, /^You sit in seat \d$/);
    await page.locator('[data-testid="table-page"][data-mode="player"]').waitFor();

    // The deal of our first hand: its start, our cards in words.
    const start = await heard(page, /Hand \d+ starts; (you have|.+ has) the button/);
    const cards = await heard(
      page,
      /^Your cards: (\w+ of (clubs|diamonds|hearts|spades)), (\w+ of (clubs|diamonds|hearts|spades))$/,
      start.at - 1,
    );
    const card = '\\w+ of (clubs|diamonds|hearts|spades)';

    // Each turn: the bar takes the focus, "Your turn: ..." is said; C answers; our action is said back.
    let from = cards.at;
    let decisions = 0;
    let sized = false;
    let end: { line: string; at: number } | null = null;
    while (!end) {
      const next = await Promise.race([
        heard(page, /^Your turn: (check|call [\d,]+)( or (bet|raise)( to [\d,]+)?)?, \d+ seconds?/, from, 45_000).then(
          (x) => ({ kind: 'turn' as const, ...x }),
        ),
        heard(page, /^(You win|.+ wins) [\d,]+/, from, 45_000).then((x) => ({ kind: 'end' as const, ...x })),
      ]);
      if (next.kind === 'end' && decisions > 0) {
        end = next;
        break;
      }
      if (next.kind === 'end') {
        // The hand ended before our first decision (we folded nothing: everyone folded to a blind). The next one.
        from = next.at;
        continue;
      }
      decisions++;
      from = next.at;
      await page.locator(ACTION).waitFor();
      await page.waitForFunction('document.activeElement && document.activeElement.dataset.testid === "actions"');
      if (decisions === 1) {
        // Re-read on demand: the hole cards (as dealt), the board, the pot.
        await page.keyboard.press('h');
        expect((await heard(page, /^Your cards: /, from)).line).toBe(cards.line);
        await page.keyboard.press('b');
        await heard(page, /^(No board cards yet \(\w+\)|Board, \w+: )/, from);
        await page.keyboard.press('p');
        await heard(page, /^Pot [\d,]+; ([\d,]+ to call|nothing to call)$/, from);
        // The keys' help: ? opens it with the focus inside, Esc closes it and the focus comes back.
        await page.keyboard.press('?');
        await page.getByTestId('keys-help').waitFor();
        expect(await focusedTestId(page)).toBe('keys-help-close');
        await page.keyboard.press('Escape');
        await page.getByTestId('keys-help').waitFor({ state: 'hidden' });
        expect(await focusedTestId(page)).toBe('actions');
      }
      if (!sized && (await page.getByTestId('raise-slider').count())) {
        // The arrows size the bet a step at a time, and say the new amount.
        const before = Number(await page.getByTestId('raise-slider').inputValue());
        await page.keyboard.press('ArrowUp');
        const after = Number(await page.getByTestId('raise-slider').inputValue());
        expect(after).toBeGreaterThan(before);
        await heard(page, new RegExp(`^(Raise to|Bet amount) ${after.toLocaleString('en-US')}$`), from);
        sized = true;
      }
      const version = await page.locator(ACTION).getAttribute('data-version');
      const check = (await page.getByTestId('act-check').count()) > 0;
      const toCall = check ? 0 : Number((await page.getByTestId('act-call').textContent())!.replace(/\D/g, ''));
      await page.keyboard.press('c');
      await page.locator(`${ACTION}[data-version="${version}"]`).waitFor({ state: 'detached', timeout: 30_000 });
      const mine = await heard(
        page,
        check ? /^You check$/ : new RegExp(`^You call ${toCall.toLocaleString('en-US')}(, all-in)?$`),
        from,
      );
      from = mine.at - 1;
    }
    const lines = await spoken(page);
    const hand = lines.slice(start.at - 1, end.at);
    // Streets that were dealt were said with their cards: "Flop: ace of spades, ten of diamonds, four of clubs".
    for (const line of hand.filter((x) => /^(Flop|Turn|River):/.test(x))) {
      expect(line).toMatch(new RegExp(`^(Flop: ${card}, ${card}, ${card}|Turn: ${card}|River: ${card})$`));
    }
    expect(decisions).toBeGreaterThan(0);
    // Never a flood: one announcement per event or burst, each short.
    expect(hand.every((l) => l.length < 400)).toBe(true);
    await shot(page, 'a11y-keyboard-hand');
    // What a screen reader was given, announcement by announcement (for a person to read).
    writeFileSync(
      join(RESULTS_DIR, 'a11y-keyboard-hand.txt'),
      `${((await page.evaluate('window.__spoken.slice()')) as string[]).join('\n')}\n`,
    );
    await page.close();
  }, 180_000);

  it('extended time (ticked with the keyboard) doubles a 6 s decision, the bank first; the clock warns at 10 s and 5 s', async () => {
    const admin = web.app.token({ role: 'admin', username: 'admin' });
    const res = await request(web.app.url)
      .post('/lobby/tables')
      .set('Authorization', `Bearer ${admin}`)
      .send({
        name: 'Access clock',
        game: 'holdem',
        structure: 'no-limit',
        stakes: { smallBlind: 10, bigBlind: 20 },
        buyIn: { min: 400, max: 2000 },
        seats: 3,
        botsAllowed: true,
        clock: { decisionMs: 6_000, timeBankMs: 1_000 },
      })
      .expect(201);
    const page = await web.browser.newPage({ viewport: SIZES.desktop });
    await signUp(page, web.app.url, 'slowreader');
    await page.goto(`${web.app.url}/#/table/${res.body.tableId}`);
    await page.getByTestId('table-page').waitFor();
    await listen(page);
    // Tab to "Extended time", Space ticks it; then Shift+Tab back to a seat, Enter.
    await tabTo(page, /^extended-time$/);
    await page.keyboard.press('Space');
    expect(await page.getByTestId('extended-time').isChecked()).toBe(true);
    await heard(
      page,
      /^Extended time on: from your next decision, at least twice the normal time; your time bank is used first$/,
    );
    await tabTo(page, /^sit-\d$/, { back: true });
    await page.keyboard.press('Enter');
    await heard(page, /^You sit in seat \d$/);

    // Our turn: 6 s, then max(1 s bank, 6 s extension) = 6 s more.
    const turn = await heard(page, /^Your turn: .+, \d+ seconds? and \d+ more with extended time$/);
    expect(turn.line).toMatch(/, [56] seconds and 6 more with extended time$/);
    const bar = page.locator(ACTION);
    const version = await bar.getAttribute('data-version');
    const started = Date.now();
    expect(await page.getByTestId('clock').textContent()).toMatch(/^\d+ s \+ extended 6 s$/);
    const urgent = (text: string) =>
      page.waitForFunction(
        `document.querySelector('[data-testid="announcer-urgent"]').textContent === ${JSON.stringify(text)}`,
        undefined,
        { timeout: 15_000 },
      );
    await urgent('10 seconds left');
    await urgent('5 seconds left');
    // Past the normal 6 s (and its 1 s bank), the decision is still ours: the server gave the extension.
    expect(Date.now() - started).toBeGreaterThan(6_500);
    expect(await page.locator(`${ACTION}[data-version="${version}"]`).count()).toBe(1);
    // At 12 s the clock decides for us (check, else fold).
    await page.locator(`${ACTION}[data-version="${version}"]`).waitFor({ state: 'detached', timeout: 15_000 });
    expect(Date.now() - started).toBeGreaterThan(10_500);
    await heard(page, /^You (check|fold)$/, turn.at);
    await page.close();
  }, 120_000);
});
