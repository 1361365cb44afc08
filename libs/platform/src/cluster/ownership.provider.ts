// Chooses the table host's TableOwnership from the validated config:
//   CLUSTER_MODE=redis, or INSTANCE_ID set → RedisTableOwnership (leases under the installation's namespace,
//     owner id INSTANCE_ID or the app's instance id, lease time TABLE_LEASE_MS, default 5000);
//   otherwise → SingleProcessOwnership (one process owns every table, as before).
import type { FactoryProvider } from '@nestjs/common';
import { ModuleRef } from '@nestjs/core';
import Redis from 'ioredis';
import { PrismaService, PrismaTableLeaseRepository, type TableLeaseRepository } from '@naiko/persistence';
import type { RedisEndpoint } from '../redis/redis-endpoint';
import type { RedisNamespace } from '../redis/redis-namespace';
import { redisOptionsFromUrl } from '../redis/redis-options';
import { APP_CONFIG, APP_INFO, REDIS_ENDPOINT, REDIS_NAMESPACE, type AppInfo } from '../tokens';
import type { AppConfig } from '../config/config.schema';
import { ClusterMetrics } from './metrics';
import { TableLeases } from './table-lease';
import { RedisTableOwnership, SingleProcessOwnership, TABLE_OWNERSHIP, type TableOwnership } from './table-ownership';

/** The cluster settings of the validated config (CLUSTER_MODE, INSTANCE_ID, TABLE_LEASE_MS). */
export function clusterModeOf(config: Pick<AppConfig, 'clustered' | 'TABLE_LEASE_MS' | 'INSTANCE_ID'>): {
  clustered: boolean;
  ttlMs: number;
  instanceId?: string;
} {
  return {
    clustered: config.clustered,
    ttlMs: config.TABLE_LEASE_MS,
    ...(config.INSTANCE_ID ? { instanceId: config.INSTANCE_ID } : {}),
  };
}

/**
 * The newest fencing token PostgreSQL stored for a table (0 if none): every new lease's token is
 * above it, even after Redis lost its counters (a restart without data, a flush, or the move to
 * the installation namespace of issue 29) — else every write of the new owner would be refused.
 */
export function tableLeaseFloor(leases: TableLeaseRepository): (tableId: string) => Promise<number> {
  return (tableId) => leases.newestToken(tableId);
}

/** Stops the leases (releasing them) and closes its Redis connection with the app. */
class ClosingOwnership extends RedisTableOwnership {
  constructor(
    options: ConstructorParameters<typeof RedisTableOwnership>[0],
    private readonly redis: Redis,
  ) {
    super(options);
  }
  override async stop(): Promise<void> {
    await super.stop();
    await this.redis.quit().catch(() => undefined);
  }
}

export const tableOwnershipProvider: FactoryProvider<TableOwnership> = {
  provide: TABLE_OWNERSHIP,
  inject: [APP_CONFIG, REDIS_NAMESPACE, REDIS_ENDPOINT, APP_INFO, ModuleRef, PrismaService],
  useFactory: (
    config: AppConfig,
    ns: RedisNamespace,
    redisEndpoint: RedisEndpoint,
    app: AppInfo,
    moduleRef: ModuleRef,
    prisma: PrismaService,
  ): TableOwnership => {
    const mode = clusterModeOf(config);
    if (!mode.clustered) return new SingleProcessOwnership();
    let metrics: ClusterMetrics | null = null;
    try {
      metrics = moduleRef.get(ClusterMetrics, { strict: false });
    } catch {
      metrics = null;
    }
    const redis = new Redis(redisOptionsFromUrl(redisEndpoint.url));
    const leases = new TableLeases({
      redis,
      prefix: ns.prefix,
      owner: mode.instanceId ?? app.instanceId,
      ttlMs: mode.ttlMs,
      floor: tableLeaseFloor(new PrismaTableLeaseRepository(prisma)),
    });
    return new ClosingOwnership({ leases, onChange: (change) => metrics?.leaseChanges.inc({ change }) }, redis);
  },
};
