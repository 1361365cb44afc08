// Every module of the platform in one process: the default `npm start`. Feature modules
// (lobby, tables, Sit & Go, tournaments) are added here as they land, and to their own app.
import { Module } from '@nestjs/common';
import { QUEUES } from '@naiko/contracts';
import {
  AccountsModule,
  FairPlayModule,
  LobbyModule,
  PlatformModule,
  WebModule,
  SitAndGoFeatureModule,
  TournamentsFeatureModule,
} from '@naiko/platform';

// A single all-in-one process holds every socket and every table, so socket.io rooms need not span
// processes: without CLUSTER_MODE/INSTANCE_ID it leaves the Redis adapter out (it publishes every emit
// to Redis and decodes it back: ~10 % of the CPU under table load). As one of several copies it keeps
// it. SOCKET_REDIS_ADAPTER set in the environment always wins.
const APP_DEFAULTS = { SOCKET_REDIS_ADAPTER: 'auto' } as const;

@Module({
  imports: [
    PlatformModule.forRoot({ app: 'all-in-one', consumeQueues: Object.values(QUEUES), config: APP_DEFAULTS }),
    AccountsModule.forRoot(),
    SitAndGoFeatureModule.forRoot(),
    TournamentsFeatureModule.forRoot(),
    LobbyModule,
    WebModule,
    FairPlayModule,
  ],
})
export class AllInOneModule {}
