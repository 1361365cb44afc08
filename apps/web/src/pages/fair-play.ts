// Fair play pages (issue 26):
//   #/admin/fair-play     the admin's review: flagged accounts and pairs with their evidence hands
//                         (opened in the hand replayer, #/admin/hand/<id>), player reports, and the
//                         actions warn / restrict from public games / suspend / claw back chips;
//   #/responsible-play    the player's cool-off, reality-check interval and standing;
//   #/terms               the terms: chips change hands only through play.
import type { MyFairPlayView } from '@naiko/contracts';
import { api, session } from '../api';
import { h, keepFocus, mount } from '../dom';
import { actionRunner, errorMessage } from '../errors';
import { chips } from '../format';
import { header } from './lobby';

interface ReviewUser {
  id: string;
  username: string;
  isBot: boolean;
  balance: number;
}
interface ReviewFlag {
  id: string;
  signal: string;
  pattern: string | null;
  userIds: string[];
  evidence: Record<string, unknown>;
  handIds: string[];
  status: string;
  seenCount: number;
  lastSeenAt: string;
}
interface ReviewReport {
  id: string;
  reporterId: string;
  reportedId: string;
  tableId: string | null;
  handId: string | null;
  reason: string;
  text: string;
  status: string;
  createdAt: string;
}
interface ReviewSanction {
  id: string;
  userId: string;
  kind: string;
  reason: string;
  amount: number | null;
  createdAt: string;
  endsAt: string | null;
  liftedAt: string | null;
}
interface Review {
  users: ReviewUser[];
  flags: ReviewFlag[];
  reports: ReviewReport[];
  sanctions: ReviewSanction[];
}

const SIGNAL_NAMES: Record<string, string> = {
  'chip-dump|strong-folds': 'Chip dumping: strong hands folded to one player',
  'chip-dump|concentrated-flow': 'Chip dumping: chips of many accounts flowing to one',
  'soft-play|': 'Soft play: a pair who rarely bet into each other',
  'bot-timing|': 'Bot-like timing: near-constant decision times',
  'same-connection|refuse': 'Same device or network: seat refused at a public table',
  'same-connection|warn-host': 'Same device or network: private table, host warned',
};

/** The evidence fields this page reads, per signal (the stored JSON of libs/table/src/fair-play's findings). */
interface StrongFoldsEvidence {
  donor: string;
  recipient: string;
  hands?: string[];
}
interface ConcentratedFlowEvidence {
  recipient: string;
  totalFromDonors?: number;
  donors?: { donor: string; netToRecipient: number; share: number }[];
}
interface SoftPlayEvidence {
  sides?: { userId: string; vsPartner: { rate: number; decisions: number }; vsOthers: { rate: number } }[];
}
interface BotTimingEvidence {
  userId: string;
  decisions: number;
  hands: number;
  meanMs: number;
  stdDevMs: number;
  cv: number;
  qcd?: number;
}
interface SameConnectionEvidence {
  candidate: string;
  matches?: { userId: string; on: string[] }[];
}

/** One line of figures from a finding's evidence. */
function evidenceText(flag: ReviewFlag, name: (id: string) => string): string {
  switch (`${flag.signal}|${flag.pattern ?? ''}`) {
    case 'chip-dump|strong-folds': {
      const evidence = flag.evidence as unknown as StrongFoldsEvidence;
      return `${name(evidence.donor)} folded ${evidence.hands?.length ?? 0} strong hands to ${name(evidence.recipient)}`;
    }
    case 'chip-dump|concentrated-flow': {
      const evidence = flag.evidence as unknown as ConcentratedFlowEvidence;
      return `${name(evidence.recipient)} received ${chips(evidence.totalFromDonors ?? 0)} net from ${(evidence.donors ?? []).map((d) => `${name(d.donor)} (${chips(d.netToRecipient)}, ${Math.round(d.share * 100)} % of his losses)`).join(', ')}`;
    }
    case 'soft-play|': {
      const evidence = flag.evidence as unknown as SoftPlayEvidence;
      return (evidence.sides ?? [])
        .map(
          (s) =>
            `${name(s.userId)} aggressive ${Math.round(s.vsPartner.rate * 100)} % vs partner (${s.vsPartner.decisions} decisions), ${Math.round(s.vsOthers.rate * 100)} % vs others`,
        )
        .join(' · ');
    }
    case 'bot-timing|': {
      const evidence = flag.evidence as unknown as BotTimingEvidence;
      return `${name(evidence.userId)}: ${evidence.decisions} decisions over ${evidence.hands} hands, mean ${Math.round(evidence.meanMs)} ms, spread ${Math.round(evidence.stdDevMs)} ms (CV ${Number(evidence.cv).toFixed(3)}, quartile dispersion ${Number(evidence.qcd ?? 0).toFixed(3)})`;
    }
    default: {
      const evidence = flag.evidence as unknown as SameConnectionEvidence;
      return (evidence.matches ?? [])
        .map((m) => `${name(evidence.candidate)} and ${name(m.userId)} share ${m.on.join(' and ')}`)
        .join(' · ');
    }
  }
}

export function fairPlayAdminPage(root: HTMLElement): () => void {
  const me = session.user;
  let review: Review | null = null;
  let status = 'open';
  let message = '';
  let closed = false;
  const load = async () => {
    try {
      review = await api<Review>('GET', `/admin/fair-play/review?status=${status}`);
    } catch (error) {
      message = errorMessage(error);
    }
    if (!closed) render();
  };
  const run = actionRunner((m) => (message = m), load);
  // The action form is built once: a re-render keeps what the admin typed.
  const target = h('select', { 'data-testid': 'fp-user', 'aria-label': 'Account' }) as HTMLSelectElement;
  const kind = h(
    'select',
    { 'data-testid': 'fp-kind', 'aria-label': 'Action' },
    h('option', { value: 'warn' }, 'Warn'),
    h('option', { value: 'restrict-public' }, 'Restrict from public games'),
    h('option', { value: 'suspend' }, 'Suspend'),
    h('option', { value: 'clawback' }, 'Claw back chips'),
  ) as HTMLSelectElement;
  const reason = h('input', {
    'data-testid': 'fp-reason',
    'aria-label': 'Reason',
    placeholder: 'Reason (the player sees a warning’s)',
    value: '',
  }) as HTMLInputElement;
  const days = h('input', {
    type: 'number',
    min: 1,
    'data-testid': 'fp-days',
    'aria-label': 'Days (empty: until lifted)',
    placeholder: 'days',
  }) as HTMLInputElement;
  const amount = h('input', {
    type: 'number',
    min: 1,
    'data-testid': 'fp-amount',
    'aria-label': 'Chips to claw back',
    placeholder: 'chips',
  }) as HTMLInputElement;
  let flagId: string | undefined;
  let reportId: string | undefined;
  const act = (event: Event) => {
    event.preventDefault();
    if (!reason.value.trim()) {
      message = 'Reason: say why (the player sees a warning’s reason).';
      return render();
    }
    const body: Record<string, unknown> = { userId: target.value, kind: kind.value, reason: reason.value.trim() };
    if (flagId) body.flagId = flagId;
    if (reportId) body.reportId = reportId;
    if (kind.value === 'clawback') body.amount = Number(amount.value);
    else if (kind.value !== 'warn' && days.value) body.days = Number(days.value);
    void run(
      () => api('POST', '/admin/fair-play/sanctions', body),
      `Done: ${kind.selectedOptions[0]?.textContent ?? kind.value}.`,
    ).then(() => {
      flagId = reportId = undefined;
      reason.value = '';
    });
  };
  const form = h(
    'form',
    { class: 'fp-action', 'data-testid': 'fp-action', onsubmit: act },
    target,
    kind,
    reason,
    days,
    amount,
    h('button', { type: 'submit', 'data-testid': 'fp-apply' }, 'Apply'),
  );
  const choose = (userId: string, flag?: string, report?: string) => {
    target.value = userId;
    flagId = flag;
    reportId = report;
    form.scrollIntoView?.({ block: 'center' });
    reason.focus();
  };

  const render = () =>
    keepFocus(() => {
      const current = review;
      const users = new Map((current?.users ?? []).map((u) => [u.id, u]));
      const name = (id: string) => users.get(id)?.username ?? id.slice(0, 8);
      const selected = target.value;
      target.replaceChildren(
        ...(current?.users ?? [])
          .filter((u) => !u.isBot)
          .map((u) => h('option', { value: u.id }, `${u.username} (${chips(u.balance)})`)),
      );
      if (selected && users.has(selected)) target.value = selected;
      mount(
        root,
        header(me, [h('a', { href: '#/admin' }, '← Admin')]),
        h(
          'main',
          { 'data-testid': 'fair-play-admin' },
          h('h1', {}, 'Fair play review'),
          message && h('p', { role: 'status', 'data-testid': 'fp-message' }, message),
          h(
            'div',
            { class: 'actions' },
            h(
              'button',
              {
                'data-testid': 'fp-scan',
                onclick: () => void run(() => api('POST', '/admin/fair-play/scan'), 'Scan finished.'),
              },
              'Scan the hands now',
            ),
            h(
              'label',
              {},
              'Show ',
              h(
                'select',
                {
                  'data-testid': 'fp-status',
                  onchange: (e: Event) => ((status = (e.target as HTMLSelectElement).value), void load()),
                },
                ['open', 'actioned', 'dismissed', 'all'].map((s) =>
                  h('option', { value: s, selected: s === status }, s),
                ),
              ),
            ),
          ),
          h('h2', {}, 'Flagged accounts and pairs'),
          !current
            ? h('p', {}, 'Loading…')
            : current.flags.length === 0
              ? h('p', { class: 'muted' }, 'Nothing flagged.')
              : h(
                  'table',
                  { class: 'list', 'data-testid': 'fp-flags' },
                  h(
                    'thead',
                    {},
                    h(
                      'tr',
                      {},
                      ['Signal', 'Accounts', 'Evidence', 'Hands', 'Seen', ''].map((c) => h('th', {}, c)),
                    ),
                  ),
                  h(
                    'tbody',
                    {},
                    current.flags.map((flag) =>
                      h(
                        'tr',
                        { 'data-testid': 'fp-flag', 'data-signal': flag.signal, 'data-pattern': flag.pattern ?? '' },
                        h(
                          'td',
                          { 'data-label': 'Signal' },
                          SIGNAL_NAMES[`${flag.signal}|${flag.pattern ?? ''}`] ?? flag.signal,
                        ),
                        h(
                          'td',
                          { 'data-label': 'Accounts' },
                          flag.userIds.map((userId, index) => [
                            index > 0 && ', ',
                            h(
                              'button',
                              {
                                class: 'link',
                                'data-testid': 'fp-pick',
                                title: 'Act on this account',
                                onclick: () => choose(userId, flag.id),
                              },
                              name(userId),
                            ),
                          ]),
                        ),
                        h('td', { 'data-label': 'Evidence' }, evidenceText(flag, name)),
                        h(
                          'td',
                          { 'data-label': 'Hands' },
                          flag.handIds.length === 0
                            ? '—'
                            : flag.handIds
                                .slice(-5)
                                .map((id, index) => [
                                  index > 0 && ' ',
                                  h(
                                    'a',
                                    { href: `#/admin/hand/${id}`, 'data-testid': 'fp-hand' },
                                    `hand ${flag.handIds.length - Math.min(5, flag.handIds.length) + index + 1}`,
                                  ),
                                ]),
                          flag.handIds.length > 5 && h('span', { class: 'muted' }, ` of ${flag.handIds.length}`),
                        ),
                        h(
                          'td',
                          { 'data-label': 'Seen' },
                          `${flag.seenCount}× · ${new Date(flag.lastSeenAt).toLocaleString()}`,
                        ),
                        h(
                          'td',
                          {},
                          flag.status === 'open' &&
                            h(
                              'button',
                              {
                                class: 'secondary',
                                'data-testid': 'fp-dismiss',
                                onclick: () =>
                                  void run(
                                    () =>
                                      api('POST', `/admin/fair-play/flags/${flag.id}/status`, { status: 'dismissed' }),
                                    'Dismissed.',
                                  ),
                              },
                              'Dismiss',
                            ),
                        ),
                      ),
                    ),
                  ),
                ),
          h('h2', {}, 'Player reports'),
          current &&
            (current.reports.length === 0
              ? h('p', { class: 'muted' }, 'No reports.')
              : h(
                  'table',
                  { class: 'list', 'data-testid': 'fp-reports' },
                  h(
                    'thead',
                    {},
                    h(
                      'tr',
                      {},
                      ['When', 'Reported', 'By', 'Reason', 'Note', ''].map((c) => h('th', {}, c)),
                    ),
                  ),
                  h(
                    'tbody',
                    {},
                    current.reports.map((report) =>
                      h(
                        'tr',
                        { 'data-testid': 'fp-report' },
                        h('td', { 'data-label': 'When' }, new Date(report.createdAt).toLocaleString()),
                        h(
                          'td',
                          { 'data-label': 'Reported' },
                          h(
                            'button',
                            {
                              class: 'link',
                              'data-testid': 'fp-pick-report',
                              onclick: () => choose(report.reportedId, undefined, report.id),
                            },
                            name(report.reportedId),
                          ),
                        ),
                        h('td', { 'data-label': 'By' }, name(report.reporterId)),
                        h('td', { 'data-label': 'Reason' }, report.reason),
                        h(
                          'td',
                          { 'data-label': 'Note' },
                          report.text || '—',
                          report.handId && [' ', h('a', { href: `#/admin/hand/${report.handId}` }, 'hand')],
                        ),
                        h(
                          'td',
                          {},
                          report.status === 'open' &&
                            h(
                              'button',
                              {
                                class: 'secondary',
                                onclick: () =>
                                  void run(
                                    () =>
                                      api('POST', `/admin/fair-play/flags/${report.id}/status`, {
                                        status: 'dismissed',
                                      }),
                                    'Dismissed.',
                                  ),
                              },
                              'Dismiss',
                            ),
                        ),
                      ),
                    ),
                  ),
                )),
          h('h2', {}, 'Act on an account'),
          h(
            'p',
            { class: 'muted' },
            'A claw-back moves chips from the account back to the players the flag says lost them (or to the house) in one audited ledger transaction.',
          ),
          form,
          h('h2', {}, 'Actions taken'),
          current &&
            (current.sanctions.length === 0
              ? h('p', { class: 'muted' }, 'None.')
              : h(
                  'table',
                  { class: 'list', 'data-testid': 'fp-sanctions' },
                  h(
                    'thead',
                    {},
                    h(
                      'tr',
                      {},
                      ['When', 'Account', 'Action', 'Reason', 'Until', ''].map((c) => h('th', {}, c)),
                    ),
                  ),
                  h(
                    'tbody',
                    {},
                    current.sanctions.map((sanction) =>
                      h(
                        'tr',
                        { 'data-testid': 'fp-sanction', 'data-kind': sanction.kind },
                        h('td', { 'data-label': 'When' }, new Date(sanction.createdAt).toLocaleString()),
                        h('td', { 'data-label': 'Account' }, name(sanction.userId)),
                        h(
                          'td',
                          { 'data-label': 'Action' },
                          sanction.kind === 'clawback' ? `claw-back of ${chips(sanction.amount ?? 0)}` : sanction.kind,
                        ),
                        h('td', { 'data-label': 'Reason' }, sanction.reason),
                        h(
                          'td',
                          { 'data-label': 'Until' },
                          sanction.liftedAt
                            ? `lifted ${new Date(sanction.liftedAt).toLocaleString()}`
                            : sanction.kind === 'warn' || sanction.kind === 'clawback'
                              ? '—'
                              : sanction.endsAt
                                ? new Date(sanction.endsAt).toLocaleString()
                                : 'until lifted',
                        ),
                        h(
                          'td',
                          {},
                          !sanction.liftedAt &&
                            (sanction.kind === 'suspend' || sanction.kind === 'restrict-public') &&
                            h(
                              'button',
                              {
                                class: 'secondary',
                                'data-testid': 'fp-lift',
                                onclick: () =>
                                  void run(
                                    () => api('POST', `/admin/fair-play/sanctions/${sanction.id}/lift`),
                                    'Lifted.',
                                  ),
                              },
                              'Lift',
                            ),
                        ),
                      ),
                    ),
                  ),
                )),
        ),
      );
    });
  void load();
  return () => {
    closed = true;
  };
}

export function responsiblePlayPage(root: HTMLElement): () => void {
  const me = session.user;
  let view: MyFairPlayView | null = null;
  let message = '';
  let closed = false;
  const load = async () => {
    try {
      view = await api<MyFairPlayView>('GET', '/me/fair-play');
    } catch (error) {
      message = errorMessage(error);
    }
    if (!closed) render();
  };
  const run = actionRunner((m) => (message = m), load);
  const minutes = h('input', {
    type: 'number',
    min: 5,
    max: 1440,
    'data-testid': 'rc-minutes',
    'aria-label': 'Minutes between reality checks',
  }) as HTMLInputElement;
  const coolOff = (period: '24h' | '7d' | '30d', label: string) =>
    h(
      'button',
      {
        class: 'secondary',
        'data-testid': `cool-off-${period}`,
        onclick: () => {
          if (confirm(`No seat and no registration for ${label}. A cool-off cannot be shortened. Start it?`))
            void run(() => api('POST', '/me/cool-off', { period }), `Cool-off started: ${label}.`);
        },
      },
      `Take ${label} off`,
    );
  const until = (value: string | null) =>
    value === null
      ? null
      : value === 'indefinite'
        ? 'until the fair-play team lifts it'
        : `until ${new Date(value).toLocaleString()}`;
  const render = () =>
    keepFocus(() => {
      const mine = view;
      if (mine && document.activeElement !== minutes) minutes.value = String(mine.realityCheckMinutes);
      mount(
        root,
        header(me),
        h(
          'main',
          { 'data-testid': 'responsible-play' },
          h('h1', {}, 'Responsible play'),
          message && h('p', { role: 'status', 'data-testid': 'rp-message' }, message),
          !mine
            ? h('p', {}, 'Loading…')
            : [
                mine.coolOffUntil &&
                  h(
                    'p',
                    { class: 'error', 'data-testid': 'cool-off-until' },
                    `You are on a cool-off until ${new Date(mine.coolOffUntil).toLocaleString()}: you cannot sit down or register until then.`,
                  ),
                mine.suspendedUntil &&
                  h('p', { class: 'error' }, `Your account is suspended ${until(mine.suspendedUntil)}.`),
                mine.restrictedFromPublicUntil &&
                  h(
                    'p',
                    { class: 'error' },
                    `You may not play public games ${until(mine.restrictedFromPublicUntil)}; private tables stay open.`,
                  ),
                mine.warnings.map((warning) =>
                  h(
                    'p',
                    { class: 'error', 'data-testid': 'my-warning' },
                    `Warning (${new Date(warning.createdAt).toLocaleDateString()}): ${warning.reason}`,
                  ),
                ),
                h('h2', {}, 'Reality check'),
                h(
                  'p',
                  {},
                  `While you play, a reminder shows how long you have played and how many chips you won or lost, every ${mine.realityCheckMinutes} minutes${mine.realityCheckIsDefault ? ' (the default)' : ''}.`,
                ),
                h(
                  'form',
                  {
                    onsubmit: (event: Event) => {
                      event.preventDefault();
                      void run(() => api('PUT', '/me/reality-check', { minutes: Number(minutes.value) }), 'Saved.');
                    },
                  },
                  h('label', {}, 'Every ', minutes, ' minutes '),
                  h('button', { type: 'submit', 'data-testid': 'rc-save' }, 'Save'),
                ),
                h('h2', {}, 'Cool-off'),
                h(
                  'p',
                  {},
                  'Take a break: during a cool-off you cannot take a seat or register for a Sit & Go or tournament. It cannot be shortened.',
                ),
                h(
                  'div',
                  { class: 'actions' },
                  coolOff('24h', '24 hours'),
                  coolOff('7d', '7 days'),
                  coolOff('30d', '30 days'),
                ),
                h('h2', {}, 'Purchases'),
                h(
                  'p',
                  { 'data-testid': 'no-purchases' },
                  'Naiko sells no chips: there are only free top-ups, so there is no purchase limit to set.',
                ),
                h('p', {}, h('a', { href: '#/terms' }, 'Terms of play')),
              ],
        ),
      );
    });
  void load();
  return () => {
    closed = true;
  };
}

export function termsPage(root: HTMLElement): void {
  mount(
    root,
    header(session.user),
    h(
      'main',
      { 'data-testid': 'terms' },
      h('h1', {}, 'Terms of play'),
      h('h2', {}, 'Chips'),
      h(
        'p',
        {},
        'Naiko chips are play money with no cash value. They are not sold; the free top-up refills a low balance.',
      ),
      h(
        'p',
        { 'data-testid': 'no-transfers' },
        h('strong', {}, 'Chips change hands only through play.'),
        ' There is no way to send, give, lend or sell chips to another player, and none will be added. Losing chips on purpose to another account (chip dumping) is a transfer by other means and is not allowed.',
      ),
      h('h2', {}, 'Fair play'),
      h(
        'ul',
        {},
        h(
          'li',
          {},
          'One account per person. Two accounts from one device or network may not sit at the same public table; at a private table the host is told.',
        ),
        h('li', {}, 'No collusion: no soft play with a friend, no sharing of cards.'),
        h(
          'li',
          {},
          'No undisclosed bots: the house bots are named “BOT …”; any other account must be played by its owner.',
        ),
        h(
          'li',
          {},
          'The fair-play team reviews flagged play and reports from the Report button at every table. It may warn, restrict an account from public games, suspend it, and take back chips won by dumping or collusion, returning them to the players who lost them.',
        ),
      ),
      h('h2', {}, 'Responsible play'),
      h(
        'p',
        {},
        'Reality checks remind you how long you played and your net chips; a cool-off of 24 hours, 7 days or 30 days keeps you from sitting down or registering. ',
        h('a', { href: '#/responsible-play' }, 'Set them here.'),
      ),
    ),
  );
}
