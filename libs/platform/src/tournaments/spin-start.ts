// A Spin as a scheduled tournament (issue 21 item 2: the Sit & Go's formats as configurations of
// the one lifecycle). Its settings' `spin` is the published multiplier table; at creation a secret
// seed is drawn and its commitment published (spin-draw.ts); at the start the multiplier is drawn
// from that seed and the prize pool becomes multiplier × buy-in, the difference to the collected
// buy-ins running through the house spin pool (spin-pool.ts) in the start's own transaction; the
// payout pays the drawn multiplier's split. The seed is shown once the tournament has ended.
import { Accounts, postInTransaction, type Tx } from '@naiko/persistence';
import type { SpinMultiplier } from '@naiko/tournament';
import { drawFromSeed, newSpinSeed, spinCommitment } from './spin-draw';
import { SPIN_POOL, spinPoolPlan } from './spin-pool';
import { mttTournamentId } from './table-ids';
import type { TournamentSettings } from './tournament-config';
import type { TournamentContext } from './tournament-context';

/** The seed and its commitment a Spin is created with (nulls for any other tournament). */
export function spinSeedFor(settings: TournamentSettings): { spinSeed: string | null; spinCommitment: string | null } {
  if (!settings.spin) return { spinSeed: null, spinCommitment: null };
  const { seed } = newSpinSeed();
  return { spinSeed: seed, spinCommitment: spinCommitment(settings.spin, seed) };
}

/** The prize pool of a Spin once its multiplier is drawn (null: not a Spin, or not drawn yet). */
export function spinPrizePool(settings: TournamentSettings, multiplier: number | null): number | null {
  return settings.spin && multiplier !== null ? multiplier * settings.buyIn : null;
}

/**
 * The start of a Spin, in the start's transaction: draws the multiplier from the committed seed,
 * moves the difference between the collected buy-ins and the prize through the house spin pool (the
 * house first issues a float the spin pool cannot cover: a `grant` the audit counts), records it.
 */
export async function drawSpinAtStart(
  context: TournamentContext,
  tx: Tx,
  tournament: { id: number; config: TournamentSettings; spin_seed: string | null },
  entrants: number,
): Promise<SpinMultiplier | null> {
  const { config } = tournament;
  if (!config.spin || !tournament.spin_seed) return null;
  const drawn = drawFromSeed(config.spin, tournament.spin_seed);
  const book = mttTournamentId(tournament.id);
  const collected = config.buyIn * entrants;
  const balance = await context.store.accountBalance(tx, SPIN_POOL.key);
  const plan = spinPoolPlan(book, collected, drawn.multiplier * config.buyIn, Number(balance ?? 0n));
  if (plan.float > 0)
    await postInTransaction(tx, {
      idempotencyKey: `mtt:${tournament.id}:spin-float`,
      reason: 'grant',
      note: 'spin-pool float',
      refs: { tournamentId: book },
      movements: [{ from: Accounts.issuer(), to: SPIN_POOL, amount: plan.float }],
    });
  if (plan.movement)
    await postInTransaction(tx, {
      idempotencyKey: `mtt:${tournament.id}:spin-pool`,
      reason: 'tournament_entry',
      refs: { tournamentId: book },
      movements: [plan.movement],
    });
  await context.store.recordSpinMultiplier(tx, tournament.id, drawn.multiplier);
  return drawn;
}
