// HTTP API + socket.io gateway: auth, lobby, private tables, spectating. Hosts no tables
// (TABLES_HOST=false by default, below): table commands are routed to the apps/cash-table copies.
import { Module } from '@nestjs/common';
import { QUEUES } from '@naiko/contracts';
import {
  AccountsModule,
  FairPlayModule,
  LobbyModule as LobbyFeatureModule,
  PlatformModule,
  WebModule,
} from '@naiko/platform';

// A split-out service uses the configured PostgreSQL and Redis; it never falls back to embedded ones
// (that would split its state from the other services'). The lobby hosts no tables: it lists every
// copy's tables from the Redis directory and routes each table command to the apps/cash-table copy
// that owns the table.
const APP_DEFAULTS = { EMBEDDED_FALLBACK: 'false', TABLES_HOST: 'false' };

@Module({
  imports: [
    PlatformModule.forRoot({ app: 'lobby', consumeQueues: [QUEUES.system, QUEUES.fairPlay], config: APP_DEFAULTS }),
    AccountsModule.forRoot(),
    LobbyFeatureModule,
    WebModule,
    FairPlayModule,
  ],
})
export class LobbyModule {}
