import type { VariantSpec } from './types';
import { holdem, naiko, omaha, omaha5, omaha5HiLo, omahaHiLo } from './flop';
import { STUD_VARIANTS } from './stud';
import { DRAW_VARIANTS } from './draw';

export * from './types';
export * from './flop';
export * from './stud';
export * from './draw';
export * from './naiko';

const registry = new Map<string, VariantSpec>();

/** Adds a variant (the stud and draw modules register theirs); an id can be registered once. */
export function registerVariant(spec: VariantSpec): void {
  const known = registry.get(spec.id);
  if (known && known !== spec) throw new Error(`variant ${spec.id} is already registered`);
  registry.set(spec.id, spec);
}

export function getVariant(id: string): VariantSpec {
  const spec = registry.get(id);
  if (!spec) throw new Error(`unknown variant: ${id}`);
  return spec;
}

export const variantIds = (): string[] => [...registry.keys()];

for (const v of [holdem, omaha, omaha5, omahaHiLo, omaha5HiLo, naiko]) registerVariant(v);
for (const v of STUD_VARIANTS) registerVariant(v);
for (const v of DRAW_VARIANTS) registerVariant(v);
// The draw module registers its extension points on load (it replays through start.ts, so after the specs).
import '../hand/draw/draw';
// The home-game offers (run it twice, show or muck) register their actions and view the same way.
import '../hand/home/offers';
