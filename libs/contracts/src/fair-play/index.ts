// Contract of fair play and responsible play (issue 26): the batch job's payload, the socket
// messages the server sends (reality check, a private table's host warned of a shared device or
// network, an admin's warning) and the HTTP bodies of reports, cool-offs and admin actions.
import { z } from 'zod';

/** `fair-play-scan.<tag>`: one scan of the stored hands and the ledger per tag (a time slot, or a caller's tag). */
export const FairPlayScanPayload = z.strictObject({
  tag: z
    .string()
    .min(1)
    .max(100)
    .regex(/^[A-Za-z0-9_-]+$/),
});
export type FairPlayScanPayload = z.infer<typeof FairPlayScanPayload>;

export const FAIR_PLAY_SIGNALS = ['chip-dump', 'soft-play', 'same-connection', 'bot-timing'] as const;
export type FairPlaySignal = (typeof FAIR_PLAY_SIGNALS)[number];

/** Sent every N minutes of play (REALITY_CHECK_MINUTES, or the player's own setting). */
export interface RealityCheckPayload {
  /** Minutes since the session began (first chips on a table). */
  minutesPlayed: number;
  /** Chips now (account + table stacks) minus chips when the session began. */
  netChips: number;
  sessionStartedAt: string;
  /** Minutes until the next check. */
  everyMinutes: number;
}

/** To a private table's host: a player sat down from the same device or network as someone seated. */
export interface SameConnectionWarningPayload {
  tableId: string;
  userId: string;
  username: string;
  matches: { userId: string; on: ('ip' | 'fingerprint')[] }[];
}

/** An admin's warning (also listed by GET /me/fair-play). */
export interface FairPlayWarningPayload {
  id: string;
  reason: string;
  createdAt: string;
}

export interface FairPlayServerEvents {
  'fairplay:reality-check': (payload: RealityCheckPayload) => void;
  'fairplay:same-connection': (payload: SameConnectionWarningPayload) => void;
  'fairplay:warning': (payload: FairPlayWarningPayload) => void;
}

export const COOL_OFF_PERIODS = {
  '24h': 24 * 3_600_000,
  '7d': 7 * 24 * 3_600_000,
  '30d': 30 * 24 * 3_600_000,
} as const;
export type CoolOffPeriod = keyof typeof COOL_OFF_PERIODS;
export const CoolOffBody = z.strictObject({ period: z.enum(['24h', '7d', '30d']) });
export type CoolOffBody = z.infer<typeof CoolOffBody>;

export const RealityCheckBody = z.strictObject({
  minutes: z
    .number()
    .int()
    .min(5)
    .max(24 * 60)
    .nullable(),
});
export type RealityCheckBody = z.infer<typeof RealityCheckBody>;

export const REPORT_REASONS = ['chip-dumping', 'collusion', 'bot', 'multi-accounting', 'abuse', 'other'] as const;
export const ReportBody = z.strictObject({
  reportedId: z.uuid(),
  reason: z.enum(REPORT_REASONS),
  text: z.string().max(1000).optional(),
  tableId: z.string().max(64).optional(),
  handId: z.uuid().optional(),
});
export type ReportBody = z.infer<typeof ReportBody>;

export const SANCTION_KINDS = ['warn', 'restrict-public', 'suspend', 'clawback'] as const;
export type SanctionKind = (typeof SANCTION_KINDS)[number];
export const SanctionBody = z.strictObject({
  userId: z.uuid(),
  kind: z.enum(SANCTION_KINDS),
  reason: z.string().min(1).max(500),
  flagId: z.uuid().optional(),
  reportId: z.uuid().optional(),
  /** restrict-public / suspend: days; absent = until lifted. */
  days: z.number().int().min(1).max(3650).optional(),
  /** clawback: chips to take back (from the account balance). */
  amount: z.number().int().min(1).max(1_000_000_000_000).optional(),
});
export type SanctionBody = z.infer<typeof SanctionBody>;

/** What the player's own account says (GET /me/fair-play). */
export interface MyFairPlayView {
  coolOffUntil: string | null;
  realityCheckMinutes: number;
  realityCheckIsDefault: boolean;
  restrictedFromPublicUntil: string | null | 'indefinite';
  suspendedUntil: string | null | 'indefinite';
  warnings: FairPlayWarningPayload[];
  /** There are no chip purchases (free top-ups only), hence no purchase limit to set. */
  purchases: 'none';
}
