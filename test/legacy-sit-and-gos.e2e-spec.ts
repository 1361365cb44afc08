// The upgrade to one tournament lifecycle (issue 21 item 2): the Sit & Gos the old service left
// unfinished (`sit_and_gos` rows, book `sng-<id>`) are settled by the published cancellation rules,
// so no chip stays in an old book. The old state is built here as the old service left it: its rows,
// entries and ledger postings (the machine's PostgreSQL; the ledger audit proves every chip).
import { Module } from '@nestjs/common';
import { QUEUES } from '@naiko/contracts';
import { Accounts, auditLedger, ChipLedger, postInTransaction, PrismaService } from '@naiko/persistence';
import {
  DEFAULT_TEMPLATES,
  entryMovements,
  fastTemplate,
  LegacySitAndGos,
  PlatformModule,
  SitAndGoFeatureModule,
  TournamentsFeatureModule,
} from '@naiko/platform';
import { prizeTableFor, type SitAndGoTemplate } from '@naiko/tournament';
import { startTestApp, type TestApp } from './support';
import { expectAuditClean as expectLedgerAuditClean } from './support/audit';

// Three seats, 100 + 10, 300 chips: the published table for 3 entrants pays the winner only.
const OLD: SitAndGoTemplate = { ...fastTemplate(DEFAULT_TEMPLATES[0], 'old-sng-3'), seats: 3, startingStack: 300 };

@Module({
  imports: [
    PlatformModule.forRoot({
      app: 'sit-and-go',
      consumeQueues: [QUEUES.system, QUEUES.sitAndGo, QUEUES.tournament],
    }),
    TournamentsFeatureModule.forRoot({ runner: { handPauseMs: 0, pollMs: 20, botDelayMs: 0 } }),
    SitAndGoFeatureModule.forRoot({ templates: [OLD] }),
  ],
})
class LegacyModule {}

const START_CHIPS = 1_000;

describe('Sit & Gos the old service left unfinished are settled at the upgrade (issue 21 item 2)', () => {
  let app: TestApp;
  let prisma: PrismaService;
  let ledger: ChipLedger;
  let users = 0;

  beforeAll(async () => {
    app = await startTestApp({ module: LegacyModule, name: 'legacy-sng' });
    prisma = app.get(PrismaService);
    ledger = new ChipLedger(prisma);
  });
  afterAll(async () => app?.close());

  async function newPlayers(count: number): Promise<string[]> {
    const ids: string[] = [];
    for (let i = 0; i < count; i++) {
      const user = await prisma.user.create({ data: { username: `old${++users}` } });
      await ledger.openUserAccount(user.id);
      await ledger.grant({ idempotencyKey: `welcome:${user.id}`, userId: user.id, amount: START_CHIPS });
      ids.push(user.id);
    }
    return ids;
  }

  /** An old instance with these players registered, as the old service's registration left it. */
  async function oldInstance(
    status: 'registering' | 'running',
    players: string[],
  ): Promise<{ id: number; book: string }> {
    const row = await prisma.sitAndGo.create({
      data: {
        templateId: OLD.templateId,
        instanceNumber: (await prisma.sitAndGo.count()) + 1,
        kind: 'sit-and-go',
        status,
        template: OLD as object,
        prizePool: status === 'running' ? BigInt(OLD.buyIn * players.length) : 0n,
      },
    });
    const book = `sng-${row.id}`;
    for (const userId of players) {
      await prisma.$transaction((tx) =>
        postInTransaction(tx as never, {
          idempotencyKey: `sng:${row.id}:entry:${userId}:1`,
          reason: 'tournament_entry',
          refs: { tournamentId: book },
          movements: entryMovements(book, userId, { buyIn: OLD.buyIn, fee: OLD.entryFee, startingStack: 300 }),
        }),
      );
      await prisma.tournamentEntry.create({
        data: {
          tournamentId: book,
          userId,
          fee: BigInt(OLD.buyIn),
          startingStack: 300n,
          status: status === 'running' ? 'playing' : 'registered',
        },
      });
    }
    return { id: row.id, book };
  }

  const balance = (userId: string) => ledger.userBalance(userId);

  const expectAuditClean = (): Promise<void> => expectLedgerAuditClean(prisma);

  it('an old instance still registering: every buy-in and fee back, its chips back to the issuer, the instance cancelled', async () => {
    const [alice, bob] = await newPlayers(2);
    const { id, book } = await oldInstance('registering', [alice, bob]);
    expect(await balance(alice)).toBe(START_CHIPS - 110);

    const settled = await app.get(LegacySitAndGos).settleAll();

    expect(settled).toEqual([{ id, refunded: [alice, bob].sort((x, y) => x.localeCompare(y)), paid: [] }]);
    expect(await balance(alice)).toBe(START_CHIPS);
    expect(await balance(bob)).toBe(START_CHIPS);
    expect((await ledger.account(Accounts.tournamentPool(book).key))!.balance).toBe(0);
    expect((await ledger.tournamentStacks(book)).every((s) => s.balance === 0)).toBe(true);
    expect((await prisma.sitAndGo.findUniqueOrThrow({ where: { id } })).status).toBe('cancelled');
    const entries = await prisma.tournamentEntry.findMany({ where: { tournamentId: book } });
    expect(entries.every((e) => e.status === 'refunded')).toBe(true);
    await expectAuditClean();
  });

  it('an old instance mid-game: the rest of the pool split half equally, half by chips (600 and 300 chips of 900, pool 300: 175 and 125), 3rd place out of the money gets nothing', async () => {
    // Three entrants: the published table pays the winner only, so the 3rd place already out is unpaid.
    expect(prizeTableFor(3).paidPlaces).toBe(1);
    const [p1, p2, p3] = await newPlayers(3);
    const { id, book } = await oldInstance('running', [p1, p2, p3]);
    // The old table's hands: p3 lost his 300 chips to p1, and busted in 3rd place.
    await prisma.$transaction((tx) =>
      postInTransaction(tx as never, {
        idempotencyKey: `old-hand:${id}`,
        reason: 'hand_award',
        refs: { tournamentId: book },
        movements: [{ from: Accounts.tournamentStack(book, p3), to: Accounts.tournamentStack(book, p1), amount: 300 }],
      }),
    );
    await prisma.sitAndGo.update({ where: { id }, data: { standings: [{ bestPlace: 3, players: [p3] }] } });
    await prisma.tournamentEntry.update({
      where: { tournamentId_userId: { tournamentId: book, userId: p3 } },
      data: { status: 'busted', place: 3 },
    });

    const settled = await app.get(LegacySitAndGos).settleAll();

    // Pool 300: equal half 150 (75 each), chip half 150 by 600:300 (100 and 50).
    expect(settled).toEqual([
      {
        id,
        refunded: [],
        paid: expect.arrayContaining([
          { userId: p1, prize: 175 },
          { userId: p2, prize: 125 },
        ]),
      },
    ]);
    expect(await balance(p1)).toBe(START_CHIPS - 110 + 175);
    expect(await balance(p2)).toBe(START_CHIPS - 110 + 125);
    expect(await balance(p3)).toBe(START_CHIPS - 110);
    expect((await ledger.account(Accounts.tournamentPool(book).key))!.balance).toBe(0);
    expect((await ledger.tournamentStacks(book)).every((s) => s.balance === 0)).toBe(true);
    const entries = await prisma.tournamentEntry.findMany({ where: { tournamentId: book } });
    expect(entries.every((e) => e.status === 'finished')).toBe(true);
    expect(entries.find((e) => e.userId === p3)).toMatchObject({ place: 3, prize: 0n });
    expect((await prisma.sitAndGo.findUniqueOrThrow({ where: { id } })).status).toBe('cancelled');
    await expectAuditClean();
  });

  it('settling again changes nothing (copies starting together settle each instance once)', async () => {
    const before = await auditLedger(prisma);
    expect(await Promise.all([app.get(LegacySitAndGos).settleAll(), app.get(LegacySitAndGos).settleAll()])).toEqual([
      [],
      [],
    ]);
    expect((await auditLedger(prisma)).transactions).toBe(before.transactions);
  });
});
