// Hand history: the player's finished hands (GET /me/hands), a step-by-step replay of one hand from
// its events as this player may see them (GET /me/hands/:id), and the PHH download (GET .../phh).
import { api, ApiError, authFetch, session } from '../api';
import { cardEl, cardText } from '../cards';
import { h, keepFocus, mount } from '../dom';
import { chips, GAME_NAMES } from '../format';
import { header } from './lobby';
import { describeEvents } from '../a11y/speech';

/** Home-game events (issue 23), said in the table's own words (apps/web/src/a11y/speech.ts). */
const HOME_EVENTS = new Set([
  'x-board-dealt',
  'x-run-twice-offered',
  'x-run-twice-answer',
  'x-run-twice',
  'x-winner-shows',
  'x-rabbit-hunt',
  'x-seven-deuce-bounty',
]);
const FORCED_NAMES: Record<string, string> = { straddle: 'a straddle', 'bomb-pot-ante': 'the bomb-pot ante' };

interface HandListRow {
  id: string;
  tableId: string | null;
  tournamentId: string | null;
  handNumber: number | null;
  variant: string | null;
  structure: string | null;
  startedAt: string;
}
interface HandDetail {
  id: string;
  handNumber: number | null;
  seat: number;
  config: { variant: string; structure: string; button: number; seats: { seat: number; stack: number }[] };
  players: { seat: number; name: string; isBot: boolean }[];
  events: { type: string; [k: string]: unknown }[];
}

export function historyPage(root: HTMLElement): void {
  const me = session.user;
  mount(root, header(me), h('main', {}, h('p', {}, 'Loading…')));
  void api<{ hands: HandListRow[] }>('GET', '/me/hands').then(({ hands }) =>
    mount(
      root,
      header(me),
      h(
        'main',
        { 'data-testid': 'history' },
        h('h2', {}, 'Your hands'),
        hands.length === 0 && h('p', { class: 'muted' }, 'No finished hands yet.'),
        h(
          'table',
          { class: 'list' },
          h(
            'thead',
            {},
            h(
              'tr',
              {},
              ['When', 'Game', 'Hand', ''].map((c) => h('th', {}, c)),
            ),
          ),
          h(
            'tbody',
            {},
            hands.map((row) =>
              h(
                'tr',
                { 'data-testid': 'history-row' },
                h('td', {}, new Date(row.startedAt).toLocaleString()),
                h('td', {}, `${GAME_NAMES[row.variant ?? ''] ?? row.variant} ${row.structure ?? ''}`),
                h('td', {}, row.handNumber !== null ? `#${row.handNumber}` : ''),
                h(
                  'td',
                  {},
                  h('a', { class: 'button', href: `#/history/${row.id}`, 'data-testid': 'history-open' }, 'Replay'),
                ),
              ),
            ),
          ),
        ),
      ),
    ),
  );
}

export function handReplayPage(root: HTMLElement, [id, source]: string[]): void {
  const me = session.user;
  let hand: HandDetail | null = null;
  let step = 0;
  let message = '';
  const nameOf = (seat: number) => hand?.players.find((p) => p.seat === seat)?.name ?? `seat ${seat + 1}`;
  const line = (event: HandDetail['events'][number]): string | null => {
    switch (event.type) {
      case 'hand-started':
        return `Hand starts, button ${nameOf(event.button as number)}`;
      case 'forced-bet':
        return `${nameOf(event.seat as number)} posts ${FORCED_NAMES[event.kind as string] ?? event.kind} ${chips(event.amount as number)}${event.allIn ? ' (all-in)' : ''}`;
      case 'hole-dealt':
        return `${nameOf(event.seat as number)} is dealt ${(event.cards as (number | null)[]).map((c) => (c === null ? '??' : cardText(c))).join(' ')}`;
      case 'board-dealt':
        return `Board: ${(event.cards as number[]).map(cardText).join(' ')}`;
      case 'action':
        return `${nameOf(event.seat as number)} ${event.action}${(event.amount as number) > 0 ? ` ${chips(event.to as number)}` : ''}${event.allIn ? ' (all-in)' : ''}`;
      case 'hand-shown':
        return `${nameOf(event.seat as number)} shows ${(event.cards as number[]).map(cardText).join(' ')}`;
      case 'hand-mucked':
        return `${nameOf(event.seat as number)} mucks`;
      // Two boards (run it twice, a double-board bomb pot): each share names its board.
      case 'pot-awarded':
        return (event.shares as { seat: number; amount: number; half: string; board?: number }[])
          .map(
            (s) =>
              `${nameOf(s.seat)} wins ${chips(s.amount)}${s.half !== 'whole' ? ` (${s.half})` : ''}${s.board ? ` on board ${s.board}` : ''}`,
          )
          .join(', ');
      case 'x-winner-shows':
        return event.show ? null : `${nameOf(event.seat as number)} wins without showing`;
      case 'uncalled-bet-returned':
        return `${chips(event.amount as number)} returned to ${nameOf(event.seat as number)}`;
      case 'street-started':
        return `— ${event.name} —`;
      default:
        if (HOME_EVENTS.has(event.type)) return describeEvents([event], { nameOf, you: hand?.seat ?? null })[0] ?? null;
        return event.type.startsWith('x-')
          ? `${event.type.slice(2)}${typeof event.seat === 'number' ? ` by ${nameOf(event.seat)}` : ''}`
          : null;
    }
  };
  // The PHH text, or the deal proof (issue 19: openings of the cards you saw, the seed once disclosed),
  // which `npm run -s verify-hand -- FILE` checks.
  const download = async (what: 'phh' | 'proof' = 'phh') => {
    const res = await authFetch(`/me/hands/${id}/${what}`);
    if (!res.ok) {
      message = `${what === 'phh' ? 'PHH export' : 'Deal proof'} refused: ${((await res.json()) as { message?: string }).message ?? res.status}`;
      return render();
    }
    const url = URL.createObjectURL(await res.blob());
    const link = h('a', {
      href: url,
      download: what === 'phh' ? `naiko-hand-${id}.phh` : `naiko-hand-${id}.proof.json`,
    });
    document.body.append(link);
    link.click();
    link.remove();
    setTimeout(() => URL.revokeObjectURL(url), 1000);
  };
  const render = () =>
    keepFocus(() => {
      if (!hand) return;
      const lines = hand.events.map(line).filter((l): l is string => l !== null);
      const shownEvents = hand.events.slice(0, step);
      const board = shownEvents.filter((e) => e.type === 'board-dealt').flatMap((e) => e.cards as number[]);
      // Home games: the second board (run twice, double-board bomb pot) and the rabbit hunt's cards.
      const board2 = shownEvents.filter((e) => e.type === 'x-board-dealt').flatMap((e) => e.cards as number[]);
      const rabbit = shownEvents.filter((e) => e.type === 'x-rabbit-hunt').flatMap((e) => e.cards as number[]);
      const mine = hand.events.find((e) => e.type === 'hole-dealt' && e.seat === hand!.seat);
      const visible = shownEvents.map(line).filter((l): l is string => l !== null);
      mount(
        root,
        header(me, [h('a', { href: '#/history' }, '← Hands')]),
        h(
          'main',
          { 'data-testid': 'replay' },
          h(
            'h2',
            {},
            `Hand ${hand.handNumber !== null ? `#${hand.handNumber}` : ''} — ${GAME_NAMES[hand.config.variant] ?? hand.config.variant}`,
          ),
          message && h('p', { class: 'error', 'data-testid': 'replay-error' }, message),
          h(
            'div',
            {},
            'Your cards: ',
            mine ? (mine.cards as (number | null)[]).map((c) => cardEl(c)) : '—',
            ' · Board: ',
            h(
              'span',
              { 'data-testid': 'replay-board' },
              board.map((c) => cardEl(c)),
            ),
            board2.length > 0 && [
              ' · Board 2: ',
              h(
                'span',
                { 'data-testid': 'replay-board2' },
                board2.map((c) => cardEl(c)),
              ),
            ],
            rabbit.length > 0 && [
              ' · ',
              h(
                'span',
                { class: 'rabbit', 'data-testid': 'replay-rabbit' },
                'rabbit hunt ',
                rabbit.map((c) => cardEl(c)),
              ),
            ],
          ),
          h(
            'div',
            { class: 'actions' },
            h(
              'button',
              {
                'data-testid': 'replay-prev',
                disabled: step === 0,
                onclick: () => ((step = Math.max(0, step - 1)), render()),
              },
              '◀ Back',
            ),
            h('span', { 'data-testid': 'replay-step' }, ` step ${step} of ${hand.events.length} `),
            h(
              'button',
              {
                'data-testid': 'replay-next',
                disabled: step >= hand.events.length,
                onclick: () => ((step = Math.min(hand!.events.length, step + 1)), render()),
              },
              'Next ▶',
            ),
            h(
              'button',
              {
                class: 'secondary',
                'data-testid': 'replay-end',
                onclick: () => ((step = hand!.events.length), render()),
              },
              'To the end',
            ),
            h('button', { 'data-testid': 'download-phh', onclick: () => void download() }, 'Download PHH'),
            h(
              'button',
              {
                class: 'secondary',
                'data-testid': 'download-proof',
                title: 'Check it with: npm run -s verify-hand -- FILE',
                onclick: () => void download('proof'),
              },
              'Download deal proof',
            ),
          ),
          // The newest step in words for a screen reader (the list above grows by one at each step).
          h('p', { class: 'sr-only', role: 'status' }, visible.at(-1) ?? ''),
          h(
            'ol',
            { class: 'replay-log', 'data-testid': 'replay-log' },
            visible.map((l) => h('li', {}, l)),
          ),
          h('p', { class: 'muted' }, `${lines.length} entries in all`),
        ),
      );
    });
  // An admin's evidence hand (fair play, #/admin/hand/<id>): every card, from the admin route.
  void api<HandDetail>('GET', source === 'admin' ? `/admin/fair-play/hands/${id}` : `/me/hands/${id}`).then(
    (d) => ((hand = d), render()),
    (e: unknown) =>
      mount(root, header(me), h('main', {}, h('p', { class: 'error' }, e instanceof ApiError ? e.message : String(e)))),
  );
}
