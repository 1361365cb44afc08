// A client puts a player's update together from its two parts whichever comes first, and never
// applies a private part to another update than its own (same hand, same seq).
import { seededRandom, start, view, viewEvents } from '@naiko/engine';
import {
  HandFeedAssembler,
  mergeHandPrivate,
  privatePart,
  privatePartNeeded,
  standingKey,
  type TableHandPrivatePayload,
} from './hand-feed';
import type { HandEventWire, HandViewWire } from './hand-view';
import type { TableHandPayload } from './tables';

const wire = <T>(value: T): T => JSON.parse(JSON.stringify(value)) as T;
const started = start(
  {
    variant: 'holdem',
    structure: 'no-limit',
    seats: [
      { seat: 0, stack: 100 },
      { seat: 3, stack: 100 },
    ],
    button: 0,
    stakes: { smallBlind: 1, bigBlind: 2 },
  },
  { rng: seededRandom('deck') },
);
const publicEvents = wire(viewEvents(started.events, 'spectator')) as HandEventWire[];
const publicView = wire(view(started.state, 'spectator')) as HandViewWire;
const pub = (seq: number, handId = 'h1'): TableHandPayload => ({
  tableId: 't',
  handId,
  handNumber: 1,
  seq,
  events: publicEvents,
  view: publicView,
  clock: null,
});
const own = (seq: number, handId = 'h1'): TableHandPrivatePayload => ({
  tableId: 't',
  handId,
  handNumber: 1,
  seq,
  seat: 3,
  ...privatePart(
    publicEvents,
    publicView,
    wire(viewEvents(started.events, 3)) as HandEventWire[],
    wire(view(started.state, 3)) as HandViewWire,
  )!,
});
const seat3Cards = started.state.hole[1];

describe('HandFeedAssembler', () => {
  test('the private part first (as the server sends it): the public part comes out merged', () => {
    const feed = new HandFeedAssembler();
    expect(feed.private(own(5))).toBeNull();
    const merged = feed.public(pub(5));
    expect(merged.view.viewer).toBe(3);
    expect(merged.view.players.find((p) => p.seat === 3)!.cards).toEqual(seat3Cards);
    const dealt = merged.events.find((e) => e.type === 'hole-dealt' && e.seat === 3);
    expect(dealt).toMatchObject({ cards: seat3Cards });
  });

  test('the public part first: it is applied as it is, the private part comes out late and merged', () => {
    const feed = new HandFeedAssembler();
    const first = feed.public(pub(5));
    expect(first.view.players.find((p) => p.seat === 3)!.cards).toEqual([null, null]);
    const late = feed.private(own(5))!;
    expect(late.late).toBe(true);
    expect(late.payload.view.players.find((p) => p.seat === 3)!.cards).toEqual(seat3Cards);
  });

  test("a private part's events and legal actions are never merged into another update or hand", () => {
    const feed = new HandFeedAssembler();
    expect(feed.private(own(5, 'h0'))).toBeNull();
    expect(feed.public(pub(5)).view.viewer).toBe('spectator');
    // Update 4's public part never came: its cards still stand for update 5, its events do not apply.
    expect(feed.private({ ...own(4), legal: { seat: 3, version: 1 } as never })).toBeNull();
    const fifth = feed.public(pub(5));
    expect(fifth.view.players.find((p) => p.seat === 3)!.cards).toEqual(seat3Cards);
    expect(fifth.view.legal).toBeNull();
    expect(fifth.events).toEqual(publicEvents);
    // The next update's part waits for its public part.
    expect(feed.private(own(6))).toBeNull();
    expect(feed.public(pub(6)).view.viewer).toBe(3);
  });

  test('an update without a private part shows the cards of the part that stands, and no legal actions', () => {
    const feed = new HandFeedAssembler();
    feed.private({ ...own(5), legal: { seat: 3, version: 1 } as never });
    expect(feed.public(pub(5)).view.legal).not.toBeNull();
    const next = feed.public(pub(6));
    expect(next.view.viewer).toBe(3);
    expect(next.view.legal).toBeNull();
    expect(next.view.players.find((p) => p.seat === 3)!.cards).toEqual(seat3Cards);
    // The next hand starts with nothing standing.
    expect(feed.public(pub(1, 'h2')).view.viewer).toBe('spectator');
  });

  test('a snapshot forgets the parts up to it and keeps the ones after it', () => {
    const feed = new HandFeedAssembler();
    feed.public(pub(5));
    feed.private(own(5));
    feed.reset({ tableId: 't', handId: 'h1', seq: 5 });
    expect(feed.public(pub(6)).view.viewer).toBe('spectator');
    // A part of an update after the snapshot (sent before the snapshot arrived) still stands.
    feed.public(pub(7));
    feed.private(own(7));
    feed.reset({ tableId: 't', handId: 'h1', seq: 6 });
    expect(feed.public(pub(8)).view.players.find((p) => p.seat === 3)!.cards).toEqual(seat3Cards);
  });
});

describe('privatePartNeeded', () => {
  const part = own(1);
  const parts = { events: [], players: part.players, legal: null };
  test('a part is sent for his events or legal actions, and when what stands changes', () => {
    expect(privatePartNeeded(null, undefined)).toBe(false);
    expect(privatePartNeeded(parts, undefined)).toBe(true);
    expect(privatePartNeeded(parts, standingKey(parts))).toBe(false);
    expect(privatePartNeeded({ ...parts, legal: { seat: 3 } as never }, standingKey(parts))).toBe(true);
    expect(privatePartNeeded({ ...parts, events: part.events }, standingKey(parts))).toBe(part.events.length > 0);
    // His cards became public (a showdown): the empty part replaces what stood.
    expect(privatePartNeeded(null, standingKey(parts))).toBe(true);
  });
});

describe('Fairness of the deal: a player gets his own cards and every card shown opened, the shown ones once', () => {
  const opening = (position: number) => ({ position, card: `c${position}`, salt: `s${position}`, path: [] });
  const openings = (positions: number[]): HandEventWire => ({
    type: 'dealOpenings',
    handId: 'h1',
    handNumber: 1,
    scheme: 'naiko-merkle-v2',
    commitment: 'root',
    openings: positions.map(opening),
  });
  // The board (positions 10-14) and a shown hand (2, 3) are public; seat 3 also saw his own cards (1, 4).
  const publicProof = openings([2, 3, 10, 11, 12, 13, 14]);
  const seatProof = openings([1, 2, 3, 4, 10, 11, 12, 13, 14]);
  const publicUpdate = { ...pub(9), events: [publicProof] };

  test("a seat's part carries only the openings beyond the public ones, and merges back into his whole list", () => {
    const part = privatePart([publicProof], publicView, [seatProof], { ...publicView, viewer: 3 })!;
    expect(part.events).toEqual([{ index: 0, event: openings([1, 4]) }]);
    const merged = mergeHandPrivate(publicUpdate, { ...own(9), ...part });
    expect(merged.events).toEqual([seatProof]);
  });

  test('a seat whose cards were all shown saw what spectators saw: his openings need no part', () => {
    expect(privatePart([publicProof], publicView, [publicProof], { ...publicView, viewer: 3 })).toBeNull();
  });

  test('a whole list in a part (as parts carried before) merges to the same list', () => {
    const merged = mergeHandPrivate(publicUpdate, { ...own(9), events: [{ index: 0, event: seatProof }] });
    expect(merged.events).toEqual([seatProof]);
  });
});
