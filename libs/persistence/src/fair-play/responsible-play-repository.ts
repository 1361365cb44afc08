// Responsible play's rows (`responsible_play`, issue 26 item 4) behind one named repository (issue 24
// item 4): the cool-off, the reality-check interval and the play sessions the reality check reports
// on. ResponsiblePlayService and the standing check decide; the statements are the ones they held.
import type { PrismaClient, ResponsiblePlay } from '../generated/prisma/client';

/** A player with chips in play now and his chips in the chips book (account + table stacks). */
export interface PlayingRow {
  user_id: string;
  chips: bigint;
}

/** The responsible-play rows the platform depends on (Nest token; `PrismaResponsiblePlayRepository` implements it). */
export abstract class ResponsiblePlayRepository {
  /** Sets the cool-off to `until` unless a later one runs (never shortened); returns the one in force. */
  abstract coolOff(userId: string, until: Date): Promise<Date>;
  /** The stored cool-off end (past or future), null when none. */
  abstract coolOffUntil(userId: string): Promise<Date | null>;
  abstract setRealityCheckMinutes(userId: string, minutes: number | null): Promise<void>;
  /** The player's own interval; null: the server's default (also when he has no row). */
  abstract realityCheckMinutes(userId: string): Promise<number | null>;
  /**
   * Who plays now: non-bot users with chips on a cash table or an entry still playing in a
   * tournament, each with his chips (account + table stacks).
   */
  abstract playing(): Promise<PlayingRow[]>;
  /** Ends the sessions of everyone not among `playingIds` (one statement). */
  abstract endSessionsExcept(playingIds: readonly string[]): Promise<void>;
  /** Starts a session at `now` for each player without one (one statement for all of them). */
  abstract startSessions(playing: readonly PlayingRow[], now: Date): Promise<void>;
  /** The open sessions of these players. */
  abstract sessionsOf(userIds: readonly string[]): Promise<ResponsiblePlay[]>;
  /**
   * Claims the check due on this session: sets `last_check_at` to `now` only if the row still holds
   * the last check and session start the caller read, so of several copies exactly one gets true.
   */
  abstract claimCheck(
    session: Pick<ResponsiblePlay, 'userId' | 'lastCheckAt' | 'sessionStartedAt'>,
    now: Date,
  ): Promise<boolean>;
}

type Db = Pick<PrismaClient, '$queryRaw' | '$executeRaw' | 'responsiblePlay'>;

export class PrismaResponsiblePlayRepository implements ResponsiblePlayRepository {
  constructor(private readonly db: Db) {}

  async coolOff(userId: string, until: Date): Promise<Date> {
    // GREATEST: a cool-off is never shortened by choosing a shorter one while it runs.
    const [row] = await this.db.$queryRaw<{ cool_off_until: Date }[]>`
      INSERT INTO responsible_play (user_id, cool_off_until, updated_at) VALUES (${userId}::uuid, ${until}, now())
      ON CONFLICT (user_id) DO UPDATE SET cool_off_until = GREATEST(COALESCE(responsible_play.cool_off_until, ${until}), ${until}), updated_at = now()
      RETURNING cool_off_until`;
    return row.cool_off_until;
  }

  async coolOffUntil(userId: string): Promise<Date | null> {
    const row = await this.db.responsiblePlay.findUnique({ where: { userId }, select: { coolOffUntil: true } });
    return row?.coolOffUntil ?? null;
  }

  async setRealityCheckMinutes(userId: string, minutes: number | null): Promise<void> {
    await this.db.responsiblePlay.upsert({
      where: { userId },
      create: { userId, realityCheckMinutes: minutes },
      update: { realityCheckMinutes: minutes },
    });
  }

  async realityCheckMinutes(userId: string): Promise<number | null> {
    const row = await this.db.responsiblePlay.findUnique({ where: { userId }, select: { realityCheckMinutes: true } });
    return row?.realityCheckMinutes ?? null;
  }

  playing(): Promise<PlayingRow[]> {
    return this.db.$queryRaw<PlayingRow[]>`
      WITH players AS (
        SELECT DISTINCT a.user_id FROM chip_accounts a JOIN users u ON u.id = a.user_id
        WHERE a.kind = 'table_stack' AND a.balance > 0 AND NOT u.is_bot
        UNION
        SELECT DISTINCT e.user_id FROM tournament_entries e JOIN users u ON u.id = e.user_id
        WHERE e.status = 'playing' AND NOT u.is_bot
      )
      SELECT p.user_id::text AS user_id,
             COALESCE((SELECT SUM(balance) FROM chip_accounts c WHERE c.user_id = p.user_id AND c.kind IN ('user', 'table_stack')), 0)::bigint AS chips
      FROM players p`;
  }

  async endSessionsExcept(playingIds: readonly string[]): Promise<void> {
    await this.db.$executeRaw`
      UPDATE responsible_play SET session_started_at = NULL, session_start_chips = NULL, last_check_at = NULL
      WHERE session_started_at IS NOT NULL AND NOT (user_id = ANY(${[...playingIds]}::uuid[]))`;
  }

  async startSessions(playing: readonly PlayingRow[], now: Date): Promise<void> {
    const ids = playing.map((player) => player.user_id);
    await this.db.$executeRaw`
      INSERT INTO responsible_play (user_id, session_started_at, session_start_chips, updated_at)
      SELECT u, ${now}, c, now() FROM unnest(${ids}::uuid[], ${playing.map((player) => player.chips.toString())}::bigint[]) AS t(u, c)
      ON CONFLICT (user_id) DO UPDATE SET session_started_at = ${now}, session_start_chips = EXCLUDED.session_start_chips, last_check_at = NULL
      WHERE responsible_play.session_started_at IS NULL`;
  }

  sessionsOf(userIds: readonly string[]): Promise<ResponsiblePlay[]> {
    return this.db.responsiblePlay.findMany({
      where: { userId: { in: [...userIds] }, sessionStartedAt: { not: null } },
    });
  }

  async claimCheck(
    session: Pick<ResponsiblePlay, 'userId' | 'lastCheckAt' | 'sessionStartedAt'>,
    now: Date,
  ): Promise<boolean> {
    const claimed = await this.db.responsiblePlay.updateMany({
      where: { userId: session.userId, lastCheckAt: session.lastCheckAt, sessionStartedAt: session.sessionStartedAt },
      data: { lastCheckAt: now },
    });
    return claimed.count === 1;
  }
}
