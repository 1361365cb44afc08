// SitAndGoFeatureModule.forRoot({ templates?, privateLimits? }) in an app that imports PlatformModule,
// consumes QUEUES.sitAndGo (the bot fill) and imports TournamentsFeatureModule (apps/sit-and-go,
// apps/all-in-one): a Sit & Go instance is a tournament without a start time, whose start, levels,
// table and payout are the tournament module's (its jobs run where QUEUES.tournament is consumed,
// its table wherever a TournamentRunner runs).
import { Module, type DynamicModule } from '@nestjs/common';
import type { PrivateEventLimits } from '@naiko/contracts';
import { PrismaService, PrivateEventRepository } from '@naiko/persistence';
import type { SitAndGoTemplate } from '@naiko/tournament';
import { PRIVATE_EVENT_LIMITS, PrivateEventStore } from '../tournaments/private-events';
import { DEFAULT_PRIVATE_LIMITS } from '../tournaments/private-limits';
import { PrivateSitAndGoController } from './private-sit-and-go.controller';
import { PrivateSitAndGos } from './private-sit-and-go';
import { JwtAuthGuard } from '../auth/http-auth';
import { SitAndGoController } from './sit-and-go.controller';
import { SitAndGoGateway } from './sit-and-go.gateway';
import { SitAndGoJobs } from './sit-and-go.jobs';
import { LegacySitAndGos } from './legacy-sit-and-gos';
import { SIT_AND_GO_TEMPLATES, SitAndGoService } from './sit-and-go.service';

export interface SitAndGoModuleOptions {
  /** Published templates (default: DEFAULT_TEMPLATES). */
  templates?: readonly SitAndGoTemplate[];
  /** The admin's limits for hosts' private Sit & Gos (default DEFAULT_PRIVATE_LIMITS). */
  privateLimits?: PrivateEventLimits;
}

@Module({})
export class SitAndGoFeatureModule {
  static forRoot(options: SitAndGoModuleOptions = {}): DynamicModule {
    return {
      module: SitAndGoFeatureModule,
      controllers: [SitAndGoController, PrivateSitAndGoController],
      providers: [
        { provide: SIT_AND_GO_TEMPLATES, useValue: options.templates ?? [] },
        {
          provide: PrivateEventRepository,
          inject: [PrismaService],
          useFactory: (prisma: PrismaService) => new PrivateEventRepository(prisma),
        },
        SitAndGoService,
        { provide: PRIVATE_EVENT_LIMITS, useValue: options.privateLimits ?? DEFAULT_PRIVATE_LIMITS },
        PrivateEventStore,
        PrivateSitAndGos,
        SitAndGoJobs,
        SitAndGoGateway,
        // The old service's unfinished instances, settled at start-up (legacy-sit-and-gos.ts).
        LegacySitAndGos,
        JwtAuthGuard,
      ],
      exports: [SitAndGoService, PrivateSitAndGos, LegacySitAndGos],
    };
  }
}
