/**
 * Blind structures: a list of steps, each a blind level or a break. Levels are numbered 1, 2, ...
 * counting levels only (breaks have no number). Time is the tournament's elapsed clock in
 * milliseconds, supplied by the caller (the library never reads a clock). The last level lasts for
 * ever: a structure never "runs out".
 *
 * The orchestrator asks `levelAt(structure, elapsedMs)` when a hand starts: a new level applies from
 * the next hand, and no hand starts during a break.
 */
import { InvalidBlindStructureError } from './errors';

/**
 * `ante`: every player posts `ante` before the deal. `big-blind-ante`: the big blind posts one ante for
 * the whole table (the modern live and online convention). `none`: no ante (then `ante` is 0).
 */
export type AnteKind = 'none' | 'ante' | 'big-blind-ante';

export interface BlindLevel {
  readonly kind: 'level';
  readonly smallBlind: number;
  readonly bigBlind: number;
  readonly ante: number;
  readonly anteKind: AnteKind;
  readonly durationMs: number;
}

export interface BlindBreak {
  readonly kind: 'break';
  readonly durationMs: number;
}

export type StructureStep = BlindLevel | BlindBreak;

export interface BlindStructure {
  readonly name: string;
  readonly steps: readonly StructureStep[];
}

/** One row of the published schedule, e.g. for BullMQ job ids (`sng:123:level:4`). */
export interface ScheduledStep {
  readonly stepIndex: number;
  readonly kind: 'level' | 'break';
  /** Level number for a level; for a break, the number of the level it follows. */
  readonly levelNumber: number;
  readonly startsAtMs: number;
  /** `null` for the last level, which never ends. */
  readonly endsAtMs: number | null;
}

export type ClockPosition =
  | {
      readonly kind: 'level';
      readonly level: BlindLevel;
      readonly levelNumber: number;
      readonly stepIndex: number;
      readonly startsAtMs: number;
      readonly endsAtMs: number | null;
      /** Milliseconds until the next step; `null` on the last level. */
      readonly msRemaining: number | null;
    }
  | {
      readonly kind: 'break';
      readonly stepIndex: number;
      /** The level played before the break. */
      readonly afterLevelNumber: number;
      /** The level that starts when the break ends. */
      readonly nextLevel: BlindLevel;
      readonly startsAtMs: number;
      readonly endsAtMs: number;
      readonly msRemaining: number;
    };

const isPositiveInt = (n: number) => Number.isSafeInteger(n) && n > 0;

/** Throws `InvalidBlindStructureError` on the first problem found; returns the structure otherwise. */
export function validateBlindStructure(structure: BlindStructure): BlindStructure {
  const steps = structure.steps;
  if (steps.length === 0) throw new InvalidBlindStructureError('empty', 'a blind structure needs at least one level');
  if (steps[0].kind === 'break') {
    throw new InvalidBlindStructureError('starts-with-break', 'a blind structure starts with a level', 0);
  }
  if (steps[steps.length - 1].kind === 'break') {
    throw new InvalidBlindStructureError('ends-with-break', 'a blind structure ends with a level', steps.length - 1);
  }
  let previous: BlindLevel | null = null;
  steps.forEach((step, index) => {
    if (!Number.isSafeInteger(step.durationMs)) {
      throw new InvalidBlindStructureError('not-integer', `step ${index}: duration must be an integer`, index);
    }
    if (step.durationMs <= 0) {
      throw new InvalidBlindStructureError('non-positive-duration', `step ${index}: duration must be positive`, index);
    }
    if (step.kind === 'break') {
      if (steps[index - 1].kind === 'break') {
        throw new InvalidBlindStructureError('consecutive-breaks', `step ${index}: two breaks in a row`, index);
      }
      return;
    }
    for (const amount of [step.smallBlind, step.bigBlind, step.ante]) {
      if (!Number.isSafeInteger(amount)) {
        throw new InvalidBlindStructureError('not-integer', `step ${index}: chip amounts must be integers`, index);
      }
    }
    if (!isPositiveInt(step.smallBlind) || !isPositiveInt(step.bigBlind)) {
      throw new InvalidBlindStructureError('non-positive-blind', `step ${index}: blinds must be positive`, index);
    }
    if (step.bigBlind < step.smallBlind) {
      throw new InvalidBlindStructureError(
        'big-blind-below-small-blind',
        `step ${index}: big blind below small blind`,
        index,
      );
    }
    if ((step.anteKind === 'none') !== (step.ante === 0) || step.ante < 0) {
      throw new InvalidBlindStructureError(
        'ante-mismatch',
        `step ${index}: ante ${step.ante} does not fit ante kind "${step.anteKind}"`,
        index,
      );
    }
    // A per-player ante above the big blind inverts the forced-bet order; no room publishes that.
    if (step.ante > step.bigBlind) {
      throw new InvalidBlindStructureError('ante-too-large', `step ${index}: ante above the big blind`, index);
    }
    if (previous && (step.smallBlind < previous.smallBlind || step.bigBlind < previous.bigBlind)) {
      throw new InvalidBlindStructureError('blinds-decrease', `step ${index}: blinds go down`, index);
    }
    previous = step;
  });
  return structure;
}

/** The whole schedule with start and end times; useful to enqueue one job per level or break. */
export function scheduleOf(structure: BlindStructure): ScheduledStep[] {
  validateBlindStructure(structure);
  const out: ScheduledStep[] = [];
  let startMs = 0;
  let levelNumber = 0;
  structure.steps.forEach((step, index) => {
    if (step.kind === 'level') levelNumber++;
    const last = index === structure.steps.length - 1;
    out.push({
      stepIndex: index,
      kind: step.kind,
      levelNumber,
      startsAtMs: startMs,
      endsAtMs: last ? null : startMs + step.durationMs,
    });
    startMs += step.durationMs;
  });
  return out;
}

/**
 * Where the clock stands after `elapsedMs` of tournament time. A step owns [start, end): at exactly
 * the end of level 1 the clock is already in level 2 (or the break).
 */
export function levelAt(structure: BlindStructure, elapsedMs: number): ClockPosition {
  if (!Number.isFinite(elapsedMs) || elapsedMs < 0) {
    throw new InvalidBlindStructureError('bad-elapsed', `elapsed time must be a finite number >= 0, got ${elapsedMs}`);
  }
  const steps = structure.steps;
  let startMs = 0;
  let levelNumber = 0;
  for (let i = 0; i < steps.length; i++) {
    const step = steps[i];
    if (step.kind === 'level') levelNumber++;
    const last = i === steps.length - 1;
    const end = startMs + step.durationMs;
    if (last || elapsedMs < end) {
      if (step.kind === 'level') {
        return {
          kind: 'level',
          level: step,
          levelNumber,
          stepIndex: i,
          startsAtMs: startMs,
          endsAtMs: last ? null : end,
          msRemaining: last ? null : end - elapsedMs,
        };
      }
      return {
        kind: 'break',
        stepIndex: i,
        afterLevelNumber: levelNumber,
        nextLevel: steps[i + 1] as BlindLevel,
        startsAtMs: startMs,
        endsAtMs: end,
        msRemaining: end - elapsedMs,
      };
    }
    startMs = end;
  }
  // Unreachable for a validated structure (the last step is a level and catches everything).
  throw new InvalidBlindStructureError('empty', 'a blind structure needs at least one level');
}

/** The n-th level (1-based), e.g. for "late registration until level N" displays. */
export function levelNumbered(structure: BlindStructure, levelNumber: number): BlindLevel | null {
  let levelsSeen = 0;
  for (const step of structure.steps) {
    if (step.kind === 'level' && ++levelsSeen === levelNumber) return step;
  }
  return null;
}

/** Blind ladder shared by the ready-made structures: [small blind, big blind]. */
export const BLIND_LADDER: readonly (readonly [number, number])[] = [
  [10, 20],
  [15, 30],
  [20, 40],
  [25, 50],
  [30, 60],
  [40, 80],
  [50, 100],
  [60, 120],
  [75, 150],
  [100, 200],
  [125, 250],
  [150, 300],
  [200, 400],
  [250, 500],
  [300, 600],
  [400, 800],
  [500, 1000],
  [600, 1200],
  [800, 1600],
  [1000, 2000],
  [1250, 2500],
  [1500, 3000],
  [2000, 4000],
  [2500, 5000],
  [3000, 6000],
  [4000, 8000],
  [5000, 10000],
  [6000, 12000],
  [8000, 16000],
  [10000, 20000],
  [12500, 25000],
  [15000, 30000],
  [20000, 40000],
  [25000, 50000],
  [30000, 60000],
  [40000, 80000],
  [50000, 100000],
  [60000, 120000],
  [80000, 160000],
  [100000, 200000],
];

export interface LadderOptions {
  readonly name: string;
  readonly levelMs: number;
  /** Break length; 0 for no breaks. */
  readonly breakMs: number;
  /** A break after every `breakEvery` levels (ignored when `breakMs` is 0). */
  readonly breakEvery: number;
  /** First level (1-based) with an ante; `null` for no ante at all. */
  readonly anteFromLevel: number | null;
  readonly anteKind: Exclude<AnteKind, 'none'>;
}

/**
 * Builds a structure on `BLIND_LADDER`. Big-blind ante = one big blind; a per-player ante = an eighth
 * of the big blind rounded down to whole chips, at least 1 (the usual 12.5%).
 */
export function ladderStructure(options: LadderOptions): BlindStructure {
  const steps: StructureStep[] = [];
  BLIND_LADDER.forEach(([smallBlind, bigBlind], index) => {
    const levelNumber = index + 1;
    const hasAnte = options.anteFromLevel !== null && levelNumber >= options.anteFromLevel;
    const ante = !hasAnte
      ? 0
      : options.anteKind === 'big-blind-ante'
        ? bigBlind
        : Math.max(1, Math.floor(bigBlind / 8));
    if (index > 0 && options.breakMs > 0 && index % options.breakEvery === 0)
      steps.push({ kind: 'break', durationMs: options.breakMs });
    steps.push({
      kind: 'level',
      smallBlind,
      bigBlind,
      ante,
      anteKind: hasAnte ? options.anteKind : 'none',
      durationMs: options.levelMs,
    });
  });
  return validateBlindStructure({ name: options.name, steps });
}

const MINUTE = 60_000;

/** Scheduled tournaments: 10-minute levels, a 5-minute break every 6 levels, big-blind ante from level 4. */
export const REGULAR_STRUCTURE = ladderStructure({
  name: 'regular',
  levelMs: 10 * MINUTE,
  breakMs: 5 * MINUTE,
  breakEvery: 6,
  anteFromLevel: 4,
  anteKind: 'big-blind-ante',
});

/** Turbo: 5-minute levels, a 5-minute break every 12 levels, big-blind ante from level 3. */
export const TURBO_STRUCTURE = ladderStructure({
  name: 'turbo',
  levelMs: 5 * MINUTE,
  breakMs: 5 * MINUTE,
  breakEvery: 12,
  anteFromLevel: 3,
  anteKind: 'big-blind-ante',
});

/** Hyper-turbo (Spin): 3-minute levels, no breaks, no ante. */
export const HYPER_TURBO_STRUCTURE = ladderStructure({
  name: 'hyper-turbo',
  levelMs: 3 * MINUTE,
  breakMs: 0,
  breakEvery: 1,
  anteFromLevel: null,
  anteKind: 'big-blind-ante',
});

/** Fast mode for tests and demos: short levels and breaks with the regular shape. */
export function fastModeStructure(levelMs = 2_000, breakMs = 1_000, breakEvery = 5): BlindStructure {
  return ladderStructure({
    name: 'fast',
    levelMs,
    breakMs,
    breakEvery,
    anteFromLevel: 3,
    anteKind: 'big-blind-ante',
  });
}

export const FAST_MODE_STRUCTURE = fastModeStructure();

export const READY_MADE_STRUCTURES = {
  regular: REGULAR_STRUCTURE,
  turbo: TURBO_STRUCTURE,
  'hyper-turbo': HYPER_TURBO_STRUCTURE,
  fast: FAST_MODE_STRUCTURE,
} as const;
