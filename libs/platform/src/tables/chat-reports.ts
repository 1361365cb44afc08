// Issue 23: a player's report of a chat message to the admins. Only a message the table really
// sent can be reported: its author and text come from the table's memory, not from the reporter.
import type { ChatReportRepository, ChatReportRow } from '@naiko/persistence';
import type { ChatReportView } from '@naiko/contracts';
import type { RoutedUser } from '../cluster/table-router';
import { TableHostError } from './host-errors';
import type { TableHost } from './table-host';

export class ChatReports {
  constructor(private readonly store: ChatReportRepository) {}

  /** Stores a report of a recent message of the table (the gateway checked the reporter watches it). */
  async report(host: TableHost, user: RoutedUser, messageId: string, reason?: string): Promise<ChatReportView> {
    const message = host.chatRules.find(messageId);
    if (message.from.playerId === user.sub) {
      throw new TableHostError('BAD_PAYLOAD', 'OWN_MESSAGE', 'you cannot report your own message');
    }
    const row = await this.store.report({
      tableId: host.tableId,
      messageId,
      reporterId: user.sub,
      reporterName: user.username,
      playerId: message.from.playerId,
      playerName: message.from.name,
      text: message.text,
      reason: reason?.trim() || null,
      saidAt: new Date(message.at),
    });
    return chatReportView(row);
  }

  /** The latest reports, newest first (the admin page). */
  async latest(limit = 100): Promise<ChatReportView[]> {
    const rows = await this.store.latest(limit);
    return rows.map(chatReportView);
  }
}

function chatReportView(row: ChatReportRow): ChatReportView {
  return { ...row, saidAt: row.saidAt.toISOString(), createdAt: row.createdAt.toISOString() };
}
