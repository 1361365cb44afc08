// The payout of a Sit & Go or Spin instance (SitAndGoService.payout delegates here): the standings
// paid from the prize pool by the template's prize table (a Spin's by its drawn multiplier), ties
// sharing, `sng:<id>:prize:<userId>`; the winner's tournament chips retired to the issuer,
// `sng:<id>:retire:<userId>`; the instance finished (which reveals the seeds in the view). Moved out
// of the service to keep it readable; it shares the service's collaborators through the
// SitAndGoContext (sit-and-go-context.ts).
import { postInTransaction } from '@naiko/persistence';
import { paysNow, payStandings, sitAndGoPrizeTable, spinPrizeTable } from '@naiko/tournament';
import { prizeMovement, retireMovement } from '../tournaments/lifecycle-movements';
import { tournamentIdOf, type SitAndGoContext } from './sit-and-go-context';
import { groupsOf } from './standings';

export class SitAndGoPayout {
  constructor(private readonly context: SitAndGoContext) {}

  /**
   * The payout job: pays the standings from the prize pool (ties share), returns the winner's
   * tournament chips to the tournament's issuer, reveals the Spin seed. One transaction: a crash
   * leaves either nothing or everything paid, and a retry finds `finished`.
   */
  async payout(instanceId: number): Promise<void> {
    await this.context.store.transaction(async (tx) => {
      const row = await this.context.lock(tx, instanceId);
      if (!paysNow(row.status)) return; // a retry finds it finished
      const sitAndGoTemplate = row.template;
      const tournamentId = tournamentIdOf(instanceId);
      const groups = groupsOf(row.standings);
      let table = sitAndGoPrizeTable(sitAndGoTemplate);
      if (sitAndGoTemplate.kind === 'spin' && sitAndGoTemplate.spinTable && row.multiplier !== null) {
        const entry = sitAndGoTemplate.spinTable.entries.find((e) => e.multiplier === row.multiplier)!;
        table = spinPrizeTable(entry);
      }
      const payouts = payStandings(Number(row.prize_pool), table, groups);
      for (const payout of payouts) {
        const place = payout.bestPlace;
        if (payout.prize > 0) {
          await postInTransaction(tx, {
            idempotencyKey: `sng:${instanceId}:prize:${payout.playerId}`,
            reason: 'tournament_prize',
            refs: { tournamentId },
            movements: [prizeMovement(tournamentId, payout.playerId, payout.prize)],
          });
        }
        await this.context.store.markPaid(tx, tournamentId, payout.playerId, place, BigInt(payout.prize));
      }
      const stacks = await this.context.store.stacks(tournamentId, tx);
      for (const [userId, stack] of stacks) {
        if (stack <= 0) continue;
        await postInTransaction(tx, {
          idempotencyKey: `sng:${instanceId}:retire:${userId}`,
          reason: 'tournament_chips',
          refs: { tournamentId },
          movements: [retireMovement(tournamentId, userId)],
        });
      }
      await this.context.store.markFinished(tx, instanceId);
    });
    this.context.changed(instanceId);
  }
}
