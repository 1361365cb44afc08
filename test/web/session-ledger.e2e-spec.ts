// The session ledger in Chromium (issue 23, item 3): a host opens a private table, sits down, opens
// the session ledger from his panel, sees his buy-in, and downloads the session as CSV.
import { readFileSync } from 'node:fs';
import { signUp, startWebTest, type WebTest } from './browser';

describe('web client: session ledger (Chromium)', () => {
  let web: WebTest;
  beforeAll(async () => {
    web = await startWebTest();
  }, 120_000);
  afterAll(() => web?.close());

  it('a host opens the session ledger from his panel and downloads it as CSV', async () => {
    const host = await web.browser.newPage({ viewport: { width: 1200, height: 950 } });
    await signUp(host, web.app.url, 'ledgerhost');
    await host.getByTestId('private-name').fill('Home game');
    await host.getByTestId('private-create').click();
    await host.getByTestId('host-panel').waitFor();
    await host.getByTestId('sit-0').click();
    await host.locator('[data-testid="table-page"][data-mode="player"]').waitFor();

    await host.getByTestId('session-ledger-link').click();
    const row = host.getByTestId('ledger-row').filter({ hasText: 'ledgerhost' });
    await row.waitFor({ timeout: 15_000 });
    expect(await host.getByTestId('ledger-session').count()).toBe(1);
    expect(await host.getByRole('heading', { name: 'Session 1' }).count()).toBe(1);
    // Seated, nothing lost or won yet: the buy-in is on the table, net 0.
    expect(await row.getByTestId('ledger-net').textContent()).toBe('0');

    const [download] = await Promise.all([host.waitForEvent('download'), host.getByTestId('ledger-csv').click()]);
    expect(download.suggestedFilename()).toMatch(/^naiko-table-[0-9a-f-]{36}-session-1\.csv$/);
    const csv = readFileSync((await download.path())!, 'utf8').split('\r\n');
    expect(csv[0]).toBe('player,buy_ins,top_ups,cash_outs,stack,net');
    expect(csv[1]).toMatch(/^"ledgerhost",\d+,0,0,\d+,0$/);
    await host.close();
  }, 90_000);
});
