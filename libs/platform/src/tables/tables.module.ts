// Cash and private tables in this process: TablesService (hosting, crash rule at boot), the
// tables gateway (socket events) and the per-socket delivery. Needs PlatformModule (Prisma, JWT).
import { Module } from '@nestjs/common';
import { JwtAuthGuard } from '../auth/http-auth';
import { TableSockets } from './table-sockets';
import { TABLES_OPTIONS, tablesOptionsFromEnv, TablesService } from './tables.service';
import { TablesGateway } from './tables.gateway';
import { tableOwnershipProvider } from '../cluster/ownership.provider';

@Module({
  providers: [
    { provide: TABLES_OPTIONS, useFactory: () => tablesOptionsFromEnv(process.env) },
    tableOwnershipProvider,
    TableSockets,
    TablesService,
    TablesGateway,
    JwtAuthGuard,
  ],
  exports: [TablesService, TableSockets, JwtAuthGuard],
})
export class TablesModule {}
