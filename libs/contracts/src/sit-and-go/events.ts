// Socket contract of the Sit & Go lobby: a client watches an instance (`sitAndGoWatch`) and gets
// `sitAndGoUpdate` on every change (registration, start, level, bust, results). The hands are
// played at the instance's table like any tournament table: `table:watch` / `table:act` on
// `SitAndGoView.tableId` (libs/contracts/src/socket/tables.ts).
import { z } from 'zod';

export const SitAndGoWatchPayload = z.strictObject({ instanceId: z.number().int().positive() });
export type SitAndGoWatchPayload = z.infer<typeof SitAndGoWatchPayload>;

export type SitAndGoPhase = 'registering' | 'starting' | 'running' | 'paying' | 'finished' | 'cancelled';

export interface SitAndGoStandingRow {
  userId: string;
  username: string;
  seat: number | null;
  /** Tournament chips (0 once busted). */
  stack: number;
  place: number | null;
  prize: number;
}

export interface SitAndGoView {
  instanceId: number;
  templateId: string;
  instanceNumber: number;
  kind: 'sit-and-go' | 'spin';
  name: string;
  phase: SitAndGoPhase;
  seats: number;
  registered: number;
  buyIn: number;
  entryFee: number;
  startingStack: number;
  prizePool: number;
  /**
   * Spin: the commitment to the draw's seed (published before the draw), the multiplier once drawn, the seed at the
   * end.
   */
  spin: { commitment: string | null; multiplier: number | null; seed: string | null } | null;
  /** The seat draw: its commitment (published when the instance opened) and the seed once finished (seat-draw.ts). */
  seatDraw: { commitment: string | null; seed: string | null };
  /** The blind step in force and when the next one starts (ms since epoch; null on the last level). */
  clock: {
    kind: 'level' | 'break';
    levelNumber: number;
    smallBlind: number;
    bigBlind: number;
    ante: number;
    nextStepAt: number | null;
  } | null;
  handsPlayed: number;
  /**
   * The instance's table (`table:watch` / `table:act`, web `#/table/<id>`) once it started; null
   * before. A name-based UUID of the instance: the same on every copy and after a restart.
   */
  tableId: string | null;
  standings: SitAndGoStandingRow[];
}

export const SIT_AND_GO_CLIENT_EVENT_SCHEMAS = {
  sitAndGoWatch: SitAndGoWatchPayload,
} as const;

export interface SitAndGoClientEvents {
  /** Join the instance's room; the server answers with a `sitAndGoUpdate` at once and on every change. */
  sitAndGoWatch: (payload: SitAndGoWatchPayload) => void;
}

export interface SitAndGoServerEvents {
  sitAndGoUpdate: (payload: SitAndGoView) => void;
}
