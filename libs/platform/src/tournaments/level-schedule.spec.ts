// The stakes of tournament tables from the blind structure, and the ids of tournament tables.
import { fastModeStructure, type BlindStructure } from '@naiko/tournament';
import { LevelSchedule, stakesOfLevel } from './level-schedule';
import { mttTableId } from './table-ids';

const ctx = { handNumber: 1, now: 0, configured: { smallBlind: 1, bigBlind: 2 } };

const STRUCTURE: BlindStructure = {
  name: 'test',
  steps: [
    { kind: 'level', smallBlind: 10, bigBlind: 20, ante: 0, anteKind: 'none', durationMs: 1000 },
    { kind: 'break', durationMs: 500 },
    { kind: 'level', smallBlind: 20, bigBlind: 40, ante: 5, anteKind: 'ante', durationMs: 1000 },
    { kind: 'level', smallBlind: 50, bigBlind: 100, ante: 100, anteKind: 'big-blind-ante', durationMs: 1000 },
  ],
};

describe('LevelSchedule', () => {
  test('a level deals with its blinds; an ante level adds the ante for everyone', () => {
    const schedule = new LevelSchedule(STRUCTURE);
    expect(schedule.stakesFor(ctx)).toEqual({ smallBlind: 10, bigBlind: 20 });
    schedule.enter(2);
    expect(schedule.stakesFor(ctx)).toEqual({ smallBlind: 20, bigBlind: 40, ante: 5 });
  });

  test('a big-blind ante level flags the engine’s bigBlindAnte', () => {
    const schedule = new LevelSchedule(STRUCTURE);
    schedule.enter(3);
    expect(schedule.stakesFor(ctx)).toEqual({ smallBlind: 50, bigBlind: 100, ante: 100, bigBlindAnte: true });
    expect(stakesOfLevel({ smallBlind: 1, bigBlind: 2, ante: 0, anteKind: 'none' })).toEqual({
      smallBlind: 1,
      bigBlind: 2,
    });
  });

  test('no deal during a break: mayDeal is false and entering a break is refused', () => {
    const schedule = new LevelSchedule(STRUCTURE);
    expect(schedule.mayDeal(0)).toBe(true);
    expect(schedule.mayDeal(1)).toBe(false);
    expect(schedule.mayDeal(99)).toBe(false);
    expect(() => schedule.enter(1)).toThrow(/break/);
    // The stakes in force did not change.
    expect(schedule.stakesFor(ctx)).toEqual({ smallBlind: 10, bigBlind: 20 });
  });

  test('a break shows the level after it; past the end the last level stays in force', () => {
    const schedule = new LevelSchedule(STRUCTURE);
    expect(schedule.levelAt(1)).toMatchObject({ smallBlind: 20, bigBlind: 40 });
    expect(schedule.levelAt(10)).toMatchObject({ smallBlind: 50, bigBlind: 100 });
    expect(schedule.first()).toEqual({ smallBlind: 10, bigBlind: 20 });
  });

  test('the fast-mode structure: every level deals, every break does not', () => {
    const structure = fastModeStructure(1000, 300, 4);
    const schedule = new LevelSchedule(structure);
    structure.steps.forEach((step, i) => expect(schedule.mayDeal(i)).toBe(step.kind === 'level'));
  });

  test('a structure without a level is refused', () => {
    expect(() => new LevelSchedule({ name: 'x', steps: [{ kind: 'break', durationMs: 1 }] })).toThrow();
  });
});

describe('mttTableId', () => {
  test('tournament table ids are UUIDs the table events accept, the same after a restart, distinct per table', () => {
    const uuid = /^[0-9a-f]{8}-[0-9a-f]{4}-5[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/;
    expect(mttTableId(1, 1)).toMatch(uuid);
    expect(mttTableId(1, 1)).toBe(mttTableId(1, 1));
    const ids = new Set([mttTableId(1, 1), mttTableId(1, 2), mttTableId(2, 1), mttTableId(12, 1), mttTableId(1, 21)]);
    expect(ids.size).toBe(5);
  });
});
