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

function numbers(v: unknown, field: string): number[] {
  if (!Array.isArray(v)) return fail(`${field} must be an array of numbers`);
  return v.map((x) => {
    const n = typeof x === 'bigint' ? Number(x) : x;
    if (typeof n !== 'number' || !Number.isFinite(n)) return fail(`${field} must hold numbers`);
    return n;
  });
}

function optionalNumber(v: unknown, field: string): number | undefined {
  if (v === undefined) return undefined;
  const n = typeof v === 'bigint' ? Number(v) : v;
  if (typeof n !== 'number' || !Number.isFinite(n)) return fail(`${field} must be a number`);
  return n;
}

/** `AcKd`, `????`, `Ac??`: two characters per card, `??` (or any `?`) = unknown. */
export function parsePhhCards(text: string): PhhCard[] {
  const t = text.replace(/\s+/g, '');
  if (t.length % 2) return fail(`bad card run ${JSON.stringify(text)}`);
  const out: PhhCard[] = [];
  for (let i = 0; i < t.length; i += 2) {
    const c = t.slice(i, i + 2);
    if (c.includes('?')) out.push(null);
    else if (/^[2-9TJQKA][cdhs]$/i.test(c)) out.push(c[0].toUpperCase() + c[1].toLowerCase());
    else fail(`bad card ${JSON.stringify(c)}`);
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
  const p = player(words[0]);
  switch (words[1]) {
    case 'f':
      return { kind: 'fold', player: p };
    case 'cc':
      return { kind: 'check-call', player: p };
    case 'cbr': {
      const to = Number(words[2]);
      if (!Number.isFinite(to)) return bad();
      return { kind: 'bet-raise', player: p, to };
    }
    case 'pb':
      return { kind: 'bring-in', player: p };
    case 'sd':
      return { kind: 'discard', player: p, cards: parsePhhCards(words.slice(2).join('')) };
    case 'sm':
      return { kind: 'show-muck', player: p, cards: parsePhhCards(words.slice(2).join('')) };
    default:
      return bad();
  }
}

/** Parses the text of one `.phh` file. Throws `PhhError('parse')` on malformed input. */
export function parsePhh(text: string): PhhHand {
  let t: Record<string, unknown>;
  try {
    t = parseToml(text) as Record<string, unknown>;
  } catch (e) {
    return fail(`TOML: ${(e as Error).message.split('\n')[0]}`);
  }
  if (typeof t.variant !== 'string') fail('variant missing');
  const startingStacks = numbers(t.starting_stacks, 'starting_stacks');
  const n = startingStacks.length;
  const perPlayer = (field: string): number[] => {
    if (t[field] === undefined) return new Array<number>(n).fill(0);
    const v = numbers(t[field], field);
    if (v.length !== n) fail(`${field} has ${v.length} entries for ${n} players`);
    return v;
  };
  if (!Array.isArray(t.actions) || t.actions.some((a) => typeof a !== 'string'))
    fail('actions must be an array of strings');
  const actions = (t.actions as string[]).map(parsePhhAction);
  for (const a of actions) if ('player' in a && a.player > n) fail(`p${a.player} does not exist with ${n} players`);
  const extra: Record<string, unknown> = {};
  for (const [k, v] of Object.entries(t)) if (!KNOWN.has(k)) extra[k] = v;
  const hand: PhhHand = {
    variant: t.variant as string,
    antes: perPlayer('antes'),
    blindsOrStraddles: perPlayer('blinds_or_straddles'),
    startingStacks,
    actions,
    extra,
  };
  const opt = (key: keyof PhhHand, field: string): void => {
    const v = optionalNumber(t[field], field);
    if (v !== undefined) (hand as unknown as Record<string, unknown>)[key] = v;
  };
  opt('bringIn', 'bring_in');
  opt('smallBet', 'small_bet');
  opt('bigBet', 'big_bet');
  opt('minBet', 'min_bet');
  if (t.finishing_stacks !== undefined) hand.finishingStacks = perPlayer('finishing_stacks');
  if (typeof t.ante_trimming_status === 'boolean') hand.anteTrimmingStatus = t.ante_trimming_status;
  return hand;
}

/**
 * The engine counts whole chips; hands recorded in fractional amounts (cash games in dollars and
 * cents, e.g. 1259450.25) are scaled by the smallest power of ten that makes every amount whole.
 * Returns the scaled hand (finishing stacks scaled too) and the factor.
 */
export function toWholeChips(hand: PhhHand): { hand: PhhHand; scale: number } {
  const amounts: number[] = [...hand.startingStacks, ...hand.antes, ...hand.blindsOrStraddles];
  for (const v of [hand.bringIn, hand.smallBet, hand.bigBet, hand.minBet]) if (v !== undefined) amounts.push(v);
  for (const a of hand.actions) if (a.kind === 'bet-raise') amounts.push(a.to);
  const whole = (s: number): boolean => amounts.every((x) => Math.abs(x * s - Math.round(x * s)) < 1e-6);
  let scale = 1;
  while (!whole(scale) && scale < 1e6) scale *= 10;
  if (scale === 1) return { hand, scale };
  if (!whole(scale)) return fail('amounts are not decimal numbers');
  const m = (x: number): number => Math.round(x * scale);
  const opt = (x: number | undefined): number | undefined => (x === undefined ? undefined : m(x));
  const scaled: PhhHand = {
    ...hand,
    startingStacks: hand.startingStacks.map(m),
    antes: hand.antes.map(m),
    blindsOrStraddles: hand.blindsOrStraddles.map(m),
    actions: hand.actions.map((a) => (a.kind === 'bet-raise' ? { ...a, to: m(a.to) } : a)),
  };
  for (const k of ['bringIn', 'smallBet', 'bigBet', 'minBet'] as const)
    if (hand[k] !== undefined) scaled[k] = opt(hand[k]);
  if (hand.finishingStacks) scaled.finishingStacks = hand.finishingStacks.map((x) => x * scale);
  return { hand: scaled, scale };
}
