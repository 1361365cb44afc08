import {
  type BlindLevel,
  NICE_BIG_BLINDS,
  STRUCTURE_TEMPLATES,
  StructureTemplateError,
  levelsThatFit,
  scheduleOf,
  suggestLevels,
  templateStructure,
  validateBlindStructure,
} from '@naiko/tournament';

const MIN = 60_000;
const levelsOf = (s: { steps: readonly { kind: string }[] }) =>
  s.steps.filter((x) => x.kind === 'level') as BlindLevel[];
const codeOf = (call: () => unknown) => {
  try {
    call();
  } catch (error) {
    if (error instanceof StructureTemplateError) return error.code;
    throw error;
  }
};

describe('structure templates', () => {
  test('turbo, regular and deep templates', () => {
    expect(STRUCTURE_TEMPLATES.turbo).toMatchObject({ levelMs: 5 * MIN, startingBigBlinds: 50 });
    expect(STRUCTURE_TEMPLATES.regular).toMatchObject({ levelMs: 10 * MIN, startingBigBlinds: 100 });
    expect(STRUCTURE_TEMPLATES.deep).toMatchObject({ levelMs: 15 * MIN, startingBigBlinds: 200 });
    for (const name of ['turbo', 'regular', 'deep'] as const) {
      expect(validateBlindStructure(templateStructure(name, 20_000)).name).toBe(`suggested-${name}`);
    }
  });

  test('nice big blinds are even (exact half small blind) and increasing', () => {
    expect(NICE_BIG_BLINDS.slice(0, 18)).toEqual([
      2, 4, 6, 8, 10, 12, 20, 30, 40, 50, 60, 80, 100, 120, 150, 200, 250, 300,
    ]);
    for (let i = 1; i < NICE_BIG_BLINDS.length; i++) {
      expect(NICE_BIG_BLINDS[i] % 2).toBe(0);
      expect(NICE_BIG_BLINDS[i]).toBeGreaterThan(NICE_BIG_BLINDS[i - 1]);
    }
  });
});

describe('suggest levels', () => {
  /*
   * Regular, stack 10,000, 4 hours, 10-minute levels, 100 entrants.
   * Levels that fit (5-minute break every 6 levels): 22 → 220 + 5·3 = 235 min ≤ 240; 23 → 245 > 240.
   * First BB: 10,000 / 100 = 100 (nice index 12). Last BB: 1,000,000 / 20 = 50,000 (index 39). Span 27 over 21 steps.
   * Index of level i = 12 + round(27·i / 21) = 12 + round(9i/7):
   *   i: 0  1  2  3  4  5  6  7  8  9 10 11 12 13 14 15 16 17 18 19 20 21
   *  +:  0  1  3  4  5  6  8  9 10 12 13 14 15 17 18 19 21 22 23 24 26 27
   * → 100 120 200 250 300 400 600 800 1000 1500 2000 2500 3000 5000 6000 8000 12000 15000 20000 25000 40000 50000,
   * then 5 overtime levels at the average step floor(27/21) = 1: 60000 80000 100000 120000 150000.
   */
  test('regular 10,000 chips, 4 hours, 100 entrants: the hand-worked ladder', () => {
    const structure = suggestLevels({
      startingStack: 10_000,
      durationMs: 240 * MIN,
      levelMs: 10 * MIN,
      expectedEntrants: 100,
    });
    const levels = levelsOf(structure);
    expect(levels.map((l) => l.bigBlind)).toEqual([
      100, 120, 200, 250, 300, 400, 600, 800, 1000, 1500, 2000, 2500, 3000, 5000, 6000, 8000, 12000, 15000, 20000,
      25000, 40000, 50000, 60000, 80000, 100000, 120000, 150000,
    ]);
    expect(levels.every((l) => l.smallBlind * 2 === l.bigBlind && l.durationMs === 10 * MIN)).toBe(true);
    // Big-blind ante from level 4.
    expect(levels.slice(0, 3).every((l) => l.anteKind === 'none' && l.ante === 0)).toBe(true);
    expect(levels.slice(3).every((l) => l.anteKind === 'big-blind-ante' && l.ante === l.bigBlind)).toBe(true);
    // Breaks after levels 6, 12, 18, 24; level 22 (the planned end) starts at 21·10 + 3·5 = 225 minutes.
    const sched = scheduleOf(structure);
    expect(sched.filter((x) => x.kind === 'break').map((x) => x.levelNumber)).toEqual([6, 12, 18, 24]);
    expect(sched.find((x) => x.kind === 'level' && x.levelNumber === 22)!.startsAtMs).toBe(225 * MIN);
  });

  /*
   * Turbo, stack 5,000, 2 hours, 5-minute levels, 45 entrants.
   * Levels: 23 → 115 + 5·floor(22/12) = 120 ≤ 120. First BB 5,000 / 50 = 100 (index 12); last 225,000 / 20 = 11,250
   * → 10,000 (index 32), span 20 < 22 steps: blinds climb one nice step a level, 100 → index 34 (15,000) at level 23.
   */
  test('a span shorter than the levels climbs one step a level and reaches the target early', () => {
    const structure = suggestLevels({
      startingStack: 5_000,
      durationMs: 120 * MIN,
      expectedEntrants: 45,
      template: 'turbo',
      overtimeLevels: 0,
    });
    const bbs = levelsOf(structure).map((l) => l.bigBlind);
    expect(bbs).toHaveLength(23);
    expect(bbs).toEqual(NICE_BIG_BLINDS.slice(12, 35));
    expect(bbs[22]).toBe(15_000);
  });

  test('levels that fit count the breaks', () => {
    expect(levelsThatFit(240 * MIN, 10 * MIN, 5 * MIN, 6)).toBe(22);
    expect(levelsThatFit(9 * MIN, 10 * MIN, 5 * MIN, 6)).toBe(0);
    expect(levelsThatFit(60 * MIN, 10 * MIN, 0, 1)).toBe(6);
  });

  test('bad input is refused with a typed error', () => {
    const ok = { startingStack: 10_000, durationMs: 240 * MIN, expectedEntrants: 100 };
    expect(codeOf(() => suggestLevels({ ...ok, startingStack: 0 }))).toBe('bad-suggestion-input');
    expect(codeOf(() => suggestLevels({ ...ok, expectedEntrants: 1 }))).toBe('bad-suggestion-input');
    expect(codeOf(() => suggestLevels({ ...ok, durationMs: 5 * MIN }))).toBe('bad-suggestion-input');
    expect(codeOf(() => suggestLevels({ ...ok, startingStack: 150 }))).toBe('bad-suggestion-input');
    expect(codeOf(() => suggestLevels({ ...ok, levelMs: 1, durationMs: 1e12 }))).toBe('bad-suggestion-input');
    expect(codeOf(() => suggestLevels({ ...ok, template: 'hyper' as never }))).toBe('unknown-template');
  });
});
