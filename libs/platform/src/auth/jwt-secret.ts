// Where the JWT signing key comes from (issue 19.6). `JWT_SECRET` when set (required in
// production). Otherwise a random 256-bit key generated on the first start and kept in the
// database — never a value that is written in the source, so nobody can forge a token from the
// repository. The database rather than a file under DATA_DIR because every copy of a deployment
// (all-in-one, or lobby + cash-table + ... on other machines) shares the database, not necessarily
// a data directory; with the embedded PGlite the database itself lives in DATA_DIR. Copies that
// start at the same moment agree: the first insert wins, everybody reads the stored row.
import { randomBytes } from 'node:crypto';
import type { PrismaClient } from '@naiko/persistence';

export const JWT_SECRET_NAME = 'jwt';

export async function storedSecret(
  prisma: Pick<PrismaClient, '$executeRaw' | 'platformSecret'>,
  name: string,
): Promise<string> {
  const candidate = randomBytes(32).toString('base64url');
  await prisma.$executeRaw`INSERT INTO platform_secrets (name, value) VALUES (${name}, ${candidate}) ON CONFLICT (name) DO NOTHING`;
  const row = await prisma.platformSecret.findUnique({ where: { name } });
  if (!row) throw new Error(`platform secret "${name}" could not be stored`);
  return row.value;
}

/** The configured secret, else the deployment's generated one. */
export async function resolveJwtSecret(
  configured: string | undefined,
  prisma: Pick<PrismaClient, '$executeRaw' | 'platformSecret'>,
): Promise<string> {
  return configured ?? storedSecret(prisma, JWT_SECRET_NAME);
}
