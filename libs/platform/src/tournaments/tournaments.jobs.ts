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
  async openRegistration(payload: TournamentPayload): Promise<void> {
    await this.service.openRegistration(payload.tournamentId);
  }

  @JobHandler('tournamentStart')
  async start(payload: TournamentPayload): Promise<{ status: string }> {
    return { status: await this.service.start(payload.tournamentId) };
  }

  @JobHandler('tournamentLevel')
  async level(payload: TournamentStepPayload): Promise<{ applied: boolean }> {
    return this.service.applyStep(payload);
  }

  @JobHandler('tournamentBreak')
  async break(payload: TournamentStepPayload): Promise<{ applied: boolean }> {
    return this.service.applyStep(payload);
  }

  @JobHandler('tournamentBalanceCheck')
  async balanceCheck(payload: TournamentBalancePayload): Promise<{ moves: number }> {
    return this.service.balanceCheck(payload);
  }

  /** After Redis lost its data: each unfinished tournament's next job again, from the database. */
  @ReconcileJobs('tournaments')
  async reconcile(): Promise<{ running: number[] }> {
    return { running: await this.service.resumeJobs() };
  }

  @JobHandler('tournamentPayout')
  async payout(payload: TournamentPayload): Promise<void> {
    await this.service.payout(payload.tournamentId);
  }
}
