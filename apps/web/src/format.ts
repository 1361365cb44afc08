// Display helpers shared by the pages.
import type { TableSummary } from '@naiko/contracts';

export const GAME_NAMES: Record<string, string> = {
  holdem: "Texas Hold'em",
  omaha: 'Omaha',
  omaha5: '5-Card Omaha',
  'omaha-hl': 'Omaha Hi/Lo',
  'omaha5-hl': '5-Card Omaha Hi/Lo',
  stud7: '7-Card Stud',
  'stud7-hl': '7-Card Stud Hi/Lo',
  soko: 'Soko',
  americana: 'Americana',
  telesina: 'Telesina',
  draw5: '5-Card Draw',
  draw27x3: '2-7 Triple Draw',
  draw32: '32-Card Draw',
  draw7a: 'Five Card Draw 7-A',
  'draw-classic': 'Classic Draw',
};

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
  const suffix = tens >= 11 && tens <= 13 ? 'th' : ({ 1: 'st', 2: 'nd', 3: 'rd' } as Record<number, string>)[n % 10] ?? 'th';
  return `${n}${suffix}`;
}
