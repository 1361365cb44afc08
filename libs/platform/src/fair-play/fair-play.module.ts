// FairPlayModule (issue 26): fair-play signals as a batch job, the same-device/network check at the
// table, the admin's review and actions, player reports, cool-off and reality checks. Global, so the
// entry points elsewhere (the tables gateway's sit, the registration routes' PlayAllowedGuard) find
// FairPlayGate without importing this module; every app with one of those entry points imports it
// (apps/*/src/app.module.ts). The job `fairPlayScan` runs where the `fair-play` queue is consumed
// (apps/lobby, all-in-one).
import { Global, Module } from '@nestjs/common';
import {
  FairPlayRepository,
  FairPlayScanRepository,
  PrismaFairPlayRepository,
  PrismaFairPlayScanRepository,
  PrismaResponsiblePlayRepository,
  PrismaService,
  ResponsiblePlayRepository,
} from '@naiko/persistence';
import { CONFIG_SOURCE, type ConfigSource } from '../tokens';
import { FairPlayAdminService } from './admin.service';
import { FairPlayAdminController, FairPlayController } from './fair-play.controller';
import { FlagStore } from './flags';
import { FairPlayGate, PlayAllowedGuard } from './gate';
import { FAIR_PLAY_OPTIONS, fairPlayOptionsFromEnv } from './options';
import { ResponsiblePlayService } from './responsible-play';
import { FairPlayScanner } from './scan';
import { FairPlaySockets } from './sockets';
import { StandingService } from './standing';

@Global()
@Module({
  controllers: [FairPlayController, FairPlayAdminController],
  providers: [
    {
      provide: FAIR_PLAY_OPTIONS,
      inject: [{ token: CONFIG_SOURCE, optional: true }],
      useFactory: (source?: ConfigSource) => fairPlayOptionsFromEnv(source?.env ?? process.env),
    },
    // The fair-play and responsible-play rows (issue 24 item 4); users come from the platform's UserRepository.
    {
      provide: FairPlayRepository,
      inject: [PrismaService],
      useFactory: (prisma: PrismaService) => new PrismaFairPlayRepository(prisma),
    },
    {
      provide: ResponsiblePlayRepository,
      inject: [PrismaService],
      useFactory: (prisma: PrismaService) => new PrismaResponsiblePlayRepository(prisma),
    },
    {
      provide: FairPlayScanRepository,
      inject: [PrismaService],
      useFactory: (prisma: PrismaService) => new PrismaFairPlayScanRepository(prisma),
    },
    FlagStore,
    StandingService,
    FairPlaySockets,
    FairPlayGate,
    PlayAllowedGuard,
    FairPlayScanner,
    FairPlayAdminService,
    ResponsiblePlayService,
  ],
  exports: [
    FairPlayGate,
    PlayAllowedGuard,
    StandingService,
    FairPlayScanner,
    ResponsiblePlayService,
    FAIR_PLAY_OPTIONS,
  ],
})
export class FairPlayModule {}
