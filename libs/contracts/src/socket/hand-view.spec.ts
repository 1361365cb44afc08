// The hand schemas match what the server sends: real engine views and filtered event feeds of every
// game of the engine's list (flop games, stud, draw, Naiko mode, the home-game options), for every
// seat and the spectators, at every step of seeded random hands, parse with the zod schemas. They
// are sent as JSON, so each value goes through a JSON round trip first (undefined keys dropped). Each
// update is also split as the server sends it (the public part once, a private part per seat) and
// put back together as a client does: the result is exactly the seat's own events and view. And over
// the whole hand, each seat's stream as the server sends it (a private part only when it has something
// new: `privatePartNeeded`) and as a client assembles it (`HandFeedAssembler`, with the part that
// stands) gives the seat's own events and view at every update.
import {
  apply,
  cancelHand,
  legalActions,
  randomLegalAction,
  seededRandom,
  start,
  VARIANTS,
  view,
  viewEvents,
  type Action,
  type HandConfig,
  type HandEvent,
  type HandState,
  type VariantSpec,
} from '@naiko/engine';
import { randomDrawAction } from '@naiko/engine/hand/draw/draw';
import { randomNaikoAction } from '@naiko/engine/hand/naiko/random-policy';
import { randomInt, type RandomSource } from '@naiko/engine/rng/random-source';
import { HandEventSchema, HandViewSchema, type HandEventWire, type HandViewWire } from './hand-view';
import {
  HandFeedAssembler,
  mergeHandPrivate,
  privatePart,
  privatePartNeeded,
  standingKey,
  TableHandPrivatePayloadSchema,
} from './hand-feed';
import { TableHandPayloadSchema } from './tables';

const wire = <T>(value: T): unknown => JSON.parse(JSON.stringify(value));
/** Private parts built, and those a seat needed none for; in the streams, parts sent and left out. */
const parts = { sent: 0, skipped: 0, streamed: 0, standing: 0 };

/** One hand's per-seat streams: what the server last sent each seat, and each seat's client. */
interface Streams {
  seq: number;
  sent: Map<number, string>;
  clients: Map<number, HandFeedAssembler>;
}
const newStreams = (): Streams => ({ seq: 0, sent: new Map(), clients: new Map() });

/**
 * The two parts of an update as the server sends them: the public part (the spectators' events and
 * view) parses and holds no card a spectator may not see; each seat's private part parses, and
 * merged into the public part gives exactly that seat's own events and view.
 */
function checkParts(state: HandState, events: HandEvent[], seats: number[], streams: Streams): void {
  const publicEvents = wire(viewEvents(events, 'spectator')) as HandEventWire[];
  const publicView = wire(view(state, 'spectator')) as HandViewWire;
  const seq = ++streams.seq;
  const pub = TableHandPayloadSchema.parse({
    tableId: 't',
    handId: 'h',
    handNumber: 1,
    seq,
    events: publicEvents,
    view: publicView,
    clock: null,
  });
  for (const seat of seats) {
    const seatEvents = wire(viewEvents(events, seat)) as HandEventWire[];
    const seatView = wire(view(state, seat)) as HandViewWire;
    const own = privatePart(publicEvents, publicView, seatEvents, seatView);
    checkStream(streams, seat, pub, own, { events: seatEvents, view: seatView });
    if (!own) {
      parts.skipped++;
      expect({ events: publicEvents, view: { ...publicView, viewer: seat } }).toEqual({
        events: seatEvents,
        view: seatView,
      });
      continue;
    }
    parts.sent++;
    const part = TableHandPrivatePayloadSchema.parse(
      wire({ tableId: 't', handId: 'h', handNumber: 1, seq, seat, ...own }),
    );
    const merged = mergeHandPrivate(pub, part);
    expect(wire({ events: merged.events, view: merged.view })).toEqual({ events: seatEvents, view: seatView });
    // Only what is his: the cards of other seats never ride in it.
    for (const player of part.players) expect(player.seat).toBe(seat);
  }
}
/**
 * The seat's stream: the server sends his part only when it has something new for him; his client
 * merges what it got (or the part that stands) into the public part and sees exactly his own update.
 */
function checkStream(
  streams: Streams,
  seat: number,
  pub: ReturnType<typeof TableHandPayloadSchema.parse>,
  own: ReturnType<typeof privatePart>,
  expected: { events: HandEventWire[]; view: HandViewWire },
): void {
  const client = streams.clients.get(seat) ?? streams.clients.set(seat, new HandFeedAssembler()).get(seat)!;
  if (privatePartNeeded(own, streams.sent.get(seat))) {
    streams.sent.set(seat, standingKey(own));
    parts.streamed++;
    client.private(
      TableHandPrivatePayloadSchema.parse(
        wire({ ...pub, seat, ...(own ?? { events: [], players: [], legal: null }), view: undefined, clock: undefined }),
      ),
    );
  } else parts.standing++;
  const merged = client.public(pub);
  expect(wire({ events: merged.events, view: merged.view })).toEqual(
    wire({ ...expected, view: { ...expected.view, viewer: expected.view.viewer } }),
  );
}

/** The event types and view extensions the random hands produced (the schemas were tried on each). */
const seen = new Set<string>();

/** Random legal play in any phase: draws and split answers, powers, home-game offers. */
function randomAction(state: HandState, rng: RandomSource): Action | null {
  const la = legalActions(state);
  if (!la) return null;
  if (state.spec.id === 'naiko') return randomNaikoAction(state, rng, 0.5);
  if (state.phase === 'draw' || state.phase === 'split') return randomDrawAction(state, rng);
  if (state.phase !== 'betting') return { type: la.actions[randomInt(rng, la.actions.length)], seat: la.seat };
  return randomLegalAction(state, rng);
}

/** Plays a seeded hand and checks every view and feed of every viewer against the schemas. */
function checkHand(
  config: HandConfig,
  seed: number,
  choose: (state: HandState, rng: RandomSource) => Action | null = randomAction,
  cancelAfter = Infinity,
): number {
  const rng = seededRandom(seed);
  const started = start(config, { rng: seededRandom(`deck-${seed}`) });
  let state = started.state;
  const viewers = [...config.seats.map((s) => s.seat), 'spectator' as const];
  const streams = newStreams();
  const check = (events: HandEvent[]) => {
    for (const viewer of viewers) {
      const parsed = HandViewSchema.parse(wire(view(state, viewer)));
      for (const [name, ext] of Object.entries(parsed.ext ?? {})) if (ext) seen.add(`ext.${name}`);
      for (const name of Object.keys(parsed.legal?.extensions ?? {})) seen.add(`legal.${name}`);
      for (const event of viewEvents(events, viewer)) seen.add(HandEventSchema.parse(wire(event)).type);
    }
    checkParts(
      state,
      events,
      config.seats.map((s) => s.seat),
      streams,
    );
  };
  check(started.events);
  let steps = 0;
  for (; state.phase !== 'complete' && state.phase !== 'cancelled' && steps < 400; steps++) {
    if (steps === cancelAfter) {
      const cancelled = cancelHand(state);
      if (!cancelled.ok) throw new Error(cancelled.error.message);
      state = cancelled.state;
      check(cancelled.events);
      break;
    }
    const action = choose(state, rng);
    if (!action) throw new Error(`nobody to act in phase ${state.phase}`);
    const result = apply(state, action);
    if (!result.ok) throw new Error(`refused: ${JSON.stringify(action)} ${result.error.message}`);
    state = result.state;
    check(result.events);
  }
  expect(state.phase).toBe(cancelAfter < Infinity ? 'cancelled' : 'complete');
  return steps;
}

function configOf(spec: VariantSpec, structure: HandConfig['structure'], players: number): HandConfig {
  const seats = Array.from({ length: players }, (_, k) => ({ seat: k, stack: 150 + 37 * k }));
  const stakes: HandConfig['stakes'] = spec.forcedBets.bringIn
    ? { smallBlind: 0, bigBlind: 10, ante: 2, bringIn: 5, smallBet: 10, bigBet: 20, spreadLimits: [10, 20, 30] }
    : spec.forcedBets.blinds
      ? { smallBlind: 5, bigBlind: 10, spreadLimits: [10, 20, 30] }
      : { smallBlind: 0, bigBlind: 10, ante: 10, maxBet: 40 };
  return {
    variant: spec.id,
    structure,
    seats,
    button: 0,
    stakes,
    ...(spec.id === 'naiko'
      ? {
          showdown: 'show-all' as const,
          powers: { sparks: Object.fromEntries(seats.map((s) => [s.seat, 3])), dealSparkGranted: true },
        }
      : {}),
  };
}

describe('hand schemas: real engine payloads parse', () => {
  test.each(VARIANTS.map((spec) => [spec.id, spec] as const))('%s: views and feeds of every viewer', (_id, spec) => {
    let steps = 0;
    for (const structure of spec.structures)
      for (const players of [2, Math.min(spec.maxSeats, 6)])
        for (let seed = 1; seed <= 2; seed++)
          steps += checkHand(configOf(spec, structure, players), seed * 7 + players);
    expect(steps).toBeGreaterThan(0);
  });

  test('home games: straddle, double-board bomb pot, run it twice, 7-2 bounty, rabbit hunt', () => {
    for (let seed = 1; seed <= 30; seed++) {
      const players = 2 + (seed % 5);
      const seats = Array.from({ length: players }, (_, k) => ({ seat: k, stack: 60 + 20 * k }));
      checkHand(
        {
          variant: seed % 3 === 0 ? 'omaha-hl' : 'holdem',
          structure: 'no-limit',
          seats,
          button: seed % players,
          stakes: { smallBlind: 5, bigBlind: 10 },
          showdown: seed % 2 ? 'classic' : 'show-all',
          homeGame: {
            runItTwice: true,
            straddle: seed % 4 !== 0,
            ...(seed % 5 === 0 ? { bombPot: { ante: 10, doubleBoard: seed % 10 === 0 } } : {}),
            ...(seed % 3 !== 0 ? { sevenDeuceBounty: 7 } : {}),
            rabbitHunt: true,
          },
        },
        seed,
      );
    }
  });

  test('draw: six players who always draw five run the stub out (the reshuffle); a cancelled hand', () => {
    // 6 × 5 dealt + 20 drawn by the first four leave the fifth short: the discards are reshuffled.
    const drawAll = (state: HandState): Action | null => {
      const la = legalActions(state);
      if (!la) return null;
      if (la.actions.includes('draw')) return { type: 'draw', seat: la.seat, discard: state.hole[state.toAct].slice() };
      return { type: la.actions.includes('check') ? 'check' : 'call', seat: la.seat };
    };
    const seats = Array.from({ length: 6 }, (_, seat) => ({ seat, stack: 1000 }));
    const draw27: HandConfig = {
      variant: 'draw27x3',
      structure: 'fixed-limit',
      seats,
      button: 0,
      stakes: { smallBlind: 5, bigBlind: 10 },
    };
    checkHand(draw27, 1, drawAll);
    checkHand({ ...draw27, variant: 'holdem', structure: 'no-limit' }, 2, randomAction, 3);
  });

  test('the random hands tried the schemas on every kind of event and view extension', () => {
    // Almost every update has a private part (own cards); a seat whose cards are all shown may have none.
    expect(parts.sent).toBeGreaterThan(parts.skipped);
    // Sent only when new, most updates reach a seat as the public part alone.
    expect(parts.standing).toBeGreaterThan(parts.streamed);
    const kinds = HandEventSchema.options.map((o) => o.shape.type.value).filter((t) => !t.startsWith('deal'));
    // Disconnection protection is the table's decision on a timeout: random play never sends it.
    const missing = kinds.filter((t) => !seen.has(t) && t !== 'artificial-all-in');
    expect(missing).toEqual([]);
    for (const name of ['ext.powers', 'ext.home', 'ext.draw', 'legal.draw', 'legal.home', 'legal.sneak-peek'])
      expect(seen).toContain(name);
  });

  test('a view of a finished hand and of a spectator carries the side pots and no private card', () => {
    const parsed = HandViewSchema.parse(
      wire(view(start(configOf(VARIANTS[0], 'no-limit', 3), { rng: seededRandom('deck') }).state, 'spectator')),
    );
    expect(parsed.pots.reduce((sum, pot) => sum + pot.amount, 0)).toBe(parsed.pot);
    expect(parsed.players.every((p) => p.cards.every((c) => c === null))).toBe(true);
  });
});
