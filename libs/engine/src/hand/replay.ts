import type { Card } from '../cards/card';
import { seededRandom } from '../rng/random-source';
import { apply } from './apply';
import { start } from './start';
import type { Action, ActionError, HandConfig, HandEvent, HandState } from './types';

export type ReplayResult =
  | { ok: true; state: HandState; events: HandEvent[] }
  | { ok: false; index: number; error: ActionError; state: HandState; events: HandEvent[] };

/**
 * Rebuilds a hand from its config, its cards (a stacked deck, or the seed of a seeded shuffle) and
 * its actions. Stops at the first refused action and says which.
 */
export function replay(config: HandConfig, deckOrSeed: readonly Card[] | string | number, actions: readonly Action[]): ReplayResult {
  const source = typeof deckOrSeed === 'object' ? { deck: deckOrSeed } : { rng: seededRandom(deckOrSeed) };
  const started = start(config, source);
  let state = started.state;
  const events = started.events.slice();
  for (let k = 0; k < actions.length; k++) {
    const r = apply(state, actions[k]);
    if (!r.ok) return { ok: false, index: k, error: r.error, state, events };
    state = r.state;
    for (const e of r.events) events.push(e);
  }
  return { ok: true, state, events };
}

/**
 * The cards an unredacted event log dealt, in deck order. Private cards are dealt in passes, one
 * card to each player per pass, so a run of `hole-dealt` events is interleaved back.
 */
export function dealtCards(events: readonly HandEvent[]): Card[] {
  const out: Card[] = [];
  let run: Extract<HandEvent, { type: 'hole-dealt' }>[] = [];
  const flush = (): void => {
    const passes = run.length ? run[0].cards.length : 0;
    for (let p = 0; p < passes; p++) for (const e of run) out.push(e.cards[p] as Card);
    run = [];
  };
  for (const e of events) {
    if (e.type === 'hole-dealt') {
      const h = e as Extract<HandEvent, { type: 'hole-dealt' }>;
      if (run.some((r) => r.seat === h.seat)) flush();
      run.push(h);
      continue;
    }
    flush();
    // The second board (home games) and the rabbit hunt's cards come from the same deck, in event order.
    if (e.type === 'board-dealt' || e.type === 'x-board-dealt' || e.type === 'x-rabbit-hunt') out.push(...((e as { cards: Card[] }).cards));
  }
  flush();
  return out;
}

/** The players' actions recorded in an event log. */
export function actionsOf(events: readonly HandEvent[]): Action[] {
  const out: Action[] = [];
  for (const e of events) {
    if (e.type === 'artificial-all-in') out.push({ type: 'artificialAllIn', seat: (e as { seat: number }).seat });
    // Home-game decisions: the run-it-twice answers, an uncontested winner's show or muck.
    if (e.type === 'x-run-twice-answer') out.push({ type: (e as { accept?: boolean }).accept ? 'run-twice' : 'run-once', seat: (e as unknown as { seat: number }).seat });
    if (e.type === 'x-winner-shows') out.push({ type: (e as { show?: boolean }).show ? 'show' : 'muck', seat: (e as unknown as { seat: number }).seat });
    if (e.type !== 'action') continue;
    const a = e as Extract<HandEvent, { type: 'action' }>;
    out.push(a.action === 'bet' || a.action === 'raise' ? { type: a.action, seat: a.seat, amount: a.to } : { type: a.action, seat: a.seat });
  }
  return out;
}

/**
 * A module whose events carry cards, actions or settings the core does not read (Naiko powers: swap
 * cards, peeks, the carousel, shield answers) replays such a log itself: it returns null for logs
 * that are not its own.
 */
export type EventReplayer = (config: HandConfig, events: readonly HandEvent[]) => ReplayResult | null;
// `var` without initializer on purpose (as start.ts's hooks): replayers register while this module
// may still be loading through the variants it imports.
// eslint-disable-next-line no-var
var replayers: EventReplayer[] | undefined;
export function registerEventReplayer(fn: EventReplayer): void {
  (replayers ??= []).push(fn);
}

/** Replays a hand from its (unredacted) event log alone: the dealt cards become a stacked deck. */
export function replayEvents(config: HandConfig, events: readonly HandEvent[]): ReplayResult {
  if (replayers) {
    for (const r of replayers) {
      const out = r(config, events);
      if (out) return out;
    }
  }
  return replay(config, dealtCards(events), actionsOf(events));
}
