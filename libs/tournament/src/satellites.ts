/**
 * Satellites: the prizes are seats (entries) in a target tournament, each worth `seatValue` chips
 * (the target's buy-in + fee); what the pool cannot buy as a whole seat is paid in chips.
 *
 * Rules (written down, as the major rooms publish them):
 * - Seats: `floor(pool / seatValue)`, one to each of places 1..seats (all seat winners are equal).
 * - Remainder: `pool - seats × seatValue` in chips to the first place without a seat (seats + 1).
 *   A pool below one seat pays no seat: the remainder (the whole pool) goes to 1st.
 * - The paid places are the seat places (`satellitePaidPlaces`): the bubble is seats + 1 players
 *   left, and that is where hand-for-hand plays.
 * - Ties (a finish group, e.g. busts of one hand-for-hand round): a group entirely inside the seat
 *   places wins a seat each; a group that straddles the last seat shares its places' value in chips
 *   (seat value for each seat place, the remainder for the place after), nobody of it gets a seat —
 *   whole chips, the odd chips one each in the group's order, like `payStandings`.
 */
import { SatelliteError } from './errors';
import type { FinishGroup } from './prizes';
import type { Standings } from './places';

export interface SatelliteConfig {
  readonly seatValue: number;
}

export interface SatellitePrizes {
  readonly seats: number;
  readonly remainder: number;
}

export interface SatellitePayout {
  readonly playerId: string;
  readonly bestPlace: number;
  /** He wins a seat in the target tournament (paid as `prize` = seat value, then registered). */
  readonly seat: boolean;
  /** Chips paid from the pool (the seat's value for a seat). */
  readonly prize: number;
}

const isNonNegInt = (n: number) => Number.isSafeInteger(n) && n >= 0;

export function satellitePrizes(pool: number, config: SatelliteConfig): SatellitePrizes {
  if (!isNonNegInt(pool) || !Number.isSafeInteger(config.seatValue) || config.seatValue <= 0) {
    throw new SatelliteError('bad-config', 'a satellite needs a non-negative integer pool and a positive seat value');
  }
  const seats = Math.floor(pool / config.seatValue);
  return { seats, remainder: pool - seats * config.seatValue };
}

/** Places paid for the bubble and hand-for-hand: the seat places (1 when the pool buys no seat). */
export function satellitePaidPlaces(pool: number, config: SatelliteConfig): number {
  return Math.max(1, satellitePrizes(pool, config).seats);
}

/** The chips of each place (1st first): seat value for the seat places, then the remainder. */
export function satellitePlaceValues(pool: number, config: SatelliteConfig): number[] {
  const { seats, remainder } = satellitePrizes(pool, config);
  const out = new Array<number>(seats).fill(config.seatValue);
  if (remainder > 0) out.push(remainder);
  return out;
}

/** Pays finished standings: seats and chips, summing to `pool` when the groups cover the paid places. */
export function payStandingsWithSeats(
  pool: number,
  config: SatelliteConfig,
  groups: readonly FinishGroup[],
): SatellitePayout[] {
  const { seats } = satellitePrizes(pool, config);
  const values = satellitePlaceValues(pool, config);
  const seen = new Set<string>();
  const out: SatellitePayout[] = [];
  for (const group of groups) {
    const tied = group.players.length;
    if (tied === 0 || !Number.isSafeInteger(group.bestPlace) || group.bestPlace < 1) {
      throw new SatelliteError('bad-standings', 'a finish group needs players and a best place >= 1');
    }
    const worst = group.bestPlace + tied - 1;
    const seatEach = worst <= seats;
    let sum = 0;
    for (let p = group.bestPlace; p <= worst && p <= values.length; p++) sum += values[p - 1];
    const each = Math.floor(sum / tied);
    const odd = sum - each * tied;
    group.players.forEach((playerId, index) => {
      if (seen.has(playerId)) throw new SatelliteError('bad-standings', `player ${playerId} appears twice`);
      seen.add(playerId);
      out.push({
        playerId,
        bestPlace: group.bestPlace,
        seat: seatEach,
        prize: seatEach ? config.seatValue : each + (index < odd ? 1 : 0),
      });
    });
  }
  return out;
}

/**
 * The seats are decided once the players left are no more than the seats the pool buys: whoever is
 * left wins a seat whatever happens next, so the satellite stops there (the major rooms end it at
 * once; playing on would only risk a seat winner's chips for nothing). A pool below two seats never
 * stops early: its one seat (or its chips) goes to the last player standing.
 */
export function satelliteSeatsDecided(playersLeft: number, pool: number, config: SatelliteConfig): boolean {
  if (!isNonNegInt(playersLeft)) throw new SatelliteError('bad-standings', 'players left is a non-negative integer');
  const { seats } = satellitePrizes(pool, config);
  return seats >= 2 && playersLeft >= 1 && playersLeft <= seats;
}

/**
 * Closes the standings of a satellite whose seats are decided: the players left share 1st as one
 * finish group (places 1..n, all inside the seat places, so `payStandingsWithSeats` gives each a
 * seat). `players` are entry keys, exactly as many as the standings have players left.
 */
export function recordSeatWinners(standings: Standings, players: readonly string[]): Standings {
  if (players.length === 0 || players.length !== standings.remaining || new Set(players).size !== players.length) {
    throw new SatelliteError('bad-standings', `${standings.remaining} players are left; name each of them once`);
  }
  return { remaining: 0, groups: [{ bestPlace: 1, players: [...players] }, ...standings.groups] };
}

/** What one entry of the target tournament costs: its buy-in, its fee and its bounty (paid on top). */
export function targetEntryCost(target: { buyIn: number; fee: number; bounty?: number }): number {
  return target.buyIn + target.fee + (target.bounty ?? 0);
}

/**
 * A seat must buy the target's entry: a seat value below its buy-in + fee (+ bounty) would leave
 * each seat winner short at the registration. Refused when the satellite is created.
 */
export function checkSeatValue(seatValue: number, target: { buyIn: number; fee: number; bounty?: number }): void {
  const cost = targetEntryCost(target);
  if (!Number.isSafeInteger(seatValue) || seatValue < cost) {
    throw new SatelliteError(
      'seat-value-too-low',
      `a seat is worth ${seatValue} chips but the target's entry costs ${cost} ` +
        `(buy-in ${target.buyIn} + fee ${target.fee}` +
        `${target.bounty ? ` + bounty ${target.bounty}` : ''})`,
    );
  }
}
