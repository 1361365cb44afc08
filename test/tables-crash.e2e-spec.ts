// The crash rule with the real table host: spawn apps/cash-table, two players sit and start a
// hand over sockets, SIGKILL the process mid-hand, start it again. The hand is cancelled with
// every contribution refunded, the stacks go back to the accounts, the table is hosted again
// (empty) and the ledger audit is clean.
import { execFileSync, spawn, type ChildProcess } from 'node:child_process';
import { createInterface } from 'node:readline';
import { join } from 'node:path';
import { PrismaPg } from '@prisma/adapter-pg';
import { auditLedger, ChipLedger, HandStore, PrismaClient } from '@naiko/persistence';
import { seededRandom } from '@naiko/engine';
import { decideBotAction, makeTableConfig, toBotView } from '@naiko/table';
import { TokenService } from '@naiko/platform';
import { onHandUpdates, type TableHandPayload } from '@naiko/contracts';
import { connectSocket, createTestDatabase, nextEvent, TEST_JWT_SECRET, type TestDatabase } from './support';

const ROOT = join(__dirname, '..');

interface App {
  child: ChildProcess;
  url: Promise<string>;
  exited: Promise<number | null>;
  /** The app's last warnings and errors (JSON log lines, level 40 and up), for a failure's message. */
  warnings: string[];
}

function startApp(db: TestDatabase): App {
  // The app as `npm start` runs it (swc build in dist/, decorator metadata included); the
  // SIGKILLed process is the app itself.
  const child = spawn(process.execPath, ['dist/apps/cash-table/src/main.js'], {
    cwd: ROOT,
    env: {
      ...process.env,
      NODE_OPTIONS: '',
      NODE_ENV: 'test',
      // The OS picks a free port (a random one could be an ephemeral port a client socket holds).
      PORT: '0',
      HOST: '127.0.0.1',
      DATABASE_URL: db.url,
      REDIS_URL: process.env.TEST_REDIS_URL ?? 'redis://127.0.0.1:6379',
      REDIS_PREFIX: db.name,
      EMBEDDED_FALLBACK: 'false',
      JWT_SECRET: TEST_JWT_SECRET,
      LOG_LEVEL: 'info',
      SEED_DEMO_USERS: 'false',
      ROOM_CONFIG: 'off',
      HEARTBEAT_EVERY_MS: '0',
      TABLE_HAND_PAUSE_MS: '0',
      TABLE_BOT_DELAY_MS: '0',
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let err = '';
  child.stderr!.on('data', (d: Buffer) => (err += d.toString()));
  const exited = new Promise<number | null>((resolve) => child.on('close', (code) => resolve(code)));
  const warnings: string[] = [];
  const url = new Promise<string>((resolve, reject) => {
    createInterface({ input: child.stdout! }).on('line', (line) => {
      const listening = line.includes('listening on') && /"port":(\d+)/.exec(line);
      if (listening) resolve(`http://127.0.0.1:${listening[1]}`);
      if (!/"level":[4-6]\d/.test(line)) return;
      warnings.push(line.slice(0, 500));
      if (warnings.length > 30) warnings.shift();
    });
    void exited.then((code) => reject(new Error(`app exited (${code}): ${err.slice(-2000)}`)));
  });
  return { child, url, exited, warnings };
}

describe('table host crash (SIGKILL mid-hand, restart)', () => {
  let db: TestDatabase;
  let prisma: PrismaClient;
  const children: ChildProcess[] = [];

  beforeAll(async () => {
    // `npm run build:fast`: incremental swc build of apps/ and libs/ into dist/.
    execFileSync(process.execPath, ['scripts/build.js'], { cwd: ROOT, stdio: 'ignore' });
    db = await createTestDatabase({ migrate: true });
    prisma = new PrismaClient({ adapter: new PrismaPg({ connectionString: db.url }) });
  });

  afterAll(async () => {
    for (const child of children) if (child.exitCode === null && child.signalCode === null) child.kill('SIGKILL');
    await prisma?.$disconnect();
    await db?.drop();
  });

  it('cancels the running hand, refunds every contribution, returns the stacks, hosts the table again; the audit is clean', async () => {
    const ledger = new ChipLedger(prisma);
    const users = await Promise.all(
      ['kim', 'lou'].map(async (username) => {
        const user = await prisma.user.create({ data: { username } });
        await ledger.openUserAccount(user.id);
        await ledger.grant({ idempotencyKey: `welcome:${user.id}`, userId: user.id, amount: 10_000 });
        return user;
      }),
    );
    const config = makeTableConfig({
      game: 'holdem',
      structure: 'no-limit',
      stakes: { smallBlind: 50, bigBlind: 100 },
      buyIn: { min: 1000, max: 5000 },
      seats: 6,
      clock: { decisionMs: 120_000, timeBankMs: 0 } as never,
    });
    const table = await prisma.cashTable.create({ data: { name: 'Crash', config: config as never } });
    const tokens = new TokenService(TEST_JWT_SECRET, 3600);

    const first = startApp(db);
    children.push(first.child);
    const url = await first.url;
    const sockets = await Promise.all(
      users.map((u) => connectSocket(url, tokens.sign({ sub: u.id, username: u.username, role: 'player' }))),
    );
    const feeds = sockets.map(({ socket }) => {
      const got: TableHandPayload[] = [];
      onHandUpdates(socket, (p) => got.push(p));
      return got;
    });
    for (const { socket } of sockets) {
      const snap = nextEvent(socket, 'table:snapshot', 20_000);
      socket.emit('table:sit', { tableId: table.id, buyIn: 3000 });
      await snap;
    }
    // The hand starts; whoever acts first raises to 400 (chips beyond the blinds in the pot).
    const until = async (cond: () => boolean | Promise<boolean>, what: string): Promise<void> => {
      const end = Date.now() + 30_000;
      while (!(await cond())) {
        if (Date.now() > end) throw new Error(`timed out waiting for ${what}`);
        await new Promise((r) => setTimeout(r, 20));
      }
    };
    await until(() => feeds.some((f) => f.some((p) => (p.view as { legal: unknown }).legal)), 'a decision');
    const index = feeds.findIndex((f) => f.some((p) => (p.view as { legal: unknown }).legal));
    const view = feeds[index].find((p) => (p.view as { legal: unknown }).legal)!.view as { version: number };
    sockets[index].socket.emit('table:act', {
      tableId: table.id,
      version: view.version,
      action: { type: 'raise', amount: 400 },
    });
    await until(
      () => feeds[1 - index].some((p) => p.events.some((e) => e.type === 'action' && e.action === 'raise')),
      'the raise',
    );
    const running = await prisma.hand.findFirstOrThrow({ where: { tableId: table.id, status: 'running' } });
    // The hand is the unit of durability: nothing of a running hand is posted, the stacks hold
    // what they were dealt in with; the raise reaches the journal behind the broadcast.
    const stacksMid = await ledger.tableStacks(table.id);
    expect(stacksMid.reduce((a, s) => a + s.balance, 0)).toBe(6000);
    const journaled = async () =>
      (await prisma.handEvent.findMany({ where: { handId: running.id } })).some(
        (e) => (e.payload as { action?: string }).action === 'raise',
      );
    await until(journaled, 'the raise in the journal');

    first.child.kill('SIGKILL');
    await first.exited;
    for (const { socket } of sockets) socket.close();

    const second = startApp(db);
    children.push(second.child);
    const url2 = await second.url;
    const hand = await prisma.hand.findUniqueOrThrow({ where: { id: running.id } });
    expect(hand.status).toBe('cancelled');
    const cancelled = await prisma.handEvent.findFirstOrThrow({
      where: { handId: running.id, type: 'hand-cancelled' },
    });
    const refunds = (cancelled.payload as { refunds: { seat: number; amount: number }[] }).refunds;
    expect(refunds.map((r) => r.amount).sort((a, b) => a - b)).toEqual([100, 400]);
    // Stacks returned: both accounts hold their 10,000 again, nothing stays at the table.
    expect((await ledger.tableStacks(table.id)).every((s) => s.balance === 0)).toBe(true);
    for (const user of users) expect(await ledger.userBalance(user.id)).toBe(10_000);
    expect((await auditLedger(prisma)).ok).toBe(true);
    // The table is hosted again, empty.
    const { socket } = await connectSocket(url2, tokens.sign({ sub: users[0].id, username: 'kim', role: 'player' }));
    const snap = nextEvent(socket, 'table:snapshot', 20_000);
    socket.emit('table:watch', { tableId: table.id });
    const snapshot = await snap;
    expect(snapshot.table.summary.seated).toBe(0);
    expect(snapshot.hand).toBeNull();
    socket.close();
    second.child.kill('SIGTERM');
    await second.exited;
  }, 120_000);

  it('SIGKILL during a burst of actions (players acting at once, the journal behind them): running hand cancelled with nothing posted, every finished hand complete, every chip back, audit clean', async () => {
    const ledger = new ChipLedger(prisma);
    const users = await Promise.all(
      ['ivy', 'jon', 'kai'].map(async (username) => {
        const user = await prisma.user.create({ data: { username } });
        await ledger.openUserAccount(user.id);
        await ledger.grant({ idempotencyKey: `welcome:${user.id}`, userId: user.id, amount: 10_000 });
        return user;
      }),
    );
    const config = makeTableConfig({
      game: 'holdem',
      structure: 'no-limit',
      stakes: { smallBlind: 5, bigBlind: 10 },
      buyIn: { min: 400, max: 5000 },
      seats: 6,
      clock: { decisionMs: 120_000, timeBankMs: 0 } as never,
    });
    const table = await prisma.cashTable.create({ data: { name: 'Burst', config: config as never } });
    const tokens = new TokenService(TEST_JWT_SECRET, 3600);
    const app = startApp(db);
    children.push(app.child);
    const url = await app.url;
    let actions = 0;
    let killAt = 0;
    let resolveKill!: () => void;
    const killTime = new Promise<void>((r) => (resolveKill = r));
    const sockets = await Promise.all(
      users.map((u) => connectSocket(url, tokens.sign({ sub: u.id, username: u.username, role: 'player' }))),
    );
    // What each player last saw and was refused: a stall (no action for 60 s) fails with it.
    const seen: { seat: number | null; view: unknown; errors: unknown[] }[] = users.map(() => ({
      seat: null,
      view: null,
      errors: [],
    }));
    sockets.forEach(({ socket }, index) => {
      const rng = seededRandom(`burst:${index}`);
      let seat: number | null = null;
      // The last decision point acted on, as hand and version: versions start again with each hand.
      let sent = '';
      socket.on('error', (error: unknown) => seen[index].errors.push(error));
      const onView = (handId: string | undefined, view: Record<string, unknown> | undefined): void => {
        seen[index] = {
          ...seen[index],
          seat,
          view: view && { handId, version: view.version, toAct: view.toAct, legal: view.legal },
        };
        const botView = view as { version: number; toAct: number | null; legal: unknown } | undefined;
        const point = `${handId}:${botView?.version}`;
        if (!botView || !botView.legal || botView.toAct !== seat || seat === null || sent === point) return;
        const bv = toBotView(view as never, 10);
        if (!bv) return;
        const decision = decideBotAction(bv, rng);
        sent = point;
        const action =
          decision.type === 'draw'
            ? { type: 'draw' as const, discard: decision.discard }
            : { type: decision.type, ...('amount' in decision ? { amount: decision.amount } : {}) };
        socket.emit('table:act', { tableId: table.id, version: botView.version, action: action as never });
      };
      socket.on(
        'table:snapshot',
        (payload: { yourSeat: number | null; hand: { handId: string; view: Record<string, unknown> } | null }) => {
          seat = payload.yourSeat;
          onView(payload.hand?.handId, payload.hand?.view);
        },
      );
      onHandUpdates(socket, (payload: TableHandPayload) => {
        actions += payload.events.filter((e) => e.type === 'action').length;
        if (killAt && actions >= killAt) resolveKill();
        onView(payload.handId, payload.view);
      });
      socket.on('table:update', (payload: { events: { type: string; playerId?: string }[] }) => {
        if (payload.events.some((e) => e.type === 'busted' && e.playerId === users[index].id))
          socket.emit('table:reload', { tableId: table.id, amount: 1000 });
      });
    });
    for (const { socket } of sockets) {
      const snap = nextEvent(socket, 'table:snapshot', 20_000);
      socket.emit('table:sit', { tableId: table.id, buyIn: 1000 });
      await snap;
    }
    // Play on at full speed (no thinking, no pause between hands), then kill at an odd moment.
    killAt = 157;
    let lastActions = -1;
    let stalled = false;
    const watchdog = setInterval(() => {
      if (actions === lastActions) {
        stalled = true;
        resolveKill();
      }
      lastActions = actions;
    }, 60_000);
    await killTime;
    clearInterval(watchdog);
    // toEqual prints the whole value on failure (toMatchObject printed only `stalled`).
    expect(stalled ? { actions, seen, warnings: app.warnings } : 'no stall').toEqual('no stall');
    app.child.kill('SIGKILL');
    await app.exited;
    for (const { socket } of sockets) socket.close();

    const store = new HandStore(prisma);
    const running = await prisma.hand.findMany({ where: { tableId: table.id, status: 'running' } });
    expect(running.length).toBeLessThanOrEqual(1);
    for (const hand of running) expect(await prisma.ledgerTransaction.count({ where: { handId: hand.id } })).toBe(0);

    const second = startApp(db);
    children.push(second.child);
    await second.url;
    for (const hand of running) {
      expect((await prisma.hand.findUniqueOrThrow({ where: { id: hand.id } })).status).toBe('cancelled');
      expect((await store.events(hand.id)).at(-1)!.payload).toMatchObject({
        type: 'hand-cancelled',
        ledger: 'nothing-posted',
      });
    }
    // Every chip is back on the accounts; nothing stays at the table.
    expect((await ledger.tableStacks(table.id)).every((s) => s.balance === 0)).toBe(true);
    let total = 0;
    for (const user of users) total += await ledger.userBalance(user.id);
    expect(total).toBe(30_000);
    expect((await auditLedger(prisma)).ok).toBe(true);
    // Every finished hand is whole: its log gap-free up to hand-ended, its seed kept, its PHH exportable.
    const finished = await prisma.hand.findMany({ where: { tableId: table.id, status: 'completed' } });
    expect(finished.length).toBeGreaterThan(3);
    for (const hand of finished) {
      const events = await store.events(hand.id);
      expect(events.map((e) => e.seq)).toEqual(events.map((_, k) => k));
      expect(events.length).toBe(hand.eventCount);
      expect(events.at(-1)!.type).toBe('hand-ended');
      expect(await store.dealSeed(hand.id)).not.toBeNull();
      expect(await store.exportPhh(hand.id)).toContain('actions = [');
    }
    second.child.kill('SIGTERM');
    await second.exited;
  }, 180_000);
});
