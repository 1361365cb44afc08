// Scheduled multi-table tournaments.
import { Module } from '@nestjs/common';
import { QUEUES } from '@naiko/contracts';
import { PlatformModule } from '@naiko/platform';

@Module({
  imports: [PlatformModule.forRoot({ app: 'tournament', consumeQueues: [QUEUES.system] })],
})
export class TournamentModule {}
