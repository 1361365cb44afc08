// Display helpers shared by the pages.
import { TABLE_GAMES, type TableSummary } from '@naiko/contracts';

/** What the lobby calls each game, from the engine's list of games (through the contracts). */
export const GAME_NAMES: Record<string, string> = Object.fromEntries(
  TABLE_GAMES.map((game) => [game.id, game.shortName]),
);

export const STRUCTURE_NAMES: Record<string, string> = {
  'no-limit': 'NL',
  'pot-limit': 'PL',
  'half-pot-limit': '½PL',
  'fixed-limit': 'FL',
  'spread-limit': 'Spread',
};

export const chips = (n: number): string => n.toLocaleString('en-US');

export function stakesText(s: TableSummary['stakes']): string {
  const parts: string[] = [];
  if (s.smallBet && s.bigBet) parts.push(`${chips(s.smallBet)}/${chips(s.bigBet)}`);
  else parts.push(`${chips(s.smallBlind)}/${chips(s.bigBlind)}`);
  if (s.ante) parts.push(`ante ${chips(s.ante)}`);
  if (s.bringIn) parts.push(`bring-in ${chips(s.bringIn)}`);
  return parts.join(' · ');
}

/** 1 → "1st", 2 → "2nd", 11 → "11th", 23 → "23rd". */
export function ordinal(n: number): string {
  const tens = n % 100;
  const suffix =
    tens >= 11 && tens <= 13 ? 'th' : (({ 1: 'st', 2: 'nd', 3: 'rd' } as Record<number, string>)[n % 10] ?? 'th');
  return `${n}${suffix}`;
}
