// `npm run -s migrate:create -- <name>`: writes prisma/migrations/<timestamp>_<name>/migration.sql
// with the SQL that takes the current migrations to prisma/schema.prisma. The diff runs in an
// in-memory PGlite shadow database, so neither a live PostgreSQL nor Prisma's native engine is needed.
import { PGlite } from '@electric-sql/pglite';
import { PrismaPGlite } from 'pglite-prisma-adapter';
import type { SqlMigrationAwareDriverAdapterFactory } from '@prisma/driver-adapter-utils';
import {
  diffSchemaAgainstMigrations,
  findPrismaPaths,
  writeMigration,
} from '../libs/persistence/src/prisma/migrations';

async function main(): Promise<number> {
  const name = process.argv.slice(2).find((a) => !a.startsWith('-'));
  if (!name) {
    console.error('usage: npm run -s migrate:create -- <name>   (e.g. add_ledger)');
    return 2;
  }
  const paths = findPrismaPaths(process.cwd());
  const shadow = new PGlite();
  try {
    const sql = await diffSchemaAgainstMigrations(
      new PrismaPGlite(shadow) as unknown as SqlMigrationAwareDriverAdapterFactory,
      paths,
    );
    if (sql === null) {
      console.log('schema.prisma matches the migrations: nothing to create.');
      return 0;
    }
    const dir = await writeMigration(paths.migrationsDir, name, sql, new Date());
    console.log(`created prisma/migrations/${dir}/migration.sql`);
    return 0;
  } finally {
    await shadow.close();
  }
}

main().then(
  (code) => process.exit(code),
  (err: unknown) => {
    console.error(err instanceof Error ? err.message : err);
    process.exit(1);
  },
);
