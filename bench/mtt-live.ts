/**
 * Live tournament benchmark on the real stack (issue 21 item 3, issue 28):
 *
 *   npm run -s bench -- mtt-live --entrants N [--scenario registered-first|start-during-registration] [--json]
 *
 * Builds the app (swc, `scripts/build.js`), starts apps/all-in-one from dist/ as a child process on
 * a fresh database of the machine's PostgreSQL and a private Redis prefix, with the tournament
 * runner's fast settings (MTT_HAND_PAUSE_MS=0, MTT_BOT_DELAY_MS=0: no pause between hands, bots act
 * at once) and real BullMQ level jobs. Then the scenario of test/support/mtt-live.ts: N funded bots
 * register through `POST /tournaments/:id/register`, the admin moves the start to now, the
 * tournament (NLHE 9-max, stack 1,500, `fastModeStructure(1500, 300, 4)`) is played to its winner
 * and the ledger audit runs. `--scenario start-during-registration` moves the start when half the
 * field is in (the rest is refused: late registration is closed).
 *
 * With --json one line:
 *   {"entrants","tables","hands","totalSeconds","handsPerSecond","handTxP50Ms","handTxP99Ms",
 *    "handTxByPath","beginChanges","plannerRuns","handWaitP50Ms","handWaitP99Ms","exclusiveRuns","exclusiveSeconds",
 *    "balancingP99Ms","placed","auditOk","copies"}
 * totalSeconds is from the start to the finish; handTx is the begin/finish-hand transaction time
 * (its first lock to the commit; a one-statement step as the database timed it; handTxByPath: each
 * way a begin or finish went, its count, p99 and samples over 50 ms; beginChanges: the begins from a
 * read that wrote nothing, by what had changed since the read; plannerRuns: the seating planner's
 * runs by how they ended — skipped on a snapshot, changed or idle under the exclusive lock, stale when
 * another copy's run changed the tournament first), handWait the same
 * calls end to end as the tables waited for them (the in-process gate behind tournament-wide runs,
 * a pooled connection, the transaction, the planner run after a bust), exclusiveRuns/Seconds the
 * tournament-wide exclusive transactions during play (planner runs, finishes near the end, ...;
 * the registrations' before the start left out) during which no table begins or finishes a hand,
 * and balancing the busts/places/seating-planner part of a finish,
 * all as the server measured them (GET /tournaments/:id/runner; with several copies the worst
 * copy's p99, the count-weighted mean of their p50 and the sum of the exclusive runs).
 * `--copies K` (K > 1) starts K all-in-one copies in one cluster (CLUSTER_MODE=redis, one database,
 * one Redis namespace): registrations go to them in turn and the tournament's tables spread over them.
 * The line also carries the machine's load average at the end (`loadAverage`: 1, 5, 15 min), since
 * other work may share the machine. BENCH_KEEP_DB=1 keeps the database afterwards (its address on
 * stderr), to look at the rows a run left.
 */
import { execFileSync } from 'node:child_process';
import { PrismaPg } from '@prisma/adapter-pg';
import { PrismaClient } from '@naiko/persistence';
import { TokenService } from '@naiko/platform';
import { freePort, ROOT, startCopy } from './support/cluster';
import { createTestDatabase } from '../test/support/database';
import { runMttLive, type MttLiveScenario } from '../test/support/mtt-live';

const SECRET = 'naiko-bench-secret-0123456789abcdef0123';

function arg(name: string): string | undefined {
  const index = process.argv.indexOf(`--${name}`);
  return index < 0 ? undefined : process.argv[index + 1];
}

export async function main(): Promise<void> {
  const json = process.argv.includes('--json');
  const entrants = Number(arg('entrants') ?? 2000);
  if (!Number.isSafeInteger(entrants) || entrants < 2) throw new Error('--entrants needs an integer >= 2');
  const copiesN = Number(arg('copies') ?? 1);
  if (!Number.isSafeInteger(copiesN) || copiesN < 1 || copiesN > 8) throw new Error('--copies needs an integer 1..8');
  const scenario = (arg('scenario') ?? 'registered-first') as MttLiveScenario;
  if (scenario !== 'registered-first' && scenario !== 'start-during-registration')
    throw new Error(`unknown --scenario ${scenario}`);
  const log = (s: string) => process.stderr.write(`${s}\n`);

  execFileSync(process.execPath, ['scripts/build.js'], { cwd: ROOT, stdio: 'ignore' });
  const db = await createTestDatabase({ migrate: true });
  const prisma = new PrismaClient({ adapter: new PrismaPg({ connectionString: db.url }) });
  // One copy: CLUSTER_MODE=single. K copies: one cluster (CLUSTER_MODE=redis) of all-in-one copies
  // sharing the database and the Redis namespace; each tournament table is dealt by one of them.
  const copies = [];
  for (let k = 0; k < copiesN; k++) {
    copies.push(
      startCopy({
        entry: 'dist/apps/all-in-one/src/main.js',
        instanceId: `mtt-live-${k + 1}`,
        port: await freePort(),
        databaseUrl: db.url,
        prefix: db.name,
        jwtSecret: SECRET,
        logTail: 20_000,
        env: {
          CLUSTER_MODE: copiesN > 1 ? 'redis' : 'single',
          LOG_LEVEL: process.env.BENCH_LOG_LEVEL ?? 'warn',
          MTT_HAND_PAUSE_MS: '0',
          MTT_BOT_DELAY_MS: '0',
        },
      }),
    );
  }
  const copy = copies[0];
  try {
    await Promise.all(copies.map((c) => c.ready));
    const tokens = new TokenService(SECRET, 24 * 3600);
    const mttLiveResult = await runMttLive({
      url: copy.url,
      prisma,
      token: (sub, role = 'player') => tokens.sign({ sub, username: sub.slice(0, 8), role }),
      urls: copies.map((c) => c.url),
      entrants,
      scenario,
      timeoutMs: Number(arg('timeout-s') ?? 1800) * 1000,
      log: json ? undefined : log,
    });
    const line = {
      entrants: mttLiveResult.entrants,
      tables: mttLiveResult.tables,
      hands: mttLiveResult.hands,
      totalSeconds: mttLiveResult.totalSeconds,
      handsPerSecond: mttLiveResult.handsPerSecond,
      handTxP50Ms: mttLiveResult.handTxP50Ms,
      handTxP99Ms: mttLiveResult.handTxP99Ms,
      handTxByPath: mttLiveResult.handTxByPath,
      beginChanges: mttLiveResult.beginChanges,
      plannerRuns: mttLiveResult.plannerRuns,
      handWaitP50Ms: mttLiveResult.handWaitP50Ms,
      handWaitP99Ms: mttLiveResult.handWaitP99Ms,
      exclusiveRuns: mttLiveResult.exclusiveRuns,
      exclusiveSeconds: mttLiveResult.exclusiveSeconds,
      balancingP99Ms: mttLiveResult.balancingP99Ms,
      placed: mttLiveResult.placed,
      auditOk: mttLiveResult.auditOk,
      copies: mttLiveResult.copies,
      loadAverage: (await import('node:os')).loadavg().map((x) => Math.round(x * 100) / 100),
    };
    if (json) console.log(JSON.stringify(line));
    else {
      log(
        `mtt-live (${scenario}): ${mttLiveResult.entrants} entrants (${mttLiveResult.refused} refused after the start), ${mttLiveResult.tables} tables at most, ${mttLiveResult.hands} hands in ${mttLiveResult.totalSeconds} s (${mttLiveResult.handsPerSecond} hands/s)`,
      );
      log(
        `  hand transaction p50 ${mttLiveResult.handTxP50Ms} ms, p99 ${mttLiveResult.handTxP99Ms} ms; end to end p50 ${mttLiveResult.handWaitP50Ms} ms, p99 ${mttLiveResult.handWaitP99Ms} ms; ${mttLiveResult.exclusiveRuns} exclusive runs (${mttLiveResult.exclusiveSeconds} s); balancing p99 ${mttLiveResult.balancingP99Ms} ms`,
      );
      log(
        `  by path: ${Object.entries(mttLiveResult.handTxByPath)
          .map(([path, { count, p99Ms }]) => `${path} ${count} (p99 ${p99Ms} ms)`)
          .join(', ')}`,
      );
      log(
        `  placed ${mttLiveResult.placed}/${mttLiveResult.entrants}, audit ${mttLiveResult.auditOk ? 'clean' : 'NOT clean'}, status ${mttLiveResult.status}${mttLiveResult.faults.length ? `, faults: ${mttLiveResult.faults.join('; ')}` : ''}`,
      );
      log(JSON.stringify(line));
    }
  } finally {
    await Promise.all(copies.map((c) => c.kill('SIGTERM').catch(() => undefined)));
    await prisma.$disconnect();
    if (!process.env.BENCH_KEEP_DB) await db.drop().catch(() => undefined);
    else process.stderr.write(`kept ${db.url}\n`);
  }
}

if (require.main === module) {
  main().catch((err) => {
    console.error(err);
    process.exit(1);
  });
}
