// Fencing tokens outlive Redis: PostgreSQL keeps the newest token of each table (`table_leases`),
// Redis only the counter that hands out the next one. When Redis loses its data — or the keys move
// to a new namespace (issue 29) — the counters would restart at 1 and every new owner's writes
// would be refused as stale. So the counters are raised to the stored tokens at start-up (before
// any lease is taken: the Redis namespace is resolved first) and whenever the job reconciler finds
// that Redis lost its data (source `table-fences`).
import { Inject, Injectable, type OnModuleDestroy } from '@nestjs/common';
import { Redis } from 'ioredis';
import { PrismaService } from '@naiko/persistence';
import { ReconcileJobs } from '../jobs/job-reconciler.service';
import type { RedisEndpoint } from '../redis/redis-endpoint';
import type { RedisNamespace } from '../redis/redis-namespace';
import { redisOptionsFromUrl } from '../redis/redis-options';
import { REDIS_ENDPOINT, REDIS_NAMESPACE } from '../tokens';
import { raiseTokenFloors } from './table-lease';

/** Raises every table's token counter under `prefix` to the newest token the database stored. */
export async function restoreTokenFloors(prisma: Pick<PrismaService, 'tableLease'>, redis: Redis, prefix: string): Promise<{ tables: number; raised: number }> {
  const rows = await prisma.tableLease.findMany({ select: { tableId: true, fencingToken: true } });
  if (!rows.length) return { tables: 0, raised: 0 };
  const raised = await raiseTokenFloors(redis, prefix, rows.map((r) => ({ tableId: r.tableId, token: r.fencingToken })));
  return { tables: rows.length, raised };
}

@Injectable()
export class FenceFloors implements OnModuleDestroy {
  private redis?: Redis;

  constructor(
    private readonly prisma: PrismaService,
    @Inject(REDIS_ENDPOINT) private readonly endpoint: RedisEndpoint,
    @Inject(REDIS_NAMESPACE) private readonly ns: RedisNamespace,
  ) {}

  @ReconcileJobs('table-fences')
  async restore(): Promise<{ tables: number; raised: number }> {
    this.redis ??= new Redis({ ...redisOptionsFromUrl(this.endpoint.url), maxRetriesPerRequest: 2 });
    this.redis.on('error', () => undefined);
    return restoreTokenFloors(this.prisma, this.redis, this.ns.prefix);
  }

  async onModuleDestroy(): Promise<void> {
    this.redis?.disconnect();
  }
}
