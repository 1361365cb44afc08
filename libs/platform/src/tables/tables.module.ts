// Cash and private tables in this process: TablesService (hosting, crash rule at boot), the
// tables gateway (socket events) and the per-socket delivery. Needs PlatformModule (Prisma, JWT).
// Several copies (CLUSTER_MODE=redis) or TABLES_HOST=false: commands are routed to each table's
// owner copy (cluster/table-router.ts) and feeds reach sockets on any copy through rooms.
import { Module } from '@nestjs/common';
import {
  CashTableRepository,
  ChatReportRepository,
  PrismaCashTableRepository,
  PrismaChatReportRepository,
  PrismaService,
} from '@naiko/persistence';
import { JwtAuthGuard } from '../auth/http-auth';
import { TableSockets } from './table-sockets';
import { TablesService } from './tables.service';
import { TABLES_OPTIONS, tablesOptionsFromConfig } from './tables-options';
import type { AppConfig } from '../config/config.schema';
import { APP_CONFIG } from '../tokens';
import { TablesGateway } from './tables.gateway';
import { DefaultTables } from './default-tables';
import { tableOwnershipProvider } from '../cluster/ownership.provider';
import { tableRouterProvider } from '../cluster/router.provider';

@Module({
  providers: [
    {
      provide: TABLES_OPTIONS,
      inject: [APP_CONFIG],
      useFactory: (config: AppConfig) => tablesOptionsFromConfig(config),
    },
    // The cash_tables and chat_reports rows (issue 24 item 4); users come from the platform's UserRepository.
    {
      provide: CashTableRepository,
      inject: [PrismaService],
      useFactory: (prisma: PrismaService) => new PrismaCashTableRepository(prisma),
    },
    {
      provide: ChatReportRepository,
      inject: [PrismaService],
      useFactory: (prisma: PrismaService) => new PrismaChatReportRepository(prisma),
    },
    tableOwnershipProvider,
    tableRouterProvider,
    TableSockets,
    TablesService,
    TablesGateway,
    DefaultTables,
    JwtAuthGuard,
  ],
  exports: [TablesService, TableSockets, DefaultTables, JwtAuthGuard, CashTableRepository],
})
export class TablesModule {}
