// Thin BullMQ handler of the `sit-and-go` queue: the bot fill. An instance's start, levels and payout
// are its tournament's jobs (../tournaments/tournaments.jobs.ts).
import { Injectable } from '@nestjs/common';
import type { SitAndGoBotFillPayload } from '@naiko/contracts';
import { JobHandler } from '../jobs/job-handler.decorator';
import { ReconcileJobs } from '../jobs/job-reconciler.service';
import { SitAndGoService } from './sit-and-go.service';

@Injectable()
export class SitAndGoJobs {
  constructor(private readonly service: SitAndGoService) {}

  @JobHandler('sitAndGoBotFill')
  async botFill(payload: SitAndGoBotFillPayload): Promise<{ bots: number }> {
    return { bots: await this.service.fillWithBots(payload.instanceId) };
  }

  /** After Redis lost its data: the bot-fill countdown of each instance waiting with players, from the database. */
  @ReconcileJobs('sit-and-go')
  async reconcile(): Promise<{ waiting: number[] }> {
    return { waiting: await this.service.resumeBotFills() };
  }
}
