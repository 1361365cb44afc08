// The host's side of a table (issue 23): his panel (invitations by name or link, bots and
// spectators, his controls, home-game options, a bomb pot on demand, closing) and the notices every
// player sees (the game paused, one's own seat request waiting for approval).
import type { TableSummary } from '@naiko/contracts';
import { api } from '../../api';
import { h } from '../../dom';
import { errorMessage } from '../../errors';
import { homeGameForm, homeGameText, type HomeGameForm } from '../home-game-form';
import { hostControls } from '../host-controls';
import type { TableContext } from './table-state';

export interface HostPanel {
  /** The panel, for the host of this table only. */
  panel(): HTMLElement | null;
  /** Paused by the host, and (approval required) my own seat request waiting for him. */
  notices(): HTMLElement[];
  /** The host of this table: a private table's host, or an admin at a public cash table. */
  isHost(): boolean;
}

export function createHostPanel(ctx: TableContext): HostPanel {
  const { me, tableId } = ctx;
  let inviteLink = '';
  let hostMessage = '';
  /** The host's home-game settings (issue 23): built once, so a live update never resets what he is choosing. */
  let homeSettings: { el: HTMLElement; form: HomeGameForm } | null = null;
  function homeGameSettings(
    summary: TableSummary,
    call: (fn: () => Promise<unknown>, ok: string) => Promise<void>,
  ): HTMLElement {
    if (!homeSettings) {
      const form = homeGameForm('home', summary, () => ctx.table?.summary.stakes.bigBlind ?? 20);
      const el = h(
        'form',
        {
          class: 'home-settings',
          'data-testid': 'home-settings',
          onsubmit: (event: Event) => {
            event.preventDefault();
            const homeGame = form.value() ?? {};
            void call(
              async () => {
                await api('PATCH', `/tables/${tableId}/settings`, { homeGame });
                form.clean();
              },
              homeGameText(homeGame)
                ? `Home-game options saved (from the next hand): ${homeGameText(homeGame)}`
                : 'Home-game options off (from the next hand)',
            );
          },
        },
        form.el,
        h('button', { type: 'submit', 'data-testid': 'home-save' }, 'Save home-game options'),
      );
      homeSettings = { el, form };
    }
    homeSettings.form.setTarget(summary);
    homeSettings.form.sync(summary.homeGame);
    return homeSettings.el;
  }
  /** Issue 23: the host's controls (pause, approval, password, blinds, players, mutes), in his panel. */
  const controls = me ? hostControls(tableId, me.id) : null;
  /** The host of this table: a private table's host, or an admin at a public cash table. */
  const isHostHere = (): boolean => {
    const summary = ctx.table?.summary;
    if (!summary || !me || !summary.hostControls) return false;
    return summary.private ? summary.hostId === me.id : me.role === 'admin';
  };
  /** The host's panel: invitations by name or link, settings, his controls (issue 23), closing. */
  function hostPanel(): HTMLElement | null {
    const summary = ctx.table?.summary;
    if (!summary || !me || !isHostHere()) return null;
    const call = async (fn: () => Promise<unknown>, ok: string) => {
      try {
        await fn();
        hostMessage = ok;
      } catch (error) {
        // The server's refusal in words, without its code: "Settings change between hands: …".
        const said = errorMessage(error);
        const coded = /^([A-Z_]+): (.+)$/.exec(said);
        hostMessage = coded ? `${coded[2][0]!.toUpperCase()}${coded[2].slice(1)}` : said;
        if (coded?.[1] === 'HAND_IN_PROGRESS')
          hostMessage = hostMessage.replace(/\.$/, '') + ': save again when this hand is over.';
      }
      ctx.render();
    };
    const who = h('input', {
      'data-testid': 'invite-username',
      placeholder: 'username',
      'aria-label': 'Username to invite',
    }) as HTMLInputElement;
    // An admin at a public table: only the controls (no invitations, no private settings).
    if (!summary.private) {
      return h(
        'div',
        { class: 'host-panel', 'data-testid': 'host-panel' },
        h('strong', {}, 'Host (admin): '),
        controls!.el(ctx.table!, call),
        hostMessage && h('div', { class: 'muted', 'data-testid': 'host-message', role: 'status' }, hostMessage),
      );
    }
    return h(
      'div',
      { class: 'host-panel', 'data-testid': 'host-panel' },
      h('strong', {}, 'Host: '),
      h(
        'form',
        {
          class: 'inline',
          onsubmit: (event: Event) => {
            event.preventDefault();
            void call(
              () => api('POST', `/tables/${tableId}/invitations`, { username: who.value }),
              `${who.value} invited`,
            );
          },
        },
        who,
        h('button', { type: 'submit', 'data-testid': 'invite-submit' }, 'Invite'),
      ),
      h(
        'button',
        {
          'data-testid': 'invite-link',
          onclick: () =>
            void call(async () => {
              const { code } = await api<{ code: string }>('POST', `/tables/${tableId}/invite-code`);
              inviteLink = `${location.origin}/#/table/${tableId}?invite=${encodeURIComponent(code)}`;
            }, 'New invite link (anyone holding it may sit)'),
        },
        'Invite link',
      ),
      inviteLink &&
        h('input', {
          readonly: true,
          'data-testid': 'invite-url',
          value: inviteLink,
          size: 60,
          'aria-label': 'Invite link',
        }),
      controls!.el(ctx.table!, call),
      h(
        'button',
        {
          class: 'secondary',
          'data-testid': 'bots-toggle',
          onclick: () =>
            void call(
              () => api('PATCH', `/tables/${tableId}/settings`, { botsAllowed: !summary.botsAllowed }),
              summary.botsAllowed ? 'Bots off' : 'Bots on',
            ),
        },
        summary.botsAllowed ? 'Turn bots off' : 'Allow bots',
      ),
      h(
        'button',
        {
          class: 'secondary',
          'data-testid': 'spectators-toggle',
          onclick: () =>
            void call(
              () => api('PATCH', `/tables/${tableId}/settings`, { spectatorsAllowed: !summary.spectatorsAllowed }),
              summary.spectatorsAllowed
                ? 'Only invited players watch now'
                : 'Anyone may watch now (only invited players sit)',
            ),
        },
        summary.spectatorsAllowed ? 'Invited spectators only' : 'Allow spectators',
      ),
      h(
        'a',
        { class: 'button secondary', href: `#/table/${tableId}/ledger`, 'data-testid': 'session-ledger-link' },
        'Session ledger',
      ),
      !summary.closed && homeGameSettings(summary, call),
      // Home games: a bomb pot on demand (the table deals it on the next hand without table posts).
      !summary.closed &&
        summary.homeGame?.bombPot &&
        h(
          'button',
          {
            class: 'secondary',
            'data-testid': 'bomb-pot-request',
            onclick: () =>
              void call(() => api('POST', `/tables/${tableId}/bomb-pot`), 'Bomb pot called for the next hand'),
          },
          'Bomb pot next hand',
        ),
      !summary.closed &&
        h(
          'button',
          {
            class: 'secondary',
            'data-testid': 'close-table',
            onclick: () =>
              void call(() => api('POST', `/tables/${tableId}/close`), 'Table closed: every stack went back'),
          },
          'Close table',
        ),
      hostMessage && h('div', { class: 'muted', 'data-testid': 'host-message', role: 'status' }, hostMessage),
    );
  }

  /** Paused by the host, and (approval required) my own seat request waiting for him. */
  function hostNotices(): HTMLElement[] {
    const controls = ctx.table?.summary.hostControls;
    if (!controls) return [];
    const waiting = me && controls.seatRequests.some((r) => r.playerId === me.id);
    return [
      controls.paused
        ? h(
            'p',
            { class: 'notice', 'data-testid': 'paused-banner', role: 'status' },
            ctx.hand && ctx.hand.view.phase !== 'complete' && ctx.hand.view.phase !== 'cancelled'
              ? 'The host paused the game: this hand is played out, then the table waits.'
              : 'The host paused the game.',
          )
        : null,
      waiting
        ? h(
            'p',
            { class: 'notice', 'data-testid': 'seat-request-pending', role: 'status' },
            'Your seat request is waiting for the host’s approval.',
          )
        : null,
    ].filter((x): x is HTMLElement => x !== null);
  }
  return { panel: hostPanel, notices: hostNotices, isHost: isHostHere };
}
