// Scheduled multi-table tournaments.
import { Module } from '@nestjs/common';
import { QUEUES } from '@naiko/contracts';
import { FairPlayModule, PlatformModule, TournamentsFeatureModule } from '@naiko/platform';

// A split-out service uses the configured PostgreSQL and Redis; it never falls back to embedded ones.
// Tournament tables are table hosts reached by the tables gateway, but this service hosts no cash
// tables (apps/cash-table does): it must not reopen them nor run their crash rule.
const APP_DEFAULTS = { EMBEDDED_FALLBACK: 'false', TABLES_HOST: 'false' };

@Module({
  imports: [
    PlatformModule.forRoot({
      app: 'tournament',
      consumeQueues: [QUEUES.system, QUEUES.tournament],
      config: APP_DEFAULTS,
    }),
    TournamentsFeatureModule.forRoot(),
    FairPlayModule,
  ],
})
export class TournamentModule {}
