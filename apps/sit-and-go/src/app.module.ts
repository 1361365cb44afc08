// Sit & Go and Spin: the lobby, registration and the bot fill. An instance is a tournament without a
// start time: its start, levels and payout are tournament jobs (apps/tournament consumes them) and
// its table is dealt by a tournament runner (this app's or another copy's, by lease).
import { Module } from '@nestjs/common';
import { QUEUES } from '@naiko/contracts';
import { FairPlayModule, PlatformModule, SitAndGoFeatureModule, TournamentsFeatureModule } from '@naiko/platform';

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
    TournamentsFeatureModule.forRoot(),
    SitAndGoFeatureModule.forRoot(),
    FairPlayModule,
  ],
})
export class SitAndGoModule {}
