// SitAndGoFeatureModule.forRoot({ templates?, runner? }) in an app that imports PlatformModule and
// consumes QUEUES.sitAndGo (apps/sit-and-go, apps/all-in-one). It brings TablesModule: a Sit & Go's
// table is a TableHost reached by the tables gateway like any tournament table.
import { APP_CONFIG } from '../tokens';
import type { AppConfig } from '../config/config.schema';
import { Module, type DynamicModule } from '@nestjs/common';
import type { PrivateEventLimits } from '@naiko/contracts';
import {
  PrismaService,
  PrismaSitAndGoRepository,
  PrivateEventRepository,
  SitAndGoRepository,
} from '@naiko/persistence';
import type { SitAndGoTemplate } from '@naiko/tournament';
import { PRIVATE_EVENT_LIMITS, PrivateEventStore } from '../tournaments/private-events';
import { DEFAULT_PRIVATE_LIMITS } from '../tournaments/private-limits';
import { PrivateSitAndGoController } from './private-sit-and-go.controller';
import { PrivateSitAndGos } from './private-sit-and-go';
import { JwtAuthGuard } from '../auth/http-auth';
import { TablesModule } from '../tables/tables.module';
import { SitAndGoController } from './sit-and-go.controller';
import { SitAndGoGateway } from './sit-and-go.gateway';
import { SitAndGoJobs } from './sit-and-go.jobs';
import {
  DEFAULT_RUNNER_OPTIONS,
  SIT_AND_GO_RUNNER_OPTIONS,
  SitAndGoTableRunner,
  sitAndGoRunnerOptionsFromConfig,
  type RunnerOptions,
} from './sit-and-go.runner';
import { SIT_AND_GO_TEMPLATES, SitAndGoService } from './sit-and-go.service';

export interface SitAndGoModuleOptions {
  /** Published templates (default: DEFAULT_TEMPLATES). */
  templates?: readonly SitAndGoTemplate[];
  runner?: Partial<RunnerOptions>;
  /** The admin's limits for hosts' private Sit & Gos (default DEFAULT_PRIVATE_LIMITS). */
  privateLimits?: PrivateEventLimits;
}

@Module({})
export class SitAndGoFeatureModule {
  static forRoot(options: SitAndGoModuleOptions = {}): DynamicModule {
    return {
      module: SitAndGoFeatureModule,
      imports: [TablesModule],
      controllers: [SitAndGoController, PrivateSitAndGoController],
      providers: [
        { provide: SIT_AND_GO_TEMPLATES, useValue: options.templates ?? [] },
        {
          provide: SIT_AND_GO_RUNNER_OPTIONS,
          inject: [APP_CONFIG],
          useFactory: (config: AppConfig) => ({
            ...DEFAULT_RUNNER_OPTIONS,
            ...sitAndGoRunnerOptionsFromConfig(config),
            ...options.runner,
          }),
        },
        // The sit_and_gos rows and what a Sit & Go reads of its entries, stacks and hands (issue 24 item 4).
        {
          provide: SitAndGoRepository,
          inject: [PrismaService],
          useFactory: (prisma: PrismaService) => new PrismaSitAndGoRepository(prisma),
        },
        {
          provide: PrivateEventRepository,
          inject: [PrismaService],
          useFactory: (prisma: PrismaService) => new PrivateEventRepository(prisma),
        },
        SitAndGoService,
        { provide: PRIVATE_EVENT_LIMITS, useValue: options.privateLimits ?? DEFAULT_PRIVATE_LIMITS },
        PrivateEventStore,
        PrivateSitAndGos,
        SitAndGoTableRunner,
        SitAndGoJobs,
        SitAndGoGateway,
        JwtAuthGuard,
      ],
      exports: [SitAndGoService, SitAndGoTableRunner, PrivateSitAndGos],
    };
  }
}
