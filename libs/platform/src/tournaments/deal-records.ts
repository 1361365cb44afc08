// Deal records and pure deal arithmetic (issue 25), apart from the FinalTableDeals provider so the
// tournament service's payout can use them without importing the provider (no import cycle).
import {
  dealRepository,
  type DealMethod,
  type DealPlayer,
  type DealRow,
  type DealStatus,
  type Tx,
} from '@naiko/persistence';
import { chipChopDeal, DealError, icmDeal, type Payout } from '@naiko/tournament';
import { entryKey } from './mtt-state';
import { TournamentError } from './tournaments.errors';

export type { DealMethod, DealPlayer, DealRow, DealStatus };

export interface DealRecord {
  dealId: number;
  method: DealMethod;
  leftToPlayFor: number;
  status: DealStatus;
  proposedBy: string;
  players: DealPlayer[] | null;
  acceptedBy: string[];
  forced: boolean;
}

export const record = (row: DealRow): DealRecord => ({
  dealId: row.id,
  method: row.method,
  leftToPlayFor: Number(row.left_to_play_for),
  status: row.status,
  proposedBy: row.proposed_by,
  players: row.players,
  acceptedBy: row.accepted_by,
  forced: row.forced,
});

/** The deal figures: each player's prize from his stack and the prizes of places 1..n. */
export function dealFigures(
  method: DealMethod,
  stacks: readonly number[],
  placePayouts: readonly number[],
  leftToPlayFor: number,
): number[] {
  const payouts = placePayouts.slice(0, stacks.length);
  const input = { stacks, payouts: payouts.length ? payouts : [0], leftToPlayFor };
  try {
    return (method === 'icm' ? icmDeal(input) : chipChopDeal(input)).prizes;
  } catch (err) {
    if (err instanceof DealError) throw new TournamentError('BAD_DEAL', err.message);
    throw err;
  }
}

/**
 * The payout after a deal: dealt entries are paid nothing more, except the winner of what was left
 * to play for; `dealPrize` is what the deal already paid (his result shows both).
 */
export function adjustPayoutsForDeal(
  payouts: readonly Payout[],
  deal: DealRecord | null,
): (Payout & { dealPrize: number })[] {
  const dealt = new Map((deal?.players ?? []).map((p) => [entryKey(p.entryId), p.prize]));
  return payouts.map((payout) => {
    const dealPrize = dealt.get(payout.playerId);
    if (dealPrize === undefined) return { ...payout, dealPrize: 0 };
    return { ...payout, prize: payout.bestPlace === 1 ? deal!.leftToPlayFor : 0, dealPrize };
  });
}

/** The deal applied in a tournament (null: none). */
export async function dealOfTournament(db: Pick<Tx, '$queryRaw'>, id: number): Promise<DealRecord | null> {
  const dealRow = await dealRepository.accepted(db, id);
  return dealRow ? record(dealRow) : null;
}
