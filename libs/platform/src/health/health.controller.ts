import { Controller, Get, HttpCode, Inject, Post, ServiceUnavailableException } from '@nestjs/common';
import { ApiOkResponse, ApiServiceUnavailableResponse, ApiTags } from '@nestjs/swagger';
import { Redis } from 'ioredis';
import { PrismaService } from '@naiko/persistence';
import { APP_INFO, REDIS_ENDPOINT, type AppInfo } from '../tokens';
import type { RedisEndpoint } from '../redis/redis-endpoint';
import { HeartbeatService } from '../jobs/heartbeat.service';
import { FaultBoard, type Fault } from './fault-board';

type Check = 'up' | 'down';

async function within<T>(pending: Promise<T>, ms: number): Promise<T> {
  let timer: NodeJS.Timeout | undefined;
  const timeout = new Promise<never>((_, rej) => (timer = setTimeout(() => rej(new Error('timeout')), ms)));
  try {
    return await Promise.race([pending, timeout]);
  } finally {
    clearTimeout(timer);
  }
}

@ApiTags('health')
@Controller('health')
export class HealthController {
  private redisClient?: Redis;

  constructor(
    private readonly prisma: PrismaService,
    private readonly heartbeat: HeartbeatService,
    @Inject(REDIS_ENDPOINT) private readonly redis: RedisEndpoint,
    @Inject(APP_INFO) private readonly app: AppInfo,
    private readonly faults: FaultBoard,
  ) {}

  @Get('live')
  @ApiOkResponse({ description: 'The process is up.' })
  live(): { status: 'ok'; app: string } {
    return { status: 'ok', app: this.app.name };
  }

  @Get('ready')
  @ApiOkResponse({
    description:
      'PostgreSQL and Redis answer; `details.faults` lists loops of this process failing right now (a tournament runner or table), if any.',
  })
  @ApiServiceUnavailableResponse({ description: 'A dependency is down; `checks` says which.' })
  async ready(): Promise<{ status: 'ok'; checks: Record<string, Check>; details: { faults: Fault[] } }> {
    const [postgres, redis] = await Promise.all([
      within(this.prisma.ping(), 2000).then(
        () => 'up' as const,
        () => 'down' as const,
      ),
      within(this.redisPing(), 2000).then(
        () => 'up' as const,
        () => 'down' as const,
      ),
    ]);
    const checks = { postgres, redis };
    // A failing tournament loop does not make the process unready (it backs off and retries; other
    // tournaments and tables work): it is shown, so an operator sees it.
    const details = { faults: this.faults.list() };
    if (postgres === 'down' || redis === 'down')
      throw new ServiceUnavailableException({ status: 'error', checks, details });
    return { status: 'ok', checks, details };
  }

  @Post('heartbeat')
  @HttpCode(200)
  @ApiOkResponse({ description: 'Enqueued a heartbeat job and got the consumer’s answer (BullMQ round trip).' })
  async heartbeatRoundTrip() {
    try {
      return await this.heartbeat.roundTrip(5000);
    } catch (err) {
      throw new ServiceUnavailableException({ status: 'error', message: (err as Error).message });
    }
  }

  private async redisPing(): Promise<string> {
    if (!this.redisClient) {
      this.redisClient = new Redis(this.redis.url, { lazyConnect: true, maxRetriesPerRequest: 1 });
      this.redisClient.on('error', () => undefined); // reported as `down` by the ping instead
    }
    if (this.redisClient.status === 'wait') await this.redisClient.connect();
    return this.redisClient.ping();
  }

  onApplicationShutdown(): void {
    this.redisClient?.disconnect();
  }
}
