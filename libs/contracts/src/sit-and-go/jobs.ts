// Payload of the Sit & Go job (queue `sit-and-go`): the bot fill, id `sng-mtt.<id>.bot-fill` (built
// in ../jobs/registry.ts). An instance is a tournament: its start, levels and payout are tournament jobs.
import { z } from 'zod';

const instanceId = z.number().int().positive();

/** Bots take the seats still free of an instance whose template allows it (`botFillAfterMs`). */
export const SitAndGoBotFillPayload = z.strictObject({ instanceId });
export type SitAndGoBotFillPayload = z.infer<typeof SitAndGoBotFillPayload>;
