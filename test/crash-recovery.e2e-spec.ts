// House rules, "Server Crash": a process killed mid-hand; at the restart every running hand is
// cancelled with each contribution returned, the stacks of tables that do not resume go back to
// the accounts, and the audit is clean. The process is test/support/hand-runner.ts (engine hands
// through the ledger and the hand store), started and SIGKILLed for real.
import { spawn, type ChildProcess } from 'node:child_process';
import { join } from 'node:path';
import { createInterface } from 'node:readline';
import { Accounts, ChipLedger, HandStore, type PrismaClient, type RecoveryReport } from '@naiko/persistence';
import { createLedgerTestDb, createUser, type LedgerTestDb } from './support/ledger-db';

const ROOT = join(__dirname, '..');

let db: LedgerTestDb;
let prisma: PrismaClient;
let ledger: ChipLedger;

beforeAll(async () => {
  db = await createLedgerTestDb(5);
  prisma = db.prisma;
  ledger = new ChipLedger(prisma);
});
afterAll(async () => {
  await db.drop();
});

interface Runner {
  child: ChildProcess;
  /** Resolves with the first stdout line matching `test` (rejects if the process exits first). */
  waitFor(test: (line: string) => boolean): Promise<string>;
  exited: Promise<number | null>;
  stderr: () => string;
}

function runner(env: Record<string, string>): Runner {
  // node with tsx as a loader, not the tsx CLI: the CLI runs the script in a child process that
  // a SIGKILL of the CLI would leave running. This way the killed process is the one playing.
  const child = spawn(process.execPath, ['--import', 'tsx', 'test/support/hand-runner.ts'], {
    cwd: ROOT,
    env: {
      ...process.env,
      NODE_OPTIONS: '',
      TSX_TSCONFIG_PATH: join(ROOT, 'tsconfig.json'),
      DATABASE_URL: db.url,
      ...env,
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let err = '';
  child.stderr!.on('data', (d: Buffer) => (err += d.toString()));
  const lines: string[] = [];
  const waiters: { test: (l: string) => boolean; resolve: (l: string) => void; reject: (e: Error) => void }[] = [];
  createInterface({ input: child.stdout! }).on('line', (line) => {
    lines.push(line);
    for (const waiter of waiters.splice(0)) {
      if (waiter.test(line)) waiter.resolve(line);
      else waiters.push(waiter);
    }
  });
  // 'close' (not 'exit'): every stdout line has been read by then.
  const exited = new Promise<number | null>((resolve) => child.on('close', (code) => resolve(code)));
  void exited.then((code) => {
    for (const waiter of waiters.splice(0))
      waiter.reject(new Error(`runner exited (${code}) after ${JSON.stringify(lines.slice(-3))}; stderr: ${err}`));
  });
  return {
    child,
    exited,
    stderr: () => err,
    waitFor: (test) =>
      new Promise((resolve, reject) => {
        const hit = lines.find(test);
        if (hit) resolve(hit);
        else waiters.push({ test, resolve, reject });
      }),
  };
}

async function restartAndRecover(resume: string[] = []): Promise<RecoveryReport> {
  const run = runner({ RUNNER_RESUME: JSON.stringify(resume) });
  const line = await run.waitFor((l) => l.startsWith('RECOVERED '));
  expect(await run.exited).toBe(0);
  return JSON.parse(line.slice('RECOVERED '.length)) as RecoveryReport;
}

async function seatPlayers(prefix: string, tableId: string, count: number, buyIn: number): Promise<string[]> {
  const ids: string[] = [];
  for (let i = 0; i < count; i++) {
    const id = await createUser(prisma, `${prefix}${i}`);
    await ledger.openUserAccount(id);
    await ledger.grant({ idempotencyKey: `grant:${id}`, userId: id, amount: 1000 });
    await ledger.buyIn({ idempotencyKey: `buy:${id}:${tableId}`, userId: id, tableId, amount: buyIn });
    ids.push(id);
  }
  return ids;
}

async function userTotal(ids: string[]): Promise<number> {
  let sum = 0;
  for (const id of ids) sum += await ledger.userBalance(id);
  return sum;
}

function npmAudit(): Promise<{ code: number | null; json: { ok: boolean } }> {
  return new Promise((resolve) => {
    const child = spawn('npm', ['run', '-s', 'audit'], { cwd: ROOT, env: { ...process.env, DATABASE_URL: db.url } });
    let text = '';
    child.stdout.on('data', (d: Buffer) => (text += d.toString()));
    child.on('exit', (code) => resolve({ code, json: JSON.parse(text) as { ok: boolean } }));
  });
}

describe('Server Crash (house rules)', () => {
  it('a process SIGKILLed mid-hand: at restart the hand is cancelled, every contribution returned, stacks back to accounts, audit clean', async () => {
    const players = await seatPlayers('crash-a', 'crash-t1', 3, 500);
    const run = runner({
      RUNNER_TABLES: JSON.stringify([{ tableId: 'crash-t1', players }]),
      RUNNER_HANDS: '3',
      RUNNER_PAUSE: 'mid-hand',
      RUNNER_SEED: 'crash-1',
    });
    const mid = await run.waitFor((l) => l.startsWith('MID '));
    const handId = mid.slice(4);
    run.child.kill('SIGKILL');
    expect(await run.exited).toBeNull();

    // The state the crash left: a running hand with chips in its pot.
    const store = new HandStore(prisma);
    const hand = await store.getHand(handId);
    expect(hand.status).toBe('running');
    const pot = (await ledger.account(Accounts.handPot(handId, 'chips').key))!.balance;
    expect(pot).toBeGreaterThanOrEqual(15); // at least the blinds 5 + 10
    const stacksAtDeal = new Map(hand.config.seats.map((s) => [s.seat, s.stack]));

    const report = await restartAndRecover();
    expect(report.cancelledHands).toHaveLength(1);
    const cancelled = report.cancelledHands[0];
    expect(cancelled).toMatchObject({ handId, source: 'engine' });
    expect(cancelled.discrepancy).toBeUndefined();
    expect(cancelled.refunds.reduce((s, x) => s + x.amount, 0)).toBe(pot);
    expect((await store.getHand(handId)).status).toBe('cancelled');
    const events = await store.events(handId);
    expect(events.at(-1)!.type).toBe('hand-cancelled');

    // Every player got back what he put in: the cash-out equals his stack when the hand was dealt.
    for (const player of hand.players) {
      const out = report.cashedOut.find((c) => c.userId === player.userId)!;
      expect(out.amount).toBe(stacksAtDeal.get(player.seat));
    }
    expect(await userTotal(players)).toBe(3000);
    expect((await ledger.tableStacks('crash-t1')).every((s) => s.balance === 0)).toBe(true);
    expect(report.audit?.ok).toBe(true);
    expect(report.audit?.runningHands).toBe(0);

    // A second restart finds nothing left to do.
    const again = await restartAndRecover();
    expect(again.cancelledHands).toEqual([]);
    expect(again.cashedOut).toEqual([]);
    expect(again.audit?.ok).toBe(true);

    const audit = await npmAudit();
    expect(audit.code).toBe(0);
    expect(audit.json.ok).toBe(true);
  }, 240_000);

  it('killed at an arbitrary moment while two tables play; the resumed table keeps its stacks and plays on', async () => {
    const t1 = await seatPlayers('crash-b', 'crash-t2', 4, 300);
    const t2 = await seatPlayers('crash-c', 'crash-t3', 3, 400);
    const tables = JSON.stringify([
      { tableId: 'crash-t2', players: t1 },
      { tableId: 'crash-t3', players: t2 },
    ]);
    const run = runner({ RUNNER_TABLES: tables, RUNNER_HANDS: '50', RUNNER_SEED: 'crash-2' });
    let appended = 0;
    await run.waitFor((l) => l.startsWith('APPENDED ') && ++appended === 37);
    run.child.kill('SIGKILL');
    await run.exited;

    const report = await restartAndRecover(['crash-t3']);
    expect(report.audit?.ok).toBe(true);
    for (const cancelled of report.cancelledHands) expect(cancelled.discrepancy).toBeUndefined();
    // Table crash-t2 does not resume: its players have everything back on their accounts.
    expect(await userTotal(t1)).toBe(4000);
    expect(report.cashedOut.every((c) => c.tableId === 'crash-t2')).toBe(true);
    // Table crash-t3 resumes: 3 × 400 chips still at the table, none on the way anywhere.
    const t3 = await ledger.tableStacks('crash-t3');
    expect(t3.reduce((s, x) => s + x.balance, 0)).toBe(1200);
    expect(await userTotal(t2)).toBe(3 * 600);

    // The resumed table plays on.
    const more = runner({
      RUNNER_TABLES: JSON.stringify([{ tableId: 'crash-t3', players: t2 }]),
      RUNNER_HANDS: '2',
      RUNNER_RESUME: '["crash-t3"]',
      RUNNER_SEED: 'crash-3',
    });
    await more.waitFor((l) => l === 'DONE');
    expect(await more.exited).toBe(0);
    expect((await ledger.tableStacks('crash-t3')).reduce((s, x) => s + x.balance, 0)).toBe(1200);
    expect((await restartAndRecover(['crash-t3'])).audit?.ok).toBe(true);
  }, 240_000);

  // The table host's write path (issue 20): the hand is the unit of durability. Its chips are
  // posted once, at its end; the actions in between are journaled behind the broadcast.
  it('journal: SIGKILLed during a burst of actions at two tables — running hands cancelled with nothing to move, finished hands complete, audit clean', async () => {
    const t1 = await seatPlayers('burst-a', 'burst-t1', 4, 100);
    const t2 = await seatPlayers('burst-b', 'burst-t2', 3, 100);
    const run = runner({
      RUNNER_MODE: 'journal',
      RUNNER_TABLES: JSON.stringify([
        { tableId: 'burst-t1', players: t1 },
        { tableId: 'burst-t2', players: t2 },
      ]),
      RUNNER_HANDS: '400',
      RUNNER_REBUY: '100',
      RUNNER_SEED: 'burst-1',
    });
    let appended = 0;
    await run.waitFor((l) => l.startsWith('APPENDED ') && ++appended === 301);
    run.child.kill('SIGKILL');
    await run.exited;

    const store = new HandStore(prisma);
    const running = (await store.runningHands()).filter((h) => h.tableId?.startsWith('burst-'));
    expect(running.length).toBeGreaterThan(0);
    for (const hand of running) {
      expect(hand.ledgerAtEnd).toBe(true);
      // Nothing of a running hand reached the ledger: no posting names it.
      expect(await prisma.ledgerTransaction.count({ where: { handId: hand.id } })).toBe(0);
    }

    const report = await restartAndRecover();
    expect(report.audit?.ok).toBe(true);
    const mine = report.cancelledHands.filter((c) => c.tableId?.startsWith('burst-'));
    expect(mine.map((c) => c.handId).sort()).toEqual(running.map((h) => h.id).sort());
    for (const cancelled of mine) {
      expect(cancelled.discrepancy).toBeUndefined();
      const events = await store.events(cancelled.handId);
      expect(events.at(-1)!.payload).toMatchObject({ type: 'hand-cancelled', ledger: 'nothing-posted' });
      expect(events.map((e) => e.seq)).toEqual(events.map((_, i) => i));
    }
    // Every chip is back on the accounts (neither table resumes).
    expect(await userTotal(t1)).toBe(4000);
    expect(await userTotal(t2)).toBe(3000);
    expect(
      (await ledger.tableStacks('burst-t1')).concat(await ledger.tableStacks('burst-t2')).every((x) => x.balance === 0),
    ).toBe(true);
    // Every finished hand is complete: its whole log, gap-free, ending with hand-ended, exportable.
    const finished = await prisma.hand.findMany({
      where: { tableId: { in: ['burst-t1', 'burst-t2'] }, status: 'completed' },
    });
    expect(finished.length).toBeGreaterThan(0);
    for (const hand of finished) {
      const events = await store.events(hand.id);
      expect(events.map((e) => e.seq)).toEqual(events.map((_, i) => i));
      expect(events.length).toBe(hand.eventCount);
      expect(events.at(-1)!.type).toBe('hand-ended');
      expect(await prisma.handDealSeed.count({ where: { handId: hand.id } })).toBe(1);
      expect(await store.exportPhh(hand.id)).toContain('actions = [');
    }
  }, 240_000);

  it("journal: SIGKILLed between the hand's last action and its end commit — the hand is cancelled, the stacks are those it was dealt with", async () => {
    const players = await seatPlayers('end-a', 'end-t1', 3, 500);
    const run = runner({
      RUNNER_MODE: 'journal',
      RUNNER_TABLES: JSON.stringify([{ tableId: 'end-t1', players }]),
      RUNNER_HANDS: '0',
      RUNNER_PAUSE: 'before-end',
      RUNNER_SEED: 'end-1',
    });
    const line = await run.waitFor((l) => l.startsWith('BEFORE-END '));
    const handId = line.slice('BEFORE-END '.length);
    run.child.kill('SIGKILL');
    await run.exited;

    const store = new HandStore(prisma);
    const hand = await store.getHand(handId);
    expect(hand.status).toBe('running');
    const journaled = await store.events(handId);
    expect(journaled.length).toBeGreaterThan(0);
    expect(journaled.some((e) => e.type === 'hand-ended')).toBe(false);
    // The stacks still hold what the hand was dealt with.
    const stacks = await ledger.tableStacks('end-t1');
    for (const seat of hand.config.seats) {
      const player = hand.players.find((x) => x.seat === seat.seat)!;
      expect(stacks.find((x) => x.userId === player.userId)!.balance).toBe(seat.stack);
    }

    const report = await restartAndRecover();
    const cancelled = report.cancelledHands.find((c) => c.handId === handId)!;
    expect(cancelled).toMatchObject({ handId, source: 'engine' });
    expect(cancelled.refunds.reduce((a, x) => a + x.amount, 0)).toBeGreaterThanOrEqual(15);
    expect((await store.getHand(handId)).status).toBe('cancelled');
    for (const player of hand.players) {
      const out = report.cashedOut.find((c) => c.userId === player.userId)!;
      expect(out.amount).toBe(hand.config.seats.find((s) => s.seat === player.seat)!.stack);
    }
    expect(await userTotal(players)).toBe(3000);
    expect(report.audit?.ok).toBe(true);
    const audit = await npmAudit();
    expect(audit.code).toBe(0);
  }, 240_000);
});
