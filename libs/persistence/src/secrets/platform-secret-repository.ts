// The deployment's generated secrets (`platform_secrets`, issue 19.6: the JWT signing key when
// JWT_SECRET is unset) behind one named repository (issue 24 item 4). Copies that start at the same
// moment agree: the first insert wins, everybody reads the stored row.
import type { PrismaClient } from '../generated/prisma/client';

/** The stored secrets (also the Nest token; `PrismaPlatformSecretRepository` implements it). */
export abstract class PlatformSecretRepository {
  /**
   * The secret stored under `name`; stores `candidate` first when there is none (ON CONFLICT DO
   * NOTHING, then read), so every caller gets the same value whoever inserted it.
   */
  abstract getOrCreate(name: string, candidate: string): Promise<string>;
}

type Db = Pick<PrismaClient, '$executeRaw' | 'platformSecret'>;

export class PrismaPlatformSecretRepository implements PlatformSecretRepository {
  constructor(private readonly db: Db) {}

  async getOrCreate(name: string, candidate: string): Promise<string> {
    await this.db
      .$executeRaw`INSERT INTO platform_secrets (name, value) VALUES (${name}, ${candidate}) ON CONFLICT (name) DO NOTHING`;
    const row = await this.db.platformSecret.findUnique({ where: { name } });
    if (!row) throw new Error(`platform secret "${name}" could not be stored`);
    return row.value;
  }
}
