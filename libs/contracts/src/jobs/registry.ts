// The typed job registry (DESIGN principle 9): every BullMQ queue and job name, the payload
// schema of each job, and how its idempotent job id is built. Producers enqueue through
// @naiko/platform's JobQueue with these names; a process that consumes a queue must register
// a handler for every job of that queue or it refuses to start. Job ids reuse database ids, so they
// are unique only within one database: the platform keeps the queues under the installation's
// Redis namespace `<REDIS_PREFIX>:<installation id>` (issue 29).
import { z } from 'zod';
import { SitAndGoBotFillPayload } from '../sit-and-go/jobs';
import { FairPlayScanPayload } from '../fair-play';
import {
  TournamentBalancePayload,
  TournamentPayload,
  TournamentSchedulePayload,
  TournamentStepPayload,
} from '../tournaments/jobs';

export const QUEUES = {
  /** Platform housekeeping: heartbeat. */
  system: 'system',
  /** Sit & Go and Spin: the bot fill (apps/sit-and-go); an instance's start, levels and payout are tournament jobs. */
  sitAndGo: 'sit-and-go',
  /** Scheduled multi-table tournaments: registration, start, levels, breaks, balancing, payout (apps/tournament). */
  tournament: 'tournament',
  /** Fair-play scans of the stored hands and the ledger (issue 26; apps/lobby). */
  fairPlay: 'fair-play',
} as const;

export type QueueName = (typeof QUEUES)[keyof typeof QUEUES];

export interface JobDefinition<Q extends QueueName, P extends z.ZodType> {
  queue: Q;
  payload: P;
  /** The idempotent job id: enqueuing the same logical job twice yields one job. */
  jobId: (payload: z.infer<P>) => string;
}

function define<Q extends QueueName, P extends z.ZodType>(def: JobDefinition<Q, P>): JobDefinition<Q, P> {
  return def;
}

export const HeartbeatPayload = z.strictObject({
  /** Which process scheduled it (app name + instance). */
  origin: z.string().min(1),
  /** A caller-chosen tag; one job per tag. */
  tag: z.string().min(1).max(100),
});
export type HeartbeatPayload = z.infer<typeof HeartbeatPayload>;

export const JOBS = {
  heartbeat: define({
    queue: QUEUES.system,
    payload: HeartbeatPayload,
    jobId: (p) => jobId('heartbeat', p.tag),
  }),
  sitAndGoBotFill: define({
    queue: QUEUES.sitAndGo,
    payload: SitAndGoBotFillPayload,
    // An instance is a tournament (issue 21 item 2): not the `sng` prefix of the old instances' ids.
    jobId: (p) => jobId('sng-mtt', p.instanceId, 'bot-fill'),
  }),
  tournamentOpenRegistration: define({
    queue: QUEUES.tournament,
    payload: TournamentPayload,
    jobId: (p) => jobId('tournament', p.tournamentId, 'open-registration'),
  }),
  tournamentStart: define({
    queue: QUEUES.tournament,
    payload: TournamentPayload,
    jobId: (p) => jobId('tournament', p.tournamentId, 'start'),
  }),
  tournamentLevel: define({
    queue: QUEUES.tournament,
    payload: TournamentStepPayload,
    jobId: (p) => jobId('tournament', p.tournamentId, 'level', p.number),
  }),
  tournamentBreak: define({
    queue: QUEUES.tournament,
    payload: TournamentStepPayload,
    jobId: (p) => jobId('tournament', p.tournamentId, 'break', p.number),
  }),
  tournamentBalanceCheck: define({
    queue: QUEUES.tournament,
    payload: TournamentBalancePayload,
    jobId: (p) => jobId('tournament', p.tournamentId, 'balance', p.version),
  }),
  tournamentPayout: define({
    queue: QUEUES.tournament,
    payload: TournamentPayload,
    jobId: (p) => jobId('tournament', p.tournamentId, 'payout'),
  }),
  /** The room's recurring tournament (config/room.json `hourlyTournament`): one job per start slot. */
  tournamentSchedule: define({
    queue: QUEUES.tournament,
    payload: TournamentSchedulePayload,
    jobId: (p) => jobId('tournament-schedule', p.slot),
  }),
  /** Fair-play signals over the stored hands and the ledger (issue 26): one scan per slot or tag. */
  fairPlayScan: define({
    queue: QUEUES.fairPlay,
    payload: FairPlayScanPayload,
    jobId: (p) => jobId('fair-play-scan', p.tag),
  }),
} as const;

export type JobName = keyof typeof JOBS;
export type JobPayload<J extends JobName> = z.infer<(typeof JOBS)[J]['payload']>;

/** Job names that live on `queue`. */
export function jobsOfQueue(queue: QueueName): JobName[] {
  return (Object.keys(JOBS) as JobName[]).filter((name) => JOBS[name].queue === queue);
}

/**
 * Builds a job id from parts, e.g. `jobId('tournament', 42, 'level', 7)` → `tournament.42.level.7`.
 * BullMQ rejects `:` in custom ids and purely numeric ids, so parts are joined with `.`.
 */
export function jobId(...parts: (string | number)[]): string {
  for (const part of parts) {
    if (String(part).includes(':')) throw new Error(`job id part "${part}" must not contain ":"`);
  }
  const id = parts.join('.');
  if (!id || /^\d+$/.test(id)) throw new Error(`job id "${id}" must not be empty or purely numeric`);
  return id;
}
