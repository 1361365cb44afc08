/**
 * Finishing places.
 *
 * - Players busted in the same hand (naiko/issue 7): the player with the larger stack at the start of
 *   that hand finishes higher; equal starting stacks share their places (and split those prizes).
 * - Hand-for-hand (issue 8, TDA/WSOP): players busted in the same hand-for-hand round at different
 *   tables tie. Combined with the same-table rule: at each table the round's busts are ranked by
 *   starting stack (equal stacks share a rank); players with the same rank at different tables tie,
 *   and a better rank finishes higher. Example: table A busts a1 (1,000) and a2 (500), table B busts
 *   b1 (700) with 12 players left: a1 and b1 share 10th–11th, a2 is 12th.
 *
 * Inside a tied group the order of `players` decides who gets the odd chips of the split (see
 * `payStandings`): larger starting stack first, then the caller's `order` (lower first; the platform
 * passes the seat's distance left of the button, the pot rule "nearest the button on the left", plus
 * table number × 100 across tables), then the input order.
 */
import { PlacesError } from './errors';
import type { FinishGroup } from './prizes';

export interface Bust {
  readonly playerId: string;
  /** Chips the player had when the hand started (before blinds and antes). */
  readonly startingStack: number;
  /** Table of the bust; only used for hand-for-hand rounds. */
  readonly tableId?: number;
  /** Odd-chip order inside a tie; lower gets the odd chip first. */
  readonly order?: number;
}

export type BustMode = 'same-hand' | 'hand-for-hand-round';

function checkBusts(playersBefore: number, busts: readonly Bust[]): void {
  if (!Number.isSafeInteger(playersBefore) || playersBefore < 2) {
    throw new PlacesError('bad-remaining', `players before the hand must be an integer >= 2, got ${playersBefore}`);
  }
  if (busts.length >= playersBefore) {
    throw new PlacesError('no-survivor', 'a hand (or round) cannot bust every remaining player');
  }
  const seen = new Set<string>();
  for (const bust of busts) {
    if (!Number.isSafeInteger(bust.startingStack) || bust.startingStack <= 0) {
      throw new PlacesError('bad-bust', `player ${bust.playerId}: starting stack must be a positive integer`);
    }
    if (seen.has(bust.playerId)) throw new PlacesError('duplicate-player', `player ${bust.playerId} busted twice`);
    seen.add(bust.playerId);
  }
}

/**
 * Places for the players busted in one hand (`same-hand`) or one hand-for-hand round. The busted
 * players take the places `playersBefore - busts + 1 .. playersBefore`. Returns the groups best first.
 */
export function placeBusts(playersBefore: number, busts: readonly Bust[], mode: BustMode = 'same-hand'): FinishGroup[] {
  checkBusts(playersBefore, busts);
  if (busts.length === 0) return [];
  // rank = how many busts at the same table (any table for `same-hand`) started with more chips,
  // counted as distinct stack sizes so equal stacks share a rank.
  const tableKey = (b: Bust) => (mode === 'hand-for-hand-round' ? (b.tableId ?? 0) : 0);
  const stacksByTable = new Map<number, number[]>();
  for (const bust of busts) {
    const list = stacksByTable.get(tableKey(bust)) ?? [];
    if (!list.includes(bust.startingStack)) list.push(bust.startingStack);
    stacksByTable.set(tableKey(bust), list);
  }
  for (const list of stacksByTable.values()) list.sort((x, y) => y - x);
  const indexed = busts.map((b, i) => ({ b, i, rank: stacksByTable.get(tableKey(b))!.indexOf(b.startingStack) }));
  indexed.sort(
    (x, y) =>
      x.rank - y.rank || y.b.startingStack - x.b.startingStack || (x.b.order ?? 0) - (y.b.order ?? 0) || x.i - y.i,
  );
  const groups: FinishGroup[] = [];
  let place = playersBefore - busts.length + 1;
  for (let k = 0; k < indexed.length;) {
    let end = k;
    while (end < indexed.length && indexed[end].rank === indexed[k].rank) end++;
    const players = indexed.slice(k, end).map((x) => x.b.playerId);
    groups.push({ bestPlace: place, players });
    place += players.length;
    k = end;
  }
  return groups;
}

/** Standings built up bust by bust; `remaining` counts players still in. */
export interface Standings {
  readonly remaining: number;
  /** Finished groups, best place first. */
  readonly groups: readonly FinishGroup[];
}

export function startStandings(entrants: number): Standings {
  if (!Number.isSafeInteger(entrants) || entrants < 1)
    throw new PlacesError('bad-remaining', `entrants must be >= 1, got ${entrants}`);
  return { remaining: entrants, groups: [] };
}

/** Records one hand's (or hand-for-hand round's) busts. */
export function recordBusts(standings: Standings, busts: readonly Bust[], mode: BustMode = 'same-hand'): Standings {
  if (busts.length === 0) return standings;
  const groups = placeBusts(standings.remaining, busts, mode);
  return { remaining: standings.remaining - busts.length, groups: [...groups, ...standings.groups] };
}

/** The last player standing takes 1st; the standings are then complete. */
export function recordWinner(standings: Standings, playerId: string): Standings {
  if (standings.remaining !== 1)
    throw new PlacesError('bad-remaining', `${standings.remaining} players are still in; no winner yet`);
  return { remaining: 0, groups: [{ bestPlace: 1, players: [playerId] }, ...standings.groups] };
}
