// What the scheduled-tournament lobby shows from issue 25 (TournamentLobbyView): a pause, the next
// level and break, the chip leader, "find player", each table with its players and chips, the
// final-table deal (propose, accept, refuse; the admin sets it) and the published cancellation and
// interruption rules. The page owns the state (the search text, the deal form), this renders it.
import type { TournamentLobbyView } from '@naiko/contracts';
import { h } from '../dom';
import { chips } from '../format';

export interface LobbyExtrasState {
  search: HTMLInputElement;
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
  v: TournamentLobbyView,
  me: { id: string; role: string } | null,
  st: LobbyExtrasState,
): HTMLElement[] {
  const out: HTMLElement[] = [];
  if (v.paused)
    out.push(
      h(
        'p',
        { class: 'notice', role: 'status', 'data-testid': 'mtt-paused', 'data-reason': v.paused.reason },
        `Tournament ${PAUSE_TEXT[v.paused.reason]} (since ${new Date(v.paused.since).toLocaleTimeString()}).`,
      ),
    );
  if (v.phase === 'running') {
    out.push(
      h(
        'p',
        { 'data-testid': 'mtt-next' },
        v.nextLevel
          ? `Next level ${v.nextLevel.levelNumber}: ${chips(v.nextLevel.smallBlind)}/${chips(v.nextLevel.bigBlind)}` +
              `${v.nextLevel.ante ? ` ante ${chips(v.nextLevel.ante)}` : ''}${at(v.nextLevel.startsAt)}`
          : 'Last level',
        ' · ',
        v.nextBreak
          ? `next break${at(v.nextBreak.startsAt)} (${Math.round(v.nextBreak.durationMs / 60_000) || '<1'} min)`
          : 'no break left',
        v.chipLeader ? ` · chip leader ${v.chipLeader.username} (${chips(v.chipLeader.stack)})` : '',
      ),
    );
  }
  out.push(...dealPanel(v, me, st));
  if (v.tablePlayers.length) {
    const q = st.search.value.trim().toLowerCase();
    const found = q
      ? v.tablePlayers.flatMap((t) =>
          t.players.filter((p) => p.username.toLowerCase().includes(q)).map((p) => ({ ...p, table: t })),
        )
      : [];
    out.push(
      h('h3', {}, 'Find a player'),
      h('p', {}, h('label', {}, 'Player name ', st.search)),
      q
        ? h(
            'ul',
            { 'data-testid': 'mtt-found', 'aria-live': 'polite' },
            found.length === 0
              ? h('li', {}, `Nobody named “${st.search.value.trim()}” is still in.`)
              : found.map((p) =>
                  h(
                    'li',
                    { 'data-testid': 'mtt-found-player' },
                    `${p.username}: table ${p.table.tableId}, seat ${p.seat + 1}, ${chips(p.stack)} chips `,
                    h('a', { href: `#/table/${p.table.tableRef}` }, 'watch'),
                  ),
                ),
          )
        : null,
      h('h3', {}, 'Tables and chip counts'),
      h(
        'div',
        { class: 'mtt-table-players', 'data-testid': 'mtt-table-players' },
        v.tablePlayers.map((t) =>
          h(
            'section',
            { 'data-testid': 'mtt-table-card', 'data-table': t.tableId },
            h('h4', {}, `Table ${t.tableId} (${t.players.length})`),
            h(
              'ol',
              {},
              t.players.map((p) =>
                h(
                  'li',
                  { class: p.userId === me?.id ? 'mine' : '' },
                  `Seat ${p.seat + 1}: ${p.username} · ${chips(p.stack)}`,
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
        v.rules.map((r) => h('li', {}, r)),
      ),
    ),
  );
  return out;
}

function dealPanel(
  v: TournamentLobbyView,
  me: { id: string; role: string } | null,
  st: LobbyExtrasState,
): HTMLElement[] {
  const d = v.deal;
  const admin = me?.role === 'admin';
  const stillIn = v.tablePlayers.flatMap((t) => t.players).some((p) => p.userId === me?.id);
  const finalTable = v.phase === 'running' && v.tablePlayers.length === 1 && v.playersLeft >= 2;
  const discussed = d && (d.status === 'waiting' || d.status === 'open');
  const out: HTMLElement[] = [];
  if (d && (discussed || d.status === 'accepted')) {
    const mine = d.players.find((p) => p.userId === me?.id);
    out.push(
      h(
        'section',
        { 'data-testid': 'mtt-deal', 'data-status': d.status },
        h(
          'h3',
          {},
          `Deal (${d.method === 'icm' ? 'ICM' : 'chip chop'})` +
            (d.leftToPlayFor ? ` · ${chips(d.leftToPlayFor)} left to play for` : ''),
        ),
        d.status === 'waiting'
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
                d.players.map((p) =>
                  h(
                    'tr',
                    { 'data-testid': 'mtt-deal-player' },
                    h('td', {}, p.username),
                    h('td', {}, chips(p.stack)),
                    h('td', { 'data-testid': 'mtt-deal-prize' }, chips(p.prize)),
                    h(
                      'td',
                      {},
                      p.accepted
                        ? 'yes'
                        : d.status === 'accepted'
                          ? d.forced
                            ? 'set by the director'
                            : 'yes'
                          : 'not yet',
                    ),
                  ),
                ),
              ),
            ),
        d.status === 'accepted' &&
          h(
            'p',
            { role: 'status' },
            d.forced ? 'The tournament director set this deal.' : 'Every player accepted this deal.',
          ),
        d.status === 'open' &&
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
  if (finalTable && !discussed && (stillIn || admin) && d?.status !== 'accepted') {
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
