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

const n = (v: unknown): string =>
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
  let v = input;
  for (const p of path) v = v !== null && typeof v === 'object' ? (v as Record<PropertyKey, unknown>)[p] : undefined;
  return v;
}

/** One sentence for one zod issue (`input`: the body refused, to tell a missing field from a wrong one). */
export function issueSentence(issue: z.core.$ZodIssue, input?: unknown): string {
  const label = fieldLabel(issue.path);
  const i = issue as unknown as {
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
  switch (i.code) {
    case 'too_small':
      if (i.origin === 'string')
        return Number(i.minimum) <= 1
          ? `${label} must not be blank`
          : `${label} must be at least ${n(i.minimum)} characters`;
      if (i.origin === 'array') return `${label} needs at least ${n(i.minimum)}`;
      // positive(): "more than 0" is "at least 1" for the whole numbers every form field takes.
      return `${label} must be at least ${n(i.inclusive === false ? Number(i.minimum) + 1 : i.minimum)}`;
    case 'too_big':
      if (i.origin === 'string') return `${label} must be at most ${n(i.maximum)} characters`;
      if (i.origin === 'array') return `${label} takes at most ${n(i.maximum)}`;
      return `${label} must be at most ${n(i.inclusive === false ? Number(i.maximum) - 1 : i.maximum)}`;
    case 'invalid_type':
      if (input !== undefined && at(input, issue.path) === undefined) return `${label} is required`;
      if (i.expected === 'int' || i.expected === 'number') return `${label} must be a whole number`;
      return `${label} must be a ${i.expected}`;
    case 'invalid_value':
      if (input !== undefined && at(input, issue.path) === undefined) return `${label} is required`;
      return `${label} must be one of ${(i.values ?? []).map(String).join(', ')}`;
    case 'invalid_format':
      return `${label} is not valid (${issue.message})`;
    case 'unrecognized_keys':
      return `Unknown field${(i.keys ?? []).length > 1 ? 's' : ''}: ${(i.keys ?? []).join(', ')}`;
    default:
      return `${label}: ${issue.message}`;
  }
}

/** The message of a refused body: every issue, one sentence each. */
export function issuesMessage(error: z.ZodError, input?: unknown): string {
  return error.issues.map((i) => issueSentence(i, input)).join('. ') + '.';
}
