// The feeds of a hand update (docs/architecture.md, Tables): the public part — the spectators' events
// and view, what every watcher may see — built and encoded once for the whole table room, and for each
// dealt-in seat whose view differs a private part with only what is his (his hole cards, his legal
// actions, his versions of events, his deal-proof openings), sent only when it has something new for him
// (`privatePartNeeded`: what a part says of his cards stands until the next one). The deal's proof
// rides along: the commitment in front of the first batch, each audience's openings after the last.
import {
  DEAL_SCHEME,
  firstDeckSize,
  isOver,
  openingsForViewers,
  view,
  viewEvents,
  type CardOpening,
  type HandEvent,
  type Viewer,
} from '@naiko/engine';
import {
  privatePart,
  privatePartNeeded,
  standingKey,
  type ClockInfo,
  type HandEventWire,
  type HandViewWire,
} from '@naiko/contracts';
import type { TableBroadcaster } from '../ports';
import type { RunningHand } from './running-hand';

/**
 * Sends each listening dealt-in seat its private part when it has something new for him (first: a client
 * keeps it for the public part), then the public part once to the table room. Nothing is built or sent
 * for an audience nobody listens to (a bot's seat, a player without a socket — he gets the confirmed
 * state in the snapshot when he comes back — or a table nobody watches).
 */
export function publishHand(
  broadcaster: TableBroadcaster,
  tableId: string,
  runningHand: RunningHand,
  events: HandEvent[],
  clock: ClockInfo | null,
): void {
  const listening = broadcaster.listeners?.(tableId) ?? null;
  if (listening?.size === 0) return;
  const seq = runningHand.log.length;
  const seats = [...runningHand.players].filter(([, userId]) => !listening || listening.has(userId));
  const openings = dealOpenings(runningHand, ['spectator', ...seats.map(([seat]) => seat)]);
  const publicEvents = withDealProof(runningHand, events, 'spectator', openings);
  const publicView = wireView(runningHand, 'spectator');
  for (const [seat, userId] of seats) {
    const own = privatePart(
      publicEvents,
      publicView,
      withDealProof(runningHand, events, seat, openings),
      wireView(runningHand, seat),
    );
    const sent = runningHand.standingSent.get(userId);
    if (!privatePartNeeded(own, sent)) continue;
    runningHand.standingSent.set(userId, standingKey(own));
    broadcaster.handPrivate(tableId, userId, {
      handId: runningHand.id,
      handNumber: runningHand.number,
      seq,
      seat,
      ...(own ?? { events: [], players: [], legal: null }),
    });
  }
  broadcaster.hand(tableId, {
    handId: runningHand.id,
    handNumber: runningHand.number,
    seq,
    events: publicEvents,
    view: publicView,
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
 * The openings of these viewers once the hand is over (null before, or without a deal proof): each
 * deck position opened once for all of them (`openingsForViewers`).
 */
export function dealOpenings(hand: RunningHand, viewers: readonly Viewer[]): Map<Viewer, CardOpening[]> | null {
  if (hand.seed === null || hand.commitment === null || !isOver(hand.state)) return null;
  const { deck, config } = hand.state;
  return openingsForViewers(deck, hand.seed, firstDeckSize(config), hand.log, viewers, hand.leaves);
}

/**
 * A viewer's events, with the deal's commitment in front of the first batch (`dealCommitted`) and,
 * once the hand is over, the openings of exactly the deck positions this viewer saw (`dealOpenings`,
 * computed for every viewer of the update at once): his own cards and every shown card for a player,
 * the shown cards for spectators.
 */
export function withDealProof(
  hand: RunningHand,
  events: HandEvent[],
  viewer: Viewer,
  openings: ReadonlyMap<Viewer, CardOpening[]> | null,
): HandEventWire[] {
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
    out.push({
      type: 'dealOpenings',
      handId: hand.id,
      handNumber: hand.number,
      scheme: DEAL_SCHEME,
      commitment: hand.commitment,
      openings: openings?.get(viewer) ?? dealOpenings(hand, [viewer])!.get(viewer)!,
    });
  }
  return out;
}
