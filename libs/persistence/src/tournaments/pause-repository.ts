// A scheduled tournament's pause (issue 25, tournament-pause.ts) behind a named repository (issue 24
// item 4): the clock columns of `scheduled_tournaments`. The SQL is tournament-pause.ts's as it was.
// Pause and resume run in a tournament-wide transaction (the caller holds the exclusive advisory
// lock) and lock the tournament row: the methods take the caller's handle, so this repository holds
// no connection of its own.
import type { Tx } from '../ledger/ledger';

/** The clock columns of a tournament row. */
export interface PauseClockRow<Config = unknown, Reason extends string = string> {
  status: string;
  config: Config;
  step_index: number;
  step_started_at: Date | null;
  paused_reason: Reason | null;
  paused_at: Date | null;
}

export class TournamentPauseRepository {
  /** The clock columns, the tournament row locked. */
  async lockClock<Config, Reason extends string>(
    tx: Tx,
    id: number,
  ): Promise<PauseClockRow<Config, Reason> | undefined> {
    const [row] = await tx.$queryRaw<PauseClockRow<Config, Reason>[]>`
    SELECT status::text AS status, config, step_index, step_started_at, paused_reason, paused_at
    FROM scheduled_tournaments WHERE id = ${id} FOR UPDATE`;
    return row;
  }

  /** A pause begins now (`since: 'now'`), or a stronger reason replaces the one in force. */
  async setPaused(tx: Tx, id: number, reason: string, since: 'now' | 'unchanged'): Promise<void> {
    if (since === 'now') {
      await tx.$executeRaw`
      UPDATE scheduled_tournaments SET paused_reason = ${reason}, paused_at = now(), version = version + 1
      WHERE id = ${id}`;
    } else {
      await tx.$executeRaw`
      UPDATE scheduled_tournaments SET paused_reason = ${reason}, version = version + 1 WHERE id = ${id}`;
    }
  }

  /** The transaction's time (the database clock measures the pause). */
  async now(tx: Tx): Promise<Date> {
    const [{ now }] = await tx.$queryRaw<{ now: Date }[]>`SELECT now() AS now`;
    return now;
  }

  /** The pause ends; the step's start moves by the time paused. */
  async resume(tx: Tx, id: number, stepStartedAt: Date | null): Promise<void> {
    await tx.$executeRaw`
    UPDATE scheduled_tournaments
    SET paused_reason = NULL, paused_at = NULL, step_started_at = ${stepStartedAt}, version = version + 1
    WHERE id = ${id}`;
  }

  /** The pause ends with the tournament (a deal that ended it, a cancellation): the clock stays. */
  async clear(tx: Tx, id: number): Promise<void> {
    await tx.$executeRaw`UPDATE scheduled_tournaments SET paused_reason = NULL, paused_at = NULL WHERE id = ${id}`;
  }

  /** The pause in force, read without lock (lobby view). */
  async pauseOf<Reason extends string>(
    db: Pick<Tx, '$queryRaw'>,
    id: number,
  ): Promise<{ paused_reason: Reason | null; paused_at: Date | null } | undefined> {
    const [row] = await db.$queryRaw<{ paused_reason: Reason | null; paused_at: Date | null }[]>`
    SELECT paused_reason, paused_at FROM scheduled_tournaments WHERE id = ${id}`;
    return row;
  }
}

/** The pause repository holds no connection: one is enough. */
export const tournamentPauseRepository = new TournamentPauseRepository();
