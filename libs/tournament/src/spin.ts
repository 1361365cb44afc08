/**
 * Spin: three players, hyper-turbo, a prize multiplier drawn when the third player registers.
 *
 * The published table lists each multiplier with an integer weight (probability = weight / total) and
 * how the prize (multiplier × buy-in) splits among the places, in ppm of the prize. Fees are the
 * house's and never part of the prize.
 *
 * Funding of the default table (exact, no subsidy, no house edge on the buy-ins):
 *   expected prize = Σ weight × multiplier × buyIn / Σ weight = 3 × buyIn, i.e.
 *   Σ weight × multiplier = 3 × Σ weight: 600,000×2 + 254,200×3 + 102,480×5 + 40,000×10 + 3,000×25
 *   + 300×100 + 20×1000 = 3,000,000 = 3 × 1,000,000.
 * Frequent 2× draws (prize below the three buy-ins) pay for the rare big multipliers.
 */
import { SpinError } from './errors';
import { PPM, type PrizeTable, placePrizes, validatePrizeTable } from './prizes';
import { type RandomSource, randomInt } from './random';

export const SPIN_PLAYERS = 3;

export interface SpinMultiplier {
  readonly multiplier: number;
  readonly weight: number;
  /** Prize split by place (index 0 = 1st), ppm of the prize, summing to 1,000,000. */
  readonly splitPpm: readonly number[];
}

export interface SpinTable {
  readonly name: string;
  readonly entries: readonly SpinMultiplier[];
}

export const DEFAULT_SPIN_TABLE: SpinTable = {
  name: 'spin-standard-v1',
  entries: [
    { multiplier: 2, weight: 600_000, splitPpm: [PPM] },
    { multiplier: 3, weight: 254_200, splitPpm: [PPM] },
    { multiplier: 5, weight: 102_480, splitPpm: [PPM] },
    { multiplier: 10, weight: 40_000, splitPpm: [PPM] },
    { multiplier: 25, weight: 3_000, splitPpm: [800_000, 100_000, 100_000] },
    { multiplier: 100, weight: 300, splitPpm: [800_000, 100_000, 100_000] },
    { multiplier: 1000, weight: 20, splitPpm: [900_000, 50_000, 50_000] },
  ],
};

const validated = new WeakSet<SpinTable>();

export function validateSpinTable(table: SpinTable): SpinTable {
  // Tables are immutable published values: checking one once is enough (draws happen per game).
  if (validated.has(table)) return table;
  const bad = (why: string) => new SpinError('bad-spin-table', `${table.name}: ${why}`);
  if (table.entries.length === 0) throw bad('no multipliers');
  let totalWeight = 0;
  const seen = new Set<number>();
  for (const spinMultiplier of table.entries) {
    if (!Number.isSafeInteger(spinMultiplier.multiplier) || spinMultiplier.multiplier < 1)
      throw bad(`multiplier ${spinMultiplier.multiplier} must be an integer >= 1`);
    if (seen.has(spinMultiplier.multiplier)) throw bad(`multiplier ${spinMultiplier.multiplier} is listed twice`);
    seen.add(spinMultiplier.multiplier);
    if (!Number.isSafeInteger(spinMultiplier.weight) || spinMultiplier.weight < 1)
      throw bad(`weight of ${spinMultiplier.multiplier}x must be an integer >= 1`);
    if (spinMultiplier.splitPpm.length < 1 || spinMultiplier.splitPpm.length > SPIN_PLAYERS)
      throw bad(`${spinMultiplier.multiplier}x pays 1..${SPIN_PLAYERS} places`);
    if (spinMultiplier.splitPpm.reduce((a, b) => a + b, 0) !== PPM)
      throw bad(`${spinMultiplier.multiplier}x split does not sum to ${PPM}`);
    for (let i = 0; i < spinMultiplier.splitPpm.length; i++) {
      if (
        !Number.isSafeInteger(spinMultiplier.splitPpm[i]) ||
        spinMultiplier.splitPpm[i] <= 0 ||
        (i > 0 && spinMultiplier.splitPpm[i] > spinMultiplier.splitPpm[i - 1])
      ) {
        throw bad(`${spinMultiplier.multiplier}x split must be positive integers, best place first`);
      }
    }
    totalWeight += spinMultiplier.weight;
  }
  if (totalWeight > 0x1_0000_0000) throw bad('total weight exceeds 2^32');
  validated.add(table);
  return table;
}

export interface SpinFunding {
  readonly totalWeight: number;
  /** Σ weight × multiplier × buyIn (the expected prize × totalWeight). */
  readonly weightedPrize: bigint;
  /** totalWeight × 3 × buyIn (the buy-ins × totalWeight). */
  readonly weightedBuyIns: bigint;
  /** weightedPrize − weightedBuyIns: 0 = exactly funded, > 0 = subsidised by the house, < 0 = house edge. */
  readonly weightedSubsidy: bigint;
  readonly exactlyFunded: boolean;
}

/** Expected payout against buy-ins in exact integer arithmetic (everything scaled by the total weight). */
export function spinTableFunding(table: SpinTable, buyIn: number): SpinFunding {
  validateSpinTable(table);
  if (!Number.isSafeInteger(buyIn) || buyIn < 1)
    throw new SpinError('bad-buy-in', `buy-in must be a positive integer, got ${buyIn}`);
  let totalWeight = 0;
  let weightedPrize = 0n;
  for (const spinMultiplier of table.entries) {
    totalWeight += spinMultiplier.weight;
    weightedPrize += BigInt(spinMultiplier.weight) * BigInt(spinMultiplier.multiplier) * BigInt(buyIn);
  }
  const weightedBuyIns = BigInt(totalWeight) * BigInt(SPIN_PLAYERS) * BigInt(buyIn);
  const weightedSubsidy = weightedPrize - weightedBuyIns;
  return { totalWeight, weightedPrize, weightedBuyIns, weightedSubsidy, exactlyFunded: weightedSubsidy === 0n };
}

/**
 * Draws a multiplier: one uniform integer in [0, total weight) from the injected source, then the
 * entry whose cumulative weight range contains it (entries in table order). The platform passes a
 * CSPRNG (or the engine's committed hash stream) so the draw can be published and verified.
 */
export function drawSpinMultiplier(table: SpinTable, rng: RandomSource): SpinMultiplier {
  validateSpinTable(table);
  let total = 0;
  for (const multiplier of table.entries) total += multiplier.weight;
  let ticket = randomInt(rng, total);
  for (const multiplier of table.entries) {
    if (ticket < multiplier.weight) return multiplier;
    ticket -= multiplier.weight;
  }
  throw new SpinError('bad-spin-table', 'unreachable: draw outside the weights');
}

/** The prize table of a drawn multiplier, usable with `placePrizes`/`payStandings`. */
export function spinPrizeTable(entry: SpinMultiplier): PrizeTable {
  return validatePrizeTable({
    minEntrants: SPIN_PLAYERS,
    maxEntrants: SPIN_PLAYERS,
    paidPlaces: entry.splitPpm.length,
    bands: entry.splitPpm.map((sharePpm, i) => ({ fromPlace: i + 1, toPlace: i + 1, sharePpm })),
  });
}

/** Prize pool and per-place chips for a drawn multiplier (exact; remainders to the higher places). */
export function spinPrizes(entry: SpinMultiplier, buyIn: number): { prizePool: number; places: number[] } {
  if (!Number.isSafeInteger(buyIn) || buyIn < 1)
    throw new SpinError('bad-buy-in', `buy-in must be a positive integer, got ${buyIn}`);
  const prizePool = entry.multiplier * buyIn;
  return { prizePool, places: placePrizes(prizePool, spinPrizeTable(entry)) };
}
