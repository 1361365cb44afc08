// TournamentsFeatureModule.forRoot({ runner? }) in an app that imports PlatformModule and consumes
// QUEUES.tournament (apps/tournament, apps/all-in-one). It brings TablesModule: tournament tables
// are TableHosts reached by the tables gateway like cash tables.
import { Module, type DynamicModule } from '@nestjs/common';
import { JwtAuthGuard } from '../auth/http-auth';
import { TablesModule } from '../tables/tables.module';
import { TournamentsController } from './tournaments.controller';
import { TournamentsGateway } from './tournaments.gateway';
import { TournamentJobs } from './tournaments.jobs';
import { DEFAULT_TOURNAMENT_RUNNER_OPTIONS, TOURNAMENT_RUNNER_OPTIONS, TournamentRunner, tournamentRunnerOptionsFromEnv, type TournamentRunnerOptions } from './tournaments.runner';
import { TournamentsService } from './tournaments.service';
import { RecurringTournaments } from './recurring';
import { FinalTableDeals } from './final-table-deal';
import { DisconnectionMonitor } from './interruption';
import { TournamentLobby } from './tournament-lobby';
import { TournamentDealsController } from './tournament-deals.controller';
import { TournamentStructuresController } from './tournament-structures.controller';

export interface TournamentsModuleOptions {
  runner?: Partial<TournamentRunnerOptions>;
}

@Module({})
export class TournamentsFeatureModule {
  static forRoot(options: TournamentsModuleOptions = {}): DynamicModule {
    return {
      module: TournamentsFeatureModule,
      // Tournament tables are table hosts: the tables gateway (socket events) reaches them.
      imports: [TablesModule],
      controllers: [TournamentsController, TournamentDealsController, TournamentStructuresController],
      providers: [
        { provide: TOURNAMENT_RUNNER_OPTIONS, useFactory: () => ({ ...DEFAULT_TOURNAMENT_RUNNER_OPTIONS, ...tournamentRunnerOptionsFromEnv(process.env), ...options.runner }) },
        TournamentsService,
        TournamentRunner,
        TournamentJobs,
        RecurringTournaments,
        TournamentsGateway,
        JwtAuthGuard,
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
      ],
    };
  }
}
