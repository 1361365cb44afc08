// Demo accounts so a fresh install can be tried at once. Passwords are public (README):
// never enable this seed on a real site (SEED_DEMO_USERS=false).
import { hash } from 'bcryptjs';
import type { PrismaClient } from '../generated/prisma/client';
import type { UserRole } from '../generated/prisma/enums';

export interface DemoUser {
  username: string;
  password: string;
  role: UserRole;
}

export const DEMO_USERS: readonly DemoUser[] = [
  { username: 'alice', password: 'alice-demo', role: 'player' },
  { username: 'bob', password: 'bob-demo', role: 'player' },
  { username: 'hana', password: 'hana-demo', role: 'host' },
  { username: 'admin', password: 'admin-demo', role: 'admin' },
];

/** Creates the demo users that are missing (existing accounts are left untouched). Returns the names created. */
export async function seedDemoUsers(prisma: Pick<PrismaClient, 'user'>, users = DEMO_USERS): Promise<string[]> {
  const existing = await prisma.user.findMany({
    where: { username: { in: users.map((u) => u.username) } },
    select: { username: true },
  });
  const have = new Set(existing.map((u) => u.username));
  const created: string[] = [];
  for (const u of users) {
    if (have.has(u.username)) continue;
    await prisma.user.upsert({
      where: { username: u.username },
      update: {},
      create: { username: u.username, role: u.role, passwordHash: await hash(u.password, 10) },
    });
    created.push(u.username);
  }
  return created;
}
