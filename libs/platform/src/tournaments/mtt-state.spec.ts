import { seededRandom } from '@naiko/engine';
import {
  createRegistration,
  openRegistration,
  registerEntry,
  startTournament,
  type SeatedPlayer,
} from '@naiko/tournament';
import {
  beginHand,
  closeEnough,
  closeLateRegistration,
  dealFor,
  finishHand,
  newMttState,
  seatEveryone,
  seatLateEntry,
  tableCounts,
  type MttState,
} from './mtt-state';

const rng = () => seededRandom('mtt-state');

function started(players: number, over: Partial<Parameters<typeof createRegistration>[0]> = {}): MttState {
  let reg = openRegistration(
    createRegistration({
      minEntrants: 2,
      maxEntrants: 100,
      buyIn: 100,
      fee: 10,
      lateRegistrationUntilLevel: 0,
      reEntry: false,
      startWhenFull: false,
      ...over,
    }),
  ).state;
  for (let i = 1; i <= players; i++) reg = registerEntry(reg, `p${i}`).state;
  return newMttState(startTournament(reg).state);
}

/** A constructed seating: `layout[t]` lists the seats' players ('' = free) of table t + 1. */
function seated(state: MttState, tableSize: number, layout: string[][], button: number | null = 0): MttState {
  const tables = layout.map((seats, index) => ({
    tableId: index + 1,
    seats: Array.from({ length: tableSize }, (_, k): SeatedPlayer | null =>
      seats[k] ? { playerId: seats[k], dealtIn: true } : null,
    ),
    button,
    handInProgress: false,
  }));
  return { ...state, seating: { tableSize, tables, breakOrder: tables.map((t) => t.tableId).reverse() } };
}

const counts = (s: MttState) => tableCounts(s).map((c) => c.players);
const ctx = (paid = 1, level = 1) => ({ rng: rng(), currentLevel: level, paidPlaces: () => paid });

/** One hand at a table: `busted` lose everything (stack 100 each before the hand). */
function playHand(state: MttState, tableId: number, busted: string[], stacks: Record<string, number> = {}) {
  const deal = dealFor(state, tableId)!;
  expect(deal).not.toBeNull();
  const begun = beginHand(state, tableId, deal);
  const dealtIn = deal.players.map((p, i) => ({ userId: p.userId, stack: stacks[p.userId] ?? 100, order: i }));
  const after = new Map(dealtIn.map((p) => [p.userId, busted.includes(p.userId) ? 0 : p.stack]));
  return { begun, deal, result: { dealtIn, after } };
}

describe('scheduled tournament state (platform side of libs/tournament seating)', () => {
  it('dead button at a tournament table: when the big blind busts, the next player posts the big blind (he does not skip it), the small blind is dead', () => {
    // One table of 6-max: p1..p5 on seats 0..4. First hand: button 0 (p1), blinds p2 and p3.
    let state = closeLateRegistration(seated(started(5), 6, [['p1', 'p2', 'p3', 'p4', 'p5']], null));
    const first = playHand(state, 1, ['p3']);
    expect(first.deal).toMatchObject({ button: 0, smallBlind: 1, bigBlind: 2 });
    state = finishHand(first.begun, 1, first.result, ctx(1)).state;
    // p3 (the big blind) busted. The moving button would give the blinds to p4 and p5, and p4 would
    // never post the big blind he was next for. The rule: big blind p4 (seat 3), the small blind
    // dead on p3's empty seat 2, the button on the last small blind (seat 1).
    const second = playHand(state, 1, []);
    expect(second.deal).toMatchObject({ button: 1, smallBlind: null, bigBlind: 3 });
    expect(second.deal.players.map((p) => p.userId)).toEqual(['p1', 'p2', 'p4', 'p5']);
    state = finishHand(second.begun, 1, second.result, ctx(1)).state;
    // Next: a dead button on the empty seat 2, the blinds p4 and p5.
    expect(dealFor(state, 1)).toMatchObject({ button: 2, smallBlind: 3, bigBlind: 4 });
  });

  it('random initial seats: 60 entrants at 9-max sit at 7 tables of 9, 9, 9, 9, 8, 8, 8', () => {
    const state = seatEveryone(started(60), 9, rng());
    expect(counts(state).sort((a, b) => b - a)).toEqual([9, 9, 9, 9, 8, 8, 8]);
    expect(state.seating!.breakOrder).toEqual([7, 6, 5, 4, 3, 2, 1]);
  });

  it('balance at a difference of two: at 6-max a bust leaving 5 and 3 moves one player from the fuller table (4 and 4)', () => {
    let state = closeLateRegistration(
      seated(started(9), 6, [
        ['p1', 'p2', 'p3', 'p4', 'p5'],
        ['p6', 'p7', 'p8', 'p9'],
      ]),
    );
    const hand = playHand(state, 2, ['p9']);
    const outcome = finishHand(hand.begun, 2, hand.result, ctx());
    state = outcome.state;
    expect(outcome.busted).toEqual(['p9']);
    expect(outcome.moves).toHaveLength(1);
    expect(outcome.moves[0]).toMatchObject({ from: { tableId: 1 }, to: { tableId: 2 }, reason: 'balance' });
    expect(counts(state)).toEqual([4, 4]);
    expect(closeEnough(tableCounts(state))).toBe(true);
  });

  it('never moves a player in a hand: with the fullest table busy, balancing waits for its hand to end', () => {
    let state = closeLateRegistration(
      seated(started(9), 6, [
        ['p1', 'p2', 'p3', 'p4', 'p5'],
        ['p6', 'p7', 'p8', 'p9'],
      ]),
    );
    const busy = playHand(state, 1, []);
    state = busy.begun; // table 1 is in a hand
    const hand = playHand(state, 2, ['p9']);
    const outcome = finishHand(hand.begun, 2, hand.result, ctx());
    expect(outcome.moves).toEqual([]);
    expect(counts(outcome.state)).toEqual([5, 3]);
    expect(closeEnough(tableCounts(outcome.state))).toBe(true); // the fullest is in a hand
    // Table 1's hand ends: now a player moves.
    const o2 = finishHand(outcome.state, 1, busy.result, ctx());
    expect(counts(o2.state)).toEqual([4, 4]);
  });

  it('table breaking: 6, 6, 6 at 9-max, a bust at table 1 leaves 17, which two tables absorb; table 3 (first in the break order) breaks', () => {
    const names = Array.from({ length: 18 }, (_, i) => `p${i + 1}`);
    let state = closeLateRegistration(
      seated(started(18), 9, [names.slice(0, 6), names.slice(6, 12), names.slice(12, 18)]),
    );
    const hand = playHand(state, 1, ['p1']);
    const outcome = finishHand(hand.begun, 1, hand.result, ctx());
    state = outcome.state;
    expect(outcome.brokenTables).toEqual([3]);
    expect(outcome.moves.filter((m) => m.reason === 'break')).toHaveLength(6);
    expect(counts(state).sort()).toEqual([8, 9]);
  });

  it('final-table redraw waits for every hand: no table deals meanwhile', () => {
    let state = closeLateRegistration(
      seated(started(10), 9, [
        ['p1', 'p2', 'p3', 'p4', 'p5'],
        ['p6', 'p7', 'p8', 'p9', 'p10'],
      ]),
    );
    const busy = playHand(state, 2, []);
    state = busy.begun;
    const hand = playHand(state, 1, ['p1']);
    const outcome = finishHand(hand.begun, 1, hand.result, ctx());
    expect(outcome.state.pauseDeals).toBe(true);
    expect(dealFor(outcome.state, 1)).toBeNull();
    const o2 = finishHand(outcome.state, 2, busy.result, ctx());
    expect(o2.state.pauseDeals).toBe(false);
    expect(counts(o2.state)).toEqual([9]);
    expect(o2.state.seating!.tables[0].button).toBeNull(); // the final table draws for the button
  });

  it('hand-for-hand on the bubble: each table deals once a round, busts of one round at different tables tie (4th–5th of 6, 4 paid)', () => {
    let state = closeLateRegistration(
      seated(started(6), 3, [
        ['p1', 'p2', 'p3'],
        ['p4', 'p5', 'p6'],
      ]),
    );
    // A bust at table 1 leaves 5 players with 4 paid: the bubble.
    let hand = playHand(state, 1, ['p1']);
    state = finishHand(hand.begun, 1, hand.result, ctx(4)).state;
    expect(state.standings!.groups).toEqual([{ bestPlace: 6, players: ['e1'] }]);
    expect([...state.handForHand!.round!.pending].sort()).toEqual([1, 2]);
    // Table 1 plays its hand of the round; a bust there is held, and table 1 may not deal again.
    const t1 = dealFor(state, 1)!.players.map((p) => p.userId);
    hand = playHand(state, 1, [t1[0]]);
    state = finishHand(hand.begun, 1, hand.result, ctx(4)).state;
    expect(dealFor(state, 1)).toBeNull();
    expect(state.standings!.groups).toHaveLength(1);
    // Table 2's hand with a bust ends the round: both share 4th–5th.
    const t2 = dealFor(state, 2)!.players.map((p) => p.userId);
    hand = playHand(state, 2, [t2[0]]);
    state = finishHand(hand.begun, 2, hand.result, ctx(4)).state;
    expect(state.standings!.groups[0].bestPlace).toBe(4);
    expect(state.standings!.groups[0].players).toHaveLength(2);
    expect(state.handForHand).toBeNull();
  });

  it('late registration: busts while it is open are placed when it closes; the late entrant counts (4 entrants, the first bust is 4th)', () => {
    let state = seated(started(3, { lateRegistrationUntilLevel: 2, reEntry: true }), 9, [['p1', 'p2', 'p3']]);
    const hand = playHand(state, 1, ['p3']);
    state = finishHand(hand.begun, 1, hand.result, ctx(1, 1)).state;
    expect(state.standings).toBeNull();
    expect(state.earlyBusts).toHaveLength(1);
    state = { ...state, registration: registerEntry(state.registration, 'late', 2).state };
    state = seatLateEntry(state, 'late', rng());
    expect(counts(state)).toEqual([3]);
    state = closeLateRegistration(state);
    expect(state.standings).toEqual({ remaining: 3, groups: [{ bestPlace: 4, players: ['e3'] }] });
  });

  it('re-entry: a busted player buys a new entry during late registration and is seated again; his two entries finish separately', () => {
    let state = seated(started(3, { lateRegistrationUntilLevel: 2, reEntry: true, maxEntriesPerPlayer: 2 }), 9, [
      ['p1', 'p2', 'p3'],
    ]);
    let hand = playHand(state, 1, ['p3']);
    state = finishHand(hand.begun, 1, hand.result, ctx(1, 1)).state;
    const re = registerEntry(state.registration, 'p3', 1);
    expect(re.events[0]).toMatchObject({ type: 'registered', entryId: 4, reEntry: true, late: true });
    state = seatLateEntry({ ...state, registration: re.state }, 'p3', rng());
    expect(() => registerEntry(state.registration, 'p3', 1)).toThrow(/live entry/);
    // Level 3: registration closed; play to the end.
    for (let guard = 0; !state.winner && guard < 10; guard++) {
      const deal = dealFor(state, 1)!;
      hand = playHand(state, 1, [deal.players[0].userId]);
      state = finishHand(hand.begun, 1, hand.result, ctx(1, 3)).state;
    }
    expect(state.winner).not.toBeNull();
    const keys = state.standings!.groups.flatMap((g) => g.players).sort();
    expect(keys).toEqual(['e1', 'e2', 'e3', 'e4']);
  });

  it('a player moved between the small blind and the button waits until the button passes him', () => {
    // 6-max, players at seats 0, 2, 3 and a moved player (waiting) at seat 1.
    let state = closeLateRegistration(seated(started(4), 6, [['p1', '', 'p2', 'p3']], 3));
    state = {
      ...state,
      seating: {
        ...state.seating!,
        tables: state.seating!.tables.map((tableSnapshot) => ({
          ...tableSnapshot,
          seats: tableSnapshot.seats.map((p, i) => (i === 1 ? { playerId: 'p4', dealtIn: false } : p)),
        })),
      },
      waiting: ['p4'],
    };
    // Last button 3 → next button seat 0, small blind seat 2: seat 1 lies between them → p4 waits.
    const deal = dealFor(state, 1)!;
    expect(deal.button).toBe(0);
    expect(deal.players.map((p) => p.userId)).toEqual(['p1', 'p2', 'p3']);
    // Next hand: button 2, small blind 3: seat 1 is behind the button → he is dealt in.
    state = {
      ...state,
      seating: { ...state.seating!, tables: state.seating!.tables.map((t) => ({ ...t, button: 0 })) },
    };
    expect(dealFor(state, 1)!.players.map((p) => p.userId)).toEqual(['p1', 'p4', 'p2', 'p3']);
  });
});
