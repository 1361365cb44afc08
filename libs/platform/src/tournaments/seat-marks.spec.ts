// Issue 25: a player moved to another tournament table (balancing, breaking) keeps his sitting-out
// mark and what is left of his time bank (seat-marks.ts), at real TableHosts with in-memory ports
// and a manual clock.
import type { TournamentSeat } from '../tables/table-host';
import { SeatMarks } from './seat-marks';
import { flush, seat, setup } from './tournament-host-setup.test';

const PLAYER_A = 'a0000000-0000-4000-8000-000000000001';
const PLAYER_B = 'b0000000-0000-4000-8000-000000000002';
const PLAYER_C = 'c0000000-0000-4000-8000-000000000003';
const PLAYER_D = 'd0000000-0000-4000-8000-000000000004';

/** A at table 1 used 10 s of his 30 s bank in a hand and sat out; C and D play at table 2. */
async function aAwayAtTable1() {
  const one = setup('mtt-marks-1');
  const two = setup('mtt-marks-2');
  one.deals.push({
    handNumber: 1,
    seats: [seat(PLAYER_A, 300), seat(PLAYER_B, 300), null, null],
    dealtIn: [0, 1],
    button: 0,
  });
  one.timers.advance(0);
  await flush(one.host);
  one.timers.advance(11_000); // 1 s decision + 10 s of his bank
  await one.host.act(PLAYER_A, one.host.handState!.version, { type: 'fold' });
  await flush(one.host);
  await one.host.sitOut(PLAYER_A);
  await two.host.syncTournamentSeats([seat(PLAYER_C, 300), seat(PLAYER_D, 300), null, null]);
  expect(one.host.table.seats[0]).toMatchObject({ playerId: PLAYER_A, sittingOut: true, timeBankMs: 20_000 });
  return { one, two };
}

const moved: (TournamentSeat | null)[] = [seat(PLAYER_C, 300), seat(PLAYER_D, 300), seat(PLAYER_A, 290), null];

describe('a moved tournament player keeps his sit-out and time bank (SeatMarks)', () => {
  test('A (away, 20 s of bank left) moves from table 1 to table 2: still away there with 20 s, not 30 s', async () => {
    const { one, two } = await aAwayAtTable1();
    const marks = new SeatMarks();
    // Table 1 lets him go: his marks are kept first.
    marks.capture(one.host.table, new Set([PLAYER_B]));
    await one.host.syncTournamentSeats([null, seat(PLAYER_B, 310), null, null]);
    await two.host.syncTournamentSeats(moved);
    // A plain join seats him in, with a full bank…
    expect(two.host.table.seats[2]).toMatchObject({ playerId: PLAYER_A, sittingOut: false, timeBankMs: 30_000 });
    // …and the runner puts his marks back before the next deal.
    await two.host.queue.run(() => marks.applyArrivals(two.host, [PLAYER_A], [one.host, two.host]));
    expect(two.host.table.seats[2]).toMatchObject({ playerId: PLAYER_A, sittingOut: true, timeBankMs: 20_000 });
  });

  test('table 2 seats him before table 1 lets him go: his marks are read at table 1', async () => {
    const { one, two } = await aAwayAtTable1();
    const marks = new SeatMarks();
    await two.host.syncTournamentSeats(moved);
    await two.host.queue.run(() => marks.applyArrivals(two.host, [PLAYER_A], [one.host, two.host]));
    expect(two.host.table.seats[2]).toMatchObject({ playerId: PLAYER_A, sittingOut: true, timeBankMs: 20_000 });
  });

  test('a busted player (no chips) carries nothing', async () => {
    const { one } = setupBusted();
    const marks = new SeatMarks();
    marks.capture(one, new Set());
    const two = setup('mtt-marks-3');
    await two.host.syncTournamentSeats([seat(PLAYER_C, 300), seat(PLAYER_D, 300), seat(PLAYER_A, 200), null]);
    await two.host.queue.run(() => marks.applyArrivals(two.host, [PLAYER_A], []));
    expect(two.host.table.seats[2]).toMatchObject({ playerId: PLAYER_A, sittingOut: false, timeBankMs: 30_000 });
  });
});

/** A table state where A sits out with no chips left (busted). */
function setupBusted() {
  const fixture = setup('mtt-marks-b');
  const table = fixture.host.table;
  return {
    one: {
      ...table,
      seats: [
        {
          playerId: PLAYER_A,
          name: 'a',
          isBot: false,
          stack: 0,
          sittingOut: true,
          timeBankMs: 1_000,
        } as unknown as (typeof table.seats)[number],
        null,
        null,
        null,
      ],
    },
  };
}
