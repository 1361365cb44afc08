// Issue 25 in Chromium: the admin schedules a progressive-knockout rebuy tournament and a satellite
// from the admin page's form; the tournaments list tags them; a player's tournament lobby shows the
// terms (rebuys and add-on, bounties, seats) and the bounties; registered among bots, he sees the
// bounties at his table and takes the add-on by clicking in the break after the last rebuy level.
import request from 'supertest';
import type { TournamentView } from '@naiko/contracts';
import { ChipLedger, PrismaService } from '@naiko/persistence';
import { fastModeStructure } from '@naiko/tournament';
import { fastMttSettings, waitFor } from '../support/tournaments';
import { signIn, signUp, shot, startWebTest, type WebTest } from './browser';

describe('web client: rebuys, bounties and satellites (Chromium)', () => {
  let web: WebTest;
  beforeAll(async () => {
    web = await startWebTest();
  }, 120_000);
  afterAll(() => web?.close());

  it(
    'the admin schedules a PKO with rebuys and an add-on, then a satellite to it, from the admin ' +
      'page; the list and the lobby show the terms',
    async () => {
      const prisma = web.app.get(PrismaService);
      const page = await web.browser.newPage({ viewport: { width: 1280, height: 1100 } });
      await signUp(page, web.app.url, 'xadmin');
      await prisma.user.update({ where: { username: 'xadmin' }, data: { role: 'admin' } });
      await page.getByTestId('sign-out').click();
      await signIn(page, web.app.url, 'xadmin');
      await page.getByTestId('nav-admin').click();
      await page.getByTestId('t-name').fill('PKO Rebuy');
      await page.getByTestId('t-bounty-kind').selectOption('progressive');
      await page.getByTestId('t-bounty-amount').fill('40');
      await page.getByTestId('t-rebuys').check();
      await page.getByTestId('t-rebuy-until').fill('3');
      await page.getByTestId('t-rebuy-max').fill('2');
      await page.getByTestId('t-addon-window').selectOption('break');
      await page.getByTestId('t-bank-level').fill('15');
      await page.getByTestId('t-bank-final').check();
      await page.getByTestId('t-submit').click();
      await page.getByTestId('admin-message').filter({ hasText: 'PKO Rebuy scheduled' }).waitFor();
      const list = (await request(web.app.url).get('/tournaments').expect(200)).body as {
        tournamentId: number;
        name: string;
        settings: Record<string, unknown>;
      }[];
      const pko = list.find((t) => t.name === 'PKO Rebuy')!;
      expect(pko.settings.bounty).toEqual({ kind: 'progressive', amount: 40 });
      expect(pko.settings.timeBank).toEqual({ perLevelMs: 15_000, finalTable: true });
      expect(pko.settings.rebuys).toEqual({
        untilLevel: 3,
        maxRebuys: 2,
        rebuy: { chips: 3000, price: 100, fee: 10 },
        addOn: { chips: 5000, price: 100, fee: 10, window: 'break' },
      });

      // A satellite into it: a seat is worth its buy-in + fee + bounty (100 + 10 + 40 = 150). A satellite takes no
      // rebuys: refused in words.
      await page.getByTestId('t-name').fill('Sat');
      await page.getByTestId('t-bounty-kind').selectOption('');
      await page.getByTestId('t-satellite-target').fill(String(pko.tournamentId));
      await page.getByTestId('t-satellite-seat').fill('150');
      await page.getByTestId('t-submit').click();
      await page.getByTestId('admin-message').filter({ hasText: 'A satellite cannot have rebuys.' }).waitFor();
      await page.getByTestId('t-rebuys').uncheck();
      await page.getByTestId('t-bank-level').fill('0');
      await page.getByTestId('t-bank-final').uncheck();
      await page.getByTestId('t-buyin').fill('11');
      await page.getByTestId('t-fee').fill('1');
      await page.getByTestId('t-submit').click();
      await page.getByTestId('admin-message').filter({ hasText: 'Sat scheduled' }).waitFor();
      await shot(page, 'admin-tournament-extras');

      // The list tags them; the satellite's lobby: 2 entrants minimum × 11 = 22 < 150 → no seat yet,
      // the whole pool to 1st; its terms name the target.
      await page.getByTestId('nav-tournaments').click();
      const row = page.locator('[data-testid="mtt-row"]', { hasText: 'PKO Rebuy' });
      await row.getByTestId('mtt-tag-bounty').filter({ hasText: 'PKO 40' }).waitFor();
      await row.getByTestId('mtt-tag-rebuy').waitFor();
      const sat = page
        .locator('[data-testid="mtt-row"]', { hasText: 'Sat' })
        .filter({ has: page.getByTestId('mtt-tag-satellite') });
      await sat.getByTestId('mtt-open').click();
      await page.getByTestId('mtt-satellite-terms').filter({ hasText: 'Satellite to PKO Rebuy' }).waitFor();
      expect(await page.getByTestId('mtt-satellite-terms').textContent()).toContain('0 seats worth 150 each');

      await page.goto(`${web.app.url}/#/tournament/${pko.tournamentId}`);
      const terms = await page.getByTestId('mtt-rebuy-terms').textContent();
      expect(terms).toContain('Rebuys until level 3, at most 2 each');
      expect(terms).toContain('One add-on in the break after level 3: 5,000 chips for 100 + 10.');
      expect(await page.getByTestId('mtt-bounty-terms').textContent()).toContain(
        'Progressive knockout: 40 on every head',
      );
      await page.close();
    },
    120_000,
  );

  it(
    'seated among bots, a player sees the bounties at his table and in the lobby and takes the ' +
      'add-on by clicking in the break after the last rebuy level; he sits out and comes back',
    async () => {
      const admin = web.app.token({ role: 'admin', username: 'admin' });
      const prisma = web.app.get(PrismaService);
      const ledger = new ChipLedger(prisma);
      const levels = fastModeStructure(1_500, 1_000, 1_000).steps.filter((s) => s.kind === 'level');
      const settings = fastMttSettings({
        name: 'Web PKO',
        startsAt: new Date(Date.now() + 3_600_000).toISOString(),
        maxEntrants: 9,
        startingStack: 3_000,
        // Level 1, then a long break: the add-on window (rebuys until level 1).
        blindStructure: {
          name: 'addon',
          steps: [levels[0], { kind: 'break', durationMs: 600_000 }, ...levels.slice(1)],
        },
        tableSize: 6,
        bounty: { kind: 'progressive', amount: 50 },
        rebuys: {
          untilLevel: 1,
          maxRebuys: 1,
          rebuy: { chips: 3_000, price: 100, fee: 10 },
          addOn: { chips: 4_000, price: 100, fee: 10, window: 'break' },
        },
        clock: { decisionMs: 3_000, reconnectMs: 60_000 },
      });
      const id = (
        await request(web.app.url)
          .post('/tournaments')
          .set('Authorization', `Bearer ${admin}`)
          .send(settings)
          .expect(201)
      ).body.tournamentId as number;
      await waitFor(
        'registration',
        async () => (await request(web.app.url).get(`/tournaments/${id}`)).body.phase === 'registering',
      );
      for (const name of ['xbot1', 'xbot2', 'xbot3']) {
        const bot = await prisma.user.create({ data: { username: name, isBot: true } });
        await ledger.openUserAccount(bot.id);
        await ledger.grant({ idempotencyKey: `welcome:${bot.id}`, userId: bot.id, amount: 1_000 });
        await request(web.app.url)
          .post(`/tournaments/${id}/register`)
          .set('Authorization', `Bearer ${web.app.token({ sub: bot.id, username: name })}`)
          .expect(201);
      }
      const page = await web.browser.newPage({ viewport: { width: 1200, height: 1000 } });
      await signUp(page, web.app.url, 'xseated');
      await page.goto(`${web.app.url}/#/tournament/${id}`);
      await page.getByTestId('mtt-register').click();
      await page.locator('[data-testid="mtt-entrant"].mine').waitFor();
      // 4 entries × (100 buy-in + 50 bounty): prize pool 400.
      expect(await page.getByTestId('mtt-pool').textContent()).toContain('Prize pool 400');
      await request(web.app.url)
        .patch(`/tournaments/${id}`)
        .set('Authorization', `Bearer ${admin}`)
        .send({ startsAt: new Date(Date.now() + 500).toISOString() })
        .expect(200);

      await page.getByTestId('mtt-take-seat').click({ timeout: 60_000 });
      await page.locator('[data-testid="table-page"][data-mode="player"]').waitFor();
      // The heads at his table, his own among them.
      await page.getByTestId('table-bounties').filter({ hasText: 'xseated' }).waitFor({ timeout: 60_000 });
      expect(await page.getByTestId('table-bounties').textContent()).toContain('Bounties (PKO):');

      // The break after level 1: once his table's last hand is over, the add-on is offered at the table.
      const before = await waitFor('the add-on break with idle tables', async () => {
        const view = (await request(web.app.url).get(`/tournaments/${id}`)).body as TournamentView;
        const mine = view.entrants.find((e) => e.username === 'xseated');
        return (
          view.clock?.kind === 'break' &&
          view.tables.every((t) => !t.handInProgress) &&
          mine &&
          mine.seat !== null &&
          view
        );
      });
      const stack = before.entrants.find((e) => e.username === 'xseated')!.stack;
      await page.getByTestId('mtt-add-on').click({ timeout: 30_000 });
      await page.getByTestId('mtt-add-on').waitFor({ state: 'detached', timeout: 30_000 });
      const after = (await request(web.app.url).get(`/tournaments/${id}`)).body as TournamentView;
      expect(after.entrants.find((e) => e.username === 'xseated')!.stack).toBe(stack + 4_000);
      // Live prize pool: 4 × 100 + 1 add-on × 100 = 500.
      expect(after.prizePool).toBe(500);
      await shot(page, 'tournament-table-bounties');

      // Sitting out at the tournament table: still dealt in (blinded off); "I'm back" returns.
      await page.getByTestId('mtt-sit-out').click();
      await page.getByTestId('mtt-sit-in').waitFor();
      await page.getByTestId('mtt-sit-in').click();
      await page.getByTestId('mtt-sit-out').waitFor();

      // The lobby: the bounties table and his add-on.
      await page.getByTestId('back-to-tournament').click();
      await page.getByTestId('mtt-bounties').waitFor();
      expect(await page.getByTestId('mtt-pool').textContent()).toContain('Prize pool 500');
      const mineRow = page.getByTestId('mtt-bounty-row').filter({ hasText: 'xseated' });
      expect(await mineRow.textContent()).toContain('yes');
      expect(await page.getByTestId('mtt-add-on').count()).toBe(0);
      await shot(page, 'tournament-lobby-bounties');
      await page.close();
    },
    180_000,
  );
});
