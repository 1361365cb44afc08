// HTTP API + socket.io gateway: auth, lobby, private tables, spectating. Hosts no tables
// (TABLES_HOST=false in main.ts): table commands are routed to the apps/cash-table copies.
import { Module } from '@nestjs/common';
import { QUEUES } from '@naiko/contracts';
import { AccountsModule, FairPlayModule, LobbyModule as LobbyFeatureModule, PlatformModule, WebModule } from '@naiko/platform';

@Module({
  imports: [PlatformModule.forRoot({ app: 'lobby', consumeQueues: [QUEUES.system, QUEUES.fairPlay] }), AccountsModule.forRoot(), LobbyFeatureModule, WebModule, FairPlayModule],
})
export class LobbyModule {}
