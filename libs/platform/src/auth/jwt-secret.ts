// Where the JWT signing key comes from (issue 19.6). `JWT_SECRET` when set (required in
// production). Otherwise a random 256-bit key generated on the first start and kept in the
// database — never a value that is written in the source, so nobody can forge a token from the
// repository. The database rather than a file under DATA_DIR because every copy of a deployment
// (all-in-one, or lobby + cash-table + ... on other machines) shares the database, not necessarily
// a data directory; with the embedded PGlite the database itself lives in DATA_DIR. Copies that
// start at the same moment agree: the first insert wins, everybody reads the stored row
// (PlatformSecretRepository.getOrCreate).
import { randomBytes } from 'node:crypto';
import type { PlatformSecretRepository } from '@naiko/persistence';

export const JWT_SECRET_NAME = 'jwt';

export function storedSecret(secrets: PlatformSecretRepository, name: string): Promise<string> {
  return secrets.getOrCreate(name, randomBytes(32).toString('base64url'));
}

/** The configured secret, else the deployment's generated one. */
export async function resolveJwtSecret(
  configured: string | undefined,
  secrets: PlatformSecretRepository,
): Promise<string> {
  return configured ?? storedSecret(secrets, JWT_SECRET_NAME);
}
