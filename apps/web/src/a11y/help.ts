// The help overlay of the table's keys (`?`, issue 27): a native modal <dialog> built once outside
// the page root, so re-renders never close it. A modal keeps the focus inside while it is open (as
// it must), Esc or its Close button leaves it, and the focus goes back where it was.
import { h } from '../dom';
import { TABLE_KEYS } from './speech';

let dialog: HTMLDialogElement | null = null;
let returnTo: HTMLElement | null = null;

function build(): HTMLDialogElement {
  const dialog = h(
    'dialog',
    { class: 'keys-help', 'data-testid': 'keys-help', 'aria-labelledby': 'keys-help-title' },
    h('h2', { id: 'keys-help-title' }, 'Table keys'),
    h(
      'p',
      {},
      'Keys work anywhere on the table page except while typing in a field. With a screen reader, switch to focus mode (NVDA: Insert+Space; JAWS: forms mode) so that the letters reach the table.',
    ),
    h(
      'table',
      { class: 'keys' },
      h('thead', {}, h('tr', {}, h('th', { scope: 'col' }, 'Key'), h('th', { scope: 'col' }, 'What it does'))),
      h(
        'tbody',
        {},
        TABLE_KEYS.map(([k, what]) => h('tr', {}, h('td', {}, h('kbd', {}, k)), h('td', {}, what))),
      ),
    ),
    h('button', { 'data-testid': 'keys-help-close', onclick: () => closeHelp() }, 'Close'),
  ) as HTMLDialogElement;
  dialog.addEventListener('close', () => {
    // The page may have been drawn anew meanwhile: the same control (by test id) takes the focus back.
    const id = returnTo?.dataset.testid;
    const target = returnTo?.isConnected
      ? returnTo
      : id
        ? document.querySelector<HTMLElement>(`[data-testid="${id}"]`)
        : null;
    target?.focus();
    returnTo = null;
  });
  document.body.append(dialog);
  return dialog;
}

export function helpOpen(): boolean {
  return dialog?.open === true;
}

export function openHelp(): void {
  dialog ??= build();
  if (dialog.open) return;
  returnTo =
    document.activeElement instanceof HTMLElement && document.activeElement !== document.body
      ? document.activeElement
      : null;
  dialog.showModal();
  dialog.querySelector<HTMLButtonElement>('[data-testid="keys-help-close"]')?.focus();
}

export function closeHelp(): void {
  if (dialog?.open) dialog.close();
}

export function toggleHelp(): void {
  if (helpOpen()) closeHelp();
  else openHelp();
}
