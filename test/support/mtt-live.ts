// A scheduled tournament at size on the real stack, as an admin and bots would run it (issue 28,
// and the `mtt-live` benchmark of issue 21): N bot users are created and funded, registered through
// `POST /tournaments/:id/register`, the admin moves the start to now with `PATCH`, and the
// tournament is played to its winner by the app's table hosts (bots act at once, fast levels),
// then the ledger audit runs. Shared by test/tournament-size.e2e-spec.ts (an app in the test
// process) and bench/mtt-live.ts (the swc build as a child process): both pass the app's URL, a
// Prisma client on its database and a token signer.
//
// Scenarios:
//  - `registered-first`: every entrant registers, then the start is moved to now;
//  - `start-during-registration`: the start is moved to now while registrations still arrive
//    (late registration closed: the entries that come after the start are refused with 409).
import { performance } from 'node:perf_hooks';
import type { TournamentSettingsDto, TournamentView } from '@naiko/contracts';
import { auditLedger, ChipLedger, type PrismaClient } from '@naiko/persistence';
import { fastModeStructure } from '@naiko/tournament';

export type MttLiveScenario = 'registered-first' | 'start-during-registration';

export interface MttLiveOptions {
  url: string;
  /** Every copy of the app (clustered run; default `[url]`): registrations go to them in turn. */
  urls?: string[];
  prisma: PrismaClient;
  /** A signed access token for `sub` (role player unless given). */
  token(sub: string, role?: 'admin' | 'player'): string;
  entrants: number;
  scenario: MttLiveScenario;
  /** Registrations in flight at once (default 8). */
  concurrency?: number;
  /** Gives up after this long (default 15 minutes). */
  timeoutMs?: number;
  /** Progress lines (benchmark's stderr). */
  log?: (line: string) => void;
}

export interface MttLiveResult {
  tournamentId: number;
  entrants: number;
  /** Registrations refused because the tournament had started. */
  refused: number;
  tables: number;
  hands: number;
  totalSeconds: number;
  handsPerSecond: number;
  handTxP50Ms: number;
  handTxP99Ms: number;
  /**
   * Each way a begin or finish went (TournamentTimings' paths): count, p99 of the worst copy, and
   * how many took over 50 ms (the target's p99).
   */
  handTxByPath: Record<string, { count: number; p99Ms: number; over50Ms: number }>;
  /** Begins from a read that wrote nothing, by what had changed since the read (all copies). */
  beginChanges: Record<string, number>;
  /** The planner's runs by how they ended: skipped (nothing to move on a snapshot), changed, idle, stale. */
  plannerRuns: Record<string, number>;
  /** Begin and finish end to end as the tables waited for them (gate, pool, transaction, planner). */
  handWaitP50Ms: number;
  handWaitP99Ms: number;
  /**
   * Tournament-wide exclusive transactions during play (no hand begins or finishes meanwhile), and
   * their time; the registrations' (one per entry, before the start) are left out, except in the
   * start-during-registration scenario.
   */
  exclusiveRuns: number;
  exclusiveSeconds: number;
  balancingP99Ms: number;
  placed: number;
  auditOk: boolean;
  copies: number;
  status: string;
  /** Distinct runner/table faults the admin endpoint reported at the end (should be none). */
  faults: string[];
}

const ADMIN_ID = '00000000-0000-4000-8000-0000000000ad';
const START_CHIPS = 10_000;

/** The settings of the issue's report: NLHE 9-max, stack 1,500, `fastModeStructure(1500, 300, 4)`. */
export function liveSettings(entrants: number, over: Partial<TournamentSettingsDto> = {}): TournamentSettingsDto {
  const now = Date.now();
  return {
    name: `Live ${entrants}`,
    game: 'holdem',
    bettingStructure: 'no-limit',
    registrationOpensAt: new Date(now).toISOString(),
    startsAt: new Date(now + 3_600_000).toISOString(),
    lateRegistrationUntilLevel: 0,
    minEntrants: 2,
    // Room for late sign-ups, within the platform's limit of 10,000 entrants.
    maxEntrants: Math.min(10_000, Math.max(entrants * 2, 10)),
    buyIn: 100,
    fee: 10,
    startingStack: 1_500,
    blindStructure: fastModeStructure(1_500, 300, 4),
    tableSize: 9,
    reEntry: false,
    clock: { decisionMs: 1_000, reconnectMs: 0 },
    ...over,
  };
}

async function http(
  url: string,
  method: string,
  token: string,
  body?: unknown,
): Promise<{ status: number; body: any }> {
  const res = await fetch(url, {
    method,
    headers: {
      authorization: `Bearer ${token}`,
      ...(body === undefined ? {} : { 'content-type': 'application/json' }),
    },
    ...(body === undefined ? {} : { body: JSON.stringify(body) }),
  });
  const text = await res.text();
  return { status: res.status, body: text ? JSON.parse(text) : null };
}

async function inParallel<T>(
  items: readonly T[],
  width: number,
  fn: (x: T, i: number) => Promise<void>,
): Promise<void> {
  let next = 0;
  await Promise.all(
    Array.from({ length: Math.min(width, items.length) }, async () => {
      while (next < items.length) {
        const index = next++;
        await fn(items[index], index);
      }
    }),
  );
}

/** Plays one tournament as described in the header; returns the figures of the benchmark line. */
export async function runMttLive(options: MttLiveOptions): Promise<MttLiveResult> {
  const log = options.log ?? (() => undefined);
  const { prisma } = options;
  const ledger = new ChipLedger(prisma as never);
  const admin = options.token(ADMIN_ID, 'admin');
  await prisma.user.upsert({
    where: { id: ADMIN_ID },
    create: { id: ADMIN_ID, username: 'mtt-live-admin', role: 'admin' },
    update: {},
  });

  // Bot users, funded.
  const tag = Math.random().toString(36).slice(2, 8);
  const names = Array.from({ length: options.entrants }, (_, i) => `b${tag}${i}`);
  await prisma.user.createMany({ data: names.map((username) => ({ username, isBot: true })) });
  const users = await prisma.user.findMany({ where: { username: { startsWith: `b${tag}` } }, select: { id: true } });
  await inParallel(users, 8, async (user) => {
    await ledger.openUserAccount(user.id);
    await ledger.grant({ idempotencyKey: `welcome:${user.id}`, userId: user.id, amount: START_CHIPS });
  });
  log(`${users.length} bots funded`);

  const created = await http(`${options.url}/tournaments`, 'POST', admin, liveSettings(options.entrants));
  if (created.status !== 201) throw new Error(`create: ${created.status} ${JSON.stringify(created.body)}`);
  const id: number = created.body.tournamentId;
  // A view that failed (a busy server answering 500) is asked again.
  const view = async (): Promise<TournamentView> => {
    for (let i = 0; ; i++) {
      const response = await http(`${options.url}/tournaments/${id}`, 'GET', admin).catch(() => null);
      if (response?.status === 200 && Array.isArray(response.body?.tables)) return response.body;
      if (i >= 30) throw new Error(`view of tournament ${id}: ${response?.status} ${JSON.stringify(response?.body)}`);
      await new Promise((res) => setTimeout(res, 1000));
    }
  };
  for (let i = 0; (await view()).phase !== 'registering'; i++) {
    if (i > 400) throw new Error('registration never opened');
    await new Promise((r) => setTimeout(r, 25));
  }

  let refused = 0;
  let started: Promise<void> | null = null;
  const startNow = async () => {
    const response = await http(`${options.url}/tournaments/${id}`, 'PATCH', admin, {
      startsAt: new Date().toISOString(),
    });
    if (response.status !== 200) throw new Error(`start: ${response.status} ${JSON.stringify(response.body)}`);
  };
  const t0 = performance.now();
  // Start during registration: the admin moves the start when about half the field is in.
  const startAt = options.scenario === 'start-during-registration' ? Math.floor(users.length / 2) : -1;
  await inParallel(users, options.concurrency ?? 8, async (user, index) => {
    if (index === startAt) started = startNow();
    const urls = options.urls ?? [options.url];
    const response = await http(
      `${urls[index % urls.length]}/tournaments/${id}/register`,
      'POST',
      options.token(user.id),
    );
    if (response.status === 201) return;
    if (response.status === 409 && started) {
      refused++;
      return;
    }
    throw new Error(`register: ${response.status} ${JSON.stringify(response.body)}`);
  });
  /** Each copy's runner view (GET /tournaments/:id/runner): what it measured so far. */
  const runnerStats = () =>
    Promise.all(
      (options.urls ?? [options.url]).map(
        async (url) =>
          (await http(`${url}/tournaments/${id}/runner`, 'GET', admin)).body as {
            handTx: { count: number; p50Ms: number; p99Ms: number };
            handWait: { count: number; p50Ms: number; p99Ms: number };
            handTxByPath: Record<string, { count: number; p99Ms: number; over50Ms: number }>;
            beginChanges?: Record<string, number>;
            plannerRuns?: Record<string, number>;
            exclusive: { count: number; totalMs: number };
            balancing: { count: number; p99Ms: number };
            faults: { message: string }[];
          },
      ),
    );
  // The registrations' own exclusive runs (one per entry) are not play: counted before the start.
  const beforePlay = options.scenario === 'start-during-registration' ? [] : await runnerStats();
  const registrationRuns = beforePlay.reduce((a, x) => a + x.exclusive.count, 0);
  const registrationMs = beforePlay.reduce((a, x) => a + x.exclusive.totalMs, 0);
  if (started) await started;
  else await startNow();
  log(
    `registered ${users.length - refused} (refused ${refused}) in ${((performance.now() - t0) / 1000).toFixed(1)} s; start moved to now`,
  );

  const timeoutMs = options.timeoutMs ?? 15 * 60_000;
  const playStart = performance.now();
  let maxTables = 0;
  let last = '';
  let latest = await view();
  while (latest.phase !== 'finished' && latest.phase !== 'cancelled') {
    if (performance.now() - playStart > timeoutMs) {
      const stats = await http(`${options.url}/tournaments/${id}/runner`, 'GET', admin);
      throw new Error(
        `tournament ${id} did not finish in ${timeoutMs} ms: ${latest.phase}, ${latest.playersLeft} left, ${latest.handsPlayed} hands, tables ${latest.tables.map((t) => `${t.tableId}:${t.players}${t.handInProgress ? '*' : ''}`).join(' ')}; runner ${JSON.stringify(stats.body)}`,
      );
    }
    maxTables = Math.max(maxTables, latest.tableCount);
    // The lobby lists the first LOBBY_TABLES tables: the counts in brackets are of those.
    const ones = latest.tables.filter((t) => t.players === 1).length;
    const line = `${latest.phase} ${latest.playersLeft} left, ${latest.tableCount} tables (of the first ${latest.tables.length}: ${ones} of one player, ${latest.tables.filter((t) => t.handInProgress).length} in a hand), ${latest.handsPlayed} hands`;
    if (line !== last) log(`${((performance.now() - playStart) / 1000).toFixed(0)} s: ${line}`);
    last = line;
    await new Promise((r) => setTimeout(r, 1000));
    latest = await view();
  }
  const totalSeconds = (performance.now() - playStart) / 1000;
  // Each copy measures its own transactions: p99 is the worst copy's, p50 the count-weighted mean.
  const all = await runnerStats();
  const merged = (kind: 'handTx' | 'handWait') => {
    const count = all.reduce((a, x) => a + x[kind].count, 0) || 1;
    return {
      p50Ms: Math.round((all.reduce((a, x) => a + x[kind].p50Ms * x[kind].count, 0) / count) * 100) / 100,
      p99Ms: Math.max(...all.map((x) => x[kind].p99Ms)),
    };
  };
  const stats = {
    handTx: merged('handTx'),
    handTxByPath: all.reduce<Record<string, { count: number; p99Ms: number; over50Ms: number }>>(
      (byPath, copyStats) => {
        for (const [path, { count, p99Ms, over50Ms }] of Object.entries(copyStats.handTxByPath ?? {})) {
          const sum = (byPath[path] ??= { count: 0, p99Ms: 0, over50Ms: 0 });
          sum.count += count;
          sum.p99Ms = Math.max(sum.p99Ms, p99Ms);
          sum.over50Ms += over50Ms;
        }
        return byPath;
      },
      {},
    ),
    beginChanges: all.reduce<Record<string, number>>((sum, copyStats) => {
      for (const [why, count] of Object.entries(copyStats.beginChanges ?? {})) sum[why] = (sum[why] ?? 0) + count;
      return sum;
    }, {}),
    plannerRuns: all.reduce<Record<string, number>>((sum, copyStats) => {
      for (const [how, count] of Object.entries(copyStats.plannerRuns ?? {})) sum[how] = (sum[how] ?? 0) + count;
      return sum;
    }, {}),
    handWait: merged('handWait'),
    exclusive: {
      runs: all.reduce((a, x) => a + x.exclusive.count, 0) - registrationRuns,
      seconds: Math.round((all.reduce((a, x) => a + x.exclusive.totalMs, 0) - registrationMs) / 100) / 10,
    },
    balancing: { p99Ms: Math.max(...all.map((x) => x.balancing.p99Ms)) },
    faults: all.flatMap((x) => x.faults),
  };
  const entries = await prisma.tournamentEntry.findMany({
    where: { tournamentId: `mtt-${id}` },
    select: { place: true, status: true },
  });
  const report = await auditLedger(prisma as never);
  return {
    tournamentId: id,
    entrants: latest.entries,
    refused,
    tables: maxTables,
    hands: latest.handsPlayed,
    totalSeconds: Math.round(totalSeconds * 10) / 10,
    handsPerSecond: Math.round((latest.handsPlayed / totalSeconds) * 10) / 10,
    handTxP50Ms: stats.handTx.p50Ms,
    handTxP99Ms: stats.handTx.p99Ms,
    handTxByPath: stats.handTxByPath,
    beginChanges: stats.beginChanges,
    plannerRuns: stats.plannerRuns,
    handWaitP50Ms: stats.handWait.p50Ms,
    handWaitP99Ms: stats.handWait.p99Ms,
    exclusiveRuns: stats.exclusive.runs,
    exclusiveSeconds: stats.exclusive.seconds,
    balancingP99Ms: stats.balancing.p99Ms,
    placed: entries.filter((e) => e.place !== null).length,
    auditOk: report.ok,
    copies: (options.urls ?? [options.url]).length,
    status: latest.phase,
    faults: stats.faults.map((f) => f.message),
  };
}
