import type { Card } from '../../cards/card';
import { actionsOf, dealtCards } from '../event-log';
import type { ReplayInputs } from '../rule-module';
import type { Action, HandConfig, HandEvent } from '../types';
import type { PowerId, PowersConfig } from './types';

type PowerEvent = { type: 'x-power'; seat: number; power: PowerId; target?: number; card?: Card; discarded?: Card };
type AppliedEvent = { type: 'x-anchor-applied'; seat: number; via: 'no-window' | 'decline' | 'timeout' };

/** The actions of an unredacted Naiko event log in order: poker actions, powers and window answers. */
export function powerActionsOf(events: readonly HandEvent[]): Action[] {
  const out: Action[] = [];
  for (const event of events) {
    if (event.type === 'x-power') {
      const powerEvent = event as unknown as PowerEvent;
      if (powerEvent.power === 'sneak-peek') out.push({ type: 'sneak-peek', seat: powerEvent.seat });
      else if (powerEvent.power === 'sleeve-swap')
        out.push({ type: 'sleeve-swap', seat: powerEvent.seat, card: powerEvent.discarded });
      else if (powerEvent.power === 'short-anchor')
        out.push({ type: 'short-anchor', seat: powerEvent.seat, target: powerEvent.target });
      else out.push({ type: 'shield', seat: powerEvent.seat });
    } else if (event.type === 'x-anchor-applied') {
      const appliedEvent = event as unknown as AppliedEvent;
      if (appliedEvent.via !== 'no-window')
        out.push(
          appliedEvent.via === 'timeout'
            ? { type: 'decline', seat: appliedEvent.seat, timeout: true }
            : { type: 'decline', seat: appliedEvent.seat },
        );
    } else out.push(...actionsOf([event]));
  }
  return out;
}

/**
 * The deck order an unredacted Naiko log dealt: Sleeve Swap draws the next deck card preflop, between
 * the private cards and the flop, so its card takes its place in the order it was drawn.
 */
export function powerDealtCards(events: readonly HandEvent[]): Card[] {
  const out = dealtCards(
    events.map((event) => {
      const powerEvent = event as unknown as PowerEvent;
      return event.type === 'x-power' && powerEvent.power === 'sleeve-swap'
        ? ({ type: 'board-dealt', street: 0, cards: [powerEvent.card as Card] } as HandEvent)
        : event;
    }),
  );
  // A peek shows the next deck card without taking it: either the next card dealt after it is that
  // very card, or nothing was dealt after it (the hand ended) and it is the next card of the deck.
  for (const event of events) {
    const powerEvent = event as unknown as PowerEvent;
    if (event.type === 'x-power' && powerEvent.power === 'sneak-peek' && !out.includes(powerEvent.card as Card))
      out.push(powerEvent.card as Card);
  }
  return out;
}

/** Replays a Naiko hand from its config and unredacted event log (the carousel comes from the log). */
/** The inputs of a powers hand from its unredacted log: the carousel, swap and peeked cards come from it. */
export function powerReplayInputs(config: HandConfig, events: readonly HandEvent[]): ReplayInputs {
  const dealt = events.find((e) => e.type === 'x-powers-dealt') as { carousel: PowerId[] } | undefined;
  const powers = config.powers as PowersConfig | undefined;
  const cfg: HandConfig =
    dealt && powers ? { ...config, powers: { ...powers, carousel: dealt.carousel.slice() } } : config;
  return { config: cfg, deck: powerDealtCards(events), actions: powerActionsOf(events) };
}

export function sparksFromEvents(events: readonly HandEvent[]): { seat: number; sparks: number }[] | undefined {
  const dealt = events.find((e) => e.type === 'x-powers-dealt') as
    { sparks: { seat: number; sparks: number }[] } | undefined;
  if (!dealt) return undefined;
  const out = new Map(dealt.sparks.map((s) => [s.seat, s.sparks]));
  for (const event of events) {
    if (event.type !== 'x-power') continue;
    const granted = event as unknown as { seat: number; sparks: number };
    out.set(granted.seat, granted.sparks);
  }
  return [...out].map(([seat, sparks]) => ({ seat, sparks }));
}
