// TournamentsFeatureModule.forRoot({ runner? }) in an app that imports PlatformModule and consumes
// QUEUES.tournament (apps/tournament, apps/all-in-one; apps/sit-and-go imports it for its instances
// too). It brings TablesModule: tournament tables are TableHosts reached by the tables gateway like
// cash tables.
import { APP_CONFIG } from '../tokens';
import type { AppConfig } from '../config/config.schema';
import { Module, type DynamicModule } from '@nestjs/common';
import {
  PrismaService,
  PrismaTournamentRepository,
  PrivateEventRepository,
  TournamentPurchaseRepository,
  TournamentRepository,
  type LedgerDb,
} from '@naiko/persistence';
import type { PrivateEventLimits } from '@naiko/contracts';
import { JwtAuthGuard } from '../auth/http-auth';
import { PRIVATE_EVENT_LIMITS, PrivateEventStore } from './private-events';
import { DEFAULT_PRIVATE_LIMITS } from './private-limits';
import { PrivateTournaments } from './private-tournaments';
import { PrivateTournamentsController } from './private-tournaments.controller';
import { TablesModule } from '../tables/tables.module';
import { TournamentsController } from './tournaments.controller';
import { TournamentsGateway } from './tournaments.gateway';
import { TournamentJobs } from './tournaments.jobs';
import {
  DEFAULT_TOURNAMENT_RUNNER_OPTIONS,
  TOURNAMENT_RUNNER_OPTIONS,
  TournamentRunner,
  tournamentRunnerOptionsFromConfig,
  type TournamentRunnerOptions,
} from './tournaments.runner';
import { TournamentsService } from './tournaments.service';
import { RecurringTournaments } from './recurring';
import { TournamentPurchases } from './rebuys';
import { TournamentPurchasesController } from './tournament-purchases.controller';
import { FinalTableDeals } from './final-table-deal';
import { DisconnectionMonitor } from './interruption';
import { TournamentLobby } from './tournament-lobby';
import { TournamentDealsController } from './tournament-deals.controller';
import { TournamentStructuresController } from './tournament-structures.controller';

export interface TournamentsModuleOptions {
  runner?: Partial<TournamentRunnerOptions>;
  /** The admin's limits for hosts' private tournaments (default DEFAULT_PRIVATE_LIMITS). */
  privateLimits?: PrivateEventLimits;
}

/** A named repository (issue 24 item 4) on the app's Prisma client, its class as the Nest token. */
function repository<T>(cls: new (db: LedgerDb) => T) {
  return { provide: cls, inject: [PrismaService], useFactory: (prisma: PrismaService) => new cls(prisma) };
}

@Module({})
export class TournamentsFeatureModule {
  static forRoot(options: TournamentsModuleOptions = {}): DynamicModule {
    return {
      module: TournamentsFeatureModule,
      // Global: the Sit & Go lobby (../sit-and-go), whose instances are tournaments, uses its service.
      global: true,
      // Tournament tables are table hosts: the tables gateway (socket events) reaches them.
      imports: [TablesModule],
      controllers: [
        TournamentsController,
        PrivateTournamentsController,
        TournamentDealsController,
        TournamentStructuresController,
        TournamentPurchasesController,
      ],
      providers: [
        {
          provide: TOURNAMENT_RUNNER_OPTIONS,
          inject: [APP_CONFIG],
          useFactory: (config: AppConfig) => ({
            ...DEFAULT_TOURNAMENT_RUNNER_OPTIONS,
            ...tournamentRunnerOptionsFromConfig(config),
            ...options.runner,
          }),
        },
        {
          provide: TournamentRepository,
          inject: [PrismaService],
          // Tournament-wide runs on the lane's own connections (PrismaService.lane).
          useFactory: (prisma: PrismaService) => new PrismaTournamentRepository(prisma, prisma.lane),
        },
        repository(TournamentPurchaseRepository),
        repository(PrivateEventRepository),
        TournamentsService,
        { provide: PRIVATE_EVENT_LIMITS, useValue: options.privateLimits ?? DEFAULT_PRIVATE_LIMITS },
        PrivateEventStore,
        PrivateTournaments,
        TournamentRunner,
        TournamentJobs,
        RecurringTournaments,
        TournamentsGateway,
        JwtAuthGuard,
        {
          // Issue 25: rebuys and add-ons; a purchase republishes the lobby view.
          provide: TournamentPurchases,
          inject: [TournamentPurchaseRepository, TournamentsService],
          useFactory: (repository: TournamentPurchaseRepository, service: TournamentsService) => {
            const purchases = new TournamentPurchases(repository);
            purchases.onChanged = (id) => service.notifyChanged(id);
            purchases.afterBust = (id, userId) => service.rebuyAfterBust(id, userId);
            return purchases;
          },
        },
        // Issue 25: final-table deals, the lobby view, the automatic pause on disconnections.
        FinalTableDeals,
        TournamentLobby,
        DisconnectionMonitor,
      ],
      exports: [
        TournamentsService,
        TournamentRunner,
        RecurringTournaments,
        FinalTableDeals,
        TournamentLobby,
        DisconnectionMonitor,
        PrivateTournaments,
        TournamentPurchases,
      ],
    };
  }
}
