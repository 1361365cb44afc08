import type { Card } from '../cards/card';
import type { RuleModuleId, VariantSpec } from '../variants/types';
import type { ActionHandler } from './apply';
import type { BoundsHook } from './betting';
import type { Draft } from './draft';
import type { DealStepHandler } from './flow';
import type { OpenerFn } from './order';
import type { CardSource } from './start';
import type { Action, HandConfig, HandEvent } from './types';
import type { EventRedactor, ViewExtension } from './view';

/**
 * A rule module: what a family of games adds to the hand machine (draws, stud's bring-in and open
 * pair, Naiko's powers, the home-game offers). A variant spec lists the modules it is played with by
 * name (`VariantSpec.modules`, as boardgame.io lists a game's plugins); `start` binds those names to
 * the modules (`rule-modules.ts`) and the machine reads them from the hand's spec through `rulesOf`.
 * Nothing registers at import time and the machine's core imports no module (the modules import it).
 */
export interface RuleModule {
  /** The name specs list; also the key of the module's part of `view(...).ext`. */
  readonly id: RuleModuleId;
  /** Opener rules by the name streets use (`StreetSpec.opener`, `showdownOpener`): stud's 'bring-in'. */
  readonly openers?: Readonly<Record<string, OpenerFn>>;
  /** Deal steps by kind (`DealStep.kind`) beyond the machine's 'hole' and 'board': 'draw'. */
  readonly dealSteps?: Readonly<Record<string, DealStepHandler>>;
  /** Actions by type beyond the poker actions (fold, check, call, bet, raise, bring-in). */
  readonly actions?: Readonly<Record<string, ActionHandler>>;
  /** Narrows the bounds of the player to act (Short Anchor's pot-size cap, stud's bring-in). */
  readonly bounds?: BoundsHook;
  /** Sets up the module's per-hand state right after `hand-started`, before any forced bet. */
  readonly start?: StartHook;
  /** Per-viewer filters of the module's `x-` events (every game's redactors apply to any feed). */
  readonly redactors?: Readonly<Record<string, EventRedactor>>;
  /** The module's per-viewer part of the view, shown as `view(...).ext[id]`. */
  readonly view?: ViewExtension;
  /**
   * Rebuilds the inputs of a hand from an unredacted event log whose events the core does not read
   * (draws, swapped and peeked cards): the config to replay, the stacked deck and the actions. Null
   * for a log that is not this module's; `replayEvents` then uses the core's reading.
   */
  readonly replayInputs?: (config: HandConfig, spec: VariantSpec, events: readonly HandEvent[]) => ReplayInputs | null;
}

/** What `replay(config, deck, actions)` needs to rebuild a hand. */
export interface ReplayInputs {
  config: HandConfig;
  deck: Card[];
  actions: Action[];
}

/**
 * Start hooks let a module set up its per-hand state (`d.ext`) from the config and the hand's card
 * source right after `hand-started`, before any forced bet: Naiko's powers grant sparks and draw the
 * carousel from the same random source, after the deck's shuffle(s), so the deck is unchanged. A hook
 * may throw `HandConfigError` for a config it cannot play.
 */
export type StartHook = (d: Draft, source: CardSource, events: HandEvent[]) => void;

/** A spec's modules merged into lookups the machine reads on its paths (built once per spec object). */
export interface Rules {
  readonly actions: ReadonlyMap<string, ActionHandler>;
  /** Handlers with a `legal` part, kept apart so a plain betting turn walks no other handler. */
  readonly legalProviders: readonly [string, ActionHandler][];
  /** Handlers that drive a non-betting phase (`turn`). */
  readonly turnProviders: readonly ActionHandler[];
  readonly bounds: readonly BoundsHook[];
  readonly openers: ReadonlyMap<string, OpenerFn>;
  readonly dealSteps: ReadonlyMap<string, DealStepHandler>;
  readonly starts: readonly StartHook[];
  readonly views: readonly [string, ViewExtension][];
  readonly replayers: readonly NonNullable<RuleModule['replayInputs']>[];
}

/** The poker actions the machine itself plays; a module cannot take these names. */
export const CORE_ACTIONS: readonly string[] = ['fold', 'check', 'call', 'bet', 'raise', 'bring-in', 'artificialAllIn'];

const NO_RULES_KEY: readonly RuleModuleId[] = [];
/** Rules by a spec's `modules` list (a `bySeats` copy of a spec shares its list, so its rules too). */
const bound = new WeakMap<readonly RuleModuleId[], Rules>();

/** Throws when two modules of one spec claim the same name (a spec's mistake, found at its first hand). */
function claim<T>(into: Map<string, T>, kind: string, name: string, value: T, module: RuleModule): void {
  if (into.has(name)) throw new Error(`rule module ${module.id}: ${kind} ${name} is already taken by another module`);
  into.set(name, value);
}

function compile(modules: readonly RuleModule[]): Rules {
  const actions = new Map<string, ActionHandler>();
  const openers = new Map<string, OpenerFn>();
  const dealSteps = new Map<string, DealStepHandler>();
  const ids = new Set<string>();
  for (const module of modules) {
    if (ids.has(module.id)) throw new Error(`rule module ${module.id} is listed twice`);
    ids.add(module.id);
    for (const [type, handler] of Object.entries(module.actions ?? {})) {
      if (CORE_ACTIONS.includes(type)) throw new Error(`rule module ${module.id}: ${type} is a core action`);
      claim(actions, 'action', type, handler, module);
    }
    for (const [name, fn] of Object.entries(module.openers ?? {})) claim(openers, 'opener', name, fn, module);
    for (const [kind, fn] of Object.entries(module.dealSteps ?? {})) claim(dealSteps, 'deal step', kind, fn, module);
  }
  const handlers = [...actions];
  return {
    actions,
    legalProviders: handlers.filter(([, h]) => h.legal),
    turnProviders: handlers.filter(([, h]) => h.turn).map(([, h]) => h),
    bounds: modules.flatMap((m) => (m.bounds ? [m.bounds] : [])),
    openers,
    dealSteps,
    starts: modules.flatMap((m) => (m.start ? [m.start] : [])),
    views: modules.flatMap((m): [string, ViewExtension][] => (m.view ? [[m.id, m.view]] : [])),
    replayers: modules.flatMap((m) => (m.replayInputs ? [m.replayInputs] : [])),
  };
}

/**
 * Binds a spec's module names to the modules (once per list; `start` does it for every hand it prepares,
 * so every state's spec is bound). Throws for a name `modules` does not know.
 */
export function bindRules(
  spec: Pick<VariantSpec, 'id' | 'modules'>,
  modules: Readonly<Record<RuleModuleId, RuleModule>>,
): Rules {
  const names = spec.modules ?? NO_RULES_KEY;
  let rules = bound.get(names);
  if (!rules) {
    rules = compile(
      names.map((name) => {
        const module = Object.prototype.hasOwnProperty.call(modules, name) ? modules[name] : undefined;
        if (!module) throw new Error(`${spec.id}: no rule module ${name}`);
        return module;
      }),
    );
    bound.set(names, rules);
  }
  return rules;
}

/** The merged rules of a hand's spec, bound by `start`. */
export function rulesOf(spec: Pick<VariantSpec, 'id' | 'modules'>): Rules {
  const rules = bound.get(spec.modules ?? NO_RULES_KEY);
  if (!rules) throw new Error(`the rule modules of ${spec.id} are not bound: a hand's state comes from start()`);
  return rules;
}
