// The stakes each hand is dealt with. Cash tables play their configured stakes forever; a
// tournament table (issue 7) plugs in its level clock. Asked once per hand, just before the deal.
import type { TableStakes } from '@naiko/table';

export interface BlindScheduleContext {
  handNumber: number;
  /** ms since epoch. */
  now: number;
  /** The table's configured stakes. */
  configured: TableStakes;
}

export interface BlindSchedule {
  stakesFor(ctx: BlindScheduleContext): TableStakes;
}

/** Cash tables: always the configured stakes (host changes go through updateSettings between hands). */
export const CONFIGURED_STAKES: BlindSchedule = { stakesFor: (ctx) => ctx.configured };
