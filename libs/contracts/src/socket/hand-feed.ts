// A hand update goes out in two parts (docs/architecture.md, Tables, "one action"): the public part
// (`table:hand`, the spectators' events and view) encoded once for the whole table room, and for each
// dealt-in player whose view differs a small private part (`table:hand-private`) with only what is
// his: his hole cards, his legal actions, his own versions of events (his hole cards dealt, his draw,
// his peek, the deal-proof openings beyond the public ones) and the rule modules' fields only he sees.
// `mergeHandPrivate` rebuilds the player's full update; `HandFeedAssembler` does it for a client whichever
// part arrives first.
//
// A private part is sent only when the update has something new for him: his own versions of its
// events, his legal actions, or cards and rule fields that differ from what his last part said. What a
// part says of cards and rule fields *stands* for the rest of the hand until the next part replaces it
// (`standingKey`), so most updates reach a player as the public part alone. A snapshot starts the
// player's stream afresh: the server forgets what it sent him, and the next part says everything.
import { z } from 'zod';
import { DrawViewSchema, HandEventSchema, HomeViewSchema, LegalActionsSchema, PowersViewSchema } from './hand-view';
import type { HandEventWire, HandViewWire, ViewExt } from './hand-view';
import type { TableHandPayload } from './tables';
import { jsonEqual } from './json-equal';

const count = z.number().int().min(0);
const seat = z.number().int().min(0).max(9);
const card = z.number().int().min(0).max(53);

/** One seat's own part of the hand update with the same `handId` and `seq`, sent only to that player's sockets. */
export const TableHandPrivatePayloadSchema = z.strictObject({
  tableId: z.string(),
  handId: z.string(),
  handNumber: z.number().int().min(1),
  /** The public update this part belongs to (its `seq`). */
  seq: count,
  /** The receiving player's seat: his view's `viewer`. */
  seat,
  /**
   * His versions of the public update's events, by their index there (same count: the engine redacts, never
   * drops); of a `dealOpenings` only the openings beyond the public event's (`mergeHandPrivate` adds those).
   */
  events: z.array(z.strictObject({ index: count, event: HandEventSchema })),
  /** The players whose private cards he sees and spectators do not (his own seat). */
  players: z.array(z.strictObject({ seat, cards: z.array(card.nullable()) })),
  /** His options when it is his turn (null in the public view). */
  legal: LegalActionsSchema.nullable(),
  /** The rule modules' view fields that differ for him (Naiko: his peek, his Sleeve Swap discard). */
  ext: z
    .strictObject({
      powers: PowersViewSchema.partial().optional(),
      home: HomeViewSchema.partial().optional(),
      draw: DrawViewSchema.partial().optional(),
    })
    .optional(),
});
export type TableHandPrivatePayload = z.infer<typeof TableHandPrivatePayloadSchema>;

/** What a private part carries besides naming its update. */
export type PrivatePart = Omit<TableHandPrivatePayload, 'tableId' | 'handId' | 'handNumber' | 'seq' | 'seat'>;

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
): PrivatePart | null {
  // The engine redacts events for a viewer and never drops one: both lists pair up by index.
  if (seatEvents.length !== publicEvents.length) throw new Error('a seat feed and the public feed differ in length');
  const changed: { index: number; event: HandEventWire }[] = [];
  seatEvents.forEach((event, index) => {
    const pub = publicEvents[index]!;
    if (!jsonEqual(event, pub)) changed.push({ index, event: openingsBeyond(event, pub) });
  });
  const players = seatView.players
    .filter((p, i) => !jsonEqual(p.cards, publicView.players[i]?.cards))
    .map((p) => ({ seat: p.seat, cards: p.cards }));
  let ext: PrivatePart['ext'];
  for (const [name, fields] of Object.entries(seatView.ext ?? {}) as [string, Record<string, unknown> | null][]) {
    const pub = (publicView.ext as Record<string, Record<string, unknown> | null> | undefined)?.[name];
    if (!fields) continue;
    if (!pub) {
      ext = { ...ext, [name]: fields } as PrivatePart['ext'];
      continue;
    }
    const own: Record<string, unknown> = {};
    for (const [key, value] of Object.entries(fields)) if (!jsonEqual(value, pub[key])) own[key] = value;
    if (Object.keys(own).length) ext = { ...ext, [name]: own } as PrivatePart['ext'];
  }
  if (!changed.length && !players.length && seatView.legal === null && !ext) return null;
  return { events: changed, players, legal: seatView.legal, ...(ext ? { ext } : {}) };
}

/**
 * A seat's deal-proof openings ride in his part as only those beyond the public event's: he saw every
 * position a spectator saw (the board, the shown cards) and his own cards, so the public openings, often
 * most of his, need not be sent to him twice. `mergeHandPrivate` puts his whole list back together.
 */
function openingsBeyond(seatEvent: HandEventWire, pub: HandEventWire): HandEventWire {
  if (seatEvent.type !== 'dealOpenings' || pub.type !== 'dealOpenings') return seatEvent;
  const shown = new Set(pub.openings.map((opening) => opening.position));
  return { ...seatEvent, openings: seatEvent.openings.filter((opening) => !shown.has(opening.position)) };
}

/** A seat's event merged into the public one at its index: his, with the public openings his own completes. */
function withPublicOpenings(own: HandEventWire, pub: HandEventWire | undefined): HandEventWire {
  if (own.type !== 'dealOpenings' || pub?.type !== 'dealOpenings') return own;
  const byPosition = new Map(pub.openings.map((opening) => [opening.position, opening]));
  for (const opening of own.openings) byPosition.set(opening.position, opening);
  return { ...own, openings: [...byPosition.values()].sort((a, b) => a.position - b.position) };
}

/**
 * What of a private part stands until the next one (the cards he sees and his rule fields), as a key
 * the server compares with the last part it sent him: no part is sent for an update that would only
 * repeat it. A missing part stands for "nothing private" (an empty key).
 */
export function standingKey(part: Pick<PrivatePart, 'players' | 'ext'> | null): string {
  return part && (part.players.length || part.ext) ? JSON.stringify([part.players, part.ext ?? null]) : '';
}

/** Whether a private part has to go out: new events or legal actions of his, or a new standing part. */
export function privatePartNeeded(part: PrivatePart | null, lastStanding: string | undefined): boolean {
  if (part && (part.events.length || part.legal !== null)) return true;
  return standingKey(part) !== (lastStanding ?? '');
}

/** Whether a private part belongs to this public update. */
type UpdateId = Pick<TableHandPayload, 'tableId' | 'handId' | 'seq'>;
export const samePart = (a: UpdateId, b: UpdateId): boolean =>
  a.tableId === b.tableId && a.handId === b.handId && a.seq === b.seq;

/** The player's view: the public one with his own part applied. */
export function mergeView(pub: HandViewWire, own: TableHandPrivatePayload): HandViewWire {
  const cards = new Map(own.players.map((p) => [p.seat, p.cards]));
  const view: HandViewWire = {
    ...pub,
    viewer: own.seat,
    legal: own.legal,
    players: pub.players.map((p) => (cards.has(p.seat) ? { ...p, cards: cards.get(p.seat)! } : p)),
  };
  if (own.ext) {
    const ext: Record<string, unknown> = { ...pub.ext };
    for (const [name, fields] of Object.entries(own.ext)) ext[name] = { ...(ext[name] as object), ...fields };
    view.ext = ext as ViewExt;
  }
  return view;
}

/** The player's full update (what one per-seat `table:hand` was before the split). */
export function mergeHandPrivate(pub: TableHandPayload, own: TableHandPrivatePayload): TableHandPayload {
  if (!samePart(pub, own)) throw new Error(`private part ${own.handId}#${own.seq} is not for ${pub.handId}#${pub.seq}`);
  const events: HandEventWire[] = pub.events.slice();
  for (const { index, event } of own.events) events[index] = withPublicOpenings(event, pub.events[index]);
  return { ...pub, events, view: mergeView(pub.view, own) };
}

/**
 * A client's side of the two parts: the server sends a player's private part first and then the public
 * one, but a part that crossed copies (Redis) may come second. `public` answers with the update to apply
 * (merged with its private part if that came first, else with the part that stands); `private` answers
 * with the merged update when its public part was already applied (`late`: apply only its view, the
 * events were handled), and keeps it for the public part otherwise. An update without a private part is
 * the public one with the newest applied part's cards and rule fields (no legal actions, no own events).
 */
export class HandFeedAssembler {
  private current: TableHandPayload | null = null;
  /** Private parts waiting for their public part (normally at most one). */
  private readonly waiting: TableHandPrivatePayload[] = [];
  /** The newest private part applied in the running hand: its cards and rule fields stand. */
  private standing: TableHandPrivatePayload | null = null;

  public(pub: TableHandPayload): TableHandPayload {
    const own = this.waiting.find((w) => samePart(pub, w));
    this.drop(pub);
    this.current = pub;
    if (own) {
      this.stand(own);
      return mergeHandPrivate(pub, own);
    }
    const standing = this.standing;
    if (!standing || standing.tableId !== pub.tableId || standing.handId !== pub.handId || standing.seq > pub.seq)
      return pub;
    return mergeHandPrivate(pub, { ...standing, seq: pub.seq, events: [], legal: null });
  }

  private(own: TableHandPrivatePayload): { payload: TableHandPayload; late: true } | null {
    if (this.current && samePart(this.current, own)) {
      this.stand(own);
      return { payload: mergeHandPrivate(this.current, own), late: true };
    }
    this.waiting.push(own);
    if (this.waiting.length > 16) this.waiting.shift(); // never grows: a stray part is forgotten
    return null;
  }

  /**
   * Forgets everything (another table), or, given the snapshot's hand, everything up to it: the snapshot
   * holds the whole hand as this socket may see it at `seq`, and the server's next part after it says all.
   */
  reset(snapshot?: Pick<TableHandPayload, 'tableId' | 'handId' | 'seq'> | null): void {
    const after = (part: TableHandPrivatePayload) =>
      !!snapshot && part.tableId === snapshot.tableId && part.handId === snapshot.handId && part.seq > snapshot.seq;
    this.current = null;
    if (this.standing && !after(this.standing)) this.standing = null;
    for (let i = this.waiting.length - 1; i >= 0; i--) if (!after(this.waiting[i]!)) this.waiting.splice(i, 1);
  }

  private stand(own: TableHandPrivatePayload): void {
    const standing = this.standing;
    if (!standing || standing.tableId !== own.tableId || standing.handId !== own.handId || own.seq >= standing.seq)
      this.standing = own;
  }

  /**
   * Parts of this hand's updates up to this one can no longer be matched; one of an earlier update
   * whose public part never came still says what stands.
   */
  private drop(pub: TableHandPayload): void {
    for (let i = 0; i < this.waiting.length;) {
      const waiting = this.waiting[i]!;
      if (waiting.tableId === pub.tableId && waiting.handId === pub.handId && waiting.seq <= pub.seq) {
        if (waiting.seq < pub.seq) this.stand(waiting);
        this.waiting.splice(i, 1);
      } else i++;
    }
  }
}

/**
 * A client's recorded messages (its `onAny` log, in arrival order) as the client puts them together:
 * each `table:hand` with the player's private part merged in, the `table:hand-private` messages left
 * out. Tests and tools that record a socket read hand updates through it.
 */
export function assembleRecorded<T extends { event: string; payload: unknown }>(messages: readonly T[]): T[] {
  const feeds = new Map<string, HandFeedAssembler>();
  const feedOf = (tableId: string) => feeds.get(tableId) ?? feeds.set(tableId, new HandFeedAssembler()).get(tableId)!;
  const out: T[] = [];
  for (const message of messages) {
    const payload = message.payload as { tableId: string };
    if (message.event === 'table:snapshot') feedOf(payload.tableId).reset(snapshotAt(message.payload));
    if (message.event === 'table:hand') {
      out.push({ ...message, payload: feedOf(payload.tableId).public(message.payload as TableHandPayload) });
    } else if (message.event === 'table:hand-private') {
      const late = feedOf(payload.tableId).private(message.payload as TableHandPrivatePayload);
      if (!late) continue;
      const at = out.findLastIndex(
        (x) => x.event === 'table:hand' && samePart(x.payload as TableHandPayload, late.payload),
      );
      if (at >= 0) out[at] = { ...out[at]!, payload: late.payload };
    } else out.push(message);
  }
  return out;
}

/** Where a snapshot stands in its hand (for `HandFeedAssembler.reset`), or null between hands. */
export function snapshotAt(payload: unknown): Pick<TableHandPayload, 'tableId' | 'handId' | 'seq'> | null {
  const { tableId, hand } = payload as { tableId: string; hand: { handId: string; seq: number } | null };
  return hand ? { tableId, handId: hand.handId, seq: hand.seq } : null;
}

/** What `onHandUpdates` needs of a socket.io client socket (its typed listeners are too generic to name here). */
interface HandSocket {
  // eslint-disable-next-line @typescript-eslint/no-explicit-any
  on(event: 'table:hand' | 'table:hand-private', fn: (p: any) => void): unknown;
  // eslint-disable-next-line @typescript-eslint/no-explicit-any
  off(event: 'table:hand' | 'table:hand-private', fn: (p: any) => void): unknown;
}

/**
 * Calls `on` with each hand update as this client puts it together (the public part with its private
 * part merged in; again, merged, when a private part comes after its public part). Returns the off switch.
 */
export function onHandUpdates(socket: HandSocket, on: (p: TableHandPayload) => void): () => void {
  const feed = new HandFeedAssembler();
  const onPublic = (p: TableHandPayload) => on(feed.public(p));
  const onPrivate = (privatePayload: TableHandPrivatePayload) => {
    const late = feed.private(privatePayload);
    if (late) on(late.payload);
  };
  socket.on('table:hand', onPublic);
  socket.on('table:hand-private', onPrivate);
  return () => {
    socket.off('table:hand', onPublic);
    socket.off('table:hand-private', onPrivate);
  };
}
