// Every module of the platform in one process: the default `npm start`. Feature modules
// (lobby, tables, Sit & Go, tournaments) are added here as they land, and to their own app.
import { Module } from '@nestjs/common';
import { QUEUES } from '@naiko/contracts';
import { AccountsModule, FairPlayModule, LobbyModule, PlatformModule, WebModule, SitAndGoFeatureModule, TournamentsFeatureModule } from '@naiko/platform';

@Module({
  imports: [PlatformModule.forRoot({ app: 'all-in-one', consumeQueues: Object.values(QUEUES) }), AccountsModule.forRoot(), SitAndGoFeatureModule.forRoot(), TournamentsFeatureModule.forRoot(), LobbyModule, WebModule, FairPlayModule],
})
export class AllInOneModule {}
