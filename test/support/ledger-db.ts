// Ledger tests: the foundation's private, migrated database (test/support/database.ts) plus
// Prisma clients on it with a pool big enough for the concurrency tests.
import { PrismaPg } from '@prisma/adapter-pg';
import { PrismaClient } from '@naiko/persistence';
import { createTestDatabase } from './database';

export interface LedgerTestDb {
  url: string;
  prisma: PrismaClient;
  /** Another client on the same database (its own connection pool). */
  connect(poolSize?: number): PrismaClient;
  drop(): Promise<void>;
}

export async function createLedgerTestDb(poolSize = 20): Promise<LedgerTestDb> {
  const db = await createTestDatabase({ migrate: true });
  const clients: PrismaClient[] = [];
  const connect = (size = poolSize): PrismaClient => {
    const client = new PrismaClient({ adapter: new PrismaPg({ connectionString: db.url, max: size }) });
    clients.push(client);
    return client;
  };
  const prisma = connect();
  return {
    url: db.url,
    prisma,
    connect,
    drop: async () => {
      await Promise.all(clients.map((c) => c.$disconnect().catch(() => undefined)));
      await db.drop();
    },
  };
}

/** A user row as registration would create it, for ledger tests that need account owners. */
export async function createUser(
  prisma: PrismaClient,
  username: string,
  role: 'player' | 'host' | 'admin' = 'player',
): Promise<string> {
  const user = await prisma.user.create({ data: { username, role }, select: { id: true } });
  return user.id;
}
