import { RULE_MODULES } from './rule-modules';
import type { HandEvent } from './types';
import type { EventRedactor, Viewer } from './view';

/**
 * Every rule module's event redactors, by event type: a feed is filtered without knowing its game, so
 * the redactors of all modules apply (each event type belongs to one module).
 */
const redactors = new Map<string, EventRedactor>(
  Object.values(RULE_MODULES).flatMap((m) => Object.entries(m.redactors ?? {})),
);

/**
 * Filters an event for one viewer: private cards dealt to another seat become `null` unless dealt
 * face up. Shown hands are public by nature. Extension events are passed to their own redactors.
 */
export function viewEvent(event: HandEvent, viewer: Viewer): HandEvent | null {
  if (event.type === 'hole-dealt') {
    const ev = event as Extract<HandEvent, { type: 'hole-dealt' }>;
    if (ev.seat === viewer) return ev;
    return { ...ev, cards: ev.cards.map((c, k) => (ev.up[k] ? c : null)) };
  }
  if (event.type === 'hand-mucked') {
    const ev = event as Extract<HandEvent, { type: 'hand-mucked' }>;
    return ev.seat === viewer ? ev : { ...ev, cards: ev.cards.map(() => null) };
  }
  const redactor = redactors.get(event.type);
  if (redactor) return redactor(event, viewer);
  return event;
}

export function viewEvents(events: readonly HandEvent[], viewer: Viewer): HandEvent[] {
  const out: HandEvent[] = [];
  for (const event of events) {
    const viewed = viewEvent(event, viewer);
    if (viewed) out.push(viewed);
  }
  return out;
}
