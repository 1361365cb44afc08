// A Sit & Go / Spin lobby: registration, entrants and standings, the level clock, the prize pool,
// the Spin multiplier once drawn; live over `sitAndGoWatch` → `sitAndGoUpdate`. Once it runs, a
// registered player takes his seat at its table (`#/table/<tableId>`, the table page) and plays
// there like at a tournament table; anyone else can watch it.
import type { SitAndGoView } from '@naiko/contracts';
import { api, getSocket, session } from '../api';
import { h, keepFocus, mount } from '../dom';
import { chips } from '../format';
import { header } from './lobby';
import { sayNow } from '../a11y/live-region';

interface Prizes {
  prizeTable?: { places: string; percent: string; chipsEach: number | null }[];
  spinTable?: { name: string; entries: { multiplier: number; weight: number; splitPpm: number[] }[] };
}

export function sitAndGoPage(root: HTMLElement, [id]: string[]): () => void {
  const instanceId = Number(id);
  const socket = getSocket();
  const me = session.user;
  let view: SitAndGoView | null = null;
  let error = '';
  let prizes: Prizes | null = null;
  let blindSteps: { kind: string; smallBlind?: number; bigBlind?: number; ante?: number; durationMs: number }[] = [];
  let told = false;
  const onUpdate = (sitAndGoView: SitAndGoView) => {
    if (sitAndGoView.instanceId !== instanceId) return;
    view = sitAndGoView;
    // A screen reader hears when the Sit & Go starts and his seat is ready.
    const mine = sitAndGoView.standings.find((s) => s.userId === me?.id);
    if (!told && sitAndGoView.tableId && sitAndGoView.phase === 'running' && mine && mine.place === null) {
      told = true;
      sayNow('The Sit & Go is running: take your seat with the button on this page.');
    }
    render();
  };
  socket.on('sitAndGoUpdate', onUpdate);
  const watch = () => socket.emit('sitAndGoWatch', { instanceId });
  socket.on('connect', watch);
  if (socket.connected) watch();
  // A private Sit & Go (issue 23.4) is not public: its host and invitees read it under /private-events.
  void api<SitAndGoView>('GET', `/sit-and-go/instances/${instanceId}`)
    .catch(() => api<SitAndGoView>('GET', `/private-events/sng/${instanceId}`))
    .then(async (view) => {
      onUpdate(view);
      // The template's published terms: prize table (or Spin multipliers) and blind structure.
      const rows = await api<
        { template: { templateId: string; blindStructure?: { steps: typeof blindSteps } }; prizes: Prizes }[]
      >('GET', '/sit-and-go');
      const row = rows.find((r) => r.template.templateId === view.templateId);
      if (row) {
        prizes = row.prizes;
        blindSteps = row.template.blindStructure?.steps ?? [];
        render();
      }
    })
    .catch((e: unknown) => ((error = String(e)), render()));
  const timer = setInterval(() => {
    const el = root.querySelector('[data-testid="level-clock"]');
    if (el && view?.clock) el.textContent = levelClock(view);
  }, 500);

  const levelClock = (view: SitAndGoView) => {
    const clock = view.clock!;
    const left = clock.nextStepAt === null ? null : Math.max(0, Math.ceil((clock.nextStepAt - Date.now()) / 1000));
    return `${clock.kind === 'break' ? 'Break' : `Level ${clock.levelNumber}: ${chips(clock.smallBlind)}/${chips(clock.bigBlind)}${clock.ante ? ` ante ${chips(clock.ante)}` : ''}`}${left === null ? '' : ` · next in ${left} s`}`;
  };

  const unregister = async () => {
    try {
      await api('POST', `/sit-and-go/instances/${instanceId}/unregister`);
    } catch (error2) {
      error = error2 instanceof Error ? error2.message : String(error2);
      render();
    }
  };

  // Live updates redraw the page: keepFocus gives a keyboard user his place back.
  const render = () =>
    keepFocus(() => {
      const current = view;
      const mine = current?.standings.find((s) => s.userId === me?.id);
      mount(
        root,
        header(me, [h('a', { href: '#/lobby' }, '← Lobby')]),
        h(
          'main',
          { class: 'sng', 'data-testid': 'sng-page' },
          error && h('p', { class: 'error' }, error),
          !current
            ? h('p', {}, 'Loading…')
            : [
                h(
                  'h2',
                  {},
                  current.name,
                  ' #',
                  current.instanceNumber,
                  current.kind === 'spin' && h('span', { class: 'badge spin' }, 'SPIN'),
                ),
                h(
                  'p',
                  { 'data-testid': 'sng-phase', 'data-phase': current.phase },
                  `Status: ${current.phase} · ${current.registered} of ${current.seats} registered · buy-in ${chips(current.buyIn)} + ${chips(current.entryFee)} · stack ${chips(current.startingStack)}`,
                ),
                // The prize table is computed on the full field (a Sit & Go starts only when full), so the
                // pool shown next to it is the full field's too, with what is in so far beside it.
                h(
                  'p',
                  { 'data-testid': 'prize-pool' },
                  current.kind === 'sit-and-go' && (current.phase === 'registering' || current.phase === 'starting')
                    ? `Prize pool ${chips(current.buyIn * current.seats)} when all ${current.seats} seats are filled (${chips(current.prizePool)} in so far)`
                    : `Prize pool ${chips(current.prizePool)}`,
                ),
                current.spin &&
                  h(
                    'p',
                    { 'data-testid': 'spin-multiplier', class: current.spin.multiplier ? 'reveal' : '' },
                    current.spin.multiplier
                      ? `Multiplier ×${current.spin.multiplier}`
                      : 'Multiplier drawn at the start',
                    current.spin.commitment &&
                      h('span', { class: 'muted' }, ` · commitment ${current.spin.commitment.slice(0, 16)}…`),
                  ),
                current.clock && h('p', { 'data-testid': 'level-clock' }, levelClock(current)),
                h('p', { class: 'muted' }, `Hands played: ${current.handsPlayed}`),
                // The main action, at the bottom of the screen on a phone (style.css .thumb-bar).
                h(
                  'div',
                  { class: 'thumb-bar', 'data-testid': 'sng-actions' },
                  mine &&
                    current.phase === 'registering' &&
                    h(
                      'button',
                      { 'data-testid': 'sng-unregister', class: 'secondary', onclick: unregister },
                      'Unregister',
                    ),
                  // Once it runs, the hands are played at its table (the table page, like a tournament's).
                  current.tableId &&
                    current.phase === 'running' &&
                    (mine && mine.place === null
                      ? h(
                          'a',
                          { class: 'button', href: `#/table/${current.tableId}`, 'data-testid': 'sng-take-seat' },
                          'Take your seat',
                        )
                      : h(
                          'a',
                          {
                            class: 'button secondary',
                            href: `#/table/${current.tableId}`,
                            'data-testid': 'sng-watch-table',
                          },
                          'Watch the table',
                        )),
                ),
                prizes?.prizeTable &&
                  h(
                    'table',
                    { class: 'list', 'data-testid': 'prize-table' },
                    h(
                      'thead',
                      {},
                      h(
                        'tr',
                        {},
                        ['Place', 'Share', 'Prize'].map((c) => h('th', {}, c)),
                      ),
                    ),
                    h(
                      'tbody',
                      {},
                      prizes.prizeTable.map((row) =>
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
                prizes?.spinTable &&
                  h(
                    'table',
                    { class: 'list', 'data-testid': 'spin-table' },
                    h(
                      'thead',
                      {},
                      h(
                        'tr',
                        {},
                        ['Multiplier', 'Chance', 'Split'].map((c) => h('th', {}, c)),
                      ),
                    ),
                    h(
                      'tbody',
                      {},
                      (() => {
                        const total = prizes.spinTable.entries.reduce((t, e) => t + e.weight, 0);
                        return prizes.spinTable.entries.map((entry) =>
                          h(
                            'tr',
                            { class: current.spin?.multiplier === entry.multiplier ? 'mine' : '' },
                            h('td', {}, `×${entry.multiplier}`),
                            h('td', {}, `${((entry.weight / total) * 100).toFixed(4)}%`),
                            h('td', {}, entry.splitPpm.map((p) => `${p / 10_000}%`).join(' / ')),
                          ),
                        );
                      })(),
                    ),
                  ),
                blindSteps.length > 0 &&
                  h(
                    'details',
                    { 'data-testid': 'structure' },
                    h('summary', {}, `Blind structure (${blindSteps.length} steps)`),
                    h(
                      'ol',
                      {},
                      blindSteps.map((step) =>
                        h(
                          'li',
                          {},
                          step.kind === 'break'
                            ? `Break ${Math.round(step.durationMs / 1000)} s`
                            : `${chips(step.smallBlind ?? 0)}/${chips(step.bigBlind ?? 0)}${step.ante ? ` ante ${chips(step.ante)}` : ''} · ${Math.round(step.durationMs / 1000)} s`,
                        ),
                      ),
                    ),
                  ),
                h('h3', {}, 'Entrants'),
                h(
                  'table',
                  { class: 'list', 'data-testid': 'standings' },
                  h(
                    'thead',
                    {},
                    h(
                      'tr',
                      {},
                      ['Player', 'Seat', 'Stack', 'Place', 'Prize'].map((c) => h('th', {}, c)),
                    ),
                  ),
                  h(
                    'tbody',
                    {},
                    current.standings.map((standing) =>
                      h(
                        'tr',
                        { 'data-testid': 'entrant', class: standing.userId === me?.id ? 'mine' : '' },
                        h('td', {}, standing.username, standing.userId === me?.id && ' (you)'),
                        h('td', {}, standing.seat === null ? '' : standing.seat + 1),
                        h('td', {}, chips(standing.stack)),
                        h('td', { 'data-testid': 'place' }, standing.place ?? ''),
                        h('td', {}, standing.prize ? chips(standing.prize) : ''),
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
    socket.off('sitAndGoUpdate', onUpdate);
    socket.off('connect', watch);
  };
}
