// Cancellation of a scheduled tournament after its start (issue 25, the common published rule; the
// text players read is `CANCELLATION_RULES` below, shown on the tournament page):
//   1. players already out in the paid places get the prize of their place (ties share, as at the
//      end); a final-table deal already paid stays paid;
//   2. what is left in the prize pool is split among the players still in: half equally, half by
//      chip count (libs/tournament `cancellationAfterStartSplit`); fees are not returned.
//   Rebuys and add-ons are refunded in full before (price and fee, `refundPurchases`, keys
//   mtt:<id>:rebuy-refund:<entryId>) and the heads still standing go back (`payStandingHeads`), so
//   the pool split here is the entries' buy-ins less the prizes already paid.
// Runs inside the cancellation's tournament-wide transaction (the exclusive advisory lock is held),
// after the last hand in progress has ended, so the stacks are final. Ledger keys:
//   mtt:<id>:prize:<entryId> (a paid place, as the payout's), mtt:<id>:cancel:<userId> (the split).
import {
  Accounts,
  dealRepository,
  postInTransaction,
  tournamentPauseRepository,
  tournamentPrizeRepository as prizes,
  type Tx,
} from '@naiko/persistence';
import { cancellationAfterStartSplit, payStandings } from '@naiko/tournament';
import { entryIdOf, seatedPlayers } from './mtt-state';
import { prizeTableOf } from './tournament-config';
import type { TournamentRow } from './tournaments.service';
import { dealOfTournament } from './deal-records';

export const CANCELLATION_RULES: readonly string[] = [
  'Cancelled before the start: every buy-in and fee is refunded.',
  'Cancelled after the start: players already out in the paid places get their prize; what is left of the prize ' +
    'pool goes to the players still in, half shared equally and half in proportion to their chips. Fees are kept.',
  'Rebuys and add-ons are refunded in full (price and fee) whenever the tournament is cancelled, and every bounty ' +
    'still on a head goes back to its owner; bounties already won stay won.',
  'The tournament pauses by itself when more than half of the players left have been disconnected for 5 minutes, ' +
    'and resumes when they return; the clock stops meanwhile. The tournament director may cancel it.',
];

export interface CancelShare {
  userId: string;
  stack: number;
  equalPart: number;
  chipPart: number;
}

/** Pays the places already out in the money and splits the rest of the pool; returns the split. */
export async function payCancellationAfterStart(tx: Tx, tournamentRow: TournamentRow): Promise<CancelShare[]> {
  const bookId = `mtt-${tournamentRow.id}`;
  const reg = tournamentRow.state.registration;
  const entrants = reg.entries.filter((e) => e.status === 'active' || e.status === 'busted').length;
  const pool = entrants * tournamentRow.config.buyIn;
  const deal = await dealOfTournament(tx, tournamentRow.id);
  // A deal under discussion ends with the tournament; so does any pause.
  await dealRepository.voidUndecided(tx, tournamentRow.id);
  await tournamentPauseRepository.clear(tx, tournamentRow.id);
  const dealt = new Set((deal?.players ?? []).map((p) => p.userId));
  const table = prizeTableOf(tournamentRow.config, entrants);
  // Places already decided (busted entries); those in a paid deal were paid by the deal.
  const groups = (tournamentRow.state.standings?.groups ?? []).filter((g) => g.bestPlace <= table.paidPlaces);
  for (const standing of groups.length ? payStandings(pool, table, groups) : []) {
    const entry = reg.entries[entryIdOf(standing.playerId) - 1];
    if (standing.prize <= 0 || dealt.has(entry.playerId)) continue;
    await postInTransaction(tx, {
      idempotencyKey: `mtt:${tournamentRow.id}:prize:${entry.entryId}`,
      reason: 'tournament_prize',
      refs: { tournamentId: bookId },
      movements: [{ from: Accounts.tournamentPool(bookId), to: Accounts.user(entry.playerId), amount: standing.prize }],
    });
    await prizes.setResult(tx, bookId, entry.playerId, { prize: BigInt(standing.prize), place: standing.bestPlace });
  }
  // What the pool holds now is what nobody has been paid yet.
  const left = Number((await prizes.balance(tx, `pool:${bookId}`)) ?? 0n);
  const inPlay = await prizes.seatedStacks(tx, tournamentRow.id, bookId);
  const still = inPlay.map((x) => ({ userId: x.user_id, stack: Number(x.balance) })).filter((x) => x.stack > 0);
  if (still.length === 0 || left === 0 || seatedPlayers(tournamentRow.state) === 0) return [];
  const split = cancellationAfterStartSplit(
    left,
    still.map((x) => x.stack),
  );
  const out: CancelShare[] = [];
  for (const [index, holder] of still.entries()) {
    const { equalPart, chipPart, total } = split[index];
    out.push({ userId: holder.userId, stack: holder.stack, equalPart, chipPart });
    if (total > 0) {
      await postInTransaction(tx, {
        idempotencyKey: `mtt:${tournamentRow.id}:cancel:${holder.userId}`,
        reason: 'tournament_prize',
        refs: { tournamentId: bookId },
        movements: [{ from: Accounts.tournamentPool(bookId), to: Accounts.user(holder.userId), amount: total }],
      });
    }
    const before = await prizes.prizeOf(tx, bookId, holder.userId);
    await prizes.setResult(tx, bookId, holder.userId, { prize: (before ?? 0n) + BigInt(total) });
  }
  return out;
}
