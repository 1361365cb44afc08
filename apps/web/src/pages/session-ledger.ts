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

  const download = async (session: SessionLedgerSession) => {
    const res = await authFetch(`/lobby/tables/${tableId}/sessions/${session.number}/csv`);
    if (!res.ok) {
      message = `Download refused (${res.status})`;
      return render();
    }
    const url = URL.createObjectURL(new Blob([await res.text()], { type: 'text/csv' }));
    const link = h('a', { href: url, download: `naiko-table-${tableId}-session-${session.number}.csv` });
    document.body.append(link);
    link.click();
    link.remove();
    URL.revokeObjectURL(url);
  };

  const sessionTable = (session: SessionLedgerSession) => {
    const total = session.players.reduce(
      (totals, player) => ({
        buyIns: totals.buyIns + player.buyIns,
        topUps: totals.topUps + player.topUps,
        cashOuts: totals.cashOuts + player.cashOuts,
        stack: totals.stack + player.stack,
        net: totals.net + player.net,
      }),
      { buyIns: 0, topUps: 0, cashOuts: 0, stack: 0, net: 0 },
    );
    const when = `${new Date(session.startedAt).toLocaleString()} – ${session.endedAt ? new Date(session.endedAt).toLocaleString() : 'still playing'}`;
    return h(
      'section',
      { 'data-testid': 'ledger-session', 'aria-labelledby': `session-${session.number}` },
      h('h3', { id: `session-${session.number}` }, `Session ${session.number}`),
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
          session.players.map((player) =>
            h(
              'tr',
              { 'data-testid': 'ledger-row' },
              h('th', { scope: 'row' }, player.name, player.isBot ? ' (BOT)' : ''),
              h('td', {}, chips(player.buyIns)),
              h('td', {}, chips(player.topUps)),
              h('td', {}, chips(player.cashOuts)),
              h('td', {}, chips(player.stack)),
              h('td', { 'data-testid': 'ledger-net' }, signed(player.net)),
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
        { class: 'secondary', 'data-testid': 'ledger-csv', onclick: () => void download(session) },
        `Download session ${session.number} (CSV)`,
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
