// Scheduled tournaments for players: the list (GET /tournaments) and one tournament's lobby
// (GET /tournaments/:id, then live over `tournamentWatch` → `tournamentUpdate`): structure, prize
// table, entrants, tables and counts, the level clock, register / unregister.
import type { TournamentEntrantsPage, TournamentLobbyView, TournamentView, TournamentYouView } from '@naiko/contracts';
import { api, getSocket, session } from '../api';
import { h, keepFocus, mount } from '../dom';
import { chips, GAME_NAMES, STRUCTURE_NAMES } from '../format';
import { header } from './lobby';
import { sayNow } from '../a11y/live-region';
import { bountyTable, extrasTerms, purchaseButtons, tournamentTags } from '../components/tournament-extras';
import { refreshChips } from '../components/chips';
import { lobbyExtras, type LobbyExtrasState } from '../components/tournament-lobby';

/** One row of GET /tournaments (tournaments.controller.ts `summary`). */
/** "when full (9), at the latest <time>", "when full (3)" without a start time, or the start time. */
function startsText(view: Pick<TournamentView, 'startWhenFull' | 'maxEntrants' | 'startsAt'>): string {
  const at = view.startsAt ? new Date(view.startsAt).toLocaleString() : '';
  if (!view.startWhenFull) return at;
  return `when full (${view.maxEntrants})${at ? `, at the latest ${at}` : ''}`;
}

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
const errorText = (e: unknown) => (e instanceof Error ? e.message : String(e));

export function tournamentsPage(root: HTMLElement): () => void {
  const me = session.user;
  const socket = getSocket();
  let rows: TournamentSummary[] = [];
  // Entry counts and phases from the live views of the tournaments still to come or running.
  const live = new Map<number, TournamentView>();
  let message = '';
  let closed = false;

  const onUpdate = (view: TournamentView) => {
    if (!rows.some((r) => r.tournamentId === view.tournamentId)) return;
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
      const shown = rows.filter((r) => PHASES.includes(r.status));
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
                ['Tournament', 'Game', 'Starts', 'Buy-in', 'Stack', 'Entries', 'Status', ''].map((c) => h('th', {}, c)),
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
    you ? you.entrant : (current?.entrants.find((e) => e.userId === me?.id) ?? null);
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
      (e: unknown) => ((message = errorText(e)), render()),
    );

  const timer = setInterval(() => {
    const el = root.querySelector('[data-testid="level-clock"]');
    if (el && view?.clock) el.textContent = levelClock(view.clock);
  }, 500);

  const levelClock = (clock: NonNullable<TournamentView['clock']>) => {
    const left = clock.nextStepAt === null ? null : Math.max(0, Math.ceil((clock.nextStepAt - Date.now()) / 1000));
    const step =
      clock.kind === 'break'
        ? 'Break'
        : `Level ${clock.levelNumber}: ${chips(clock.smallBlind)}/${chips(clock.bigBlind)}${clock.ante ? ` ante ${chips(clock.ante)}` : ''}`;
    // Paused (issue 25): the clock is held until play resumes.
    if (view?.paused) return `${step} · clock stopped`;
    return `${step}${left === null ? '' : ` · next in ${left} s`}`;
  };

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
                h('h2', {}, current.name),
                h(
                  'p',
                  { 'data-testid': 'mtt-phase', 'data-phase': current.phase },
                  `Status: ${current.phase} · ${GAME_NAMES[current.game] ?? current.game} ${STRUCTURE_NAMES[current.bettingStructure] ?? current.bettingStructure} · starts ${startsText(current)}`,
                ),
                current.spin
                  ? h(
                      'p',
                      { 'data-testid': 'mtt-spin' },
                      current.spin.multiplier === null
                        ? `Spin: the prize multiplier is drawn at the start (table ${current.spin.table}, commitment ${current.spin.commitment.slice(0, 16)}…)`
                        : `Spin: prize ×${current.spin.multiplier} = ${chips(current.prizePool)}${current.spin.seed ? ` · seed ${current.spin.seed}` : ''}`,
                    )
                  : null,
                h(
                  'p',
                  {},
                  h(
                    'span',
                    { 'data-testid': 'mtt-entry-count', 'data-count': current.entries },
                    `${current.entries} entries`,
                  ),
                  ` (min ${current.minEntrants}, max ${current.maxEntrants})`,
                  ` · ${current.playersLeft} players left · buy-in ${chips(current.buyIn)} + ${chips(current.fee)} · stack ${chips(current.startingStack)}`,
                  current.reEntry ? ' · re-entry allowed' : '',
                  current.lateRegistrationUntilLevel > 0
                    ? ` · late registration until level ${current.lateRegistrationUntilLevel}`
                    : '',
                ),
                h(
                  'p',
                  { 'data-testid': 'mtt-pool' },
                  `Prize pool ${chips(current.prizePool)} · ${current.placesPaid} paid · average stack ${chips(current.averageStack)}${current.handForHand ? ' · hand for hand' : ''}`,
                ),
                current.clock && h('p', { 'data-testid': 'level-clock' }, levelClock(current.clock)),
                extrasTerms(current),
                // The committed seat draw (issue 19.1): the commitment from the start, the seed once it has ended.
                current.seatDraw.commitment &&
                  h(
                    'p',
                    {
                      class: 'muted',
                      'data-testid': 'mtt-seat-draw',
                      title:
                        'SHA-256 of "naiko-mtt-seats-v1|<seed>"; the seed and the start\'s seating are published when the tournament has ended',
                    },
                    `Seat draw committed: ${current.seatDraw.commitment.slice(0, 16)}…${current.seatDraw.seed ? ` · seed ${current.seatDraw.seed}` : ''}`,
                  ),
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
                h('h3', {}, 'Prize table'),
                h(
                  'table',
                  { class: 'list', 'data-testid': 'mtt-prize-table' },
                  h(
                    'thead',
                    {},
                    h(
                      'tr',
                      {},
                      ['Places', 'Share', 'Prize each'].map((c) => h('th', {}, c)),
                    ),
                  ),
                  h(
                    'tbody',
                    {},
                    current.prizeTable.map((row) =>
                      h(
                        'tr',
                        {},
                        h('td', {}, row.places),
                        h('td', {}, row.percent),
                        h('td', {}, row.chipsEach === null ? '' : chips(row.chipsEach)),
                      ),
                    ),
                  ),
                ),
                h('h3', {}, `Entrants (${current.entrantCount})`),
                current.entrantCount > current.entrants.length &&
                  h(
                    'p',
                    { class: 'muted', 'data-testid': 'mtt-entrants-more' },
                    `The first ${current.entrants.length} in the standings; find anyone else by name.`,
                  ),
                h(
                  'table',
                  { class: 'list', 'data-testid': 'mtt-entrants' },
                  h(
                    'thead',
                    {},
                    h(
                      'tr',
                      {},
                      ['Player', 'Entries', 'Table', 'Seat', 'Stack', 'Place', 'Prize'].map((c) => h('th', {}, c)),
                    ),
                  ),
                  h(
                    'tbody',
                    {},
                    current.entrants.map((entrant) =>
                      h(
                        'tr',
                        { 'data-testid': 'mtt-entrant', class: entrant.userId === me?.id ? 'mine' : '' },
                        h('td', {}, entrant.username, entrant.userId === me?.id && ' (you)'),
                        h('td', {}, entrant.entries),
                        h('td', {}, entrant.table ?? ''),
                        h('td', {}, entrant.seat === null ? '' : entrant.seat + 1),
                        h('td', {}, chips(entrant.stack)),
                        h('td', {}, entrant.place ?? ''),
                        h('td', {}, entrant.prize ? chips(entrant.prize) : ''),
                      ),
                    ),
                  ),
                ),
                bountyTable(current),
                h('h3', {}, `Tables (${current.tableCount}) · ${current.handsPlayed} hands played`),
                current.tableCount > current.tables.length &&
                  h(
                    'p',
                    { class: 'muted', 'data-testid': 'mtt-tables-more' },
                    `The first ${current.tables.length} of ${current.tableCount} tables, by number; find a player to see his table.`,
                  ),
                h(
                  'table',
                  { class: 'list', 'data-testid': 'mtt-tables' },
                  h(
                    'thead',
                    {},
                    h(
                      'tr',
                      {},
                      ['Table', 'Players', 'Hands', ''].map((c) => h('th', {}, c)),
                    ),
                  ),
                  h(
                    'tbody',
                    {},
                    current.tables.length === 0 &&
                      h('tr', {}, h('td', { colspan: 4, class: 'muted' }, 'Tables are drawn at the start.')),
                    current.tables.map((tableRow) =>
                      h(
                        'tr',
                        { 'data-testid': 'mtt-table' },
                        h(
                          'td',
                          {},
                          current.phase === 'running'
                            ? h('a', { href: `#/table/${tableRow.tableRef}` }, `Table ${tableRow.tableId}`)
                            : `Table ${tableRow.tableId}`,
                        ),
                        h('td', {}, tableRow.players),
                        h('td', {}, tableRow.handsPlayed),
                        h('td', {}, tableRow.handInProgress ? 'hand in progress' : ''),
                      ),
                    ),
                  ),
                ),
                h(
                  'details',
                  { 'data-testid': 'mtt-structure' },
                  h('summary', {}, `Blind structure (${current.structure.length} steps)`),
                  h(
                    'ol',
                    {},
                    current.structure.map((step) =>
                      h(
                        'li',
                        { class: current.clock?.stepIndex === step.stepIndex ? 'mine' : '' },
                        step.kind === 'break'
                          ? `Break ${Math.round(step.durationMs / 1000)} s`
                          : `Level ${step.levelNumber}: ${chips(step.smallBlind ?? 0)}/${chips(step.bigBlind ?? 0)}${step.ante ? ` ante ${chips(step.ante)}` : ''} · ${Math.round(step.durationMs / 1000)} s`,
                        // The current step is marked in words too, not by its colour alone.
                        current.clock?.stepIndex === step.stepIndex && h('strong', {}, ' (now)'),
                      ),
                    ),
                  ),
                ),
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
