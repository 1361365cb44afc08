// The installation id: who this database is (issue 29). The migration `installation_id` creates the
// one row of `installation` with gen_random_uuid() when the database is first migrated; every key
// the platform keeps in Redis is namespaced with it, so a fresh or restored database behind an old
// Redis never meets another database's jobs, leases or channels.
import type { PrismaClient } from '../generated/prisma/client';

/**
 * This database's installation id. Normally the migration's row; if that row was deleted by hand,
 * a new id is generated in the same statement (a lost id only costs the old Redis keys, which the
 * new namespace then ignores).
 */
export async function readInstallationId(prisma: Pick<PrismaClient, '$queryRaw'>): Promise<string> {
  const rows = await prisma.$queryRaw<{ id: string }[]>`
    WITH created AS (
      INSERT INTO installation (singleton) VALUES (true) ON CONFLICT (singleton) DO NOTHING RETURNING id
    )
    SELECT id::text AS id FROM created
    UNION ALL
    SELECT id::text AS id FROM installation WHERE singleton
    LIMIT 1`.catch((err: unknown) => {
    if (/relation "installation" does not exist/.test(String(err))) {
      throw new Error(
        'installation: the database is not migrated (no table "installation"): run `npm run -s migrate` or start with MIGRATE_ON_START=true',
      );
    }
    throw err;
  });
  const id = rows[0]?.id;
  if (!id) throw new Error('installation: no installation id could be read or created');
  return id;
}
