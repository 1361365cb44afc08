// The lobby: cash/private tables with filters (GET /lobby/tables, refreshed live on the socket's
// `lobby:table`), Sit & Go and Spin (GET /sit-and-go), and, for admins, a form to open a table.
import { GAME_IDS, STRUCTURE_IDS, type TableSummary, type SitAndGoView } from '@naiko/contracts';
import { api, ApiError, getSocket, session, type Me } from '../api';
import { h, keepFocus, mount } from '../dom';
import { chips, GAME_NAMES, STRUCTURE_NAMES, stakesText } from '../format';
import { navigate } from '../main';
import { chipsWidget } from '../components/chips';
import { errorMessage } from '../errors';
import { homeGameForm } from '../components/home-game-form';
import { myPrivateEvents } from './private-events';

interface SngRow {
  template: {
    templateId: string;
    name: string;
    game: string;
    kind: 'sit-and-go' | 'spin';
    seats: number;
    buyIn: number;
    entryFee: number;
    startingStack: number;
  };
  open: SitAndGoView;
}

export interface Filters {
  game: string;
  structure: string;
  naikoMode: string;
  seatsFree: string;
  maxBigBlind: string;
}

export function header(me: Me | null, extra: Node[] = []): HTMLElement {
  return h(
    'header',
    { class: 'top' },
    // Keyboard users skip the header's links (a button: the router owns the URL's hash).
    h(
      'button',
      {
        class: 'skip-link',
        'data-testid': 'skip-link',
        onclick: () => {
          const main = document.querySelector<HTMLElement>('#app main');
          if (main) {
            main.tabIndex = -1;
            main.focus();
          }
        },
      },
      'Skip to content',
    ),
    h('a', { href: '#/lobby', class: 'brand' }, 'Naiko'),
    ...extra,
    h('a', { href: '#/tournaments', 'data-testid': 'nav-tournaments' }, 'Tournaments'),
    h('a', { href: '#/history', 'data-testid': 'nav-history' }, 'Hand history'),
    me?.role === 'admin' && h('a', { href: '#/admin', 'data-testid': 'nav-admin' }, 'Admin'),
    me && h('a', { href: '#/responsible-play', 'data-testid': 'nav-responsible-play' }, 'Responsible play'),
    h('span', { class: 'spacer' }),
    me && h('span', { 'data-testid': 'me' }, me.username),
    me && chipsWidget(),
    h(
      'button',
      {
        class: 'link',
        'data-testid': 'sign-out',
        onclick: () => {
          session.clear();
          navigate('#/lobby');
        },
      },
      'Sign out',
    ),
  );
}

export function lobbyPage(root: HTMLElement): () => void {
  const filters: Filters = { game: '', structure: '', naikoMode: '', seatsFree: '', maxBigBlind: '' };
  let tables: TableSummary[] = [];
  let sng: SngRow[] = [];
  let me: Me | null = session.user;
  let message = '';
  let closed = false;

  const load = async () => {
    const params = new URLSearchParams(Object.entries(filters).filter(([, v]) => v !== '') as [string, string][]);
    try {
      const [tableList, sngRows, currentUser] = await Promise.all([
        api<{ tables: TableSummary[] }>('GET', `/lobby/tables?${params}`),
        api<SngRow[]>('GET', '/sit-and-go').catch(() => [] as SngRow[]),
        api<Me>('GET', '/accounts/me'),
      ]);
      tables = tableList.tables;
      sng = sngRows;
      me = currentUser;
    } catch (err) {
      if (err instanceof ApiError && err.status === 401) {
        session.clear();
        return navigate('#/lobby');
      }
      message = errorMessage(err);
    }
    if (!closed) render();
  };

  const socket = getSocket();
  let pending: ReturnType<typeof setTimeout> | undefined;
  const onTable = () => {
    clearTimeout(pending);
    pending = setTimeout(load, 150);
  };
  socket.on('lobby:table', onTable);
  socket.emit('lobby:watch', {});

  const FILTER_NAMES: Record<keyof Filters, string> = {
    game: 'Game',
    structure: 'Betting structure',
    naikoMode: 'Naiko mode',
    seatsFree: 'Seats free',
    maxBigBlind: 'Maximum big blind',
  };
  const select = (key: keyof Filters, options: [string, string][]) =>
    h(
      'select',
      {
        'data-testid': `filter-${key}`,
        'aria-label': FILTER_NAMES[key],
        onchange: (event: Event) => {
          filters[key] = (event.target as HTMLSelectElement).value;
          void load();
        },
      },
      options.map(([v, label]) => h('option', { value: v, ...(filters[key] === v ? { selected: true } : {}) }, label)),
    );

  const register = async (templateId: string) => {
    try {
      const result = await api<{ instanceId: number }>('POST', `/sit-and-go/${templateId}/register`);
      navigate(`#/sng/${result.instanceId}`);
    } catch (err) {
      message = errorMessage(err);
      render();
    }
  };

  // Built once and reused by every render: a live lobby update must not reset what is being typed.
  const hostForm = hostCreateForm((m) => ((message = m), render()));
  // My private tournaments (issue 23.4): built once, it loads its own list.
  const privateEvents = myPrivateEvents();
  let adminForm: HTMLElement | undefined;
  const maxBigBlind = h('input', {
    'data-testid': 'filter-maxBigBlind',
    type: 'number',
    min: 0,
    placeholder: 'max big blind',
    'aria-label': 'Maximum big blind',
    value: filters.maxBigBlind,
    onchange: (event: Event) => {
      filters.maxBigBlind = (event.target as HTMLInputElement).value;
      void load();
    },
  });

  const jumpTo = (testId: string) =>
    root.querySelector(`[data-testid="${testId}"]`)?.scrollIntoView({ block: 'start' });

  const render = () =>
    keepFocus(() => {
      mount(
        root,
        header(me),
        h(
          'main',
          { class: 'lobby' },
          message && h('p', { class: 'error', role: 'alert' }, message),
          h(
            'section',
            { 'data-testid': 'tables-section' },
            h('h2', {}, 'Tables'),
            h(
              'div',
              { class: 'filters' },
              select('game', [['', 'All games'], ...GAME_IDS.map((g) => [g, GAME_NAMES[g] ?? g] as [string, string])]),
              select('structure', [['', 'All structures'], ...STRUCTURE_IDS.map((s) => [s, s] as [string, string])]),
              select('naikoMode', [
                ['', 'Naiko mode: any'],
                ['true', 'Naiko mode only'],
                ['false', 'No Naiko mode'],
              ]),
              select('seatsFree', [
                ['', 'Any seats free'],
                ['1', '1+ free'],
                ['2', '2+ free'],
                ['4', '4+ free'],
              ]),
              maxBigBlind,
            ),
            h(
              'table',
              { class: 'list', 'data-testid': 'tables' },
              h(
                'thead',
                {},
                h(
                  'tr',
                  {},
                  ['Table', 'Game', 'Stakes', 'Buy-in', 'Seats free', ''].map((c) => h('th', {}, c)),
                ),
              ),
              h(
                'tbody',
                {},
                tables.length === 0 && h('tr', {}, h('td', { colspan: 6, class: 'muted' }, 'No tables match.')),
                tables.map((summary) =>
                  h(
                    'tr',
                    { 'data-testid': 'table-row', 'data-table-id': summary.tableId },
                    h(
                      'td',
                      {},
                      summary.name,
                      summary.naikoMode && h('span', { class: 'badge naiko', 'data-testid': 'naiko-badge' }, 'NAIKO'),
                      summary.private && h('span', { class: 'badge' }, 'private'),
                    ),
                    h(
                      'td',
                      { 'data-label': 'Game' },
                      `${GAME_NAMES[summary.game] ?? summary.game} ${STRUCTURE_NAMES[summary.structure] ?? summary.structure}`,
                    ),
                    h('td', { 'data-label': 'Stakes' }, stakesText(summary.stakes)),
                    h(
                      'td',
                      { 'data-label': 'Buy-in' },
                      `${chips(summary.buyIn.min)}–${summary.buyIn.max === null ? '∞' : chips(summary.buyIn.max)}`,
                    ),
                    h(
                      'td',
                      { 'data-testid': 'seats-free', 'data-label': 'Seats free' },
                      `${summary.seatsFree} of ${summary.seats}`,
                    ),
                    h(
                      'td',
                      { class: 'row-action' },
                      h(
                        'a',
                        { class: 'button', href: `#/table/${summary.tableId}`, 'data-testid': 'open-table' },
                        'Open',
                      ),
                    ),
                  ),
                ),
              ),
            ),
          ),
          h(
            'section',
            { 'data-testid': 'sng-section' },
            h('h2', {}, 'Sit & Go and Spin'),
            h(
              'table',
              { class: 'list', 'data-testid': 'tournaments' },
              h(
                'thead',
                {},
                h(
                  'tr',
                  {},
                  ['Tournament', 'Game', 'Buy-in', 'Stack', 'Registered', ''].map((c) => h('th', {}, c)),
                ),
              ),
              h(
                'tbody',
                {},
                sng.length === 0 && h('tr', {}, h('td', { colspan: 6, class: 'muted' }, 'No Sit & Go offered.')),
                sng.map((row) =>
                  h(
                    'tr',
                    { 'data-testid': 'sng-row', 'data-template-id': row.template.templateId },
                    h(
                      'td',
                      {},
                      row.template.name,
                      row.template.kind === 'spin' && h('span', { class: 'badge spin' }, 'SPIN'),
                    ),
                    h('td', { 'data-label': 'Game' }, GAME_NAMES[row.template.game] ?? row.template.game),
                    h(
                      'td',
                      { 'data-label': 'Buy-in' },
                      `${chips(row.template.buyIn)} + ${chips(row.template.entryFee)}`,
                    ),
                    h('td', { 'data-label': 'Stack' }, chips(row.template.startingStack)),
                    h('td', { 'data-label': 'Registered' }, `${row.open.registered} of ${row.template.seats}`),
                    h(
                      'td',
                      { class: 'row-action' },
                      h('a', { class: 'button secondary', href: `#/sng/${row.open.instanceId}` }, 'Details'),
                      h(
                        'button',
                        { 'data-testid': 'sng-register', onclick: () => register(row.template.templateId) },
                        'Register',
                      ),
                    ),
                  ),
                ),
              ),
            ),
          ),
          hostForm,
          privateEvents,
          // Phones (style.css): a bar at the bottom of the screen, under the thumb, to reach each part
          // of a long lobby without scrolling through it; hidden on wider screens.
          h(
            'nav',
            { class: 'lobby-jump', 'data-testid': 'lobby-jump' },
            h(
              'button',
              { class: 'secondary', 'data-testid': 'jump-tables', onclick: () => jumpTo('tables-section') },
              'Tables',
            ),
            h(
              'button',
              { class: 'secondary', 'data-testid': 'jump-sng', onclick: () => jumpTo('sng-section') },
              'Sit & Go',
            ),
            h(
              'a',
              { class: 'button secondary', href: '#/tournaments', 'data-testid': 'jump-tournaments' },
              'Tournaments',
            ),
          ),
          me?.role === 'admin' &&
            (adminForm ??= adminCreateForm(
              () => void load(),
              (m) => ((message = m), render()),
            )),
        ),
      );
    });

  render();
  void load();
  return () => {
    closed = true;
    clearTimeout(pending);
    socket.off('lobby:table', onTable);
    socket.emit('lobby:unwatch', {});
  };
}

/** Admins open public tables (POST /lobby/tables). */
function adminCreateForm(done: () => void, fail: (m: string) => void): HTMLElement {
  const name = h('input', { 'data-testid': 'new-table-name', value: 'Table', required: true }) as HTMLInputElement;
  const game = h(
    'select',
    { 'data-testid': 'new-table-game' },
    GAME_IDS.map((g) => h('option', { value: g }, GAME_NAMES[g] ?? g)),
  ) as HTMLSelectElement;
  const structure = h(
    'select',
    { 'data-testid': 'new-table-structure' },
    STRUCTURE_IDS.map((s) => h('option', { value: s }, s)),
  ) as HTMLSelectElement;
  const bb = h('input', { type: 'number', 'data-testid': 'new-table-bb', value: 20, min: 2 }) as HTMLInputElement;
  const seats = h('input', {
    type: 'number',
    'data-testid': 'new-table-seats',
    value: 6,
    min: 2,
    max: 10,
  }) as HTMLInputElement;
  const bots = h('input', { type: 'checkbox', 'data-testid': 'new-table-bots', checked: true }) as HTMLInputElement;
  const naiko = h('input', { type: 'checkbox', 'data-testid': 'new-table-naiko' }) as HTMLInputElement;
  const submit = async (ev: Event) => {
    ev.preventDefault();
    const big = Number(bb.value);
    try {
      await api('POST', '/lobby/tables', {
        name: name.value,
        game: game.value,
        structure: structure.value,
        stakes: {
          smallBlind: Math.floor(big / 2),
          bigBlind: big,
          ...(structure.value === 'fixed-limit' ? { smallBet: big, bigBet: big * 2 } : {}),
        },
        buyIn: { min: big * 20, max: big * 100 },
        seats: Number(seats.value),
        botsAllowed: bots.checked,
        naikoMode: naiko.checked,
      });
      done();
    } catch (err) {
      fail(errorMessage(err));
    }
  };
  return h(
    'section',
    { class: 'admin' },
    h('h2', {}, 'Open a public table (admin)'),
    h(
      'form',
      { class: 'inline', onsubmit: submit },
      h('label', {}, 'Name', name),
      h('label', {}, 'Game', game),
      h('label', {}, 'Structure', structure),
      h('label', {}, 'Big blind', bb),
      h('label', {}, 'Seats', seats),
      h('label', {}, bots, 'Bots'),
      h('label', {}, naiko, 'Naiko mode'),
      h('button', { type: 'submit', 'data-testid': 'new-table-submit' }, 'Open table'),
    ),
  );
}

/**
 * Any player hosts a private table (POST /tables/private) and lands on it to invite friends. The
 * home-game options (issue 23) follow the chosen game and structure; the server's refusal is shown
 * in words (the field named: "Straddle: only in No Limit, Pot Limit or Half Pot Limit.").
 */
function hostCreateForm(fail: (m: string) => void): HTMLElement {
  const name = h('input', { 'data-testid': 'private-name', value: 'Home game', required: true }) as HTMLInputElement;
  const game = h(
    'select',
    { 'data-testid': 'private-game', onchange: () => retarget() },
    GAME_IDS.map((g) => h('option', { value: g }, GAME_NAMES[g] ?? g)),
  ) as HTMLSelectElement;
  const structure = h(
    'select',
    { 'data-testid': 'private-structure', onchange: () => retarget() },
    STRUCTURE_IDS.map((s) =>
      h('option', { value: s, ...(s === 'no-limit' ? { selected: true } : {}) }, STRUCTURE_NAMES[s] ?? s),
    ),
  ) as HTMLSelectElement;
  const bb = h('input', { type: 'number', 'data-testid': 'private-bb', value: 20, min: 2 }) as HTMLInputElement;
  const seats = h('input', {
    type: 'number',
    'data-testid': 'private-seats',
    value: 6,
    min: 2,
    max: 10,
  }) as HTMLInputElement;
  const bots = h('input', { type: 'checkbox', 'data-testid': 'private-bots' }) as HTMLInputElement;
  const home = homeGameForm(
    'private-home',
    { game: game.value, structure: structure.value },
    () => Number(bb.value) || 20,
  );
  const retarget = () => home.setTarget({ game: game.value, structure: structure.value });
  const submit = async (ev: Event) => {
    ev.preventDefault();
    const big = Number(bb.value);
    const limit = structure.value === 'fixed-limit' || structure.value === 'spread-limit';
    const homeGame = home.value();
    try {
      const created = await api<TableSummary>('POST', '/tables/private', {
        name: name.value,
        game: game.value,
        structure: structure.value,
        stakes: {
          smallBlind: Math.floor(big / 2),
          bigBlind: big,
          ...(structure.value === 'fixed-limit' ? { smallBet: big, bigBet: big * 2 } : {}),
        },
        buyIn: { min: big * 20, max: limit ? null : big * 100 },
        seats: Number(seats.value),
        botsAllowed: bots.checked,
        ...(homeGame ? { homeGame } : {}),
      });
      navigate(`#/table/${created.tableId}`);
    } catch (err) {
      fail(errorMessage(err));
    }
  };
  return h(
    'section',
    { class: 'host' },
    h('h2', {}, 'Host a private table'),
    h(
      'form',
      { class: 'inline', onsubmit: submit, 'data-testid': 'private-form' },
      h('label', {}, 'Name', name),
      h('label', {}, 'Game', game),
      h('label', {}, 'Structure', structure),
      h('label', {}, 'Big blind', bb),
      h('label', {}, 'Seats', seats),
      h('label', {}, bots, 'Bots'),
      home.el,
      h('button', { type: 'submit', 'data-testid': 'private-create' }, 'Create private table'),
    ),
  );
}
