/**
 * One lifecycle for every tournament format (issue 21 item 2). A scheduled tournament, a Sit & Go
 * and a Spin go through the same phases, and every service that runs one asks these functions
 * which transition an operation may make; the formats differ only by their `LifecycleFormat`:
 *
 *   scheduled ─(registration opens)→ registering ─(start)→ running ─(one player left)→ paying
 *   ─(payout)→ finished; cancelled from any phase before paying.
 *
 * - A scheduled tournament opens its registration at a time and starts at a time; it may take
 *   entries while running (late registration, re-entry: libs/tournament registration.ts decides
 *   within that), and the admin may cancel it after the start (cancellation.ts pays the rule).
 * - A Sit & Go or a Spin opens at once and starts when its last seat is taken: `registering` →
 *   `starting` (the start job seats the players) → `running`. It takes no entry after it filled,
 *   and only its host may cancel it, only before it filled.
 * - A scheduled tournament that starts when full (its settings' `startWhenFull`) starts at the
 *   moment its last entry is taken, like a Sit & Go (`registering` → `starting` → `running`), or
 *   at its start time if it has not filled by then, like any scheduled tournament. Without a start
 *   time it is a Sit & Go: it starts when full and only then.
 *
 * Pure: the phase is the stored status; the services persist the phase these functions return.
 */
import type { BlindLevel, BlindStructure, ScheduledStep } from './blinds';
import { scheduleOf } from './blinds';

export type TournamentPhase =
  'scheduled' | 'registering' | 'starting' | 'running' | 'paying' | 'finished' | 'cancelled';

export interface LifecycleFormat {
  /** The format's name in messages. */
  readonly name: string;
  /** What starts play: the start time (and its job), the last seat taken, or whichever comes first. */
  readonly starts: 'at-time' | 'when-full' | 'at-time-or-full';
  /** Entries are taken while it runs (late registration; the registration rules decide until when). */
  readonly entersWhileRunning: boolean;
  /** It may be cancelled after the start (the published rule pays the players). */
  readonly cancelsAfterStart: boolean;
}

/** A scheduled tournament (TournamentsService). */
export const SCHEDULED_FORMAT: LifecycleFormat = {
  name: 'tournament',
  starts: 'at-time',
  entersWhileRunning: true,
  cancelsAfterStart: true,
};

/** A scheduled tournament that starts when full (or at its start time): no entry after the start. */
export const SCHEDULED_WHEN_FULL_FORMAT: LifecycleFormat = {
  name: 'tournament',
  starts: 'at-time-or-full',
  entersWhileRunning: false,
  cancelsAfterStart: true,
};

/**
 * A Sit & Go and a Spin (SitAndGoService), and any scheduled tournament without a start time: a
 * configuration of the same lifecycle.
 */
export const SIT_AND_GO_FORMAT: LifecycleFormat = {
  name: 'Sit & Go',
  starts: 'when-full',
  entersWhileRunning: false,
  cancelsAfterStart: false,
};

/** Why an operation may not run in a phase (the services' typed error codes). */
export type LifecycleRefusal = 'NOT_OPEN' | 'NOT_REGISTERED' | 'ALREADY_STARTED' | 'FINISHED' | 'CANCELLED';

/** A registration: null when the phase takes one. */
export function registrationRefusal(format: LifecycleFormat, phase: TournamentPhase): LifecycleRefusal | null {
  if (phase === 'registering') return null;
  if (phase === 'running' && format.entersWhileRunning) return null;
  if (phase === 'scheduled') return 'NOT_OPEN';
  if (phase === 'cancelled') return 'CANCELLED';
  return 'ALREADY_STARTED';
}

/** The phase after a registration: a format that starts when full starts when this one filled it. */
export function phaseAfterEntry(format: LifecycleFormat, phase: TournamentPhase, full: boolean): TournamentPhase {
  return format.starts !== 'at-time' && phase === 'registering' && full ? 'starting' : phase;
}

/** The open-registration job of a tournament that opens at a time: only from scheduled (a retry changes nothing). */
export function opensNow(phase: TournamentPhase): boolean {
  return phase === 'scheduled';
}

/** An unregistration: only while registering (nobody is registered before that). */
export function unregistrationRefusal(phase: TournamentPhase): LifecycleRefusal | null {
  if (phase === 'registering') return null;
  if (phase === 'scheduled') return 'NOT_REGISTERED';
  if (phase === 'cancelled') return 'CANCELLED';
  return 'ALREADY_STARTED';
}

/**
 * The start job: whether it seats the players now. A tournament starting at a time starts from
 * `registering` (its job opens a registration the open job has not opened yet: `scheduled` counts
 * too); a format starting when full from `starting`; one starting at whichever comes first from
 * any of the three. Any other phase: a retry, nothing to do.
 */
export function startsNow(format: LifecycleFormat, phase: TournamentPhase): boolean {
  const atTime = phase === 'scheduled' || phase === 'registering';
  if (format.starts === 'when-full') return phase === 'starting';
  if (format.starts === 'at-time-or-full') return atTime || phase === 'starting';
  return atTime;
}

/**
 * A cancellation. `'cancel'`: cancel now (a running tournament stops dealing and completes the
 * cancellation when its last hand ends); `'already'`: it is cancelled (a retry); a refusal: not in
 * this phase. Before play starts anybody allowed may cancel; after it, only a format that cancels
 * after the start, and not the host's cancel of his own event (`beforeStartOnly`): for those every
 * later phase is 'ALREADY_STARTED', a finished or cancelled one too.
 */
export function cancellation(
  format: LifecycleFormat,
  phase: TournamentPhase,
  opts: { beforeStartOnly?: boolean } = {},
): 'cancel' | 'already' | LifecycleRefusal {
  if (phase === 'scheduled' || phase === 'registering') return 'cancel';
  if (opts.beforeStartOnly || !format.cancelsAfterStart) return 'ALREADY_STARTED';
  if (phase === 'cancelled') return 'already';
  if (phase === 'paying' || phase === 'finished') return 'FINISHED';
  return 'cancel';
}

/**
 * A blind-step job for step `stepIndex` while step `inForce` is in force: `'apply'` it; `'done'`:
 * applied already or nothing runs (a retry: only its successor is enqueued again); `'early'`: its
 * predecessor is not applied yet (an error: the job is retried).
 */
export function stepDecision(phase: TournamentPhase, inForce: number, stepIndex: number): 'apply' | 'done' | 'early' {
  if (phase !== 'running' || inForce >= stepIndex) return 'done';
  return inForce === stepIndex - 1 ? 'apply' : 'early';
}

/** The blind level of step `stepIndex`, or null in a break (no hand starts in a break). */
export function levelInForce(structure: BlindStructure, stepIndex: number): BlindLevel | null {
  const step = structure.steps[stepIndex];
  return step?.kind === 'level' ? step : null;
}

/** The level number in force (a break counts as the level before it); 0 when not running (before the start). */
export function levelNumberInForce(phase: TournamentPhase, structure: BlindStructure, stepIndex: number): number {
  if (phase !== 'running') return 0;
  return scheduleOf(structure)[stepIndex]?.levelNumber ?? 0;
}

/** The step after the one in force and when it is due (the step in force's start + its length); null: none. */
export function nextStepDue(
  structure: BlindStructure,
  inForce: number,
  startedAtMs: number,
): { step: ScheduledStep; dueAtMs: number } | null {
  const step = scheduleOf(structure)[inForce + 1];
  if (!step) return null;
  return { step, dueAtMs: startedAtMs + structure.steps[inForce].durationMs };
}

/** The phase after a hand: paying once one player (or none: a satellite's seats decided) is left to play. */
export function phaseAfterHand(phase: TournamentPhase, finished: boolean): TournamentPhase {
  return phase === 'running' && finished ? 'paying' : phase;
}

/** The payout job pays only a tournament that is paying (a retry finds it finished). */
export function paysNow(phase: TournamentPhase): boolean {
  return phase === 'paying';
}

/** What an unfinished tournament waits for after a restart (its job is enqueued again: ids are idempotent). */
export function awaitedJob(
  format: LifecycleFormat,
  phase: TournamentPhase,
): 'schedule' | 'start' | 'next-step' | 'payout' | null {
  switch (phase) {
    case 'scheduled':
      return 'schedule';
    case 'registering':
      // A tournament starting at a time waits for its start job; a Sit & Go for its last seat.
      return format.starts === 'when-full' ? null : 'schedule';
    case 'starting':
      return 'start';
    case 'running':
      return 'next-step';
    case 'paying':
      return 'payout';
    default:
      return null;
  }
}
