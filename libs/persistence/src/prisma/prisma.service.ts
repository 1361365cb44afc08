// The Prisma client Nest injects everywhere: `constructor(private readonly prisma: PrismaService)`.
// It runs through a driver adapter (adapter-pg for PostgreSQL, pglite-prisma-adapter for the
// embedded database), so no native query engine is involved.
import type { OnModuleDestroy } from '@nestjs/common';
import { PrismaClient } from '../generated/prisma/client';
import type { DatabaseConnection, SqlRunner } from './database';

export class PrismaService extends PrismaClient implements OnModuleDestroy {
  /**
   * The client for transactions during which the other writers of what they lock wait (a
   * tournament's exclusive runs): its own small pool on PostgreSQL (DatabaseConnection.laneAdapter),
   * so such a run never queues for a connection behind the hands' writes; this client otherwise.
   */
  readonly lane: PrismaClient;

  constructor(readonly connection: DatabaseConnection) {
    super({ adapter: connection.clientAdapter });
    this.lane = connection.laneAdapter ? new PrismaClient({ adapter: connection.laneAdapter }) : this;
  }

  /** Plain SQL on Prisma's own pool (PostgreSQL only), for hot paths: see DatabaseConnection.sql. */
  get sql(): SqlRunner | undefined {
    return this.connection.sql;
  }

  /** True when a trivial query succeeds (used by /health/ready). */
  async ping(): Promise<boolean> {
    await this.$queryRawUnsafe('SELECT 1');
    return true;
  }

  async onModuleDestroy(): Promise<void> {
    if (this.lane !== this) await this.lane.$disconnect();
    await this.$disconnect();
    await this.connection.close();
  }
}
