// Sit & Go and Spin orchestration.
import { Module } from '@nestjs/common';
import { QUEUES } from '@naiko/contracts';
import { FairPlayModule, PlatformModule, SitAndGoFeatureModule } from '@naiko/platform';

// A split-out service uses the configured PostgreSQL and Redis; it never falls back to embedded ones.
// Sit & Go tables are table hosts reached by the tables gateway, but this service hosts no cash
// tables (apps/cash-table does): it must not reopen them nor run their crash rule.
const APP_DEFAULTS = { EMBEDDED_FALLBACK: 'false', TABLES_HOST: 'false' };

@Module({
  imports: [
    PlatformModule.forRoot({
      app: 'sit-and-go',
      consumeQueues: [QUEUES.system, QUEUES.sitAndGo],
      config: APP_DEFAULTS,
    }),
    SitAndGoFeatureModule.forRoot(),
    FairPlayModule,
  ],
})
export class SitAndGoModule {}
