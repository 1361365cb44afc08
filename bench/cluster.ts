/**
 * Scale-out benchmark: `npm run bench -- cluster [--tables N] [--seconds S] [--kills K] [--lease MS] [--json]`.
 *
 * The cash-table load of bench/tables.ts (6-max No-Limit Hold'em, six socket.io players per table
 * deciding with the libs/table bot policy from their own seat's view) over 1, 2 and 3 copies of
 * apps/all-in-one (child processes, CLUSTER_MODE=redis, one database, one Redis prefix). Tables are
 * created on every copy in turn (so owned by each), and each player connects to another copy than
 * his table's owner whenever there are several, so commands and feeds cross copies. For each copy
 * count: tables, hands/s, action → own-action-in-feed latency p50/p99.
 *
 * Then the failover time with 3 copies, K times: the owner of a table is SIGKILLed while a hand of
 * that table runs; the time until the next action on that table is accepted (the first `action`
 * event of the table in any player's feed) — lease expiry, takeover with the crash rule, re-seating,
 * the next deal and a decision. The killed copy is started again before the next kill. With it, the
 * worst stall of ANY table over the kill: for each table, from its last accepted action before the
 * kill to its first one after (the killed copy's hands excluded), the worst of every table; printed
 * with its ratio to the lease (test/cluster/three-copies asserted "under lease × 1.5 + one hand").
 * `--copies N` runs only the N-copy case (the failover needs 3).
 * With --json one line: {"runs":[{copies,tables,handsPerSecond,p50Ms,p99Ms}],"failover":{kills,p50Ms,p99Ms,maxMs,
 * worstStallMs,stallToLease}}.
 */
import { execFileSync } from 'node:child_process';
import { PrismaPg } from '@prisma/adapter-pg';
import { ChipLedger, PrismaClient } from '@naiko/persistence';
import { TokenService } from '@naiko/platform';
import {
  ClusterPlayer,
  percentile,
  pool,
  freePort,
  ROOT,
  startCopy,
  tableDirectory,
  until,
  type Copy,
} from './support/cluster';
import { createTestDatabase, type TestDatabase } from '../test/support/database';

const SECRET = 'naiko-bench-secret-0123456789abcdef0123';
const SEATS = 6;
const BIG_BLIND = 10;

const arg = (name: string, fallback: number): number => {
  const index = process.argv.indexOf(`--${name}`);
  return index >= 0 ? Number(process.argv[index + 1]) : fallback;
};

interface Run {
  copies: number;
  tables: number;
  handsPerSecond: number;
  p50Ms: number;
  p99Ms: number;
}

interface Cluster {
  db: TestDatabase;
  prisma: PrismaClient;
  copies: Copy[];
  players: ClusterPlayer[];
  tables: { tableId: string }[];
  /** Accepted actions per table (time and hand), from any player's feed. */
  actions: Map<string, { at: number; handId: string }[]>;
  /** First feed seen of each hand per table. */
  hands: Map<string, { at: number; handId: string }[]>;
  handsEnded: Map<string, number>;
  latencies: number[];
  measuring: { on: boolean };
  /** From `at` on (a kill), the first accepted action of each table that is not in a hand of `skip`. */
  afterKill: { at: number; skip: Set<string>; first: Map<string, number> };
  start(i: number, instanceId: string): Promise<Copy>;
}

const round = (x: number): number => Math.round(x * 10) / 10;

async function startCluster(
  copyCount: number,
  tablesN: number,
  leaseMs: number,
  log: (s: string) => void,
): Promise<Cluster> {
  const db = await createTestDatabase({ migrate: true });
  const prisma = new PrismaClient({ adapter: new PrismaPg({ connectionString: db.url }) });
  const copies: Copy[] = [];
  const start = async (index: number, instanceId: string): Promise<Copy> => {
    const copy = startCopy({
      entry: 'dist/apps/all-in-one/src/main.js',
      instanceId,
      port: await freePort(),
      databaseUrl: db.url,
      prefix: db.name,
      jwtSecret: SECRET,
      env: {
        LOG_LEVEL: process.env.BENCH_COPY_LOG ? 'info' : 'error',
        TABLE_LEASE_MS: String(leaseMs),
        TABLE_HAND_PAUSE_MS: '0',
        TABLE_BOT_DELAY_MS: '0',
      },
    });
    copies[index] = copy;
    return copy;
  };
  for (let i = 0; i < copyCount; i++) await start(i, `bench-copy-${i}`);
  await Promise.all(copies.map((c) => c.ready));
  const tokens = new TokenService(SECRET, 24 * 3600);
  const ledger = new ChipLedger(prisma);
  log(`  ${copyCount} cop${copyCount === 1 ? 'y' : 'ies'} up; ${tablesN} tables, ${tablesN * SEATS} players ...`);
  const admin = await prisma.user.create({ data: { username: 'bench-admin', role: 'admin' } });
  const adminToken = tokens.sign({ sub: admin.id, username: admin.username, role: 'admin' });
  const users = await Promise.all(
    Array.from({ length: tablesN * SEATS }, (_, i) =>
      prisma.user.create({ data: { username: `cb${i}` }, select: { id: true, username: true } }),
    ),
  );
  await pool(users, 16, async (user) => {
    await ledger.openUserAccount(user.id);
    await ledger.grant({ idempotencyKey: `bench:${user.id}`, userId: user.id, amount: 1_000_000 });
  });
  const tables: { tableId: string }[] = [];
  for (let t = 0; t < tablesN; t++) {
    // Created on copy t % n, so owned by it: tables spread over owners.
    const res = await fetch(`${copies[t % copyCount]!.url}/lobby/tables`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', authorization: `Bearer ${adminToken}` },
      body: JSON.stringify({
        name: `Cluster bench ${t}`,
        game: 'holdem',
        structure: 'no-limit',
        stakes: { smallBlind: 5, bigBlind: BIG_BLIND },
        buyIn: { min: 400, max: 2000 },
        seats: SEATS,
        botsAllowed: false,
        clock: { decisionMs: 30_000, timeBankMs: 0 },
      }),
    });
    if (!res.ok) throw new Error(`create table: ${res.status} ${await res.text()}`);
    tables.push((await res.json()) as { tableId: string });
  }
  const actions = new Map<string, { at: number; handId: string }[]>();
  const hands = new Map<string, { at: number; handId: string }[]>();
  const handsEnded = new Map<string, number>();
  const latencies: number[] = [];
  const measuring = { on: false };
  const afterKill = { at: Infinity, skip: new Set<string>(), first: new Map<string, number>() };
  const players: ClusterPlayer[] = [];
  users.forEach((user, index) => {
    const tableIndex = Math.floor(index / SEATS);
    const seat = index % SEATS;
    const owner = tableIndex % copyCount;
    // Clients spread over the copies, never on the owner's copy when there is another one.
    const first = copyCount === 1 ? 0 : (owner + 1 + (seat % (copyCount - 1))) % copyCount;
    // Read when (re)connecting: a restarted copy takes its slot in `copies`.
    const order = (): Copy[] => Array.from({ length: copyCount }, (_, k) => copies[(first + k) % copyCount]!);
    players.push(
      new ClusterPlayer({
        userId: user.id,
        username: user.username,
        token: tokens.sign({ sub: user.id, username: user.username, role: 'player' }),
        tableId: tables[tableIndex]!.tableId,
        buyIn: 1000,
        seat,
        copies: order,
        seed: `bench:${copyCount}:${index}`,
        bigBlind: BIG_BLIND,
        reloadTo: 1000,
        onLatency: (ms) => measuring.on && latencies.push(ms),
        onHandEvent: (tableId, kind, at, handId) => {
          if (kind === 'hand') {
            const list = hands.get(tableId) ?? [];
            if (!list.some((h) => h.handId === handId)) list.push({ at, handId });
            if (list.length > 16) list.splice(0, list.length - 16);
            hands.set(tableId, list);
          }
          if (kind === 'action') {
            const resumed = at > afterKill.at && !afterKill.skip.has(handId);
            if (resumed && !afterKill.first.has(tableId)) afterKill.first.set(tableId, at);
            const list = actions.get(tableId) ?? [];
            list.push({ at, handId });
            if (list.length > 64) list.splice(0, list.length - 64);
            actions.set(tableId, list);
          }
          if (kind === 'hand-ended' && seat === 0 && measuring.on)
            handsEnded.set(tableId, (handsEnded.get(tableId) ?? 0) + 1);
        },
      }),
    );
  });
  await pool(players, 24, (p) => p.start());
  return { db, prisma, copies, players, tables, actions, hands, handsEnded, latencies, measuring, afterKill, start };
}

async function stopCluster(cluster: Cluster): Promise<void> {
  for (const clusterPlayer of cluster.players) clusterPlayer.stop();
  await Promise.all(cluster.copies.map((x) => x.kill('SIGKILL')));
  await cluster.prisma.$disconnect();
  await cluster.db.drop();
}

async function measure(cluster: Cluster, seconds: number): Promise<Run> {
  await new Promise((r) => setTimeout(r, 3000)); // warm-up
  cluster.latencies.length = 0;
  cluster.handsEnded.clear();
  cluster.measuring.on = true;
  const t0 = performance.now();
  await new Promise((r) => setTimeout(r, seconds * 1000));
  cluster.measuring.on = false;
  const elapsed = (performance.now() - t0) / 1000;
  const hands = [...cluster.handsEnded.values()].reduce((a, b) => a + b, 0);
  const sorted = [...cluster.latencies].sort((a, b) => a - b);
  return {
    copies: cluster.copies.length,
    tables: cluster.tables.length,
    handsPerSecond: round(hands / elapsed),
    p50Ms: round(percentile(sorted, 50)),
    p99Ms: round(percentile(sorted, 99)),
  };
}

/** Owner of a table from the Redis directory. */
async function ownerOf(cluster: Cluster, tableId: string): Promise<string | null> {
  return (await tableDirectory(cluster.db.name)).find((e) => e.tableId === tableId)?.owner ?? null;
}

async function failovers(
  cluster: Cluster,
  kills: number,
  log: (s: string) => void,
): Promise<{ times: number[]; stalls: number[] }> {
  const times: number[] = [];
  const stalls: number[] = [];
  for (let k = 0; k < kills; k++) {
    const table = cluster.tables[k % cluster.tables.length]!;
    const owner = await ownerOf(cluster, table.tableId);
    const slot = cluster.copies.findIndex((x) => x.instanceId === owner && x.alive);
    if (slot < 0) throw new Error(`no live owner for table ${table.tableId} (${owner})`);
    let running: { id: string } | null = null;
    await until(
      async () =>
        !!(running = await cluster.prisma.hand.findFirst({
          where: { tableId: table.tableId, status: 'running' },
          select: { id: true },
        })),
      30_000,
      'a running hand',
    );
    // Each table's last accepted action before the kill, and the hands the killed copy was dealing
    // (cancelled: their late feeds are not play resuming).
    const directory = await tableDirectory(cluster.db.name);
    const lastBefore = new Map(cluster.tables.map((t) => [t.tableId, (cluster.actions.get(t.tableId) ?? []).at(-1)]));
    const victims = cluster.tables.filter((t) => directory.find((e) => e.tableId === t.tableId)?.owner === owner);
    const skip = new Set(victims.map((t) => lastBefore.get(t.tableId)?.handId ?? ''));
    const killedAt = Date.now();
    Object.assign(cluster.afterKill, { at: killedAt, skip, first: new Map() });
    await cluster.copies[slot]!.kill('SIGKILL');
    // Phase: the table hosted by another copy (its directory entry rewritten by the new owner).
    let adoptedAt = 0;
    const watchOwner = (async () => {
      while (!adoptedAt && Date.now() - killedAt < 60_000) {
        const now = await ownerOf(cluster, table.tableId);
        if (now && now !== owner) adoptedAt = Date.now();
        else await new Promise((r) => setTimeout(r, 25));
      }
    })();
    // The next accepted action: in a hand dealt after the kill (the killed hand is cancelled; its
    // last feeds may still be on their way through Redis).
    const next = (): { at: number } | undefined =>
      (cluster.actions.get(table.tableId) ?? []).find((a) => a.at > killedAt && a.handId !== running!.id);
    await until(() => next() !== undefined, 60_000, `an accepted action on table ${table.tableId} after the kill`);
    const first = next()!.at;
    await watchOwner;
    const dealt =
      (cluster.hands.get(table.tableId) ?? []).find((h) => h.at > killedAt && h.handId !== running!.id)?.at ?? first;
    times.push(first - killedAt);
    const everyTable = 'an accepted action on every table after the kill';
    await until(() => cluster.afterKill.first.size === cluster.tables.length, 60_000, everyTable);
    const gapOf = (tableId: string): number =>
      cluster.afterKill.first.get(tableId)! - (lastBefore.get(tableId)?.at ?? killedAt);
    const stall = Math.max(...cluster.tables.map((t) => gapOf(t.tableId)));
    cluster.afterKill.at = Infinity;
    stalls.push(stall);
    log(
      `  kill ${k + 1}: ${owner} → taken over after ${adoptedAt - killedAt} ms, first feed of the next hand after ` +
        `${dealt - killedAt} ms, next action after ${first - killedAt} ms; worst stall of any table ${stall} ms`,
    );
    // Back to three copies for the next kill.
    const again = await cluster.start(slot, `bench-copy-${slot}-${k + 1}`);
    await again.ready;
  }
  return { times, stalls };
}

export async function main(): Promise<void> {
  const json = process.argv.includes('--json');
  const tablesN = arg('tables', 12);
  const seconds = arg('seconds', 15);
  const kills = arg('kills', 5);
  const leaseMs = arg('lease', 2000);
  // --copies N: only the run with N copies (e.g. `--copies 3 --seconds 3` for the failover figures alone).
  const only = arg('copies', 0);
  const log = (line: string): void => {
    if (!json) console.log(line);
  };
  execFileSync(process.execPath, ['scripts/build.js'], { cwd: ROOT, stdio: 'ignore' });
  const runs: Run[] = [];
  type Failover = {
    kills: number;
    p50Ms: number;
    p99Ms: number;
    maxMs: number;
    worstStallMs: number;
    stallToLease: number;
  };
  let failover: Failover | null = null;
  for (const copies of [1, 2, 3].filter((x) => !only || x === only)) {
    log(`${copies} cop${copies === 1 ? 'y' : 'ies'}:`);
    const cluster = await startCluster(copies, tablesN, leaseMs, log);
    try {
      const run = await measure(cluster, seconds);
      runs.push(run);
      log(`  hands/s ${run.handsPerSecond}, action → update p50 ${run.p50Ms} ms, p99 ${run.p99Ms} ms`);
      if (copies === 3 && kills > 0) {
        log(`failover (TABLE_LEASE_MS=${leaseMs}), ${kills} kills:`);
        const measured = await failovers(cluster, kills, log);
        const times = measured.times.sort((a, b) => a - b);
        const worstStallMs = Math.max(0, ...measured.stalls);
        failover = {
          kills: times.length,
          p50Ms: percentile(times, 50),
          p99Ms: percentile(times, 99),
          maxMs: times[times.length - 1] ?? 0,
          worstStallMs,
          stallToLease: Math.round((worstStallMs / leaseMs) * 100) / 100,
        };
      }
    } finally {
      await stopCluster(cluster);
    }
  }
  if (json) console.log(JSON.stringify({ runs, failover, leaseMs }));
  else {
    console.log(
      `\ncopies  tables  hands/s  p50 ms  p99 ms   (6-max NLHE, ${tablesN * SEATS} socket.io players, ${seconds} s measured)`,
    );
    for (const run of runs)
      console.log(
        `${String(run.copies).padStart(6)}  ${String(run.tables).padStart(6)}  ${String(run.handsPerSecond).padStart(7)}  ${String(run.p50Ms).padStart(6)}  ${String(run.p99Ms).padStart(6)}`,
      );
    if (failover)
      console.log(
        `failover (owner SIGKILLed → next action accepted), lease ${leaseMs} ms: p50 ${failover.p50Ms} ms, p99 ${failover.p99Ms} ms, max ${failover.maxMs} ms over ${failover.kills} kills (target < 5000 ms)`,
      );
    if (failover) {
      console.log(
        `worst stall of any table over a kill: ${failover.worstStallMs} ms = ${failover.stallToLease}× the lease`,
      );
    }
  }
}

if (require.main === module) {
  main().catch((err) => {
    console.error(err);
    process.exit(1);
  });
}
