import { parse as parseToml } from 'smol-toml';
import { PhhError, type PhhAction, type PhhCard, type PhhHand } from './types';

/** Fields of the PHH model this module reads itself; everything else is kept in `extra`. */
const KNOWN = new Set([
  'variant',
  'antes',
  'blinds_or_straddles',
  'bring_in',
  'small_bet',
  'big_bet',
  'min_bet',
  'starting_stacks',
  'actions',
  'finishing_stacks',
  'ante_trimming_status',
]);

const fail = (message: string): never => {
  throw new PhhError('parse', message);
};

function numbers(raw: unknown, field: string): number[] {
  if (!Array.isArray(raw)) return fail(`${field} must be an array of numbers`);
  return raw.map((item) => {
    const parsed = typeof item === 'bigint' ? Number(item) : item;
    if (typeof parsed !== 'number' || !Number.isFinite(parsed)) return fail(`${field} must hold numbers`);
    return parsed;
  });
}

function optionalNumber(raw: unknown, field: string): number | undefined {
  if (raw === undefined) return undefined;
  const parsed = typeof raw === 'bigint' ? Number(raw) : raw;
  if (typeof parsed !== 'number' || !Number.isFinite(parsed)) return fail(`${field} must be a number`);
  return parsed;
}

/** `AcKd`, `????`, `Ac??`: two characters per card, `??` (or any `?`) = unknown. */
export function parsePhhCards(text: string): PhhCard[] {
  const compact = text.replace(/\s+/g, '');
  if (compact.length % 2) return fail(`bad card run ${JSON.stringify(text)}`);
  const out: PhhCard[] = [];
  for (let i = 0; i < compact.length; i += 2) {
    const token = compact.slice(i, i + 2);
    if (token.includes('?')) out.push(null);
    else if (/^[2-9TJQKA][cdhs]$/i.test(token)) out.push(token[0].toUpperCase() + token[1].toLowerCase());
    else fail(`bad card ${JSON.stringify(token)}`);
  }
  return out;
}

const player = (p: string): number => Number(p.slice(1));

/** One action line (`# comments` already removed by the TOML parser; a trailing ` # ...` is tolerated). */
export function parsePhhAction(line: string): PhhAction {
  const words = line.replace(/#.*$/, '').trim().split(/\s+/);
  const bad = (): never => fail(`bad action ${JSON.stringify(line)}`);
  if (words[0] === 'd') {
    if (words[1] === 'dh' && /^p\d+$/.test(words[2] ?? ''))
      return { kind: 'deal-hole', player: player(words[2]), cards: parsePhhCards(words.slice(3).join('')) };
    if (words[1] === 'db') return { kind: 'deal-board', cards: parsePhhCards(words.slice(2).join('')) };
    return bad();
  }
  if (!/^p\d+$/.test(words[0] ?? '') || player(words[0]) < 1) return bad();
  const playerIndex = player(words[0]);
  switch (words[1]) {
    case 'f':
      return { kind: 'fold', player: playerIndex };
    case 'cc':
      return { kind: 'check-call', player: playerIndex };
    case 'cbr': {
      const to = Number(words[2]);
      if (!Number.isFinite(to)) return bad();
      return { kind: 'bet-raise', player: playerIndex, to };
    }
    case 'pb':
      return { kind: 'bring-in', player: playerIndex };
    case 'sd':
      return { kind: 'discard', player: playerIndex, cards: parsePhhCards(words.slice(2).join('')) };
    case 'sm':
      return { kind: 'show-muck', player: playerIndex, cards: parsePhhCards(words.slice(2).join('')) };
    default:
      return bad();
  }
}

/** Parses the text of one `.phh` file. Throws `PhhError('parse')` on malformed input. */
export function parsePhh(text: string): PhhHand {
  let table: Record<string, unknown>;
  try {
    table = parseToml(text) as Record<string, unknown>;
  } catch (error) {
    return fail(`TOML: ${(error as Error).message.split('\n')[0]}`);
  }
  if (typeof table.variant !== 'string') fail('variant missing');
  const startingStacks = numbers(table.starting_stacks, 'starting_stacks');
  const playerCount = startingStacks.length;
  const perPlayer = (field: string): number[] => {
    if (table[field] === undefined) return new Array<number>(playerCount).fill(0);
    const values = numbers(table[field], field);
    if (values.length !== playerCount) fail(`${field} has ${values.length} entries for ${playerCount} players`);
    return values;
  };
  if (!Array.isArray(table.actions) || table.actions.some((a) => typeof a !== 'string'))
    fail('actions must be an array of strings');
  const actions = (table.actions as string[]).map(parsePhhAction);
  for (const action of actions)
    if ('player' in action && action.player > playerCount)
      fail(`p${action.player} does not exist with ${playerCount} players`);
  const extra: Record<string, unknown> = {};
  for (const [key, value] of Object.entries(table)) if (!KNOWN.has(key)) extra[key] = value;
  const hand: PhhHand = {
    variant: table.variant as string,
    antes: perPlayer('antes'),
    blindsOrStraddles: perPlayer('blinds_or_straddles'),
    startingStacks,
    actions,
    extra,
  };
  const opt = (key: keyof PhhHand, field: string): void => {
    const parsed = optionalNumber(table[field], field);
    if (parsed !== undefined) (hand as unknown as Record<string, unknown>)[key] = parsed;
  };
  opt('bringIn', 'bring_in');
  opt('smallBet', 'small_bet');
  opt('bigBet', 'big_bet');
  opt('minBet', 'min_bet');
  if (table.finishing_stacks !== undefined) hand.finishingStacks = perPlayer('finishing_stacks');
  if (typeof table.ante_trimming_status === 'boolean') hand.anteTrimmingStatus = table.ante_trimming_status;
  return hand;
}

/**
 * The engine counts whole chips; hands recorded in fractional amounts (cash games in dollars and
 * cents, e.g. 1259450.25) are scaled by the smallest power of ten that makes every amount whole.
 * Returns the scaled hand (finishing stacks scaled too) and the factor.
 */
export function toWholeChips(hand: PhhHand): { hand: PhhHand; scale: number } {
  const amounts: number[] = [...hand.startingStacks, ...hand.antes, ...hand.blindsOrStraddles];
  for (const amount of [hand.bringIn, hand.smallBet, hand.bigBet, hand.minBet])
    if (amount !== undefined) amounts.push(amount);
  for (const action of hand.actions) if (action.kind === 'bet-raise') amounts.push(action.to);
  const whole = (s: number): boolean => amounts.every((x) => Math.abs(x * s - Math.round(x * s)) < 1e-6);
  let scale = 1;
  while (!whole(scale) && scale < 1e6) scale *= 10;
  if (scale === 1) return { hand, scale };
  if (!whole(scale)) return fail('amounts are not decimal numbers');
  const toChips = (x: number): number => Math.round(x * scale);
  const opt = (x: number | undefined): number | undefined => (x === undefined ? undefined : toChips(x));
  const scaled: PhhHand = {
    ...hand,
    startingStacks: hand.startingStacks.map(toChips),
    antes: hand.antes.map(toChips),
    blindsOrStraddles: hand.blindsOrStraddles.map(toChips),
    actions: hand.actions.map((a) => (a.kind === 'bet-raise' ? { ...a, to: toChips(a.to) } : a)),
  };
  for (const key of ['bringIn', 'smallBet', 'bigBet', 'minBet'] as const)
    if (hand[key] !== undefined) scaled[key] = opt(hand[key]);
  if (hand.finishingStacks) scaled.finishingStacks = hand.finishingStacks.map((x) => x * scale);
  return { hand: scaled, scale };
}
