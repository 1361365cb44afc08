// Admin page: schedule, edit and cancel tournaments (the tournaments admin API: POST/PATCH/DELETE
// /tournaments), and the running tables and tournaments at a glance.
import type { ChatReportView, TableSummary } from '@naiko/contracts';
import { api, session } from '../api';
import { h, keepFocus, mount } from '../dom';
import { actionRunner, errorMessage } from '../errors';
import { chips, GAME_NAMES, stakesText } from '../format';
import { header } from './lobby';
import { tournamentExtrasForm } from '../components/tournament-extras-form';
import { structureEditor } from '../components/structure-editor';

interface TournamentSummary {
  tournamentId: number;
  name: string;
  status: string;
  /** Null: no start time (it starts when full). */
  startsAt: string | null;
  registrationOpensAt: string;
  settings: { buyIn?: number; fee?: number; startingStack?: number; game?: string };
}
/** GET /tournaments/:id/runner: what fails right now in the runner or at a table (this server process). */
interface RunnerView {
  faults: { source: string; message: string; count: number; since: string }[];
  handTx: { p99Ms: number };
}

/** A plain turbo structure: 10-minute levels, blinds up by about half each level, antes from level 4. */
function defaultStructure() {
  const bbs = [20, 30, 40, 60, 80, 100, 150, 200, 300, 400, 600, 800, 1000, 1500, 2000];
  return {
    name: 'Standard',
    steps: bbs.map((bb, index) => ({
      kind: 'level' as const,
      smallBlind: bb / 2,
      bigBlind: bb,
      ante: index >= 3 ? bb / 10 : 0,
      anteKind: index >= 3 ? ('ante' as const) : ('none' as const),
      durationMs: 600_000,
    })),
  };
}

export function adminPage(root: HTMLElement): () => void {
  const me = session.user;
  let tournaments: TournamentSummary[] = [];
  let tables: TableSummary[] = [];
  let runners = new Map<number, RunnerView>();
  /** Issue 23: table chat messages players reported (GET /admin/chat-reports). */
  let chatReports: ChatReportView[] = [];
  let message = '';
  let closed = false;
  const load = async () => {
    try {
      [tournaments, { tables }] = await Promise.all([
        api<TournamentSummary[]>('GET', '/tournaments'),
        api<{ tables: TableSummary[] }>('GET', '/lobby/tables'),
      ]);
      // Running tournaments: the runner's faults (a failing runner or a table that cannot deal).
      const running = tournaments.filter((t) => t.status === 'running');
      const views = await Promise.all(
        running.map((t) => api<RunnerView>('GET', `/tournaments/${t.tournamentId}/runner`).catch(() => null)),
      );
      runners = new Map(running.flatMap((t, i) => (views[i] ? [[t.tournamentId, views[i]!] as const] : [])));
      chatReports = (await api<{ reports: ChatReportView[] }>('GET', '/admin/chat-reports')).reports;
    } catch (error) {
      message = errorMessage(error);
    }
    if (!closed) render();
  };
  const run = actionRunner((m) => (message = m), load);
  // The form is built once: a re-render (after every change) keeps what the admin typed.
  const name = h('input', { 'data-testid': 't-name', value: 'Sunday Special', required: true }) as HTMLInputElement;
  const startsAt = h('input', {
    type: 'datetime-local',
    'data-testid': 't-starts',
    value: new Date(Date.now() + 3_600_000 - new Date().getTimezoneOffset() * 60_000).toISOString().slice(0, 16),
  }) as HTMLInputElement;
  const buyIn = h('input', { type: 'number', 'data-testid': 't-buyin', value: 100, min: 0 }) as HTMLInputElement;
  const fee = h('input', { type: 'number', 'data-testid': 't-fee', value: 10, min: 0 }) as HTMLInputElement;
  const stack = h('input', { type: 'number', 'data-testid': 't-stack', value: 3000, min: 1 }) as HTMLInputElement;
  const maxEntrants = h('input', { type: 'number', 'data-testid': 't-max', value: 90, min: 2 }) as HTMLInputElement;
  // Starts the moment the last entry is taken (or at the start time): no late registration then.
  const whenFull = h('input', { type: 'checkbox', 'data-testid': 't-when-full' }) as HTMLInputElement;
  const extras = tournamentExtrasForm(); // issue 25: bounty, rebuys and add-on, satellite
  // Issue 25: templates, suggested levels and every level editable; the plain default until one is loaded.
  const editor = structureEditor(
    () => Number(stack.value) || 1,
    (m) => ((message = m), render()),
  );
  const schedule = (event: Event) => {
    event.preventDefault();
    const starts = new Date(startsAt.value);
    // Starting when full, the start time may be left empty: it then starts when full and only then.
    const noStartTime = whenFull.checked && !startsAt.value.trim();
    // Refused here with words that say what to do (the server refuses the same, issue 22).
    const amount = (v: string) => (/^\d+$/.test(v.trim()) ? Number(v) : NaN);
    const problem = !name.value.trim()
      ? 'Name must not be blank: give the tournament a name.'
      : Number.isNaN(starts.getTime()) && !noStartTime
        ? 'Start time: enter a valid date and time (or leave it empty with "Start when full").'
        : !(amount(buyIn.value) <= 10_000_000)
          ? 'Buy-in must be a whole number between 0 and 10,000,000.'
          : !(amount(fee.value) <= 10_000_000)
            ? 'Fee must be a whole number between 0 and 10,000,000.'
            : !(amount(stack.value) >= 1 && amount(stack.value) <= 100_000_000)
              ? 'Starting stack must be a whole number between 1 and 100,000,000.'
              : !(amount(maxEntrants.value) >= 2 && amount(maxEntrants.value) <= 10_000)
                ? 'Max entrants must be a whole number between 2 and 10,000.'
                : '';
    const more = extras.read();
    const edited = editor.element.querySelector('[data-testid="se-row"]') ? editor.structure() : defaultStructure();
    if (!problem && typeof edited === 'string') {
      message = edited;
      render();
      return;
    }
    if (problem || 'problem' in more) {
      message = problem || ('problem' in more ? more.problem : '');
      render();
      return;
    }
    void run(
      () =>
        api('POST', '/tournaments', {
          name: name.value.trim(),
          game: 'holdem',
          bettingStructure: 'no-limit',
          ...(noStartTime ? {} : { startsAt: starts.toISOString() }),
          registrationOpensAt: new Date().toISOString(),
          lateRegistrationUntilLevel: whenFull.checked ? 0 : 3,
          ...(whenFull.checked ? { startWhenFull: true } : {}),
          minEntrants: 2,
          maxEntrants: Number(maxEntrants.value),
          buyIn: Number(buyIn.value),
          fee: Number(fee.value),
          startingStack: Number(stack.value),
          blindStructure: edited,
          tableSize: 9,
          reEntry: false,
          clock: { decisionMs: 20_000, reconnectMs: 60_000 },
          ...more.value,
        }),
      `${name.value} scheduled`,
    );
  };
  const render = () =>
    keepFocus(() => {
      mount(
        root,
        header(me),
        h(
          'main',
          { 'data-testid': 'admin' },
          h(
            'p',
            {},
            h(
              'a',
              { href: '#/admin/fair-play', 'data-testid': 'nav-fair-play' },
              'Fair play review: flags, reports, actions',
            ),
          ),
          message && h('p', { 'data-testid': 'admin-message', role: 'status' }, message),
          h(
            'section',
            {},
            h('h2', {}, 'Schedule a tournament'),
            h(
              'form',
              { class: 'inline', onsubmit: schedule },
              h('label', {}, 'Name', name),
              h('label', {}, 'Starts', startsAt),
              h('label', {}, 'Buy-in', buyIn),
              h('label', {}, 'Fee', fee),
              h('label', {}, 'Stack', stack),
              h('label', {}, 'Max entrants', maxEntrants),
              h('label', {}, whenFull, ' Start when full'),
              extras.el,
              editor.element,
              h('button', { type: 'submit', 'data-testid': 't-submit' }, 'Schedule'),
            ),
          ),
          h(
            'section',
            {},
            h('h2', {}, 'Tournaments'),
            h(
              'table',
              { class: 'list', 'data-testid': 'admin-tournaments' },
              h(
                'thead',
                {},
                h(
                  'tr',
                  {},
                  ['Name', 'Status', 'Starts', 'Buy-in', 'Faults', ''].map((c) => h('th', {}, c)),
                ),
              ),
              h(
                'tbody',
                {},
                tournaments.map((summary) => {
                  const rename = h('input', {
                    value: summary.name,
                    'data-testid': 't-rename',
                    size: 18,
                    'aria-label': `New name for ${summary.name}`,
                  }) as HTMLInputElement;
                  return h(
                    'tr',
                    { 'data-testid': 'admin-tournament', 'data-status': summary.status },
                    h('td', {}, summary.name),
                    h('td', { 'data-testid': 't-status' }, summary.status),
                    h('td', {}, summary.startsAt ? new Date(summary.startsAt).toLocaleString() : 'when full'),
                    h('td', {}, `${chips(summary.settings.buyIn ?? 0)} + ${chips(summary.settings.fee ?? 0)}`),
                    h(
                      'td',
                      { 'data-testid': 't-faults' },
                      (runners.get(summary.tournamentId)?.faults ?? []).map((fault) =>
                        h(
                          'div',
                          { class: 'fault' },
                          `${fault.source}: ${fault.message} (×${fault.count} since ${new Date(fault.since).toLocaleTimeString()})`,
                        ),
                      ),
                    ),
                    h(
                      'td',
                      {},
                      rename,
                      h(
                        'button',
                        {
                          class: 'small',
                          'data-testid': 't-rename-save',
                          onclick: () =>
                            void run(
                              () => api('PATCH', `/tournaments/${summary.tournamentId}`, { name: rename.value }),
                              'Saved',
                            ),
                        },
                        'Rename',
                      ),
                      // Issue 25: the director pauses (the clock stops, no new hand) and resumes a running tournament.
                      summary.status === 'running' &&
                        ['pause', 'resume'].map((what) =>
                          h(
                            'button',
                            {
                              class: 'small',
                              'data-testid': `t-${what}`,
                              onclick: () =>
                                void run(
                                  () => api('POST', `/tournaments/${summary.tournamentId}/${what}`),
                                  `${summary.name}: ${what}d`,
                                ),
                            },
                            what === 'pause' ? 'Pause' : 'Resume',
                          ),
                        ),
                      h(
                        'button',
                        {
                          class: 'secondary',
                          'data-testid': 't-cancel',
                          onclick: () =>
                            void run(
                              () => api('DELETE', `/tournaments/${summary.tournamentId}`),
                              `${summary.name} cancelled`,
                            ),
                        },
                        'Cancel',
                      ),
                    ),
                  );
                }),
              ),
            ),
          ),
          h(
            'section',
            {},
            h('h2', {}, 'Chat reports'),
            chatReports.length === 0
              ? h('p', { class: 'muted', 'data-testid': 'admin-chat-reports-empty' }, 'No chat message reported.')
              : h(
                  'table',
                  { class: 'list', 'data-testid': 'admin-chat-reports' },
                  h(
                    'thead',
                    {},
                    h(
                      'tr',
                      {},
                      ['When', 'Table', 'Player', 'Message', 'Reported by', 'Reason'].map((c) => h('th', {}, c)),
                    ),
                  ),
                  h(
                    'tbody',
                    {},
                    chatReports.map((report) =>
                      h(
                        'tr',
                        { 'data-testid': 'admin-chat-report' },
                        h('td', {}, new Date(report.saidAt).toLocaleString()),
                        h('td', {}, h('a', { href: `#/table/${report.tableId}` }, report.tableId.slice(0, 8))),
                        h('td', {}, report.playerName),
                        h('td', { 'data-testid': 'admin-chat-report-text' }, report.text),
                        h('td', {}, report.reporterName),
                        h('td', {}, report.reason ?? ''),
                      ),
                    ),
                  ),
                ),
          ),
          h(
            'section',
            {},
            h('h2', {}, 'Running tables'),
            h(
              'table',
              { class: 'list' },
              h(
                'tbody',
                {},
                tables.map((summary) =>
                  h(
                    'tr',
                    {},
                    h('td', {}, h('a', { href: `#/table/${summary.tableId}` }, summary.name)),
                    h('td', {}, GAME_NAMES[summary.game] ?? summary.game),
                    h('td', {}, stakesText(summary.stakes)),
                    h('td', {}, `${summary.seated} seated · ${summary.handsPlayed} hands`),
                  ),
                ),
              ),
            ),
          ),
        ),
      );
    });
  render();
  void load();
  return () => {
    closed = true;
  };
}
