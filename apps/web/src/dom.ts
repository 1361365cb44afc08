// A tiny hyperscript helper: the client renders each page from its state with plain DOM calls
// (no framework to install or keep up to date).
type Child = Node | string | number | null | undefined | false | Child[];
type Attrs = Record<string, unknown>;

export function h(tag: string, attrs: Attrs = {}, ...children: Child[]): HTMLElement {
  const el = document.createElement(tag);
  for (const [k, v] of Object.entries(attrs)) {
    if (v === undefined || v === null || v === false) continue;
    if (k.startsWith('on') && typeof v === 'function') el.addEventListener(k.slice(2).toLowerCase(), v as EventListener);
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

/**
 * Runs a render that reuses elements (a form a page builds once) and gives the focused one back its
 * focus and caret: building the new tree moves it out of the document, which blurs it, so without
 * this a live update would interrupt someone typing.
 */
export function keepFocus(render: () => void): void {
  const active = document.activeElement as HTMLInputElement | null;
  const start = active && 'selectionStart' in active ? safe(() => active.selectionStart) : null;
  const end = active && 'selectionEnd' in active ? safe(() => active.selectionEnd) : null;
  render();
  if (active && active !== document.body && active.isConnected && document.activeElement !== active) {
    active.focus();
    if (start !== null && end !== null) safe(() => active.setSelectionRange(start, end));
  }
}

function safe<T>(fn: () => T): T | null {
  try {
    return fn();
  } catch {
    return null; // number inputs have no selection
  }
}
