// The admin's limits for hosts' private tournaments (issue 23.4) and the check of a host's chosen
// structure against them. Pure: no clock (the caller passes `now`), no I/O. A structure outside
// the limits is refused as a whole with every offending field named (`OUTSIDE_LIMITS`), so the
// host's form can mark each one; nothing is created.
//
// The blind levels are the standard ladder (libs/tournament BLIND_LADDER, 10/20 first) with the
// host's level length and breaks; big-blind antes from level 3 as in the house's turbo shapes.
import { PrivateSitAndGoBody, PrivateTournamentBody, issuesMessage, type PrivateEventLimits } from '@naiko/contracts';
import { BLIND_LADDER, GAME_MAX_SEATS, ladderStructure, type BlindStructure } from '@naiko/tournament';

const MINUTE = 60_000;

/** The house defaults; an app may pass its own (module option `privateLimits`). */
export const DEFAULT_PRIVATE_LIMITS: PrivateEventLimits = {
  games: ['holdem', 'omaha', 'omaha5', 'omaha-hl', 'omaha5-hl'],
  bettingStructures: ['no-limit', 'pot-limit', 'half-pot-limit', 'fixed-limit'],
  buyIn: { min: 0, max: 100_000 },
  startingStack: { min: 200, max: 100_000 },
  levelDurationMs: { min: 1 * MINUTE, max: 30 * MINUTE },
  breakDurationMs: { min: 0, max: 15 * MINUTE },
  decisionMs: { min: 5_000, max: 60_000 },
  seats: { min: 2, max: 10 },
  maxEntrants: 100,
  startWithinMs: 7 * 24 * 60 * MINUTE,
  maxOpenPerHost: 3,
};

/** A starting stack must cover at least this many big blinds of level 1 (10/20 → 200 chips). */
export const MIN_STARTING_BIG_BLINDS = 10;

export type PrivateEventErrorCode =
  | 'BAD_SETTINGS'
  | 'OUTSIDE_LIMITS'
  | 'NOT_FOUND'
  | 'NOT_INVITED'
  | 'NOT_HOST'
  | 'UNKNOWN_USER'
  | 'UNKNOWN_CODE'
  | 'TOO_MANY_OPEN'
  | 'ALREADY_STARTED';

export interface LimitViolation {
  field: string;
  message: string;
}

/** A refusal of the private-events API; `violations` lists each field outside the limits. */
export class PrivateEventError extends Error {
  constructor(
    readonly code: PrivateEventErrorCode,
    message: string,
    readonly violations: LimitViolation[] = [],
  ) {
    super(message);
    this.name = 'PrivateEventError';
  }
}

const fmt = (n: number) => n.toLocaleString('en-US');

function inRange(
  out: LimitViolation[],
  field: string,
  value: number,
  range: { min: number; max: number },
  unit = '',
): void {
  if (value < range.min || value > range.max) {
    out.push({
      field,
      message:
        `${field} must be between ${fmt(range.min)}${unit} and ${fmt(range.max)}${unit}` +
        ` (got ${fmt(value)}${unit})`,
    });
  }
}

type Shared = Pick<
  PrivateSitAndGoBody,
  'game' | 'bettingStructure' | 'buyIn' | 'startingStack' | 'levelDurationMs' | 'breakDurationMs' | 'decisionMs'
>;

function sharedViolations(settings: Shared, limits: PrivateEventLimits): LimitViolation[] {
  const out: LimitViolation[] = [];
  if (!limits.games.includes(settings.game))
    out.push({ field: 'game', message: `game ${settings.game} is not allowed (allowed: ${limits.games.join(', ')})` });
  if (!limits.bettingStructures.includes(settings.bettingStructure)) {
    out.push({
      field: 'bettingStructure',
      message: `${settings.bettingStructure} is not allowed (allowed: ${limits.bettingStructures.join(', ')})`,
    });
  }
  inRange(out, 'buyIn', settings.buyIn, limits.buyIn);
  inRange(out, 'startingStack', settings.startingStack, limits.startingStack);
  const firstBigBlind = BLIND_LADDER[0][1];
  if (settings.startingStack < MIN_STARTING_BIG_BLINDS * firstBigBlind) {
    out.push({
      field: 'startingStack',
      message:
        `startingStack must be at least ${MIN_STARTING_BIG_BLINDS} big blinds of level 1` +
        ` (${fmt(MIN_STARTING_BIG_BLINDS * firstBigBlind)})`,
    });
  }
  inRange(out, 'levelDurationMs', settings.levelDurationMs, limits.levelDurationMs, ' ms');
  if (settings.breakDurationMs > 0)
    inRange(out, 'breakDurationMs', settings.breakDurationMs, limits.breakDurationMs, ' ms');
  inRange(out, 'decisionMs', settings.decisionMs, limits.decisionMs, ' ms');
  return out;
}

function refuse(kind: string, out: LimitViolation[]): void {
  if (out.length)
    throw new PrivateEventError(
      'OUTSIDE_LIMITS',
      `${kind} outside the limits: ${out.map((v) => v.message).join('; ')}`,
      out,
    );
}

/** Parses and checks a host's Sit & Go; throws BAD_SETTINGS (malformed) or OUTSIDE_LIMITS. */
export function checkPrivateSitAndGo(input: unknown, limits: PrivateEventLimits): PrivateSitAndGoBody {
  const parsed = PrivateSitAndGoBody.safeParse(input);
  if (!parsed.success) throw new PrivateEventError('BAD_SETTINGS', issuesMessage(parsed.error, input));
  const settings = parsed.data;
  const out = sharedViolations(settings, limits);
  const max = GAME_MAX_SEATS[settings.game];
  const before = out.length;
  inRange(out, 'seats', settings.seats, limits.seats);
  if (out.length === before && max !== undefined && settings.seats > max)
    out.push({ field: 'seats', message: `${settings.game} seats at most ${max} players` });
  refuse('Sit & Go', out);
  return settings;
}

/** Parses and checks a host's scheduled tournament (`now` in ms); BAD_SETTINGS or OUTSIDE_LIMITS. */
export function checkPrivateTournament(input: unknown, limits: PrivateEventLimits, now: number): PrivateTournamentBody {
  const parsed = PrivateTournamentBody.safeParse(input);
  if (!parsed.success) throw new PrivateEventError('BAD_SETTINGS', issuesMessage(parsed.error, input));
  const settings = parsed.data;
  const out = sharedViolations(settings, limits);
  if (settings.maxEntrants > limits.maxEntrants)
    out.push({
      field: 'maxEntrants',
      message: `maxEntrants must be at most ${fmt(limits.maxEntrants)} (got ${fmt(settings.maxEntrants)})`,
    });
  if (settings.minEntrants > settings.maxEntrants)
    out.push({
      field: 'minEntrants',
      message: `minEntrants (${settings.minEntrants}) must not exceed maxEntrants (${settings.maxEntrants})`,
    });
  const max = GAME_MAX_SEATS[settings.game];
  const before = out.length;
  inRange(out, 'tableSize', settings.tableSize, limits.seats);
  if (out.length === before && max !== undefined && settings.tableSize > max)
    out.push({ field: 'tableSize', message: `${settings.game} seats at most ${max} players a table` });
  const startsAt = Date.parse(settings.startsAt);
  if (startsAt < now) out.push({ field: 'startsAt', message: 'startsAt is in the past' });
  else if (startsAt - now > limits.startWithinMs)
    out.push({ field: 'startsAt', message: `startsAt must be within ${fmt(limits.startWithinMs / 3_600_000)} hours` });
  refuse('tournament', out);
  return settings;
}

/** The host's blind structure: the standard ladder with his level length and breaks. */
export function privateBlindStructure(
  timing: Pick<Shared, 'levelDurationMs' | 'breakDurationMs'> & { breakEveryLevels: number },
): BlindStructure {
  return ladderStructure({
    name: 'private',
    levelMs: timing.levelDurationMs,
    breakMs: timing.breakDurationMs,
    breakEvery: timing.breakEveryLevels,
    anteFromLevel: 3,
    anteKind: 'big-blind-ante',
  });
}
