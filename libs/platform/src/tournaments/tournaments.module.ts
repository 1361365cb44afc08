// TournamentsFeatureModule.forRoot({ runner? }) in an app that imports PlatformModule and consumes
// QUEUES.tournament (apps/tournament, apps/all-in-one). It brings TablesModule: tournament tables
// are TableHosts reached by the tables gateway like cash tables.
import { APP_CONFIG } from '../tokens';
import type { AppConfig } from '../config/config.schema';
import { Module, type DynamicModule } from '@nestjs/common';
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
import { DEFAULT_TOURNAMENT_RUNNER_OPTIONS, TOURNAMENT_RUNNER_OPTIONS, TournamentRunner, tournamentRunnerOptionsFromConfig, type TournamentRunnerOptions } from './tournaments.runner';
import { TournamentsService } from './tournaments.service';
import { RecurringTournaments } from './recurring';

export interface TournamentsModuleOptions {
  runner?: Partial<TournamentRunnerOptions>;
  /** The admin's limits for hosts' private tournaments (default DEFAULT_PRIVATE_LIMITS). */
  privateLimits?: PrivateEventLimits;
}

@Module({})
export class TournamentsFeatureModule {
  static forRoot(options: TournamentsModuleOptions = {}): DynamicModule {
    return {
      module: TournamentsFeatureModule,
      // Tournament tables are table hosts: the tables gateway (socket events) reaches them.
      imports: [TablesModule],
      controllers: [TournamentsController, PrivateTournamentsController],
      providers: [
        { provide: TOURNAMENT_RUNNER_OPTIONS, inject: [APP_CONFIG], useFactory: (config: AppConfig) => ({ ...DEFAULT_TOURNAMENT_RUNNER_OPTIONS, ...tournamentRunnerOptionsFromConfig(config), ...options.runner }) },
        TournamentsService,
        { provide: PRIVATE_EVENT_LIMITS, useValue: options.privateLimits ?? DEFAULT_PRIVATE_LIMITS },
        PrivateEventStore,
        PrivateTournaments,
        TournamentRunner,
        TournamentJobs,
        RecurringTournaments,
        TournamentsGateway,
        JwtAuthGuard,
      ],
      exports: [TournamentsService, TournamentRunner, RecurringTournaments, PrivateTournaments],
    };
  }
}
