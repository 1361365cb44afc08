import type { TournamentView } from '@naiko/contracts';
import { lobbyExtras } from './tournament-lobby';

const level = (stepNo: number, levelNo: number, bb: number, ms = 60_000) => ({
  stepIndex: stepNo,
  kind: 'level' as const,
  levelNumber: levelNo,
  smallBlind: bb / 2,
  bigBlind: bb,
  ante: 0,
  durationMs: ms,
});
const brk = (stepNo: number, levelNo: number, ms = 30_000) => ({
  stepIndex: stepNo,
  kind: 'break' as const,
  levelNumber: levelNo,
  smallBlind: null,
  bigBlind: null,
  ante: null,
  durationMs: ms,
});
const entrant = (userId: string, table: number | null, seat: number | null, stack: number) => ({
  userId,
  username: userId.toUpperCase(),
  entries: 1,
  table,
  tableRef: table ? `ref${table}` : null,
  seat,
  stack,
  place: null,
  prize: 0,
});

describe('tournament lobby extras (issue 25)', () => {
  /*
   * Structure: L1 (60 s), L2 (60 s), break (30 s), L3. Level 1 in force, level 2 due at t = 1,000,000.
   * Next level: L2 at 1,000,000. Next break: after L2, at 1,000,000 + 60,000 = 1,060,000.
   * In the break (step 2, next step at 2,000,000): next level L3 at 2,000,000, no break left.
   */
  test('next level and next break with their start times', () => {
    const structure = [level(0, 1, 20), level(1, 2, 40), brk(2, 2), level(3, 3, 60)];
    const view = {
      structure,
      clock: {
        stepIndex: 0,
        kind: 'level',
        levelNumber: 1,
        smallBlind: 10,
        bigBlind: 20,
        ante: 0,
        nextStepAt: 1_000_000,
      },
      entrants: [],
      tables: [],
      phase: 'running',
    } as unknown as TournamentView;
    const extras = lobbyExtras(view);
    expect(extras.nextLevel).toEqual({ levelNumber: 2, smallBlind: 20, bigBlind: 40, ante: 0, startsAt: 1_000_000 });
    expect(extras.nextBreak).toEqual({ durationMs: 30_000, startsAt: 1_060_000 });
    const inBreak = {
      ...view,
      clock: { ...view.clock!, stepIndex: 2, kind: 'break', nextStepAt: 2_000_000 },
    } as TournamentView;
    expect(lobbyExtras(inBreak).nextLevel).toEqual({
      levelNumber: 3,
      smallBlind: 30,
      bigBlind: 60,
      ante: 0,
      startsAt: 2_000_000,
    });
    expect(lobbyExtras(inBreak).nextBreak).toBeNull();
  });

  test("each table's players in seat order, busted players left out, the chip leader", () => {
    const view = {
      structure: [level(0, 1, 20)],
      clock: null,
      phase: 'running',
      tables: [
        { tableId: 1, tableRef: 'ref1', players: 2, handInProgress: false, handsPlayed: 0 },
        { tableId: 2, tableRef: 'ref2', players: 1, handInProgress: false, handsPlayed: 0 },
      ],
      entrants: [
        entrant('c', 1, 5, 900),
        entrant('a', 1, 2, 1_500),
        entrant('b', 2, 0, 3_600),
        entrant('z', null, null, 0),
      ],
    } as unknown as TournamentView;
    const extras = lobbyExtras(view);
    expect(extras.tablePlayers).toEqual([
      {
        tableId: 1,
        tableRef: 'ref1',
        players: [
          { userId: 'a', username: 'A', seat: 2, stack: 1_500 },
          { userId: 'c', username: 'C', seat: 5, stack: 900 },
        ],
      },
      { tableId: 2, tableRef: 'ref2', players: [{ userId: 'b', username: 'B', seat: 0, stack: 3_600 }] },
    ]);
    expect(extras.chipLeader).toEqual({ username: 'B', stack: 3_600 });
    // No clock (not started): the next level is level 1, its time not known yet.
    expect(extras.nextLevel).toEqual({ levelNumber: 1, smallBlind: 10, bigBlind: 20, ante: 0, startsAt: null });
  });
});
