// Fair play in the browser (issue 26), Chromium through playwright-core: a player at a table gets
// the reality check and reports another player with the table's Report button; the admin reviews the
// flag and the report on the fair-play page, opens the evidence hand in the replayer, claws chips
// back (an audited ledger transaction), restricts the account and lifts it; the player takes a
// cool-off from the responsible-play page.
import { Module } from '@nestjs/common';
import { io } from 'socket.io-client';
import { QUEUES } from '@naiko/contracts';
import { auditLedger, ChipLedger, PrismaService } from '@naiko/persistence';
import {
  FairPlayModule,
  FlagStore,
  LobbyModule,
  PlatformModule,
  SitAndGoFeatureModule,
  TablesService,
  TournamentsFeatureModule,
  WebModule,
} from '@naiko/platform';
import { AccountsModule } from '@naiko/platform/accounts';
import { nextEvent, type TestSocket } from '../support';
import { script, type ScriptedPlayer } from '../fair-play-bots';
import { shot, signIn, signUp, startWebTest, type WebTest } from './browser';

/** The web test's modules plus fair play (and its queue). */
@Module({
  imports: [
    PlatformModule.forRoot({
      app: 'all-in-one',
      consumeQueues: [QUEUES.system, QUEUES.sitAndGo, QUEUES.tournament, QUEUES.fairPlay],
    }),
    AccountsModule.forRoot({ bcryptCost: 4 }),
    SitAndGoFeatureModule.forRoot(),
    TournamentsFeatureModule.forRoot(),
    LobbyModule,
    WebModule,
    FairPlayModule,
  ],
})
class FairPlayWebModule {}

describe('fair play in the browser', () => {
  let web: WebTest;
  let socket: TestSocket | undefined;
  let rex: ScriptedPlayer | undefined;

  beforeAll(async () => {
    web = await startWebTest({
      module: FairPlayWebModule,
      env: {
        FAIR_PLAY_SCAN_EVERY_MS: '0',
        REALITY_CHECK_EVERY_MS: '2000',
        REALITY_CHECK_TICK_MS: '200',
        TABLE_HAND_PAUSE_MS: '300',
      },
    });
  }, 120_000);
  afterAll(async () => {
    rex?.stop();
    socket?.close();
    for (const table of web?.app.get(TablesService).all() ?? []) table.stop();
    await web?.close();
  });

  it('reality check and report at the table; the admin reviews, replays the evidence, claws back, restricts and lifts; a cool-off', async () => {
    const prisma = web.app.get(PrismaService);
    const ledger = new ChipLedger(prisma);
    const tables = web.app.get(TablesService);
    const host = await tables.create({
      name: 'Fair table',
      config: {
        game: 'holdem',
        structure: 'no-limit',
        stakes: { smallBlind: 5, bigBlind: 10 },
        buyIn: { min: 200, max: 5000 },
        seats: 4,
        clock: { decisionMs: 1500, timeBankMs: 0, reconnectWindowMs: 60_000 },
        private: null,
      },
    });
    // rex: a scripted player on his own socket; ted: an account that lost to him.
    const mk = async (username: string, chips: number) => {
      const user = await prisma.user.create({ data: { username } });
      await ledger.openUserAccount(user.id);
      if (chips) await ledger.grant({ idempotencyKey: `welcome:${user.id}`, userId: user.id, amount: chips });
      return user.id;
    };
    const rexId = await mk('rex', 20_000);
    const tedId = await mk('ted', 0);
    socket = io(web.app.url, {
      transports: ['websocket'],
      auth: { token: web.app.token({ sub: rexId, username: 'rex' }), fingerprint: 'rex-device-0001' },
      reconnection: false,
      forceNew: true,
    });
    await nextEvent(socket, 'welcome');
    rex = script({
      tableId: host.tableId,
      userId: rexId,
      socket,
      policy: 'honest',
      seed: 'rex',
      delay: { min: 50, max: 150 },
    });
    const snap = nextEvent(socket, 'table:snapshot');
    socket.emit('table:sit', { tableId: host.tableId, buyIn: 2000 });
    await snap;

    // sue sits down in the browser (her own device: the client's fingerprint).
    const sueCtx = await web.browser.newContext({ viewport: { width: 1200, height: 950 } });
    const sue = await sueCtx.newPage();
    await signUp(sue, web.app.url, 'sue');
    await sue.goto(`${web.app.url}/#/table/${host.tableId}`);
    await sue.getByTestId('table-page').waitFor();
    await sue.locator('[data-testid^="sit-"]').first().click();
    await sue.locator('[data-testid="table-page"][data-mode="player"]').waitFor();
    expect(
      await sue.evaluate(() =>
        (globalThis as unknown as { localStorage: { getItem(k: string): string | null } }).localStorage.getItem(
          'naiko.fingerprint',
        ),
      ),
    ).toMatch(/^[0-9a-f]{32}$/);

    // The reality check shows over the table: time played and net chips.
    const check = sue.getByTestId('reality-check');
    await check.waitFor({ timeout: 20_000 });
    expect(await sue.getByTestId('reality-time').textContent()).toMatch(/^\d+ min$/);
    expect(await sue.getByTestId('reality-net').textContent()).toMatch(/^(up|down) [\d,]+$/);
    await shot(sue, 'fair-play-reality-check');
    await sue.getByTestId('reality-check-ok').click();

    // The Report button: rex, "a bot".
    await sue.getByTestId('report-open').click();
    await sue.getByTestId('report-player').selectOption({ label: 'rex' });
    await sue.getByTestId('report-reason').selectOption('bot');
    await sue.getByTestId('report-text').fill('acts at the same speed every time');
    await sue.getByTestId('report-send').click();
    await sue.getByTestId('report-status').getByText('Thank you').waitFor();

    // A finding with a real evidence hand (the scan's rows look the same: signals e2e).
    const deadline = Date.now() + 30_000;
    let handId: string | undefined;
    while (!handId && Date.now() < deadline) {
      handId = (
        await prisma.hand.findFirst({ where: { tableId: host.tableId, status: 'completed' }, select: { id: true } })
      )?.id;
      if (!handId) await new Promise((r) => setTimeout(r, 200));
    }
    expect(handId).toBeDefined();
    await web.app.get(FlagStore).record({
      signal: 'chip-dump',
      pattern: 'strong-folds',
      userIds: [rexId, tedId],
      keyUsers: [rexId, tedId],
      evidence: {
        signal: 'chip-dump',
        pattern: 'strong-folds',
        recipient: rexId,
        donor: tedId,
        hands: [{ handId, holeCards: [], board: [], category: 2, committed: 40, recipientWon: 60 }],
      },
      handIds: [handId!],
    });

    // The admin: Admin → Fair play review.
    const adminCtx = await web.browser.newContext({ viewport: { width: 1280, height: 1000 } });
    const admin = await adminCtx.newPage();
    await signUp(admin, web.app.url, 'fpadmin');
    await prisma.user.update({ where: { username: 'fpadmin' }, data: { role: 'admin' } });
    await admin.getByTestId('sign-out').click();
    await signIn(admin, web.app.url, 'fpadmin');
    await admin.getByTestId('nav-admin').click();
    await admin.getByTestId('nav-fair-play').click();
    const flag = admin.locator('[data-testid="fp-flag"][data-signal="chip-dump"]');
    await flag.waitFor();
    expect(await flag.textContent()).toContain('ted folded 1 strong hands to rex');
    const report = admin.getByTestId('fp-report').filter({ hasText: 'acts at the same speed every time' });
    expect(await report.textContent()).toContain('rex');
    await shot(admin, 'fair-play-admin-review');

    // The evidence hand opens in the replayer, every card shown.
    await flag.getByTestId('fp-hand').first().click();
    await admin.getByTestId('replay').waitFor();
    expect(admin.url()).toContain(`#/admin/hand/${handId}`);
    await admin.getByTestId('replay-next').click();
    expect(await admin.getByTestId('replay-step').textContent()).toContain('step 1 of');
    await admin.goBack();
    await flag.waitFor();

    // Claw back 300 chips from rex: they go back to ted, the donor of the flag.
    const rexBefore = await ledger.userBalance(rexId);
    await flag.getByTestId('fp-pick').filter({ hasText: 'rex' }).click();
    await admin.getByTestId('fp-kind').selectOption('clawback');
    await admin.getByTestId('fp-reason').fill('chips dumped by ted');
    await admin.getByTestId('fp-amount').fill('300');
    await admin.getByTestId('fp-apply').click();
    await admin.getByTestId('fp-message').getByText('Done').waitFor();
    // Actioned flags leave the open list; the action is listed.
    await admin.locator('[data-testid="fp-sanction"][data-kind="clawback"]').getByText('claw-back of 300').waitFor();
    expect(await ledger.userBalance(tedId)).toBe(300);
    expect(await ledger.userBalance(rexId)).toBe(rexBefore - 300);
    expect((await auditLedger(prisma)).ok).toBe(true);

    // Restrict rex from public games (from the report), then lift it.
    await report.getByTestId('fp-pick-report').click();
    await admin.getByTestId('fp-kind').selectOption('restrict-public');
    await admin.getByTestId('fp-reason').fill('reported as a bot');
    await admin.getByTestId('fp-apply').click();
    const restriction = admin.locator('[data-testid="fp-sanction"][data-kind="restrict-public"]');
    await restriction.getByText('until lifted').waitFor();
    expect(
      await prisma.fairPlaySanction.count({ where: { userId: rexId, kind: 'restrict-public', liftedAt: null } }),
    ).toBe(1);
    await restriction.getByTestId('fp-lift').click();
    await restriction.getByText('lifted').waitFor();
    await shot(admin, 'fair-play-admin-actions');

    // sue takes a 24-hour cool-off from the responsible-play page.
    sue.on('dialog', (d) => void d.accept());
    await sue.getByTestId('nav-responsible-play').click();
    await sue.getByTestId('no-purchases').waitFor();
    await sue.getByTestId('cool-off-24h').click();
    await sue.getByTestId('cool-off-until').waitFor();
    const row = await prisma.responsiblePlay.findFirstOrThrow({
      where: { user: undefined, coolOffUntil: { not: null } },
    });
    expect(row.coolOffUntil!.getTime()).toBeGreaterThan(Date.now() + 23 * 3_600_000);
    // The terms say chips move only through play.
    await sue.goto(`${web.app.url}/#/terms`);
    expect(await sue.getByTestId('no-transfers').textContent()).toContain('Chips change hands only through play.');
    await adminCtx.close();
    await sueCtx.close();
  }, 180_000);
});
