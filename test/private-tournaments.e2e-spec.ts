// Private tournaments (issue 23.4) end to end, over real HTTP, socket.io and BullMQ workers against
// the machine's PostgreSQL and Redis: a host creates a private Sit & Go and a private scheduled
// tournament within the admin's limits; invitees (by username and by the invite link's code)
// register; a stranger is refused with a typed error that changes nothing, and sees neither event
// in the lobbies nor can watch it; both events play to the end (the players are bots, played by
// the table host) with exact payouts; the host cancels before the start with every buy-in back;
// the ledger audit stays clean. A private Sit & Go is a tournament opened from a private template
// (`template_id` `private-<code>`, issue 21 item 2): its book is `mtt-<id>`, its table `mttTableId(id, 1)`.
import { Module } from '@nestjs/common';
import request from 'supertest';
import { QUEUES, type PrivateEventLimits, type PrivateEventSummary } from '@naiko/contracts';
import { ChipLedger, PrismaService } from '@naiko/persistence';
import {
  DEFAULT_PRIVATE_LIMITS,
  mttTableId,
  mttTournamentId,
  PlatformModule,
  SitAndGoFeatureModule,
  SitAndGoService,
  TournamentsFeatureModule,
  TournamentsService,
} from '@naiko/platform';
import { placePrizes, prizeTableFor } from '@naiko/tournament';
import { connectSocket, nextEvent, startTestApp, type TestApp } from './support';
import { waitFor } from './support/tournaments';
import { expectAuditClean as expectLedgerAuditClean } from './support/audit';

const LIMITS: PrivateEventLimits = {
  ...DEFAULT_PRIVATE_LIMITS,
  buyIn: { min: 0, max: 500 },
  startingStack: { min: 200, max: 5_000 },
  levelDurationMs: { min: 100, max: 600_000 },
  decisionMs: { min: 500, max: 30_000 },
  maxEntrants: 20,
  startWithinMs: 3_600_000,
  maxOpenPerHost: 2,
};

const FAST_RUNNER = { handPauseMs: 0, pollMs: 20, botDelayMs: 0 };

@Module({
  imports: [
    PlatformModule.forRoot({ app: 'all-in-one', consumeQueues: [QUEUES.system, QUEUES.sitAndGo, QUEUES.tournament] }),
    TournamentsFeatureModule.forRoot({ runner: FAST_RUNNER, privateLimits: LIMITS }),
    SitAndGoFeatureModule.forRoot({ privateLimits: LIMITS }),
  ],
})
class PrivateEventsModule {}

const START_CHIPS = 1_000;
const ADMIN = '00000000-0000-4000-8000-0000000000ad';

const SNG_BODY = {
  name: 'Friday night',
  game: 'holdem',
  bettingStructure: 'no-limit',
  buyIn: 100,
  startingStack: 300,
  levelDurationMs: 300,
  breakDurationMs: 0,
  breakEveryLevels: 6,
  decisionMs: 1_000,
  seats: 3,
};

const mttBody = (over: Record<string, unknown> = {}) => {
  const { seats: _seats, ...rest } = SNG_BODY;
  return {
    ...rest,
    name: 'Saturday league',
    startsAt: new Date(Date.now() + 600_000).toISOString(),
    minEntrants: 2,
    maxEntrants: 10,
    tableSize: 9,
    lateRegistrationUntilLevel: 0,
    ...over,
  };
};

describe('Private tournaments (e2e)', () => {
  let app: TestApp;
  let prisma: PrismaService;
  let ledger: ChipLedger;
  let sng: SitAndGoService;
  let mtt: TournamentsService;
  let userCount = 0;

  /** Players (bots: the table host plays them) with START_CHIPS each; ids and names. */
  async function newPlayers(count: number): Promise<{ id: string; name: string }[]> {
    const out: { id: string; name: string }[] = [];
    for (let i = 0; i < count; i++) {
      const name = `pv${++userCount}`;
      const user = await prisma.user.create({ data: { username: name, isBot: true } });
      await ledger.openUserAccount(user.id);
      await ledger.grant({ idempotencyKey: `welcome:${user.id}`, userId: user.id, amount: START_CHIPS });
      out.push({ id: user.id, name });
    }
    return out;
  }

  const auth = (userId: string) => `Bearer ${app.token({ sub: userId })}`;
  const post = (userId: string, path: string, body: object = {}) =>
    request(app.url).post(path).set('Authorization', auth(userId)).send(body);
  const get = (userId: string, path: string) => request(app.url).get(path).set('Authorization', auth(userId));
  const balance = (userId: string) => ledger.userBalance(userId);

  const expectAuditClean = (): Promise<void> => expectLedgerAuditClean(prisma);

  /** The stranger's socket watch is refused FORBIDDEN NOT_INVITED. */
  async function expectWatchRefused(
    userId: string,
    event: 'sitAndGoWatch' | 'tournamentWatch' | 'tournamentFollow',
    payload: object,
  ): Promise<void> {
    const { socket } = await connectSocket(app.url, app.token({ sub: userId }));
    const err = nextEvent(socket, 'error');
    (socket.emit as (e: string, p: unknown) => void)(event, payload);
    expect(await err).toMatchObject({ code: 'FORBIDDEN', message: expect.stringMatching(/^NOT_INVITED/) });
    socket.close();
  }

  beforeAll(async () => {
    app = await startTestApp({ module: PrivateEventsModule, name: 'private-tournaments' });
    prisma = app.get(PrismaService);
    ledger = new ChipLedger(prisma);
    sng = app.get(SitAndGoService);
    mtt = app.get(TournamentsService);
    await prisma.user.create({ data: { id: ADMIN, username: 'admin', role: 'admin' } });
  });

  afterAll(async () => {
    await app?.close();
  });

  it(
    'a private Sit & Go: outside the limits refused whole; invitees by name and by code register; ' +
      'a stranger is refused and sees nothing; it plays to the end; the audit is clean',
    async () => {
      const [host, alice, bob, stranger] = await newPlayers(4);
      const before = await prisma.scheduledTournament.count();
      // Outside the admin's limits: one typed refusal naming each field; nothing is created.
      const bad = await post(host.id, '/private-events/sng', { ...SNG_BODY, buyIn: 501, levelDurationMs: 50 }).expect(
        400,
      );
      expect(bad.body).toMatchObject({
        code: 'OUTSIDE_LIMITS',
        violations: [{ field: 'buyIn' }, { field: 'levelDurationMs' }],
      });
      expect(await prisma.scheduledTournament.count()).toBe(before);

      const created = await post(host.id, '/private-events/sng', SNG_BODY).expect(201);
      const { instanceId, inviteCode } = created.body as { instanceId: number; inviteCode: string };
      expect(inviteCode).toMatch(/^[A-Za-z0-9_-]{12}$/);
      expect((await get(host.id, '/private-events/sng/limits').expect(200)).body).toMatchObject({
        buyIn: { min: 0, max: 500 },
      });

      // Invisible to others: the public lobby lists templates only, the public view says not found.
      const lobby = await request(app.url).get('/sit-and-go').expect(200);
      expect(lobby.body.every((x: { open: { instanceId: number } }) => x.open.instanceId !== instanceId)).toBe(true);
      await request(app.url).get(`/sit-and-go/instances/${instanceId}`).expect(404);
      expect((await get(stranger.id, '/private-events/sng').expect(200)).body).toEqual([]);

      // Invitations: by username (host only), by the link's code (join).
      await post(alice.id, `/private-events/sng/${instanceId}/invitations`, { username: bob.name }).expect(
        403,
        /NOT_HOST/,
      );
      await post(host.id, `/private-events/sng/${instanceId}/invitations`, { username: 'nobody-here' }).expect(
        404,
        /UNKNOWN_USER/,
      );
      await post(host.id, `/private-events/sng/${instanceId}/invitations`, { username: alice.name }).expect(201);
      const mine: PrivateEventSummary[] = (await get(alice.id, '/private-events/sng').expect(200)).body;
      expect(mine).toEqual([
        expect.objectContaining({
          eventId: instanceId,
          name: 'Friday night',
          status: 'registering',
          hostName: host.name,
          inviteCode: null,
          capacity: 3,
        }),
      ]);
      expect((await get(host.id, '/private-events/sng').expect(200)).body[0]).toMatchObject({
        eventId: instanceId,
        inviteCode,
      });

      // The stranger: refused everywhere with NOT_INVITED, his chips and the game untouched.
      await post(stranger.id, `/private-events/sng/${instanceId}/register`).expect(403, /NOT_INVITED/);
      await post(stranger.id, `/private-events/sng/${instanceId}/register`, { inviteCode: 'not-the-code' }).expect(
        403,
        /NOT_INVITED/,
      );
      await post(stranger.id, '/private-events/sng/join', { code: 'wrong-code-1' }).expect(404, /UNKNOWN_CODE/);
      await get(stranger.id, `/private-events/sng/${instanceId}`).expect(403, /NOT_INVITED/);
      await expectWatchRefused(stranger.id, 'sitAndGoWatch', { instanceId });
      expect(await balance(stranger.id)).toBe(START_CHIPS);
      expect((await sng.view(instanceId)).registered).toBe(0);

      // Host, the invitee by name, the friend with the link: the third seat starts it.
      const { socket } = await connectSocket(app.url, app.token({ sub: alice.id }));
      const phases = new Set<string>();
      socket.on('sitAndGoUpdate', (v) => phases.add(v.phase));
      socket.emit('sitAndGoWatch', { instanceId });
      await nextEvent(socket, 'sitAndGoUpdate');
      expect((await post(host.id, `/private-events/sng/${instanceId}/register`).expect(201)).body).toEqual({
        instanceId,
        started: false,
      });
      await post(alice.id, `/private-events/sng/${instanceId}/register`).expect(201);
      await post(alice.id, `/private-events/sng/${instanceId}/register`).expect(409, /ALREADY_REGISTERED/);
      const joined = await post(bob.id, '/private-events/sng/join', { code: inviteCode, register: true }).expect(200);
      expect(joined.body).toMatchObject({ eventId: instanceId, youAreRegistered: true });
      // Full: nobody else gets in, and no next instance opens (a private game is one game).
      await post(host.id, `/private-events/sng/${instanceId}/cancel`).expect(409, /ALREADY_STARTED/);

      const view = await waitFor(`private Sit & Go ${instanceId} to finish`, async () => {
        const current = await sng.view(instanceId);
        return current.phase === 'finished' && current;
      });
      const { templateId } = await sng.instance(instanceId);
      expect(templateId).toMatch(/^private-/);
      expect(await prisma.scheduledTournament.count({ where: { templateId } })).toBe(1);
      // 3 × 100 = 300 in the pool, no fee; 3 entrants are paid 100% to the winner (published table).
      expect(view.prizePool).toBe(300);
      expect(placePrizes(300, prizeTableFor(3))).toEqual([300]);
      const entries = await prisma.tournamentEntry.findMany({ where: { tournamentId: mttTournamentId(instanceId) } });
      expect(entries.reduce((a, e) => a + Number(e.prize), 0)).toBe(300);
      for (const entry of entries) expect(await balance(entry.userId)).toBe(START_CHIPS - 100 + Number(entry.prize));
      await waitFor('the finished view', async () => phases.has('finished'));
      socket.close();
      expect(await balance(stranger.id)).toBe(START_CHIPS);
      await expectAuditClean();
    },
  );

  it(
    'a private scheduled tournament: not listed, a stranger refused on the public and the private route, ' +
      'the invitees play it to the end',
    async () => {
      const [host, p1, p2, p3, stranger] = await newPlayers(5);
      const bad = await post(
        host.id,
        '/private-events/mtt',
        mttBody({ maxEntrants: 21, startsAt: new Date(Date.now() + 7_200_000).toISOString() }),
      ).expect(400);
      expect(bad.body.violations.map((v: { field: string }) => v.field)).toEqual(['maxEntrants', 'startsAt']);

      const { tournamentId: id, inviteCode } = (await post(host.id, '/private-events/mtt', mttBody()).expect(201))
        .body as { tournamentId: number; inviteCode: string };
      const listed = await request(app.url).get('/tournaments').expect(200);
      expect(listed.body.map((x: { tournamentId: number }) => x.tournamentId)).not.toContain(id);
      await request(app.url).get(`/tournaments/${id}`).expect(404);
      await waitFor('registration to open', async () => (await mtt.get(id)).status === 'registering');

      await post(host.id, `/private-events/mtt/${id}/invitations`, { username: p1.name }).expect(201);
      // The stranger: on the public route too, NOT_INVITED and nothing changes.
      await post(stranger.id, `/tournaments/${id}/register`).expect(403, /NOT_INVITED/);
      await post(stranger.id, `/private-events/mtt/${id}/register`).expect(403, /NOT_INVITED/);
      await expectWatchRefused(stranger.id, 'tournamentWatch', { tournamentId: id });
      await expectWatchRefused(stranger.id, 'tournamentFollow', { tournamentId: id });
      // Nor does the public entrants page show a private tournament.
      await request(app.url).get(`/tournaments/${id}/entrants`).expect(404);
      expect(await balance(stranger.id)).toBe(START_CHIPS);
      expect((await mtt.view(id)).entries).toBe(0);

      await post(host.id, `/private-events/mtt/${id}/register`).expect(201);
      await post(p1.id, `/tournaments/${id}/register`).expect(201); // invited: the public route takes him too
      await post(p2.id, `/private-events/mtt/${id}/register`, { inviteCode }).expect(201);
      await post(p3.id, '/private-events/mtt/join', { code: inviteCode, register: true }).expect(200);
      const mine: PrivateEventSummary[] = (await get(p3.id, '/private-events/mtt').expect(200)).body;
      expect(mine).toEqual([
        expect.objectContaining({ eventId: id, registered: 4, youAreRegistered: true, hostName: host.name }),
      ]);
      for (const player of [host, p1, p2, p3]) expect(await balance(player.id)).toBe(START_CHIPS - 100);

      // The admin moves the start to now (as in the public suite); the host's own levels run it.
      await request(app.url)
        .patch(`/tournaments/${id}`)
        .set('Authorization', `Bearer ${app.token({ sub: ADMIN, username: 'admin', role: 'admin' })}`)
        .send({ startsAt: new Date().toISOString() })
        .expect(200);
      await waitFor('the start', async () => (await mtt.get(id)).status !== 'registering');
      await post(host.id, `/private-events/mtt/${id}/cancel`).expect(409, /ALREADY_STARTED/);
      const done = await waitFor(
        `tournament ${id} to end`,
        async () => (await mtt.get(id)).status === 'finished' && mtt.view(id),
      );
      // 4 × 100 = 400; 4 entrants: the published table pays the winner 100%.
      expect(done.prizePool).toBe(400);
      const entries = await prisma.tournamentEntry.findMany({ where: { tournamentId: mttTournamentId(id) } });
      expect(entries.reduce((a, e) => a + Number(e.prize), 0)).toBe(400);
      for (const entry of entries) expect(await balance(entry.userId)).toBe(START_CHIPS - 100 + Number(entry.prize));
      expect(await balance(stranger.id)).toBe(START_CHIPS);
      await expectAuditClean();
    },
  );

  it(
    'the host cancels before the start: every buy-in back through the ledger; only the host may; ' +
      'at most maxOpenPerHost open events',
    async () => {
      const [host, p1, p2] = await newPlayers(3);
      const { instanceId } = (await post(host.id, '/private-events/sng', { ...SNG_BODY, seats: 6 }).expect(201)).body;
      const { tournamentId } = (await post(host.id, '/private-events/mtt', mttBody()).expect(201)).body;
      // A third open event is over this host's limit (2 in this app).
      await post(host.id, '/private-events/sng', SNG_BODY).expect(409, /TOO_MANY_OPEN/);
      for (const player of [p1, p2]) {
        await post(host.id, `/private-events/sng/${instanceId}/invitations`, { username: player.name }).expect(201);
        await post(host.id, `/private-events/mtt/${tournamentId}/invitations`, { username: player.name }).expect(201);
        await post(player.id, `/private-events/sng/${instanceId}/register`).expect(201);
      }
      await waitFor('registration to open', async () => (await mtt.get(tournamentId)).status === 'registering');
      await post(p1.id, `/private-events/mtt/${tournamentId}/register`).expect(201);
      expect(await balance(p1.id)).toBe(START_CHIPS - 200);
      expect(await balance(p2.id)).toBe(START_CHIPS - 100);

      await post(p1.id, `/private-events/sng/${instanceId}/cancel`).expect(403, /NOT_HOST/);
      await post(p1.id, `/private-events/mtt/${tournamentId}/cancel`).expect(403, /NOT_HOST/);
      expect((await post(host.id, `/private-events/sng/${instanceId}/cancel`).expect(200)).body).toEqual({
        refunded: 2,
      });
      expect((await post(host.id, `/private-events/mtt/${tournamentId}/cancel`).expect(200)).body).toEqual({
        status: 'cancelled',
      });
      for (const player of [p1, p2]) expect(await balance(player.id)).toBe(START_CHIPS);
      expect((await sng.instance(instanceId)).status).toBe('cancelled');
      await post(p1.id, `/private-events/sng/${instanceId}/register`).expect(409, /CANCELLED/);
      await post(host.id, `/private-events/sng/${instanceId}/cancel`).expect(409, /ALREADY_STARTED/);
      expect(await balance(p1.id)).toBe(START_CHIPS);
      // Both ended: the host may open new ones.
      await post(host.id, '/private-events/sng', SNG_BODY).expect(201);
      await expectAuditClean();
    },
  );

  it('the table of a running private Sit & Go is as private as the event: a stranger may not watch it, an invitee and an admin may', async () => {
    // People, not bots: every decision waits for its clock, so the table stays open long enough.
    const people: { id: string; name: string }[] = [];
    for (const name of ['pvh-host', 'pvh-alice', 'pvh-stranger']) {
      const user = await prisma.user.create({ data: { username: name, isBot: false } });
      await ledger.openUserAccount(user.id);
      await ledger.grant({ idempotencyKey: `welcome:${user.id}`, userId: user.id, amount: START_CHIPS });
      people.push({ id: user.id, name });
    }
    const [host, alice, stranger] = people;
    await prisma.user.create({ data: { id: ADMIN, username: 'pv-admin', role: 'admin' } }).catch(() => undefined);
    const created = await post(host.id, '/private-events/sng', {
      ...SNG_BODY,
      seats: 2,
      decisionMs: 5_000,
      levelDurationMs: 60_000,
    }).expect(201);
    const { instanceId } = created.body as { instanceId: number };
    await post(host.id, `/private-events/sng/${instanceId}/invitations`, { username: alice.name }).expect(201);
    await post(host.id, `/private-events/sng/${instanceId}/register`).expect(201);
    await post(alice.id, `/private-events/sng/${instanceId}/register`).expect(201);
    const tableId = mttTableId(instanceId, 1);

    /** A `table:watch` as `userId`: 'snapshot', or the error it was answered with. */
    async function watch(userId: string, role: 'player' | 'admin' = 'player'): Promise<unknown> {
      const { socket } = await connectSocket(app.url, app.token({ sub: userId, role }));
      try {
        const answer = Promise.race([
          nextEvent(socket, 'table:snapshot').then(() => 'snapshot'),
          nextEvent(socket, 'error'),
        ]);
        socket.emit('table:watch', { tableId });
        return await answer;
      } finally {
        socket.close();
      }
    }
    // The invitee watches as soon as the runner hosts the table.
    await waitFor('the private table to open', async () => (await watch(alice.id)) === 'snapshot', 20_000);
    expect(await watch(stranger.id)).toMatchObject({
      code: 'FORBIDDEN',
      message: expect.stringMatching(/^NOT_INVITED/),
    });
    expect(await watch(ADMIN, 'admin')).toBe('snapshot');
    expect(await watch(host.id)).toBe('snapshot');
  });
});
