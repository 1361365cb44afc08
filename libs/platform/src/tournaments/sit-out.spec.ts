// Issue 25, item 7, at a tournament TableHost with in-memory ports and a manual clock: a player who
// sits out is still dealt in, posts his blinds and is checked/folded at once (blinded off, as the
// rules have it for absent tournament players: the clock checks if legal, else folds); and the
// tournament's time bank refills (per level, full at the final table) reach the seats before a deal.
import type { TournamentDeal } from '../tables/table-host';
import { timeBankRefill } from './table-runner';
import { flush, seat, setup } from './tournament-host-setup.test';

const PLAYER_A = 'a0000000-0000-4000-8000-000000000001';
const PLAYER_B = 'b0000000-0000-4000-8000-000000000002';

/** Heads-up, A on the button (small blind, first to act preflop), B big blind. */
const headsUp = (handNumber: number, extra: Partial<TournamentDeal> = {}): TournamentDeal => ({
  handNumber,
  seats: [seat(PLAYER_A, 300), seat(PLAYER_B, 300), null, null],
  dealtIn: [0, 1],
  button: 0,
  ...extra,
});

describe('tournament sit-out and time bank refills', () => {
  test(
    'a player sitting out is dealt in, posts his small blind of 10 and is folded at once: 290 and ' +
      '310, without waiting for the clock',
    async () => {
      const fixture = setup('mtt-sit-out');
      fixture.deals.push(headsUp(1));
      fixture.timers.advance(0);
      await flush(fixture.host);
      // He sits out during the hand, on his turn: his decision is taken now.
      await fixture.host.sitOut(PLAYER_A);
      fixture.timers.advance(0);
      await flush(fixture.host);
      expect(fixture.finished.length).toBe(1);
      expect(fixture.finished[0].stacks.map((x) => [x.playerId, x.stack])).toEqual([
        [PLAYER_A, 290],
        [PLAYER_B, 310],
      ]);
      const actions = [...fixture.hands.hands.values()][0].events.filter(
        (e) => (e as unknown as { type: string }).type === 'action',
      ) as unknown as { action: string; seat: number }[];
      expect(actions).toEqual([expect.objectContaining({ action: 'fold', seat: 0 })]);
      // He stays seated, marked away; the next deal (the tournament's) still deals him in.
      expect(fixture.host.table.seats[0]).toMatchObject({ playerId: PLAYER_A, sittingOut: true });
      fixture.deals.push({ ...headsUp(2), seats: [seat(PLAYER_A, 290), seat(PLAYER_B, 310), null, null], button: 1 });
      fixture.timers.advance(10);
      await flush(fixture.host);
      // B (button, small blind) acts first heads-up and calls; A (big blind, 20 posted) checks at once
      // — no clock advanced — and checks the flop at once too (he acts first after the flop); then it waits for B.
      await fixture.host.act(PLAYER_B, fixture.host.handState!.version, { type: 'call' });
      for (let i = 0; i < 5; i++) {
        fixture.timers.advance(0);
        await flush(fixture.host);
      }
      const hand2 = [...fixture.hands.hands.values()][1].events.filter(
        (e) => (e as unknown as { type: string }).type === 'action',
      ) as unknown as { action: string; seat: number }[];
      expect(hand2.map((x) => [x.seat, x.action])).toEqual([
        [1, 'call'],
        [0, 'check'],
        [0, 'check'],
      ]);
      expect(fixture.host.handState!.seats[fixture.host.handState!.toAct]).toBe(1);
      // Sitting in again: allowed at a tournament table, and the clock runs for him again.
      await fixture.host.sitIn(PLAYER_A);
      expect(fixture.host.table.seats[0]).toMatchObject({ sittingOut: false });
    },
  );

  test('time bank: 10 s of 30 s used; +5 s at a new level → 25 s; the final table fills it → 30 s', async () => {
    const fixture = setup('mtt-sit-out');
    fixture.deals.push(headsUp(1));
    fixture.timers.advance(0);
    await flush(fixture.host);
    // A's decision: 1 s on the clock, then 10 s of his bank, then he folds.
    fixture.timers.advance(11_000);
    const version = fixture.host.handState!.version;
    await fixture.host.act(PLAYER_A, version, { type: 'fold' });
    await flush(fixture.host);
    expect(fixture.host.table.seats[0]!.timeBankMs).toBe(20_000);
    fixture.deals.push({
      ...headsUp(2),
      seats: [seat(PLAYER_A, 290), seat(PLAYER_B, 310), null, null],
      timeBank: { addMs: 5_000, fill: false },
    });
    fixture.timers.advance(10);
    await flush(fixture.host);
    expect(fixture.host.table.seats[0]!.timeBankMs).toBe(25_000);
    expect(fixture.host.table.seats[1]!.timeBankMs).toBe(30_000); // capped at the clock's bank
    await fixture.host.act(PLAYER_A, fixture.host.handState!.version, { type: 'fold' });
    await flush(fixture.host);
    fixture.deals.push({
      ...headsUp(3),
      seats: [seat(PLAYER_A, 280), seat(PLAYER_B, 320), null, null],
      timeBank: { addMs: 0, fill: true },
    });
    fixture.timers.advance(10);
    await flush(fixture.host);
    expect(fixture.host.table.seats[0]!.timeBankMs).toBe(30_000);
  });

  test(
    "the runner's refill: nothing at a table's first deal, +perLevelMs at its first deal of a new " +
      'level, a fill once at the final table',
    () => {
      const live = { timeBank: { perLevelMs: 5_000, finalTable: true }, openTables: 3 };
      const run: { lastStep?: number; finalTableFilled?: boolean } = {};
      expect(timeBankRefill(live, run, 0)).toEqual({});
      expect(timeBankRefill(live, run, 0)).toEqual({});
      expect(timeBankRefill(live, run, 2)).toEqual({ timeBank: { addMs: 5_000, fill: false } });
      expect(timeBankRefill(live, run, 2)).toEqual({});
      live.openTables = 1;
      expect(timeBankRefill(live, run, 2)).toEqual({ timeBank: { addMs: 0, fill: true } });
      expect(timeBankRefill(live, run, 2)).toEqual({});
      expect(timeBankRefill({ openTables: 1 }, {}, 5)).toEqual({});
    },
  );
});
