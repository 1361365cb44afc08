// A paused scheduled tournament (issue 25): no table deals a new hand (`beginTableHand` refuses while
// `scheduled_tournaments.paused_reason` is set; the hand in progress at each table finishes) and
// the level clock is held: the next step's delayed job is moved far away at the pause, and at the
// resume `step_started_at` moves by the time paused and the job is due again when the step ends.
//
// Reasons, strongest first: `admin` (only the admin resumes), `deal` (a final-table deal under
// discussion; ends with the deal), `disconnections` (more than half of the players left are away;
// resumes automatically when they return). A stronger reason replaces a weaker one, never the reverse.
// Every function runs inside a tournament-wide transaction (the exclusive advisory lock is held).
import { tournamentPauseRepository as pauses, type PauseClockRow, type Tx } from '@naiko/persistence';
import { scheduleOf } from '@naiko/tournament';
import type { JobQueue } from '../jobs/job-queue.service';
import type { TournamentSettings } from './tournament-config';

export type PauseReason = 'admin' | 'deal' | 'disconnections';

const STRENGTH: Record<PauseReason, number> = { disconnections: 1, deal: 2, admin: 3 };

/** A year: the next step's job waits "for ever" while the tournament is paused. */
const HELD_MS = 365 * 24 * 3_600_000;

type ClockRow = PauseClockRow<TournamentSettings, PauseReason>;

function clockRow(tx: Tx, id: number): Promise<ClockRow | undefined> {
  return pauses.lockClock<TournamentSettings, PauseReason>(tx, id);
}

/**
 * The delayed job of the step after the one in force (null on the last step). On a pause it is held
 * (a job that failed for good stays so: it must not run now); on resume it is due again, and one
 * that failed for good is retried (`JobQueue.ensure`).
 */
async function nextStepJob(jobs: JobQueue, clock: ClockRow, id: number, delay: number, held: boolean) {
  const next = scheduleOf(clock.config.blindStructure)[clock.step_index + 1];
  if (!next) return;
  const payload = { tournamentId: id, stepIndex: next.stepIndex, number: next.levelNumber };
  const name = next.kind === 'level' ? 'tournamentLevel' : 'tournamentBreak';
  const job = await jobs.ensure(name, payload, { delay }, { revive: !held });
  if ((await job.getState()) === 'delayed') await job.changeDelay(delay);
}

/**
 * Pauses a running tournament for `reason` (a weaker reason already in force is replaced; a
 * stronger one stays). Returns whether the pause reason changed.
 */
export async function pauseTournament(tx: Tx, jobs: JobQueue, id: number, reason: PauseReason): Promise<boolean> {
  const clock = await clockRow(tx, id);
  if (!clock || clock.status !== 'running') return false;
  if (clock.paused_reason && STRENGTH[clock.paused_reason] >= STRENGTH[reason]) return false;
  if (!clock.paused_reason) {
    await pauses.setPaused(tx, id, reason, 'now');
    await nextStepJob(jobs, clock, id, HELD_MS, true);
  } else {
    await pauses.setPaused(tx, id, reason, 'unchanged');
  }
  return true;
}

/**
 * Ends the pause if it is for `reason` (or any reason when `reason` is omitted: the admin), moving
 * the clock on by the time paused. Returns whether the tournament resumed.
 */
export async function resumeTournament(tx: Tx, jobs: JobQueue, id: number, reason?: PauseReason): Promise<boolean> {
  const clock = await clockRow(tx, id);
  if (!clock || !clock.paused_reason || (reason && clock.paused_reason !== reason)) return false;
  const now = await pauses.now(tx);
  const pausedMs = clock.paused_at ? Math.max(0, now.getTime() - new Date(clock.paused_at).getTime()) : 0;
  const startedAt = clock.step_started_at ? new Date(new Date(clock.step_started_at).getTime() + pausedMs) : null;
  await pauses.resume(tx, id, startedAt);
  if (clock.status === 'running' && startedAt) {
    const step = clock.config.blindStructure.steps[clock.step_index];
    await nextStepJob(jobs, clock, id, Math.max(0, startedAt.getTime() + step.durationMs - now.getTime()), false);
  }
  return true;
}

/** The pause in force (lobby view): reason and since when (ms since epoch). */
export async function pauseOf(
  db: Pick<Tx, '$queryRaw'>,
  id: number,
): Promise<{ reason: PauseReason; since: number } | null> {
  const pause = await pauses.pauseOf<PauseReason>(db, id);
  return pause?.paused_reason
    ? { reason: pause.paused_reason, since: new Date(pause.paused_at ?? Date.now()).getTime() }
    : null;
}
