/**
 * Table host benchmark: `npm run bench -- tables [--tables N] [--seconds S] [--think-ms T] [--pause-ms P]
 * [--client-processes K] [--json]`.
 *
 * The players run in this process, or with `--client-processes K` spread by table over K child
 * processes (bench/support/table-client-processes.ts): at thousands of tables one process of
 * 12,000 clients has major GCs of its own that would count as the server's latency.
 *
 * Pace: every client decides `--think-ms` after its turn comes (±25 %, default 3000 ms) and the
 * server pauses `--pause-ms` between hands (default 2000 ms, the product's TABLE_HAND_PAUSE_MS).
 * That is a table as people play it: a 6-max hand of ~10 decisions then lasts ~30 s, about 100
 * hands an hour — the quick end of online 6-max, where 60–90 is usual. So "N concurrent tables"
 * means N tables at a human pace. `--think-ms 1000` is three times quicker (bot-speed tables);
 * `--think-ms 0 --pause-ms 0` saturates the server (closed loop: the latency is then mostly
 * queueing, and hands/s is the throughput ceiling).
 *
 * Starts apps/lobby (lobby HTTP + tables) from the swc build as its own process, with the V8 flags of
 * `npm start` (scripts/node-flags.js; BENCH_SERVER_ARGS adds more), against the
 * machine's PostgreSQL (a fresh database) and Redis, opens N 6-max No-Limit Hold'em tables and seats six socket.io
 * clients at each. Every client plays with the libs/table bot policy from its own seat's view, through the real gateway
 * (validation, rate limit, persistence of every event before the broadcast). Reports:
 *  - handsPerSecond: hands completed per second over all tables during the measured window;
 *  - p50Ms / p99Ms: action-to-update latency — from a client's `table:act` emit to that client
 *    receiving the `table:hand` feed that contains its action (persisted and broadcast);
 *  - memoryPerTableKb: heap held by one hosted 6-max table with a running hand (TableHost with
 *    in-memory ports, measured with gc in this process); the server's RSS growth per table
 *    (sockets included) is printed next to it, but GC makes it noisy at small N.
 * Tables open spread over `--stagger-ms` (default about one hand), players' sits awaited, then
 * `--warmup` seconds (default 10) before the measured window.
 *  - serverCpu: the server process's CPU use over the measured window (1.0 = one core busy); the
 *    text output adds PostgreSQL's (every postgres process of the machine) and the bench clients'.
 *  - rssPerTableKb: the server's resident memory growth per table from before the tables opened to
 *    the end of the warm-up — the table, its six sockets and everything they allocate (noisy: GC).
 *  - serverCpuMsPerHand / postgresCpuMsPerHand: CPU per completed hand of the server process and of
 *    the PostgreSQL backends serving the bench database (/proc utime+stime); postgresAllCpuMsPerHand
 *    counts every postgres process of the machine (WAL writer, checkpointer, other users too).
 * With --json one line:
 * {"tables","handsPerSecond","p50Ms","p99Ms","memoryPerTableKb","rssPerTableKb","thinkMs","handPauseMs",
 *  "actionsPerSecond","serverCpu","serverCpuMsPerHand","postgresCpuMsPerHand","postgresAllCpuMsPerHand","loadAverage"}.
 */
import { readdirSync, readFileSync } from 'node:fs';
import { loadavg } from 'node:os';
import { PrismaPg } from '@prisma/adapter-pg';
import { seededRandom } from '@naiko/engine';
import { ChipLedger, PrismaClient } from '@naiko/persistence';
import {
  ManualTimers,
  MemoryChips,
  MemoryHandSink,
  RecordingBroadcaster,
  TableHost,
  TokenService,
} from '@naiko/platform';
import { makeTableConfig } from '@naiko/table';
import { setFlagsFromString } from 'node:v8';
import { monitorEventLoopDelay } from 'node:perf_hooks';
import { runInNewContext } from 'node:vm';
import { percentile, pool } from './support/cluster';
import { arg, BENCH_SECRET, cpuSeconds, rssKb, startBenchServer } from './support/server';
import { clientRunner } from './support/table-client-processes';
import { planPlayers } from './support/table-clients';

/** CPU seconds used so far by each PostgreSQL process of the machine (the database's share of the load). */
const postgresCpu = (): Map<number, number> => {
  const out = new Map<number, number>();
  for (const pid of readdirSync('/proc').filter((d) => /^\d+$/.test(d))) {
    try {
      if (readFileSync(`/proc/${pid}/comm`, 'utf8').trim().startsWith('postgres'))
        out.set(Number(pid), cpuSeconds(Number(pid)));
    } catch {
      /* the process ended meanwhile */
    }
  }
  return out;
};

/**
 * CPU seconds PostgreSQL used between two readings (a process that ended meanwhile counts 0; one that started counts
 * all).
 */
const postgresCpuSince = (before: Map<number, number>): number => {
  let sum = 0;
  for (const [pid, cpuSeconds] of postgresCpu()) sum += cpuSeconds - (before.get(pid) ?? 0);
  return sum;
};

/** CPU seconds used so far by the PostgreSQL backends serving `pids` (the bench database's connections). */
const backendCpu = (pids: readonly number[]): Map<number, number> => {
  const out = new Map<number, number>();
  for (const pid of pids) {
    try {
      out.set(pid, cpuSeconds(pid));
    } catch {
      /* the backend ended meanwhile */
    }
  }
  return out;
};

/**
 * Heap held by one hosted table (its libs/table state, the running hand, its queue and timers),
 * measured in this process with in-memory ports: `n` 6-max tables, six players each, a hand dealt.
 */
async function hostMemoryKb(tables: number): Promise<number> {
  setFlagsFromString('--expose-gc');
  const gc = runInNewContext('gc') as () => void;
  const keep: TableHost[] = [];
  const timers = new ManualTimers();
  const config = makeTableConfig({
    game: 'holdem',
    structure: 'no-limit',
    stakes: { smallBlind: 5, bigBlind: 10 },
    buyIn: { min: 400, max: 2000 },
    seats: 6,
  });
  const hands = new MemoryHandSink();
  gc();
  const before = process.memoryUsage().heapUsed;
  for (let t = 0; t < tables; t++) {
    const host = new TableHost({
      tableId: `m${t}`,
      name: `M${t}`,
      config,
      chips: new MemoryChips(),
      hands,
      broadcaster: new RecordingBroadcaster(false),
      timers,
      handPauseMs: 0,
    });
    host.start();
    for (let k = 0; k < 6; k++)
      await host.sit(
        { userId: `00000000-0000-4000-8000-${String(t * 6 + k).padStart(12, '0')}`, name: `p${k}` },
        { buyIn: 1000 },
      );
    keep.push(host);
  }
  timers.advance(1);
  for (const host of keep) await host.idle();
  // The in-memory hand store keeps every event (the real one is PostgreSQL): leave it out.
  hands.hands.clear();
  gc();
  const after = process.memoryUsage().heapUsed;
  if (keep.some((h) => h.handState === null)) throw new Error('a table did not deal');
  for (const host of keep) host.stop();
  return Math.round((after - before) / 1024 / tables);
}

export async function main(): Promise<void> {
  const json = process.argv.includes('--json');
  const tablesN = arg('tables', 20);
  const seconds = arg('seconds', 20);
  const thinkMs = arg('think-ms', 3000);
  const pauseMs = arg('pause-ms', 2000);
  const warmupSeconds = arg('warmup', 10);
  // The players in this process (1) or spread over child processes (their GC and CPU apart from the measure).
  const clientProcesses = arg('client-processes', 1);
  // Tables sit down spread over about one hand (10 decisions and the pause).
  const staggerMs = arg('stagger-ms', Math.min(30_000, 10 * thinkMs + pauseMs));
  const seats = 6;
  const log = (line: string): void => {
    if (!json) console.log(line);
  };

  // The server runs as `npm start` runs it: apps/lobby = lobby HTTP + tables. One process: apps/lobby
  // hosts the tables itself (split deployments route them to apps/cash-table, see bench/cluster.ts).
  const bench = await startBenchServer({ app: 'lobby', pauseMs, env: { TABLES_HOST: 'true' } });
  const { url, db } = bench;
  const server = bench.process;
  const prisma = new PrismaClient({ adapter: new PrismaPg({ connectionString: db.url }) });
  const tokens = new TokenService(BENCH_SECRET, 24 * 3600);
  try {
    const ledger = new ChipLedger(prisma);
    log(`creating ${tablesN} tables and ${tablesN * seats} players ...`);
    const admin = await prisma.user.create({ data: { username: 'bench-admin', role: 'admin' } });
    const adminToken = tokens.sign({ sub: admin.id, username: 'bench-admin', role: 'admin' });
    const users = await Promise.all(
      Array.from({ length: tablesN * seats }, (_, i) =>
        prisma.user.create({ data: { username: `bench${i}` }, select: { id: true, username: true } }),
      ),
    );
    await pool(users, 16, async (user) => {
      await ledger.openUserAccount(user.id);
      await ledger.grant({ idempotencyKey: `bench:${user.id}`, userId: user.id, amount: 1_000_000 });
    });
    const rssBefore = rssKb(server.pid!);
    const hosts: { tableId: string }[] = [];
    for (let t = 0; t < tablesN; t++) {
      const res = await fetch(`${url}/lobby/tables`, {
        method: 'POST',
        headers: { 'content-type': 'application/json', authorization: `Bearer ${adminToken}` },
        body: JSON.stringify({
          name: `Bench ${t}`,
          game: 'holdem',
          structure: 'no-limit',
          stakes: { smallBlind: 5, bigBlind: 10 },
          buyIn: { min: 400, max: 2000 },
          seats,
          clock: { decisionMs: 30_000, timeBankMs: 0 },
        }),
      });
      if (!res.ok) throw new Error(`create table: ${res.status} ${await res.text()}`);
      hosts.push((await res.json()) as { tableId: string });
    }
    const staggerRng = seededRandom('bench:stagger');
    const tableOffsets = hosts.map(() => Math.floor((staggerMs * staggerRng.nextUint32()) / 2 ** 32));
    const pendingSits = new Set(users.map((_, i) => i));
    let seated: (i: number) => void = () => undefined;
    const allSeated = new Promise<void>((resolve, reject) => {
      const timeout = setTimeout(() => reject(new Error(`${pendingSits.size} players never got their seat`)), 600_000);
      seated = (index) => {
        pendingSits.delete(index);
        if (pendingSits.size === 0) {
          clearTimeout(timeout);
          resolve();
        }
      };
    });
    const clients = clientRunner(
      {
        url,
        seats,
        thinkMs,
        players: planPlayers(
          users,
          hosts,
          seats,
          (user) => tokens.sign({ sub: user.id, username: user.username, role: 'player' }),
          (index) => tableOffsets[Math.floor(index / seats)],
        ),
      },
      clientProcesses,
      log,
    );
    await clients.connect((index) => seated(index));
    // Measure only once every sit is done (a buy-in is a ledger transaction; thousands of them
    // still running would be measured as slow decisions).
    await allSeated;
    log(`seated; warming up ...`);
    // Statistics as a running room's database has them (BenchServer.analyze), a few seconds before
    // the window: the backends plan their statements again meanwhile, not in it.
    const settleSeconds = Math.min(3, warmupSeconds);
    await new Promise((r) => setTimeout(r, (warmupSeconds - settleSeconds) * 1000));
    await bench.analyze();
    await new Promise((r) => setTimeout(r, settleSeconds * 1000));
    const rssAfter = rssKb(server.pid!);
    // The clients' own event-loop delay: when it is large, the latencies include the bench itself.
    const clientLoop = monitorEventLoopDelay({ resolution: 10 });
    clientLoop.enable();
    const actBuckets = async (): Promise<Map<string, number>> => {
      const text = await (await fetch(`${url}/metrics`)).text();
      const buckets = new Map<string, number>();
      for (const line of text.split('\n')) {
        const match =
          /^naiko_socket_command_seconds_bucket\{le="([^"]+)",event="table:act",outcome="ok"\} (\d+)/.exec(line) ??
          /^naiko_socket_command_seconds_bucket\{event="table:act",outcome="ok",le="([^"]+)"\} (\d+)/.exec(line);
        if (match) buckets.set(match[1], Number(match[2]));
      }
      return buckets;
    };
    const buckets0 = process.env.BENCH_DEBUG ? await actBuckets() : new Map<string, number>();
    // Debug: what the server's database connections are doing, once a second.
    const activity: string[] = [];
    const sampler = process.env.BENCH_DEBUG
      ? setInterval(() => {
          prisma
            .$queryRawUnsafe<{ state: string; wait: string | null; n: bigint }[]>(
              `SELECT state, wait_event_type || ':' || wait_event AS wait, count(*) AS n FROM pg_stat_activity WHERE datname = current_database() AND pid <> pg_backend_pid() GROUP BY 1, 2 ORDER BY 3 DESC`,
            )
            .then(
              (rows) => activity.push(rows.map((r) => `${r.state}${r.wait ? `(${r.wait})` : ''}=${r.n}`).join(' ')),
              () => undefined,
            );
        }, 1000)
      : null;
    const backendPids = async (): Promise<number[]> =>
      (
        await prisma.$queryRawUnsafe<{ pid: number }[]>(
          `SELECT pid FROM pg_stat_activity WHERE datname = current_database() AND pid <> pg_backend_pid()`,
        )
      ).map((r) => Number(r.pid));
    const pids0 = await backendPids();
    clients.startMeasuring();
    const t0 = performance.now();
    const wallT0 = Date.now();
    const cpu0 = cpuSeconds(server.pid!);
    const db0 = postgresCpu();
    const backends0 = backendCpu(pids0);
    const bench0 = process.cpuUsage();
    await new Promise((r) => setTimeout(r, seconds * 1000));
    const stats = await clients.stopMeasuring();
    const elapsed = (performance.now() - t0) / 1000;
    const { latencies, handsSeen, actionsSeen, timeouts } = stats;
    const serverCpu = Math.round(((cpuSeconds(server.pid!) - cpu0) / elapsed) * 100) / 100;
    const dbCpuSeconds = postgresCpuSince(db0);
    const dbCpu = Math.round((dbCpuSeconds / elapsed) * 100) / 100;
    // The backends serving the bench database (other helpers' databases on this machine excluded);
    // a backend that connected during the window counts with all its CPU.
    const backends1 = backendCpu([...new Set([...pids0, ...(await backendPids())])]);
    let backendSeconds = 0;
    for (const [pid, sec] of backends1) backendSeconds += sec - (backends0.get(pid) ?? 0);
    const serverCpuSeconds = cpuSeconds(server.pid!) - cpu0;
    const hands = Math.max(1, handsSeen);
    // The clients' CPU: this process's, plus the client processes' when they run apart.
    const benchUsage = process.cpuUsage(bench0);
    const benchSeconds = (benchUsage.user + benchUsage.system) / 1e6 + (clientProcesses > 1 ? stats.cpuSeconds : 0);
    const clientCpu = Math.round((benchSeconds / elapsed) * 100) / 100;
    clientLoop.disable();
    if (sampler) clearInterval(sampler);
    if (process.env.BENCH_DEBUG) {
      console.log('server database connections by second:\n  ' + activity.join('\n  '));
      const b1 = await actBuckets();
      console.log(
        'server-side table:act durations in the window (cumulative buckets):',
        [...b1].map(([le, n]) => `≤${le}s:${n - (buckets0.get(le) ?? 0)}`).join(' '),
      );
      console.log(`clients' event-loop delay max ${Math.round(clientLoop.max / 1e6)} ms`);
      const metrics = await (await fetch(`${url}/metrics`)).text();
      console.log(
        metrics
          .split('\n')
          .filter((l) => /eventloop_lag|gc_duration_seconds_sum|socket_command_seconds_(sum|count)/.test(l))
          .join('\n'),
      );
      // Slow decisions per second of the window: a burst means a stall of the whole server.
      const perSecond = new Map<number, number>();
      for (const slow of stats.slow)
        perSecond.set(
          Math.floor((slow.at - wallT0) / 1000),
          (perSecond.get(Math.floor((slow.at - wallT0) / 1000)) ?? 0) + 1,
        );
      console.log(`window started ${new Date(Date.now() - elapsed * 1000).toISOString()}`);
      console.log(
        'decisions over 200 ms by second of the window:',
        [...perSecond]
          .sort((a, b) => a[0] - b[0])
          .map(([k, v]) => `${k}s:${v}`)
          .join(' '),
      );
    }
    const clientLagP99 = Math.round(clientLoop.percentile(99) / 1e5) / 10;
    latencies.sort((a, b) => a - b);
    const result = {
      tables: tablesN,
      handsPerSecond: Math.round((handsSeen / elapsed) * 10) / 10,
      p50Ms: Math.round(percentile(latencies, 50) * 10) / 10,
      p99Ms: Math.round(percentile(latencies, 99) * 10) / 10,
      memoryPerTableKb: await hostMemoryKb(Math.max(100, tablesN)),
      rssPerTableKb: Math.round((rssAfter - rssBefore) / tablesN),
      thinkMs,
      handPauseMs: pauseMs,
      actionsPerSecond: Math.round((actionsSeen / elapsed) * 10) / 10,
      serverCpu,
      /** Server process CPU per completed hand (ms). */
      serverCpuMsPerHand: Math.round(((serverCpuSeconds * 1000) / hands) * 100) / 100,
      /** CPU of the PostgreSQL backends serving the bench database per completed hand (ms; /proc utime+stime). */
      postgresCpuMsPerHand: Math.round(((backendSeconds * 1000) / hands) * 100) / 100,
      /**
       * Every postgres process of the machine per completed hand (ms): includes WAL writer, checkpointer and other
       * users of the machine.
       */
      postgresAllCpuMsPerHand: Math.round(((dbCpuSeconds * 1000) / hands) * 100) / 100,
      loadAverage: loadavg().map((x) => Math.round(x * 100) / 100),
    };
    await clients.close();
    if (json) console.log(JSON.stringify(result));
    else {
      console.log(
        `tables: ${result.tables} (6-max NLHE, ${tablesN * seats} socket.io clients, ${latencies.length} decisions measured over ${elapsed.toFixed(1)} s)`,
      );
      console.log(
        `pace: think ${thinkMs} ms ±25 %, ${pauseMs} ms between hands${timeouts ? ` (${timeouts} decisions timed out while thinking)` : ''}`,
      );
      console.log(
        `hands/s: ${result.handsPerSecond}, actions/s: ${result.actionsPerSecond}, CPU in cores: server ${serverCpu}, PostgreSQL ${dbCpu}, bench clients ${clientCpu} (their event-loop delay p99 ${clientLagP99} ms)`,
      );
      console.log(`action → update latency: p50 ${result.p50Ms} ms, p99 ${result.p99Ms} ms`);
      console.log(
        `CPU per hand: server ${result.serverCpuMsPerHand} ms, PostgreSQL backends ${result.postgresCpuMsPerHand} ms (every postgres process ${result.postgresAllCpuMsPerHand} ms); load average ${result.loadAverage.join(' ')}`,
      );
      console.log(
        `heap per hosted table with a running hand: ${result.memoryPerTableKb} KiB (server RSS growth per table incl. 6 sockets: ${result.rssPerTableKb} KiB, noisy)`,
      );
    }
  } finally {
    await prisma.$disconnect();
    await bench.stop();
  }
}

if (require.main === module) {
  main().catch((err) => {
    console.error(err);
    process.exit(1);
  });
}
