// Helpers of the accessibility browser tests (issue 27): what the live region says, sentence by
// sentence, and moving through a page with the keyboard alone.
import type { Page } from 'playwright-core';

/** Records every line added to the live region (the polite log) in `window.__spoken`. */
export async function listen(page: Page): Promise<void> {
  await page.evaluate(`(() => {
    window.__spoken = [];
    const log = document.querySelector('[data-testid="announcer"]');
    new MutationObserver((records) => {
      for (const r of records) for (const n of r.addedNodes) window.__spoken.push(n.textContent);
    }).observe(log, { childList: true });
  })()`);
}
/** What was said, sentence by sentence (an announcement of a burst holds several: "Ann folds. Bob calls 20."). */
export async function spoken(page: Page): Promise<string[]> {
  const lines = (await page.evaluate('window.__spoken.slice()')) as string[];
  return lines.flatMap((l) => l.split(/(?<=[.?!]) (?=[A-Z0-9])/)).map((x) => x.replace(/\.$/, ''));
}

/** Waits until a sentence matching `re` is said (after the first `from` ones); returns it and the count so far. */
export async function heard(page: Page, re: RegExp, from = 0, timeout = 30_000): Promise<{ line: string; at: number }> {
  const end = Date.now() + timeout;
  for (;;) {
    const lines = await spoken(page);
    const lineIndex = lines.findIndex((l, i) => i >= from && re.test(l));
    if (lineIndex >= 0) return { line: lines[lineIndex]!, at: lineIndex + 1 };
    if (Date.now() > end) throw new Error(`never heard ${re}; heard:\n${lines.slice(from).join('\n')}`);
    await page.waitForTimeout(50);
  }
}

export const focusedTestId = (page: Page) =>
  page.evaluate(
    'document.activeElement && document.activeElement.dataset ? document.activeElement.dataset.testid || document.activeElement.tagName : null',
  ) as Promise<string | null>;

/** Presses Tab (or Shift+Tab) until the focused control's test id matches (and `where`, a page expression, holds). */
export async function tabTo(page: Page, re: RegExp, options: { back?: boolean; where?: string } = {}): Promise<string> {
  for (let n = 0; n < 60; n++) {
    await page.keyboard.press(options.back ? 'Shift+Tab' : 'Tab');
    const id = await focusedTestId(page);
    if (id !== null && re.test(id) && (!options.where || (await page.evaluate(options.where)) === true)) return id;
  }
  throw new Error(`${options.back ? 'Shift+Tab' : 'Tab'} never reached ${re}`);
}

/** Signs up with the keyboard alone: the "Sign up" tab, the two fields, Enter; waits for the lobby. */
export async function signUpByKeyboard(
  page: Page,
  url: string,
  username: string,
  password = 'secret-password',
): Promise<void> {
  await page.goto(url);
  await page.getByTestId('auth-submit').waitFor();
  await tabTo(page, /^tab-register$/);
  await page.keyboard.press('Enter');
  await tabTo(page, /^username$/);
  await page.keyboard.type(username);
  await page.keyboard.press('Tab');
  await page.keyboard.type(password);
  await page.keyboard.press('Enter');
  await page.getByTestId('tables').waitFor();
}
