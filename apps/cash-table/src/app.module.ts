// Hosts cash and private tables (one writer per table).
import { Module } from '@nestjs/common';
import { QUEUES } from '@naiko/contracts';
import { FairPlayModule, PlatformModule, TablesModule } from '@naiko/platform';

// A split-out service uses the configured PostgreSQL and Redis; it never falls back to embedded ones.
// The lobby (apps/lobby) routes table commands here through Redis, even to a single copy; several
// copies also need CLUSTER_MODE=redis (table leases, takeover).
const APP_DEFAULTS = { EMBEDDED_FALLBACK: 'false', TABLES_ROUTE: 'true' };

@Module({
  imports: [
    PlatformModule.forRoot({ app: 'cash-table', consumeQueues: [QUEUES.system], config: APP_DEFAULTS }),
    TablesModule,
    FairPlayModule,
  ],
})
export class CashTableModule {}
