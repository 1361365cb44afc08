// Payloads of the Sit & Go / Spin jobs (queue `sit-and-go`). The ids are built in
// ../jobs/registry.ts: `sng.<id>.start`, `sng.<id>.level.<n>` / `sng.<id>.break.<n>`, `sng.<id>.payout`.
import { z } from 'zod';

const instanceId = z.number().int().positive();

export const SitAndGoStartPayload = z.strictObject({ instanceId });
export type SitAndGoStartPayload = z.infer<typeof SitAndGoStartPayload>;

/** Puts blind step `stepIndex` (a level or a break) in force; the next hand uses it. */
export const SitAndGoStepPayload = z.strictObject({
  instanceId,
  stepIndex: z.number().int().min(1),
  kind: z.enum(['level', 'break']),
  /** Level number for a level; for a break, the level it follows (for the job id). */
  number: z.number().int().min(1),
});
export type SitAndGoStepPayload = z.infer<typeof SitAndGoStepPayload>;

/** Bots take the seats still free of an instance whose template allows it (`botFillAfterMs`). */
export const SitAndGoBotFillPayload = z.strictObject({ instanceId });
export type SitAndGoBotFillPayload = z.infer<typeof SitAndGoBotFillPayload>;

export const SitAndGoPayoutPayload = z.strictObject({ instanceId });
export type SitAndGoPayoutPayload = z.infer<typeof SitAndGoPayoutPayload>;
