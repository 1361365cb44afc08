// Table-page extras that need nothing of the page's state (issue 22): keyboard shortcuts, "your
// turn" in the tab title, the four-colour deck option. They read the rendered page (the action
// bar's buttons and slider), so the page stays the one place that knows what is legal.
import { h } from '../dom';

const FOUR_COLOUR = 'naiko.fourColourDeck';

function clickFirst(root: HTMLElement, ...testIds: string[]): boolean {
  for (const id of testIds) {
    const el = root.querySelector<HTMLButtonElement>(`[data-testid="${id}"]`);
    if (el && !el.disabled) {
      el.click();
      return true;
    }
  }
  return false;
}

/**
 * F fold, C check or call, R bet/raise (the amount chosen), W/O run it twice/once, V/M show/muck,
 * ↑/→ and ↓/← size the bet by a step
 * (half the minimum raise-to, about a big blind). Keys typed into a field are left alone. `more`
 * maps further keys to the page's own handlers (issue 27: re-read cards, board, pot, seats; focus
 * the action bar; `?` the help overlay).
 */
export function installTableKeys(root: HTMLElement, more: Record<string, () => void> = {}): () => void {
  const onKey = (event: KeyboardEvent) => {
    if (event.ctrlKey || event.metaKey || event.altKey) return;
    const target = event.target as HTMLElement | null;
    // Keys typed into a text field (chat, the amount) are text; a ticked checkbox or a slider keeps the keys.
    const typing =
      target &&
      (target.tagName === 'TEXTAREA' ||
        target.tagName === 'SELECT' ||
        (target.tagName === 'INPUT' &&
          !['checkbox', 'radio', 'range', 'button', 'submit'].includes((target as HTMLInputElement).type)));
    if (typing) return;
    // The help overlay is modal: only its own keys (Esc, ?) while it is open.
    if (document.querySelector('dialog[open]') && event.key !== '?') return;
    const key = event.key.toLowerCase();
    let done = false;
    if (key === 'f') done = clickFirst(root, 'act-fold');
    else if (key === 'c') done = clickFirst(root, 'act-check', 'act-call');
    else if (key === 'r') done = clickFirst(root, 'act-raise', 'act-bet');
    // Home-game decisions (issue 23): run it twice or once, show or muck an uncontested win.
    else if (key === 'w') done = clickFirst(root, 'act-run-twice');
    else if (key === 'o') done = clickFirst(root, 'act-run-once');
    else if (key === 'v') done = clickFirst(root, 'act-show');
    else if (key === 'm') done = clickFirst(root, 'act-muck');
    else if (['arrowup', 'arrowright', 'arrowdown', 'arrowleft'].includes(key)) {
      // Arrows inside a group of radio buttons or a select keep their own meaning.
      const slider = root.querySelector<HTMLInputElement>('[data-testid="raise-slider"]');
      if (slider && !(target instanceof HTMLInputElement && target.type === 'radio')) {
        const step = sizeStep(slider);
        const dir = key === 'arrowup' || key === 'arrowright' ? 1 : -1;
        slider.value = String(
          Math.max(Number(slider.min), Math.min(Number(slider.max), Number(slider.value) + dir * step)),
        );
        slider.dispatchEvent(new Event('input', { bubbles: true }));
        // The focus is rarely on the slider itself: the new size is said aloud.
        more.sized?.();
        done = true;
      }
    } else if (event.key !== 'sized' && more[event.key]) {
      more[event.key]!();
      done = true;
    } else if (more[key]) {
      more[key]!();
      done = true;
    }
    if (done) event.preventDefault();
  };
  document.addEventListener('keydown', onKey);
  return () => document.removeEventListener('keydown', onKey);
}

/** One step of the bet size: half the minimum raise-to (about a big blind), at least 1. */
export function sizeStep(slider: HTMLInputElement): number {
  return Math.max(1, Math.round(Number(slider.min) / 2));
}

/** "● Your turn" in the tab title while the action bar is shown (seen from another tab). */
export function installTurnTitle(root: HTMLElement): () => void {
  const base = document.title;
  const update = () => {
    const mine = root.querySelector('[data-testid="actions"]') !== null;
    const title = mine ? `● Your turn — ${base}` : base;
    if (document.title !== title) document.title = title;
  };
  const observer = new MutationObserver(update);
  observer.observe(root, { childList: true, subtree: true });
  update();
  return () => {
    observer.disconnect();
    document.title = base;
  };
}

function applyFourColour(on: boolean): void {
  document.body.classList.toggle('four-colour', on);
}

const EXTENDED_TIME = 'naiko.extendedTime';

/** The accessibility option "extended time" (issue 27), kept in this browser. */
export function extendedTimeOn(): boolean {
  return localStorage.getItem(EXTENDED_TIME) === '1';
}

let options: HTMLElement | null = null;
let onExtendedTime: (on: boolean) => void = () => undefined;
let onHelp: () => void = () => undefined;

/**
 * The table page's display and accessibility options (one element, reused by every render): the
 * four-colour deck, extended time (sent to the server by `extendedTime`), and the keys' help.
 */
export function tableOptions(handlers: { extendedTime(on: boolean): void; help(): void }): HTMLElement {
  onExtendedTime = handlers.extendedTime;
  onHelp = handlers.help;
  const on = localStorage.getItem(FOUR_COLOUR) === '1';
  applyFourColour(on);
  if (!options) {
    const box = h('input', {
      type: 'checkbox',
      'data-testid': 'four-colour',
      checked: on,
      onchange: (event: Event) => {
        const checked = (event.target as HTMLInputElement).checked;
        localStorage.setItem(FOUR_COLOUR, checked ? '1' : '0');
        applyFourColour(checked);
      },
    });
    const extended = h('input', {
      type: 'checkbox',
      'data-testid': 'extended-time',
      checked: extendedTimeOn(),
      'aria-describedby': 'extended-time-note',
      onchange: (event: Event) => {
        const checked = (event.target as HTMLInputElement).checked;
        localStorage.setItem(EXTENDED_TIME, checked ? '1' : '0');
        onExtendedTime(checked);
      },
    });
    options = h(
      'div',
      { class: 'table-options small' },
      h('label', {}, box, ' Four-colour deck'),
      h('label', {}, extended, ' Extended time'),
      h(
        'span',
        { id: 'extended-time-note', class: 'sr-only' },
        'Accessibility: every decision gets at least twice the normal time; your time bank is used first.',
      ),
      h(
        'button',
        { class: 'small', 'data-testid': 'keys-help-open', 'aria-keyshortcuts': 'Shift+?', onclick: () => onHelp() },
        'Keys (?)',
      ),
    );
  }
  return options;
}
