// The frame of a suite that runs copies of the platform as child processes (test/cluster): the
// build and a migrated private database before, and after — whatever the suite registered to stop
// (players, sockets), every copy killed, the database dropped.
import { execFileSync } from 'node:child_process';
import { PrismaPg } from '@prisma/adapter-pg';
import { PrismaClient } from '@naiko/persistence';
import { freePort, ROOT, startCopy, type Copy } from '../../bench/support/cluster';
import { TEST_JWT_SECRET } from './app';
import { createTestDatabase, type TestDatabase } from './database';

export interface CopiesSuite {
  db: TestDatabase;
  prisma: PrismaClient;
  copies: Copy[];
  /**
   * Starts `count` all-in-one copies (CLUSTER_MODE=redis) named `<name>-<i>` on the suite's database and
   * Redis prefix.
   */
  start(count: number, name: string, env: Record<string, string>): Promise<Copy[]>;
  /** Runs before the copies are killed (players, sockets). */
  onClose(fn: () => void | Promise<void>): void;
}

export function copiesSuite(): CopiesSuite {
  const closers: (() => void | Promise<void>)[] = [];
  const suite = {
    copies: [] as Copy[],
    onClose: (fn: () => void | Promise<void>) => void closers.push(fn),
    async start(count: number, name: string, env: Record<string, string>): Promise<Copy[]> {
      const started: Copy[] = [];
      for (let i = 0; i < count; i++) {
        started.push(
          startCopy({
            entry: 'dist/apps/all-in-one/src/main.js',
            instanceId: `${name}-${i}`,
            port: await freePort(),
            databaseUrl: suite.db.url,
            prefix: suite.db.name,
            jwtSecret: TEST_JWT_SECRET,
            env,
          }),
        );
      }
      suite.copies.push(...started);
      await Promise.all(started.map((c) => c.ready));
      return started;
    },
  } as CopiesSuite;
  beforeAll(async () => {
    execFileSync(process.execPath, ['scripts/build.js'], { cwd: ROOT, stdio: 'ignore' });
    suite.db = await createTestDatabase({ migrate: true });
    suite.prisma = new PrismaClient({ adapter: new PrismaPg({ connectionString: suite.db.url }) });
  }, 120_000);
  afterAll(async () => {
    for (const close of closers) await close();
    await Promise.all(suite.copies.map((c) => c.kill('SIGKILL')));
    await suite.prisma?.$disconnect();
    await suite.db?.drop();
  });
  return suite;
}
