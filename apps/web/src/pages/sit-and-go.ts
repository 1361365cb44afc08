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
  const onUpdate = (v: SitAndGoView) => {
    if (v.instanceId !== instanceId) return;
    view = v;
    // A screen reader hears when the Sit & Go starts and his seat is ready.
    const mine = v.standings.find((s) => s.userId === me?.id);
    if (!told && v.tableId && v.phase === 'running' && mine && mine.place === null) {
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
    .then(async (v) => {
      onUpdate(v);
      // The template's published terms: prize table (or Spin multipliers) and blind structure.
      const rows = await api<
        { template: { templateId: string; blindStructure?: { steps: typeof blindSteps } }; prizes: Prizes }[]
      >('GET', '/sit-and-go');
      const row = rows.find((r) => r.template.templateId === v.templateId);
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

  const levelClock = (v: SitAndGoView) => {
    const c = v.clock!;
    const left = c.nextStepAt === null ? null : Math.max(0, Math.ceil((c.nextStepAt - Date.now()) / 1000));
    return `${c.kind === 'break' ? 'Break' : `Level ${c.levelNumber}: ${chips(c.smallBlind)}/${chips(c.bigBlind)}${c.ante ? ` ante ${chips(c.ante)}` : ''}`}${left === null ? '' : ` · next in ${left} s`}`;
  };

  const unregister = async () => {
    try {
      await api('POST', `/sit-and-go/instances/${instanceId}/unregister`);
    } catch (e) {
      error = e instanceof Error ? e.message : String(e);
      render();
    }
  };

  // Live updates redraw the page: keepFocus gives a keyboard user his place back.
  const render = () =>
    keepFocus(() => {
      const v = view;
      const mine = v?.standings.find((s) => s.userId === me?.id);
      mount(
        root,
        header(me, [h('a', { href: '#/lobby' }, '← Lobby')]),
        h(
          'main',
          { class: 'sng', 'data-testid': 'sng-page' },
          error && h('p', { class: 'error' }, error),
          !v
            ? h('p', {}, 'Loading…')
            : [
                h(
                  'h2',
                  {},
                  v.name,
                  ' #',
                  v.instanceNumber,
                  v.kind === 'spin' && h('span', { class: 'badge spin' }, 'SPIN'),
                ),
                h(
                  'p',
                  { 'data-testid': 'sng-phase', 'data-phase': v.phase },
                  `Status: ${v.phase} · ${v.registered} of ${v.seats} registered · buy-in ${chips(v.buyIn)} + ${chips(v.entryFee)} · stack ${chips(v.startingStack)}`,
                ),
                // The prize table is computed on the full field (a Sit & Go starts only when full), so the
                // pool shown next to it is the full field's too, with what is in so far beside it.
                h(
                  'p',
                  { 'data-testid': 'prize-pool' },
                  v.kind === 'sit-and-go' && (v.phase === 'registering' || v.phase === 'starting')
                    ? `Prize pool ${chips(v.buyIn * v.seats)} when all ${v.seats} seats are filled (${chips(v.prizePool)} in so far)`
                    : `Prize pool ${chips(v.prizePool)}`,
                ),
                v.spin &&
                  h(
                    'p',
                    { 'data-testid': 'spin-multiplier', class: v.spin.multiplier ? 'reveal' : '' },
                    v.spin.multiplier ? `Multiplier ×${v.spin.multiplier}` : 'Multiplier drawn at the start',
                    v.spin.commitment &&
                      h('span', { class: 'muted' }, ` · commitment ${v.spin.commitment.slice(0, 16)}…`),
                  ),
                v.clock && h('p', { 'data-testid': 'level-clock' }, levelClock(v)),
                h('p', { class: 'muted' }, `Hands played: ${v.handsPlayed}`),
                // The main action, at the bottom of the screen on a phone (style.css .thumb-bar).
                h(
                  'div',
                  { class: 'thumb-bar', 'data-testid': 'sng-actions' },
                  mine &&
                    v.phase === 'registering' &&
                    h(
                      'button',
                      { 'data-testid': 'sng-unregister', class: 'secondary', onclick: unregister },
                      'Unregister',
                    ),
                  // Once it runs, the hands are played at its table (the table page, like a tournament's).
                  v.tableId &&
                    v.phase === 'running' &&
                    (mine && mine.place === null
                      ? h(
                          'a',
                          { class: 'button', href: `#/table/${v.tableId}`, 'data-testid': 'sng-take-seat' },
                          'Take your seat',
                        )
                      : h(
                          'a',
                          { class: 'button secondary', href: `#/table/${v.tableId}`, 'data-testid': 'sng-watch-table' },
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
                      prizes.prizeTable.map((r) =>
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
                        return prizes.spinTable.entries.map((e) =>
                          h(
                            'tr',
                            { class: v.spin?.multiplier === e.multiplier ? 'mine' : '' },
                            h('td', {}, `×${e.multiplier}`),
                            h('td', {}, `${((e.weight / total) * 100).toFixed(4)}%`),
                            h('td', {}, e.splitPpm.map((p) => `${p / 10_000}%`).join(' / ')),
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
                      blindSteps.map((b) =>
                        h(
                          'li',
                          {},
                          b.kind === 'break'
                            ? `Break ${Math.round(b.durationMs / 1000)} s`
                            : `${chips(b.smallBlind ?? 0)}/${chips(b.bigBlind ?? 0)}${b.ante ? ` ante ${chips(b.ante)}` : ''} · ${Math.round(b.durationMs / 1000)} s`,
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
                    v.standings.map((s) =>
                      h(
                        'tr',
                        { 'data-testid': 'entrant', class: s.userId === me?.id ? 'mine' : '' },
                        h('td', {}, s.username, s.userId === me?.id && ' (you)'),
                        h('td', {}, s.seat === null ? '' : s.seat + 1),
                        h('td', {}, chips(s.stack)),
                        h('td', { 'data-testid': 'place' }, s.place ?? ''),
                        h('td', {}, s.prize ? chips(s.prize) : ''),
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
