// Chat reports (a player reporting another's table chat message) behind one named repository
// (issue 24 item 4). One report per reporter and message: reporting again changes nothing.
import type { PrismaClient } from '../generated/prisma/client';

export interface NewChatReport {
  tableId: string;
  messageId: string;
  reporterId: string;
  reporterName: string;
  playerId: string;
  playerName: string;
  text: string;
  reason: string | null;
  saidAt: Date;
}

export interface ChatReportRow extends NewChatReport {
  id: number;
  createdAt: Date;
}

/** The chat reports TablesService depends on (also the Nest token; `PrismaChatReportRepository` implements it). */
export abstract class ChatReportRepository {
  /** Stores the report, or returns the one this reporter already made of this message. */
  abstract report(report: NewChatReport): Promise<ChatReportRow>;
  /** The latest reports, newest first. */
  abstract latest(limit: number): Promise<ChatReportRow[]>;
}

type Db = Pick<PrismaClient, 'chatReport'>;

export class PrismaChatReportRepository implements ChatReportRepository {
  constructor(private readonly db: Db) {}

  report(report: NewChatReport): Promise<ChatReportRow> {
    return this.db.chatReport.upsert({
      where: { messageId_reporterId: { messageId: report.messageId, reporterId: report.reporterId } },
      create: report,
      update: {},
    });
  }

  latest(limit: number): Promise<ChatReportRow[]> {
    return this.db.chatReport.findMany({ orderBy: { id: 'desc' }, take: limit });
  }
}
