import type { RuleModuleId } from '../variants/types';
import { DRAW_MODULE } from './draw/module';
import { HOME_MODULE } from './home/offers';
import { POWERS_MODULE } from './naiko/powers';
import type { RuleModule } from './rule-module';
import { STUD_MODULE } from './stud/rules';

/**
 * The rule modules by the names specs list (`VariantSpec.modules`). Imported only by the machine's entry
 * points (`start`, `replayEvents`, `viewEvent`), never by the core the modules build on, so the engine has
 * no import cycle (`no-import-cycles.spec.ts`).
 */
export const RULE_MODULES: Readonly<Record<RuleModuleId, RuleModule>> = {
  home: HOME_MODULE,
  stud: STUD_MODULE,
  draw: DRAW_MODULE,
  powers: POWERS_MODULE,
};
