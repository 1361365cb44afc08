// Demo accounts so a fresh install can be tried at once. Passwords are public (README):
// never enable this seed on a real site (SEED_DEMO_USERS=false).
import type { PrismaClient } from '../generated/prisma/client';
import type { UserRole } from '../generated/prisma/enums';

export interface DemoUser {
  username: string;
  password: string;
  /** bcrypt (cost 10) of `password`, precomputed: hashing at every first start costs seconds. */
  passwordHash: string;
  role: UserRole;
}

export const DEMO_USERS: readonly DemoUser[] = [
  {
    username: 'alice',
    password: 'alice-demo',
    role: 'player',
    passwordHash: '$2b$10$jHVBatzKr2DVv3ouOIHl7.KkDap1kk9jgnr7y.d.Bu847g7ZttNQC',
  },
  {
    username: 'bob',
    password: 'bob-demo',
    role: 'player',
    passwordHash: '$2b$10$zqd.v3gmMox7Jp/FcH56O.9v9Cjysm.zWTkYltieYFzXcYYmI7qRm',
  },
  {
    username: 'hana',
    password: 'hana-demo',
    role: 'host',
    passwordHash: '$2b$10$VIQrzc8LdF7dJDFmeUofWeecJy7UCn8StkTqnQrcQHm2NvaBVrgoi',
  },
  {
    username: 'admin',
    password: 'admin-demo',
    role: 'admin',
    passwordHash: '$2b$10$IZHB1HUPqkamR95FCpX1suRzcI6wgCq6F33d4veUtz9jHP4VSzeSC',
  },
];

/** Creates the demo users that are missing (existing accounts are left untouched). Returns the names created. */
export async function seedDemoUsers(prisma: Pick<PrismaClient, 'user'>, users = DEMO_USERS): Promise<string[]> {
  const existing = await prisma.user.findMany({
    where: { username: { in: users.map((u) => u.username) } },
    select: { username: true },
  });
  const have = new Set(existing.map((u) => u.username));
  const created: string[] = [];
  for (const demoUser of users) {
    if (have.has(demoUser.username)) continue;
    await prisma.user.upsert({
      where: { username: demoUser.username },
      update: {},
      create: { username: demoUser.username, role: demoUser.role, passwordHash: demoUser.passwordHash },
    });
    created.push(demoUser.username);
  }
  return created;
}

/** Chips each demo account starts with (the play-money top-up's level too). */
export const DEMO_STARTING_CHIPS = 10_000;

/**
 * Funds every demo user once through the chip ledger: a `grant` with the note `demo-funding` and
 * the key `demo-funding:<userId>`, so restarts and several copies starting together grant once.
 * Returns the names funded now.
 */
export async function fundDemoUsers(
  prisma: Pick<PrismaClient, 'user'>,
  ledger: {
    openUserAccount(userId: string): Promise<unknown>;
    grant(c: { idempotencyKey: string; userId: string; amount: number; note: string }): Promise<{ replayed: boolean }>;
  },
  users = DEMO_USERS,
  amount = DEMO_STARTING_CHIPS,
): Promise<string[]> {
  const rows = await prisma.user.findMany({
    where: { username: { in: users.map((u) => u.username) } },
    select: { id: true, username: true },
  });
  const funded: string[] = [];
  for (const row of rows) {
    await ledger.openUserAccount(row.id);
    const grant = await ledger.grant({
      idempotencyKey: `demo-funding:${row.id}`,
      userId: row.id,
      amount,
      note: 'demo-funding',
    });
    if (!grant.replayed) funded.push(row.username);
  }
  return funded;
}
