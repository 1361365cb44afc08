// What the fair-play scan reads (issue 26 item 1) behind one named repository (issue 24 item 4):
// the completed hands of its window, their stored events (with each row's `created_at`, from which
// the scan takes decision times), which players are bots, and the cash tables' decision clocks.
// Read only; the signals themselves are libs/table's pure functions.
import type { PrismaClient } from '../generated/prisma/client';

export interface ScannedHandRow {
  id: string;
  table_id: string | null;
  players: { seat: number; userId: string }[];
}

export interface ScannedEventRow<Payload = unknown> {
  hand_id: string;
  seq: number;
  payload: Payload;
  created_at: Date;
}

/** The fair-play scan's reads (also the Nest token; `PrismaFairPlayScanRepository` implements it). */
export abstract class FairPlayScanRepository {
  /** The newest `limit` hands completed since `since`, newest first. */
  abstract completedHandsSince(since: Date, limit: number): Promise<ScannedHandRow[]>;
  /** The bots among these users. */
  abstract botIds(userIds: readonly string[]): Promise<string[]>;
  /** The stored events of these hands, by hand and seq. */
  abstract eventsOf<Payload>(handIds: readonly string[]): Promise<ScannedEventRow<Payload>[]>;
  /** The configs (JSON, shaped by the platform) of the cash tables among these ids. */
  abstract tableConfigs(tableIds: readonly string[]): Promise<{ id: string; config: unknown }[]>;
}

type Db = Pick<PrismaClient, '$queryRaw' | 'user' | 'cashTable'>;

export class PrismaFairPlayScanRepository implements FairPlayScanRepository {
  constructor(private readonly db: Db) {}

  completedHandsSince(since: Date, limit: number): Promise<ScannedHandRow[]> {
    return this.db.$queryRaw<ScannedHandRow[]>`
      SELECT id::text AS id, table_id, players FROM hands
      WHERE status = 'completed' AND ended_at >= ${since}
      ORDER BY ended_at DESC LIMIT ${limit}`;
  }

  async botIds(userIds: readonly string[]): Promise<string[]> {
    const bots = await this.db.user.findMany({
      where: { id: { in: [...userIds] }, isBot: true },
      select: { id: true },
    });
    return bots.map((bot) => bot.id);
  }

  eventsOf<Payload>(handIds: readonly string[]): Promise<ScannedEventRow<Payload>[]> {
    return this.db.$queryRaw<ScannedEventRow<Payload>[]>`
      SELECT hand_id::text AS hand_id, seq, payload, created_at FROM hand_events
      WHERE hand_id = ANY(${[...handIds]}::uuid[]) ORDER BY hand_id, seq`;
  }

  tableConfigs(tableIds: readonly string[]): Promise<{ id: string; config: unknown }[]> {
    return this.db.cashTable.findMany({
      where: { id: { in: [...tableIds] } },
      select: { id: true, config: true },
    });
  }
}
