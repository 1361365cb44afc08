// A private PostgreSQL database per test file: `naiko_test_<random>` on the machine's server
// (TEST_POSTGRES_URL, default postgresql://postgres@127.0.0.1:5432/postgres), dropped afterwards.
//
//   const db = await createTestDatabase();          // empty
//   const db = await createTestDatabase({ migrate: true }); // with every migration applied
//   ...; await db.drop();
import { randomBytes } from 'node:crypto';
import { PrismaPg } from '@prisma/adapter-pg';
import { applyMigrations, dropDatabase, ensureDatabase, findPrismaPaths, withDatabase } from '@naiko/persistence';

export const TEST_POSTGRES_URL = process.env.TEST_POSTGRES_URL ?? 'postgresql://postgres@127.0.0.1:5432/postgres';

export interface TestDatabase {
  name: string;
  url: string;
  drop(): Promise<void>;
}

export async function createTestDatabase(options: { migrate?: boolean } = {}): Promise<TestDatabase> {
  const name = `naiko_test_${randomBytes(6).toString('hex')}`;
  const url = withDatabase(TEST_POSTGRES_URL, name);
  await ensureDatabase(url);
  if (options.migrate)
    await applyMigrations(new PrismaPg({ connectionString: url }), findPrismaPaths(__dirname).migrationsDir);
  return { name, url, drop: () => dropDatabase(url) };
}
