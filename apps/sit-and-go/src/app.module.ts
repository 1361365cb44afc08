// Sit & Go and Spin orchestration.
import { Module } from '@nestjs/common';
import { QUEUES } from '@naiko/contracts';
import { FairPlayModule, PlatformModule, SitAndGoFeatureModule } from '@naiko/platform';

@Module({
  imports: [
    PlatformModule.forRoot({ app: 'sit-and-go', consumeQueues: [QUEUES.system, QUEUES.sitAndGo] }),
    SitAndGoFeatureModule.forRoot(),
    FairPlayModule,
  ],
})
export class SitAndGoModule {}
