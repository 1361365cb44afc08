// GET /metrics in the Prometheus text format, on every copy. Unauthenticated like /health: it is
// meant for the scraper on the internal network; do not route it from the public edge.
import { Controller, Get, Header, Res } from '@nestjs/common';
import { ApiExcludeController } from '@nestjs/swagger';
import { ClusterMetrics } from './metrics';

@ApiExcludeController()
@Controller('metrics')
export class MetricsController {
  constructor(private readonly metrics: ClusterMetrics) {}

  @Get()
  @Header('Cache-Control', 'no-store')
  async get(@Res() res: { type(t: string): { send(b: string): void } }): Promise<void> {
    const { contentType, body } = await this.metrics.render();
    res.type(contentType).send(body);
  }
}
