// Issue 25 end to end, against the machine's PostgreSQL and Redis with real BullMQ workers and table
// hosts: rebuys and an add-on bought over HTTP between hands (the live prize pool and the payout
// follow), a progressive-knockout tournament whose bounty money is paid out to the last chip, and a
// satellite whose seat winners are registered in the target tournament (its bubble hand-for-hand).
// The ledger audit stays exact after each.
import request from 'supertest';
import type { TournamentView } from '@naiko/contracts';
import { mttTournamentId, type MttState } from '@naiko/platform';
import { fastModeStructure, type BlindStructure } from '@naiko/tournament';
import { connectSocket, startTestApp, type TestApp } from './support';
import { fastMttSettings, fastTournamentModule, waitFor } from './support/tournaments';
import { KIT_START_CHIPS, tournamentKit, type TournamentKit } from './support/tournament-kit';

const FastTournamentModule = fastTournamentModule();
const START_CHIPS = KIT_START_CHIPS;
const ADMIN = '00000000-0000-4000-8000-0000000000ad';
const PREFIX = 'x';

/** Fast levels with a break after level 1 and after level 2 (the rebuy and add-on windows). */
function rebuyStructure(breakMs: number): BlindStructure {
  const levels = fastModeStructure(700, 300, 1_000).steps.filter((s) => s.kind === 'level');
  return {
    name: 'rebuy',
    steps: [
      levels[0],
      { kind: 'break', durationMs: breakMs },
      levels[1],
      { kind: 'break', durationMs: breakMs },
      ...levels.slice(2),
    ],
  };
}

describe('Tournament rebuys, bounties and satellites (e2e)', () => {
  let app: TestApp;
  let kit: TournamentKit;

  beforeAll(async () => {
    app = await startTestApp({ module: FastTournamentModule, name: 'tournament-extras' });
    kit = await tournamentKit(app, ADMIN, PREFIX);
  });

  afterAll(async () => {
    await app?.close();
  });

  it(
    'rebuys until level 2 at or below the starting stack, one add-on in the break after level 2: the ' +
      'ledger, the live prize pool and the payout follow',
    async () => {
      const players = await kit.newPlayers(6);
      const id = await kit.create(
        fastMttSettings({
          name: 'Rebuy',
          startingStack: 1_000,
          blindStructure: rebuyStructure(4_000),
          rebuys: {
            untilLevel: 2,
            maxRebuys: 1,
            rebuy: { chips: 1_000, price: 100, fee: 10 },
            addOn: { chips: 1_500, price: 50, fee: 5, window: 'break' },
          },
        }),
      );
      for (const player of players) await kit.register(id, player).expect(201);
      // Before the start nobody is seated: a typed refusal, nothing moves.
      const early = await kit.buyRequest(id, players[0], 'rebuy').expect(409);
      expect(early.body.code).toBe('NOT_SEATED');
      await kit.startNow(id);

      // The break after level 1 is inside the rebuy period.
      const inBreak = await waitFor('the break after level 1', async () => {
        const view = await kit.view(id);
        // Once the hands begun before the break have ended (the stacks are final until it ends).
        return (
          view.clock?.kind === 'break' &&
          view.clock.levelNumber === 1 &&
          view.tables.every((x) => !x.handInProgress) &&
          view
        );
      });
      expect(inBreak.extras?.rebuys).toMatchObject({ rebuyOpen: true, addOnOpen: false, rebuysBought: 0 });
      // The chips are conserved, so unless someone busted, someone is at or below 1,000 (and whoever
      // is above it is refused).
      const seated = inBreak.entrants.filter((e) => e.seat !== null);
      const low = seated.filter((e) => e.stack <= 1_000);
      const high = seated.filter((e) => e.stack > 1_000);
      expect(low.length).toBeGreaterThan(0);
      const buyer = low[0];
      const r1 = await kit.buy(id, buyer.userId, 'rebuy');
      expect(r1.status).toBe(200);
      expect(r1.body).toMatchObject({
        kind: 'rebuy',
        chips: 1_000,
        stack: buyer.stack + 1_000,
        rebuys: 1,
        prizePool: 6 * 100 + 100,
      });
      // At most one rebuy.
      const again = await kit.buy(id, buyer.userId, 'rebuy');
      expect(again.status).toBe(409);
      expect(again.body).toMatchObject({ code: 'REBUY_REFUSED', message: 'no rebuys left' });
      if (high.length) {
        const refused = await kit.buy(id, high[0].userId, 'rebuy');
        expect(refused.body).toMatchObject({
          code: 'REBUY_REFUSED',
          message: 'a rebuy needs a stack at or below the starting stack',
        });
      }
      // Not add-on time yet.
      const tooSoon = await kit.buy(id, buyer.userId, 'add-on');
      expect(tooSoon.body).toMatchObject({
        code: 'REBUY_REFUSED',
        message: 'the add-on is offered at the end of the rebuy period',
      });
      expect(await kit.balance(buyer.userId)).toBe(START_CHIPS - 110 - 110);

      // The break after level 2: the add-on window; the rebuy period is over.
      const addOnBreak = await waitFor('the break after level 2', async () => {
        const view = await kit.view(id);
        return (
          view.clock?.kind === 'break' &&
          view.clock.levelNumber === 2 &&
          view.tables.every((x) => !x.handInProgress) &&
          view
        );
      });
      expect(addOnBreak.extras?.rebuys).toMatchObject({ rebuyOpen: false, addOnOpen: true, rebuysBought: 1 });
      const alive = addOnBreak.entrants.filter((e) => e.seat !== null);
      const takers = alive.slice(0, 2);
      for (const taker of takers) {
        const response = await kit.buy(id, taker.userId, 'add-on');
        expect(response.status).toBe(200);
        expect(response.body).toMatchObject({ kind: 'add-on', chips: 1_500, addOn: true });
      }
      const late = await kit.buy(id, takers[0].userId, 'add-on');
      expect(late.body).toMatchObject({ code: 'REBUY_REFUSED', message: 'the add-on was taken already' });
      const lateRebuy = await kit.buy(id, takers[0].userId, 'rebuy');
      expect(lateRebuy.body).toMatchObject({ code: 'REBUY_REFUSED', message: 'the rebuy period is over' });

      // Live prize pool: 6 × 100 + 1 × 100 + 2 × 50 = 800.
      const after = await kit.view(id);
      expect(after.prizePool).toBe(800);
      expect(after.extras?.rebuys).toMatchObject({ rebuysBought: 1, addOnsBought: 2 });
      expect(after.extras?.players.find((p) => p.userId === buyer.userId)).toMatchObject({ rebuys: 1 });

      const row = await kit.ended(id);
      expect(row.status).toBe('finished');
      const entries = await kit.prisma.tournamentEntry.findMany({ where: { tournamentId: mttTournamentId(id) } });
      expect(entries.reduce((a, e) => a + Number(e.prize), 0)).toBe(800);
      // Each player: start − entry 110 − his purchases + his prize.
      for (const entry of entries) {
        const spent =
          110 + (entry.userId === buyer.userId ? 110 : 0) + (takers.some((x) => x.userId === entry.userId) ? 55 : 0);
        expect(await kit.balance(entry.userId)).toBe(START_CHIPS - spent + Number(entry.prize));
      }
      expect(await kit.poolBalance(id)).toBe(0);
      await kit.expectAuditClean();
    },
  );

  it(
    'progressive knockout: 6 entries × 100 bounty; every bust pays its head (half cash, half onto ' +
      "the eliminator's head), the winner collects his own: 600 paid to the chip",
    async () => {
      const players = await kit.newPlayers(6);
      const id = await kit.create(fastMttSettings({ name: 'PKO', bounty: { kind: 'progressive', amount: 100 } }));
      for (const player of players) await kit.register(id, player).expect(201);
      // Entry = 100 buy-in + 100 bounty + 10 fee.
      for (const player of players) expect(await kit.balance(player)).toBe(START_CHIPS - 210);
      // Paid with the entries, the bounty cannot change any more.
      const edit = await request(app.url)
        .patch(`/tournaments/${id}`)
        .set('Authorization', `Bearer ${kit.adminToken()}`)
        .send({ bounty: { kind: 'fixed', amount: 100 } })
        .expect(400);
      expect(edit.body).toMatchObject({
        code: 'BAD_SETTINGS',
        message: 'the bounty cannot change once entries are paid',
      });
      const before = await kit.view(id);
      expect(before.prizePool).toBe(600);
      expect(before.extras?.bounty).toEqual({ kind: 'progressive', amount: 100, paid: 0 });
      const { socket } = await connectSocket(app.url, app.token({ sub: players[0] }));
      const heads: number[] = [];
      socket.on('tournamentUpdate', (view: TournamentView) => {
        if (view.tournamentId === id && view.extras)
          heads.push(view.extras.players.reduce((a, p) => a + p.head, 0) + view.extras.bounty!.paid);
      });
      socket.emit('tournamentWatch', { tournamentId: id });
      await kit.startNow(id);
      const row = await kit.ended(id);
      socket.disconnect();
      expect(row.status).toBe('finished');
      // At every published moment: heads standing + bounty cash paid = 600 (half of each share onto a
      // head keeps it in the total; the odd chip goes to the cash).
      expect(heads.length).toBeGreaterThan(0);
      for (const head of heads) expect(head).toBe(600);
      const bountyTx = await kit.prisma.ledgerTransaction.findMany({
        where: { idempotencyKey: { startsWith: `mtt:${id}:bounty` } },
        include: { entries: true },
      });
      // Five busts each paid once, and the winner's own head.
      expect(bountyTx.filter((x) => x.idempotencyKey.startsWith(`mtt:${id}:bounty:`)).length).toBe(5);
      expect(bountyTx.filter((x) => x.idempotencyKey.startsWith(`mtt:${id}:bounty-own:`)).length).toBe(1);
      const final = await kit.view(id);
      expect(final.extras?.bounty?.paid).toBe(600);
      const entries = await kit.prisma.tournamentEntry.findMany({ where: { tournamentId: mttTournamentId(id) } });
      for (const entry of entries) {
        const won = final.extras!.players.find((p) => p.userId === entry.userId)!.bountiesWon;
        expect(await kit.balance(entry.userId)).toBe(START_CHIPS - 210 + Number(entry.prize) + won);
      }
      expect(await kit.poolBalance(id)).toBe(0);
      await kit.expectAuditClean();
    },
  );

  it(
    'a satellite: 12 entries × 100 = 1,200 buys 5 seats at 220 (1,100) and 100 in chips to 6th; it stops ' +
      'at 5 left, seat winners are registered in the target with the payout; the seat bubble is hand-for-hand',
    async () => {
      const target = await kit.create(
        fastMttSettings({
          name: 'Target',
          buyIn: 200,
          fee: 20,
          startsAt: new Date(Date.now() + 3_600_000).toISOString(),
        }),
      );
      const players = await kit.newPlayers(12);
      const id = await kit.create(
        fastMttSettings({ name: 'Satellite', tableSize: 6, satellite: { targetTournamentId: target, seatValue: 220 } }),
      );
      for (const player of players) await kit.register(id, player).expect(201);
      const before = await kit.view(id);
      expect(before.placesPaid).toBe(5);
      expect(before.extras?.satellite).toEqual({
        targetTournamentId: target,
        targetName: 'Target',
        seatValue: 220,
        seats: 5,
        remainder: 100,
      });
      let sawBubble = false;
      const bubbleWithoutHfh: string[] = [];
      kit.service.listen({
        changed: () => undefined,
        started: () => undefined,
        handFinished: (tid, tableId, state: MttState) => {
          if (tid !== id) return;
          const tables = state.seating?.tables ?? [];
          const seated = tables.reduce((a, x) => a + x.seats.filter((s) => s).length, 0);
          // 6 left on two tables: the first to bust misses the seats.
          if (seated === 6 && tables.length > 1) {
            sawBubble = true;
            if (!state.handForHand) bubbleWithoutHfh.push(`table ${tableId}`);
          }
        },
      });
      await kit.startNow(id);
      const row = await kit.ended(id);
      expect(row.status).toBe('finished');
      expect(bubbleWithoutHfh).toEqual([]);
      if (sawBubble) expect(row.state.handForHand ?? null).toBeFalsy();
      const entries = await kit.prisma.tournamentEntry.findMany({
        where: { tournamentId: mttTournamentId(id) },
        orderBy: { place: 'asc' },
      });
      expect(entries.reduce((a, e) => a + Number(e.prize), 0)).toBe(1_200);
      const seatWinners = entries.filter((e) => e.place! <= 5);
      expect(seatWinners.length).toBe(5);
      // It stopped once the 5 seats were decided: no single winner, the players left then share 1st (a seat
      // each); a bust in a hand still running at the other table at that moment takes a seat place too.
      expect(seatWinners.filter((e) => e.place === 1).length).toBeGreaterThanOrEqual(2);
      expect(seatWinners.every((e) => Number(e.prize) === 220)).toBe(true);
      // Registered in the payout's own commit: there as soon as the satellite is finished.
      const registered = await kit.view(target);
      expect(registered.entries).toBe(5);
      expect(new Set(registered.entrants.map((e) => e.userId))).toEqual(new Set(seatWinners.map((e) => e.userId)));
      // A seat winner: −110 entry, +220 seat, −220 target entry.
      for (const winner of seatWinners) expect(await kit.balance(winner.userId)).toBe(START_CHIPS - 110);
      const sixth = entries.find((e) => e.place === 6)!;
      expect(Number(sixth.prize)).toBe(100);
      expect(await kit.balance(sixth.userId)).toBe(START_CHIPS - 10);
      expect(await kit.poolBalance(id)).toBe(0);
      await kit.expectAuditClean();
    },
  );

  it(
    'a player who sits out at his tournament table is dealt in and blinded off at once: a 30 s ' +
      'decision clock never holds the table, the tournament plays to the end',
    async () => {
      const [human] = await kit.newPlayers(1);
      await kit.prisma.user.update({ where: { id: human }, data: { isBot: false } });
      const bots = await kit.newPlayers(4);
      const id = await kit.create(
        fastMttSettings({
          name: 'Away',
          clock: { decisionMs: 30_000, reconnectMs: 60_000, timeBankMs: 0 },
          timeBank: { perLevelMs: 5_000, finalTable: true },
        }),
      );
      for (const player of [human, ...bots]) await kit.register(id, player).expect(201);
      const { socket } = await connectSocket(app.url, app.token({ sub: human, username: 'away' }));
      let table: string | null = null;
      let satOut = false;
      socket.on('tournamentUpdate', (view: TournamentView) => {
        const ref = view.entrants.find((e) => e.userId === human)?.tableRef ?? null;
        if (ref && ref !== table) {
          table = ref;
          socket.emit('table:watch', { tableId: ref });
        }
      });
      socket.on('table:snapshot', (payload) => {
        if (payload.tableId !== table || payload.yourSeat === null) return;
        if (!satOut) {
          satOut = true;
          socket.emit('table:sit-out', { tableId: payload.tableId });
        }
      });
      // The lobby may name the table a moment before it is hosted: ask again.
      socket.on('error', (error: { event?: string; code?: string }) => {
        if (error.event === 'table:watch' && error.code === 'NOT_FOUND' && table)
          setTimeout(() => table && socket.emit('table:watch', { tableId: table }), 100);
      });
      socket.emit('tournamentWatch', { tournamentId: id });
      const t0 = Date.now();
      await kit.startNow(id);
      const row = await kit.ended(id);
      socket.disconnect();
      expect(row.status).toBe('finished');
      expect(satOut).toBe(true);
      // His decisions were taken at once: checks and folds only, and far less than one 30 s clock each.
      const hands = await kit.prisma.hand.findMany({
        where: { tournamentId: mttTournamentId(id) },
        include: { events: true },
      });
      const seatOf = (h: (typeof hands)[number]) =>
        (h.players as { seat: number; userId: string }[]).find((p) => p.userId === human)?.seat;
      const his = hands.flatMap((hand) =>
        hand.events
          .filter((e) => e.type === 'action')
          .map((e) => e.payload as { seat?: number; action?: string })
          .filter((e) => e.seat === seatOf(hand)),
      );
      expect(his.length).toBeGreaterThan(0);
      expect(his.every((e) => e.action === 'check' || e.action === 'fold')).toBe(true);
      // One decision left to his clock would alone have taken 30 s.
      expect(Date.now() - t0).toBeLessThan(30_000);
      await kit.expectAuditClean();
    },
  );
});
