// `npm run -s audit`: checks the whole chip ledger of the database Naiko would use (DATABASE_URL,
// else local PostgreSQL, else embedded PGlite under .data/) and prints the report as JSON.
// Exit code 0: clean; 1: any difference; 2: the audit could not run.
import { resolve } from 'node:path';
import { auditLedger, openDatabase, PrismaClient, resolveDatabaseTarget } from '../libs/persistence/src';

async function main(): Promise<number> {
  const target = await resolveDatabaseTarget(
    process.env.DATABASE_URL || undefined,
    resolve(process.env.DATA_DIR ?? '.data'),
  );
  const db = await openDatabase(target);
  const prisma = new PrismaClient({ adapter: db.adapterFactory });
  try {
    const report = await auditLedger(prisma);
    console.log(JSON.stringify({ database: db.description, ...report }, null, 2));
    return report.ok ? 0 : 1;
  } finally {
    await prisma.$disconnect();
    await db.close();
  }
}

main().then(
  (code) => process.exit(code),
  (err: unknown) => {
    console.log(JSON.stringify({ ok: false, error: err instanceof Error ? err.message : String(err) }, null, 2));
    process.exit(2);
  },
);
