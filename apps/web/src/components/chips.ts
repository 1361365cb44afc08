// The header's balance and the free play-money top-up (GET/POST /chips/top-up). One element per
// page load, reused by every render of the header (the lobby re-renders on each live update), so a
// render neither refetches nor loses the message of a claim.
import type { TopUpStatus } from '@naiko/contracts';
import { api, ApiError, session } from '../api';
import { h } from '../dom';
import { chips } from '../format';

let el: HTMLElement | null = null;
let status: TopUpStatus | null = null;
let loadedAt = 0;
let note = '';
let forUser: string | undefined;

function render(): void {
  if (!el) return;
  const parts: (HTMLElement | null)[] = [
    h('span', { class: 'balance', 'data-testid': 'balance' }, status ? `${chips(status.balance)} chips` : ''),
    status?.available
      ? h(
          'button',
          {
            class: 'small top-up',
            'data-testid': 'top-up',
            title: `Free play chips back to ${chips(status.target)}`,
            onclick: () => void claim(),
          },
          `Free chips +${chips(status.amount)}`,
        )
      : status?.nextAt
        ? h(
            'span',
            { class: 'muted small', 'data-testid': 'top-up-next', title: status.reason ?? '' },
            `free chips at ${new Date(status.nextAt).toLocaleTimeString([], { hour: '2-digit', minute: '2-digit' })}`,
          )
        : null,
    note ? h('span', { class: 'small', 'data-testid': 'top-up-note', role: 'status' }, note) : null,
  ];
  el.replaceChildren(...parts.filter((p): p is HTMLElement => p !== null));
}

async function load(): Promise<void> {
  if (!session.token) return;
  try {
    status = await api<TopUpStatus>('GET', '/chips/top-up');
    loadedAt = Date.now();
  } catch {
    /* the header stays without a balance; the page shows its own errors */
  }
  render();
}

async function claim(): Promise<void> {
  try {
    status = await api<TopUpStatus>('POST', '/chips/top-up');
    note = 'Chips added.';
  } catch (err) {
    note = err instanceof ApiError ? err.message : 'Could not add chips; try again.';
    await load();
  }
  render();
}

/** The balance with the top-up button; refreshed when older than `maxAgeMs` (or at once after a change). */
export function chipsWidget(maxAgeMs = 15_000): HTMLElement {
  if (!el) el = h('span', { class: 'chips-widget', 'data-testid': 'chips-widget' });
  if (forUser !== session.user?.id) {
    // Another sign-in on this page: nothing of the previous user's status may show.
    forUser = session.user?.id;
    status = null;
    note = '';
    loadedAt = 0;
  }
  if (Date.now() - loadedAt > maxAgeMs) void load();
  else render();
  return el;
}

/** After a buy-in or cash-out: the next header render shows the new balance. */
export function refreshChips(): void {
  loadedAt = 0;
  void load();
}
