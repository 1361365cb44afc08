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
 * F fold, C check or call, R bet/raise (the amount chosen), ↑/→ and ↓/← size the bet by a step
 * (half the minimum raise-to, about a big blind). Keys typed into a field are left alone.
 */
export function installTableKeys(root: HTMLElement): () => void {
  const onKey = (e: KeyboardEvent) => {
    if (e.ctrlKey || e.metaKey || e.altKey) return;
    const t = e.target as HTMLElement | null;
    // Keys typed into a text field (chat, the amount) are text; a ticked checkbox or a slider keeps the keys.
    const typing = t && (t.tagName === 'TEXTAREA' || t.tagName === 'SELECT' || (t.tagName === 'INPUT' && !['checkbox', 'radio', 'range', 'button', 'submit'].includes((t as HTMLInputElement).type)));
    if (typing) return;
    const key = e.key.toLowerCase();
    let done = false;
    if (key === 'f') done = clickFirst(root, 'act-fold');
    else if (key === 'c') done = clickFirst(root, 'act-check', 'act-call');
    else if (key === 'r') done = clickFirst(root, 'act-raise', 'act-bet');
    else if (['arrowup', 'arrowright', 'arrowdown', 'arrowleft'].includes(key)) {
      const slider = root.querySelector<HTMLInputElement>('[data-testid="raise-slider"]');
      if (slider) {
        const step = Math.max(1, Math.round(Number(slider.min) / 2));
        const dir = key === 'arrowup' || key === 'arrowright' ? 1 : -1;
        slider.value = String(Math.max(Number(slider.min), Math.min(Number(slider.max), Number(slider.value) + dir * step)));
        slider.dispatchEvent(new Event('input', { bubbles: true }));
        done = true;
      }
    }
    if (done) e.preventDefault();
  };
  document.addEventListener('keydown', onKey);
  return () => document.removeEventListener('keydown', onKey);
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

let options: HTMLElement | null = null;

/** The table page's display options (one element, reused by every render): the four-colour deck. */
export function tableOptions(): HTMLElement {
  const on = localStorage.getItem(FOUR_COLOUR) === '1';
  applyFourColour(on);
  if (!options) {
    const box = h('input', { type: 'checkbox', 'data-testid': 'four-colour', checked: on, onchange: (e: Event) => {
      const v = (e.target as HTMLInputElement).checked;
      localStorage.setItem(FOUR_COLOUR, v ? '1' : '0');
      applyFourColour(v);
    } });
    options = h('div', { class: 'table-options muted small' },
      h('label', {}, box, ' four-colour deck'),
      h('span', { class: 'keys', title: 'Keyboard: F fold · C check/call · R bet/raise · arrows size the bet' }, ' · keys F C R ↑↓'));
  }
  return options;
}
