// Thin BullMQ handlers of the `sit-and-go` queue; the service does the work idempotently.
import { Injectable } from '@nestjs/common';
import type { SitAndGoBotFillPayload, SitAndGoPayoutPayload, SitAndGoStartPayload, SitAndGoStepPayload } from '@naiko/contracts';
import { JobHandler } from '../jobs/job-handler.decorator';
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

  @JobHandler('sitAndGoBotFill')
  async botFill(p: SitAndGoBotFillPayload): Promise<{ bots: number }> {
    return { bots: await this.service.fillWithBots(p.instanceId) };
  }

  @JobHandler('sitAndGoPayout')
  async payout(p: SitAndGoPayoutPayload): Promise<void> {
    await this.service.payout(p.instanceId);
  }
}
