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
  async start(payload: SitAndGoStartPayload): Promise<void> {
    await this.service.start(payload.instanceId);
  }

  @JobHandler('sitAndGoStep')
  async step(payload: SitAndGoStepPayload): Promise<{ applied: boolean }> {
    return this.service.applyStep(payload);
  }

  /** After Redis lost its data: each unfinished instance's next job (start, level, payout) again, from the database. */
  @ReconcileJobs('sit-and-go')
  async reconcile(): Promise<{ running: number[] }> {
    return { running: await this.service.resumeJobs() };
  }

  @JobHandler('sitAndGoBotFill')
  async botFill(payload: SitAndGoBotFillPayload): Promise<{ bots: number }> {
    return { bots: await this.service.fillWithBots(payload.instanceId) };
  }

  @JobHandler('sitAndGoPayout')
  async payout(payload: SitAndGoPayoutPayload): Promise<void> {
    await this.service.payout(payload.instanceId);
  }
}
