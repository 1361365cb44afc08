// TournamentsFeatureModule.forRoot({ runner? }) in an app that imports PlatformModule and consumes
// QUEUES.tournament (apps/tournament, apps/all-in-one). It brings TablesModule: tournament tables
// are TableHosts reached by the tables gateway like cash tables.
import { Module, type DynamicModule } from '@nestjs/common';
import { PrismaService } from '@naiko/persistence';
import { JwtAuthGuard } from '../auth/http-auth';
import { TablesModule } from '../tables/tables.module';
import { TournamentsController } from './tournaments.controller';
import { TournamentsGateway } from './tournaments.gateway';
import { TournamentJobs } from './tournaments.jobs';
import { DEFAULT_TOURNAMENT_RUNNER_OPTIONS, TOURNAMENT_RUNNER_OPTIONS, TournamentRunner, tournamentRunnerOptionsFromEnv, type TournamentRunnerOptions } from './tournaments.runner';
import { TournamentsService } from './tournaments.service';
import { RecurringTournaments } from './recurring';
import { TournamentPurchases } from './rebuys';
import { TournamentPurchasesController } from './tournament-purchases.controller';

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
      controllers: [TournamentsController, TournamentPurchasesController],
      providers: [
        { provide: TOURNAMENT_RUNNER_OPTIONS, useFactory: () => ({ ...DEFAULT_TOURNAMENT_RUNNER_OPTIONS, ...tournamentRunnerOptionsFromEnv(process.env), ...options.runner }) },
        TournamentsService,
        TournamentRunner,
        TournamentJobs,
        RecurringTournaments,
        TournamentsGateway,
        JwtAuthGuard,
        {
          // Issue 25: rebuys and add-ons; a purchase republishes the lobby view.
          provide: TournamentPurchases,
          inject: [PrismaService, TournamentsService],
          useFactory: (prisma: PrismaService, service: TournamentsService) => {
            const purchases = new TournamentPurchases(prisma);
            purchases.onChanged = (id) => service.notifyChanged(id);
            return purchases;
          },
        },
      ],
      exports: [TournamentsService, TournamentRunner, RecurringTournaments, TournamentPurchases],
    };
  }
}
