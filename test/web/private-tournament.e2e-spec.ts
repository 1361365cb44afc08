// Private tournaments (issue 23.4) in Chromium: a host creates a private Sit & Go from the web
// client's "Host a tournament" form (the admin's limits shown next to the fields; a value outside
// them is refused in words), registers himself, and sends the invite link; a friend (another
// browser session) opens it, registers with one click and finds the event in his lobby's private
// tournaments; a stranger's lobby does not show it. The host cancels before the start and both
// buy-ins come back.
import { Module } from '@nestjs/common';
import { QUEUES } from '@naiko/contracts';
import { ChipLedger, PrismaService } from '@naiko/persistence';
import {
  LobbyModule,
  PlatformModule,
  SitAndGoFeatureModule,
  TournamentsFeatureModule,
  WebModule,
} from '@naiko/platform';
import { AccountsModule } from '@naiko/platform/accounts';
import { signUp, shot, startWebTest, type WebTest } from './browser';

@Module({
  imports: [
    PlatformModule.forRoot({ app: 'all-in-one', consumeQueues: [QUEUES.system, QUEUES.sitAndGo, QUEUES.tournament] }),
    AccountsModule.forRoot({ bcryptCost: 4 }),
    SitAndGoFeatureModule.forRoot(),
    TournamentsFeatureModule.forRoot({ runner: { handPauseMs: 0, pollMs: 20, botDelayMs: 0 } }),
    LobbyModule,
    WebModule,
  ],
})
class WebPrivateTournamentModule {}

describe('web client: private tournaments (Chromium)', () => {
  let web: WebTest;
  beforeAll(async () => {
    web = await startWebTest({ module: WebPrivateTournamentModule, name: 'all-in-one' });
  }, 120_000);
  afterAll(() => web?.close());

  it(
    'a host creates a private Sit & Go from the web client; the invite link lets a friend register; ' +
      'the host cancels with refunds',
    async () => {
      const hostCtx = await web.browser.newContext({ viewport: { width: 1200, height: 900 } });
      const host = await hostCtx.newPage();
      await signUp(host, web.app.url, 'webhost');
      await host.getByTestId('host-tournament').click();
      await host.getByTestId('pe-form').waitFor();
      // The admin's limits are next to the fields (the house defaults: buy-in 0–100,000).
      await host.getByText('(0–100,000)').first().waitFor();
      await host.getByTestId('pe-name').fill('Friends night');
      await host.getByTestId('pe-seats').fill('3');
      await host.getByTestId('pe-buyin').fill('250000');
      await host.getByTestId('pe-create').click();
      expect(await host.getByTestId('pe-error').textContent()).toContain(
        'buyIn must be between 0 and 100,000 (got 250,000)',
      );
      await host.getByTestId('pe-buyin').fill('100');
      await host.getByTestId('pe-create').click();
      await host.getByTestId('pe-notice').waitFor();
      const hosted = host.getByTestId('hosted-event');
      await hosted.waitFor();
      const instanceId = Number(await hosted.getAttribute('data-event-id'));
      await host.getByTestId('pe-host-register').click();
      await host.getByTestId('pe-status').filter({ hasText: '1 of 3' }).waitFor();
      const link = await host.getByTestId('pe-invite-link').inputValue();
      expect(link).toMatch(/#\/private\/sng\/[A-Za-z0-9_-]{12}$/);
      await shot(host, 'private-tournament-host');

      // The friend: his own browser session, the link, one click.
      const friendCtx = await web.browser.newContext({ viewport: { width: 1200, height: 900 } });
      const friend = await friendCtx.newPage();
      await signUp(friend, web.app.url, 'webfriend');
      await friend.goto(link);
      await friend.getByTestId('invite-name').filter({ hasText: 'Friends night' }).waitFor();
      expect(await friend.getByTestId('invite-page').textContent()).toContain(
        'webhost invites you to a private Sit & Go.',
      );
      await friend.getByTestId('invite-register').click();
      await friend.getByTestId('invite-registered').waitFor();
      await friend.getByTestId('invite-open').click();
      await friend.locator('[data-testid="sng-phase"][data-phase="registering"]').waitFor();
      expect(await friend.getByTestId('entrant').count()).toBe(2);
      // His lobby lists it among his private tournaments ("my games").
      await friend.goto(`${web.app.url}/#/lobby`);
      await friend.locator(`[data-testid="my-private-event"][data-event-id="${instanceId}"]`).waitFor();
      await shot(friend, 'private-tournament-friend');

      // A stranger's lobby does not show it.
      const strangerCtx = await web.browser.newContext();
      const stranger = await strangerCtx.newPage();
      await signUp(stranger, web.app.url, 'webstranger');
      await stranger.getByTestId('my-private-events').getByText('None yet.').waitFor();
      expect(await stranger.locator('[data-testid="my-private-event"]').count()).toBe(0);

      // The host cancels before the start: both buy-ins come back through the ledger.
      const prisma = web.app.get(PrismaService);
      const ledger = web.app.get(ChipLedger);
      const ids = await prisma.user.findMany({
        where: { username: { in: ['webhost', 'webfriend'] } },
        select: { id: true },
      });
      const before = await Promise.all(ids.map((u) => ledger.userBalance(u.id)));
      await host.reload();
      await host.getByTestId('pe-cancel').click();
      await host.getByTestId('pe-notice').filter({ hasText: 'Cancelled' }).waitFor();
      await host.getByTestId('pe-status').filter({ hasText: 'cancelled' }).waitFor();
      const after = await Promise.all(ids.map((u) => ledger.userBalance(u.id)));
      expect(after).toEqual(before.map((b) => b + 100));
      await hostCtx.close();
      await friendCtx.close();
      await strangerCtx.close();
    },
    180_000,
  );
});
