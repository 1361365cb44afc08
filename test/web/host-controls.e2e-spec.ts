// Host controls and moderated chat in Chromium (issue 23, items 1 and 5): a host runs his private
// table from the settings panel — approval required (a friend's seat request approved), pause and
// resume, the blinds from the next hand, a password, mute for everyone, away, host rights handed to
// the friend, who stands the old host up. In the chat the friend mutes the host "for me", the host
// reports a line and an admin sees the report on the admin page. A stranger gets in with the password.
// Every step is seen in both pages.
import { AxeBuilder } from '@axe-core/playwright';
import type { Page } from 'playwright-core';
import { PrismaService } from '@naiko/persistence';
import { TablesService } from '@naiko/platform';
import { shot, signIn, signUp, startWebTest, type WebTest } from './browser';

const ACTION = '[data-testid="actions"]';

async function seriousViolations(page: Page): Promise<string[]> {
  const tags = ['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa', 'wcag22aa', 'best-practice'];
  const result = await new AxeBuilder({ page }).withTags(tags).analyze();
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

/** Folds or checks the page's pending decision, if any; true when one was made. */
async function foldOrCheck(page: Page): Promise<boolean> {
  const bar = page.locator(ACTION);
  if (!(await bar.count())) return false;
  const version = await bar.getAttribute('data-version').catch(() => null);
  if (version === null) return false;
  try {
    if (await bar.getByTestId('act-check').count()) await bar.getByTestId('act-check').click({ timeout: 5_000 });
    else await bar.getByTestId('act-fold').click({ timeout: 5_000 });
  } catch {
    return false;
  }
  await page
    .locator(`${ACTION}[data-version="${version}"]`)
    .waitFor({ state: 'detached', timeout: 30_000 })
    .catch(() => undefined);
  return true;
}

const hostSays = (page: Page, text: string | RegExp) =>
  page.getByTestId('host-message').getByText(text).waitFor({ timeout: 15_000 });
const row = (page: Page, name: string) => page.locator(`[data-testid="host-player"][data-player="${name}"]`);

describe('web client: host controls and chat moderation (Chromium)', () => {
  let web: WebTest;
  beforeAll(async () => {
    web = await startWebTest();
  }, 120_000);
  afterAll(() => web?.close());

  it('a host approves, pauses, sets the blinds, mutes, hands over; chat muted for me and reported', async () => {
    const hostCtx = await web.browser.newContext({ viewport: { width: 1280, height: 1100 } });
    const host = await hostCtx.newPage();
    await signUp(host, web.app.url, 'hchost');
    await host.getByTestId('private-name').fill('Friday night');
    await host.getByTestId('private-create').click();
    await host.getByTestId('host-panel').waitFor();
    const tableUrl = host.url();
    const room = () => web.app.get(TablesService).get(/#\/table\/([0-9a-f-]{36})/.exec(tableUrl)![1]!);
    await host.getByTestId('invite-username').fill('hcfriend');

    const friendCtx = await web.browser.newContext({ viewport: { width: 1280, height: 1100 } });
    const friend = await friendCtx.newPage();
    await signUp(friend, web.app.url, 'hcfriend');
    await host.getByTestId('invite-submit').click();
    await hostSays(host, 'hcfriend invited');

    // Approval required: the friend's sit is a request; the host approves it.
    await host.getByTestId('host-approval').click();
    await hostSays(host, /Approval required/);
    await friend.goto(tableUrl);
    await friend.getByTestId('sit-0').click();
    await friend.getByTestId('seat-request-pending').waitFor();
    await host.locator('[data-testid="seat-request"][data-player="hcfriend"]').getByTestId('seat-approve').click();
    await hostSays(host, 'hcfriend sits down');
    await friend.locator('[data-testid="table-page"][data-mode="player"]').waitFor();
    expect(await friend.getByTestId('seat-request-pending').count()).toBe(0);

    // Paused: the host sits down (no approval for himself) but nothing is dealt until he resumes.
    await host.getByTestId('host-pause').click();
    await friend.getByTestId('paused-banner').waitFor();
    await host.getByTestId('sit-1').click();
    await host.locator('[data-testid="table-page"][data-mode="player"]').waitFor();
    expect(await host.getByTestId('street').count()).toBe(0);
    await host.getByTestId('host-resume').click();
    await friend.getByTestId('paused-banner').waitFor({ state: 'detached' });
    await friend.getByTestId('street').waitFor({ timeout: 15_000 });

    // The blinds during a hand: from the next hand.
    await host.getByTestId('settings-bb').fill('40');
    await host.getByTestId('settings-submit').click();
    await hostSays(host, 'Settings saved (from the next hand)');
    await host.getByTestId('pending-stakes').getByText('next hand: 20/40').waitFor();

    // Chat: the friend says hello; the host reports the line and mutes the friend for everyone.
    await friend.getByTestId('chat-input').fill('hello host');
    await friend.getByTestId('chat-input').press('Enter');
    const line = host.locator('[data-testid="chat-line"][data-from="hcfriend"]');
    await line.waitFor();
    await line.getByTestId('chat-report').click();
    await line.getByText('Reported').waitFor();
    await line.getByTestId('chat-host-mute').click();
    await row(host, 'hcfriend').getByText('(muted)').waitFor();
    await friend.getByTestId('chat-input').fill('can you hear me');
    await friend.getByTestId('chat-input').press('Enter');
    await friend
      .getByTestId('table-error')
      .getByText(/MUTED_BY_HOST/)
      .waitFor();
    // The host talks; the friend mutes him for herself only.
    await host.getByTestId('chat-input').fill('house rules apply');
    await host.getByTestId('chat-input').press('Enter');
    const hostLine = friend.locator('[data-testid="chat-line"][data-from="hchost"]');
    await hostLine.waitFor();
    await hostLine.getByTestId('chat-mute-me').click();
    await friend.getByTestId('chat-muted-note').getByText('hchost is muted for you').waitFor();
    expect(await friend.locator('[data-testid="chat-line"][data-from="hchost"]').count()).toBe(0);
    await host.locator('[data-testid="chat-line"][data-from="hchost"]').waitFor();

    // A password for the table.
    await host.getByTestId('host-password').fill('letmein');
    await host.getByTestId('host-password-save').click();
    await hostSays(host, /Password set/);
    await host.getByTestId('host-password-clear').waitFor();
    // A stranger is refused, types the password and watches the table.
    const strangerCtx = await web.browser.newContext({ viewport: { width: 1280, height: 900 } });
    const stranger = await strangerCtx.newPage();
    await signUp(stranger, web.app.url, 'hcstranger');
    await stranger.goto(tableUrl);
    await stranger
      .getByTestId('table-error')
      .getByText(/NOT_INVITED/)
      .waitFor();
    await stranger.getByTestId('table-password').fill('letmein');
    await stranger.getByTestId('table-password-submit').click();
    await stranger.getByTestId('seat-name-0').or(stranger.getByText('hcfriend').first()).waitFor();
    expect(await stranger.getByTestId('password-form').count()).toBe(0);
    await strangerCtx.close();

    // Pause again and play the hand out; then the next hand waits and the host works between hands.
    await host.getByTestId('host-pause').click();
    await hostSays(host, /Game paused/);
    const by = Date.now() + 60_000;
    while (room().hand) {
      if (Date.now() > by) throw new Error('the hand never ended');
      if (!(await foldOrCheck(host)) && !(await foldOrCheck(friend))) await host.waitForTimeout(100);
    }
    await row(host, 'hcfriend').getByTestId('host-away').click();
    await row(host, 'hcfriend').getByText('(away)').waitFor();
    await shot(host, 'host-controls-panel');
    // The panel and the chat's tools pass axe (no serious or critical violation), in both pages.
    expect(await seriousViolations(host)).toEqual([]);
    expect(await seriousViolations(friend)).toEqual([]);
    // Host rights to the friend: her page gets the panel, his loses it.
    await row(host, 'hcfriend').getByTestId('host-transfer').click();
    await friend.getByTestId('host-panel').waitFor();
    await host.getByTestId('host-panel').waitFor({ state: 'detached' });
    // The new host stands the old one up: his chips go back, he is a spectator.
    await row(friend, 'hchost').getByTestId('host-stand-up').click();
    await host.locator('[data-testid="table-page"][data-mode="spectator"]').waitFor();

    // An admin sees the reported line on the admin page.
    const signUpCtx = await web.browser.newContext();
    await signUp(await signUpCtx.newPage(), web.app.url, 'hcadmin');
    await signUpCtx.close();
    await web.app.get(PrismaService).user.update({ where: { username: 'hcadmin' }, data: { role: 'admin' } });
    const adminCtx = await web.browser.newContext({ viewport: { width: 1280, height: 900 } });
    const admin = await adminCtx.newPage();
    await signIn(admin, web.app.url, 'hcadmin');
    await admin.goto(`${web.app.url}/#/admin`);
    await admin.getByTestId('admin-chat-report-text').getByText('hello host').waitFor({ timeout: 15_000 });
    await shot(admin, 'admin-chat-reports');
    await adminCtx.close();
    await friendCtx.close();
    await hostCtx.close();
  }, 300_000);
});
