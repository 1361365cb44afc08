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
function rowsOf(s: MttState) {
  const placeOf = new Map<string, { best: number; rank: number }>();
  for (const g of s.standings?.groups ?? [])
    g.players.forEach((k, rank) => placeOf.set(k, { best: g.bestPlace, rank }));
  const entries = s.registration.entries.map((e) => ({
    entry_id: e.entryId,
    user_id: e.playerId,
    status: e.status,
    late: e.late,
    re_entry: e.reEntry,
    place_best: placeOf.get(entryKey(e.entryId))?.best ?? null,
    place_rank: placeOf.get(entryKey(e.entryId))?.rank ?? null,
  }));
  const order = s.seating?.breakOrder ?? [];
  const open = new Set((s.seating?.tables ?? []).map((t) => t.tableId));
  const tables = [...new Set([...open, ...order])]
    .sort((a, b) => a - b)
    .map((n) => {
      const t = s.seating!.tables.find((x) => x.tableId === n);
      return {
        table_no: n,
        button: t?.button ?? null,
        hand_in_progress: t?.handInProgress ?? false,
        hand_begun: s.handsBegun?.[n] ?? null,
        hands_played: s.tableHands[n] ?? 0,
        closed: !t,
        break_rank: order.indexOf(n),
        version: 0,
      };
    });
  const waiting = new Set(s.waiting);
  const seats = (s.seating?.tables ?? []).flatMap((t) =>
    t.seats.flatMap((p, seat) =>
      p
        ? [
            {
              table_no: t.tableId,
              seat,
              user_id: p.playerId,
              dealt_in: p.dealtIn,
              waits_for_button: waiting.has(p.playerId),
              stack: 100n,
            },
          ]
        : [],
    ),
  );
  return { entries, tables, seats };
}

function started(n: number): MttState {
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
  for (let i = 1; i <= n; i++) reg = registerEntry(reg, `p${i}`).state;
  return closeLateRegistration(seatEveryone(newMttState(startTournament(reg).state), 6, seededRandom('rows')));
}

describe('tournament state as rows (mtt-rows)', () => {
  it('a state stored as its small part plus rows reads back the same: seats, waiting players, hands, places, break order', () => {
    let s = started(14); // 3 tables of 5, 5, 4 at 6-max
    const deal = dealFor(s, 1)!;
    s = beginHand(s, 1, deal);
    const dealtIn = deal.players.map((p, order) => ({ userId: p.userId, stack: 100, order }));
    // The first dealt-in player loses everything: he busts and takes 14th place.
    const after = new Map(dealtIn.map((p, i) => [p.userId, i === 0 ? 0 : i === 1 ? 200 : 100]));
    s = finishHand(
      s,
      1,
      { dealtIn, after },
      { rng: seededRandom('rows:2'), currentLevel: 1, paidPlaces: () => 2 },
    ).state;
    expect(s.standings!.groups).toEqual([{ bestPlace: 14, players: [expect.stringMatching(/^e\d+$/)] }]);
    const { entries, tables, seats } = rowsOf(s);
    const back = assemble(JSON.parse(JSON.stringify(smallOf(s))), 6, entries, tables, seats).state;
    expect(back.seating).toEqual(s.seating);
    expect(back.registration).toEqual(s.registration);
    expect(back.standings).toEqual(s.standings);
    expect(new Set(back.waiting)).toEqual(new Set(s.waiting));
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
    const w = gate.write(async () => void log.push('w'));
    const r3 = gate.read(async () => void log.push('r3'));
    await tick();
    expect(log).toEqual([]); // the writer waits for r1 and r2; r3 waits behind the writer
    release2();
    await r2;
    await tick();
    expect(log).toEqual(['r2']);
    release1();
    await Promise.all([r1, w, r3]);
    expect(log).toEqual(['r2', 'r1', 'w', 'r3']);
    expect(gate.idle).toBe(true);
  });

  it('writers run one at a time, in arrival order', async () => {
    const gate = new RwGate();
    const log: number[] = [];
    await Promise.all(
      [1, 2, 3].map((n) =>
        gate.write(async () => {
          log.push(n);
          await tick();
          log.push(-n);
        }),
      ),
    );
    expect(log).toEqual([1, -1, 2, -2, 3, -3]);
  });
});
