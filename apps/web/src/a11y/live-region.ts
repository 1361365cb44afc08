// The screen reader's voice at the table (issue 27): two ARIA live regions created once, outside
// the page root (a page re-renders its whole tree at each event; a live region that is replaced
// is not read, one that stays is). The polite one is a log: each announcement is a new line that
// screen readers read as it is added; the assertive one carries only the clock's warnings.
//
// Never flooding: sentences said within COALESCE_MS of each other are spoken as one announcement
// (see `coalesce` in speech.ts: folds merged, a long burst shortened to its newest sentences).
import { coalesce } from './speech';

/** How long sentences wait for others to join them (bots act every few dozen ms). */
export const COALESCE_MS = 350;
const KEEP = 50;

let log: HTMLElement | null = null;
let urgentEl: HTMLElement | null = null;
let pending: string[] = [];
let timer: ReturnType<typeof setTimeout> | undefined;
const spoken: string[] = [];

/** Creates the regions (once, at start: a region must exist before text is put into it). */
export function installLiveRegions(): void {
  if (log) return;
  log = document.createElement('div');
  log.className = 'sr-only';
  log.setAttribute('role', 'log');
  log.setAttribute('aria-live', 'polite');
  log.setAttribute('aria-relevant', 'additions text');
  log.setAttribute('aria-label', 'Table announcements');
  log.dataset.testid = 'announcer';
  urgentEl = document.createElement('div');
  urgentEl.className = 'sr-only';
  urgentEl.setAttribute('aria-live', 'assertive');
  urgentEl.setAttribute('aria-atomic', 'true');
  urgentEl.dataset.testid = 'announcer-urgent';
  document.body.append(log, urgentEl);
}

function append(text: string): void {
  if (!text) return;
  installLiveRegions();
  const line = document.createElement('p');
  line.textContent = text;
  log!.append(line);
  while (log!.childElementCount > KEEP) log!.firstElementChild!.remove();
  spoken.push(text);
  if (spoken.length > KEEP) spoken.shift();
}

function flush(): void {
  clearTimeout(timer);
  timer = undefined;
  if (pending.length) append(coalesce(pending));
  pending = [];
}

/** Sentences of the hand's events: spoken together with whatever else arrives in the next moment. */
export function say(lines: string | readonly string[]): void {
  const add = typeof lines === 'string' ? [lines] : lines;
  if (!add.length) return;
  pending.push(...add);
  timer ??= setTimeout(flush, COALESCE_MS);
}

/** Spoken right away (after what was waiting): the player's turn, a re-read he asked for. */
export function sayNow(text: string): void {
  flush();
  append(text);
}

/** The clock's warnings: interrupt whatever is being read. */
export function sayUrgently(text: string): void {
  installLiveRegions();
  // The same words twice in a row would not be read again: clear first, then set.
  urgentEl!.textContent = '';
  setTimeout(() => {
    urgentEl!.textContent = text;
  }, 30);
}

/** The last announcements (the L key reads them again). */
export function lastSpoken(count = 3): string[] {
  return spoken.slice(-count);
}

/** Leaving the table: nothing still waiting is said on the next page. */
export function silence(): void {
  clearTimeout(timer);
  timer = undefined;
  pending = [];
}
