/**
 * Prize structures. A `PrizeTable` is the published share of the prize pool for each paid place, in
 * parts per million of the pool (ppm; 1,000,000 = the whole pool), grouped in bands of places paid
 * the same (1st, 2nd, ..., 9th, then 10–18, 19–27, ... as real rooms publish them).
 *
 * Published tables (`PRIZE_TABLES`), by number of entrants:
 *  - 2–3 entrants: winner takes all;  4–6: 65/35;  7–10 and 11–18: 50/30/20 (Sit & Go convention);
 *  - from 19 entrants up to 10,000: brackets (19–27, 28–36, ..., 9,001–10,000) paying 15% of the
 *    bracket's top (rounded; 1,500 places at 10,000 entrants). Each paid place gets a floor of
 *    1.5 buy-ins at the bracket's top size (min-cash), and the rest of the pool is shared in proportion
 *    to 1/place (band: the mean of 1/place over its places). Shares are rounded down to whole ppm and
 *    the ppm left over goes to 1st. The generation runs once at load with IEEE-exact operations only
 *    (+, *, /, floor), so every machine computes the same table; `prizeTableFor(n)` is the lookup.
 *
 * Chips: place prize = floor(pool × ppm / 1e6); the chips left over by the rounding (fewer than the
 * number of paid places) go one each to the higher places, 1st first. Payouts always sum to the pool.
 *
 * Ties: players sharing places share the sum of those places' prizes equally (places past the paid
 * ones count 0); the odd chips go one each to the tied players in the order given (better-ranked
 * first — `places.ts` documents how that order is made).
 */
import { PrizeError } from './errors';

export const PPM = 1_000_000;

export interface PrizeBand {
  readonly fromPlace: number;
  readonly toPlace: number;
  /** Share of the pool for EACH place of the band, in ppm. */
  readonly sharePpm: number;
}

export interface PrizeTable {
  readonly minEntrants: number;
  readonly maxEntrants: number;
  readonly paidPlaces: number;
  readonly bands: readonly PrizeBand[];
}

export const MAX_PUBLISHED_ENTRANTS = 10_000;

/** Upper bounds of the entrant brackets of the published tables. */
const BRACKET_TOPS = [
  3, 6, 10, 18, 27, 36, 45, 54, 63, 72, 81, 90, 100, 120, 150, 180, 200, 250, 300, 350, 400, 450, 500, 600, 700, 800,
  900, 1000, 1200, 1500, 1800, 2000, 2500, 3000, 3500, 4000, 4500, 5000, 6000, 7000, 8000, 9000, 10000,
];

const SMALL_FIELD_SHARES: Record<number, readonly number[]> = {
  3: [PPM],
  6: [650_000, 350_000],
  10: [500_000, 300_000, 200_000],
  18: [500_000, 300_000, 200_000],
};

/** Place bands: 1..9 one by one, then widths 9, 9, 18, 36, 72, ... (doubling), clipped to `paid`. */
function bandBounds(paid: number): [number, number][] {
  const out: [number, number][] = [];
  for (let p = 1; p <= Math.min(paid, 9); p++) out.push([p, p]);
  let from = 10;
  let width = 9;
  let bandsOfWidth = 0;
  while (from <= paid) {
    const to = Math.min(paid, from + width - 1);
    out.push([from, to]);
    from = to + 1;
    // The first two bands are 9 wide (10–18, 19–27); after that each band doubles.
    if (++bandsOfWidth >= 2) width *= 2;
  }
  return out;
}

function generatedTable(minEntrants: number, maxEntrants: number): PrizeTable {
  const paid = Math.floor((maxEntrants * 15 + 50) / 100);
  const bounds = bandBounds(paid);
  // Min-cash floor: 1.5 buy-ins of a field of `maxEntrants`, i.e. 1.5/maxEntrants of the pool.
  const floorPpm = Math.floor((3 * PPM) / (2 * maxEntrants));
  const rest = PPM - floorPpm * paid;
  let harmonic = 0;
  for (let p = 1; p <= paid; p++) harmonic += 1 / p;
  const bands = bounds.map(([from, to]) => {
    let sum = 0;
    for (let p = from; p <= to; p++) sum += 1 / p;
    const perPlaceWeight = sum / (to - from + 1);
    return { fromPlace: from, toPlace: to, sharePpm: floorPpm + Math.floor((rest * perPlaceWeight) / harmonic) };
  });
  const total = bands.reduce((s, b) => s + b.sharePpm * (b.toPlace - b.fromPlace + 1), 0);
  bands[0] = { ...bands[0], sharePpm: bands[0].sharePpm + (PPM - total) };
  return { minEntrants, maxEntrants, paidPlaces: paid, bands };
}

function buildTables(): PrizeTable[] {
  let min = 2;
  return BRACKET_TOPS.map((max) => {
    const small = SMALL_FIELD_SHARES[max];
    const table: PrizeTable = small
      ? {
          minEntrants: min,
          maxEntrants: max,
          paidPlaces: small.length,
          bands: small.map((sharePpm, i) => ({ fromPlace: i + 1, toPlace: i + 1, sharePpm })),
        }
      : generatedTable(min, max);
    min = max + 1;
    return validatePrizeTable(table);
  });
}

/** Checks a table (published or custom): bands contiguous from 1st, non-increasing, summing to 1e6. */
export function validatePrizeTable(table: PrizeTable): PrizeTable {
  const bad = (why: string) =>
    new PrizeError('bad-table', `prize table ${table.minEntrants}-${table.maxEntrants}: ${why}`);
  if (
    !Number.isSafeInteger(table.minEntrants) ||
    !Number.isSafeInteger(table.maxEntrants) ||
    table.minEntrants < 1 ||
    table.maxEntrants < table.minEntrants
  ) {
    throw bad('bad entrant range');
  }
  if (table.bands.length === 0) throw bad('no bands');
  let next = 1;
  let total = 0;
  let previousShare = Infinity;
  for (const band of table.bands) {
    if (band.fromPlace !== next || band.toPlace < band.fromPlace)
      throw bad(`bands must be contiguous from 1st (at ${band.fromPlace})`);
    if (!Number.isSafeInteger(band.sharePpm) || band.sharePpm <= 0)
      throw bad(`share of ${band.fromPlace} must be a positive integer`);
    if (band.sharePpm > previousShare) throw bad(`place ${band.fromPlace} is paid more than a better place`);
    previousShare = band.sharePpm;
    total += band.sharePpm * (band.toPlace - band.fromPlace + 1);
    next = band.toPlace + 1;
  }
  if (next - 1 !== table.paidPlaces) throw bad('paidPlaces does not match the bands');
  if (table.paidPlaces > table.minEntrants) throw bad('more places paid than entrants');
  if (total !== PPM) throw bad(`shares sum to ${total} ppm, not ${PPM}`);
  return table;
}

/** All published tables, ascending by entrants. */
export const PRIZE_TABLES: readonly PrizeTable[] = buildTables();

/** The published table for a field of `entrants` (2..10,000). */
export function prizeTableFor(entrants: number): PrizeTable {
  if (!Number.isSafeInteger(entrants) || entrants < 2 || entrants > MAX_PUBLISHED_ENTRANTS) {
    throw new PrizeError(
      'entrants-out-of-range',
      `published prize tables cover 2..${MAX_PUBLISHED_ENTRANTS} entrants, got ${entrants}`,
    );
  }
  // Binary search: the bracket whose top is the first >= entrants.
  let lo = 0;
  let hi = PRIZE_TABLES.length - 1;
  while (lo < hi) {
    const mid = (lo + hi) >> 1;
    if (PRIZE_TABLES[mid].maxEntrants >= entrants) hi = mid;
    else lo = mid + 1;
  }
  return PRIZE_TABLES[lo];
}

/** Shares per place (index 0 = 1st), expanded from the bands. */
export function placeShares(table: PrizeTable): number[] {
  const out: number[] = [];
  for (const band of table.bands) for (let p = band.fromPlace; p <= band.toPlace; p++) out.push(band.sharePpm);
  return out;
}

function checkPool(pool: number): void {
  if (!Number.isSafeInteger(pool) || pool < 0)
    throw new PrizeError('bad-pool', `prize pool must be a safe integer >= 0, got ${pool}`);
}

/**
 * Chips for each paid place (index 0 = 1st). Exact: the result sums to `pool`. BigInt keeps
 * pool × ppm exact beyond 2^53.
 */
export function placePrizes(pool: number, table: PrizeTable): number[] {
  checkPool(pool);
  const shares = placeShares(table);
  const big = BigInt(pool);
  const prizes = shares.map((s) => Number((big * BigInt(s)) / BigInt(PPM)));
  let left = pool - prizes.reduce((a, b) => a + b, 0);
  // Fewer than `paidPlaces` chips are left (each place lost < 1 chip); higher places get them first.
  for (let i = 0; left > 0; i = (i + 1) % prizes.length, left--) prizes[i]++;
  return prizes;
}

/** A set of players sharing consecutive places `bestPlace .. bestPlace + players.length - 1`. */
export interface FinishGroup {
  readonly bestPlace: number;
  /** Better-ranked first: the odd chips of a split go in this order. */
  readonly players: readonly string[];
}

export interface Payout {
  readonly playerId: string;
  readonly bestPlace: number;
  readonly worstPlace: number;
  readonly prize: number;
}

/**
 * Pays the standings. Groups must not overlap or repeat a player. When the groups cover every paid
 * place (a finished tournament), the payouts sum to `pool` exactly; players outside the paid places get
 * a payout of 0 and are listed too so the caller can record the result.
 */
export function payStandings(pool: number, table: PrizeTable, groups: readonly FinishGroup[]): Payout[] {
  const prizes = placePrizes(pool, table);
  const seenPlayers = new Set<string>();
  // Overlap check in O(g log g): sorted by best place, each group must end before the next begins.
  const byPlace = [...groups].sort((a, b) => a.bestPlace - b.bestPlace);
  for (let i = 1; i < byPlace.length; i++) {
    const prev = byPlace[i - 1];
    if (prev.bestPlace + prev.players.length - 1 >= byPlace[i].bestPlace) {
      throw new PrizeError('bad-standings', `places from ${prev.bestPlace} and from ${byPlace[i].bestPlace} overlap`);
    }
  }
  const out: Payout[] = [];
  for (const group of groups) {
    const tied = group.players.length;
    if (tied === 0 || !Number.isSafeInteger(group.bestPlace) || group.bestPlace < 1) {
      throw new PrizeError('bad-standings', 'a finish group needs players and a best place >= 1');
    }
    const worst = group.bestPlace + tied - 1;
    let sum = 0;
    for (let p = group.bestPlace; p <= worst && p <= prizes.length; p++) sum += prizes[p - 1];
    const each = Math.floor(sum / tied);
    const odd = sum - each * tied;
    group.players.forEach((playerId, index) => {
      if (seenPlayers.has(playerId)) throw new PrizeError('bad-standings', `player ${playerId} appears twice`);
      seenPlayers.add(playerId);
      out.push({ playerId, bestPlace: group.bestPlace, worstPlace: worst, prize: each + (index < odd ? 1 : 0) });
    });
  }
  return out;
}

/** One row of a prize table as the lobby shows it. */
export interface PrizeTableRow {
  /** "1", "2", ..., "10–18". */
  readonly places: string;
  readonly fromPlace: number;
  readonly toPlace: number;
  /** Share of the pool per place, in ppm. */
  readonly sharePpm: number;
  /** Share per place as a percentage text with four decimals, e.g. "9.9265%". */
  readonly percent: string;
  /** Chips per place for `pool` (the lowest place of the band when remainders differ). */
  readonly chipsEach: number | null;
}

/** The published table in lobby rows; with a pool, also the chips per place (exact `placePrizes`). */
export function prizeTableRows(table: PrizeTable, pool?: number): PrizeTableRow[] {
  const prizes = pool === undefined ? null : placePrizes(pool, table);
  return table.bands.map((band) => ({
    places: band.fromPlace === band.toPlace ? `${band.fromPlace}` : `${band.fromPlace}–${band.toPlace}`,
    fromPlace: band.fromPlace,
    toPlace: band.toPlace,
    sharePpm: band.sharePpm,
    percent: `${Math.floor(band.sharePpm / 10_000)}.${String(band.sharePpm % 10_000).padStart(4, '0')}%`,
    chipsEach: prizes ? prizes[band.toPlace - 1] : null,
  }));
}
