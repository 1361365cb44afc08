// Scheduled tournaments for players: the list (GET /tournaments), each row's entries and phase live
// over `tournamentWatch` → `tournamentUpdate`. One tournament's own page (structure, prize table,
// entrants, tables and counts, the level clock, register / unregister) is pages/tournament.ts; it is
// re-exported here, where the router imports both pages from.
import type { TournamentView } from '@naiko/contracts';
import { api, getSocket, session } from '../api';
import { h, keepFocus, mount } from '../dom';
import { chips, GAME_NAMES, STRUCTURE_NAMES } from '../format';
import { header } from './lobby';
import { tournamentTags } from '../components/tournament-extras';

export { tournamentPage } from './tournament';

/** One row of GET /tournaments (tournaments.controller.ts `summary`). */
interface TournamentSummary {
  tournamentId: number;
  name: string;
  status: string;
  /** Null: no start time (it starts when full). */
  startsAt: string | null;
  registrationOpensAt: string;
  settings: {
    game?: string;
    bettingStructure?: string;
    buyIn?: number;
    fee?: number;
    startingStack?: number;
    maxEntrants?: number;
  } & Parameters<typeof tournamentTags>[0];
}

const PHASES = ['scheduled', 'registering', 'starting', 'running', 'paying', 'finished', 'cancelled'];
const errorText = (error: unknown) => (error instanceof Error ? error.message : String(error));

export function tournamentsPage(root: HTMLElement): () => void {
  const me = session.user;
  const socket = getSocket();
  let rows: TournamentSummary[] = [];
  // Entry counts and phases from the live views of the tournaments still to come or running.
  const live = new Map<number, TournamentView>();
  let message = '';
  let closed = false;

  const onUpdate = (view: TournamentView) => {
    if (!rows.some((row) => row.tournamentId === view.tournamentId)) return;
    live.set(view.tournamentId, view);
    render();
  };
  socket.on('tournamentUpdate', onUpdate);
  const watchAll = () => {
    for (const summary of rows)
      if (summary.status !== 'finished' && summary.status !== 'cancelled')
        socket.emit('tournamentWatch', { tournamentId: summary.tournamentId });
  };
  socket.on('connect', watchAll);

  const load = async () => {
    try {
      rows = await api<TournamentSummary[]>('GET', '/tournaments');
      if (socket.connected) watchAll();
    } catch (error) {
      message = errorText(error);
    }
    if (!closed) render();
  };

  const render = () =>
    keepFocus(() => {
      const shown = rows.filter((row) => PHASES.includes(row.status));
      mount(
        root,
        header(me, [h('a', { href: '#/lobby' }, '← Lobby')]),
        h(
          'main',
          { class: 'mtt', 'data-testid': 'tournaments-page' },
          message && h('p', { class: 'error' }, message),
          h('h2', {}, 'Scheduled tournaments'),
          h(
            'table',
            { class: 'list', 'data-testid': 'mtt-list' },
            h(
              'thead',
              {},
              h(
                'tr',
                {},
                ['Tournament', 'Game', 'Starts', 'Buy-in', 'Stack', 'Entries', 'Status', ''].map((title) =>
                  h('th', {}, title),
                ),
              ),
            ),
            h(
              'tbody',
              {},
              shown.length === 0 && h('tr', {}, h('td', { colspan: 8, class: 'muted' }, 'No tournament scheduled.')),
              shown.map((summary) => {
                const view = live.get(summary.tournamentId);
                const settings = summary.settings;
                return h(
                  'tr',
                  { 'data-testid': 'mtt-row', 'data-tournament-id': summary.tournamentId },
                  h('td', {}, summary.name, ' ', tournamentTags(settings)),
                  h(
                    'td',
                    { 'data-label': 'Game' },
                    `${GAME_NAMES[settings.game ?? ''] ?? settings.game ?? ''} ${STRUCTURE_NAMES[settings.bettingStructure ?? ''] ?? ''}`,
                  ),
                  h(
                    'td',
                    { 'data-label': 'Starts' },
                    summary.startsAt ? new Date(summary.startsAt).toLocaleString() : 'when full',
                  ),
                  h('td', { 'data-label': 'Buy-in' }, `${chips(settings.buyIn ?? 0)} + ${chips(settings.fee ?? 0)}`),
                  h('td', { 'data-label': 'Stack' }, chips(settings.startingStack ?? 0)),
                  h(
                    'td',
                    { 'data-testid': 'mtt-entries', 'data-label': 'Entries' },
                    view ? `${view.entries} of ${view.maxEntrants}` : '',
                  ),
                  h('td', { 'data-testid': 'mtt-status', 'data-label': 'Status' }, view?.phase ?? summary.status),
                  h(
                    'td',
                    { class: 'row-action' },
                    h(
                      'a',
                      { class: 'button', href: `#/tournament/${summary.tournamentId}`, 'data-testid': 'mtt-open' },
                      'Open',
                    ),
                  ),
                );
              }),
            ),
          ),
        ),
      );
    });

  render();
  void load();
  return () => {
    closed = true;
    socket.off('tournamentUpdate', onUpdate);
    socket.off('connect', watchAll);
  };
}
