// Chooses whether table commands are routed between copies: yes when tables are spread over
// copies (CLUSTER_MODE=redis / INSTANCE_ID), when this copy hosts no tables itself
// (TABLES_HOST=false: apps/lobby in the split deployment sends every table command to the
// cash-table copies), or when TABLES_ROUTE=true (apps/cash-table: serves the lobby's commands
// even as a single copy). Otherwise null: every table lives in this process, as before.
import type { FactoryProvider } from '@nestjs/common';
import { ModuleRef } from '@nestjs/core';
import Redis from 'ioredis';
import type { RedisEndpoint } from '../redis/redis-endpoint';
import type { RedisNamespace } from '../redis/redis-namespace';
import { redisOptionsFromUrl } from '../redis/redis-options';
import { APP_CONFIG, APP_INFO, REDIS_ENDPOINT, REDIS_NAMESPACE, type AppInfo } from '../tokens';
import { ClusterMetrics } from './metrics';
import { clusterModeOf } from './ownership.provider';
import type { AppConfig } from '../config/config.schema';
import { TABLE_ROUTER, TableRouter } from './table-router';

export const tableRouterProvider: FactoryProvider<TableRouter | null> = {
  provide: TABLE_ROUTER,
  inject: [APP_CONFIG, REDIS_NAMESPACE, REDIS_ENDPOINT, APP_INFO, ModuleRef],
  useFactory: (
    config: AppConfig,
    ns: RedisNamespace,
    redisEndpoint: RedisEndpoint,
    app: AppInfo,
    moduleRef: ModuleRef,
  ): TableRouter | null => {
    const mode = clusterModeOf(config);
    if (!config.routesTables) return null;
    // Looked up when first needed: the metrics may be created after this provider.
    let metrics: ClusterMetrics | null | undefined;
    const counter = (): ClusterMetrics | null => {
      if (metrics === undefined) {
        try {
          metrics = moduleRef.get(ClusterMetrics, { strict: false }) ?? null;
        } catch {
          metrics = null;
        }
      }
      return metrics ?? null;
    };
    const redis = new Redis(redisOptionsFromUrl(redisEndpoint.url));
    return new TableRouter({
      redis,
      subscriber: redis.duplicate(),
      prefix: ns.prefix,
      // The same id as the table leases' owner, so logs and lease holders match.
      instanceId: mode.instanceId ?? app.instanceId,
      aliveTtlMs: mode.ttlMs,
      onRouted: (direction, op, outcome) => counter()?.routedCommands.inc({ direction, op, outcome }),
    });
  },
};
