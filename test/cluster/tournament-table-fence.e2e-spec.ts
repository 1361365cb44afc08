// The tournament side of per-table ownership, against the real PostgreSQL (no processes): a table's
// owner passes its fencing token into the tournament's row-lock transactions, so a copy that lost
// the table can neither record nor begin a hand there; the copy that takes the table over applies
// the crash rule to that table alone (TournamentsService.recoverTable):
//   - a hand its dead owner played to the end but never recorded is recorded (busts are not lost);
//   - a hand still running is cancelled (contributions back to the tournament stacks);
//   - the other table is untouched.
import { PrismaPg } from '@prisma/adapter-pg';
import { apply, legalActions, seededRandom, start, type Action, type HandConfig, type HandState } from '@naiko/engine';
import {
  auditLedger,
  ChipLedger,
  HandStore,
  PrismaClient,
  PrismaTournamentRepository,
  type PrismaService,
  type Tx,
} from '@naiko/persistence';
import {
  checkFence,
  mttTableId,
  mttTournamentId,
  stakesOfLevel,
  StaleFencingTokenError,
  TournamentsService,
  type HandStart,
  type JobQueue,
} from '@naiko/platform';
import { createTestDatabase, type TestDatabase } from '../support';
import { fastMttSettings } from '../support/tournaments';

/** Jobs are not under test: a queue that accepts everything. */
const accepted = async () => ({ getState: async () => 'waiting', changeDelay: async () => undefined });
const jobs = { enqueue: accepted, ensure: accepted } as unknown as JobQueue;

const fence = (tableId: string, token: number, owner: string) => (tx: Tx) => checkFence(tx, tableId, token, owner);

/** The hand the service allowed, as the engine's config (the table host builds the same). */
function configOf(start: HandStart): HandConfig {
  return {
    variant: 'holdem',
    structure: 'no-limit',
    seats: start.deal.players.map((p) => ({ seat: p.seat, stack: start.seats[p.seat]!.stack })),
    button: start.deal.button,
    stakes: stakesOfLevel(start.level),
  };
}

/** The first player to act shoves, everyone calls: a hand with busts. */
function shoveAndCall(state: HandState, first: boolean): Action {
  const legal = legalActions(state)!;
  if (first && legal.actions.includes('raise')) return { type: 'raise', seat: legal.seat, amount: legal.allInTo };
  if (legal.actions.includes('call')) return { type: 'call', seat: legal.seat };
  return { type: 'check', seat: legal.seat };
}

describe('tournament tables: fenced hand results and the per-table crash rule', () => {
  let db: TestDatabase;
  let prisma: PrismaClient;

  beforeAll(async () => {
    db = await createTestDatabase({ migrate: true });
    prisma = new PrismaClient({ adapter: new PrismaPg({ connectionString: db.url }) });
  }, 60_000);

  afterAll(async () => {
    await prisma?.$disconnect();
    await db?.drop();
  });

  /** A running tournament of 12 bots at two 6-max tables, 200 chips each. */
  async function twoTables(name: string): Promise<{ svc: TournamentsService; id: number }> {
    const svc = new TournamentsService(
      prisma as unknown as PrismaService,
      jobs,
      new PrismaTournamentRepository(prisma as unknown as PrismaService),
    );
    const ledger = new ChipLedger(prisma);
    const row = await svc.create(fastMttSettings({ name, tableSize: 6, startingStack: 200 }));
    const id = row.id;
    await svc.openRegistration(id);
    for (let i = 0; i < 12; i++) {
      const user = await prisma.user.create({ data: { username: `${name}-bot-${i}`, isBot: true } });
      await ledger.openUserAccount(user.id);
      await ledger.grant({ idempotencyKey: `${name}:${user.id}`, userId: user.id, amount: 1_000 });
      await svc.register(id, user.id);
    }
    await svc.start(id);
    expect((await svc.get(id)).state.seating!.tables).toHaveLength(2);
    return { svc, id };
  }

  /**
   * Begins a hand at `tableNo` and plays it to its end in the hand store (everyone all in), without
   * recording it in the tournament; returns the begun hand and the players it busted.
   */
  async function playUnrecorded(
    svc: TournamentsService,
    id: number,
    tableNo: number,
    seed: string,
    owner?: (tx: Tx) => Promise<void>,
  ): Promise<{ begun: HandStart; busted: string[] }> {
    const begun = (await svc.beginTableHand(id, tableNo, owner))!;
    expect(begun).not.toBeNull();
    const config = configOf(begun);
    const store = new HandStore(prisma);
    const hand = await store.startHand({
      tournamentId: mttTournamentId(id),
      handNumber: begun.handNumber,
      config,
      players: begun.deal.players.map((p) => ({ seat: p.seat, userId: p.userId })),
    });
    const dealt = start(config, { rng: seededRandom(seed) });
    let state = dealt.state;
    let seq = (await store.appendEvents(hand.id, 0, dealt.events)).nextSeq;
    for (let first = true; legalActions(state); first = false) {
      const result = apply(state, shoveAndCall(state, first));
      if (!result.ok) throw new Error(result.error.message);
      seq = (await store.appendEvents(hand.id, seq, result.events)).nextSeq;
      state = result.state;
    }
    expect((await prisma.hand.findUniqueOrThrow({ where: { id: hand.id } })).status).toBe('completed');
    const stacksAfter = (await svc.seatMaps(id, new Set([tableNo]))).tables.get(tableNo)!;
    const busted = stacksAfter.flatMap((p) => (p && p.stack === 0 ? [p.userId] : []));
    expect(busted.length).toBeGreaterThan(0);
    return { begun, busted };
  }

  /** The players are out of the seating and their entries busted. */
  async function expectBustsRecorded(svc: TournamentsService, id: number, busted: string[]): Promise<void> {
    const after = await svc.get(id);
    for (const userId of busted) {
      expect(after.state.seating!.tables.some((t) => t.seats.some((p) => p?.playerId === userId))).toBe(false);
      expect(
        (
          await prisma.tournamentEntry.findFirstOrThrow({
            where: { tournamentId: mttTournamentId(id), userId },
          })
        ).status,
      ).toBe('busted');
    }
  }

  it('refuses the old owner, records the finished hand, cancels the running one, leaves the other table alone', async () => {
    const { svc, id } = await twoTables('fence');
    const t1 = mttTableId(id, 1);
    const t2 = mttTableId(id, 2);
    const book = `tournament:${mttTournamentId(id)}`;
    const chips = async () =>
      Number(
        (
          await prisma.$queryRaw<
            { s: bigint }[]
          >`SELECT SUM(balance)::bigint AS s FROM chip_accounts WHERE book = ${book} AND kind <> 'issuer'`
        )[0]!.s,
      );
    expect(await chips()).toBe(12 * 200);

    // Copy A owns table 1 (token 1) and plays a hand to its end: everyone all in.
    const a1 = fence(t1, 1, 'copy-a');
    const { begun, busted } = await playUnrecorded(svc, id, 1, 'fence:1', a1);
    const store = new HandStore(prisma);

    // ... and dies before recording it. Copy B takes table 1 over: its token is stored first.
    const b1 = fence(t1, 2, 'copy-b');
    await prisma.$transaction((tx) => b1(tx as unknown as Tx));
    // A (paused, not dead after all) can no longer record nor begin a hand there.
    const result = {
      dealtIn: begun.deal.players.map((p, i) => ({ userId: p.userId, stack: 200, order: i })),
      after: new Map<string, number>(),
    };
    await expect(svc.finishTableHand(id, 1, result, a1)).rejects.toBeInstanceOf(StaleFencingTokenError);
    expect((await svc.get(id)).state.seating!.tables.find((t) => t.tableId === 1)!.handInProgress).toBe(true);

    // Meanwhile copy C plays table 2 and dies mid-hand (blinds posted, hole cards dealt).
    const c2 = fence(t2, 1, 'copy-c');
    const begun2 = (await svc.beginTableHand(id, 2, c2))!;
    const config2 = configOf(begun2);
    const hand2 = await store.startHand({
      tournamentId: mttTournamentId(id),
      handNumber: begun2.handNumber,
      config: config2,
      players: begun2.deal.players.map((p) => ({ seat: p.seat, userId: p.userId })),
    });
    const started2 = start(config2, { rng: seededRandom('fence:2') });
    await store.appendEvents(hand2.id, 0, started2.events);

    // B's crash rule for table 1: the finished hand is recorded (its busts leave), table 2 untouched.
    expect(await svc.recoverTable(id, 1, b1)).toEqual([]);
    await expectBustsRecorded(svc, id, busted);
    const afterT1 = await svc.get(id);
    expect(afterT1.state.tableHands['1']).toBe(1);
    expect(afterT1.state.seating!.tables.find((t) => t.tableId === 1)?.handInProgress ?? false).toBe(false);
    expect(afterT1.state.seating!.tables.find((t) => t.tableId === 2)!.handInProgress).toBe(true);
    expect((await prisma.hand.findUniqueOrThrow({ where: { id: hand2.id } })).status).toBe('running');
    // A is refused for good; B deals on (if the table still has two players).
    await expect(svc.beginTableHand(id, 1, a1)).rejects.toBeInstanceOf(StaleFencingTokenError);

    // Copy D takes table 2 over: the running hand is cancelled, the blinds go back to the stacks.
    const d2 = fence(t2, 2, 'copy-d');
    await prisma.$transaction((tx) => d2(tx as unknown as Tx));
    expect(await svc.recoverTable(id, 2, d2)).toEqual([hand2.id]);
    expect((await prisma.hand.findUniqueOrThrow({ where: { id: hand2.id } })).status).toBe('cancelled');
    const after2 = await svc.seatMaps(id, new Set([2]));
    expect(after2.tables.get(2)).toEqual(begun2.seats);
    expect((await svc.get(id)).state.seating!.tables.find((t) => t.tableId === 2)!.handInProgress).toBe(false);
    await expect(svc.beginTableHand(id, 2, c2)).rejects.toBeInstanceOf(StaleFencingTokenError);
    expect(await svc.beginTableHand(id, 2, d2)).not.toBeNull();

    // Chips of the tournament's book never changed; the ledger is exact.
    expect(await chips()).toBe(12 * 200);
    const audit = await auditLedger(prisma);
    expect(audit.unbalancedTransactions).toEqual([]);
    expect(audit.negativeBalances).toEqual([]);
    expect(audit.difference).toBe(0);
  }, 60_000);

  it('the crash rule after a restart of the one process running the tournament records a hand that ended but was never recorded', async () => {
    const { svc, id } = await twoTables('restart');
    // The process plays table 1's hand to its end and dies before recording it.
    const { busted } = await playUnrecorded(svc, id, 1, 'restart:1');
    // The next process: no hand is running; the completed one is recorded, its busts leave.
    await svc.clearHandsInProgress(id);
    await expectBustsRecorded(svc, id, busted);
    const after = await svc.get(id);
    expect(after.state.tableHands['1']).toBe(1);
    expect(after.state.seating!.tables.every((t) => !t.handInProgress)).toBe(true);
    // Every player still seated has chips: the table can deal again.
    const seats = await svc.seatMaps(id, new Set(after.state.seating!.tables.map((t) => t.tableId)));
    for (const table of seats.tables.values())
      for (const seat of table) if (seat) expect(seat.stack).toBeGreaterThan(0);
    const audit = await auditLedger(prisma);
    expect(audit.difference).toBe(0);
  }, 60_000);
});
