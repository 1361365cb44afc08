// Sit & Go and Spin end to end, against the machine's PostgreSQL and Redis with real BullMQ
// workers: bots play fast-mode games to the end; prize pool, payouts and the ledger audit are exact.
// An instance is a tournament without a start time (issue 21 item 2): its book is `mtt-<id>`, its
// start, levels and payout are the tournament's jobs and its table the tournament runner's.
import { Module } from '@nestjs/common';
import request from 'supertest';
import { QUEUES } from '@naiko/contracts';
import { Accounts, ChipLedger, PrismaService } from '@naiko/persistence';
import {
  DEFAULT_TEMPLATES,
  fastTemplate,
  PlatformModule,
  mttTournamentId as tournamentIdOf,
  SitAndGoFeatureModule,
  SitAndGoService,
  SPIN_POOL,
  TournamentsFeatureModule,
  TournamentsService,
  verifyMttSeatDraw,
  verifySpinDraw,
} from '@naiko/platform';
import { prizeTableFor, placePrizes, type SitAndGoTemplate } from '@naiko/tournament';
import { connectSocket, startTestApp, type TestApp } from './support';
import { waitFor } from './support/tournaments';
import { expectAuditClean as expectLedgerAuditClean } from './support/audit';

const SNG6 = fastTemplate(DEFAULT_TEMPLATES[0], 'fast-sng-6', 300, 200, 3);
// A Spin in fast mode: hyper-turbo shape without breaks.
const SPIN = fastTemplate(DEFAULT_TEMPLATES[1], 'fast-spin', 300, 200, 100);
const SNG3: SitAndGoTemplate = {
  ...fastTemplate(DEFAULT_TEMPLATES[0], 'fast-sng-3'),
  seats: 3,
  name: 'three',
  startingStack: 300,
};

@Module({
  imports: [
    PlatformModule.forRoot({
      app: 'sit-and-go',
      consumeQueues: [QUEUES.system, QUEUES.sitAndGo, QUEUES.tournament],
    }),
    TournamentsFeatureModule.forRoot({ runner: { handPauseMs: 0, pollMs: 20, botDelayMs: 0 } }),
    SitAndGoFeatureModule.forRoot({ templates: [SNG6, SPIN, SNG3] }),
  ],
})
class FastSitAndGoModule {}

const START_CHIPS = 1_000;

describe('Sit & Go and Spin (e2e)', () => {
  let app: TestApp;
  let prisma: PrismaService;
  let ledger: ChipLedger;
  let sng: SitAndGoService;
  let userCount = 0;

  async function newPlayers(count: number): Promise<string[]> {
    const ids: string[] = [];
    for (let i = 0; i < count; i++) {
      const user = await prisma.user.create({ data: { username: `p${++userCount}`, isBot: true } });
      await ledger.openUserAccount(user.id);
      await ledger.grant({ idempotencyKey: `welcome:${user.id}`, userId: user.id, amount: START_CHIPS });
      ids.push(user.id);
    }
    return ids;
  }

  const balance = (userId: string) => ledger.userBalance(userId);
  const finished = (id: number) =>
    waitFor(`Sit & Go ${id} to finish`, async () => {
      const view = await sng.view(id);
      return view.phase === 'finished' && view;
    });

  const expectAuditClean = (): Promise<void> => expectLedgerAuditClean(prisma);

  beforeAll(async () => {
    app = await startTestApp({ module: FastSitAndGoModule, name: 'sit-and-go' });
    prisma = app.get(PrismaService);
    ledger = new ChipLedger(prisma);
    sng = app.get(SitAndGoService);
  });

  const dropAfterAll: (() => Promise<void>)[] = [];
  afterAll(async () => {
    await app?.close();
    for (const drop of dropAfterAll) await drop();
  });

  it('a full 6-seat Sit & Go played by bots to the end: prize pool, payouts and the audit are exact', async () => {
    const players = await newPlayers(6);
    const { socket } = await connectSocket(app.url, app.token({ sub: players[0], username: 'p1' }));
    const phases = new Set<string>();
    const levels: number[] = [];
    socket.on('sitAndGoUpdate', (view) => {
      phases.add(view.phase);
      if (view.clock?.kind === 'level' && levels[levels.length - 1] !== view.clock.levelNumber)
        levels.push(view.clock.levelNumber);
    });
    let instanceId = 0;
    for (const [index, player] of players.entries()) {
      const response = await request(app.url)
        .post(`/sit-and-go/${SNG6.templateId}/register`)
        .set('Authorization', `Bearer ${app.token({ sub: player })}`)
        .expect(201);
      instanceId = response.body.instanceId;
      expect(response.body.started).toBe(index === 5);
      if (index === 0) socket.emit('sitAndGoWatch', { instanceId });
    }
    // Registration moved 100 into the pool and 10 to the house for each.
    for (const player of players) expect(await balance(player)).toBe(START_CHIPS - 110);
    // A new instance of the template opened when this one filled.
    const next = await sng.openInstanceId(SNG6.templateId);
    expect(next).not.toBe(instanceId);

    const row = await finished(instanceId);
    expect(row.prizePool).toBe(600);
    const tournamentId = tournamentIdOf(instanceId);
    const entries = await prisma.tournamentEntry.findMany({ where: { tournamentId } });
    // 6 entrants: 65/35 of 600 = 390 and 210 (equal-stack ties would share, still summing to 600).
    expect(placePrizes(600, prizeTableFor(6))).toEqual([390, 210]);
    expect(entries.reduce((a, e) => a + Number(e.prize), 0)).toBe(600);
    expect(entries.every((e) => e.status === 'finished' && e.place !== null)).toBe(true);
    const winner = entries.find((e) => e.place === 1)!;
    expect(Number(winner.prize)).toBeGreaterThanOrEqual(210);
    for (const entry of entries) expect(await balance(entry.userId)).toBe(START_CHIPS - 110 + Number(entry.prize));
    expect((await ledger.account(Accounts.tournamentPool(tournamentId).key))!.balance).toBe(0);
    expect((await ledger.tournamentStacks(tournamentId)).every((s) => s.balance === 0)).toBe(true);
    const hands = await prisma.hand.findMany({ where: { tournamentId } });
    expect(hands.length).toBe(row.handsPlayed);
    expect(hands.every((h) => h.status === 'completed' && h.commitment?.length === 64)).toBe(true);
    // Blind steps: in order, starting with level 1 at the start.
    expect(levels).toEqual([...levels].sort((a, b) => a - b));
    // Socket: the watcher saw registering, running and the results.
    await waitFor('the finished view', async () => phases.has('finished'));
    expect([...phases]).toEqual(expect.arrayContaining(['registering', 'running', 'finished']));
    expect(levels[0]).toBe(1);
    socket.close();
    await expectAuditClean();
  });

  it('a Spin played by bots: the multiplier is drawn from the committed seed, the prize and the spin pool are exact', async () => {
    const players = await newPlayers(3);
    let instanceId = 0;
    for (const player of players) instanceId = (await sng.register(SPIN.templateId, player)).instanceId;
    const before = await sng.view(instanceId);
    expect(before.spin?.commitment).toMatch(/^[0-9a-f]{64}$/);
    const view = await finished(instanceId);
    const multiplier = view.spin!.multiplier!;
    expect(view.spin!.seed).toBeTruthy();
    expect(verifySpinDraw(SPIN.spinTable!, before.spin!.commitment!, view.spin!.seed!, multiplier)).toBe(true);
    // The seat draw was committed before anyone registered; the seed revealed at the end reproduces the seating.
    expect(before.seatDraw.commitment).toMatch(/^[0-9a-f]{64}$/);
    expect(before.seatDraw.seed).toBeNull();
    const seating = (await app.get(TournamentsService).view(instanceId)).seatDraw.seating!;
    expect(verifyMttSeatDraw(before.seatDraw.commitment!, view.seatDraw.seed!, SPIN.seats, seating)).toBe(true);
    const prize = multiplier * SPIN.buyIn;
    expect(view.prizePool).toBe(prize);
    const tournamentId = tournamentIdOf(instanceId);
    const entries = await prisma.tournamentEntry.findMany({ where: { tournamentId } });
    expect(entries.reduce((a, e) => a + Number(e.prize), 0)).toBe(prize);
    for (const entry of entries)
      expect(await balance(entry.userId)).toBe(START_CHIPS - SPIN.buyIn - SPIN.entryFee + Number(entry.prize));
    // The spin pool holds the float the house issued plus (3 buy-ins − prize) of every Spin so far.
    const floats = await prisma.ledgerTransaction.findMany({
      where: { idempotencyKey: { endsWith: ':spin-float' } },
      include: { entries: true },
    });
    const floatTotal = floats.reduce(
      (a, f) => a + f.entries.filter((x) => x.amount > 0n).reduce((b, x) => b + Number(x.amount), 0),
      0,
    );
    expect((await ledger.account(SPIN_POOL.key))?.balance ?? 0).toBe(floatTotal + 3 * SPIN.buyIn - prize);
    await expectAuditClean();
  });

  it('unregistration racing the last seat: either the refund or the start wins, never both', async () => {
    const outcomes: string[] = [];
    for (let round = 0; round < 4; round++) {
      const [playerA, playerB, playerC] = await newPlayers(3);
      const { instanceId } = await sng.register(SNG3.templateId, playerA);
      await sng.register(SNG3.templateId, playerB);
      const [unreg, reg] = await Promise.allSettled([
        sng.unregister(instanceId, playerA),
        sng.register(SNG3.templateId, playerC),
      ]);
      expect(reg.status).toBe('fulfilled');
      if (unreg.status === 'fulfilled') {
        outcomes.push('refund');
        expect(await balance(playerA)).toBe(START_CHIPS);
        expect((reg as PromiseFulfilledResult<{ started: boolean }>).value.started).toBe(false);
        const view = await sng.view(instanceId);
        expect(view.phase).toBe('registering');
        expect(view.registered).toBe(2);
        // Fill it so every instance of the test ends.
        const [playerD] = await newPlayers(1);
        expect((await sng.register(SNG3.templateId, playerD)).started).toBe(true);
      } else {
        outcomes.push('start');
        expect((unreg.reason as { code: string }).code).toBe('ALREADY_STARTED');
        expect(await balance(playerA)).toBe(START_CHIPS - 110);
      }
      await finished(instanceId);
    }
    expect(outcomes).toHaveLength(4);
    await expectAuditClean();
  });

  it('unregistration before the start refunds buy-in and fee exactly; registering twice is refused', async () => {
    const [playerA] = await newPlayers(1);
    const { instanceId } = await sng.register(SNG6.templateId, playerA);
    await expect(sng.register(SNG6.templateId, playerA)).rejects.toMatchObject({ code: 'ALREADY_REGISTERED' });
    expect(await balance(playerA)).toBe(START_CHIPS - 110);
    await sng.unregister(instanceId, playerA);
    expect(await balance(playerA)).toBe(START_CHIPS);
    await expect(sng.unregister(instanceId, playerA)).rejects.toMatchObject({ code: 'NOT_REGISTERED' });
    // Registering again after the refund works (a new idempotency key per change).
    await sng.register(SNG6.templateId, playerA);
    expect(await balance(playerA)).toBe(START_CHIPS - 110);
    await sng.unregister(instanceId, playerA);
    await expectAuditClean();
  });

  it('the lobby shows the terms of each template before joining: buy-in + fee, prize table or the Spin multiplier table and its funding', async () => {
    const lobby = (await request(app.url).get('/sit-and-go').expect(200)).body as {
      template: SitAndGoTemplate;
      prizes: { prizeTable?: unknown[]; spinTable?: unknown; exactlyFunded?: boolean };
      open: { phase: string; spin: { commitment: string | null; multiplier: number | null } | null };
    }[];
    const spin = lobby.find((l) => l.template.templateId === SPIN.templateId)!;
    expect(spin.template).toMatchObject({ buyIn: 10, entryFee: 1, seats: 3 });
    expect(spin.prizes.exactlyFunded).toBe(true);
    expect(spin.prizes.spinTable).toEqual(SPIN.spinTable);
    expect(spin.open.phase).toBe('registering');
    expect(spin.open.spin).toMatchObject({ commitment: expect.stringMatching(/^[0-9a-f]{64}$/), multiplier: null });
    const six = lobby.find((l) => l.template.templateId === SNG6.templateId)!;
    expect(six.prizes.prizeTable).toHaveLength(2);
    // Unregistering from an instance that has started is refused over HTTP too.
    await request(app.url)
      .post('/sit-and-go/instances/1/unregister')
      .set('Authorization', `Bearer ${app.token()}`)
      .expect(409);
  });

  it('a step job delivered twice or out of date changes nothing', async () => {
    const players = await newPlayers(3);
    let instanceId = 0;
    for (const player of players) instanceId = (await sng.register(SNG3.templateId, player)).instanceId;
    await waitFor('level 2', async () => {
      const view = await sng.view(instanceId);
      return (view.clock?.levelNumber ?? 0) >= 2 || view.phase === 'finished';
    });
    const tournaments = app.get(TournamentsService);
    expect(await tournaments.applyStep({ tournamentId: instanceId, stepIndex: 1, number: 2 })).toEqual({
      applied: false,
    });
    await finished(instanceId);
  });

  it('the process dealing a Sit & Go stops mid-game; after the restart a hand left running is cancelled (crash rule), play resumes and ends exactly', async () => {
    const players = await newPlayers(6);
    let instanceId = 0;
    for (const player of players) instanceId = (await sng.register(SNG6.templateId, player)).instanceId;
    await waitFor('a few hands', async () => (await sng.view(instanceId)).handsPlayed >= 3);
    const { url: databaseUrl, name: prefix, drop } = app.db;
    await app.naiko.close();
    dropAfterAll.push(drop);
    app = await startTestApp({
      module: FastSitAndGoModule,
      name: 'sit-and-go',
      databaseUrl,
      env: { REDIS_PREFIX: prefix },
    });
    prisma = app.get(PrismaService);
    ledger = new ChipLedger(prisma);
    sng = app.get(SitAndGoService);
    const row = await finished(instanceId);
    const tournamentId = tournamentIdOf(instanceId);
    // (This instance may also hold the refunded entry of the unregistration test.)
    const entries = await prisma.tournamentEntry.findMany({ where: { tournamentId, status: { not: 'refunded' } } });
    expect(entries).toHaveLength(6);
    expect(entries.reduce((a, e) => a + Number(e.prize), 0)).toBe(row.prizePool);
    for (const entry of entries) expect(await balance(entry.userId)).toBe(START_CHIPS - 110 + Number(entry.prize));
    const hands = await prisma.hand.findMany({ where: { tournamentId } });
    expect(hands.every((h) => h.status === 'completed' || h.status === 'cancelled')).toBe(true);
    await expectAuditClean();
  });
});
