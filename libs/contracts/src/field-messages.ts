// Messages a person can act on (issue 22): a refused form names the field in words and says what
// to do — "Big blind must be at most 1,000,000,000,000", "Name must not be blank" — never a raw
// "invalid request". Built from zod issues; the HTTP answers keep the issues list beside it.
import type { z } from 'zod';

/** Field paths (joined with '.') → the words the forms use. */
export const FIELD_LABELS: Record<string, string> = {
  name: 'Name',
  game: 'Game',
  structure: 'Betting structure',
  bettingStructure: 'Betting structure',
  'stakes.smallBlind': 'Small blind',
  'stakes.bigBlind': 'Big blind',
  'stakes.ante': 'Ante',
  'stakes.bringIn': 'Bring-in',
  'stakes.smallBet': 'Small bet',
  'stakes.bigBet': 'Big bet',
  'buyIn.min': 'Minimum buy-in',
  'buyIn.max': 'Maximum buy-in',
  buyIn: 'Buy-in',
  fee: 'Fee',
  seats: 'Seats',
  homeGame: 'Home-game options',
  'homeGame.runItTwice': 'Run it twice',
  'homeGame.straddle': 'Straddle',
  'homeGame.bombPot': 'Bomb pot',
  'homeGame.bombPot.ante': 'Bomb-pot ante',
  'homeGame.bombPot.everyHands': 'Bomb pot every N hands',
  'homeGame.sevenDeuceBounty': '7-2 bounty',
  'homeGame.rabbitHunt': 'Rabbit hunt',
  startingStack: 'Starting stack',
  startsAt: 'Start time',
  registrationOpensAt: 'Registration opening',
  minEntrants: 'Minimum entrants',
  maxEntrants: 'Maximum entrants',
  tableSize: 'Table size',
  lateRegistrationUntilLevel: 'Late registration level',
  username: 'Username',
  password: 'Password',
  email: 'Email',
};

const formatNumber = (v: unknown): string =>
  typeof v === 'bigint' || typeof v === 'number' ? Number(v).toLocaleString('en-US') : String(v);

export function fieldLabel(path: readonly PropertyKey[]): string {
  const key = path.map(String).join('.');
  return (
    FIELD_LABELS[key] ??
    FIELD_LABELS[
      path
        .map(String)
        .filter((p) => !/^\d+$/.test(p))
        .join('.')
    ] ??
    (key ? key : 'The request')
  );
}

function at(input: unknown, path: readonly PropertyKey[]): unknown {
  let value = input;
  for (const key of path)
    value = value !== null && typeof value === 'object' ? (value as Record<PropertyKey, unknown>)[key] : undefined;
  return value;
}

/** One sentence for one zod issue (`input`: the body refused, to tell a missing field from a wrong one). */
export function issueSentence(issue: z.core.$ZodIssue, input?: unknown): string {
  const label = fieldLabel(issue.path);
  const details = issue as unknown as {
    code: string;
    minimum?: unknown;
    maximum?: unknown;
    inclusive?: boolean;
    origin?: string;
    expected?: string;
    values?: unknown[];
    input?: unknown;
    keys?: string[];
  };
  switch (details.code) {
    case 'too_small':
      if (details.origin === 'string')
        return Number(details.minimum) <= 1
          ? `${label} must not be blank`
          : `${label} must be at least ${formatNumber(details.minimum)} characters`;
      if (details.origin === 'array') return `${label} needs at least ${formatNumber(details.minimum)}`;
      // positive(): "more than 0" is "at least 1" for the whole numbers every form field takes.
      return `${label} must be at least ${formatNumber(details.inclusive === false ? Number(details.minimum) + 1 : details.minimum)}`;
    case 'too_big':
      if (details.origin === 'string') return `${label} must be at most ${formatNumber(details.maximum)} characters`;
      if (details.origin === 'array') return `${label} takes at most ${formatNumber(details.maximum)}`;
      return `${label} must be at most ${formatNumber(details.inclusive === false ? Number(details.maximum) - 1 : details.maximum)}`;
    case 'invalid_type':
      if (input !== undefined && at(input, issue.path) === undefined) return `${label} is required`;
      if (details.expected === 'int' || details.expected === 'number') return `${label} must be a whole number`;
      return `${label} must be a ${details.expected}`;
    case 'invalid_value':
      if (input !== undefined && at(input, issue.path) === undefined) return `${label} is required`;
      return `${label} must be one of ${(details.values ?? []).map(String).join(', ')}`;
    case 'invalid_format':
      return `${label} is not valid (${issue.message})`;
    case 'unrecognized_keys':
      return `Unknown field${(details.keys ?? []).length > 1 ? 's' : ''}: ${(details.keys ?? []).join(', ')}`;
    default:
      return `${label}: ${issue.message}`;
  }
}

/** The message of a refused body: every issue, one sentence each. */
export function issuesMessage(error: z.ZodError, input?: unknown): string {
  return error.issues.map((i) => issueSentence(i, input)).join('. ') + '.';
}
