// Fair play and responsible play enforced by the server (issue 26), end to end: the all-in-one app,
// PostgreSQL, Redis, socket.io clients.
//   - the same device (fingerprint) or network (address) at one table: a public table refuses the
//     second seat, a private table seats him and warns its host; both land as flags;
//   - a voluntary cool-off refuses every sit (socket) and registration (HTTP) until it ends;
//   - the admin's restriction (public games), suspension, warning and claw-back (a reversing ledger
//     transaction the audit checks), player reports;
//   - no API moves chips between players;
//   - the reality check every N minutes of play.
import request from 'supertest';
import { io } from 'socket.io-client';
import { auditLedger, ChipLedger, PrismaService } from '@naiko/persistence';
import { FlagStore, TablesService, type TableHost } from '@naiko/platform';
import type { SocketError } from '@naiko/contracts';
import { nextEvent, startTestApp, type TestApp, type TestSocket } from './support';

interface Player {
  id: string;
  username: string;
  token: string;
  socket: TestSocket;
}

describe('fair play enforced by the server', () => {
  let app: TestApp;
  let prisma: PrismaService;
  let ledger: ChipLedger;
  let tables: TablesService;
  let admin: { id: string; token: string };
  const sockets: TestSocket[] = [];
  let tableCount = 0;

  beforeAll(async () => {
    app = await startTestApp({
      env: {
        TABLE_HAND_PAUSE_MS: '50',
        TABLE_BOT_DELAY_MS: '0',
        FAIR_PLAY_SCAN_EVERY_MS: '0',
        // Clients tell their address through X-Forwarded-For here, as behind a proxy.
        FAIR_PLAY_TRUST_PROXY: 'true',
        REALITY_CHECK_EVERY_MS: '1500',
        REALITY_CHECK_TICK_MS: '100',
      },
    });
    prisma = app.get(PrismaService);
    ledger = new ChipLedger(prisma);
    tables = app.get(TablesService);
    const adminUser = await prisma.user.create({ data: { username: 'fp-admin', role: 'admin' } });
    admin = { id: adminUser.id, token: app.token({ sub: adminUser.id, username: 'fp-admin', role: 'admin' }) };
  });

  afterAll(async () => {
    for (const socket of sockets) socket.close();
    for (const table of tables?.all() ?? []) table.stop();
    await app?.close();
  });

  /** A player connected from `ip` with the client fingerprint `fp` (the web client keeps one in localStorage). */
  async function player(username: string, ip: string, fp: string, chips = 50_000): Promise<Player> {
    const user = await prisma.user.create({ data: { username } });
    await ledger.openUserAccount(user.id);
    if (chips > 0) await ledger.grant({ idempotencyKey: `welcome:${user.id}`, userId: user.id, amount: chips });
    const token = app.token({ sub: user.id, username });
    const socket: TestSocket = io(app.url, {
      transports: ['websocket'],
      auth: { token, fingerprint: fp },
      extraHeaders: { 'x-forwarded-for': ip },
      reconnection: false,
      forceNew: true,
    });
    sockets.push(socket);
    await nextEvent(socket, 'welcome');
    return { id: user.id, username, token, socket };
  }

  /** Emits and resolves with the `error` the server answers, or null when a snapshot (accepted) comes first. */
  function sit(player: Player, tableId: string, buyIn = 1000): Promise<SocketError | null> {
    return new Promise((resolve) => {
      const done = (refusal: SocketError | null) => {
        player.socket.off('error', onError);
        player.socket.off('table:snapshot', onSnap);
        resolve(refusal);
      };
      const onError = (e: SocketError) => done(e);
      const onSnap = (s: { yourSeat: number | null }) => s.yourSeat !== null && done(null);
      player.socket.on('error', onError);
      player.socket.on('table:snapshot', onSnap);
      player.socket.emit('table:sit', { tableId, buyIn });
    });
  }

  const holdem = (seats = 6) => ({
    game: 'holdem' as const,
    structure: 'no-limit' as const,
    stakes: { smallBlind: 5, bigBlind: 10 },
    buyIn: { min: 200, max: 5000 },
    seats,
    clock: { decisionMs: 30_000, timeBankMs: 0, reconnectWindowMs: 60_000 },
  });
  const publicTable = (): Promise<TableHost> =>
    tables.create({ name: `Public ${++tableCount}`, config: { ...holdem(), private: null } });
  const privateTable = (hostId: string, invited: string[]): Promise<TableHost> =>
    tables.create({
      name: `Home ${++tableCount}`,
      hostId,
      config: { ...holdem(), private: { hostId, invited, inviteCode: null } } as never,
    });
  const auth = (token: string) => ({ Authorization: `Bearer ${token}` });

  it('same device or network: a public table refuses the second seat, a private table warns its host; both are flags', async () => {
    const table = await publicTable();
    const alice = await player('alice', '10.0.0.1', 'fp-alice-0001');
    const bob = await player('bob', '10.0.0.2', 'fp-alice-0001'); // alice's device
    const carol = await player('carol', '10.0.0.1', 'fp-carol-0003'); // alice's network
    const dave = await player('dave', '10.0.0.4', 'fp-dave-00004'); // the control: his own
    expect(await sit(alice, table.tableId)).toBeNull();
    expect(await sit(bob, table.tableId)).toMatchObject({
      code: 'FORBIDDEN',
      event: 'table:sit',
      message: expect.stringMatching(/^SAME_CONNECTION: /),
    });
    expect(await sit(carol, table.tableId)).toMatchObject({
      code: 'FORBIDDEN',
      message: expect.stringMatching(/^SAME_CONNECTION: /),
    });
    expect(await sit(dave, table.tableId)).toBeNull();
    // Refused means not seated and no chips moved to the table.
    expect(
      table.table.seats
        .filter((s) => s !== null)
        .map((s) => s!.playerId)
        .sort(),
    ).toEqual([alice.id, dave.id].sort());
    expect(await ledger.userBalance(bob.id)).toBe(50_000);

    const host = await player('host', '10.0.0.9', 'fp-host-00009');
    const erin = await player('erin', '10.0.0.9', 'fp-erin-00005'); // the host's flatmate
    const home = await privateTable(host.id, [erin.id]);
    expect(await sit(host, home.tableId)).toBeNull();
    const warned = nextEvent(host.socket, 'fairplay:same-connection', 5000);
    expect(await sit(erin, home.tableId)).toBeNull();
    expect(await warned).toMatchObject({
      tableId: home.tableId,
      userId: erin.id,
      username: 'erin',
      matches: [{ userId: host.id, on: ['ip'] }],
    });

    const flags = await prisma.fairPlayFlag.findMany({ where: { signal: 'same-connection' } });
    const summary = flags.map((f) => [f.pattern, [...f.userIds].sort()]);
    expect(summary).toEqual(
      expect.arrayContaining([
        ['refuse', [alice.id, bob.id].sort()],
        ['refuse', [alice.id, carol.id].sort()],
        ['warn-host', [erin.id, host.id].sort()],
      ]),
    );
    expect(flags.filter((f) => f.userIds.includes(dave.id))).toEqual([]);
    table.stop();
    home.stop();
  });

  it('a cool-off (24 h / 7 days / 30 days) refuses sitting and registering, on sockets and over HTTP, and is never shortened', async () => {
    const frank = await player('frank', '10.0.1.1', 'fp-frank-0001');
    const table = await publicTable();
    await request(app.url).post('/me/cool-off').set(auth(frank.token)).send({ period: '1h' }).expect(400);
    const started = Date.now();
    const res = await request(app.url).post('/me/cool-off').set(auth(frank.token)).send({ period: '7d' }).expect(200);
    const until = new Date(res.body.coolOffUntil).getTime();
    expect(Math.abs(until - (started + 7 * 86_400_000))).toBeLessThan(60_000);
    // A shorter one while it runs changes nothing.
    const again = await request(app.url)
      .post('/me/cool-off')
      .set(auth(frank.token))
      .send({ period: '24h' })
      .expect(200);
    expect(new Date(again.body.coolOffUntil).getTime()).toBe(until);

    expect(await sit(frank, table.tableId)).toMatchObject({
      code: 'FORBIDDEN',
      event: 'table:sit',
      message: expect.stringMatching(/^COOL_OFF: /),
    });
    const sng = await request(app.url).post('/sit-and-go/any-template/register').set(auth(frank.token)).expect(403);
    expect(sng.body).toMatchObject({ code: 'COOL_OFF' });
    const mtt = await request(app.url).post('/tournaments/1/register').set(auth(frank.token)).expect(403);
    expect(mtt.body).toMatchObject({ code: 'COOL_OFF' });
    // A real Sit & Go template too (the guard runs before the registration).
    const lobby = await request(app.url).get('/sit-and-go').expect(200);
    const templateId = lobby.body[0].template.templateId as string;
    await request(app.url).post(`/sit-and-go/${templateId}/register`).set(auth(frank.token)).expect(403);
    expect(await ledger.userBalance(frank.id)).toBe(50_000);

    const me = await request(app.url).get('/me/fair-play').set(auth(frank.token)).expect(200);
    expect(me.body).toMatchObject({
      coolOffUntil: new Date(until).toISOString(),
      purchases: 'none',
      suspendedUntil: null,
      restrictedFromPublicUntil: null,
    });
    // Another player is not affected.
    const gina = await player('gina', '10.0.1.2', 'fp-gina-00002');
    expect(await sit(gina, table.tableId)).toBeNull();
    table.stop();
  });

  it('restriction from public games, suspension and warnings by the admin, enforced by the server; lifting restores play', async () => {
    const hal = await player('hal', '10.0.2.1', 'fp-hal-000001');
    const ivy = await player('ivy', '10.0.2.2', 'fp-ivy-000002');
    const jon = await player('jon', '10.0.2.3', 'fp-jon-000003');
    const response = await request(app.url)
      .post('/admin/fair-play/sanctions')
      .set(auth(admin.token))
      .send({ userId: hal.id, kind: 'restrict-public', reason: 'chip dumping under review', days: 30 })
      .expect(201);
    await request(app.url)
      .post('/admin/fair-play/sanctions')
      .set(auth(hal.token))
      .send({ userId: ivy.id, kind: 'suspend', reason: 'x' })
      .expect(403);
    await request(app.url)
      .post('/admin/fair-play/sanctions')
      .set(auth(admin.token))
      .send({ userId: ivy.id, kind: 'suspend', reason: 'bot use' })
      .expect(201);

    const pub = await publicTable();
    expect(await sit(hal, pub.tableId)).toMatchObject({
      code: 'FORBIDDEN',
      message: expect.stringMatching(/^RESTRICTED: /),
    });
    expect((await request(app.url).post('/tournaments/1/register').set(auth(hal.token)).expect(403)).body.code).toBe(
      'RESTRICTED',
    );
    // Private tables stay open to a restricted player.
    const home = await privateTable(jon.id, [hal.id, ivy.id]);
    expect(await sit(hal, home.tableId)).toBeNull();
    // A suspended player sits nowhere and registers for nothing.
    expect(await sit(ivy, home.tableId)).toMatchObject({
      code: 'FORBIDDEN',
      message: expect.stringMatching(/^SUSPENDED: /),
    });
    expect(await sit(ivy, pub.tableId)).toMatchObject({
      code: 'FORBIDDEN',
      message: expect.stringMatching(/^SUSPENDED: /),
    });
    expect((await request(app.url).post('/sit-and-go/x/register').set(auth(ivy.token)).expect(403)).body.code).toBe(
      'SUSPENDED',
    );

    // Lifted: public play again.
    await request(app.url)
      .post(`/admin/fair-play/sanctions/${response.body.id}/lift`)
      .set(auth(admin.token))
      .expect(200);
    const pub2 = await publicTable();
    expect(await sit(hal, pub2.tableId)).toBeNull();

    // A warning reaches the player's sockets and his account page.
    const warning = nextEvent(jon.socket, 'fairplay:warning', 5000);
    await request(app.url)
      .post('/admin/fair-play/sanctions')
      .set(auth(admin.token))
      .send({ userId: jon.id, kind: 'warn', reason: 'please stop slow-rolling' })
      .expect(201);
    expect(await warning).toMatchObject({ reason: 'please stop slow-rolling' });
    expect((await request(app.url).get('/me/fair-play').set(auth(jon.token)).expect(200)).body.warnings).toEqual([
      expect.objectContaining({ reason: 'please stop slow-rolling' }),
    ]);
    for (const table of [pub, home, pub2]) table.stop();
  });

  it('claw-back: a reversing ledger transaction back to the donors of the flag (or to the house), audited like every other', async () => {
    const rec = await player('rec', '10.0.3.1', 'fp-rec-000001', 10_000);
    const d1 = await player('d1', '10.0.3.2', 'fp-d1-0000002', 0);
    const d2 = await player('d2', '10.0.3.3', 'fp-d2-0000003', 0);
    const flagId = await app.get(FlagStore).record({
      signal: 'chip-dump',
      pattern: 'concentrated-flow',
      userIds: [rec.id, d1.id, d2.id],
      keyUsers: [rec.id],
      evidence: {
        signal: 'chip-dump',
        pattern: 'concentrated-flow',
        recipient: rec.id,
        totalFromDonors: 4000,
        donors: [
          { donor: d1.id, netToRecipient: 3000 },
          { donor: d2.id, netToRecipient: 1000 },
        ],
      },
      handIds: [],
    });
    // More than the balance: refused, nothing moves.
    await request(app.url)
      .post('/admin/fair-play/sanctions')
      .set(auth(admin.token))
      .send({ userId: rec.id, kind: 'clawback', reason: 'dumped chips', flagId, amount: 20_000 })
      .expect(409);
    expect(await ledger.userBalance(rec.id)).toBe(10_000);
    const res = await request(app.url)
      .post('/admin/fair-play/sanctions')
      .set(auth(admin.token))
      .send({ userId: rec.id, kind: 'clawback', reason: 'dumped chips', flagId, amount: 4001 })
      .expect(201);
    expect(res.body).toMatchObject({
      kind: 'clawback',
      amount: 4001,
      ledgerKey: expect.stringMatching(/^fair-play:clawback:/),
    });
    // 4001 by 3000 : 1000 → 3000 (+1 remainder to the largest donor) and 1000.
    expect(await ledger.userBalance(rec.id)).toBe(10_000 - 4001);
    expect(await ledger.userBalance(d1.id)).toBe(3001);
    expect(await ledger.userBalance(d2.id)).toBe(1000);
    const tx = await prisma.ledgerTransaction.findUniqueOrThrow({ where: { idempotencyKey: res.body.ledgerKey } });
    expect(tx.reason).toBe('clawback');
    expect((await prisma.fairPlayFlag.findUniqueOrThrow({ where: { id: flagId } })).status).toBe('actioned');
    // Without a flag naming donors: to the house.
    await request(app.url)
      .post('/admin/fair-play/sanctions')
      .set(auth(admin.token))
      .send({ userId: rec.id, kind: 'clawback', reason: 'bot winnings', amount: 999 })
      .expect(201);
    expect((await ledger.account('house:chips'))?.balance).toBe(999);
    const audit = await auditLedger(prisma);
    expect(audit).toMatchObject({
      ok: true,
      difference: 0,
      unbalancedTransactions: [],
      balanceMismatches: [],
      negativeBalances: [],
    });
    await request(app.url)
      .post('/admin/fair-play/sanctions')
      .set(auth(admin.token))
      .send({ userId: rec.id, kind: 'clawback', reason: 'no amount' })
      .expect(400);
  });

  it('player reports land in the admin review', async () => {
    const kim = await player('kim', '10.0.4.1', 'fp-kim-000001');
    const lou = await player('lou', '10.0.4.2', 'fp-lou-000002');
    await request(app.url)
      .post('/fair-play/reports')
      .set(auth(kim.token))
      .send({ reportedId: lou.id, reason: 'collusion', text: 'never bets into his friend' })
      .expect(201);
    await request(app.url)
      .post('/fair-play/reports')
      .set(auth(kim.token))
      .send({ reportedId: kim.id, reason: 'other' })
      .expect(400);
    await request(app.url)
      .post('/fair-play/reports')
      .set(auth(kim.token))
      .send({ reportedId: lou.id, reason: 'because' })
      .expect(400);
    await request(app.url).post('/fair-play/reports').send({ reportedId: lou.id, reason: 'bot' }).expect(401);
    // At most 20 a day per reporter.
    for (let i = 1; i < 20; i++)
      await request(app.url)
        .post('/fair-play/reports')
        .set(auth(lou.token))
        .send({ reportedId: kim.id, reason: 'abuse' })
        .expect(201);
    await request(app.url)
      .post('/fair-play/reports')
      .set(auth(lou.token))
      .send({ reportedId: kim.id, reason: 'abuse' })
      .expect(201);
    expect(
      (
        await request(app.url)
          .post('/fair-play/reports')
          .set(auth(lou.token))
          .send({ reportedId: kim.id, reason: 'abuse' })
          .expect(429)
      ).body.code,
    ).toBe('TOO_MANY_REPORTS');
    const review = await request(app.url).get('/admin/fair-play/review').set(auth(admin.token)).expect(200);
    expect(review.body.reports.filter((r: { reporterId: string }) => r.reporterId === kim.id)).toEqual([
      expect.objectContaining({
        reporterId: kim.id,
        reportedId: lou.id,
        reason: 'collusion',
        text: 'never bets into his friend',
        status: 'open',
      }),
    ]);
    expect(review.body.reports.filter((r: { reporterId: string }) => r.reporterId === lou.id)).toHaveLength(20);
    expect(review.body.users).toEqual(
      expect.arrayContaining([expect.objectContaining({ id: lou.id, username: 'lou' })]),
    );
  });

  it('no API moves chips from one player to another', async () => {
    const mia = await player('mia', '10.0.5.1', 'fp-mia-000001');
    const ned = await player('ned', '10.0.5.2', 'fp-ned-000002', 0);
    // No route whose name says transfer, gift or send among everything the app serves.
    const router = app.naiko.app.getHttpAdapter().getInstance() as {
      router?: { stack: { route?: { path: string; methods: Record<string, boolean> } }[] };
      _router?: { stack: { route?: { path: string; methods: Record<string, boolean> } }[] };
    };
    const stack = (router.router ?? router._router)!.stack;
    const routes = stack
      .filter((l) => l.route)
      .map((l) => `${Object.keys(l.route!.methods).join(',')} ${l.route!.path}`);
    expect(routes.length).toBeGreaterThan(20);
    expect(routes.filter((r) => /transfer|gift|send|give|donat/i.test(r))).toEqual([]);
    for (const path of [
      '/chips/transfer',
      '/accounts/me/transfer',
      '/chips/gift',
      '/me/chips/send',
      '/accounts/transfer',
    ]) {
      const res = await request(app.url)
        .post(path)
        .set(auth(mia.token))
        .send({ to: ned.id, toUserId: ned.id, amount: 100 });
      expect(res.status).toBe(404);
    }
    // The admin's grant issues new chips; it never takes them from a player.
    await request(app.url)
      .post('/admin/chips/grant')
      .set(auth(mia.token))
      .send({ userId: ned.id, amount: 100 })
      .expect(403);
    // Over the socket: no such event.
    const err = nextEvent(mia.socket, 'error', 5000);
    (mia.socket.emit as (e: string, p: unknown) => void)('chips:transfer', { to: ned.id, amount: 100 });
    expect(await err).toMatchObject({ code: 'UNKNOWN_EVENT' });
    expect(await ledger.userBalance(mia.id)).toBe(50_000);
    expect(await ledger.userBalance(ned.id)).toBe(0);
    // In the whole ledger, chips went from one player's account to another's only by an admin's claw-back.
    const direct = await prisma.$queryRaw<{ reason: string }[]>`
      SELECT DISTINCT t.reason::text AS reason FROM ledger_transactions t
      WHERE EXISTS (SELECT 1 FROM ledger_entries e JOIN chip_accounts a ON a.id = e.account_id WHERE e.transaction_id = t.id AND a.kind = 'user' AND e.amount < 0)
        AND EXISTS (SELECT 1 FROM ledger_entries e JOIN chip_accounts a ON a.id = e.account_id WHERE e.transaction_id = t.id AND a.kind = 'user' AND e.amount > 0)`;
    expect(direct.map((r) => r.reason).filter((r) => r !== 'clawback')).toEqual([]);
  });

  it("reality check: every N minutes of play a socket message with the time played and the net chips; the interval is the player's to choose", async () => {
    const ola = await player('ola', '10.0.6.1', 'fp-ola-000001');
    const pia = await player('pia', '10.0.6.2', 'fp-pia-000002');
    await request(app.url).put('/me/reality-check').set(auth(ola.token)).send({ minutes: 1 }).expect(400);
    await request(app.url).put('/me/reality-check').set(auth(ola.token)).send({ minutes: 30 }).expect(200);
    expect((await request(app.url).get('/me/fair-play').set(auth(ola.token)).expect(200)).body).toMatchObject({
      realityCheckMinutes: 30,
      realityCheckIsDefault: false,
    });
    const table = await publicTable();
    // pia keeps the server's default (REALITY_CHECK_EVERY_MS = 1.5 s here).
    const check = nextEvent(pia.socket, 'fairplay:reality-check', 10_000);
    expect(await sit(pia, table.tableId, 1000)).toBeNull();
    expect(await sit(ola, table.tableId, 1000)).toBeNull();
    const realityCheck = await check;
    expect(realityCheck).toMatchObject({ minutesPlayed: 0, everyMinutes: 1 });
    expect(Number.isInteger(realityCheck.netChips)).toBe(true);
    // ola chose 30 minutes: nothing within the test's seconds.
    await expect(nextEvent(ola.socket, 'fairplay:reality-check', 2500)).rejects.toThrow();
    // The next check for pia comes one interval later.
    const second = await nextEvent(pia.socket, 'fairplay:reality-check', 10_000);
    expect(second.sessionStartedAt).toBe(realityCheck.sessionStartedAt);
    table.stop();
  });
});
