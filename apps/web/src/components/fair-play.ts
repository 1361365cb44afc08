// Fair play and responsible play in the client (issue 26):
// - `clientFingerprint()`: a random id kept in localStorage, sent in the socket handshake
//   (`auth.fingerprint`) so the server can tell two accounts playing from one device at one table;
// - `installFairPlayNotices(socket)`: shows what the server sends — the reality check (time played,
//   net chips), a private host's same-device/network warning, an admin's warning — as a notice on
//   whatever page is open;
// - `reportButton(...)`: the table page's "Report a player" form (POST /fair-play/reports).
import type { RealityCheckPayload, SameConnectionWarningPayload, FairPlayWarningPayload } from '@naiko/contracts';
import { api, type NaikoClientSocket } from '../api';
import { h } from '../dom';
import { errorMessage } from '../errors';
import { chips } from '../format';

const FINGERPRINT = 'naiko.fingerprint';

export function clientFingerprint(): string {
  let id = localStorage.getItem(FINGERPRINT);
  if (!id || !/^[A-Za-z0-9_-]{8,128}$/.test(id)) {
    const bytes = crypto.getRandomValues(new Uint8Array(16));
    id = Array.from(bytes, (b) => b.toString(16).padStart(2, '0')).join('');
    localStorage.setItem(FINGERPRINT, id);
  }
  return id;
}

function notice(testId: string, title: string, lines: (string | Node)[], buttons: HTMLElement[] = []): void {
  document.querySelector(`[data-testid="${testId}"]`)?.remove();
  // Styled inline: a notice over any page, at the bottom, above the table's action bar.
  const style = {
    position: 'fixed',
    left: '50%',
    bottom: '6rem',
    transform: 'translateX(-50%)',
    zIndex: '50',
    maxWidth: 'min(32rem, 92vw)',
    padding: '1rem 1.25rem',
    background: '#fffbea',
    color: '#222',
    border: '2px solid #b7791f',
    borderRadius: '8px',
    boxShadow: '0 4px 16px rgba(0,0,0,.35)',
  };
  const box: HTMLElement = h(
    'div',
    {
      class: 'fair-play-notice',
      role: 'alertdialog',
      'aria-labelledby': `${testId}-title`,
      'data-testid': testId,
      style,
    },
    h('h2', { id: `${testId}-title` }, title),
    lines.map((l) => h('p', {}, l)),
    h(
      'div',
      { class: 'actions' },
      ...buttons,
      h('button', { 'data-testid': `${testId}-ok`, onclick: () => box.remove() }, 'OK'),
    ),
  );
  document.body.append(box);
  (box.querySelector('button') as HTMLButtonElement | null)?.focus();
}

export function installFairPlayNotices(socket: NaikoClientSocket): void {
  socket.on('fairplay:reality-check', (payload: RealityCheckPayload) => {
    const hours = Math.floor(payload.minutesPlayed / 60);
    const played = hours ? `${hours} h ${payload.minutesPlayed % 60} min` : `${payload.minutesPlayed} min`;
    const net = payload.netChips >= 0 ? `up ${chips(payload.netChips)}` : `down ${chips(-payload.netChips)}`;
    notice(
      'reality-check',
      'Reality check',
      [
        h(
          'span',
          {},
          'You have played for ',
          h('strong', { 'data-testid': 'reality-time' }, played),
          ' and are ',
          h('strong', { 'data-testid': 'reality-net' }, net),
          ' chips this session.',
        ),
        `The next check comes in ${payload.everyMinutes} min.`,
      ],
      [
        h(
          'a',
          {
            class: 'button secondary',
            href: '#/responsible-play',
            onclick: () => document.querySelector('[data-testid="reality-check"]')?.remove(),
          },
          'Take a break',
        ),
      ],
    );
  });
  socket.on('fairplay:same-connection', (payload: SameConnectionWarningPayload) => {
    notice('same-connection', 'Same device or network at your table', [
      `${payload.username} sat down from the same ${payload.matches.some((m) => m.on.includes('fingerprint')) ? 'device' : 'network'} as another player at your private table.`,
      'That is fine for friends at home; on public tables it is not allowed.',
    ]);
  });
  socket.on('fairplay:warning', (payload: FairPlayWarningPayload) => {
    notice('fair-play-warning', 'A warning from the fair-play team', [
      payload.reason,
      'Chips change hands only through play; see the terms.',
    ]);
  });
}

const REASONS: [string, string][] = [
  ['collusion', 'Collusion or soft play'],
  ['chip-dumping', 'Chip dumping'],
  ['bot', 'A bot not marked BOT'],
  ['multi-accounting', 'Several accounts of one person'],
  ['abuse', 'Abusive chat'],
  ['other', 'Something else'],
];

/** "Report a player": pick one of the players at the table, a reason, a note. */
export function reportButton(tableId: string, players: () => { id: string; name: string }[]): HTMLElement {
  const wrap = h('span', { class: 'report' });
  const open = () => {
    const list = players();
    const who = h(
      'select',
      { 'data-testid': 'report-player', 'aria-label': 'Player' },
      list.map((p) => h('option', { value: p.id }, p.name)),
    ) as HTMLSelectElement;
    const reason = h(
      'select',
      { 'data-testid': 'report-reason', 'aria-label': 'Reason' },
      REASONS.map(([v, l]) => h('option', { value: v }, l)),
    ) as HTMLSelectElement;
    const text = h('input', {
      'data-testid': 'report-text',
      'aria-label': 'What happened',
      placeholder: 'What happened (optional)',
      maxlength: 1000,
    }) as HTMLInputElement;
    const status = h('span', { role: 'status', 'data-testid': 'report-status' });
    const form = h(
      'form',
      {
        class: 'report-form',
        'data-testid': 'report-form',
        onsubmit: (event: Event) => {
          event.preventDefault();
          void api('POST', '/fair-play/reports', {
            reportedId: who.value,
            reason: reason.value,
            tableId,
            ...(text.value.trim() ? { text: text.value.trim() } : {}),
          }).then(
            () => (
              (status.textContent = 'Thank you: the report was sent to the fair-play team.'),
              form.replaceWith(status)
            ),
            (err: unknown) => (status.textContent = errorMessage(err)),
          );
        },
      },
      who,
      reason,
      text,
      h('button', { type: 'submit', 'data-testid': 'report-send' }, 'Send report'),
      status,
    );
    wrap.replaceChildren(list.length ? form : h('span', { class: 'muted' }, 'Nobody else is seated.'));
  };
  wrap.append(h('button', { class: 'secondary', 'data-testid': 'report-open', onclick: open }, 'Report a player'));
  return wrap;
}
