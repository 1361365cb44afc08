// Issue 25 gaps in the pure tournament state: a bust during the rebuy period waits unplaced and the
// busted player's rebuy brings his entry back (bustPending, reviveEntry); a satellite stops once the
// seats are decided (finishHand with `seatsDecided`). Hand-worked numbers.
import { seededRandom } from '@naiko/engine';
import {
  createRegistration,
  openRegistration,
  payStandingsWithSeats,
  registerEntry,
  satelliteSeatsDecided,
  startTournament,
  type SeatedPlayer,
} from '@naiko/tournament';
import {
  beginHand,
  bustPending,
  closeDecidedSatellite,
  closeLateRegistration,
  dealFor,
  finishHand,
  newMttState,
  reviveEntry,
  seatedPlayers,
  tableCounts,
  type MttState,
} from './mtt-state';

const rng = () => seededRandom('mtt-issue25');

function started(players: number): MttState {
  let reg = openRegistration(
    createRegistration({
      minEntrants: 2,
      maxEntrants: 100,
      buyIn: 100,
      fee: 10,
      lateRegistrationUntilLevel: 0,
      reEntry: false,
      startWhenFull: false,
    }),
  ).state;
  for (let i = 1; i <= players; i++) reg = registerEntry(reg, `p${i}`).state;
  return newMttState(startTournament(reg).state);
}

function seated(state: MttState, tableSize: number, layout: string[][]): MttState {
  const tables = layout.map((seats, index) => ({
    tableId: index + 1,
    seats: Array.from({ length: tableSize }, (_, k): SeatedPlayer | null =>
      seats[k] ? { playerId: seats[k], dealtIn: true } : null,
    ),
    button: 0,
    handInProgress: false,
  }));
  return { ...state, seating: { tableSize, tables, breakOrder: tables.map((t) => t.tableId).reverse() } };
}

/** One hand at a table: `busted` lose everything; every stack 100 before the hand, unless given. */
function playHand(state: MttState, tableId: number, busted: string[], stacks: Record<string, number> = {}) {
  const deal = dealFor(state, tableId)!;
  const begun = beginHand(state, tableId, deal);
  const dealtIn = deal.players.map((p, i) => ({ userId: p.userId, stack: stacks[p.userId] ?? 100, order: i }));
  const after = new Map(dealtIn.map((p) => [p.userId, busted.includes(p.userId) ? 0 : p.stack]));
  return { begun, result: { dealtIn, after } };
}

const ctx = (over: Partial<Parameters<typeof finishHand>[3]> = {}) => ({
  rng: rng(),
  currentLevel: 1,
  paidPlaces: () => 1,
  ...over,
});

describe('a bust during the rebuy period is not final (bustPending, reviveEntry)', () => {
  it(
    'p3 busts in the period: unplaced and rebuys back in at the 2-player table; p5 busts and does not ' +
      'rebuy: 6th of 6 when the period ends',
    () => {
      // 4-max: 5 players do not fit one table, so no table breaks.
      let state = seated(started(6), 4, [
        ['p1', 'p2', 'p3'],
        ['p4', 'p5', 'p6'],
      ]);
      const h1 = playHand(state, 1, ['p3']);
      state = finishHand(h1.begun, 1, h1.result, ctx({ bustsFinal: false })).state;
      expect(state.standings).toBeNull();
      expect(state.earlyBusts.map((g) => g.map((b) => b.playerId))).toEqual([['e3']]);
      expect(bustPending(state, 3)).toBe(true);
      expect(tableCounts(state).map((c) => c.players)).toEqual([2, 3]);

      state = reviveEntry(state, 3, rng());
      expect(state.registration.entries[2]).toMatchObject({ entryId: 3, playerId: 'p3', status: 'active' });
      expect(state.earlyBusts).toEqual([]);
      expect(bustPending(state, 3)).toBe(false);
      // Seated again at the shortest table (table 1: 2 players).
      expect(tableCounts(state).map((c) => c.players)).toEqual([3, 3]);
      expect(state.seating!.tables[0].seats.some((p) => p?.playerId === 'p3')).toBe(true);

      const h2 = playHand(state, 2, ['p5']);
      state = finishHand(h2.begun, 2, h2.result, ctx({ bustsFinal: false })).state;
      expect(state.standings).toBeNull();
      // The period ends: 6 entrants, p5 the only bust → 6th; 5 left.
      state = closeLateRegistration(state);
      expect(state.standings).toEqual({ remaining: 5, groups: [{ bestPlace: 6, players: ['e5'] }] });
    },
  );

  it('after the period a bust is placed at once (bustsFinal): p4 takes 6th of 6 in the same hand', () => {
    let state = seated(started(6), 6, [
      ['p1', 'p2', 'p3'],
      ['p4', 'p5', 'p6'],
    ]);
    const hand = playHand(state, 2, ['p4']);
    state = finishHand(hand.begun, 2, hand.result, ctx({ bustsFinal: true })).state;
    expect(state.standings).toEqual({ remaining: 5, groups: [{ bestPlace: 6, players: ['e4'] }] });
  });

  it('a final bust cannot be revived (the state is unchanged)', () => {
    let state = closeLateRegistration(seated(started(3), 6, [['p1', 'p2', 'p3']]));
    const hand = playHand(state, 1, ['p3']);
    state = finishHand(hand.begun, 1, hand.result, ctx()).state;
    expect(bustPending(state, 3)).toBe(false);
    expect(reviveEntry(state, 3, rng())).toBe(state);
  });
});

describe('a satellite stops once the seats are decided (finishHand with seatsDecided)', () => {
  // 100 a seat-buy-in entry: n entrants → n × 100 in the pool, seats of 150.
  const seatsDecided = (left: number, entrants: number) =>
    satelliteSeatsDecided(left, entrants * 100, { seatValue: 150 });

  it(
    '5 entrants, 500 → 3 seats and 50: p5 busts (4 left, play on), p4 busts (3 left): finished, p1-p3 ' +
      'share 1st (a seat each), p4 gets the 50',
    () => {
      let state = closeLateRegistration(seated(started(5), 6, [['p1', 'p2', 'p3', 'p4', 'p5']]));
      const h1 = playHand(state, 1, ['p5']);
      let outcome = finishHand(h1.begun, 1, h1.result, ctx({ seatsDecided }));
      expect(outcome.finished).toBe(false);
      state = outcome.state;
      const h2 = playHand(state, 1, ['p4']);
      outcome = finishHand(h2.begun, 1, h2.result, ctx({ seatsDecided }));
      expect(outcome.finished).toBe(true);
      expect(outcome.busted).toEqual(['p4']);
      expect(outcome.state.standings).toEqual({
        remaining: 0,
        groups: [
          { bestPlace: 1, players: ['e1', 'e2', 'e3'] },
          { bestPlace: 4, players: ['e4'] },
          { bestPlace: 5, players: ['e5'] },
        ],
      });
      expect(dealFor(outcome.state, 1)).toBeNull();
      const paid = payStandingsWithSeats(500, { seatValue: 150 }, outcome.state.standings!.groups);
      expect(paid.map((p) => [p.playerId, p.seat, p.prize])).toEqual([
        ['e1', true, 150],
        ['e2', true, 150],
        ['e3', true, 150],
        ['e4', false, 50],
        ['e5', false, 0],
      ]);
    },
  );

  it(
    '6 entrants, 600 → 4 seats: 2 busts at table 1 leave 4 while table 2 is in a hand: no table deals; ' +
      'p6 busts in that hand → 4th (a seat), then finished with p1, p4, p5 sharing 1st',
    () => {
      let state = closeLateRegistration(
        seated(started(6), 6, [
          ['p1', 'p2', 'p3'],
          ['p4', 'p5', 'p6'],
        ]),
      );
      const t2 = playHand(state, 2, ['p6']);
      state = t2.begun; // table 2 is in a hand
      const t1 = playHand(state, 1, ['p2', 'p3'], { p2: 100, p3: 50 });
      let outcome = finishHand(t1.begun, 1, t1.result, ctx({ seatsDecided }));
      expect(outcome.finished).toBe(false);
      expect(outcome.busted.sort()).toEqual(['p2', 'p3']);
      expect(outcome.state.seatsDecided).toBe(true);
      expect(dealFor(outcome.state, 1)).toBeNull();
      // p2 (100) 5th, p3 (50) 6th.
      expect(outcome.state.standings!.groups).toEqual([
        { bestPlace: 5, players: ['e2'] },
        { bestPlace: 6, players: ['e3'] },
      ]);
      outcome = finishHand(outcome.state, 2, t2.result, ctx({ seatsDecided }));
      expect(outcome.finished).toBe(true);
      expect(seatedPlayers(outcome.state)).toBe(3);
      expect(outcome.state.standings!.groups.slice(0, 2)).toEqual([
        { bestPlace: 1, players: ['e1', 'e4', 'e5'] },
        { bestPlace: 4, players: ['e6'] },
      ]);
      const paid = payStandingsWithSeats(600, { seatValue: 150 }, outcome.state.standings!.groups);
      expect(paid.filter((p) => p.seat).map((p) => p.playerId)).toEqual(['e1', 'e4', 'e5', 'e6']);
    },
  );

  it(
    'the hand still running when the seats were decided is cancelled by the crash rule: the planner job ' +
      'closes it with the 4 players left sharing 1st (p2, p3 stay 5th and 6th)',
    () => {
      let state = closeLateRegistration(
        seated(started(6), 6, [
          ['p1', 'p2', 'p3'],
          ['p4', 'p5', 'p6'],
        ]),
      );
      const t2 = playHand(state, 2, []);
      state = t2.begun;
      const t1 = playHand(state, 1, ['p2', 'p3'], { p2: 100, p3: 50 });
      const outcome = finishHand(t1.begun, 1, t1.result, ctx({ seatsDecided }));
      expect(outcome.state.seatsDecided).toBe(true);
      // The crash rule frees table 2 without a result.
      const freed = {
        ...outcome.state,
        seating: {
          ...outcome.state.seating!,
          tables: outcome.state.seating!.tables.map((x) => ({ ...x, handInProgress: false })),
        },
      };
      const closed = closeDecidedSatellite(freed);
      expect(closed.seatsDecided).toBe(false);
      expect(closed.winner).toBe('e1');
      expect(closed.standings).toEqual({
        remaining: 0,
        groups: [
          { bestPlace: 1, players: ['e1', 'e4', 'e5', 'e6'] },
          { bestPlace: 5, players: ['e2'] },
          { bestPlace: 6, players: ['e3'] },
        ],
      });
    },
  );
});
