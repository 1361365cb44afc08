import { Inject, Injectable, Logger, type OnApplicationBootstrap } from '@nestjs/common';
import { ChipLedger, fundDemoUsers, PrismaService, seedDemoUsers } from '@naiko/persistence';
import { APP_CONFIG } from '../tokens';
import type { AppConfig } from '../config/config.schema';

/**
 * Creates the documented demo users at start-up (SEED_DEMO_USERS=true, the default) and funds each
 * once through the ledger (note `demo-funding`), so they can sit down at once.
 */
@Injectable()
export class DemoSeeder implements OnApplicationBootstrap {
  private readonly logger = new Logger('Seed');

  constructor(
    private readonly prisma: PrismaService,
    @Inject(APP_CONFIG) private readonly config: AppConfig,
  ) {}

  async onApplicationBootstrap(): Promise<void> {
    if (!this.config.SEED_DEMO_USERS) return;
    const created = await seedDemoUsers(this.prisma);
    if (created.length) this.logger.log({ msg: `created demo users: ${created.join(', ')}`, created });
    const funded = await fundDemoUsers(this.prisma, new ChipLedger(this.prisma));
    if (funded.length) this.logger.log({ msg: `funded demo users: ${funded.join(', ')}`, funded });
  }
}
