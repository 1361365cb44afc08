// The per-audience feeds of a hand update (docs/architecture.md, Tables): each dealt-in seat gets the
// events and view filtered for it, the spectators theirs. The deal's proof rides along: the
// commitment in front of the first batch, each audience's openings after the last.
import {
  DEAL_SCHEME,
  firstDeckSize,
  isOver,
  openingsFor,
  view,
  viewEvents,
  type HandEvent,
  type Viewer,
} from '@naiko/engine';
import type { ClockInfo, HandEventWire, HandViewWire } from '@naiko/contracts';
import type { TableBroadcaster } from '../ports';
import type { RunningHand } from './running-hand';

/** Sends each dealt-in seat its own filtered feed and the spectators theirs (never one payload with private cards to many). */
export function publishHand(
  broadcaster: TableBroadcaster,
  tableId: string,
  h: RunningHand,
  events: HandEvent[],
  clock: ClockInfo | null,
): void {
  const dealtIn = [...h.players.values()];
  // Nothing is built or sent for an audience nobody listens to (a bot's seat, a player without a
  // socket: he gets the confirmed state in the snapshot when he comes back).
  const listening = broadcaster.listeners?.(tableId) ?? null;
  for (const [seat, userId] of h.players) {
    if (listening && !listening.has(userId)) continue;
    broadcaster.hand(tableId, { userId, seat }, dealtIn, {
      handId: h.id,
      handNumber: h.number,
      events: withDealProof(h, events, seat),
      view: wireView(h, seat),
      clock,
    });
  }
  if (broadcaster.hasSpectators?.(tableId, dealtIn) === false) return;
  broadcaster.hand(tableId, 'spectators', dealtIn, {
    handId: h.id,
    handNumber: h.number,
    events: withDealProof(h, events, 'spectator'),
    view: wireView(h, 'spectator'),
    clock,
  });
}

/**
 * The engine's view as the contracts type it (`HandViewSchema`): the engine's types are looser (a rule
 * module's view is `unknown` to it); the contracts test parses real views of every game with the schema.
 */
export function wireView(h: RunningHand, viewer: Viewer): HandViewWire {
  return view(h.state, viewer) as HandViewWire;
}

/**
 * A viewer's events, with the deal's commitment in front of the first batch (`dealCommitted`) and,
 * once the hand is over, the openings of exactly the deck positions this viewer saw (`dealOpenings`):
 * his own cards and every shown card for a player, the shown cards for spectators.
 */
export function withDealProof(h: RunningHand, events: HandEvent[], viewer: Viewer): HandEventWire[] {
  // Typed by the contracts (`HandEventSchema`), which the contracts test checks against real feeds.
  const out = viewEvents(events, viewer) as HandEventWire[];
  if (h.seed === null || h.commitment === null) return out;
  if (events.some((e) => e.type === 'hand-started')) {
    out.unshift({
      type: 'dealCommitted',
      handId: h.id,
      handNumber: h.number,
      scheme: DEAL_SCHEME,
      commitment: h.commitment,
      positions: h.state.deck.length,
    });
  }
  if (isOver(h.state)) {
    const openings = openingsFor(h.state.deck, h.seed, firstDeckSize(h.state.config), h.log, viewer, h.leaves);
    out.push({
      type: 'dealOpenings',
      handId: h.id,
      handNumber: h.number,
      scheme: DEAL_SCHEME,
      commitment: h.commitment,
      openings,
    });
  }
  return out;
}
