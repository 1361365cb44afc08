// The stakes of a tournament table, from the tournament's blind structure. The level in force is
// the tournament's (its level/break jobs move `step_index` under the row lock); the table asks this
// schedule once per hand, just before the deal, after the tournament allowed the deal for the step
// it names — so every table of a tournament deals a hand with the stakes of the step in force when
// that hand began. A break deals nothing: `mayDeal` is false and the service refuses the deal.
import type { BlindLevel, BlindStructure } from '@naiko/tournament';
import type { TableStakes } from '@naiko/table';
import type { BlindSchedule, BlindScheduleContext } from '../tables/blind-schedule';

/** Table stakes of a level; a big-blind ante is flagged for the engine (`bigBlindAnte`). */
export type LevelStakes = TableStakes & { bigBlindAnte?: boolean };

export function stakesOfLevel(level: Pick<BlindLevel, 'smallBlind' | 'bigBlind' | 'ante' | 'anteKind'>): LevelStakes {
  const stakes: LevelStakes = { smallBlind: level.smallBlind, bigBlind: level.bigBlind };
  if (level.anteKind !== 'none' && level.ante > 0) stakes.ante = level.ante;
  if (level.anteKind === 'big-blind-ante' && level.ante > 0) stakes.bigBlindAnte = true;
  return stakes;
}

export class LevelSchedule implements BlindSchedule {
  private step = 0;

  constructor(private readonly structure: BlindStructure) {
    if (!structure.steps.some((s) => s.kind === 'level')) throw new Error('a blind structure needs at least one level');
  }

  /** Whether a hand may start while step `stepIndex` is in force (never during a break). */
  mayDeal(stepIndex: number): boolean {
    return this.structure.steps[stepIndex]?.kind === 'level';
  }

  /** The level a step plays: itself, or for a break the level after it (what the lobby shows next). */
  levelAt(stepIndex: number): BlindLevel {
    const steps = this.structure.steps;
    for (let i = Math.min(stepIndex, steps.length - 1); i < steps.length; i++)
      if (steps[i].kind === 'level') return steps[i] as BlindLevel;
    for (let i = steps.length - 1; i >= 0; i--) if (steps[i].kind === 'level') return steps[i] as BlindLevel;
    throw new Error('unreachable: the structure has a level');
  }

  /** The step the next deal is made in (set by the tournament when it allows the deal). */
  enter(stepIndex: number): void {
    if (!this.mayDeal(stepIndex)) throw new Error(`step ${stepIndex} is a break: no hand is dealt`);
    this.step = stepIndex;
  }

  /** The stakes of the first level, for the table's configuration before any hand. */
  first(): LevelStakes {
    return stakesOfLevel(this.levelAt(0));
  }

  stakesFor(_ctx: BlindScheduleContext): LevelStakes {
    return stakesOfLevel(this.levelAt(this.step));
  }
}
