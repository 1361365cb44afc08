// Two copies of the table host on one database and one Redis prefix (CLUSTER_MODE=redis): a table
// is hosted by the copy holding its lease only; when that copy goes away mid-hand the other copy
// claims the table (how fast: `npm run bench -- cluster`, failover), applies the crash rule to that table (the hand is
// cancelled, the blinds go back, the stacks return to the accounts) and hosts it again; the ledger
// audit stays clean. (In-process copies: the owner is shut down, not SIGKILLed — a SIGKILL differs
// only in that the lease expires after its ttl instead of being released.)
import { Module } from '@nestjs/common';
import { QUEUES } from '@naiko/contracts';
import { Accounts, auditLedger, ChipLedger, PrismaService } from '@naiko/persistence';
import { LobbyModule, PlatformModule, TablesService } from '@naiko/platform';
import { startTestApp, type TestApp } from '../support';

@Module({ imports: [PlatformModule.forRoot({ app: 'cluster-test', consumeQueues: [QUEUES.system] }), LobbyModule] })
class CopyModule {}

const LEASE_MS = 1000;
const env = (id: string, prefix: string) => ({
  CLUSTER_MODE: 'redis',
  INSTANCE_ID: id,
  TABLE_LEASE_MS: String(LEASE_MS),
  TABLE_HAND_PAUSE_MS: '30',
  TABLE_BOT_DELAY_MS: '0',
  TABLE_SEED: `takeover-${id}`,
  REDIS_PREFIX: prefix,
});

async function until(cond: () => boolean | Promise<boolean>, timeoutMs: number, what: string): Promise<void> {
  const end = Date.now() + timeoutMs;
  while (!(await cond())) {
    if (Date.now() > end) throw new Error(`timed out waiting for ${what}`);
    await new Promise((r) => setTimeout(r, 20));
  }
}

let copyA: TestApp;
let copyB: TestApp | undefined;
let aClosed = false;

afterAll(async () => {
  await copyB?.close();
  if (!aClosed) await copyA?.naiko.close();
  await copyA?.db.drop();
});

it('a table lives on one copy; when its owner goes away mid-hand the other copy takes it over with the crash rule', async () => {
  const prefix = `cluster_${Date.now().toString(36)}`;
  copyA = await startTestApp({ name: 'copy-a', module: CopyModule, env: env('copy-a', prefix) });
  copyB = await startTestApp({
    name: 'copy-b',
    module: CopyModule,
    env: env('copy-b', prefix),
    databaseUrl: copyA.db.url,
  });
  const tablesA = copyA.get(TablesService);
  const tablesB = copyB.get(TablesService);
  const prisma = copyA.get(PrismaService);
  const ledger = new ChipLedger(prisma);

  const host = await tablesA.create({
    name: 'Failover',
    config: {
      game: 'holdem',
      structure: 'no-limit',
      stakes: { smallBlind: 5, bigBlind: 10 },
      buyIn: { min: 200, max: 5000 },
      seats: 2,
      clock: { decisionMs: 60_000, timeBankMs: 0, reconnectWindowMs: 60_000 },
      private: null,
    } as never,
  });
  const users: string[] = [];
  for (const name of ['fo-alice', 'fo-bob']) {
    const user = await prisma.user.create({ data: { username: name, role: 'player' } });
    await ledger.grant({ idempotencyKey: `grant:${user.id}`, userId: user.id, amount: 1000 });
    await host.sit({ userId: user.id, name }, { buyIn: 500 });
    users.push(user.id);
  }
  // The first hand is dealt and waits for a decision (60 s clock): blinds 5 + 10 in the pot. The
  // deal's events are stored with the hand (one transaction); its chips are posted at its end.
  await until(
    async () =>
      (await prisma.hand.count({ where: { tableId: host.tableId, status: 'running', events: { some: {} } } })) === 1,
    10_000,
    'a running hand with its blinds',
  );
  // Only the owner hosts it; the other copy's adoption loop leaves it alone: two of its polls (each
  // one MGET of the open tables' leases) completed after they saw the table, and it is not hosted.
  const ownershipB = tablesB.tableOwnership;
  const lookUp = ownershipB.holders!.bind(ownershipB);
  let polls = 0;
  ownershipB.holders = async (ids) => {
    const holders = await lookUp(ids);
    if (ids.includes(host.tableId)) polls++;
    return holders;
  };
  await until(() => polls >= 2, 30_000, 'two adoption polls of copy-b over the table');
  expect(tablesB.all().map((h) => h.tableId)).not.toContain(host.tableId);

  await copyA.naiko.close(); // the owner goes away mid-hand
  aClosed = true;
  await until(() => tablesB.all().some((h) => h.tableId === host.tableId), 60_000, 'takeover by copy-b');

  const prismaB = copyB.get(PrismaService);
  const hands = await prismaB.hand.findMany({
    where: { tableId: host.tableId },
    select: { status: true, result: true },
  });
  expect(hands).toHaveLength(1);
  expect(hands[0].status).toBe('cancelled');
  expect(
    (hands[0].result as { refunds: { amount: number }[] }).refunds.map((r) => r.amount).sort((x, y) => x - y),
  ).toEqual([5, 10]);
  // The crash rule returned every chip to the accounts (1000 each), then copy-b bought each player
  // back in with his whole stack of 500 (re-seating; the next hand may already have taken blinds
  // from the table stacks): 500 left in each account; audit clean.
  const newHost = tablesB.all().find((h) => h.tableId === host.tableId)!;
  await until(
    async () => users.every((u) => newHost.table.seats.some((s) => s?.playerId === u)),
    10_000,
    'both players re-seated',
  );
  for (const user of users) {
    const acc = await prismaB.chipAccount.findUnique({ where: { key: Accounts.user(user).key } });
    expect(Number(acc!.balance)).toBe(500);
  }
  expect((await auditLedger(prismaB)).ok).toBe(true);
  const lease = await prismaB.$queryRaw<
    { fencing_token: bigint; owner: string }[]
  >`SELECT fencing_token, owner FROM table_leases WHERE table_id = ${host.tableId}`;
  expect(lease).toEqual([{ fencing_token: 2n, owner: 'copy-b' }]);
}, 90_000);
