// What the scheduled-tournament lobby shows from issue 25 (TournamentLobbyView): a pause, the next
// level and break, the chip leader, "find player", each table with its players and chips, the
// final-table deal (propose, accept, refuse; the admin sets it) and the published cancellation and
// interruption rules. The page owns the state (the search text, the server's answer to it when the
// lobby does not list every table, the deal form), this renders it.
import type { TournamentEntrantRow, TournamentLobbyView } from '@naiko/contracts';
import { h } from '../dom';
import { chips } from '../format';

export interface LobbyExtrasState {
  search: HTMLInputElement;
  /** The server's answer to the search (a big event's lobby lists the first tables only); null: search the lobby. */
  found: TournamentEntrantRow[] | null;
  leftToPlayFor: HTMLInputElement;
  busy: boolean;
  act(path: string, body?: unknown, done?: string): void;
}

const PAUSE_TEXT = {
  admin: 'paused by the tournament director',
  deal: 'paused: a deal is being discussed',
  disconnections: 'paused: more than half of the players are disconnected',
};

const at = (ms: number | null) => (ms === null ? '' : ` at ${new Date(ms).toLocaleTimeString()}`);

export function lobbyExtras(
  view: TournamentLobbyView,
  me: { id: string; role: string } | null,
  st: LobbyExtrasState,
): HTMLElement[] {
  const out: (HTMLElement | null)[] = [];
  if (view.paused)
    out.push(
      h(
        'p',
        { class: 'notice', role: 'status', 'data-testid': 'mtt-paused', 'data-reason': view.paused.reason },
        `Tournament ${PAUSE_TEXT[view.paused.reason]} (since ${new Date(view.paused.since).toLocaleTimeString()}).`,
      ),
    );
  if (view.phase === 'running') {
    out.push(
      h(
        'p',
        { 'data-testid': 'mtt-next' },
        view.nextLevel
          ? `Next level ${view.nextLevel.levelNumber}: ${chips(view.nextLevel.smallBlind)}/${chips(view.nextLevel.bigBlind)}` +
              `${view.nextLevel.ante ? ` ante ${chips(view.nextLevel.ante)}` : ''}${at(view.nextLevel.startsAt)}`
          : 'Last level',
        ' · ',
        view.nextBreak
          ? `next break${at(view.nextBreak.startsAt)} (${Math.round(view.nextBreak.durationMs / 60_000) || '<1'} min)`
          : 'no break left',
        view.chipLeader ? ` · chip leader ${view.chipLeader.username} (${chips(view.chipLeader.stack)})` : '',
      ),
    );
  }
  out.push(...dealPanel(view, me, st));
  if (view.tablePlayers.length) {
    const query = st.search.value.trim().toLowerCase();
    const found = !query
      ? []
      : st.found
        ? st.found
            .filter((e) => e.tableRef !== null && e.table !== null && e.seat !== null && e.stack > 0)
            .map((e) => ({ ...e, seat: e.seat!, table: { tableId: e.table!, tableRef: e.tableRef! } }))
        : view.tablePlayers.flatMap((t) =>
            t.players.filter((p) => p.username.toLowerCase().includes(query)).map((p) => ({ ...p, table: t })),
          );
    out.push(
      h('h3', {}, 'Find a player'),
      h('p', {}, h('label', {}, 'Player name ', st.search)),
      query
        ? h(
            'ul',
            { 'data-testid': 'mtt-found', 'aria-live': 'polite' },
            found.length === 0
              ? h('li', {}, `Nobody named “${st.search.value.trim()}” is still in.`)
              : found.map((player) =>
                  h(
                    'li',
                    { 'data-testid': 'mtt-found-player' },
                    `${player.username}: table ${player.table.tableId}, seat ${player.seat + 1}, ${chips(player.stack)} chips `,
                    h('a', { href: `#/table/${player.table.tableRef}` }, 'watch'),
                  ),
                ),
          )
        : null,
      h('h3', {}, 'Tables and chip counts'),
      h(
        'div',
        { class: 'mtt-table-players', 'data-testid': 'mtt-table-players' },
        view.tablePlayers.map((table) =>
          h(
            'section',
            { 'data-testid': 'mtt-table-card', 'data-table': table.tableId },
            h('h4', {}, `Table ${table.tableId} (${table.players.length})`),
            h(
              'ol',
              {},
              table.players.map((player) =>
                h(
                  'li',
                  { class: player.userId === me?.id ? 'mine' : '' },
                  `Seat ${player.seat + 1}: ${player.username} · ${chips(player.stack)}`,
                ),
              ),
            ),
          ),
        ),
      ),
    );
  }
  out.push(
    h(
      'details',
      { 'data-testid': 'mtt-rules' },
      h('summary', {}, 'Cancellation and interruption rules'),
      h(
        'ul',
        {},
        view.rules.map((r) => h('li', {}, r)),
      ),
    ),
  );
  return out.filter((el): el is HTMLElement => el !== null);
}

function dealPanel(
  view: TournamentLobbyView,
  me: { id: string; role: string } | null,
  st: LobbyExtrasState,
): HTMLElement[] {
  const deal = view.deal;
  const admin = me?.role === 'admin';
  const stillIn = view.tablePlayers.flatMap((t) => t.players).some((p) => p.userId === me?.id);
  const finalTable = view.phase === 'running' && view.tablePlayers.length === 1 && view.playersLeft >= 2;
  const discussed = deal && (deal.status === 'waiting' || deal.status === 'open');
  const out: HTMLElement[] = [];
  if (deal && (discussed || deal.status === 'accepted')) {
    const mine = deal.players.find((p) => p.userId === me?.id);
    out.push(
      h(
        'section',
        { 'data-testid': 'mtt-deal', 'data-status': deal.status },
        h(
          'h3',
          {},
          `Deal (${deal.method === 'icm' ? 'ICM' : 'chip chop'})` +
            (deal.leftToPlayFor ? ` · ${chips(deal.leftToPlayFor)} left to play for` : ''),
        ),
        deal.status === 'waiting'
          ? h('p', {}, 'The figures are fixed when the hand in progress ends.')
          : h(
              'table',
              { class: 'list', 'data-testid': 'mtt-deal-table' },
              h(
                'thead',
                {},
                h(
                  'tr',
                  {},
                  ['Player', 'Chips', 'Deal prize', 'Accepted'].map((c) => h('th', {}, c)),
                ),
              ),
              h(
                'tbody',
                {},
                deal.players.map((dealPlayer) =>
                  h(
                    'tr',
                    { 'data-testid': 'mtt-deal-player' },
                    h('td', {}, dealPlayer.username),
                    h('td', {}, chips(dealPlayer.stack)),
                    h('td', { 'data-testid': 'mtt-deal-prize' }, chips(dealPlayer.prize)),
                    h(
                      'td',
                      {},
                      dealPlayer.accepted
                        ? 'yes'
                        : deal.status === 'accepted'
                          ? deal.forced
                            ? 'set by the director'
                            : 'yes'
                          : 'not yet',
                    ),
                  ),
                ),
              ),
            ),
        deal.status === 'accepted' &&
          h(
            'p',
            { role: 'status' },
            deal.forced ? 'The tournament director set this deal.' : 'Every player accepted this deal.',
          ),
        deal.status === 'open' &&
          h(
            'div',
            { class: 'thumb-bar' },
            mine &&
              !mine.accepted &&
              h(
                'button',
                {
                  class: 'primary',
                  'data-testid': 'mtt-deal-accept',
                  disabled: st.busy,
                  onclick: () => st.act('deal/accept', undefined, 'You accepted the deal'),
                },
                'Accept the deal',
              ),
            (mine || admin) &&
              h(
                'button',
                {
                  class: 'secondary',
                  'data-testid': 'mtt-deal-reject',
                  disabled: st.busy,
                  onclick: () => st.act('deal/reject', undefined, 'Deal refused: play resumes'),
                },
                'Refuse',
              ),
            admin &&
              h(
                'button',
                {
                  'data-testid': 'mtt-deal-force',
                  disabled: st.busy,
                  onclick: () => st.act('deal/force', undefined, 'Deal set'),
                },
                'Set this deal (director)',
              ),
          ),
      ),
    );
  }
  if (finalTable && !discussed && (stillIn || admin) && deal?.status !== 'accepted') {
    out.push(
      h(
        'div',
        { class: 'inline', 'data-testid': 'mtt-deal-propose' },
        h('label', {}, 'Left to play for ', st.leftToPlayFor),
        h(
          'button',
          {
            'data-testid': 'mtt-deal-icm',
            disabled: st.busy,
            onclick: () =>
              st.act('deal', { method: 'icm', leftToPlayFor: Number(st.leftToPlayFor.value) || 0 }, 'Deal proposed'),
          },
          'Propose an ICM deal',
        ),
        h(
          'button',
          {
            'data-testid': 'mtt-deal-chop',
            disabled: st.busy,
            onclick: () =>
              st.act(
                'deal',
                { method: 'chip-chop', leftToPlayFor: Number(st.leftToPlayFor.value) || 0 },
                'Deal proposed',
              ),
          },
          'Propose a chip chop',
        ),
      ),
    );
  }
  return out;
}
