// The payout of a scheduled tournament (TournamentsService.payout delegates here): the standings
// paid from the prize pool, or a satellite's seats with their winners registered in the target
// tournament in the same commit, the stacks retired, the tournament finished. Moved out of the
// service to keep it readable; it retires the stacks as a cancellation does (tournament-admin.ts)
// and registers seat winners as a registration does (tournament-registration.ts).
import { postInTransaction } from '@naiko/persistence';
import { paidEntries, paysNow, payStandings } from '@naiko/tournament';
import { payStandingHeads } from './bounty-awards';
import { adjustPayoutsForDeal, dealOfTournament } from './deal-records';
import { prizeMovement } from './lifecycle-movements';
import { lockExclusive } from './mtt-rows';
import { entryIdOf } from './mtt-state';
import { livePoolOf } from './rebuys';
import { paySatellite, registerSeatsInTx } from './satellites';
import { mttTournamentId } from './table-ids';
import { spinPrizePool } from './spin-start';
import { prizeTableOf } from './tournament-config';
import type { TournamentAdmin } from './tournament-admin';
import type { TournamentContext } from './tournament-context';
import type { ExtrasRow } from './tournament-extras';
import type { TournamentRegistration } from './tournament-registration';

export class TournamentPayout {
  constructor(
    private readonly context: TournamentContext,
    private readonly admin: TournamentAdmin,
    private readonly registration: TournamentRegistration,
  ) {}

  /**
   * The payout job: pays the standings from the prize pool (ties share), returns the winner's
   * tournament chips to the issuer. One transaction; a retry finds `finished`.
   */
  async payout(id: number): Promise<void> {
    const seats = await this.context.runs.exclusive(id, async (tx) => {
      const tournament = await this.context.lock(tx, id);
      if (!paysNow(tournament.status)) return; // a retry finds it finished
      const book = mttTournamentId(id);
      const reg = tournament.state.registration;
      const entrants = paidEntries(reg);
      // A Spin pays multiplier × buy-in (the spin pool settled the difference at the start).
      const pool =
        spinPrizePool(tournament.config, tournament.spin_multiplier) ??
        livePoolOf(
          tournament.config,
          entrants,
          (tournament as unknown as ExtrasRow).rebuys_bought ?? 0,
          (tournament as unknown as ExtrasRow).add_ons_bought ?? 0,
        );
      // Issue 25: a satellite pays seats (satellites.ts); the winner collects his own bounty.
      const seats = tournament.config.satellite
        ? await paySatellite(
            tx,
            id,
            tournament.config,
            pool,
            tournament.state.standings!.groups,
            (k) => reg.entries[entryIdOf(k) - 1],
          )
        : null;
      await payStandingHeads(tx, id, tournament.config, 'own');
      // A final-table deal paid its players already (final-table-deal.ts, issue 25).
      const standings = seats
        ? []
        : payStandings(
            pool,
            prizeTableOf(tournament.config, entrants, tournament.spin_multiplier),
            tournament.state.standings!.groups,
          );
      const payouts = seats ? [] : adjustPayoutsForDeal(standings, await dealOfTournament(tx, id));
      const best = new Map<string, { place: number; prize: number }>();
      for (const payout of payouts) {
        const entry = reg.entries[entryIdOf(payout.playerId) - 1];
        if (payout.prize > 0) {
          await postInTransaction(tx, {
            idempotencyKey: `mtt:${id}:prize:${entry.entryId}`,
            reason: 'tournament_prize',
            refs: { tournamentId: book },
            movements: [prizeMovement(book, entry.playerId, payout.prize)],
          });
        }
        const standing = best.get(entry.playerId) ?? { place: payout.bestPlace, prize: 0 };
        best.set(entry.playerId, {
          place: Math.min(standing.place, payout.bestPlace),
          prize: standing.prize + payout.prize + payout.dealPrize,
        });
      }
      for (const [userId, standing] of best) {
        await this.context.store.updateEntry(tx, book, userId, {
          status: 'finished',
          place: standing.place,
          prize: BigInt(standing.prize),
        });
      }
      await this.admin.retireStacks(tx, tournament);
      await this.context.store.markPaidOut(tx, id);
      // Issue 25: the seat winners are registered in the target in this same commit (satellites.ts).
      if (!seats) return null;
      const target = tournament.config.satellite!.targetTournamentId;
      await lockExclusive(tx, target);
      let running = false;
      let filled = false;
      await registerSeatsInTx(tx, tournament.config, seats, async (userId) => {
        const entered = await this.registration.registerInTx(tx, target, userId);
        running ||= entered.running;
        filled ||= entered.filled;
      });
      return { target, running, filled };
    });
    this.context.service.changed(id);
    if (seats) {
      // A seat winner took the target's last place, and it starts when full.
      if (seats.filled) await this.registration.startFilled(seats.target);
      // Late entries may open a table.
      if (seats.running) for (const listener of this.context.listeners) listener.started(seats.target);
      this.context.service.changed(seats.target);
    }
  }
}
