// A player's hand history (the web client's GET /me/hands routes) behind one named repository
// (issue 24 item 4): his completed hands, a hand's end time, and whether the table or tournament a
// hand was played in is over (the deal seed is disclosed then). The hands themselves, their events
// and exports come from the HandStore.
import type { PrismaClient } from '../generated/prisma/client';

export interface HandHistoryRow {
  id: string;
  table_id: string | null;
  tournament_id: string | null;
  hand_number: number | null;
  variant: string | null;
  structure: string | null;
  started_at: Date;
  ended_at: Date | null;
}

/** What the hand history reads (also the Nest token; `PrismaHandHistoryRepository` implements it). */
export abstract class HandHistoryRepository {
  /** The user's latest 100 completed hands, newest first. */
  abstract completedHandsOf(userId: string): Promise<HandHistoryRow[]>;
  /** When the hand ended (throws when there is no such hand). */
  abstract endedAt(handId: string): Promise<Date | null>;
  /** A cash table's status, null when there is no such table. */
  abstract cashTableStatus(tableId: string): Promise<string | null>;
  /** A Sit & Go's status, null when there is no such instance. */
  abstract sitAndGoStatus(instanceId: number): Promise<string | null>;
  /** A scheduled tournament's status, null when there is no such tournament. */
  abstract tournamentStatus(tournamentId: number): Promise<string | null>;
}

type Db = Pick<PrismaClient, '$queryRaw' | 'hand' | 'cashTable' | 'sitAndGo' | 'scheduledTournament'>;

export class PrismaHandHistoryRepository implements HandHistoryRepository {
  constructor(private readonly db: Db) {}

  completedHandsOf(userId: string): Promise<HandHistoryRow[]> {
    return this.db.$queryRaw<HandHistoryRow[]>`
      SELECT id, table_id, tournament_id, hand_number, config->>'variant' AS variant, config->>'structure' AS structure, started_at, ended_at
      FROM hands
      WHERE status = 'completed' AND players @> ${JSON.stringify([{ userId }])}::jsonb
      ORDER BY started_at DESC
      LIMIT 100`;
  }

  async endedAt(handId: string): Promise<Date | null> {
    return (await this.db.hand.findUniqueOrThrow({ where: { id: handId }, select: { endedAt: true } })).endedAt;
  }

  async cashTableStatus(tableId: string): Promise<string | null> {
    return (await this.db.cashTable.findUnique({ where: { id: tableId }, select: { status: true } }))?.status ?? null;
  }

  async sitAndGoStatus(instanceId: number): Promise<string | null> {
    return (await this.db.sitAndGo.findUnique({ where: { id: instanceId }, select: { status: true } }))?.status ?? null;
  }

  async tournamentStatus(tournamentId: number): Promise<string | null> {
    return (
      (await this.db.scheduledTournament.findUnique({ where: { id: tournamentId }, select: { status: true } }))
        ?.status ?? null
    );
  }
}
