import {
  type BlindStructure,
  FAST_MODE_STRUCTURE,
  HYPER_TURBO_STRUCTURE,
  InvalidBlindStructureError,
  REGULAR_STRUCTURE,
  TURBO_STRUCTURE,
  levelAt,
  levelNumbered,
  scheduleOf,
  validateBlindStructure,
} from '@naiko/tournament';

const lvl = (
  smallBlind: number,
  bigBlind: number,
  durationMs: number,
  ante = 0,
  anteKind: 'none' | 'ante' | 'big-blind-ante' = ante ? 'ante' : 'none',
) => ({ kind: 'level', smallBlind, bigBlind, ante, anteKind, durationMs }) as const;
const brk = (durationMs: number) => ({ kind: 'break', durationMs }) as const;

// Level 1 = 0..1000, level 2 = 1000..3000, break = 3000..3500, level 3 = 3500.. (for ever).
const small: BlindStructure = {
  name: 't',
  steps: [lvl(10, 20, 1000), lvl(20, 40, 2000, 40, 'big-blind-ante'), brk(500), lvl(30, 60, 1000, 5)],
};

function codeOf(call: () => unknown): string | undefined {
  try {
    call();
  } catch (error) {
    if (error instanceof InvalidBlindStructureError) return error.code;
    throw error;
  }
  return undefined;
}

describe('blind structures', () => {
  test('levelAt: a level owns [start, end); the next level starts exactly at the end', () => {
    expect(levelAt(small, 0)).toMatchObject({
      kind: 'level',
      levelNumber: 1,
      startsAtMs: 0,
      endsAtMs: 1000,
      msRemaining: 1000,
    });
    expect(levelAt(small, 999)).toMatchObject({ kind: 'level', levelNumber: 1, msRemaining: 1 });
    expect(levelAt(small, 1000)).toMatchObject({ kind: 'level', levelNumber: 2, startsAtMs: 1000, endsAtMs: 3000 });
  });

  test('levelAt with breaks: the break sits between levels and has no number', () => {
    const pos = levelAt(small, 3200);
    expect(pos).toMatchObject({
      kind: 'break',
      afterLevelNumber: 2,
      startsAtMs: 3000,
      endsAtMs: 3500,
      msRemaining: 300,
    });
    if (pos.kind === 'break') expect(pos.nextLevel.bigBlind).toBe(60);
    expect(levelAt(small, 3500)).toMatchObject({ kind: 'level', levelNumber: 3, stepIndex: 3 });
  });

  test('the last level lasts for ever', () => {
    expect(levelAt(small, 10 ** 12)).toMatchObject({
      kind: 'level',
      levelNumber: 3,
      endsAtMs: null,
      msRemaining: null,
    });
  });

  test('levelAt refuses a negative or non-finite elapsed time', () => {
    expect(codeOf(() => levelAt(small, -1))).toBe('bad-elapsed');
    expect(codeOf(() => levelAt(small, Number.NaN))).toBe('bad-elapsed');
  });

  test('scheduleOf lists every step with its start (for one job per level or break)', () => {
    expect(scheduleOf(small)).toEqual([
      { stepIndex: 0, kind: 'level', levelNumber: 1, startsAtMs: 0, endsAtMs: 1000 },
      { stepIndex: 1, kind: 'level', levelNumber: 2, startsAtMs: 1000, endsAtMs: 3000 },
      { stepIndex: 2, kind: 'break', levelNumber: 2, startsAtMs: 3000, endsAtMs: 3500 },
      { stepIndex: 3, kind: 'level', levelNumber: 3, startsAtMs: 3500, endsAtMs: null },
    ]);
    expect(levelNumbered(small, 3)?.bigBlind).toBe(60);
    expect(levelNumbered(small, 4)).toBeNull();
  });

  test.each([
    ['empty', []],
    ['starts-with-break', [brk(10), lvl(1, 2, 10)]],
    ['ends-with-break', [lvl(1, 2, 10), brk(10)]],
    ['consecutive-breaks', [lvl(1, 2, 10), brk(10), brk(10), lvl(2, 4, 10)]],
    ['not-integer', [lvl(1.5, 2, 10)]],
    ['non-positive-blind', [lvl(0, 2, 10)]],
    ['big-blind-below-small-blind', [lvl(4, 2, 10)]],
    ['ante-mismatch', [lvl(1, 2, 10, 0, 'ante')]],
    ['ante-mismatch', [{ ...lvl(1, 2, 10), ante: 1 }]],
    ['ante-too-large', [lvl(10, 20, 10, 30)]],
    ['blinds-decrease', [lvl(10, 20, 10), lvl(5, 10, 10)]],
    ['non-positive-duration', [lvl(1, 2, 0)]],
  ] as const)('validation refuses a bad structure with a typed error: %s', (code, steps) => {
    expect(codeOf(() => validateBlindStructure({ name: 'bad', steps }))).toBe(code);
  });

  test('ready-made structures are valid and shaped as published', () => {
    for (const structure of [REGULAR_STRUCTURE, TURBO_STRUCTURE, HYPER_TURBO_STRUCTURE, FAST_MODE_STRUCTURE])
      validateBlindStructure(structure);
    // Regular: 10-minute levels, a 5-minute break after level 6, big-blind ante from level 4.
    expect(levelAt(REGULAR_STRUCTURE, 59 * 60_000)).toMatchObject({ kind: 'level', levelNumber: 6 });
    expect(levelAt(REGULAR_STRUCTURE, 60 * 60_000)).toMatchObject({ kind: 'break', afterLevelNumber: 6 });
    expect(levelNumbered(REGULAR_STRUCTURE, 3)).toMatchObject({ anteKind: 'none', ante: 0 });
    expect(levelNumbered(REGULAR_STRUCTURE, 4)).toMatchObject({
      smallBlind: 25,
      bigBlind: 50,
      ante: 50,
      anteKind: 'big-blind-ante',
    });
    // Hyper-turbo: 3-minute levels, no breaks, no ante.
    expect(
      HYPER_TURBO_STRUCTURE.steps.every((s) => s.kind === 'level' && s.durationMs === 180_000 && s.ante === 0),
    ).toBe(true);
    // Fast mode: 2 s levels, a 1 s break every 5 levels.
    expect(levelAt(FAST_MODE_STRUCTURE, 10_500)).toMatchObject({ kind: 'break', afterLevelNumber: 5 });
    expect(levelAt(FAST_MODE_STRUCTURE, 11_000)).toMatchObject({ kind: 'level', levelNumber: 6 });
  });
});
