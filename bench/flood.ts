/**
 * One client must not stall the room (issue 19, item 4):
 * `npm run bench -- flood [--tables 50] [--messages 50000] [--flood-seconds 30] [--think-ms 1000] [--pause-ms 2000]
 * [--baseline 10] [--json]`.
 *
 * Starts the all-in-one app (so Sit & Go and tournament watches reach their real handlers) from the
 * swc build as its own process with the flags of `npm start`, against the machine's PostgreSQL (a
 * fresh database) and Redis; opens N 6-max No-Limit Hold'em tables and seats six socket.io clients
 * at each, playing with the libs/table bot policy (think `--think-ms` ±25 %). After a warm-up it
 * measures a baseline window, then one attacker (bench/support/flooder.ts, its own process) floods
 * `--messages` messages from one socket — sitAndGoWatch, tournamentWatch, ping, malformed payloads,
 * unknown events — reconnecting whenever it is cut off, for at most `--flood-seconds`; the tables
 * keep playing and are measured until the attacker is done and 5 s more. Reports:
 *  - baselineP99Ms / floodP99Ms (and p50): action → update latency at the other tables — from a
 *    client's `table:act` to its receiving the `table:hand` feed with its action — before and
 *    during the flood (target: flood p99 under 100 ms);
 *  - rssGrowthMb: the server's resident memory, its peak from the flood's start to 5 s after it,
 *    minus its value just before (target: under 50 MB); rssBeforeMb, rssPeakMb;
 *  - the attacker's counts: messages sent, times cut off, reconnections refused, typed answers.
 * With --json one line with those fields.
 */
import { spawn } from 'node:child_process';
import { availableParallelism, loadavg } from 'node:os';
import { join } from 'node:path';
import { PrismaPg } from '@prisma/adapter-pg';
import { seededRandom } from '@naiko/engine';
import { ChipLedger, PrismaClient } from '@naiko/persistence';
import { TokenService } from '@naiko/platform';
import { percentile, pool } from './support/cluster';
import { arg, BENCH_SECRET, cpuSeconds, rssKb, startBenchServer } from './support/server';
import { planPlayers, TableClients } from './support/table-clients';

const ROOT = join(__dirname, '..');

const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));
const round = (n: number) => Math.round(n * 10) / 10;

export async function main(): Promise<void> {
  const json = process.argv.includes('--json');
  const tablesN = arg('tables', 50);
  const messages = arg('messages', 50_000);
  const floodSeconds = arg('flood-seconds', 30);
  const thinkMs = arg('think-ms', 1000);
  const pauseMs = arg('pause-ms', 2000);
  const baselineSeconds = arg('baseline', 20);
  const seats = 6;
  const log = (line: string): void => {
    if (!json) console.log(line);
  };

  const bench = await startBenchServer({ app: 'all-in-one', pauseMs });
  const { url, db } = bench;
  const server = bench.process;
  const prisma = new PrismaClient({ adapter: new PrismaPg({ connectionString: db.url }) });
  const tokens = new TokenService(BENCH_SECRET, 24 * 3600);
  let clients: TableClients | null = null;
  try {
    const ledger = new ChipLedger(prisma);
    log(`creating ${tablesN} tables and ${tablesN * seats} players ...`);
    const admin = await prisma.user.create({ data: { username: 'flood-admin', role: 'admin' } });
    const adminToken = tokens.sign({ sub: admin.id, username: 'flood-admin', role: 'admin' });
    const users = await Promise.all(
      Array.from({ length: tablesN * seats }, (_, i) =>
        prisma.user.create({ data: { username: `flood${i}` }, select: { id: true, username: true } }),
      ),
    );
    await pool(users, 16, async (user) => {
      await ledger.openUserAccount(user.id);
      await ledger.grant({ idempotencyKey: `flood:${user.id}`, userId: user.id, amount: 1_000_000 });
    });
    const attacker = await prisma.user.create({ data: { username: 'flood-attacker' } });
    const hosts: { tableId: string }[] = [];
    for (let t = 0; t < tablesN; t++) {
      const res = await fetch(`${url}/lobby/tables`, {
        method: 'POST',
        headers: { 'content-type': 'application/json', authorization: `Bearer ${adminToken}` },
        body: JSON.stringify({
          name: `Flood ${t}`,
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

    // The players: the tables benchmark's (bench/support/table-clients.ts), in this process.
    const staggerRng = seededRandom('flood:stagger');
    clients = new TableClients(
      {
        url,
        seats,
        thinkMs,
        players: planPlayers(
          users,
          hosts,
          seats,
          (user) => tokens.sign({ sub: user.id, username: user.username, role: 'player' }),
          () => Math.floor((5000 * staggerRng.nextUint32()) / 2 ** 32),
        ),
      },
      log,
    );
    const pendingSits = new Set(users.map((_, i) => i));
    let seated: () => void = () => undefined;
    const allSeated = new Promise<void>((resolve) => (seated = resolve));
    await clients.connect((index) => {
      if (pendingSits.delete(index) && pendingSits.size === 0) seated();
    });
    await allSeated;
    log('seated; warming up 10 s ...');
    await sleep(10_000);
    await bench.analyze();
    // The attacker connects now (its start-up is not measured) and floods when told.
    // On this machine its sending takes CPU from the server too (a real attacker's would not): the
    // server's own CPU during the flood is reported next to the latencies.
    const flooder = spawn(
      join(ROOT, 'node_modules/.bin/tsx'),
      [
        '--tsconfig',
        'tsconfig.json',
        'bench/support/flooder.ts',
        url,
        tokens.sign({ sub: attacker.id, username: 'flood-attacker', role: 'player' }),
        String(messages),
        String(floodSeconds),
      ],
      {
        cwd: ROOT,
        env: { ...process.env, NODE_OPTIONS: '' },
        stdio: ['pipe', 'pipe', 'inherit'],
      },
    );
    let floodOut = '';
    const ready = new Promise<void>((resolve) =>
      flooder.stdout!.on('data', (chunk: Buffer) => {
        floodOut += chunk.toString();
        if (floodOut.includes('ready')) resolve();
      }),
    );
    clients.startMeasuring();
    const baselineT0 = performance.now();
    const cpuAtBaseline = cpuSeconds(server.pid!);
    log(`baseline ${baselineSeconds} s ...`);
    await sleep(baselineSeconds * 1000);
    await ready;
    const rssBefore = rssKb(server.pid!);
    let rssPeak = rssBefore;
    const sampler = setInterval(() => (rssPeak = Math.max(rssPeak, rssKb(server.pid!))), 100);
    const cpuBaseline = (cpuSeconds(server.pid!) - cpuAtBaseline) / ((performance.now() - baselineT0) / 1000);
    const baseline = clients.stopMeasuring();
    clients.startMeasuring();
    const floodT0 = performance.now();
    const floodStartSecond = Math.floor(Date.now() / 1000);
    const cpuAtFlood = cpuSeconds(server.pid!);
    log(
      `flooding: ${messages} messages at once from one socket, again whenever it gets back in, for ${floodSeconds} s ...`,
    );
    flooder.stdin!.write('go\n');
    await new Promise<void>((r) => flooder.on('exit', () => r()));
    await sleep(5000);
    clearInterval(sampler);
    const cpuFlood = (cpuSeconds(server.pid!) - cpuAtFlood) / ((performance.now() - floodT0) / 1000);
    const flood = clients.stopMeasuring();
    const latencies = { baseline: baseline.latencies, flood: flood.latencies };
    const clientErrors = new Map(Object.entries(flood.errors));
    for (const [code, count] of Object.entries(baseline.errors))
      clientErrors.set(code, (clientErrors.get(code) ?? 0) + count);
    // Seconds from the flood's start (a stall shows as a run of slow seconds).
    const slowestBySecond = Object.entries(flood.slowestBySecond).map(
      ([second, ms]) => [Number(second) - floodStartSecond, ms] as const,
    );
    const attack = JSON.parse(floodOut.trim().split('\n').pop() || '{}') as Record<string, number>;
    const load = loadavg().map((x) => round(x));
    for (const samples of [latencies.baseline, latencies.flood]) samples.sort((a, b) => a - b);
    const result = {
      tables: tablesN,
      messages,
      baselineP50Ms: round(percentile(latencies.baseline, 50)),
      baselineP99Ms: round(percentile(latencies.baseline, 99)),
      floodP50Ms: round(percentile(latencies.flood, 50)),
      floodP99Ms: round(percentile(latencies.flood, 99)),
      floodMaxMs: round(latencies.flood.at(-1) ?? 0),
      decisionsMeasured: latencies.flood.length,
      rssBeforeMb: round(rssBefore / 1024),
      rssPeakMb: round(rssPeak / 1024),
      rssGrowthMb: round((rssPeak - rssBefore) / 1024),
      attacker: attack,
      playersErrors: Object.fromEntries(clientErrors),
      serverCpuBaseline: Math.round(cpuBaseline * 100) / 100,
      serverCpuFlood: Math.round(cpuFlood * 100) / 100,
      loadAverage: load,
    };
    if (json) console.log(JSON.stringify(result));
    else {
      console.log(
        `tables: ${tablesN} (6-max NLHE, ${tablesN * seats} players thinking ${thinkMs} ms ±25 %, ${pauseMs} ms between hands)`,
      );
      console.log(
        `attacker: ${attack.sent} messages sent in ${attack.seconds} s; cut off ${attack.cutOff}×, reconnections refused ${attack.refused}×; answers: RATE_LIMITED ${attack.rateLimited}, UNKNOWN_EVENT ${attack.unknown}, BAD_PAYLOAD ${attack.badPayload}, NOT_FOUND ${attack.notFound}, other ${attack.otherErrors}`,
      );
      console.log(
        `other tables' action → update latency: baseline p50 ${result.baselineP50Ms} ms, p99 ${result.baselineP99Ms} ms; during the flood p50 ${result.floodP50Ms} ms, p99 ${result.floodP99Ms} ms, max ${result.floodMaxMs} ms (${result.decisionsMeasured} decisions) — target p99 < 100 ms`,
      );
      console.log(
        `server RSS: ${result.rssBeforeMb} MB before, peak ${result.rssPeakMb} MB during the flood: growth ${result.rssGrowthMb} MB — target < 50 MB`,
      );
      console.log(
        `slowest decision per second of the flood window (ms): ${slowestBySecond
          .sort((a, b) => a[0] - b[0])
          .map(([k, v]) => `${k}s:${Math.round(v)}`)
          .join(' ')}`,
      );
      console.log(
        `server CPU (cores): baseline ${result.serverCpuBaseline}, during the flood ${result.serverCpuFlood}`,
      );
      console.log(`machine load average (1/5/15 min): ${load.join(' ')} on ${availableParallelism()} cores`);
      if (clientErrors.size)
        console.log(`players' errors: ${[...clientErrors].map(([k, v]) => `${k} ${v}`).join(', ')}`);
    }
  } finally {
    clients?.close();
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
