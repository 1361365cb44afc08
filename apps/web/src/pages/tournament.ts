// One scheduled tournament's page (GET /tournaments/:id, then live over `tournamentWatch` →
// `tournamentUpdate`, and the player's own part over `tournamentFollow` → `tournamentYou`): its
// state, the live updates, "find player", register / unregister, rebuy / add-on and the seat he
// takes once it runs. Separate from the tournaments list (pages/tournaments.ts), which the router
// reaches it through; the read-only sections it shows are in components/tournament-sections.ts.
import type { TournamentEntrantsPage, TournamentLobbyView, TournamentView, TournamentYouView } from '@naiko/contracts';
import { api, getSocket, session } from '../api';
import { h, keepFocus, mount } from '../dom';
import { chips } from '../format';
import { header } from './lobby';
import { sayNow } from '../a11y/live-region';
import { bountyTable, purchaseButtons } from '../components/tournament-extras';
import { refreshChips } from '../components/chips';
import { lobbyExtras, type LobbyExtrasState } from '../components/tournament-lobby';
import {
  blindStructure,
  entrantsTable,
  levelClockText,
  prizeTable,
  tablesTable,
  tournamentFacts,
} from '../components/tournament-sections';

const errorText = (error: unknown) => (error instanceof Error ? error.message : String(error));

export function tournamentPage(root: HTMLElement, [id]: string[]): () => void {
  const tournamentId = Number(id);
  const me = session.user;
  const socket = getSocket();
  let view: TournamentLobbyView | null = null;
  /** His own part (`tournamentYou`): the lobby lists the first entrants only, he may be further down. */
  let you: TournamentYouView | null = null;
  let message = '';
  let busy = false;
  // Issue 25: "find player" and the deal form, built once (a live update keeps what was typed).
  const extras = {
    search: h('input', { type: 'search', 'data-testid': 'mtt-find', placeholder: 'name', oninput: () => find() }),
    found: null,
    leftToPlayFor: h('input', { type: 'number', min: 0, value: 0, 'data-testid': 'mtt-deal-left', size: 6 }),
    busy: false,
    act: (path, body, done) =>
      void (async () => {
        busy = extras.busy = true;
        message = '';
        render();
        try {
          await api('POST', `/tournaments/${tournamentId}/${path}`, body);
          message = done ?? 'Done';
        } catch (error) {
          message = errorText(error);
        }
        busy = extras.busy = false;
        render();
      })(),
  } as LobbyExtrasState;

  /**
   * "Find player": the lobby lists every table's players of a small event, and they are searched
   * here; a bigger one is searched by the server (GET /tournaments/:id/entrants?q=), a moment after
   * the last key.
   */
  let findTimer: ReturnType<typeof setTimeout> | undefined;
  const find = () => {
    clearTimeout(findTimer);
    const query = extras.search.value.trim();
    if (!view || !query || view.tableCount <= view.tablePlayers.length) {
      extras.found = null;
      render();
      return;
    }
    findTimer = setTimeout(
      () =>
        void api<TournamentEntrantsPage>(
          'GET',
          `/tournaments/${tournamentId}/entrants?limit=20&q=${encodeURIComponent(query)}`,
        ).then(
          (page) => {
            if (extras.search.value.trim() !== query) return;
            extras.found = page.entrants;
            render();
          },
          (error: unknown) => ((message = errorText(error)), render()),
        ),
      250,
    );
  };

  /** His row: his own part says (also that he has none), else the lobby's list until it has come. */
  const mineIn = (current: TournamentView | null) =>
    you ? you.entrant : (current?.entrants.find((entrant) => entrant.userId === me?.id) ?? null);
  /** The table the player was last told about (a screen reader hears when his seat is ready). */
  let toldTable: string | null = null;
  const tell = () => {
    const mine = mineIn(view);
    const seat = view?.phase === 'running' ? (mine?.tableRef ?? null) : null;
    if (seat && seat !== toldTable)
      sayNow(
        `The tournament is running: your seat is at table ${mine!.table}. Take your seat with the button at the bottom of the page.`,
      );
    toldTable = seat;
  };
  const onUpdate = (tournamentView: TournamentView) => {
    if (tournamentView.tournamentId !== tournamentId) return;
    view = tournamentView as TournamentLobbyView;
    tell();
    render();
  };
  const onYou = (part: TournamentYouView) => {
    if (part.tournamentId !== tournamentId) return;
    you = part;
    tell();
    render();
  };
  socket.on('tournamentUpdate', onUpdate);
  socket.on('tournamentYou', onYou);
  // The server answers a watch with the current view at once, and again after every change.
  const watch = () => {
    socket.emit('tournamentWatch', { tournamentId });
    if (me) socket.emit('tournamentFollow', { tournamentId });
  };
  socket.on('connect', watch);
  if (socket.connected) watch();
  // A private tournament (issue 23.4) is not public: its host and invitees read it under /private-events.
  void api<TournamentLobbyView>('GET', `/tournaments/${tournamentId}`)
    .catch(() => api<TournamentLobbyView>('GET', `/private-events/mtt/${tournamentId}`))
    .then(
      (tournamentLobbyView) => {
        if (!view) onUpdate(tournamentLobbyView);
      },
      (error: unknown) => ((message = errorText(error)), render()),
    );

  const timer = setInterval(() => {
    const el = root.querySelector('[data-testid="level-clock"]');
    if (el && view?.clock) el.textContent = levelClockText(view.clock, view.paused);
  }, 500);

  /** Register or unregister; the new view arrives as a `tournamentUpdate` (the HTTP answer only reports errors). */
  const call = async (path: 'register' | 'unregister') => {
    busy = true;
    message = '';
    render();
    try {
      await api('POST', `/tournaments/${tournamentId}/${path}`);
      message = path === 'register' ? 'Registered' : 'Unregistered: buy-in and fee refunded';
    } catch (error) {
      message = errorText(error);
    }
    busy = false;
    render();
  };

  /** Rebuy or add-on (issue 25): the new view arrives as a `tournamentUpdate`; a refusal is shown in words. */
  const buy = async (what: 'rebuy' | 'add-on') => {
    busy = true;
    message = '';
    render();
    try {
      const result = await api<{ chips: number; stack: number }>('POST', `/tournaments/${tournamentId}/${what}`);
      message = `${what === 'rebuy' ? 'Rebuy' : 'Add-on'}: ${chips(result.chips)} chips added, your stack is ${chips(result.stack)}`;
      refreshChips(); // the header's balance paid for it
    } catch (error) {
      message = errorText(error);
    }
    busy = false;
    render();
  };

  const render = () =>
    keepFocus(() => {
      const current = view;
      const mine = mineIn(current);
      mount(
        root,
        header(me, [h('a', { href: '#/tournaments', 'data-testid': 'back-to-tournaments' }, '← Tournaments')]),
        h(
          'main',
          { class: 'mtt', 'data-testid': 'mtt-page' },
          message && h('p', { 'data-testid': 'mtt-message', role: 'status' }, message),
          !current
            ? h('p', {}, 'Loading…')
            : [
                ...tournamentFacts(current),
                h(
                  'div',
                  { class: 'thumb-bar', 'data-testid': 'mtt-actions' },
                  !mine &&
                    current.registrationOpen &&
                    h(
                      'button',
                      {
                        'data-testid': 'mtt-register',
                        class: 'primary',
                        disabled: busy,
                        onclick: () => void call('register'),
                      },
                      `Register (${chips(current.buyIn + current.fee)})`,
                    ),
                  mine &&
                    current.phase === 'registering' &&
                    h(
                      'button',
                      {
                        'data-testid': 'mtt-unregister',
                        class: 'secondary',
                        disabled: busy,
                        onclick: () => void call('unregister'),
                      },
                      'Unregister',
                    ),
                  !current.registrationOpen &&
                    !mine &&
                    h(
                      'span',
                      { class: 'muted' },
                      current.phase === 'scheduled'
                        ? `Registration opens ${new Date(current.registrationOpensAt).toLocaleString()}`
                        : 'Registration closed',
                    ),
                  // Seated in the running tournament: his table (it changes when he is moved; this view follows).
                  purchaseButtons(you, busy, (what) => void buy(what)),
                  current.phase === 'running' &&
                    mine?.tableRef &&
                    h(
                      'a',
                      { href: `#/table/${mine.tableRef}`, class: 'button primary', 'data-testid': 'mtt-take-seat' },
                      `Take your seat (table ${mine.table})`,
                    ),
                ),
                ...(current.rules ? lobbyExtras(current, me ? { id: me.id, role: me.role } : null, extras) : []),
                ...prizeTable(current),
                ...entrantsTable(current, me?.id),
                bountyTable(current),
                ...tablesTable(current),
                blindStructure(current),
              ],
        ),
      );
    });

  render();
  return () => {
    clearInterval(timer);
    clearTimeout(findTimer);
    socket.off('tournamentUpdate', onUpdate);
    socket.off('tournamentYou', onYou);
    socket.off('connect', watch);
  };
}
