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

export function stakesText(stakes: TableSummary['stakes']): string {
  const parts: string[] = [];
  if (stakes.smallBet && stakes.bigBet) parts.push(`${chips(stakes.smallBet)}/${chips(stakes.bigBet)}`);
  else parts.push(`${chips(stakes.smallBlind)}/${chips(stakes.bigBlind)}`);
  if (stakes.ante) parts.push(`ante ${chips(stakes.ante)}`);
  if (stakes.bringIn) parts.push(`bring-in ${chips(stakes.bringIn)}`);
  return parts.join(' · ');
}

/** 1 → "1st", 2 → "2nd", 11 → "11th", 23 → "23rd". */
export function ordinal(count: number): string {
  const tens = count % 100;
  const suffix =
    tens >= 11 && tens <= 13 ? 'th' : (({ 1: 'st', 2: 'nd', 3: 'rd' } as Record<number, string>)[count % 10] ?? 'th');
  return `${count}${suffix}`;
}
