import type { Card } from '../../cards/card';
import { getVariant } from '../../variants';
import type { VariantSpec } from '../../variants/types';
import { actionsOf, dealtCards, registerEventReplayer, replay, type ReplayResult } from '../replay';
import type { Action, HandConfig, HandEvent } from '../types';
import { deckFor, drawRules } from './draw';

type DrawEvent = { type: 'x-draw'; seat: number; timeout: boolean; discarded: Card[]; dealt: Card[] };
type ReshuffleEvent = { type: 'x-reshuffle'; dealtBefore: number };
type SplitEvent = { type: 'x-split'; seat: number; accept: boolean };

/** The actions of an unredacted draw log in order: poker actions, draws (timeouts) and split answers. */
export function drawActionsOf(events: readonly HandEvent[]): Action[] {
  const out: Action[] = [];
  for (const e of events) {
    if (e.type === 'x-draw') {
      const d = e as unknown as DrawEvent;
      out.push(d.timeout ? { type: 'draw-timeout', seat: d.seat } : { type: 'draw', seat: d.seat, discard: d.discarded.slice() });
    } else if (e.type === 'x-split') {
      const s = e as unknown as SplitEvent;
      out.push({ type: s.accept ? 'split' : 'no-split', seat: s.seat });
    } else out.push(...actionsOf([e]));
  }
  return out;
}

/**
 * The stacked deck an unredacted draw log dealt: the private cards in passes and the replacements until
 * the first reshuffle, then for each reshuffle the cards dealt from its stock, as the spare deck that
 * orders it (padded to a whole deck; classic draw's undealt bottom card restored in its place).
 */
export function drawDealtCards(spec: VariantSpec, events: readonly HandEvent[]): Card[] {
  const full = deckFor(spec.deck);
  const size = full.length;
  const segments: Card[][] = [dealtCards(events.filter((e) => e.type === 'hole-dealt'))];
  let marks: number[] = [];
  for (const e of events) {
    if (e.type === 'x-reshuffle') marks.push((e as unknown as ReshuffleEvent).dealtBefore);
    if (e.type !== 'x-draw') continue;
    const dealt = (e as unknown as DrawEvent).dealt;
    let from = 0;
    for (const at of marks) {
      segments[segments.length - 1].push(...dealt.slice(from, at));
      segments.push([]);
      from = at;
    }
    segments[segments.length - 1].push(...dealt.slice(from));
    marks = [];
  }
  if (segments.length === 1) return segments[0];
  const pad = (seg: Card[]): Card[] => seg.concat(full.filter((c) => !seg.includes(c)));
  const out: Card[] = drawRules(spec)?.keepBottomCard && segments[0].length === size - 1 ? pad(segments[0]) : segments[0];
  for (let k = 1; k < segments.length; k++) out.push(...(k < segments.length - 1 ? pad(segments[k]) : segments[k]));
  return out;
}

/** Replays a draw hand from its config and unredacted event log. */
export function replayDrawEvents(config: HandConfig, events: readonly HandEvent[]): ReplayResult {
  const base = typeof config.variant === 'string' ? getVariant(config.variant) : config.variant;
  const over = base.bySeats?.[config.seats.length];
  const spec = over ? { ...base, ...over } : base;
  return replay(config, drawDealtCards(spec, events), drawActionsOf(events));
}

// The generic `replayEvents` (crash recovery, audits) hands logs of draw hands to this module.
registerEventReplayer((config, events) => (events.some((e) => e.type === 'x-draw-started') ? replayDrawEvents(config, events) : null));
