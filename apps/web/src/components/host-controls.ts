// The host's controls in his settings panel (issue 23, item 1): pause/resume, "approval required"
// and the seat requests waiting for him, a password, the blinds from the next hand, and per player
// away / stand up / remove / make host / mute for everyone. Each is one `POST /tables/:id/host`
// (the same commands as the socket event `table:host`); the table's live update redraws the panel
// for everybody. The password field is built once so a redraw never drops what is being typed.
import type { TablePublicState } from '@naiko/contracts';
import { api } from '../api';
import { h } from '../dom';
import { chips } from '../format';

/** Runs a request, then says `ok` or the refusal in the host panel's message line. */
export type HostCall = (fn: () => Promise<unknown>, ok: string) => Promise<void>;

export interface HostControlsView {
  el(table: TablePublicState, call: HostCall): HTMLElement;
}

export function hostControls(tableId: string, meId: string): HostControlsView {
  const send = (body: Record<string, unknown>) => api('POST', `/tables/${tableId}/host`, body);
  const password = h('input', {
    'data-testid': 'host-password',
    placeholder: 'password',
    minlength: 4,
    maxlength: 32,
    size: 14,
    'aria-label': 'Table password (invite code)',
  }) as HTMLInputElement;
  const bb = h('input', {
    type: 'number',
    'data-testid': 'settings-bb',
    min: 2,
    size: 6,
    'aria-label': 'Big blind from the next hand',
  }) as HTMLInputElement;
  let bbShown = -1;

  return {
    el(table, call) {
      const summary = table.summary;
      const controls = summary.hostControls;
      if (!controls) return h('div');
      // The blinds box follows the table until the host edits it.
      if (bbShown !== summary.stakes.bigBlind && document.activeElement !== bb) {
        bb.value = String(summary.stakes.bigBlind);
        bbShown = summary.stakes.bigBlind;
      }
      const players = table.seatMap.filter((x): x is NonNullable<typeof x> => x !== null && x.playerId !== meId);
      return h(
        'div',
        { class: 'host-controls', 'data-testid': 'host-controls' },
        h(
          'div',
          { class: 'inline' },
          controls.paused
            ? h(
                'button',
                {
                  'data-testid': 'host-resume',
                  onclick: () => void call(() => send({ command: 'resume' }), 'Game resumed: the next hand is dealt'),
                },
                'Resume game',
              )
            : h(
                'button',
                {
                  class: 'secondary',
                  'data-testid': 'host-pause',
                  onclick: () =>
                    void call(() => send({ command: 'pause' }), 'Game paused (a running hand is played out first)'),
                },
                'Pause game',
              ),
          h(
            'label',
            {},
            h('input', {
              type: 'checkbox',
              'data-testid': 'host-approval',
              checked: controls.approvalRequired,
              onchange: (event: Event) => {
                const on = (event.target as HTMLInputElement).checked;
                void call(
                  () => send({ command: 'approval', on }),
                  on ? 'Approval required: you approve each new player' : 'Players sit without approval',
                );
              },
            }),
            ' Approval required',
          ),
        ),
        controls.seatRequests.length > 0 &&
          h(
            'ul',
            { class: 'seat-requests', 'data-testid': 'seat-requests', 'aria-label': 'Seat requests' },
            controls.seatRequests.map((request) =>
              h(
                'li',
                { 'data-testid': 'seat-request', 'data-player': request.name },
                `${request.name} asks to sit with ${chips(request.buyIn)} `,
                h(
                  'button',
                  {
                    class: 'small',
                    'data-testid': 'seat-approve',
                    onclick: () =>
                      void call(
                        () => send({ command: 'approve', playerId: request.playerId }),
                        `${request.name} sits down`,
                      ),
                  },
                  'Approve',
                ),
                h(
                  'button',
                  {
                    class: 'small secondary',
                    'data-testid': 'seat-deny',
                    onclick: () =>
                      void call(
                        () => send({ command: 'deny', playerId: request.playerId }),
                        `${request.name}'s request denied`,
                      ),
                  },
                  'Deny',
                ),
              ),
            ),
          ),
        summary.private &&
          h(
            'form',
            {
              class: 'inline',
              onsubmit: (event: Event) => {
                event.preventDefault();
                const value = password.value.trim();
                void call(async () => {
                  await send({ command: 'password', password: value });
                  password.value = '';
                }, 'Password set: players type it (or open a link with it) to watch and sit');
              },
            },
            h('label', {}, controls.passwordSet ? 'Password (set) ' : 'Password ', password),
            h('button', { type: 'submit', class: 'small', 'data-testid': 'host-password-save' }, 'Set password'),
            controls.passwordSet &&
              h(
                'button',
                {
                  type: 'button',
                  class: 'small secondary',
                  'data-testid': 'host-password-clear',
                  onclick: () => void call(() => send({ command: 'password', password: null }), 'Password removed'),
                },
                'Remove',
              ),
          ),
        h(
          'form',
          {
            class: 'inline',
            onsubmit: (event: Event) => {
              event.preventDefault();
              const big = Number(bb.value);
              void call(
                () => send({ command: 'stakes', stakes: { smallBlind: Math.floor(big / 2), bigBlind: big } }),
                'Settings saved (from the next hand)',
              );
            },
          },
          h('label', {}, 'Big blind ', bb),
          h('button', { type: 'submit', 'data-testid': 'settings-submit' }, 'Save settings'),
          controls.pendingStakes &&
            h(
              'span',
              { class: 'muted', 'data-testid': 'pending-stakes' },
              ` next hand: ${chips(controls.pendingStakes.smallBlind)}/${chips(controls.pendingStakes.bigBlind)}`,
            ),
        ),
        players.length > 0 &&
          h(
            'table',
            { class: 'list host-players', 'data-testid': 'host-players' },
            h(
              'tbody',
              {},
              players.map((seatInfo) => {
                const muted = controls.muted.includes(seatInfo.playerId);
                const cmd = (command: string, ok: string) => () =>
                  void call(() => send({ command, playerId: seatInfo.playerId }), ok);
                return h(
                  'tr',
                  { 'data-testid': 'host-player', 'data-player': seatInfo.name },
                  h('td', {}, seatInfo.name, seatInfo.sittingOut ? ' (away)' : '', muted ? ' (muted)' : ''),
                  h(
                    'td',
                    {},
                    !seatInfo.sittingOut &&
                      h(
                        'button',
                        {
                          class: 'small secondary',
                          'data-testid': 'host-away',
                          onclick: cmd('away', `${seatInfo.name} is away`),
                        },
                        'Away',
                      ),
                    h(
                      'button',
                      {
                        class: 'small secondary',
                        'data-testid': 'host-stand-up',
                        onclick: cmd('stand-up', `${seatInfo.name} stands up: his chips go back to his balance`),
                      },
                      'Stand up',
                    ),
                    h(
                      'button',
                      {
                        class: 'small secondary',
                        'data-testid': 'host-remove',
                        onclick: cmd('remove', `${seatInfo.name} removed from the table`),
                      },
                      'Remove',
                    ),
                    !seatInfo.isBot &&
                      summary.private &&
                      h(
                        'button',
                        {
                          class: 'small secondary',
                          'data-testid': 'host-transfer',
                          onclick: cmd('transfer', `${seatInfo.name} is the host now`),
                        },
                        'Make host',
                      ),
                    !seatInfo.isBot &&
                      h(
                        'button',
                        {
                          class: 'small secondary',
                          'data-testid': 'host-mute',
                          onclick: cmd(
                            muted ? 'unmute' : 'mute',
                            muted ? `${seatInfo.name} may chat again` : `${seatInfo.name} is muted for everyone`,
                          ),
                        },
                        muted ? 'Unmute chat' : 'Mute chat',
                      ),
                  ),
                );
              }),
            ),
          ),
      );
    },
  };
}

/**
 * For a player the table refused (a private table, NOT_INVITED): the host's password, typed here,
 * is the invite code his next watch and sit carry. Built once (a redraw keeps what is typed).
 */
export function passwordPrompt(onPassword: (password: string) => void): HTMLElement {
  const input = h('input', {
    'data-testid': 'table-password',
    type: 'password',
    minlength: 4,
    maxlength: 32,
    size: 16,
    'aria-label': 'Table password',
  }) as HTMLInputElement;
  return h(
    'form',
    {
      class: 'inline',
      'data-testid': 'password-form',
      onsubmit: (event: Event) => {
        event.preventDefault();
        if (input.value.trim()) onPassword(input.value.trim());
      },
    },
    h('label', {}, 'This table is private. Password ', input),
    h('button', { type: 'submit', 'data-testid': 'table-password-submit' }, 'Enter'),
  );
}
