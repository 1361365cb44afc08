/**
 * Structure templates (turbo, regular, deep) and "suggest levels": a blind structure, in the types of
 * `blinds.ts`, from the starting stack, the wanted duration, the level length and the expected
 * entrants. Integer arithmetic only, so the same input always gives the same structure.
 *
 * How levels are suggested (the rule, written down):
 * 1. Blinds are taken from `NICE_BIG_BLINDS` (mantissas 1, 1.2, 1.5, 2, 2.5, 3, 4, 5, 6, 8 × 10^k,
 *    integers and even, so the small blind is exactly half): 2, 4, 6, 8, 10, 12, 20, 30, ...
 * 2. First big blind: the largest nice value ≤ starting stack / the template's starting depth in big
 *    blinds (turbo 50, regular 100, deep 200).
 * 3. Target last big blind: the largest nice value ≤ chips in play / 20, i.e. heads-up with 10 big
 *    blinds each on average, when the tournament should be over.
 * 4. Number of levels: as many as fit in the wanted duration with the template's breaks.
 * 5. Level i (0-based) uses the nice value at index start + round(i × span / (levels − 1)), at least
 *    one index above the previous level (so blinds always go up; if the span is shorter than the
 *    number of levels, blinds climb one step a level and the target is reached early).
 * 6. `overtimeLevels` more levels (default 5) continue at the average step, so a tournament that runs
 *    long still ends; the last level lasts for ever as in every structure.
 * Antes: big-blind ante (= the big blind) from the template's level.
 */
import { type BlindStructure, type StructureStep, validateBlindStructure } from './blinds';
import { StructureTemplateError } from './errors';

export type StructureTemplateName = 'turbo' | 'regular' | 'deep';

export interface StructureTemplate {
  readonly name: StructureTemplateName;
  readonly levelMs: number;
  readonly breakMs: number;
  /** A break after every `breakEvery` levels. */
  readonly breakEvery: number;
  /** First level with a big-blind ante. */
  readonly anteFromLevel: number;
  /** Starting stack in big blinds at level 1. */
  readonly startingBigBlinds: number;
}

const MINUTE = 60_000;

export const STRUCTURE_TEMPLATES: Readonly<Record<StructureTemplateName, StructureTemplate>> = {
  turbo: {
    name: 'turbo',
    levelMs: 5 * MINUTE,
    breakMs: 5 * MINUTE,
    breakEvery: 12,
    anteFromLevel: 3,
    startingBigBlinds: 50,
  },
  regular: {
    name: 'regular',
    levelMs: 10 * MINUTE,
    breakMs: 5 * MINUTE,
    breakEvery: 6,
    anteFromLevel: 4,
    startingBigBlinds: 100,
  },
  deep: {
    name: 'deep',
    levelMs: 15 * MINUTE,
    breakMs: 5 * MINUTE,
    breakEvery: 4,
    anteFromLevel: 4,
    startingBigBlinds: 200,
  },
};

/** 2, 4, 6, 8, 10, 12, 20, 30, 40, 50, 60, 80, 100, 120, 150, 200, 250, ... up to 8·10^15. */
export const NICE_BIG_BLINDS: readonly number[] = (() => {
  const out: number[] = [];
  for (let base = 1; base <= 1e15; base *= 10) {
    for (const mantissa of [10, 12, 15, 20, 25, 30, 40, 50, 60, 80]) {
      if ((mantissa * base) % 10 !== 0) continue;
      const bigBlind = (mantissa * base) / 10;
      if (bigBlind % 2 === 0) out.push(bigBlind);
    }
  }
  return out;
})();

export interface SuggestLevelsInput {
  readonly startingStack: number;
  readonly durationMs: number;
  /** Defaults to the template's level length. */
  readonly levelMs?: number;
  readonly expectedEntrants: number;
  /** Default 'regular'. */
  readonly template?: StructureTemplateName;
  /** Levels after the planned end; default 5. */
  readonly overtimeLevels?: number;
}

const isPosInt = (n: number) => Number.isSafeInteger(n) && n > 0;

/** Largest index whose nice value is ≤ target (0 if none). */
function niceIndexAtMost(target: number): number {
  let idx = 0;
  for (let i = 0; i < NICE_BIG_BLINDS.length && NICE_BIG_BLINDS[i] <= target; i++) idx = i;
  return idx;
}

/** Levels that fit: the largest L with L × level + floor((L − 1) / breakEvery) × break ≤ duration. */
export function levelsThatFit(durationMs: number, levelMs: number, breakMs: number, breakEvery: number): number {
  let levels = 0;
  // Capped: more levels than nice blinds could never be built (and a 1 ms level must not loop for ever).
  while (
    levels <= NICE_BIG_BLINDS.length &&
    (levels + 1) * levelMs + Math.floor(levels / breakEvery) * breakMs <= durationMs
  )
    levels++;
  return levels;
}

function buildSteps(bigBlinds: readonly number[], template: StructureTemplate, levelMs: number): StructureStep[] {
  const steps: StructureStep[] = [];
  bigBlinds.forEach((bb, index) => {
    if (index > 0 && template.breakMs > 0 && index % template.breakEvery === 0)
      steps.push({ kind: 'break', durationMs: template.breakMs });
    const ante = index + 1 >= template.anteFromLevel;
    steps.push({
      kind: 'level',
      smallBlind: bb / 2,
      bigBlind: bb,
      ante: ante ? bb : 0,
      anteKind: ante ? 'big-blind-ante' : 'none',
      durationMs: levelMs,
    });
  });
  return steps;
}

export function suggestLevels(input: SuggestLevelsInput): BlindStructure {
  const name = input.template ?? 'regular';
  const structureTemplate = STRUCTURE_TEMPLATES[name];
  if (!structureTemplate) throw new StructureTemplateError('unknown-template', `no structure template "${name}"`);
  const levelMs = input.levelMs ?? structureTemplate.levelMs;
  const overtime = input.overtimeLevels ?? 5;
  const chips = input.startingStack * input.expectedEntrants;
  if (
    !isPosInt(input.startingStack) ||
    !isPosInt(input.durationMs) ||
    !isPosInt(levelMs) ||
    !isPosInt(input.expectedEntrants) ||
    input.expectedEntrants < 2 ||
    !Number.isSafeInteger(overtime) ||
    overtime < 0 ||
    !Number.isSafeInteger(chips) ||
    input.durationMs < levelMs
  ) {
    throw new StructureTemplateError(
      'bad-suggestion-input',
      'positive integer stack, duration ≥ one level, level length, at least 2 entrants, overtime ≥ 0',
    );
  }
  if (input.startingStack < 2 * structureTemplate.startingBigBlinds) {
    throw new StructureTemplateError(
      'bad-suggestion-input',
      `a ${name} structure needs a starting stack of at least ${2 * structureTemplate.startingBigBlinds}`,
    );
  }
  const levels = levelsThatFit(input.durationMs, levelMs, structureTemplate.breakMs, structureTemplate.breakEvery);
  const start = niceIndexAtMost(Math.floor(input.startingStack / structureTemplate.startingBigBlinds));
  const end = Math.max(start, niceIndexAtMost(Math.floor(chips / 20)));
  const span = end - start;
  const idx: number[] = [];
  for (let i = 0; i < levels; i++) {
    const planned = levels === 1 ? start : start + Math.floor((2 * i * span + (levels - 1)) / (2 * (levels - 1)));
    idx.push(i === 0 ? planned : Math.max(planned, idx[i - 1] + 1));
  }
  const step = Math.max(1, levels > 1 ? Math.floor(span / (levels - 1)) : 1);
  for (let k = 0; k < overtime; k++) idx.push(idx[idx.length - 1] + step);
  if (idx[idx.length - 1] >= NICE_BIG_BLINDS.length) {
    throw new StructureTemplateError(
      'bad-suggestion-input',
      'the suggested blinds exceed the largest supported big blind',
    );
  }
  return validateBlindStructure({
    name: `suggested-${name}`,
    steps: buildSteps(
      idx.map((i) => NICE_BIG_BLINDS[i]),
      structureTemplate,
      levelMs,
    ),
  });
}

/**
 * The template's own structure for a starting stack (the default editor content): `suggestLevels` over 4 hours, 100
 * entrants.
 */
export function templateStructure(name: StructureTemplateName, startingStack: number): BlindStructure {
  if (!STRUCTURE_TEMPLATES[name])
    throw new StructureTemplateError('unknown-template', `no structure template "${name}"`);
  return suggestLevels({ startingStack, durationMs: 4 * 60 * MINUTE, expectedEntrants: 100, template: name });
}
