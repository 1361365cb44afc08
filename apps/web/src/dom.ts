// A tiny hyperscript helper: the client renders each page from its state with plain DOM calls
// (no framework to install or keep up to date).
type Child = Node | string | number | null | undefined | false | Child[];
type Attrs = Record<string, unknown>;

export function h(tag: string, attrs: Attrs = {}, ...children: Child[]): HTMLElement {
  const el = document.createElement(tag);
  for (const [k, v] of Object.entries(attrs)) {
    if (v === undefined || v === null || v === false) continue;
    if (k.startsWith('on') && typeof v === 'function')
      el.addEventListener(k.slice(2).toLowerCase(), v as EventListener);
    else if (k === 'style' && typeof v === 'object') Object.assign(el.style, v);
    else if (k === 'value' && 'value' in el) (el as HTMLInputElement).value = String(v);
    else if (k === 'checked') (el as HTMLInputElement).checked = Boolean(v);
    else el.setAttribute(k, v === true ? '' : String(v));
  }
  append(el, children);
  return el;
}

function append(el: HTMLElement, children: Child[]): void {
  for (const c of children) {
    if (c === null || c === undefined || c === false) continue;
    if (Array.isArray(c)) append(el, c);
    else el.append(c instanceof Node ? c : String(c));
  }
}

export function mount(root: HTMLElement, ...children: Child[]): void {
  root.replaceChildren();
  append(root, children);
}

/** How a control is found again after a re-render: its test id and its place among those with the same id. */
export interface FocusKey {
  testId: string;
  index: number;
}

export function focusKeyOf(el: Element | null): FocusKey | null {
  const testId = el instanceof HTMLElement ? el.dataset.testid : undefined;
  if (!testId) return null;
  const same = Array.from(document.querySelectorAll(`[data-testid="${CSS.escape(testId)}"]`));
  return { testId, index: Math.max(0, same.indexOf(el!)) };
}

export function findByFocusKey(key: FocusKey): HTMLElement | null {
  const same = document.querySelectorAll<HTMLElement>(`[data-testid="${CSS.escape(key.testId)}"]`);
  return same[key.index] ?? same[same.length - 1] ?? null;
}

/**
 * Runs a render and gives the focused element its focus (and caret) back. A render that reuses an
 * element (a form a page builds once) keeps it; one that builds a new element (a list's row, a
 * button) is found again by its test id and place (issue 27: a keyboard or screen-reader user never
 * loses his place because a live update redrew the page). Without this, building the new tree
 * moves the focused element out of the document, which blurs it.
 */
export function keepFocus(render: () => void): void {
  const active = document.activeElement as HTMLInputElement | null;
  const start = active && 'selectionStart' in active ? safe(() => active.selectionStart) : null;
  const end = active && 'selectionEnd' in active ? safe(() => active.selectionEnd) : null;
  const key = focusKeyOf(active);
  const typed =
    active instanceof HTMLInputElement && active.type !== 'checkbox' && active.type !== 'radio' ? active.value : null;
  render();
  if (!active || active === document.body || document.activeElement === active) return;
  if (active.isConnected) {
    active.focus();
    if (start !== null && end !== null) safe(() => active.setSelectionRange(start, end));
    return;
  }
  const again = key ? findByFocusKey(key) : null;
  if (!again) return;
  again.focus();
  if (typed !== null && again instanceof HTMLInputElement && again.value !== typed) again.value = typed;
}

function safe<T>(fn: () => T): T | null {
  try {
    return fn();
  } catch {
    return null; // number inputs have no selection
  }
}
