import { seededRandom } from '@naiko/engine';
import { createRegistration, openRegistration, registerEntry, startTournament } from '@naiko/tournament';
import { assemble, smallOf } from './mtt-rows';
import {
  beginHand,
  closeLateRegistration,
  dealFor,
  entryKey,
  finishHand,
  newMttState,
  seatEveryone,
  type MttState,
} from './mtt-state';
import { RwGate } from './rw-gate';

/** The rows a state is stored as (what saveState leaves in mtt_entries, mtt_tables and mtt_seats). */
function rowsOf(state: MttState) {
  const placeOf = new Map<string, { best: number; rank: number }>();
  for (const group of state.standings?.groups ?? [])
    group.players.forEach((k, rank) => placeOf.set(k, { best: group.bestPlace, rank }));
  const entries = state.registration.entries.map((entry) => ({
    entry_id: entry.entryId,
    user_id: entry.playerId,
    status: entry.status,
    late: entry.late,
    re_entry: entry.reEntry,
    place_best: placeOf.get(entryKey(entry.entryId))?.best ?? null,
    place_rank: placeOf.get(entryKey(entry.entryId))?.rank ?? null,
  }));
  const order = state.seating?.breakOrder ?? [];
  const open = new Set((state.seating?.tables ?? []).map((t) => t.tableId));
  const tables = [...new Set([...open, ...order])]
    .sort((a, b) => a - b)
    .map((tableNo) => {
      const tableSnapshot = state.seating!.tables.find((x) => x.tableId === tableNo);
      return {
        table_no: tableNo,
        button: tableSnapshot?.button ?? null,
        small_blind: tableSnapshot?.positions?.smallBlind ?? null,
        big_blind: tableSnapshot?.positions?.bigBlind ?? null,
        hand_in_progress: tableSnapshot?.handInProgress ?? false,
        hand_begun: state.handsBegun?.[tableNo] ?? null,
        hands_played: state.tableHands[tableNo] ?? 0,
        closed: !tableSnapshot,
        break_rank: order.indexOf(tableNo),
        version: 0,
      };
    });
  const waiting = new Set(state.waiting);
  const seats = (state.seating?.tables ?? []).flatMap((tableSnapshot) =>
    tableSnapshot.seats.flatMap((player, seat) =>
      player
        ? [
            {
              table_no: tableSnapshot.tableId,
              seat,
              user_id: player.playerId,
              dealt_in: player.dealtIn,
              waits_for_button: waiting.has(player.playerId),
              stack: 100n,
            },
          ]
        : [],
    ),
  );
  return { entries, tables, seats };
}

function started(entrants: number): MttState {
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
  for (let i = 1; i <= entrants; i++) reg = registerEntry(reg, `p${i}`).state;
  return closeLateRegistration(seatEveryone(newMttState(startTournament(reg).state), 6, seededRandom('rows')));
}

describe('tournament state as rows (mtt-rows)', () => {
  it('a state stored as its small part plus rows reads back the same: seats, waiting players, hands, places, break order', () => {
    let state = started(14); // 3 tables of 5, 5, 4 at 6-max
    const deal = dealFor(state, 1)!;
    state = beginHand(state, 1, deal);
    const dealtIn = deal.players.map((p, order) => ({ userId: p.userId, stack: 100, order }));
    // The first dealt-in player loses everything: he busts and takes 14th place.
    const after = new Map(dealtIn.map((p, i) => [p.userId, i === 0 ? 0 : i === 1 ? 200 : 100]));
    state = finishHand(
      state,
      1,
      { dealtIn, after },
      { rng: seededRandom('rows:2'), currentLevel: 1, paidPlaces: () => 2 },
    ).state;
    expect(state.standings!.groups).toEqual([{ bestPlace: 14, players: [expect.stringMatching(/^e\d+$/)] }]);
    const { entries, tables, seats } = rowsOf(state);
    const back = assemble(JSON.parse(JSON.stringify(smallOf(state))), 6, entries, tables, seats).state;
    expect(back.seating).toEqual(state.seating);
    expect(back.registration).toEqual(state.registration);
    expect(back.standings).toEqual(state.standings);
    expect(new Set(back.waiting)).toEqual(new Set(state.waiting));
    expect(back.tableHands).toEqual({ 1: 1, 2: 0, 3: 0 });
  });

  it('the small part keeps no seat, entry or finishing group (those are rows)', () => {
    const small = smallOf(started(20));
    expect(small).not.toHaveProperty('seating');
    expect(small).not.toHaveProperty('tableHands');
    expect(small).not.toHaveProperty('waiting');
    expect(small.registration).not.toHaveProperty('entries');
    expect(small.standings).toEqual({ remaining: 20 });
  });
});

describe('RwGate (the tournament lock order inside one process)', () => {
  const tick = () => new Promise((r) => setImmediate(r));

  it('hands (readers) run side by side; a tournament-wide change (writer) waits for them and holds back new ones', async () => {
    const gate = new RwGate();
    const log: string[] = [];
    let release1!: () => void;
    let release2!: () => void;
    const r1 = gate.read(() => new Promise<void>((r) => (release1 = r)).then(() => void log.push('r1')));
    const r2 = gate.read(() => new Promise<void>((r) => (release2 = r)).then(() => void log.push('r2')));
    await tick();
    const writing = gate.write(async () => void log.push('w'));
    const r3 = gate.read(async () => void log.push('r3'));
    await tick();
    expect(log).toEqual([]); // the writer waits for r1 and r2; r3 waits behind the writer
    release2();
    await r2;
    await tick();
    expect(log).toEqual(['r2']);
    release1();
    await Promise.all([r1, writing, r3]);
    expect(log).toEqual(['r2', 'r1', 'w', 'r3']);
    expect(gate.idle).toBe(true);
  });

  it('writers run one at a time, in arrival order', async () => {
    const gate = new RwGate();
    const log: number[] = [];
    await Promise.all(
      [1, 2, 3].map((round) =>
        gate.write(async () => {
          log.push(round);
          await tick();
          log.push(-round);
        }),
      ),
    );
    expect(log).toEqual([1, -1, 2, -2, 3, -3]);
  });
});
