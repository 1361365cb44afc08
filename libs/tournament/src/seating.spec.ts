import fc from 'fast-check';
import {
  type SeatingSnapshot,
  type TableSnapshot,
  SeatingError,
  applySeatingPlan,
  initialSeating,
  nextHandPositions,
  planSeating,
  seatNewPlayer,
  waitsForButtonAt,
  worstFreeSeat,
} from '@naiko/tournament';
import { testRandom } from './test-helpers/seeded-random';
import { allPlayers, counts, filled, table } from './test-helpers/tables';

const NINE_FULL = 'A B C D E F G H I';
const snap = (tables: readonly TableSnapshot[], breakOrder?: number[]): SeatingSnapshot => ({
  tableSize: 9,
  tables,
  breakOrder,
});

describe('seating rules (TDA / 2024 WSOP)', () => {
  test('rule 1: initial seats are random over ceil(n/size) tables, as evenly as possible', () => {
    const players = Array.from({ length: 20 }, (_, i) => `p${i}`);
    const tables = initialSeating(players, 9, testRandom(1));
    const snapshot = snap(tables);
    expect(tables.map((t) => t.tableId)).toEqual([1, 2, 3]);
    expect(counts(snapshot)).toEqual([7, 7, 6]);
    expect(allPlayers(snapshot).sort()).toEqual([...players].sort());
    expect(tables.every((t) => t.button === null && t.seats.every((p) => !p || !p.dealtIn))).toBe(true);
    // Same seed, same draw; another seed, another draw.
    expect(initialSeating(players, 9, testRandom(1))).toEqual(tables);
    expect(initialSeating(players, 9, testRandom(2))).not.toEqual(tables);
  });

  test('rule 2: balance when the difference reaches two (9 vs 7: one move, then 8 vs 8)', () => {
    const snapshot = snap([table(1, NINE_FULL, 2), table(2, 'J K L M N O P . .', 0)]);
    const plan = planSeating(snapshot, testRandom(1));
    expect(plan.moves).toHaveLength(1);
    expect(counts(applySeatingPlan(snapshot, plan))).toEqual([8, 8]);
  });

  test('rule 2: a difference of one is left alone (8 vs 7)', () => {
    const snapshot = snap([table(1, 'A B C D E F G H .', 2), table(2, 'J K L M N O P . .', 0)]);
    expect(planSeating(snapshot, testRandom(1)).moves).toEqual([]);
  });

  test('rule 2: several fullest tables give one player each only until within one (9,9,7 → 8,9,8)', () => {
    const snapshot = snap([table(1, NINE_FULL, 2), filled(2, 9, 9, 10, 0), filled(3, 7, 9, 20, 0)]);
    const plan = planSeating(snapshot, testRandom(1));
    expect(plan.moves.map((m) => [m.from.tableId, m.to.tableId])).toEqual([[1, 3]]);
    expect(counts(applySeatingPlan(snapshot, plan))).toEqual([8, 9, 8]);
  });

  test('rule 3: the player moved is the one who would be big blind next at the fullest table', () => {
    // Button was seat 2: next hand button 3 (D), small blind 4 (E), big blind 5 (F) → F moves.
    const snapshot = snap([table(1, NINE_FULL, 2), table(2, 'J K L M N O P . .', 0)]);
    expect(nextHandPositions(snapshot.tables[0].seats, 2)).toEqual({ button: 3, smallBlind: 4, bigBlind: 5 });
    const [move] = planSeating(snapshot, testRandom(1)).moves;
    expect(move).toMatchObject({
      playerId: 'F',
      from: { tableId: 1, seat: 5 },
      to: { tableId: 2, seat: 7 },
      reason: 'balance',
      waitsForButton: false,
    });
  });

  test('rule 4: he goes to the worst-positioned free seat, the one that posts the big blind next', () => {
    // Short table: occupied 0,1,2,4,5,7,8; button was 0 → next button 1, SB 2, BB 4. Seat 3 (between SB
    // and BB) makes him the big blind of the next hand; seat 6 would give him two free hands first.
    const snapshot = snap([table(1, NINE_FULL, 2), table(2, 'J K L . M N . O P', 0)]);
    expect(worstFreeSeat(snapshot.tables[1])).toEqual({ seat: 3, waitsForButton: false });
    expect(planSeating(snapshot, testRandom(1)).moves[0].to).toEqual({ tableId: 2, seat: 3 });
  });

  test('rule 4: never between the small blind and the button', () => {
    // Occupied 0,2..7; button was 7 → next button 0, SB 2, BB 3. Seat 1 lies between button and SB:
    // he goes to seat 8 instead.
    const snapshot = snap([table(1, NINE_FULL, 2), table(2, 'J . K L M N O P .', 7)]);
    expect(nextHandPositions(snapshot.tables[1].seats, 7)).toEqual({ button: 0, smallBlind: 2, bigBlind: 3 });
    expect(planSeating(snapshot, testRandom(1)).moves[0]).toMatchObject({
      to: { tableId: 2, seat: 8 },
      waitsForButton: false,
    });
  });

  test('rule 4: when only seats between the small blind and the button are free, he sits there and waits', () => {
    // Occupied 0,3..8; button was 8 → next button 0, SB 3: seats 1 and 2 both lie between them.
    const snapshot = snap([table(1, NINE_FULL, 2), table(2, 'J . . K L M N O P', 8)]);
    expect(planSeating(snapshot, testRandom(1)).moves[0]).toMatchObject({
      to: { tableId: 2, seat: 1 },
      waitsForButton: true,
    });
  });

  test('rule 3 with libs/table positions (dead button): the big blind moves forward from the last big blind', () => {
    // Last hand: button 2, small blind 3, big blind 4; the big blind busted. Dead-button rule: the next
    // big blind is the first player after seat 4, i.e. seat 5 (the moving button would say seat 6).
    const source = { ...table(1, 'A B C D . F G H I', 2), positions: { button: 2, smallBlind: 3, bigBlind: 4 } };
    const snapshot = snap([source, table(2, 'J K L M N O . . .', 0)]);
    expect(planSeating(snapshot, testRandom(1)).moves[0]).toMatchObject({
      playerId: 'F',
      from: { tableId: 1, seat: 5 },
    });
    expect(
      planSeating(snap([table(1, 'A B C D . F G H I', 2), table(2, 'J K L M N O . . .', 0)]), testRandom(1)).moves[0]
        .playerId,
    ).toBe('G');
  });

  test('rule 4 with libs/table positions (dead button): a newcomer on the dead button seat waits', () => {
    // Last hand: button 0, small blind 1, big blind 2; the small blind busted. Next hand: big blind 3,
    // small blind on seat 2, the button dead on seat 1: seat 1 lies in the button zone.
    const tableWithPositions = {
      ...table(2, 'J . L M N O P . .', 0),
      positions: { button: 0, smallBlind: 1, bigBlind: 2 },
    };
    expect(waitsForButtonAt(tableWithPositions, 1)).toBe(true);
    expect(waitsForButtonAt(tableWithPositions, 7)).toBe(false);
    expect(worstFreeSeat(tableWithPositions)).toEqual({ seat: 7, waitsForButton: false });
  });

  test('rule 5: never moves a player at a table whose hand is in progress', () => {
    const snapshot = snap([table(1, NINE_FULL, 2, true), table(2, 'J K L M N O P . .', 0)]);
    const plan = planSeating(snapshot, testRandom(1));
    expect(plan.moves).toEqual([]);
    expect(plan.holds).toEqual([{ kind: 'balance-waits-for-hand', tableIds: [1] }]);
  });

  test('rule 5: a moved player can be moved again until he is dealt into a hand', () => {
    // X (seat 6) arrived during the hand in progress and was not dealt in: he can move; F (next big
    // blind, in the hand) cannot.
    const snapshot = snap([table(1, 'A B C D E F X* H I', 2, true), table(2, 'J K L M N O P . .', 0)]);
    expect(planSeating(snapshot, testRandom(1)).moves).toEqual([
      {
        playerId: 'X',
        from: { tableId: 1, seat: 6 },
        to: { tableId: 2, seat: 7 },
        reason: 'balance',
        waitsForButton: false,
      },
    ]);
  });

  test('rule 5: a player moved to a table whose hand is in progress waits there and is not dealt in', () => {
    const snapshot = snap([table(1, NINE_FULL, 2), table(2, 'J K L M N O P . .', 0, true)]);
    const after = applySeatingPlan(snapshot, planSeating(snapshot, testRandom(1)));
    expect(after.tables[1].seats[7]).toEqual({ playerId: 'F', dealtIn: false });
  });

  test('rule 6: tables break in the pre-set order (default highest number) as soon as the others can absorb them', () => {
    const snapshot = snap([filled(1, 6, 9, 0, 0), filled(2, 6, 9, 10, 0), filled(3, 6, 9, 20, 0)]);
    const plan = planSeating(snapshot, testRandom(3));
    expect(plan.brokenTables).toEqual([3]);
    expect(plan.moves).toHaveLength(6);
    expect(plan.moves.every((m) => m.reason === 'break' && m.from.tableId === 3 && m.to.tableId !== 3)).toBe(true);
    expect(counts(applySeatingPlan(snapshot, plan))).toEqual([9, 9]);
    // An explicit order breaks table 2 first.
    expect(planSeating(snap(snapshot.tables, [2, 1, 3]), testRandom(3)).brokenTables).toEqual([2]);
  });

  test('rule 6: no break while the other tables cannot absorb the players (6+6+7 = 19 > 18)', () => {
    const snapshot = snap([filled(1, 6, 9, 0, 0), filled(2, 6, 9, 10, 0), filled(3, 7, 9, 20, 0)]);
    const plan = planSeating(snapshot, testRandom(1));
    expect(plan.brokenTables).toEqual([]);
    expect(plan.moves).toEqual([]);
  });

  test('rule 6: players of a broken table are drawn at random into the free seats of the shortest tables', () => {
    // 9 + 5 + 4 = 18: table 3 breaks; its 4 players fill table 2 first (5 → 7), then both tables.
    const snapshot = snap([filled(1, 8, 9, 0, 0), filled(2, 5, 9, 10, 0), filled(3, 4, 9, 20, 0)]);
    const outcomes = new Set<string>();
    for (let seed = 1; seed <= 20; seed++) {
      const plan = planSeating(snapshot, testRandom(seed));
      const after = applySeatingPlan(snapshot, plan);
      expect(counts(after).sort()).toEqual([8, 9]);
      outcomes.add(JSON.stringify(plan.moves.map((m) => [m.playerId, m.to])));
    }
    expect(outcomes.size).toBeGreaterThan(5);
  });

  test('rule 6: a table whose hand is in progress breaks after that hand; the others balance meanwhile', () => {
    const snapshot = snap([filled(1, 9, 9, 0, 0), filled(2, 5, 9, 10, 0), filled(3, 4, 9, 20, 0, true)]);
    const plan = planSeating(snapshot, testRandom(1));
    expect(plan.holds).toEqual([{ kind: 'break-waits-for-hand', tableId: 3 }]);
    expect(plan.brokenTables).toEqual([]);
    expect(plan.moves.every((m) => m.from.tableId === 1 && m.to.tableId === 2)).toBe(true);
    expect(counts(applySeatingPlan(snapshot, plan))).toEqual([7, 7, 4]);
  });

  test('rule 6a: a table of one player breaks at once, out of the pre-set order, while the fullest tables are all in a hand', () => {
    // 9 + 9 + 7, all in a hand, and 1: the pre-set order names table 3 (busy) first; the lone
    // player must not wait for its hand.
    const snapshot = snap(
      [filled(1, 9, 9, 0, 0, true), filled(2, 9, 9, 10, 0, true), filled(3, 7, 9, 20, 0, true), filled(4, 1, 9, 30, 0)],
      [3, 2, 1, 4],
    );
    const plan = planSeating(snapshot, testRandom(1));
    expect(plan.brokenTables).toEqual([4]);
    expect(plan.moves).toEqual([
      expect.objectContaining({ playerId: 'p30', from: { tableId: 4, seat: 0 }, reason: 'break' }),
    ]);
    expect(plan.moves[0].to.tableId).toBe(3); // the only table with a free seat, between its hands
    expect(counts(applySeatingPlan(snapshot, plan))).toEqual([9, 9, 8]);
    // Many tables of one (the report's deadlock had 186): they pair up at once instead of waiting.
    const lone = Array.from({ length: 6 }, (_, i) => filled(10 + i, 1, 9, 100 + i, 0));
    const many = snap([filled(1, 7, 9, 0, 0, true), filled(2, 7, 9, 10, 0, true), ...lone]);
    const after = applySeatingPlan(many, planSeating(many, testRandom(2)));
    expect(counts(after).filter((c) => c < 2)).toEqual([]);
    expect(allPlayers(after).sort()).toEqual(allPlayers(many).sort());
  });

  test('rule 6a: a table of one player stays while every other table is full (balancing fills it instead)', () => {
    const snapshot = snap([filled(1, 9, 9, 0, 0), filled(2, 1, 9, 10, 0)]);
    const plan = planSeating(snapshot, testRandom(1));
    expect(plan.brokenTables).toEqual([]);
    expect(counts(applySeatingPlan(snapshot, plan))).toEqual([5, 5]);
  });

  test('rule 7: redraw at the final table once the field fits one table', () => {
    const snapshot = snap([filled(1, 5, 9, 0, 3), filled(2, 4, 9, 10, 1)]);
    const plan = planSeating(snapshot, testRandom(1));
    expect(plan).toMatchObject({ finalTableRedraw: true, finalTableId: 1, brokenTables: [2] });
    expect(plan.moves).toHaveLength(9);
    expect(new Set(plan.moves.map((m) => m.to.seat)).size).toBe(9);
    const after = applySeatingPlan(snapshot, plan);
    expect(after.tables).toHaveLength(1);
    expect(after.tables[0].button).toBeNull();
    expect(allPlayers(after).sort()).toEqual(allPlayers(snapshot).sort());
  });

  test('rule 7: the redraw waits until no hand is in progress', () => {
    const snapshot = snap([filled(1, 5, 9, 0, 3), filled(2, 4, 9, 10, 1, true)]);
    expect(planSeating(snapshot, testRandom(1))).toMatchObject({
      moves: [],
      finalTableRedraw: false,
      holds: [{ kind: 'redraw-waits-for-hands', tableIds: [2] }],
    });
  });

  test('late entrant: a random free seat at a shortest table; a new table when all are full', () => {
    const seatingSnapshot = snap([filled(1, 8, 9, 0, 0), filled(2, 7, 9, 10, 0)]);
    const seated = seatNewPlayer(seatingSnapshot, 'late', testRandom(1));
    expect(seated.to.tableId).toBe(2);
    expect(counts(seated.snapshot)).toEqual([8, 8]);
    const full = snap([filled(1, 9, 9, 0, 0)]);
    const opened = seatNewPlayer(full, 'late', testRandom(1));
    expect(opened).toMatchObject({ openedTable: true, to: { tableId: 2 } });
    // Balancing then fills the new table: 9 vs 1 → 5 vs 5.
    const plan = planSeating(opened.snapshot, testRandom(1));
    expect(counts(applySeatingPlan(opened.snapshot, plan))).toEqual([5, 5]);
  });

  test('late entrant: a table opened for him never takes the number of a broken table', () => {
    // Table 3 broke (highest number first); the break order still lists it.
    const seatingSnapshot = snap([filled(1, 9, 9, 0, 0), filled(2, 9, 9, 10, 0)], [3, 2, 1]);
    const opened = seatNewPlayer(seatingSnapshot, 'late', testRandom(1));
    expect(opened).toMatchObject({ openedTable: true, to: { tableId: 4 } });
    expect(opened.snapshot.breakOrder).toEqual([4, 3, 2, 1]);
  });

  test('bad snapshots are refused with typed errors', () => {
    expect(() => planSeating(snap([table(1, 'A B', 0)]), testRandom(1))).toThrow(SeatingError);
    expect(() => planSeating(snap([filled(1, 3, 9, 0), filled(1, 3, 9, 10)]), testRandom(1))).toThrow(SeatingError);
    expect(() => planSeating(snap([filled(1, 3, 9, 0), filled(2, 3, 9, 0)]), testRandom(1))).toThrow(SeatingError);
    expect(() => planSeating({ tableSize: 11, tables: [] }, testRandom(1))).toThrow(SeatingError);
    expect(() => planSeating(snap([filled(1, 3, 9, 0)], [2]), testRandom(1))).toThrow(SeatingError);
  });
});

// ---------------------------------------------------------------------------------------------
// Properties on random seatings

const arbSnapshot = (withHands: boolean) =>
  fc
    .record({
      tableSize: fc.integer({ min: 2, max: 10 }),
      tables: fc.array(
        fc.record({
          occupancy: fc.array(fc.boolean(), { minLength: 10, maxLength: 10 }),
          dealt: fc.array(fc.boolean(), { minLength: 10, maxLength: 10 }),
          button: fc.option(fc.integer({ min: 0, max: 9 })),
          positions: fc.option(
            fc.record({
              button: fc.integer({ min: 0, max: 9 }),
              smallBlind: fc.option(fc.integer({ min: 0, max: 9 })),
              bigBlind: fc.option(fc.integer({ min: 0, max: 9 })),
            }),
          ),
          handInProgress: withHands ? fc.boolean() : fc.constant(false),
        }),
        { minLength: 1, maxLength: 25 },
      ),
      seed: fc.integer(),
    })
    .map(({ tableSize, tables, seed }) => {
      let next = 0;
      const snapshot: SeatingSnapshot = {
        tableSize,
        tables: tables.map((layout, index) => ({
          tableId: index + 1,
          seats: layout.occupancy
            .slice(0, tableSize)
            .map((o, s) => (o ? { playerId: `p${next++}`, dealtIn: layout.dealt[s] } : null)),
          button: layout.button === null ? null : layout.button % tableSize,
          positions: layout.positions && {
            button: layout.positions.button % tableSize,
            smallBlind: layout.positions.smallBlind === null ? null : layout.positions.smallBlind % tableSize,
            bigBlind: layout.positions.bigBlind === null ? null : layout.positions.bigBlind % tableSize,
          },
          handInProgress: layout.handInProgress,
        })),
      };
      return { snapshot, seed };
    });

function checkNoDuplicatesAndCapacity(before: SeatingSnapshot, after: SeatingSnapshot): void {
  const players = allPlayers(after);
  expect(new Set(players).size).toBe(players.length); // no player seated twice
  expect(players.sort()).toEqual(allPlayers(before).sort()); // nobody lost
  // Breaking never exceeds the table size.
  for (const table of after.tables) expect(table.seats).toHaveLength(before.tableSize);
}

describe('seating properties', () => {
  test('property: between hands, the plan leaves tables within one player, breaks what can break, seats nobody twice', () => {
    fc.assert(
      fc.property(arbSnapshot(false), ({ snapshot, seed }) => {
        const plan = planSeating(snapshot, testRandom(seed));
        const after = applySeatingPlan(snapshot, plan);
        checkNoDuplicatesAndCapacity(snapshot, after);
        const counted = counts(after);
        const total = counted.reduce((a, b) => a + b, 0);
        expect(plan.holds).toEqual([]);
        if (after.tables.length > 1) {
          expect(Math.max(...counted) - Math.min(...counted)).toBeLessThanOrEqual(1);
          expect(total).toBeGreaterThan((after.tables.length - 1) * snapshot.tableSize);
        }
        // A second pass has nothing left to do.
        expect(planSeating(after, testRandom(seed)).moves).toEqual([]);
      }),
      { numRuns: 400 },
    );
  });

  test('property: with hands in progress, nobody in a hand is moved; balance holds whenever nothing had to wait', () => {
    fc.assert(
      fc.property(arbSnapshot(true), ({ snapshot, seed }) => {
        const plan = planSeating(snapshot, testRandom(seed));
        const after = applySeatingPlan(snapshot, plan);
        checkNoDuplicatesAndCapacity(snapshot, after);
        const origin = new Map<string, { busy: boolean; dealtIn: boolean }>();
        for (const tableSnapshot of snapshot.tables)
          for (const player of tableSnapshot.seats)
            if (player) origin.set(player.playerId, { busy: tableSnapshot.handInProgress, dealtIn: player.dealtIn });
        const movedOnce = new Set<string>();
        for (const move of plan.moves) {
          const before = origin.get(move.playerId)!;
          if (!movedOnce.has(move.playerId)) expect(before.busy && before.dealtIn).toBe(false);
          movedOnce.add(move.playerId);
        }
        if (plan.holds.length === 0 && after.tables.length > 1) {
          const counted = counts(after);
          expect(Math.max(...counted) - Math.min(...counted)).toBeLessThanOrEqual(1);
        }
      }),
      { numRuns: 400 },
    );
  });

  test('property: breaking never exceeds table size and seats every player of the broken tables', () => {
    fc.assert(
      fc.property(
        fc.integer({ min: 2, max: 10 }),
        fc.array(fc.integer({ min: 0, max: 10 }), { minLength: 2, maxLength: 30 }),
        fc.integer(),
        (tableSize, sizes, seed) => {
          // Sparse fields so that several tables must break at once.
          let next = 0;
          const snapshot: SeatingSnapshot = {
            tableSize,
            tables: sizes.map((k, i) =>
              filled(i + 1, Math.min(k, tableSize) >> 1, tableSize, (next += tableSize), k % tableSize),
            ),
          };
          const plan = planSeating(snapshot, testRandom(seed));
          const after = applySeatingPlan(snapshot, plan);
          checkNoDuplicatesAndCapacity(snapshot, after);
          for (const occupied of counts(after)) expect(occupied).toBeLessThanOrEqual(tableSize);
          const broken = new Set(plan.brokenTables);
          for (const snapshot of after.tables) expect(broken.has(snapshot.tableId)).toBe(false);
          const total = counts(after).reduce((a, b) => a + b, 0);
          // Tables break until the field needs every table left: ceil(players / size), at least one.
          expect(after.tables.length).toBe(Math.max(1, Math.ceil(total / tableSize)));
        },
      ),
      { numRuns: 300 },
    );
  });
});
