// Scheduled multi-table tournaments.
import { Module } from '@nestjs/common';
import { QUEUES } from '@naiko/contracts';
import { FairPlayModule, PlatformModule, TournamentsFeatureModule } from '@naiko/platform';

@Module({
  imports: [PlatformModule.forRoot({ app: 'tournament', consumeQueues: [QUEUES.system, QUEUES.tournament] }), TournamentsFeatureModule.forRoot(), FairPlayModule],
})
export class TournamentModule {}
