// Thin BullMQ handlers of the `tournament` queue; the service does the work idempotently under the
// tournament's row lock, so a retried or duplicated job changes nothing twice.
import { Injectable } from '@nestjs/common';
import type { TournamentBalancePayload, TournamentPayload, TournamentStepPayload } from '@naiko/contracts';
import { JobHandler } from '../jobs/job-handler.decorator';
import { ReconcileJobs } from '../jobs/job-reconciler.service';
import { TournamentsService } from './tournaments.service';

@Injectable()
export class TournamentJobs {
  constructor(private readonly service: TournamentsService) {}

  @JobHandler('tournamentOpenRegistration')
  async openRegistration(p: TournamentPayload): Promise<void> {
    await this.service.openRegistration(p.tournamentId);
  }

  @JobHandler('tournamentStart')
  async start(p: TournamentPayload): Promise<{ status: string }> {
    return { status: await this.service.start(p.tournamentId) };
  }

  @JobHandler('tournamentLevel')
  async level(p: TournamentStepPayload): Promise<{ applied: boolean }> {
    return this.service.applyStep(p);
  }

  @JobHandler('tournamentBreak')
  async break(p: TournamentStepPayload): Promise<{ applied: boolean }> {
    return this.service.applyStep(p);
  }

  @JobHandler('tournamentBalanceCheck')
  async balanceCheck(p: TournamentBalancePayload): Promise<{ moves: number }> {
    return this.service.balanceCheck(p);
  }

  /** After Redis lost its data: each unfinished tournament's next job again, from the database. */
  @ReconcileJobs('tournaments')
  async reconcile(): Promise<{ running: number[] }> {
    return { running: await this.service.resumeJobs() };
  }

  @JobHandler('tournamentPayout')
  async payout(p: TournamentPayload): Promise<void> {
    await this.service.payout(p.tournamentId);
  }
}
