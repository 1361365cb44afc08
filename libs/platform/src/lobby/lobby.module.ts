// The lobby (HTTP + live updates over the tables gateway). In this version the lobby reads the
// tables hosted by the same process, so an app serving the lobby also imports TablesModule.
import { Module } from '@nestjs/common';
import { TablesModule } from '../tables/tables.module';
import { LobbyController } from './lobby.controller';
import { SessionLedgerController } from './session-ledger.controller';
import { HostControlsController } from './host-controls.controller';

@Module({
  imports: [TablesModule],
  controllers: [LobbyController, SessionLedgerController, HostControlsController],
})
export class LobbyModule {}
