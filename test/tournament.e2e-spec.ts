// Scheduled multi-table tournaments end to end, against the machine's PostgreSQL and Redis with real
// BullMQ workers: an admin schedules through HTTP, bots register and play fast-mode tournaments to
// the end; tables are balanced and broken, the ledger audit stays exact; late registration, re-entry,
// cancellation by the admin before the start and the automatic cancel below the minimum refund exactly;
// after the start the pool is split (issue 25).
import request from 'supertest';
import type { TournamentSettingsDto, TournamentView } from '@naiko/contracts';
import { Accounts, ChipLedger, PrismaService } from '@naiko/persistence';
import {
  balanced,
  JobQueue,
  mttTournamentId,
  TournamentsService,
  verifyMttSeatDraw,
  type MttState,
} from '@naiko/platform';
import { fastModeStructure, placePrizes, prizeTableFor } from '@naiko/tournament';
import { connectSocket, startTestApp, type TestApp } from './support';
import { fastMttSettings, fastTournamentModule, waitFor } from './support/tournaments';
import { expectAuditClean as expectLedgerAuditClean } from './support/audit';

const FastTournamentModule = fastTournamentModule();

const START_CHIPS = 10_000;
const ADMIN = '00000000-0000-4000-8000-0000000000ad';

const settings = fastMttSettings;

describe('Scheduled tournaments (e2e)', () => {
  let app: TestApp;
  let prisma: PrismaService;
  let ledger: ChipLedger;
  let mtt: TournamentsService;
  let userCount = 0;
  const adminToken = () => app.token({ sub: ADMIN, username: 'admin', role: 'admin' });

  async function newPlayers(count: number): Promise<string[]> {
    const ids: string[] = [];
    for (let i = 0; i < count; i++) {
      const user = await prisma.user.create({ data: { username: `m${++userCount}`, isBot: true } });
      await ledger.openUserAccount(user.id);
      await ledger.grant({ idempotencyKey: `welcome:${user.id}`, userId: user.id, amount: START_CHIPS });
      ids.push(user.id);
    }
    return ids;
  }

  async function create(settings: TournamentSettingsDto): Promise<number> {
    const response = await request(app.url)
      .post('/tournaments')
      .set('Authorization', `Bearer ${adminToken()}`)
      .send(settings)
      .expect(201);
    return response.body.tournamentId;
  }

  /** The admin moves the start to now (an edit before the start). */
  async function startNow(id: number): Promise<void> {
    await request(app.url)
      .patch(`/tournaments/${id}`)
      .set('Authorization', `Bearer ${adminToken()}`)
      .send({ startsAt: new Date().toISOString() })
      .expect(200);
  }

  const status = async (id: number) => (await mtt.get(id)).status;
  const ended = (id: number) =>
    waitFor(`tournament ${id} to end`, async () => ['finished', 'cancelled'].includes(await status(id)) && mtt.get(id));
  const balance = (u: string) => ledger.userBalance(u);

  const expectAuditClean = (): Promise<void> => expectLedgerAuditClean(prisma);

  beforeAll(async () => {
    app = await startTestApp({ module: FastTournamentModule, name: 'tournament' });
    prisma = app.get(PrismaService);
    ledger = new ChipLedger(prisma);
    mtt = app.get(TournamentsService);
    await prisma.user.create({ data: { id: ADMIN, username: 'admin', role: 'admin' } });
  });

  afterAll(async () => {
    await app?.close();
  });

  it('a 60-entrant tournament of bots at 9-max runs from registration to the winner with balancing and table breaks; tables within one after every hand; the audit is exact', async () => {
    const players = await newPlayers(60);
    const id = await create(settings({ name: 'Sixty' }));
    // Only an admin schedules.
    await request(app.url)
      .post('/tournaments')
      .set('Authorization', `Bearer ${app.token({ sub: players[0] })}`)
      .send(settings())
      .expect(403);
    await waitFor('registration to open', async () => (await status(id)) === 'registering');
    // The seat draw is committed before anyone registers; its seed stays secret until the end.
    const before: TournamentView = (await request(app.url).get(`/tournaments/${id}`).expect(200)).body;
    expect(before.seatDraw).toEqual({ commitment: expect.stringMatching(/^[0-9a-f]{64}$/), seed: null, seating: null });
    for (const player of players)
      await request(app.url)
        .post(`/tournaments/${id}/register`)
        .set('Authorization', `Bearer ${app.token({ sub: player })}`)
        .expect(201);
    for (const player of players) expect(await balance(player)).toBe(START_CHIPS - 110);

    const violations: string[] = [];
    let hands = 0;
    let maxTables = 0;
    let sawBubble = false;
    let sawHandForHand = false;
    mtt.listen({
      changed: () => undefined,
      started: () => undefined,
      handFinished: (tid, tableId, state: MttState) => {
        if (tid !== id) return;
        hands++;
        const tables = state.seating?.tables ?? [];
        maxTables = Math.max(maxTables, tables.length);
        // Busts recorded at a table run the planner right after, in its own transaction; another
        // table's hand may end in between (balancePending).
        if (!balanced(state) && !state.balancePending)
          violations.push(
            `after a hand at table ${tableId}: ${tables.map((x) => `${x.tableId}:${x.seats.filter((s) => s).length}${x.handInProgress ? '*' : ''}`).join(' ')}`,
          );
        const seated = tables.flatMap((x) => x.seats.filter((s) => s).map((s) => s!.playerId));
        // 9 places paid: 10 players on two tables is the bubble.
        // On the bubble the tournament must be hand-for-hand: a round running, or pending until
        // every table's hand in progress has finished (that hand may burst the bubble itself).
        if (seated.length === 10 && tables.length > 1) {
          sawBubble = true;
          if (!state.handForHand)
            violations.push(`on the bubble without hand-for-hand after a hand at table ${tableId}`);
        }
        if (state.handForHand) sawHandForHand = true;
        if (new Set(seated).size !== seated.length) violations.push('a player sits twice');
      },
    });
    const { socket } = await connectSocket(app.url, app.token({ sub: players[0] }));
    const views: TournamentView[] = [];
    socket.on('tournamentUpdate', (v) => views.push(v));
    socket.emit('tournamentWatch', { tournamentId: id });

    // The admin moves the start forward to now (edit before the start).
    await request(app.url)
      .patch(`/tournaments/${id}`)
      .set('Authorization', `Bearer ${adminToken()}`)
      .send({ startsAt: new Date().toISOString() })
      .expect(200);
    const row = await ended(id);
    expect(row.status).toBe('finished');
    expect(violations).toEqual([]);
    expect(maxTables).toBe(7); // 60 players at 9-max: 7 tables (9,9,9,9,8,8,8)
    expect(row.state.moves).toBeGreaterThan(0);
    expect(row.state.brokenTables.length).toBe(6); // everyone ends at one table
    expect(hands).toBe(row.hands_played);
    if (sawBubble) expect(sawHandForHand).toBe(true);

    const tid = mttTournamentId(id);
    const entries = await prisma.tournamentEntry.findMany({ where: { tournamentId: tid } });
    const pool = 60 * 100;
    expect(entries.reduce((a, e) => a + Number(e.prize), 0)).toBe(pool);
    const places = entries.map((e) => e.place!).sort((a, b) => a - b);
    expect(places[0]).toBe(1);
    expect(entries.every((e) => e.status === 'finished' && e.place !== null)).toBe(true);
    // The published 55–63 entrant table pays exactly these chips per place (ties share sums).
    const paid = placePrizes(pool, prizeTableFor(60));
    expect(paid.reduce((a, b) => a + b, 0)).toBe(pool);
    for (const entry of entries) expect(await balance(entry.userId)).toBe(START_CHIPS - 110 + Number(entry.prize));
    expect((await ledger.account(Accounts.tournamentPool(tid).key))!.balance).toBe(0);
    expect((await ledger.tournamentStacks(tid)).every((s) => s.balance === 0)).toBe(true);
    const stored = await prisma.hand.findMany({ where: { tournamentId: tid } });
    expect(stored.length).toBe(row.hands_played);
    expect(stored.every((h) => h.status === 'completed')).toBe(true);

    // Jobs ran with their idempotent ids.
    const queue = app.get(JobQueue).queue('tournament');
    expect(await queue.getJob(`tournament.${id}.start`)).toBeTruthy();
    expect(await queue.getJob(`tournament.${id}.level.2`)).toBeTruthy();
    expect(await queue.getJob(`tournament.${id}.payout`)).toBeTruthy();

    // The lobby over HTTP and the socket.
    const view: TournamentView = (await request(app.url).get(`/tournaments/${id}`).expect(200)).body;
    expect(view).toMatchObject({
      phase: 'finished',
      entries: 60,
      prizePool: pool,
      placesPaid: prizeTableFor(60).paidPlaces,
    });
    expect(view.prizeTable[0].fromPlace).toBe(1);
    // Ended: the seed opens the commitment and redraws exactly the start's seating of all 60.
    expect(view.seatDraw.commitment).toBe(before.seatDraw.commitment);
    expect(view.seatDraw.seating).toHaveLength(60);
    expect(new Set(view.seatDraw.seating!.map((s) => s.userId))).toEqual(new Set(players));
    expect(verifyMttSeatDraw(view.seatDraw.commitment!, view.seatDraw.seed!, 9, view.seatDraw.seating!)).toBe(true);
    await waitFor('the finished view on the socket', async () => views.some((v) => v.phase === 'finished'));
    const running = views.filter((v) => v.phase === 'running');
    expect(running.every((v) => v.seatDraw.seed === null && v.seatDraw.seating === null)).toBe(true);
    expect(running.some((v) => v.tables.length === 7 && v.clock?.levelNumber === 1)).toBe(true);
    expect(running.every((v) => v.averageStack > 0)).toBe(true);
    socket.close();
    await expectAuditClean();
    // The planner moved players and broke tables under the tournament-wide lock; a balance check
    // with nothing to move (the tournament has ended) is judged on a snapshot and takes no such lock.
    const runs = mtt.timings.summary(id).plannerRuns;
    expect(runs.changed).toBeGreaterThan(0);
    expect(await mtt.balanceCheck({ tournamentId: id, version: 1 })).toEqual({ moves: 0 });
    expect(mtt.timings.summary(id).plannerRuns.skipped).toBe((runs.skipped ?? 0) + 1);
  }, 150_000);

  it('late registration and re-entry: a late entry is seated while the tournament runs; a busted player re-enters; both count in the pool', async () => {
    const [playerA, playerB, playerC, playerD, playerE, late] = await newPlayers(6);
    const id = await create(
      settings({
        name: 'Late',
        lateRegistrationUntilLevel: 1,
        reEntry: true,
        maxEntriesPerPlayer: 2,
        startingStack: 60,
        blindStructure: fastModeStructure(8_000, 300, 4),
      }),
    );
    await waitFor('registration to open', async () => (await status(id)) === 'registering');
    for (const player of [playerA, playerB, playerC, playerD, playerE]) await mtt.register(id, player);
    // The first bust re-enters at once (the hand result is committed when the listener hears of it).
    const reEntries: Promise<unknown>[] = [];
    mtt.listen({
      changed: () => undefined,
      started: () => undefined,
      handFinished: (tid, _table, state) => {
        if (tid !== id || reEntries.length) return;
        const bust = state.registration.entries.find((x) => x.status === 'busted');
        if (bust)
          reEntries.push(
            mtt.register(id, bust.playerId).then(
              (r) => ({ r, userId: bust.playerId }),
              (err: unknown) => ({ err }),
            ),
          );
      },
    });
    await startNow(id);
    await waitFor('the start', async () => (await status(id)) === 'running');
    const result = await mtt.register(id, late);
    expect(result).toMatchObject({ late: true, reEntry: false });
    expect((await mtt.view(id)).entrants.find((x) => x.userId === late)?.table).not.toBeNull();
    await waitFor('a bust', async () => reEntries.length > 0);
    const re = (await reEntries[0]) as { r: { late: boolean; reEntry: boolean }; userId: string };
    expect(re.r).toMatchObject({ late: true, reEntry: true });
    expect(await balance(re.userId)).toBe(START_CHIPS - 220);
    const row = await ended(id);
    expect(row.status).toBe('finished');
    const tid = mttTournamentId(id);
    const rows = await prisma.tournamentEntry.findMany({ where: { tournamentId: tid } });
    // 5 entries + 1 late + 1 re-entry = 7 entries of 100 in the pool, all paid out.
    expect(rows.reduce((x, y) => x + Number(y.prize), 0)).toBe(700);
    expect(row.state.standings!.groups.flatMap((g) => g.players)).toHaveLength(7);
    // Once the tournament is over nobody registers.
    const [playerF] = await newPlayers(1);
    await expect(mtt.register(id, playerF)).rejects.toMatchObject({ code: 'ALREADY_STARTED' });
    await expectAuditClean();
  }, 90_000);

  it('an admin cancels a running tournament: dealing stops, the hand in progress ends, the pool is split by the published rule (issue 25) and every tournament chip retired', async () => {
    const players = await newPlayers(12);
    const id = await create(
      settings({ name: 'Stopped', startingStack: 5_000, blindStructure: fastModeStructure(5_000, 300, 4) }),
    );
    await waitFor('registration to open', async () => (await status(id)) === 'registering');
    for (const player of players) await mtt.register(id, player);
    await startNow(id);
    await waitFor('some hands', async () => (await mtt.get(id)).hands_played >= 4);
    await request(app.url).delete(`/tournaments/${id}`).set('Authorization', `Bearer ${adminToken()}`).expect(200);
    const row = await ended(id);
    expect(row.status).toBe('cancelled');
    // After the start (cancel-after-start.ts): the 1,200-chip pool goes to the players still in,
    // half equally (each at least floor(600 / n)) and half by chips; fees are kept.
    const entries = await prisma.tournamentEntry.findMany({ where: { tournamentId: mttTournamentId(id) } });
    const still = entries.filter((e) => e.status === 'finished');
    let paid = 0;
    for (const entry of entries) {
      const gain = (await balance(entry.userId)) - (START_CHIPS - 110);
      paid += gain;
      if (entry.status === 'finished') expect(gain).toBeGreaterThanOrEqual(Math.floor(600 / still.length));
      expect(gain).toBe(Number(entry.prize));
    }
    expect(paid).toBe(1_200);
    expect((await ledger.tournamentStacks(mttTournamentId(id))).every((s) => s.balance === 0)).toBe(true);
    await expectAuditClean();
  }, 60_000);

  it('cancellation by the admin refunds buy-in and fee of every entry; the automatic cancel at the start below the minimum refunds everyone', async () => {
    const players = await newPlayers(3);
    const id = await create(settings({ name: 'Cancelled', minEntrants: 3 }));
    await waitFor('registration to open', async () => (await status(id)) === 'registering');
    for (const player of players) await mtt.register(id, player);
    await expect(mtt.register(id, players[0])).rejects.toMatchObject({ code: 'ALREADY_REGISTERED' });
    await mtt.unregister(id, players[2]);
    expect(await balance(players[2])).toBe(START_CHIPS);
    for (const player of players.slice(0, 2)) expect(await balance(player)).toBe(START_CHIPS - 110);
    await request(app.url)
      .delete(`/tournaments/${id}`)
      .set('Authorization', `Bearer ${app.token({ sub: players[0] })}`)
      .expect(403);
    await request(app.url).delete(`/tournaments/${id}`).set('Authorization', `Bearer ${adminToken()}`).expect(200);
    expect(await status(id)).toBe('cancelled');
    for (const player of players) expect(await balance(player)).toBe(START_CHIPS);

    const few = await newPlayers(2);
    const id2 = await create(settings({ name: 'Too few', minEntrants: 3 }));
    await waitFor('registration to open', async () => (await status(id2)) === 'registering');
    for (const player of few) await mtt.register(id2, player);
    await startNow(id2);
    const row = await ended(id2);
    expect(row.status).toBe('cancelled');
    for (const player of few) expect(await balance(player)).toBe(START_CHIPS);
    const list = (await request(app.url).get('/tournaments').expect(200)).body as {
      tournamentId: number;
      status: string;
    }[];
    expect(list.find((x) => x.tournamentId === id2)?.status).toBe('cancelled');
    await expectAuditClean();
  }, 30_000);

  it('the lobby at size: GET /tournaments/:id and the watch list the first 100 entrants with the whole count; GET /tournaments/:id/entrants pages and finds the rest; a registered player far down the list follows his own part', async () => {
    const players = await newPlayers(130);
    const id = await create(settings({ name: 'Big lobby', minEntrants: 2, maxEntrants: 200 }));
    await waitFor('registration to open', async () => (await status(id)) === 'registering');
    for (const player of players) await mtt.register(id, player);
    const lobby = (await request(app.url).get(`/tournaments/${id}`).expect(200)).body as TournamentView;
    expect(lobby.entrants).toHaveLength(100);
    expect(lobby.entrantCount).toBe(130);
    expect(lobby.entries).toBe(130);

    const page = (query: string) => request(app.url).get(`/tournaments/${id}/entrants${query}`);
    const rest = (await page('?offset=100&limit=50').expect(200)).body;
    expect(rest).toMatchObject({ tournamentId: id, total: 130, offset: 100 });
    expect(rest.entrants).toHaveLength(30);
    // All 130 once each over the lobby's list and the page after it.
    expect(new Set([...lobby.entrants, ...rest.entrants].map((e: { userId: string }) => e.userId)).size).toBe(130);
    // Names are m1 .. mN in creation order; the last player's name is found whatever its case.
    const last = await prisma.user.findUniqueOrThrow({ where: { id: players[129] } });
    const found = (await page(`?q=${last.username.toUpperCase()}`).expect(200)).body;
    expect(found.entrants.map((e: { userId: string }) => e.userId)).toContain(players[129]);
    // Bad queries are typed refusals; an unknown tournament is not found.
    for (const bad of ['?limit=0', '?limit=101', '?offset=-1', '?q=' + 'x'.repeat(41), '?sort=stack'])
      expect((await page(bad).expect(400)).body).toMatchObject({ code: 'BAD_PAYLOAD' });
    await request(app.url).get('/tournaments/999999/entrants').expect(404);

    // The player whose row the lobby may not list gets it with `tournamentYou`, over a real socket.
    const { socket } = await connectSocket(app.url, app.token({ sub: players[129] }));
    try {
      const watched = new Promise<TournamentView>((resolve) => socket.once('tournamentUpdate', resolve));
      socket.emit('tournamentWatch', { tournamentId: id });
      expect(await watched).toMatchObject({ entrantCount: 130, entries: 130 });
      expect((await watched).entrants).toHaveLength(100);
      const you = new Promise<unknown>((resolve) => socket.once('tournamentYou', resolve));
      socket.emit('tournamentFollow', { tournamentId: id });
      expect(await you).toMatchObject({
        tournamentId: id,
        phase: 'registering',
        entrant: { userId: players[129], place: null, table: null },
        placedOf: null,
      });
      // His unregistration changes his part: it comes again, without his row.
      const without = new Promise<unknown>((resolve) =>
        socket.on('tournamentYou', (part: { entrant: unknown }) => part.entrant === null && resolve(part)),
      );
      await mtt.unregister(id, players[129]);
      expect(await without).toMatchObject({ tournamentId: id, phase: 'registering', heads: [] });
    } finally {
      socket.close();
    }
    await request(app.url).delete(`/tournaments/${id}`).set('Authorization', `Bearer ${adminToken()}`).expect(200);
  }, 60_000);
});
