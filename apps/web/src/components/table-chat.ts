// Table chat with moderation (issue 23, item 5): the log, the input, and per message "Mute" (for
// me: kept in this browser, the player's lines are hidden here only), "Report" (to the admins:
// `table:chat-report`, the server keeps its own copy of the line) and, for the host, "Mute for all"
// (a host-mute the server enforces). The input and the log are built once so a redraw of the
// table never drops what is being typed.
import type { TableChatMessage } from '@naiko/contracts';
import type { NaikoClientSocket } from '../api';
import { h } from '../dom';

const MUTED_FOR_ME = 'naiko.chatMutedForMe';

function mutedForMe(): Set<string> {
  try {
    return new Set(JSON.parse(localStorage.getItem(MUTED_FOR_ME) ?? '[]') as string[]);
  } catch {
    return new Set();
  }
}

export interface TableChat {
  /** A message arrived: kept (the last 30) unless its author is muted for me. */
  add(m: TableChatMessage): boolean;
  form: HTMLElement;
  /** The log, drawn for who I am (the host gets "Mute for all"). */
  log(opts: {
    meId: string | undefined;
    isHost: boolean;
    hostMuted: readonly string[];
    hostMute(playerId: string): void;
  }): HTMLElement | null;
}

export function tableChat(tableId: string, socket: NaikoClientSocket, redraw: () => void): TableChat {
  let lines: TableChatMessage[] = [];
  const reported = new Set<string>();
  const muted = mutedForMe();
  const input = h('input', {
    name: 'text',
    placeholder: 'Chat',
    maxlength: 200,
    'data-testid': 'chat-input',
    'aria-label': 'Chat message',
  }) as HTMLInputElement;
  const form = h(
    'form',
    {
      class: 'chat',
      onsubmit: (event: Event) => {
        event.preventDefault();
        if (input.value.trim()) socket.emit('table:chat', { tableId, text: input.value });
        input.value = '';
      },
    },
    input,
  );
  const toggleMute = (playerId: string) => {
    if (muted.has(playerId)) muted.delete(playerId);
    else muted.add(playerId);
    localStorage.setItem(MUTED_FOR_ME, JSON.stringify([...muted]));
    redraw();
  };
  return {
    form,
    add(message) {
      if (message.tableId !== tableId) return false;
      lines = [...lines.slice(-29), message];
      return !muted.has(message.from.playerId);
    },
    log({ meId, isHost, hostMuted, hostMute }) {
      const shown = lines.filter((m) => !muted.has(m.from.playerId));
      const mutedHere = [...new Set(lines.filter((m) => muted.has(m.from.playerId)).map((m) => m.from))].filter(
        (f, i, all) => all.findIndex((x) => x.playerId === f.playerId) === i,
      );
      if (shown.length === 0 && mutedHere.length === 0) return null;
      return h(
        'div',
        { class: 'chat-log', 'data-testid': 'chat-log', role: 'region', 'aria-label': 'Chat', tabindex: 0 },
        shown.map((message) => {
          const mine = message.from.playerId === meId;
          return h(
            'div',
            { class: 'chat-line', 'data-testid': 'chat-line', 'data-from': message.from.name },
            h('span', { 'data-testid': 'chat-text' }, `${message.from.name}: ${message.text}`),
            !mine &&
              !message.from.isBot &&
              h(
                'span',
                { class: 'chat-tools' },
                h(
                  'button',
                  {
                    class: 'small secondary',
                    'data-testid': 'chat-mute-me',
                    title: `Hide ${message.from.name}'s messages (for you only)`,
                    onclick: () => toggleMute(message.from.playerId),
                  },
                  'Mute',
                ),
                message.id &&
                  h(
                    'button',
                    {
                      class: 'small secondary',
                      'data-testid': 'chat-report',
                      disabled: reported.has(message.id),
                      title: 'Report this message to the admins',
                      onclick: () => {
                        reported.add(message.id!);
                        socket.emit('table:chat-report', { tableId, messageId: message.id! });
                        redraw();
                      },
                    },
                    reported.has(message.id) ? 'Reported' : 'Report',
                  ),
                isHost &&
                  !hostMuted.includes(message.from.playerId) &&
                  h(
                    'button',
                    {
                      class: 'small secondary',
                      'data-testid': 'chat-host-mute',
                      title: 'Mute this player for everyone',
                      onclick: () => hostMute(message.from.playerId),
                    },
                    'Mute for all',
                  ),
              ),
          );
        }),
        mutedHere.map((muted) =>
          h(
            'div',
            { class: 'muted small', 'data-testid': 'chat-muted-note' },
            `${muted.name} is muted for you `,
            h(
              'button',
              { class: 'small secondary', 'data-testid': 'chat-unmute-me', onclick: () => toggleMute(muted.playerId) },
              'Unmute',
            ),
          ),
        ),
      );
    },
  };
}
