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

/**
 * Sends each dealt-in seat its own filtered feed and the spectators theirs (never one payload with private cards to
 * many).
 */
export function publishHand(
  broadcaster: TableBroadcaster,
  tableId: string,
  runningHand: RunningHand,
  events: HandEvent[],
  clock: ClockInfo | null,
): void {
  const dealtIn = [...runningHand.players.values()];
  // Nothing is built or sent for an audience nobody listens to (a bot's seat, a player without a
  // socket: he gets the confirmed state in the snapshot when he comes back).
  const listening = broadcaster.listeners?.(tableId) ?? null;
  for (const [seat, userId] of runningHand.players) {
    if (listening && !listening.has(userId)) continue;
    broadcaster.hand(tableId, { userId, seat }, dealtIn, {
      handId: runningHand.id,
      handNumber: runningHand.number,
      events: withDealProof(runningHand, events, seat),
      view: wireView(runningHand, seat),
      clock,
    });
  }
  if (broadcaster.hasSpectators?.(tableId, dealtIn) === false) return;
  broadcaster.hand(tableId, 'spectators', dealtIn, {
    handId: runningHand.id,
    handNumber: runningHand.number,
    events: withDealProof(runningHand, events, 'spectator'),
    view: wireView(runningHand, 'spectator'),
    clock,
  });
}

/**
 * The engine's view as the contracts type it (`HandViewSchema`): the engine's types are looser (a rule
 * module's view is `unknown` to it); the contracts test parses real views of every game with the schema.
 */
export function wireView(hand: RunningHand, viewer: Viewer): HandViewWire {
  return view(hand.state, viewer) as HandViewWire;
}

/**
 * A viewer's events, with the deal's commitment in front of the first batch (`dealCommitted`) and,
 * once the hand is over, the openings of exactly the deck positions this viewer saw (`dealOpenings`):
 * his own cards and every shown card for a player, the shown cards for spectators.
 */
export function withDealProof(hand: RunningHand, events: HandEvent[], viewer: Viewer): HandEventWire[] {
  // Typed by the contracts (`HandEventSchema`), which the contracts test checks against real feeds.
  const out = viewEvents(events, viewer) as HandEventWire[];
  if (hand.seed === null || hand.commitment === null) return out;
  if (events.some((e) => e.type === 'hand-started')) {
    out.unshift({
      type: 'dealCommitted',
      handId: hand.id,
      handNumber: hand.number,
      scheme: DEAL_SCHEME,
      commitment: hand.commitment,
      positions: hand.state.deck.length,
    });
  }
  if (isOver(hand.state)) {
    const openings = openingsFor(
      hand.state.deck,
      hand.seed,
      firstDeckSize(hand.state.config),
      hand.log,
      viewer,
      hand.leaves,
    );
    out.push({
      type: 'dealOpenings',
      handId: hand.id,
      handNumber: hand.number,
      scheme: DEAL_SCHEME,
      commitment: hand.commitment,
      openings,
    });
  }
  return out;
}
