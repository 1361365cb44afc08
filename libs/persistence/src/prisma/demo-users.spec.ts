import { compare } from 'bcryptjs';
import { DEMO_USERS, seedDemoUsers } from './demo-users';

describe('demo users', () => {
  it('are alice and bob (players), hana (host) and admin (admin), password `<name>-demo`', () => {
    expect(DEMO_USERS.map((u) => [u.username, u.role, u.password])).toEqual([
      ['alice', 'player', 'alice-demo'],
      ['bob', 'player', 'bob-demo'],
      ['hana', 'host', 'hana-demo'],
      ['admin', 'admin', 'admin-demo'],
    ]);
  });

  it('carry precomputed bcrypt hashes of their documented passwords', async () => {
    for (const demoUser of DEMO_USERS) {
      expect(await compare(demoUser.password, demoUser.passwordHash)).toBe(true);
      expect(await compare('wrong', demoUser.passwordHash)).toBe(false);
    }
  });

  it('are created only when missing', async () => {
    const created: string[] = [];
    const fake = {
      user: {
        findMany: async () => [{ username: 'bob' }],
        upsert: async (args: { create: { username: string } }) => {
          created.push(args.create.username);
          return args.create;
        },
      },
    };
    expect(await seedDemoUsers(fake as never)).toEqual(['alice', 'hana', 'admin']);
    expect(created).toEqual(['alice', 'hana', 'admin']);
  });
});
