// `npm run -s seed` (or `prisma db seed` where Prisma's engine exists): creates the demo users
// (alice, bob: players; hana: host; admin: admin; password `<name>-demo`) on the database Naiko
// would use. The all-in-one app runs the same seed at start-up unless SEED_DEMO_USERS=false.
import { resolve } from 'node:path';
import {
  applyMigrations,
  findPrismaPaths,
  openDatabase,
  PrismaService,
  resolveDatabaseTarget,
  seedDemoUsers,
  fundDemoUsers,
} from '../libs/persistence/src/prisma';
import { ChipLedger } from '../libs/persistence/src/ledger';

async function main(): Promise<void> {
  const target = await resolveDatabaseTarget(
    process.env.DATABASE_URL || undefined,
    resolve(process.env.DATA_DIR ?? '.data'),
  );
  const db = await openDatabase(target);
  await applyMigrations(db.adapterFactory, findPrismaPaths(process.cwd()).migrationsDir);
  const prisma = new PrismaService(db);
  try {
    const created = await seedDemoUsers(prisma);
    console.log(
      `${db.description}: ${created.length ? `created ${created.join(', ')}` : 'demo users already present'}`,
    );
    const funded = await fundDemoUsers(prisma, new ChipLedger(prisma));
    if (funded.length) console.log(`funded ${funded.join(', ')} (demo-funding)`);
  } finally {
    await prisma.onModuleDestroy();
  }
}

main().catch((err: unknown) => {
  console.error(err instanceof Error ? err.message : err);
  process.exit(1);
});
