import { VARIANTS } from '../variants/catalog';
import type { BettingStructure } from '../variants/types';
import { drawRow } from './draw';
import { studRow } from './stud';
import { phhCodeOf, type PhhVariantRow } from './variants';

/**
 * The PHH ↔ engine variant table, derived from the list of games: one row per game and structure that
 * has a PHH code (`VariantSpec.phh`, `phhCodeOf`). A stud or draw game (by the rule module its spec
 * lists) gets the stud or draw row, which brings its deck builder and action mapper; other games read
 * blinds and `min_bet` (or `small_bet`/`big_bet` in Fixed Limit).
 */
function buildRows(): Map<string, PhhVariantRow> {
  const rows = new Map<string, PhhVariantRow>();
  for (const spec of VARIANTS) {
    for (const structure of spec.structures) {
      const code = phhCodeOf(spec, structure);
      if (!code) continue;
      const modules = spec.modules ?? [];
      const row: PhhVariantRow = modules.includes('stud')
        ? studRow(code, spec.id, structure)
        : modules.includes('draw')
          ? drawRow(code, spec.id, structure)
          : { code, variant: spec.id, structure, stakes: structure === 'fixed-limit' ? 'fixed' : 'min-bet' };
      if (rows.has(code)) throw new Error(`PHH code ${code} is claimed by ${rows.get(code)!.variant} and ${spec.id}`);
      rows.set(code, row);
    }
  }
  return rows;
}

let table: Map<string, PhhVariantRow> | undefined;
const rows = (): Map<string, PhhVariantRow> => (table ??= buildRows());

export function phhVariant(code: string): PhhVariantRow | undefined {
  return rows().get(code);
}

/** The row for an engine variant and structure (export), if PHH has a code for that game. */
export function phhCodeFor(variant: string, structure: BettingStructure): PhhVariantRow | undefined {
  for (const row of rows().values()) if (row.variant === variant && row.structure === structure) return row;
  return undefined;
}

export const phhVariantCodes = (): string[] => [...rows().keys()];
