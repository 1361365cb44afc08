// Payloads of the scheduled-tournament jobs (queue `tournament`). Ids are built in
// ../jobs/registry.ts: `tournament.<id>.open-registration`, `tournament.<id>.start`,
// `tournament.<id>.level.<n>`, `tournament.<id>.break.<n>`, `tournament.<id>.balance.<version>`,
// `tournament.<id>.payout` (BullMQ refuses ':' in ids, so parts are joined with '.').
import { z } from 'zod';

const tournamentId = z.number().int().positive();

export const TournamentPayload = z.strictObject({ tournamentId });
export type TournamentPayload = z.infer<typeof TournamentPayload>;

/** Puts blind step `stepIndex` (a level or a break) in force; the next hand at each table uses it. */
export const TournamentStepPayload = z.strictObject({
  tournamentId,
  stepIndex: z.number().int().min(1),
  /** Level number for a level; for a break, the level it follows (for the job id). */
  number: z.number().int().min(1),
});
export type TournamentStepPayload = z.infer<typeof TournamentStepPayload>;

/** Runs the seating planner; `version` is the tournament's change counter when it was asked for. */
export const TournamentBalancePayload = z.strictObject({ tournamentId, version: z.number().int().min(0) });
export type TournamentBalancePayload = z.infer<typeof TournamentBalancePayload>;

/** The room's recurring tournament: creates the one starting at `slot` (epoch minutes), then the next. */
export const TournamentSchedulePayload = z.strictObject({ slot: z.number().int().positive() });
export type TournamentSchedulePayload = z.infer<typeof TournamentSchedulePayload>;
