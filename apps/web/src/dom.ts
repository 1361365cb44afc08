// A tiny hyperscript helper: the client renders each page from its state with plain DOM calls
// (no framework to install or keep up to date).
type Child = Node | string | number | null | undefined | false | Child[];
type Attrs = Record<string, unknown>;

// `h` is the hyperscript convention (h(tag, attrs, ...children)), used on nearly every line of the client.
// eslint-disable-next-line naiko/no-short-names -- hyperscript's conventional name
export function h(tag: string, attrs: Attrs = {}, ...children: Child[]): HTMLElement {
  const el = document.createElement(tag);
  for (const [key, value] of Object.entries(attrs)) {
    if (value === undefined || value === null || value === false) continue;
    if (key.startsWith('on') && typeof value === 'function')
      el.addEventListener(key.slice(2).toLowerCase(), value as EventListener);
    else if (key === 'style' && typeof value === 'object') Object.assign(el.style, value);
    else if (key === 'value' && 'value' in el) (el as HTMLInputElement).value = String(value);
    else if (key === 'checked') (el as HTMLInputElement).checked = Boolean(value);
    else el.setAttribute(key, value === true ? '' : String(value));
  }
  append(el, children);
  return el;
}

function append(el: HTMLElement, children: Child[]): void {
  for (const child of children) {
    if (child === null || child === undefined || child === false) continue;
    if (Array.isArray(child)) append(el, child);
    else el.append(child instanceof Node ? child : String(child));
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
