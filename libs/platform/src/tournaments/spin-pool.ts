// The house "spin pool". A Spin collects 3 × buy-in into its prize pool but pays multiplier ×
// buy-in. The published table is exactly funded over its distribution (Σ weight × multiplier =
// 3 × Σ weight), not per game, so each game's difference runs through one house account:
//   prize < collected (2×): the surplus goes pool → spin pool;
//   prize > collected (3× pays exactly; 5× and up): the shortfall comes spin pool → pool.
// The spin pool is a `house` account in the chips book, so the ledger audit counts it as held chips.
// Its balance may not go negative (database CHECK), so before a shortfall is paid the house issues
// the missing float as a `grant` (issuer → spin pool, idempotent per instance): the audit's
// "held == granted" then still holds exactly, and Σ float grants is the subsidy paid so far.
import { Accounts, CHIPS_BOOK, type AccountSpec, type Movement } from '@naiko/persistence';

export const SPIN_POOL: AccountSpec = { key: 'house:spin-pool', book: CHIPS_BOOK, kind: 'house' };

export interface SpinPoolPlan {
  /** Chips the house must first issue into the spin pool (0 when it holds enough). */
  float: number;
  /** The movement between the tournament pool and the spin pool (null when prize == collected). */
  movement: Movement | null;
}

export function spinPoolPlan(
  tournamentId: string,
  collected: number,
  prize: number,
  spinPoolBalance: number,
): SpinPoolPlan {
  const pool = Accounts.tournamentPool(tournamentId);
  if (prize === collected) return { float: 0, movement: null };
  if (prize < collected) return { float: 0, movement: { from: pool, to: SPIN_POOL, amount: collected - prize } };
  const shortfall = prize - collected;
  return {
    float: Math.max(0, shortfall - spinPoolBalance),
    movement: { from: SPIN_POOL, to: pool, amount: shortfall },
  };
}
