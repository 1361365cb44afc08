// Everything an app process needs from the platform, in one import:
//   PlatformModule.forRoot({ app: 'lobby', consumeQueues: ['system'], config: { TABLES_HOST: 'false' } })
// config + database + Redis (InfraModule), BullMQ queues and the typed job registry, the
// heartbeat, health endpoints, JWT and the authenticated socket.io gateway.
import { Module, type DynamicModule } from '@nestjs/common';
import { DiscoveryModule } from '@nestjs/core';
import { BullModule } from '@nestjs/bullmq';
import { QUEUES, type QueueName } from '@naiko/contracts';
import { REDIS_ENDPOINT, REDIS_NAMESPACE } from './tokens';
import { InfraModule } from './infra/infra.module';
import type { ConfigDefaults } from './config/config.schema';
import type { RedisEndpoint } from './redis/redis-endpoint';
import type { RedisNamespace } from './redis/redis-namespace';
import { bullmqConnection } from './redis/redis-options';
import { JobQueue } from './jobs/job-queue.service';
import { CONSUMED_QUEUES, JobWorkers } from './jobs/job-workers.service';
import { HeartbeatService } from './jobs/heartbeat.service';
import { JobReconciler } from './jobs/job-reconciler.service';
import { HealthController } from './health/health.controller';
import { FaultBoard } from './health/fault-board';
import { PlatformGateway } from './gateway/platform.gateway';
import { JwtAuthGuard } from './auth/http-auth';
import { ClusterModule } from './cluster/cluster.module';

export interface PlatformOptions {
  /** The app's name in logs, health and the socket welcome. */
  app: string;
  /** Queues this process runs workers for; each of their jobs needs a @JobHandler. */
  consumeQueues: QueueName[];
  /**
   * The app's defaults for variables its environment leaves unset (e.g. `{ TABLES_HOST: 'false' }`); the environment
   * wins.
   */
  config?: ConfigDefaults;
}

@Module({})
export class PlatformModule {
  static forRoot(options: PlatformOptions): DynamicModule {
    const infra = InfraModule.forRoot(options.app, options.config);
    return {
      module: PlatformModule,
      global: true,
      imports: [
        infra,
        DiscoveryModule,
        BullModule.forRootAsync({
          imports: [infra],
          inject: [REDIS_ENDPOINT, REDIS_NAMESPACE],
          useFactory: (redis: RedisEndpoint, ns: RedisNamespace) => ({
            connection: bullmqConnection(redis.url),
            // The installation's namespace: job ids reuse database ids (issue 29).
            prefix: ns.prefix,
          }),
        }),
        BullModule.registerQueue(...Object.values(QUEUES).map((name) => ({ name }))),
        ClusterModule,
      ],
      controllers: [HealthController],
      providers: [
        { provide: CONSUMED_QUEUES, useValue: [...new Set(options.consumeQueues)] },
        JobQueue,
        JobWorkers,
        HeartbeatService,
        JobReconciler,
        FaultBoard,
        PlatformGateway,
        JwtAuthGuard,
      ],
      exports: [infra, BullModule, JobQueue, HeartbeatService, JobReconciler, FaultBoard, JwtAuthGuard],
    };
  }
}
