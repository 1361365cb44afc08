import type { Card } from '../../cards/card';
import type { VariantSpec } from '../../variants/types';
import { actionsOf, dealtCards } from '../event-log';
import type { ReplayInputs } from '../rule-module';
import type { Action, HandConfig, HandEvent } from '../types';
import { deckFor, drawRules } from './draw';

type DrawEvent = { type: 'x-draw'; seat: number; timeout: boolean; discarded: Card[]; dealt: Card[] };
type ReshuffleEvent = { type: 'x-reshuffle'; dealtBefore: number };
type SplitEvent = { type: 'x-split'; seat: number; accept: boolean };

/** The actions of an unredacted draw log in order: poker actions, draws (timeouts) and split answers. */
export function drawActionsOf(events: readonly HandEvent[]): Action[] {
  const out: Action[] = [];
  for (const event of events) {
    if (event.type === 'x-draw') {
      const drawEvent = event as unknown as DrawEvent;
      out.push(
        drawEvent.timeout
          ? { type: 'draw-timeout', seat: drawEvent.seat }
          : { type: 'draw', seat: drawEvent.seat, discard: drawEvent.discarded.slice() },
      );
    } else if (event.type === 'x-split') {
      const splitEvent = event as unknown as SplitEvent;
      out.push({ type: splitEvent.accept ? 'split' : 'no-split', seat: splitEvent.seat });
    } else out.push(...actionsOf([event]));
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
  for (const event of events) {
    if (event.type === 'x-reshuffle') marks.push((event as unknown as ReshuffleEvent).dealtBefore);
    if (event.type !== 'x-draw') continue;
    const dealt = (event as unknown as DrawEvent).dealt;
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
  const out: Card[] =
    drawRules(spec)?.keepBottomCard && segments[0].length === size - 1 ? pad(segments[0]) : segments[0];
  for (let k = 1; k < segments.length; k++) out.push(...(k < segments.length - 1 ? pad(segments[k]) : segments[k]));
  return out;
}

/** Replays a draw hand from its config and unredacted event log. */
/**
 * The inputs of a draw hand from its unredacted log (crash recovery, audits): draws, timeouts and split
 * answers become actions, the dealt cards (per reshuffle) a stacked deck. Null for a log without draws.
 */
export function drawReplayInputs(
  config: HandConfig,
  base: VariantSpec,
  events: readonly HandEvent[],
): ReplayInputs | null {
  if (!events.some((e) => e.type === 'x-draw-started')) return null;
  const over = base.bySeats?.[config.seats.length];
  const spec = over ? { ...base, ...over } : base;
  return { config, deck: drawDealtCards(spec, events), actions: drawActionsOf(events) };
}
