// Browser tests run the built web client (dist/web, rebuilt here when stale) against an app booted
// in the test process, in Debian's Chromium through playwright-core (the Playwright
// browser download does not work on these machines). Screenshots go to test-results/.
import { mkdirSync } from 'node:fs';
import { join } from 'node:path';
import { Module } from '@nestjs/common';
import { chromium, type Browser, type Page } from 'playwright-core';
import { QUEUES } from '@naiko/contracts';
import {
  LobbyModule,
  PlatformModule,
  SitAndGoFeatureModule,
  TournamentsFeatureModule,
  WebModule,
} from '@naiko/platform';
import { AccountsModule } from '@naiko/platform/accounts';
import { startTestApp, type TestApp, type TestAppOptions } from '../support';
const { buildWeb } = require('../../scripts/build-web.js') as { buildWeb: (o?: { force?: boolean }) => boolean };

export const RESULTS_DIR = join(__dirname, '..', '..', 'test-results');
export const CHROMIUM = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';

/**
 * What the web client talks to: accounts, lobby and tables, Sit & Go, and the client's files —
 * the all-in-one app's modules (with accounts).
 */
@Module({
  imports: [
    PlatformModule.forRoot({ app: 'all-in-one', consumeQueues: [QUEUES.system, QUEUES.sitAndGo, QUEUES.tournament] }),
    AccountsModule.forRoot({ bcryptCost: 4 }),
    SitAndGoFeatureModule.forRoot(),
    TournamentsFeatureModule.forRoot(),
    LobbyModule,
    WebModule,
  ],
})
export class WebTestModule {}

export interface WebTest {
  app: TestApp;
  browser: Browser;
  close(): Promise<void>;
}

export async function startWebTest(options: TestAppOptions = {}): Promise<WebTest> {
  buildWeb();
  mkdirSync(RESULTS_DIR, { recursive: true });
  const app = await startTestApp({
    module: WebTestModule,
    ...options,
    // Quick bots and short pauses between hands keep a played hand under a few seconds.
    env: { TABLE_HAND_PAUSE_MS: '1200', TABLE_BOT_DELAY_MS: '40', TABLE_SEED: 'web-e2e', ...options.env },
  });
  let browser: Browser;
  try {
    browser = await chromium.launch({
      executablePath: CHROMIUM,
      args: [
        '--headless',
        '--no-sandbox',
        '--disable-gpu',
        '--disable-quic',
        '--no-first-run',
        '--disable-background-networking',
        '--disable-component-update',
        '--disable-sync',
      ],
    });
  } catch (err) {
    await app.close();
    throw err;
  }
  return {
    app,
    browser,
    close: async () => {
      await browser.close();
      await app.close();
    },
  };
}

/** Signs up a new player through the page's form; the lobby is shown afterwards. */
export async function signUp(page: Page, url: string, username: string, password = 'secret-password'): Promise<void> {
  await page.goto(url);
  await page.getByTestId('tab-register').click();
  await page.getByTestId('username').fill(username);
  await page.getByTestId('password').fill(password);
  await page.getByTestId('auth-submit').click();
  await page.getByTestId('me').or(page.getByTestId('auth-error')).waitFor();
  const error = page.getByTestId('auth-error');
  if (await error.count()) throw new Error(`sign-up refused: ${await error.textContent()}`);
}

/** Signs in through the page's form (the tab shown by default). */
export async function signIn(page: Page, url: string, username: string, password = 'secret-password'): Promise<void> {
  await page.goto(url);
  await page.getByTestId('username').fill(username);
  await page.getByTestId('password').fill(password);
  await page.getByTestId('auth-submit').click();
  await page.getByTestId('me').waitFor();
}

export const shot = (page: Page, name: string) =>
  page.screenshot({ path: join(RESULTS_DIR, `${name}.png`), fullPage: true });

/** What a page's layout offers a thumb: sideways overflow and the tap targets smaller than asked. */
export interface LayoutReport {
  /** The document is wider than the screen (it would scroll sideways). */
  overflow: boolean;
  /** Visible tap targets (links, buttons, fields, summaries) less than `min` px high or wide: "testid-or-text W×H". */
  small: string[];
}

/**
 * Measures every visible tap target of the header and the main part; a checkbox or radio counts by
 * the label around it (the label is what a finger hits). `links` also measures plain links (on a
 * phone every link is a target; on a desktop text links are read, not tapped).
 */
export async function layoutReport(page: Page, min: number, links = true): Promise<LayoutReport> {
  // A string, not a function: the tests' TypeScript has no DOM types.
  return page.evaluate(`(() => {
    const min = ${min};
    const sel = 'header.top button, main button, main select, main input, main summary, main a.button${links ? ', header.top a, main a' : ''}';
    const small = [];
    for (const el of document.querySelectorAll(sel)) {
      const target = el instanceof HTMLInputElement && (el.type === 'checkbox' || el.type === 'radio') ? (el.closest('label') || el) : el;
      const r = target.getBoundingClientRect();
      if (r.width === 0 && r.height === 0) continue; // not shown
      if (r.height < min || r.width < min) small.push((el.dataset.testid || el.textContent.trim().slice(0, 20) || el.tagName) + ' ' + Math.round(r.width) + '×' + Math.round(r.height));
    }
    return { overflow: document.documentElement.scrollWidth > window.innerWidth, small };
  })()`);
}
