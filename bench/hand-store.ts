/**
 * Hand store write-path benchmark: `npm run bench -- hand-store [--hands N] [--json]`.
 *
 * Against the machine's PostgreSQL (a fresh, migrated database, dropped afterwards) it plays N
 * 6-max No-Limit Hold'em hands with seeded random legal actions through HandStore.startHand and
 * appendEvents, one apply() result per append (as the table host does: ~15 appends a hand).
 * Only the appendEvents calls are measured:
 *  - appendsPerSecond: appends completed per wall-clock second (one table, sequential);
 *  - cpuMsPerAppend: this process's CPU time (user + system) per append;
 *  - appendsPerHand: the average number of appends in a hand.
 *  - dbCpuMsPerAppend: the PostgreSQL server process's CPU time per append (its one connection).
 * With --json one line:
 * {"hands","appends","appendsPerHand","appendsPerSecond","cpuMsPerAppend","wallMsPerAppend","dbCpuMsPerAppend"}.
 */
import { PrismaPg } from '@prisma/adapter-pg';
import { readFileSync } from 'node:fs';
import { Pool } from 'pg';
import { apply, isOver, randomLegalAction, seededRandom, start, type HandConfig } from '@naiko/engine';
import { ChipLedger, HandStore, PrismaClient } from '@naiko/persistence';
import { createTestDatabase } from '../test/support/database';

/** CPU seconds a process used so far (Linux /proc, 100 ticks a second: coarse, fine summed over many appends). */
function cpuSeconds(pid: number): number {
  const fields = readFileSync(`/proc/${pid}/stat`, 'utf8').split(') ')[1].split(' ');
  return (Number(fields[11]) + Number(fields[12])) / 100;
}

function flag(name: string, fallback: number): number {
  const index = process.argv.indexOf(name);
  const value = index >= 0 ? Number(process.argv[index + 1]) : fallback;
  if (!Number.isSafeInteger(value) || value <= 0) throw new Error(`${name} must be a positive integer`);
  return value;
}

export async function main(): Promise<void> {
  const hands = flag('--hands', 60);
  const json = process.argv.includes('--json');
  const db = await createTestDatabase({ migrate: true });
  // As PrismaService does it: Prisma and the append's plain SQL share one pg pool.
  // One connection (the bench is sequential), so its server process's CPU can be read too.
  const pool = new Pool({ connectionString: db.url, max: 1 });
  const prisma = new PrismaClient({ adapter: new PrismaPg(pool) });
  try {
    const ledger = new ChipLedger(prisma);
    const store = new HandStore(prisma, undefined, { sql: (q) => pool.query(q) });
    const tableId = 'bench-hand-store';
    const users: string[] = [];
    for (let i = 0; i < 6; i++) {
      const { id } = await prisma.user.create({ data: { username: `bench${i}` }, select: { id: true } });
      await ledger.openUserAccount(id);
      await ledger.grant({ idempotencyKey: `bench-grant:${id}`, userId: id, amount: 10_000_000 });
      await ledger.buyIn({ idempotencyKey: `bench-buyin:${id}`, userId: id, tableId, amount: 10_000_000 });
      users.push(id);
    }
    const backend = (await pool.query<{ pid: number }>('SELECT pg_backend_pid() AS pid')).rows[0].pid;
    let dbCpuSeconds = 0;
    const rng = seededRandom('bench-hand-store');
    let appends = 0;
    let cpuMicros = 0;
    let wallMs = 0;
    // One warm-up hand (Prisma's first queries compile and connect), not measured.
    for (let h = -1; h < hands; h++) {
      const stacks = new Map((await ledger.tableStacks(tableId)).map((s) => [s.userId, s.balance]));
      // Deep enough for real betting, small enough that all-ins happen now and then.
      const config: HandConfig = {
        variant: 'holdem',
        structure: 'no-limit',
        seats: users.map((u, seat) => ({ seat, stack: Math.min(2_000, stacks.get(u) ?? 0) })),
        button: (h + 6) % 6,
        stakes: { smallBlind: 5, bigBlind: 10 },
      };
      const hand = await store.startHand({
        tableId,
        handNumber: h + 1,
        config,
        players: users.map((userId, seat) => ({ seat, userId })),
      });
      const started = start(config, { rng });
      let state = started.state;
      let pending = [started.events];
      let seq = 0;
      while (pending.length) {
        const events = pending.pop()!;
        const cpu0 = process.cpuUsage();
        const db0 = cpuSeconds(backend);
        const t0 = performance.now();
        seq = (await store.appendEvents(hand.id, seq, events)).nextSeq;
        if (h >= 0) {
          const cpu = process.cpuUsage(cpu0);
          dbCpuSeconds += cpuSeconds(backend) - db0;
          cpuMicros += cpu.user + cpu.system;
          wallMs += performance.now() - t0;
          appends++;
        }
        if (isOver(state)) break;
        const action = randomLegalAction(state, rng);
        if (!action) break;
        const applyResult = apply(state, action);
        if (!applyResult.ok) throw new Error(applyResult.error.message);
        state = applyResult.state;
        pending = [applyResult.events];
      }
    }
    const result = {
      hands,
      appends,
      appendsPerHand: +(appends / hands).toFixed(1),
      appendsPerSecond: +((appends * 1000) / wallMs).toFixed(1),
      cpuMsPerAppend: +(cpuMicros / 1000 / appends).toFixed(2),
      wallMsPerAppend: +(wallMs / appends).toFixed(2),
      dbCpuMsPerAppend: +((dbCpuSeconds * 1000) / appends).toFixed(2),
    };
    if (json) console.log(JSON.stringify(result));
    else {
      console.log(`hand-store: ${hands} hands, ${appends} appends (${result.appendsPerHand} per hand)`);
      console.log(
        `  ${result.appendsPerSecond} appends/s, ${result.cpuMsPerAppend} ms CPU here, ${result.dbCpuMsPerAppend} ms CPU in PostgreSQL and ${result.wallMsPerAppend} ms wall per append`,
      );
    }
  } finally {
    await prisma.$disconnect();
    await pool.end();
    await db.drop();
  }
}
