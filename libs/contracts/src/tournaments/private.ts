// HTTP contract of private tournaments (issue 23.4): a host's Sit & Go or scheduled tournament for
// his invitees. The body gives the host's structure; the server checks it against the admin's
// limits (libs/platform/src/tournaments/private-limits.ts) and answers `OUTSIDE_LIMITS` with every
// field outside them. Private events charge no entry fee (home games: no rake).
import { z } from 'zod';
import { safeText } from '../text';

const int = (min: number) => z.number().int().min(min);

/** The games a tournament table deals (flop games with blinds); the admin's limits may allow fewer. */
export const PRIVATE_EVENT_GAMES = ['holdem', 'omaha', 'omaha5', 'omaha-hl', 'omaha5-hl'] as const;
export const PRIVATE_EVENT_STRUCTURES = ['no-limit', 'pot-limit', 'half-pot-limit', 'fixed-limit'] as const;

/** What both kinds share: game, buy-in, chips and the blind clock (levels on the standard ladder). */
const PrivateStructureFields = {
  name: safeText(1, 64),
  game: z.enum(PRIVATE_EVENT_GAMES),
  bettingStructure: z.enum(PRIVATE_EVENT_STRUCTURES),
  buyIn: int(0).max(10_000_000),
  startingStack: int(1).max(100_000_000),
  /** Length of each blind level. */
  levelDurationMs: int(1),
  /** A break every `breakEveryLevels` levels; 0 = no breaks. */
  breakDurationMs: int(0),
  breakEveryLevels: int(1).max(100),
  /** Time per decision at the table. */
  decisionMs: int(1),
};

export const PrivateSitAndGoBody = z.strictObject({
  ...PrivateStructureFields,
  /** Players at the one table; the game starts when they have all registered. */
  seats: int(2).max(10),
});
export type PrivateSitAndGoBody = z.infer<typeof PrivateSitAndGoBody>;

export const PrivateTournamentBody = z.strictObject({
  ...PrivateStructureFields,
  startsAt: z.iso.datetime(),
  minEntrants: int(2),
  maxEntrants: int(2).max(10_000),
  tableSize: int(2).max(10),
  /** Last level at which late entries are taken; 0 = none. */
  lateRegistrationUntilLevel: int(0).max(100),
});
export type PrivateTournamentBody = z.infer<typeof PrivateTournamentBody>;

export const PrivateInviteBody = z.strictObject({ username: safeText(1, 32) });
export type PrivateInviteBody = z.infer<typeof PrivateInviteBody>;

/** Join (and, with `register`, enter) with the code of an invite link. */
export const PrivateJoinBody = z.strictObject({
  code: z.string().regex(/^[A-Za-z0-9_-]{6,32}$/),
  register: z.boolean().optional(),
});
export type PrivateJoinBody = z.infer<typeof PrivateJoinBody>;

export type PrivateEventKind = 'sng' | 'mtt';

/** The admin's limits for hosts' private events (GET /private-events/limits). */
export interface PrivateEventLimits {
  games: readonly (typeof PRIVATE_EVENT_GAMES)[number][];
  bettingStructures: readonly (typeof PRIVATE_EVENT_STRUCTURES)[number][];
  buyIn: { min: number; max: number };
  startingStack: { min: number; max: number };
  levelDurationMs: { min: number; max: number };
  breakDurationMs: { min: number; max: number };
  decisionMs: { min: number; max: number };
  /** Sit & Go seats. */
  seats: { min: number; max: number };
  /** A scheduled private tournament's field. */
  maxEntrants: number;
  /** How far ahead a scheduled private tournament may start. */
  startWithinMs: number;
  /** Private events one host may have open (not started, not ended) at a time. */
  maxOpenPerHost: number;
}

/** One private event as its host and invitees see it (my games, the invite page). */
export interface PrivateEventSummary {
  kind: PrivateEventKind;
  eventId: number;
  name: string;
  /** The event's phase or status: registering, starting, running, ..., finished, cancelled. */
  status: string;
  hostId: string;
  hostName: string;
  /** Only for the host: the code of the invite link (`#/private/<kind>/<code>`). */
  inviteCode: string | null;
  buyIn: number;
  registered: number;
  /** Seats (Sit & Go) or the maximum field (tournament). */
  capacity: number;
  startsAt: string | null;
  youAreRegistered: boolean;
}
