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
import { APP_INFO, REDIS_ENDPOINT, REDIS_NAMESPACE, type AppInfo } from '../tokens';
import { ClusterMetrics } from './metrics';
import { clusterModeFromEnv } from './ownership.provider';
import { TABLE_ROUTER, TableRouter } from './table-router';

/** TABLES_HOST=false: this copy hosts no tables (default true). */
export function hostsTablesFromEnv(env: NodeJS.ProcessEnv): boolean {
  const v = env.TABLES_HOST ?? '';
  if (!['', 'true', 'false'].includes(v)) throw new Error(`TABLES_HOST must be true or false, got ${JSON.stringify(v)}`);
  return v !== 'false';
}

/** TABLES_ROUTE=true: serve and send routed table commands even as the only table copy. */
export function routesTablesFromEnv(env: NodeJS.ProcessEnv): boolean {
  const v = env.TABLES_ROUTE ?? '';
  if (!['', 'true', 'false'].includes(v)) throw new Error(`TABLES_ROUTE must be true or false, got ${JSON.stringify(v)}`);
  return v === 'true' || clusterModeFromEnv(env).clustered || !hostsTablesFromEnv(env);
}

export const tableRouterProvider: FactoryProvider<TableRouter | null> = {
  provide: TABLE_ROUTER,
  inject: [REDIS_NAMESPACE, REDIS_ENDPOINT, APP_INFO, ModuleRef],
  useFactory: (ns: RedisNamespace, redisEndpoint: RedisEndpoint, app: AppInfo, moduleRef: ModuleRef): TableRouter | null => {
    const mode = clusterModeFromEnv(process.env);
    if (!routesTablesFromEnv(process.env)) return null;
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
