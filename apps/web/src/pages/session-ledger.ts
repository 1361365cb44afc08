// The session ledger of a table (#/table/<id>/ledger): per session, each player's buy-ins, top-ups,
// cash-outs, stack and net, from GET /lobby/tables/:id/sessions, with a CSV download per session.
// The host links here from his panel; players of a private table and admins may open it too.
import type { SessionLedgerResponse, SessionLedgerSession } from '@naiko/contracts';
import { api, authFetch, session } from '../api';
import { h, mount } from '../dom';
import { chips } from '../format';
import { header } from './lobby';

const signed = (n: number) => (n > 0 ? `+${chips(n)}` : n < 0 ? `−${chips(-n)}` : '0');

export function sessionLedgerPage(root: HTMLElement, [tableId]: string[]): void {
  const me = session.user;
  let message = '';
  let data: SessionLedgerResponse | null = null;

  const download = async (s: SessionLedgerSession) => {
    const res = await authFetch(`/lobby/tables/${tableId}/sessions/${s.number}/csv`);
    if (!res.ok) {
      message = `Download refused (${res.status})`;
      return render();
    }
    const url = URL.createObjectURL(new Blob([await res.text()], { type: 'text/csv' }));
    const a = h('a', { href: url, download: `naiko-table-${tableId}-session-${s.number}.csv` });
    document.body.append(a);
    a.click();
    a.remove();
    URL.revokeObjectURL(url);
  };

  const sessionTable = (s: SessionLedgerSession) => {
    const total = s.players.reduce(
      (t, p) => ({
        buyIns: t.buyIns + p.buyIns,
        topUps: t.topUps + p.topUps,
        cashOuts: t.cashOuts + p.cashOuts,
        stack: t.stack + p.stack,
        net: t.net + p.net,
      }),
      { buyIns: 0, topUps: 0, cashOuts: 0, stack: 0, net: 0 },
    );
    const when = `${new Date(s.startedAt).toLocaleString()} – ${s.endedAt ? new Date(s.endedAt).toLocaleString() : 'still playing'}`;
    return h(
      'section',
      { 'data-testid': 'ledger-session', 'aria-labelledby': `session-${s.number}` },
      h('h3', { id: `session-${s.number}` }, `Session ${s.number}`),
      h('p', { class: 'muted' }, when),
      h(
        'table',
        { class: 'list' },
        h(
          'caption',
          { class: 'muted' },
          'Net = cash-outs + stack − buy-ins − top-ups. Chips in a running hand count once it ends.',
        ),
        h(
          'thead',
          {},
          h(
            'tr',
            {},
            ['Player', 'Buy-ins', 'Top-ups', 'Cash-outs', 'On the table', 'Net'].map((c) =>
              h('th', { scope: 'col' }, c),
            ),
          ),
        ),
        h(
          'tbody',
          {},
          s.players.map((p) =>
            h(
              'tr',
              { 'data-testid': 'ledger-row' },
              h('th', { scope: 'row' }, p.name, p.isBot ? ' (BOT)' : ''),
              h('td', {}, chips(p.buyIns)),
              h('td', {}, chips(p.topUps)),
              h('td', {}, chips(p.cashOuts)),
              h('td', {}, chips(p.stack)),
              h('td', { 'data-testid': 'ledger-net' }, signed(p.net)),
            ),
          ),
        ),
        h(
          'tfoot',
          {},
          h(
            'tr',
            {},
            h('th', { scope: 'row' }, 'Total'),
            h('td', {}, chips(total.buyIns)),
            h('td', {}, chips(total.topUps)),
            h('td', {}, chips(total.cashOuts)),
            h('td', {}, chips(total.stack)),
            h('td', {}, signed(total.net)),
          ),
        ),
      ),
      h(
        'button',
        { class: 'secondary', 'data-testid': 'ledger-csv', onclick: () => void download(s) },
        `Download session ${s.number} (CSV)`,
      ),
    );
  };

  function render(): void {
    mount(
      root,
      header(me),
      h(
        'main',
        { 'data-testid': 'session-ledger' },
        h('p', {}, h('a', { href: `#/table/${tableId}` }, '← Back to the table')),
        h('h2', {}, `Session ledger${data ? `: ${data.name}` : ''}`),
        message && h('p', { class: 'error', role: 'alert' }, message),
        data && data.sessions.length === 0 && h('p', { class: 'muted' }, 'Nobody has bought in yet.'),
        data && [...data.sessions].reverse().map(sessionTable),
      ),
    );
  }

  render();
  void api<SessionLedgerResponse>('GET', `/lobby/tables/${tableId}/sessions`)
    .then((d) => (data = d))
    .catch((e: unknown) => (message = e instanceof Error ? e.message : String(e)))
    .then(render);
}
