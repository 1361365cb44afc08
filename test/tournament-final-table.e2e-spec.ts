// Issue 25 end to end (real PostgreSQL, Redis, BullMQ workers, table runners and sockets): a
// final-table ICM deal accepted by every player ends the tournament and pays through the ledger; a
// chip chop with an amount left to play for, set by the admin, pays the rest to the winner; a
// cancellation after the start splits the pool half equally and half by chips; the tournament pauses
// by itself when more than half of the players left are disconnected and resumes when one returns;
// the lobby shows next level and break, tables' players, the deal and the rules; the structure
// endpoints suggest levels.
import request from 'supertest';
import type { TournamentLobbyView, TournamentSettingsDto } from '@naiko/contracts';
import { Accounts, ChipLedger, PrismaService } from '@naiko/persistence';
import { dealFigures, mttTournamentId, TournamentsService } from '@naiko/platform';
import { cancellationAfterStartSplit, fastModeStructure } from '@naiko/tournament';
import { connectSocket, startTestApp, type TestApp } from './support';
import { fastMttSettings, fastTournamentModule, waitFor } from './support/tournaments';
import { expectAuditClean as expectLedgerAuditClean } from './support/audit';

const FastTournamentModule = fastTournamentModule();
const START_CHIPS = 10_000;
const ADMIN = '00000000-0000-4000-8000-0000000000ad';
/** 50 / 30 / 20 % for 3 to 10 entrants: with 3 entrants × 100 the places pay 150 / 90 / 60. */
const FIFTY_THIRTY_TWENTY = [
  {
    minEntrants: 3,
    maxEntrants: 10,
    paidPlaces: 3,
    bands: [
      { fromPlace: 1, toPlace: 1, sharePpm: 500_000 },
      { fromPlace: 2, toPlace: 2, sharePpm: 300_000 },
      { fromPlace: 3, toPlace: 3, sharePpm: 200_000 },
    ],
  },
];

describe('Tournament deals, interruptions and lobby (issue 25, e2e)', () => {
  let app: TestApp;
  let prisma: PrismaService;
  let ledger: ChipLedger;
  let mtt: TournamentsService;
  let userCount = 0;
  const admin = () => app.token({ sub: ADMIN, username: 'admin', role: 'admin' });
  const as = (u: string) => ({ Authorization: `Bearer ${app.token({ sub: u })}` });

  async function newPlayers(count: number, isBot = true): Promise<string[]> {
    const ids: string[] = [];
    for (let i = 0; i < count; i++) {
      const user = await prisma.user.create({ data: { username: `ft${++userCount}`, isBot } });
      await ledger.openUserAccount(user.id);
      await ledger.grant({ idempotencyKey: `welcome:${user.id}`, userId: user.id, amount: START_CHIPS });
      ids.push(user.id);
    }
    return ids;
  }

  /** Creates, registers everyone, starts now; resolves once running. */
  async function running(settings: TournamentSettingsDto, players: string[]): Promise<number> {
    const id = (
      await request(app.url).post('/tournaments').set('Authorization', `Bearer ${admin()}`).send(settings).expect(201)
    ).body.tournamentId as number;
    await waitFor('registration to open', async () => (await mtt.get(id)).status === 'registering');
    for (const player of players)
      await request(app.url).post(`/tournaments/${id}/register`).set(as(player)).expect(201);
    await request(app.url)
      .patch(`/tournaments/${id}`)
      .set('Authorization', `Bearer ${admin()}`)
      .send({ startsAt: new Date().toISOString() })
      .expect(200);
    await waitFor('the start', async () => (await mtt.get(id)).status === 'running');
    return id;
  }

  const lobby = async (id: number): Promise<TournamentLobbyView> =>
    (await request(app.url).get(`/tournaments/${id}`).expect(200)).body;
  const idle = (id: number) =>
    waitFor('every table idle', async () => {
      const [row] = await prisma.$queryRaw<
        { busy: number }[]
      >`SELECT count(*)::int AS busy FROM mtt_tables WHERE tournament_id = ${id} AND hand_in_progress`;
      return row.busy === 0;
    });
  const stacksOf = async (id: number, users: string[]) => {
    const rows = await ledger.tournamentStacks(mttTournamentId(id));
    return users.map((u) =>
      Number(rows.find((r) => r.key === Accounts.tournamentStack(mttTournamentId(id), u).key)?.balance ?? 0),
    );
  };

  const expectAuditClean = (): Promise<void> => expectLedgerAuditClean(prisma);

  beforeAll(async () => {
    // The automatic pause after 400 ms of disconnection instead of 5 minutes (checked every 100 ms).
    app = await startTestApp({
      module: FastTournamentModule,
      name: 'tournament-final-table',
      env: { MTT_DISCONNECT_PAUSE_MS: '400' },
    });
    prisma = app.get(PrismaService);
    ledger = new ChipLedger(prisma);
    mtt = app.get(TournamentsService);
    await prisma.user.create({ data: { id: ADMIN, username: 'admin', role: 'admin' } });
  });

  afterAll(async () => {
    await app?.close();
  });

  it('an ICM deal at the final table: play pauses, all accept, the tournament ends, the ledger pays', async () => {
    const players = await newPlayers(3);
    const [outsider] = await newPlayers(1);
    const id = await running(
      fastMttSettings({
        name: 'Deal ICM',
        minEntrants: 3,
        maxEntrants: 10,
        startingStack: 100_000,
        prizeTables: FIFTY_THIRTY_TWENTY,
        blindStructure: fastModeStructure(60_000, 30_000, 4),
      }),
      players,
    );
    // More left to play for than the first prize (150): refused, nothing changes.
    const bad = await request(app.url)
      .post(`/tournaments/${id}/deal`)
      .set(as(players[0]))
      .send({ method: 'icm', leftToPlayFor: 151 })
      .expect(400);
    expect(bad.body.code).toBe('BAD_DEAL');
    expect((await lobby(id)).deal).toBeNull();
    expect((await lobby(id)).paused).toBeNull();
    // Someone not in the tournament cannot propose.
    await request(app.url).post(`/tournaments/${id}/deal`).set(as(outsider)).send({ method: 'icm' }).expect(403);

    await request(app.url).post(`/tournaments/${id}/deal`).set(as(players[0])).send({ method: 'icm' }).expect(201);
    expect((await lobby(id)).paused?.reason).toBe('deal');
    // A second proposal while one is discussed is refused.
    expect(
      (
        await request(app.url)
          .post(`/tournaments/${id}/deal`)
          .set(as(players[1]))
          .send({ method: 'chip-chop' })
          .expect(409)
      ).body.code,
    ).toBe('DEAL_PENDING');
    const open = await waitFor('the deal figures', async () => {
      const view = await lobby(id);
      return view.deal?.status === 'open' && view.deal;
    });
    // No table deals while the deal is discussed.
    await idle(id);
    expect(await mtt.beginTableHand(id, 1)).toBeNull();
    // The figures are the ICM calculator's over the stacks at the pause, for the places 150 / 90 / 60.
    const stacks = await stacksOf(
      id,
      open.players.map((p) => p.userId),
    );
    expect(open.players.map((p) => p.stack)).toEqual(stacks);
    expect(open.players.map((p) => p.prize)).toEqual(dealFigures('icm', stacks, [150, 90, 60], 0));
    expect(open.players.reduce((a, p) => a + p.prize, 0)).toBe(300);

    await request(app.url).post(`/tournaments/${id}/deal/accept`).set(as(outsider)).expect(403);
    await request(app.url).post(`/tournaments/${id}/deal/accept`).set(as(open.players[0].userId)).expect(200);
    await request(app.url).post(`/tournaments/${id}/deal/accept`).set(as(open.players[1].userId)).expect(200);
    expect((await lobby(id)).deal?.players.map((p) => p.accepted)).toEqual([true, true, false]);
    expect((await mtt.get(id)).status).toBe('running');
    await request(app.url).post(`/tournaments/${id}/deal/accept`).set(as(open.players[2].userId)).expect(200);
    await waitFor('the payout', async () => (await mtt.get(id)).status === 'finished');

    const entries = await prisma.tournamentEntry.findMany({ where: { tournamentId: mttTournamentId(id) } });
    for (const player of open.players) {
      const entry = entries.find((x) => x.userId === player.userId)!;
      expect(Number(entry.prize)).toBe(player.prize);
      expect(await ledger.userBalance(player.userId)).toBe(START_CHIPS - 110 + player.prize);
    }
    // Places follow the stacks: the chip leader 1st, more chips a better place (equal stacks, as at a
    // deal before the first hand ends, share a place or come in either order).
    const placeOf = (userId: string) => entries.find((e) => e.userId === userId)!.place!;
    expect(open.players.map((p) => placeOf(p.userId))).toContain(1);
    const topStack = Math.max(...open.players.map((p) => p.stack));
    expect(open.players.filter((p) => placeOf(p.userId) === 1).every((p) => p.stack === topStack)).toBe(true);
    for (const higher of open.players)
      for (const lower of open.players)
        if (higher.stack > lower.stack) expect(placeOf(higher.userId)).toBeLessThan(placeOf(lower.userId));
    expect((await ledger.account(Accounts.tournamentPool(mttTournamentId(id)).key))!.balance).toBe(0);
    expect((await lobby(id)).deal?.status).toBe('accepted');
    await expectAuditClean();
  }, 120_000);

  it('the admin sets a chip-chop deal with 30 left to play for: play resumes and the winner gets the 30', async () => {
    const players = await newPlayers(3);
    const id = await running(
      fastMttSettings({
        name: 'Deal chop',
        minEntrants: 3,
        maxEntrants: 10,
        startingStack: 2_000,
        prizeTables: FIFTY_THIRTY_TWENTY,
      }),
      players,
    );
    const proposed = await request(app.url)
      .post(`/tournaments/${id}/deal`)
      .set('Authorization', `Bearer ${admin()}`)
      .send({ method: 'chip-chop', leftToPlayFor: 30 });
    expect(proposed.status).toBe(201);
    const open = await waitFor('the deal figures', async () => {
      const view = await lobby(id);
      return view.deal?.status === 'open' && view.deal;
    });
    // A player cannot set it; the admin can.
    await request(app.url).post(`/tournaments/${id}/deal/force`).set(as(players[0])).expect(403);
    await request(app.url).post(`/tournaments/${id}/deal/force`).set('Authorization', `Bearer ${admin()}`).expect(200);
    const dealt = open.players.reduce((a, p) => a + p.prize, 0);
    const placesLeft = [150, 90, 60].slice(0, open.players.length).reduce((a, b) => a + b, 0);
    expect(dealt).toBe(placesLeft - 30);
    expect((await lobby(id)).paused).toBeNull();
    // One deal per tournament.
    expect(
      (
        await request(app.url)
          .post(`/tournaments/${id}/deal`)
          .set('Authorization', `Bearer ${admin()}`)
          .send({ method: 'icm' })
      ).body.code,
    ).toMatch(/DEAL_PENDING|NOT_FINAL_TABLE|NOT_RUNNING/);
    await waitFor('the end of the play for the 30', async () => (await mtt.get(id)).status === 'finished', 180_000);
    const entries = await prisma.tournamentEntry.findMany({ where: { tournamentId: mttTournamentId(id) } });
    const winner = entries.find((e) => e.place === 1)!;
    for (const player of open.players) {
      const extra = player.userId === winner.userId ? 30 : 0;
      expect(Number(entries.find((e) => e.userId === player.userId)!.prize)).toBe(player.prize + extra);
      expect(await ledger.userBalance(player.userId)).toBe(START_CHIPS - 110 + player.prize + extra);
    }
    expect(entries.reduce((a, e) => a + Number(e.prize), 0)).toBe(300);
    await expectAuditClean();
  }, 200_000);

  it('cancelled after the start: half of the pool equally, half by chips, fees kept (admin pause first)', async () => {
    const players = await newPlayers(4);
    const id = await running(
      fastMttSettings({
        name: 'Cancelled late',
        startingStack: 10_000,
        blindStructure: fastModeStructure(60_000, 30_000, 4),
      }),
      players,
    );
    await waitFor('a hand played', async () => (await mtt.get(id)).hands_played > 0);
    await request(app.url).post(`/tournaments/${id}/pause`).set(as(players[0])).expect(403);
    await request(app.url).post(`/tournaments/${id}/pause`).set('Authorization', `Bearer ${admin()}`).expect(200);
    expect((await lobby(id)).paused?.reason).toBe('admin');
    await idle(id);
    const stacks = await stacksOf(id, players);
    const alive = players.filter((_, i) => stacks[i] > 0);
    const split = cancellationAfterStartSplit(
      400,
      stacks.filter((s) => s > 0),
    );
    await request(app.url).delete(`/tournaments/${id}`).set('Authorization', `Bearer ${admin()}`).expect(200);
    await waitFor('the cancellation', async () => (await mtt.get(id)).status === 'cancelled');
    for (const [index, userId] of alive.entries())
      expect(await ledger.userBalance(userId)).toBe(START_CHIPS - 110 + split[index].total);
    expect(split.reduce((a, s) => a + s.total, 0)).toBe(400);
    expect((await ledger.account(Accounts.tournamentPool(mttTournamentId(id)).key))!.balance).toBe(0);
    // The rule is published with the tournament.
    expect((await lobby(id)).rules.join(' ')).toContain('half shared equally and half in proportion to their chips');
    await expectAuditClean();
  }, 120_000);

  it('pauses by itself when over half of the players left are disconnected; resumes when one is back', async () => {
    const humans = await newPlayers(2, false);
    const [bot] = await newPlayers(1);
    // No time bank: the humans here never act, each decision times out after 1 s.
    const clock = { decisionMs: 1_000, reconnectMs: 0, timeBankMs: 0 };
    const id = await running(
      fastMttSettings({
        name: 'Away',
        startingStack: 10_000,
        blindStructure: fastModeStructure(60_000, 30_000, 4),
        clock,
      }),
      [...humans, bot],
    );
    const startedAt = (await mtt.get(id)).step_started_at!;
    // Two humans of three, no socket: after 400 ms the tournament pauses.
    await waitFor('the automatic pause', async () => (await lobby(id)).paused?.reason === 'disconnections');
    await idle(id);
    expect(await mtt.beginTableHand(id, 1)).toBeNull();
    const { socket } = await connectSocket(app.url, app.token({ sub: humans[0] }));
    await waitFor('the resume', async () => (await lobby(id)).paused === null);
    // The level clock was held: the level now started later by the time paused.
    expect(new Date((await mtt.get(id)).step_started_at!).getTime()).toBeGreaterThan(new Date(startedAt).getTime());
    const dealt = (await mtt.get(id)).hands_played;
    await waitFor('hands again', async () => (await mtt.get(id)).hands_played > dealt);
    socket.close();
    await request(app.url).delete(`/tournaments/${id}`).set('Authorization', `Bearer ${admin()}`).expect(200);
    await waitFor('the cancellation', async () => (await mtt.get(id)).status === 'cancelled');
    await expectAuditClean();
  }, 120_000);

  it('the lobby: next level and break, each table with its players and chips, the chip leader', async () => {
    const players = await newPlayers(12);
    const id = await running(
      fastMttSettings({
        name: 'Lobby',
        tableSize: 6,
        startingStack: 10_000,
        blindStructure: fastModeStructure(60_000, 30_000, 2),
      }),
      players,
    );
    const view = await lobby(id);
    // Level 1 in force: level 2 when level 1 ends; the break after level 2, 60 s later.
    expect(view.nextLevel).toMatchObject({ levelNumber: 2, startsAt: view.clock!.nextStepAt });
    expect(view.nextBreak).toEqual({ durationMs: 30_000, startsAt: view.clock!.nextStepAt! + 60_000 });
    // The bots play from the start, so a player may already be out when the lobby is read: the
    // tables are compared with the ledger's stacks with play paused between hands.
    await request(app.url).post(`/tournaments/${id}/pause`).set('Authorization', `Bearer ${admin()}`).expect(200);
    await idle(id);
    const paused = await lobby(id);
    const seated = paused.tablePlayers.flatMap((x) => x.players);
    const stacks = await stacksOf(id, players);
    expect(paused.tablePlayers).toHaveLength(2);
    expect(seated.map((p) => p.userId).sort()).toEqual(players.filter((_, i) => stacks[i] > 0).sort());
    for (const player of seated) expect(player.stack).toBe(stacks[players.indexOf(player.userId)]);
    expect(seated.reduce((a, p) => a + p.stack, 0)).toBe(12 * 10_000);
    expect(paused.chipLeader!.stack).toBe(Math.max(...seated.map((p) => p.stack)));
    await request(app.url).delete(`/tournaments/${id}`).set('Authorization', `Bearer ${admin()}`).expect(200);
    await waitFor('the cancellation', async () => (await mtt.get(id)).status === 'cancelled');
  }, 120_000);

  it('structure templates and suggested levels for the admin (the README example)', async () => {
    const templates = (
      await request(app.url)
        .get('/tournament-structures?startingStack=10000')
        .set('Authorization', `Bearer ${admin()}`)
        .expect(200)
    ).body;
    expect(templates.map((x: { name: string }) => x.name)).toEqual(['turbo', 'regular', 'deep']);
    // Regular: 100 big blinds deep → first level 50/100 for 10,000 chips.
    expect(templates[1].structure.steps[0]).toMatchObject({ kind: 'level', smallBlind: 50, bigBlind: 100 });
    const [player] = await newPlayers(1);
    await request(app.url).get('/tournament-structures').set(as(player)).expect(403);
    const suggested = (
      await request(app.url)
        .post('/tournament-structures/suggest')
        .set('Authorization', `Bearer ${admin()}`)
        .send({ startingStack: 10_000, durationMs: 3_600_000, expectedEntrants: 100, template: 'turbo' })
        .expect(200)
    ).body;
    expect(suggested.steps[0]).toMatchObject({ kind: 'level', smallBlind: 100, bigBlind: 200 });
    const bad = await request(app.url)
      .post('/tournament-structures/suggest')
      .set('Authorization', `Bearer ${admin()}`)
      .send({ startingStack: 0, durationMs: 3_600_000, expectedEntrants: 100 })
      .expect(400);
    expect(bad.body.code).toBe('BAD_SETTINGS');
  }, 60_000);
});
