// Scheduled tournaments for players: the list (GET /tournaments) and one tournament's lobby
// (GET /tournaments/:id, then live over `tournamentWatch` → `tournamentUpdate`): structure, prize
// table, entrants, tables and counts, the level clock, register / unregister.
import type { TournamentLobbyView, TournamentView } from '@naiko/contracts';
import { api, getSocket, session } from '../api';
import { h, keepFocus, mount } from '../dom';
import { chips, GAME_NAMES, STRUCTURE_NAMES } from '../format';
import { header } from './lobby';
import { sayNow } from '../a11y/live-region';
import { bountyTable, extrasTerms, purchaseButtons, tournamentTags } from '../components/tournament-extras';
import { refreshChips } from '../components/chips';
import { lobbyExtras, type LobbyExtrasState } from '../components/tournament-lobby';

/** One row of GET /tournaments (tournaments.controller.ts `summary`). */
interface TournamentSummary {
  tournamentId: number;
  name: string;
  status: string;
  startsAt: string;
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

const PHASES = ['scheduled', 'registering', 'running', 'paying', 'finished', 'cancelled'];
const errorText = (e: unknown) => (e instanceof Error ? e.message : String(e));

export function tournamentsPage(root: HTMLElement): () => void {
  const me = session.user;
  const socket = getSocket();
  let rows: TournamentSummary[] = [];
  // Entry counts and phases from the live views of the tournaments still to come or running.
  const live = new Map<number, TournamentView>();
  let message = '';
  let closed = false;

  const onUpdate = (v: TournamentView) => {
    if (!rows.some((r) => r.tournamentId === v.tournamentId)) return;
    live.set(v.tournamentId, v);
    render();
  };
  socket.on('tournamentUpdate', onUpdate);
  const watchAll = () => {
    for (const r of rows)
      if (r.status !== 'finished' && r.status !== 'cancelled')
        socket.emit('tournamentWatch', { tournamentId: r.tournamentId });
  };
  socket.on('connect', watchAll);

  const load = async () => {
    try {
      rows = await api<TournamentSummary[]>('GET', '/tournaments');
      if (socket.connected) watchAll();
    } catch (e) {
      message = errorText(e);
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
              shown.map((r) => {
                const v = live.get(r.tournamentId);
                const s = r.settings;
                return h(
                  'tr',
                  { 'data-testid': 'mtt-row', 'data-tournament-id': r.tournamentId },
                  h('td', {}, r.name, ' ', tournamentTags(s)),
                  h(
                    'td',
                    { 'data-label': 'Game' },
                    `${GAME_NAMES[s.game ?? ''] ?? s.game ?? ''} ${STRUCTURE_NAMES[s.bettingStructure ?? ''] ?? ''}`,
                  ),
                  h('td', { 'data-label': 'Starts' }, new Date(r.startsAt).toLocaleString()),
                  h('td', { 'data-label': 'Buy-in' }, `${chips(s.buyIn ?? 0)} + ${chips(s.fee ?? 0)}`),
                  h('td', { 'data-label': 'Stack' }, chips(s.startingStack ?? 0)),
                  h(
                    'td',
                    { 'data-testid': 'mtt-entries', 'data-label': 'Entries' },
                    v ? `${v.entries} of ${v.maxEntrants}` : '',
                  ),
                  h('td', { 'data-testid': 'mtt-status', 'data-label': 'Status' }, v?.phase ?? r.status),
                  h(
                    'td',
                    { class: 'row-action' },
                    h(
                      'a',
                      { class: 'button', href: `#/tournament/${r.tournamentId}`, 'data-testid': 'mtt-open' },
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
  let message = '';
  let busy = false;
  // Issue 25: "find player" and the deal form, built once (a live update keeps what was typed).
  const extras = {
    search: h('input', { type: 'search', 'data-testid': 'mtt-find', placeholder: 'name', oninput: () => render() }),
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
        } catch (e) {
          message = errorText(e);
        }
        busy = extras.busy = false;
        render();
      })(),
  } as LobbyExtrasState;

  /** The table the player was last told about (a screen reader hears when his seat is ready). */
  let toldTable: string | null = null;
  const onUpdate = (v: TournamentView) => {
    if (v.tournamentId !== tournamentId) return;
    view = v as TournamentLobbyView;
    const mine = v.entrants.find((e) => e.userId === me?.id);
    const seat = v.phase === 'running' ? (mine?.tableRef ?? null) : null;
    if (seat && seat !== toldTable)
      sayNow(
        `The tournament is running: your seat is at table ${mine!.table}. Take your seat with the button at the bottom of the page.`,
      );
    toldTable = seat;
    render();
  };
  socket.on('tournamentUpdate', onUpdate);
  // The server answers a watch with the current view at once, and again after every change.
  const watch = () => socket.emit('tournamentWatch', { tournamentId });
  socket.on('connect', watch);
  if (socket.connected) watch();
  // A private tournament (issue 23.4) is not public: its host and invitees read it under /private-events.
  void api<TournamentLobbyView>('GET', `/tournaments/${tournamentId}`)
    .catch(() => api<TournamentLobbyView>('GET', `/private-events/mtt/${tournamentId}`))
    .then(
      (v) => {
        if (!view) onUpdate(v);
      },
      (e: unknown) => ((message = errorText(e)), render()),
    );

  const timer = setInterval(() => {
    const el = root.querySelector('[data-testid="level-clock"]');
    if (el && view?.clock) el.textContent = levelClock(view.clock);
  }, 500);

  const levelClock = (c: NonNullable<TournamentView['clock']>) => {
    const left = c.nextStepAt === null ? null : Math.max(0, Math.ceil((c.nextStepAt - Date.now()) / 1000));
    const step =
      c.kind === 'break'
        ? 'Break'
        : `Level ${c.levelNumber}: ${chips(c.smallBlind)}/${chips(c.bigBlind)}${c.ante ? ` ante ${chips(c.ante)}` : ''}`;
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
    } catch (e) {
      message = errorText(e);
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
      const r = await api<{ chips: number; stack: number }>('POST', `/tournaments/${tournamentId}/${what}`);
      message = `${what === 'rebuy' ? 'Rebuy' : 'Add-on'}: ${chips(r.chips)} chips added, your stack is ${chips(r.stack)}`;
      refreshChips(); // the header's balance paid for it
    } catch (e) {
      message = errorText(e);
    }
    busy = false;
    render();
  };

  const render = () =>
    keepFocus(() => {
      const v = view;
      const mine = v?.entrants.find((e) => e.userId === me?.id);
      mount(
        root,
        header(me, [h('a', { href: '#/tournaments', 'data-testid': 'back-to-tournaments' }, '← Tournaments')]),
        h(
          'main',
          { class: 'mtt', 'data-testid': 'mtt-page' },
          message && h('p', { 'data-testid': 'mtt-message', role: 'status' }, message),
          !v
            ? h('p', {}, 'Loading…')
            : [
                h('h2', {}, v.name),
                h(
                  'p',
                  { 'data-testid': 'mtt-phase', 'data-phase': v.phase },
                  `Status: ${v.phase} · ${GAME_NAMES[v.game] ?? v.game} ${STRUCTURE_NAMES[v.bettingStructure] ?? v.bettingStructure} · starts ${new Date(v.startsAt).toLocaleString()}`,
                ),
                h(
                  'p',
                  {},
                  h('span', { 'data-testid': 'mtt-entry-count', 'data-count': v.entries }, `${v.entries} entries`),
                  ` (min ${v.minEntrants}, max ${v.maxEntrants})`,
                  ` · ${v.playersLeft} players left · buy-in ${chips(v.buyIn)} + ${chips(v.fee)} · stack ${chips(v.startingStack)}`,
                  v.reEntry ? ' · re-entry allowed' : '',
                  v.lateRegistrationUntilLevel > 0
                    ? ` · late registration until level ${v.lateRegistrationUntilLevel}`
                    : '',
                ),
                h(
                  'p',
                  { 'data-testid': 'mtt-pool' },
                  `Prize pool ${chips(v.prizePool)} · ${v.placesPaid} paid · average stack ${chips(v.averageStack)}${v.handForHand ? ' · hand for hand' : ''}`,
                ),
                v.clock && h('p', { 'data-testid': 'level-clock' }, levelClock(v.clock)),
                extrasTerms(v),
                // The committed seat draw (issue 19.1): the commitment from the start, the seed once it has ended.
                v.seatDraw.commitment &&
                  h(
                    'p',
                    {
                      class: 'muted',
                      'data-testid': 'mtt-seat-draw',
                      title:
                        'SHA-256 of "naiko-mtt-seats-v1|<seed>"; the seed and the start\'s seating are published when the tournament has ended',
                    },
                    `Seat draw committed: ${v.seatDraw.commitment.slice(0, 16)}…${v.seatDraw.seed ? ` · seed ${v.seatDraw.seed}` : ''}`,
                  ),
                h(
                  'div',
                  { class: 'thumb-bar', 'data-testid': 'mtt-actions' },
                  !mine &&
                    v.registrationOpen &&
                    h(
                      'button',
                      {
                        'data-testid': 'mtt-register',
                        class: 'primary',
                        disabled: busy,
                        onclick: () => void call('register'),
                      },
                      `Register (${chips(v.buyIn + v.fee)})`,
                    ),
                  mine &&
                    v.phase === 'registering' &&
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
                  !v.registrationOpen &&
                    !mine &&
                    h(
                      'span',
                      { class: 'muted' },
                      v.phase === 'scheduled'
                        ? `Registration opens ${new Date(v.registrationOpensAt).toLocaleString()}`
                        : 'Registration closed',
                    ),
                  // Seated in the running tournament: his table (it changes when he is moved; this view follows).
                  purchaseButtons(v, me?.id, busy, (what) => void buy(what)),
                  v.phase === 'running' &&
                    mine?.tableRef &&
                    h(
                      'a',
                      { href: `#/table/${mine.tableRef}`, class: 'button primary', 'data-testid': 'mtt-take-seat' },
                      `Take your seat (table ${mine.table})`,
                    ),
                ),
                ...(v.rules ? lobbyExtras(v, me ? { id: me.id, role: me.role } : null, extras) : []),
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
                    v.prizeTable.map((r) =>
                      h(
                        'tr',
                        {},
                        h('td', {}, r.places),
                        h('td', {}, r.percent),
                        h('td', {}, r.chipsEach === null ? '' : chips(r.chipsEach)),
                      ),
                    ),
                  ),
                ),
                h('h3', {}, `Entrants (${v.entrants.length})`),
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
                    v.entrants.map((e) =>
                      h(
                        'tr',
                        { 'data-testid': 'mtt-entrant', class: e.userId === me?.id ? 'mine' : '' },
                        h('td', {}, e.username, e.userId === me?.id && ' (you)'),
                        h('td', {}, e.entries),
                        h('td', {}, e.table ?? ''),
                        h('td', {}, e.seat === null ? '' : e.seat + 1),
                        h('td', {}, chips(e.stack)),
                        h('td', {}, e.place ?? ''),
                        h('td', {}, e.prize ? chips(e.prize) : ''),
                      ),
                    ),
                  ),
                ),
                bountyTable(v),
                h('h3', {}, `Tables (${v.tables.length}) · ${v.handsPlayed} hands played`),
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
                    v.tables.length === 0 &&
                      h('tr', {}, h('td', { colspan: 4, class: 'muted' }, 'Tables are drawn at the start.')),
                    v.tables.map((t) =>
                      h(
                        'tr',
                        { 'data-testid': 'mtt-table' },
                        h(
                          'td',
                          {},
                          v.phase === 'running'
                            ? h('a', { href: `#/table/${t.tableRef}` }, `Table ${t.tableId}`)
                            : `Table ${t.tableId}`,
                        ),
                        h('td', {}, t.players),
                        h('td', {}, t.handsPlayed),
                        h('td', {}, t.handInProgress ? 'hand in progress' : ''),
                      ),
                    ),
                  ),
                ),
                h(
                  'details',
                  { 'data-testid': 'mtt-structure' },
                  h('summary', {}, `Blind structure (${v.structure.length} steps)`),
                  h(
                    'ol',
                    {},
                    v.structure.map((s) =>
                      h(
                        'li',
                        { class: v.clock?.stepIndex === s.stepIndex ? 'mine' : '' },
                        s.kind === 'break'
                          ? `Break ${Math.round(s.durationMs / 1000)} s`
                          : `Level ${s.levelNumber}: ${chips(s.smallBlind ?? 0)}/${chips(s.bigBlind ?? 0)}${s.ante ? ` ante ${chips(s.ante)}` : ''} · ${Math.round(s.durationMs / 1000)} s`,
                        // The current step is marked in words too, not by its colour alone.
                        v.clock?.stepIndex === s.stepIndex && h('strong', {}, ' (now)'),
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
    socket.off('tournamentUpdate', onUpdate);
    socket.off('connect', watch);
  };
}
