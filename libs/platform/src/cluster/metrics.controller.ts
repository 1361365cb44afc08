// GET /metrics in the Prometheus text format, on every copy. Protected (issue 19.8): with
// METRICS_TOKEN set the scraper sends `Authorization: Bearer <METRICS_TOKEN>`; without it only
// loopback clients (a scraper or sidecar on the same host) are answered. Anyone else gets 401.
import { Controller, Get, Header, Inject, Req, Res, UnauthorizedException } from '@nestjs/common';
import { ApiExcludeController } from '@nestjs/swagger';
import { timingSafeEqual } from 'node:crypto';
import type { AppConfig } from '../config/config.schema';
import { bearerToken } from '../auth/http-auth';
import { APP_CONFIG } from '../tokens';
import { ClusterMetrics } from './metrics';

const LOOPBACK = new Set(['127.0.0.1', '::1', '::ffff:127.0.0.1']);

/** May this request read the metrics? */
export function metricsAllowed(
  token: string | undefined,
  configured: string | undefined,
  remoteAddress: string | undefined,
): boolean {
  if (configured === undefined) return remoteAddress !== undefined && LOOPBACK.has(remoteAddress);
  if (token === undefined) return false;
  const given = Buffer.from(token);
  const expected = Buffer.from(configured);
  return given.length === expected.length && timingSafeEqual(given, expected);
}

@ApiExcludeController()
@Controller('metrics')
export class MetricsController {
  constructor(
    private readonly metrics: ClusterMetrics,
    @Inject(APP_CONFIG) private readonly config: Pick<AppConfig, 'METRICS_TOKEN'>,
  ) {}

  @Get()
  @Header('Cache-Control', 'no-store')
  async get(
    @Req() req: { headers: Record<string, string | string[] | undefined>; socket?: { remoteAddress?: string } },
    @Res() res: { type(t: string): { send(b: string): void } },
  ): Promise<void> {
    if (!metricsAllowed(bearerToken(req.headers.authorization), this.config.METRICS_TOKEN, req.socket?.remoteAddress)) {
      throw new UnauthorizedException(
        this.config.METRICS_TOKEN === undefined
          ? 'metrics are served to loopback clients only (set METRICS_TOKEN)'
          : 'the metrics token is required',
      );
    }
    const { contentType, body } = await this.metrics.render();
    res.type(contentType).send(body);
  }
}
