// Serves the web client (apps/web, built into dist/web by scripts/build-web.js) at `/` of the app
// that imports this module. The handler is added in onModuleInit, which Nest runs after it has
// registered the controllers' routes, so every API path keeps answering as before; only requests
// no route handles fall through to the client's files. It also serves the thin read-only routes
// the client needs that no feature module offers (the player's hand history, hand-history.controller.ts).
import { Inject, Logger, Module, type OnModuleInit } from '@nestjs/common';
import type { AppConfig } from '../config/config.schema';
import { APP_CONFIG } from '../tokens';
import { HttpAdapterHost } from '@nestjs/core';
import { existsSync } from 'node:fs';
import { join } from 'node:path';
import { JwtAuthGuard } from '../auth/http-auth';
import { HandHistoryRepository, PrismaHandHistoryRepository, PrismaService } from '@naiko/persistence';
import { HandHistoryController } from './hand-history.controller';
import { staticFiles, webDistDir } from './static-files';

@Module({
  controllers: [HandHistoryController],
  providers: [
    JwtAuthGuard,
    // The hand history's reads (issue 24 item 4); names come from the platform's UserRepository.
    {
      provide: HandHistoryRepository,
      inject: [PrismaService],
      useFactory: (prisma: PrismaService) => new PrismaHandHistoryRepository(prisma),
    },
  ],
})
export class WebModule implements OnModuleInit {
  private readonly logger = new Logger('WebModule');

  constructor(
    private readonly adapterHost: HttpAdapterHost,
    @Inject(APP_CONFIG) private readonly config: AppConfig,
  ) {}

  onModuleInit(): void {
    const root = webDistDir(this.config);
    if (!existsSync(join(root, 'index.html'))) {
      this.logger.warn({ msg: `web client not built (${root}/index.html missing): run \`node scripts/build-web.js\`` });
    }
    // Serve whatever is there at request time, so a rebuild needs no restart.
    this.adapterHost.httpAdapter.use(staticFiles(root));
  }
}
