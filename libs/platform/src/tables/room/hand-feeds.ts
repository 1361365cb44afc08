// The feeds of a hand update (docs/architecture.md, Tables): the public part — the spectators' events
// and view, what every watcher may see — built and encoded once for the whole table room, and for each
// dealt-in seat whose view differs a private part with only what is his (his hole cards, his legal
// actions, his versions of events, his deal-proof openings). The deal's proof rides along: the
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
import type { ClockInfo, HandEventWire, HandViewWire, TableHandPrivatePayload } from '@naiko/contracts';
import type { HandPrivateFeed, TableBroadcaster } from '../ports';
import type { RunningHand } from './running-hand';

/**
 * Sends each listening dealt-in seat its private part (first: a client keeps it for the public part),
 * then the public part once to the table room. Nothing is built or sent for an audience nobody listens
 * to (a bot's seat, a player without a socket — he gets the confirmed state in the snapshot when he
 * comes back — or a table nobody watches).
 */
export function publishHand(
  broadcaster: TableBroadcaster,
  tableId: string,
  h: RunningHand,
  events: HandEvent[],
  clock: ClockInfo | null,
): void {
  const listening = broadcaster.listeners?.(tableId) ?? null;
  if (listening?.size === 0) return;
  const seq = h.log.length;
  const publicEvents = withDealProof(h, events, 'spectator');
  const publicView = wireView(h, 'spectator');
  for (const [seat, userId] of h.players) {
    if (listening && !listening.has(userId)) continue;
    const own = privatePart(publicEvents, publicView, withDealProof(h, events, seat), wireView(h, seat));
    if (own) broadcaster.handPrivate(tableId, userId, { handId: h.id, handNumber: h.number, seq, seat, ...own });
  }
  broadcaster.hand(tableId, { handId: h.id, handNumber: h.number, seq, events: publicEvents, view: publicView, clock });
}

const sameJson = (a: unknown, b: unknown): boolean => a === b || JSON.stringify(a) === JSON.stringify(b);

/**
 * What a seat's events and view hold that the public ones do not, or null when nothing (every card
 * of his shown, not his turn): his versions of the events that differ, the players' cards he sees
 * (his own), his legal actions and the rule modules' view fields that differ (Naiko's peek and discard).
 */
export function privatePart(
  publicEvents: readonly HandEventWire[],
  publicView: HandViewWire,
  seatEvents: readonly HandEventWire[],
  seatView: HandViewWire,
): Omit<TableHandPrivatePayload, 'tableId' | 'handId' | 'handNumber' | 'seq' | 'seat'> | null {
  // The engine redacts events for a viewer and never drops one: both lists pair up by index.
  if (seatEvents.length !== publicEvents.length) throw new Error('a seat feed and the public feed differ in length');
  const changed: { index: number; event: HandEventWire }[] = [];
  seatEvents.forEach((event, index) => {
    if (!sameJson(event, publicEvents[index])) changed.push({ index, event });
  });
  const players = seatView.players
    .filter((p, i) => !sameJson(p.cards, publicView.players[i]?.cards))
    .map((p) => ({ seat: p.seat, cards: p.cards }));
  let ext: HandPrivateFeed['ext'];
  for (const [name, fields] of Object.entries(seatView.ext ?? {}) as [string, Record<string, unknown> | null][]) {
    const pub = (publicView.ext as Record<string, Record<string, unknown> | null> | undefined)?.[name];
    if (!fields || !pub) continue;
    const own: Record<string, unknown> = {};
    for (const [key, value] of Object.entries(fields)) if (!sameJson(value, pub[key])) own[key] = value;
    if (Object.keys(own).length) ext = { ...ext, [name]: own };
  }
  if (!changed.length && !players.length && seatView.legal === null && !ext) return null;
  return { events: changed, players, legal: seatView.legal, ...(ext ? { ext } : {}) };
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
