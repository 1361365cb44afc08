// Hosts cash and private tables (one writer per table).
import { Module } from '@nestjs/common';
import { QUEUES } from '@naiko/contracts';
import { FairPlayModule, PlatformModule, TablesModule } from '@naiko/platform';

@Module({
  imports: [PlatformModule.forRoot({ app: 'cash-table', consumeQueues: [QUEUES.system] }), TablesModule, FairPlayModule],
})
export class CashTableModule {}
