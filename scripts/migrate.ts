// `npm run -s migrate`: applies pending migrations to the database Naiko would use
// (DATABASE_URL, else local PostgreSQL, else embedded PGlite under .data/), through the WASM
// schema engine.
import { resolve } from 'node:path';
import { applyMigrations, findPrismaPaths, openDatabase, resolveDatabaseTarget } from '../libs/persistence/src/prisma';

async function main(): Promise<void> {
  const target = await resolveDatabaseTarget(
    process.env.DATABASE_URL || undefined,
    resolve(process.env.DATA_DIR ?? '.data'),
  );
  const db = await openDatabase(target);
  try {
    const applied = await applyMigrations(db.adapterFactory, findPrismaPaths(process.cwd()).migrationsDir);
    console.log(`${db.description}: ${applied.length ? `applied ${applied.join(', ')}` : 'already up to date'}`);
  } finally {
    await db.close();
  }
}

main().catch((err: unknown) => {
  console.error(err instanceof Error ? err.message : err);
  process.exit(1);
});
