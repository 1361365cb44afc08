// Thin BullMQ handlers of the `sit-and-go` queue; the service does the work idempotently.
import { Injectable } from '@nestjs/common';
import type {
  SitAndGoBotFillPayload,
  SitAndGoPayoutPayload,
  SitAndGoStartPayload,
  SitAndGoStepPayload,
} from '@naiko/contracts';
import { JobHandler } from '../jobs/job-handler.decorator';
import { ReconcileJobs } from '../jobs/job-reconciler.service';
import { SitAndGoService } from './sit-and-go.service';

@Injectable()
export class SitAndGoJobs {
  constructor(private readonly service: SitAndGoService) {}

  @JobHandler('sitAndGoStart')
  async start(p: SitAndGoStartPayload): Promise<void> {
    await this.service.start(p.instanceId);
  }

  @JobHandler('sitAndGoStep')
  async step(p: SitAndGoStepPayload): Promise<{ applied: boolean }> {
    return this.service.applyStep(p);
  }

  /** After Redis lost its data: each unfinished instance's next job (start, level, payout) again, from the database. */
  @ReconcileJobs('sit-and-go')
  async reconcile(): Promise<{ running: number[] }> {
    return { running: await this.service.resumeJobs() };
  }

  @JobHandler('sitAndGoBotFill')
  async botFill(p: SitAndGoBotFillPayload): Promise<{ bots: number }> {
    return { bots: await this.service.fillWithBots(p.instanceId) };
  }

  @JobHandler('sitAndGoPayout')
  async payout(p: SitAndGoPayoutPayload): Promise<void> {
    await this.service.payout(p.instanceId);
  }
}
