// Private tournaments (issue 23.4) in the web client:
// - `#/host`: "Host a tournament": the host's form (a Sit & Go or a scheduled tournament, his
//   structure within the admin's limits, shown next to each field), then his private events with
//   the invite link, an invite-by-username field, registration and cancellation;
// - `#/private/<sng|mtt>/<code>`: the page an invite link opens: the event, its host, and a button
//   that registers the friend (he becomes an invitee by presenting the code);
// - `myPrivateEvents()`: the lobby's "My private events" part (my games: hosted or invited).
// The events themselves are followed on their usual pages (`#/sng/<id>`, `#/tournament/<id>`).
import type { PrivateEventKind, PrivateEventLimits, PrivateEventSummary } from '@naiko/contracts';
import { api, session } from '../api';
import { h, keepFocus, mount } from '../dom';
import { errorMessage } from '../errors';
import { chips, GAME_NAMES, STRUCTURE_NAMES } from '../format';
import { header } from './lobby';

const KIND_NAMES: Record<PrivateEventKind, string> = { sng: 'Sit & Go', mtt: 'Scheduled tournament' };

export const eventHref = (e: Pick<PrivateEventSummary, 'kind' | 'eventId'>): string =>
  e.kind === 'sng' ? `#/sng/${e.eventId}` : `#/tournament/${e.eventId}`;
export const inviteLink = (kind: PrivateEventKind, code: string): string =>
  `${location.origin}${location.pathname}#/private/${kind}/${code}`;

/** Both kinds of the user's private events (hosted or invited), newest first. */
async function loadMine(): Promise<PrivateEventSummary[]> {
  const [sng, mtt] = await Promise.all([
    api<PrivateEventSummary[]>('GET', '/private-events/sng').catch(() => [] as PrivateEventSummary[]),
    api<PrivateEventSummary[]>('GET', '/private-events/mtt').catch(() => [] as PrivateEventSummary[]),
  ]);
  return [...sng, ...mtt];
}

const statusText = (summary: PrivateEventSummary) =>
  `${KIND_NAMES[summary.kind]} · ${summary.status} · ${summary.registered} of ${summary.capacity} · buy-in ${chips(summary.buyIn)}` +
  (summary.startsAt ? ` · starts ${new Date(summary.startsAt).toLocaleString()}` : '');

/** The lobby's "My private events": links to each, and to the host's page. */
export function myPrivateEvents(): HTMLElement {
  const list = h('ul', { 'data-testid': 'my-private-events' });
  const section = h(
    'section',
    { class: 'host', 'data-testid': 'private-events-section' },
    h('h2', {}, 'Private tournaments'),
    h(
      'p',
      {},
      h('a', { class: 'button', href: '#/host', 'data-testid': 'host-tournament' }, 'Host a tournament'),
      ' for your friends: a Sit & Go or a scheduled tournament, by invitation.',
    ),
    list,
  );
  void loadMine().then((rows) => {
    mount(
      list,
      ...(rows.length
        ? rows.map((summary) =>
            h(
              'li',
              { 'data-testid': 'my-private-event', 'data-kind': summary.kind, 'data-event-id': summary.eventId },
              h('a', { href: eventHref(summary) }, summary.name),
              ' ',
              h(
                'span',
                { class: 'muted' },
                statusText(summary),
                summary.inviteCode ? ' · you host it' : ` · host ${summary.hostName}`,
              ),
            ),
          )
        : [h('li', { class: 'muted' }, 'None yet.')]),
    );
  });
  return section;
}

/** `#/host`: the host's form and his private events. */
export function hostTournamentPage(root: HTMLElement): void {
  const me = session.user;
  let limits: PrivateEventLimits | null = null;
  let mine: PrivateEventSummary[] = [];
  let message = '';
  let notice = '';
  const num = (testId: string, value: number, min = 0) =>
    h('input', { type: 'number', 'data-testid': testId, value, min, required: true }) as HTMLInputElement;
  const kind = h(
    'select',
    { 'data-testid': 'pe-kind', onchange: () => render() },
    h('option', { value: 'sng' }, KIND_NAMES.sng),
    h('option', { value: 'mtt' }, KIND_NAMES.mtt),
  ) as HTMLSelectElement;
  const name = h('input', { 'data-testid': 'pe-name', value: 'Friday night', required: true }) as HTMLInputElement;
  const game = h('select', { 'data-testid': 'pe-game' }) as HTMLSelectElement;
  const structure = h('select', { 'data-testid': 'pe-structure' }) as HTMLSelectElement;
  const buyIn = num('pe-buyin', 100);
  const stack = num('pe-stack', 1_500, 1);
  const seats = num('pe-seats', 6, 2);
  const maxEntrants = num('pe-max', 20, 2);
  const startsAt = h('input', { type: 'datetime-local', 'data-testid': 'pe-starts' }) as HTMLInputElement;
  const inHour = new Date(Date.now() + 3_600_000);
  startsAt.value = new Date(inHour.getTime() - inHour.getTimezoneOffset() * 60_000).toISOString().slice(0, 16);
  const levelMinutes = num('pe-level', 5, 1);
  const decisionSeconds = num('pe-decision', 20, 1);

  const range = (r: { min: number; max: number } | undefined, scale = 1) =>
    r ? h('span', { class: 'muted' }, ` (${chips(r.min / scale)}–${chips(r.max / scale)})`) : '';

  const load = async () => {
    try {
      [limits, mine] = await Promise.all([api<PrivateEventLimits>('GET', '/private-events/sng/limits'), loadMine()]);
      mount(game, ...limits.games.map((g) => h('option', { value: g }, GAME_NAMES[g] ?? g)));
      mount(structure, ...limits.bettingStructures.map((s) => h('option', { value: s }, STRUCTURE_NAMES[s] ?? s)));
    } catch (err) {
      message = errorMessage(err);
    }
    render();
  };

  const submit = async (ev: Event) => {
    ev.preventDefault();
    const eventKind = kind.value as PrivateEventKind;
    const shared = {
      name: name.value,
      game: game.value,
      bettingStructure: structure.value,
      buyIn: Number(buyIn.value),
      startingStack: Number(stack.value),
      levelDurationMs: Math.round(Number(levelMinutes.value) * 60_000),
      breakDurationMs: 0,
      breakEveryLevels: 6,
      decisionMs: Math.round(Number(decisionSeconds.value) * 1000),
    };
    const body =
      eventKind === 'sng'
        ? { ...shared, seats: Number(seats.value) }
        : {
            ...shared,
            startsAt: new Date(startsAt.value).toISOString(),
            minEntrants: 2,
            maxEntrants: Number(maxEntrants.value),
            tableSize: Math.min(9, Number(maxEntrants.value)),
            lateRegistrationUntilLevel: 0,
          };
    try {
      await api('POST', `/private-events/${eventKind}`, body);
      message = '';
      notice = `${KIND_NAMES[eventKind]} created: send your friends its invite link.`;
      mine = await loadMine();
    } catch (err) {
      message = errorMessage(err);
      notice = '';
    }
    render();
  };

  const act = async (fn: () => Promise<unknown>, done: string) => {
    try {
      await fn();
      message = '';
      notice = done;
      mine = await loadMine();
    } catch (err) {
      message = errorMessage(err);
      notice = '';
    }
    render();
  };

  const hostedRow = (summary: PrivateEventSummary) => {
    const who = h('input', {
      'data-testid': 'pe-invite-name',
      placeholder: 'username',
      'aria-label': 'Invite a player by username',
    }) as HTMLInputElement;
    const open = summary.status === 'registering' || summary.status === 'scheduled';
    return h(
      'li',
      { 'data-testid': 'hosted-event', 'data-kind': summary.kind, 'data-event-id': summary.eventId },
      h('a', { href: eventHref(summary), 'data-testid': 'pe-open' }, summary.name),
      ' ',
      h('span', { class: 'muted', 'data-testid': 'pe-status' }, statusText(summary)),
      summary.inviteCode &&
        open &&
        h(
          'div',
          {},
          h(
            'label',
            {},
            'Invite link ',
            h('input', {
              readonly: true,
              'data-testid': 'pe-invite-link',
              value: inviteLink(summary.kind, summary.inviteCode),
              size: 60,
            }),
          ),
          h(
            'form',
            {
              class: 'inline',
              onsubmit: (ev: Event) => {
                ev.preventDefault();
                void act(
                  () =>
                    api('POST', `/private-events/${summary.kind}/${summary.eventId}/invitations`, {
                      username: who.value,
                    }),
                  `${who.value} is invited.`,
                );
              },
            },
            who,
            h('button', { type: 'submit', 'data-testid': 'pe-invite-send', class: 'secondary' }, 'Invite'),
          ),
          !summary.youAreRegistered &&
            h(
              'button',
              {
                'data-testid': 'pe-host-register',
                onclick: () =>
                  void act(
                    () => api('POST', `/private-events/${summary.kind}/${summary.eventId}/register`),
                    'You are registered.',
                  ),
              },
              'Register myself',
            ),
          h(
            'button',
            {
              'data-testid': 'pe-cancel',
              class: 'secondary',
              onclick: () =>
                void act(
                  () => api('POST', `/private-events/${summary.kind}/${summary.eventId}/cancel`),
                  'Cancelled: every buy-in was refunded.',
                ),
            },
            'Cancel the event',
          ),
        ),
    );
  };

  const render = () =>
    keepFocus(() => {
      const eventLimits = limits;
      const sng = kind.value === 'sng';
      const hosted = mine.filter((e) => e.hostId === me?.id);
      const invited = mine.filter((e) => e.hostId !== me?.id);
      mount(
        root,
        header(me, [h('a', { href: '#/lobby' }, '← Lobby')]),
        h(
          'main',
          { class: 'lobby', 'data-testid': 'host-page' },
          message && h('p', { class: 'error', role: 'alert', 'data-testid': 'pe-error' }, message),
          notice && h('p', { role: 'status', 'data-testid': 'pe-notice' }, notice),
          h(
            'section',
            { class: 'host' },
            h('h2', {}, 'Host a tournament'),
            h(
              'p',
              { class: 'muted' },
              'Only the players you invite (by name or with the link) can see it and register. ' +
                'No entry fee; the buy-ins make the prize pool.',
            ),
            h(
              'form',
              { class: 'inline', onsubmit: submit, 'data-testid': 'pe-form' },
              h('label', {}, 'Kind', kind),
              h('label', {}, 'Name', name),
              h('label', {}, 'Game', game),
              h('label', {}, 'Structure', structure),
              h('label', {}, 'Buy-in', buyIn, range(eventLimits?.buyIn)),
              h('label', {}, 'Starting stack', stack, range(eventLimits?.startingStack)),
              sng
                ? h('label', {}, 'Seats', seats, range(eventLimits?.seats))
                : [
                    h(
                      'label',
                      {},
                      'Max entrants',
                      maxEntrants,
                      eventLimits && h('span', { class: 'muted' }, ` (up to ${eventLimits.maxEntrants})`),
                    ),
                    h('label', {}, 'Starts at', startsAt),
                  ],
              h('label', {}, 'Level (minutes)', levelMinutes, range(eventLimits?.levelDurationMs, 60_000)),
              h('label', {}, 'Decision (seconds)', decisionSeconds, range(eventLimits?.decisionMs, 1000)),
              h('button', { type: 'submit', 'data-testid': 'pe-create' }, 'Create'),
            ),
          ),
          h(
            'section',
            {},
            h('h2', {}, 'Hosted by you'),
            h(
              'ul',
              { 'data-testid': 'hosted-events' },
              hosted.length ? hosted.map(hostedRow) : h('li', { class: 'muted' }, 'None yet.'),
            ),
          ),
          invited.length > 0 &&
            h(
              'section',
              {},
              h('h2', {}, 'Invitations'),
              h(
                'ul',
                {},
                invited.map((summary) =>
                  h(
                    'li',
                    { 'data-testid': 'invited-event' },
                    h('a', { href: eventHref(summary) }, summary.name),
                    ' ',
                    h('span', { class: 'muted' }, statusText(summary), ` · host ${summary.hostName}`),
                  ),
                ),
              ),
            ),
        ),
      );
    });
  render();
  void load();
}

/** `#/private/<kind>/<code>`: an invite link. Opening it makes the player an invitee; one click registers. */
export function privateInvitePage(root: HTMLElement, [kind, code]: string[]): void {
  const eventKind = kind as PrivateEventKind;
  let event: PrivateEventSummary | null = null;
  let message = '';
  const join = async (register: boolean) => {
    try {
      event = await api<PrivateEventSummary>('POST', `/private-events/${eventKind}/join`, { code, register });
      message = register ? 'You are registered.' : '';
    } catch (err) {
      message = errorMessage(err);
    }
    render();
  };
  const render = () =>
    keepFocus(() => {
      const privateEvent = event;
      mount(
        root,
        header(session.user, [h('a', { href: '#/lobby' }, '← Lobby')]),
        h(
          'main',
          { class: 'lobby', 'data-testid': 'invite-page' },
          message && h('p', { role: 'status', 'data-testid': 'invite-message' }, message),
          !privateEvent
            ? h('p', {}, 'Opening the invitation…')
            : h(
                'section',
                { class: 'host' },
                h('h2', { 'data-testid': 'invite-name' }, privateEvent.name),
                h('p', {}, `${privateEvent.hostName} invites you to a private ${KIND_NAMES[privateEvent.kind]}.`),
                h('p', { 'data-testid': 'invite-status' }, statusText(privateEvent)),
                privateEvent.youAreRegistered
                  ? h(
                      'p',
                      { 'data-testid': 'invite-registered' },
                      'You are registered. ',
                      h('a', { href: eventHref(privateEvent), 'data-testid': 'invite-open' }, 'Open it'),
                    )
                  : (privateEvent.status === 'registering' || privateEvent.status === 'scheduled') &&
                      h(
                        'button',
                        { 'data-testid': 'invite-register', onclick: () => void join(true) },
                        `Register (buy-in ${chips(privateEvent.buyIn)})`,
                      ),
              ),
        ),
      );
    });
  render();
  void join(false);
}
