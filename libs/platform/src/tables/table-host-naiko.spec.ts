// The table host in Naiko mode and in draw games, with in-memory ports and a manual clock: sparks
// carried between hands (the deal's spark granted once, capped at 3), a human's Sneak Peek seen only
// by him, the anchor/shield window (answered and timed out), bots using powers, the seed commitment,
// a human's draw and a draw timeout, an unanswered 32-Card Draw split offer.
import {
  dealFromSeed,
  dealRootFromSeed,
  legalActions,
  naikoDealFromSeed,
  seededRandom,
  standardDeck,
  verifyOpening,
  type CardOpening,
  type HandState,
} from '@naiko/engine';
import { DEFAULT_CLOCK, makeTableConfig, type TableConfig } from '@naiko/table';
import { ManualTimers, MemoryChips, MemoryHandSink, RecordingBroadcaster } from './fakes';
import type { BotDirectory } from './ports';
import { TableHost, type TableHostOptions } from './table-host';

const ALICE = 'a0000000-0000-4000-8000-000000000001';
const BOB = 'b0000000-0000-4000-8000-000000000002';
const CLOCK = { ...DEFAULT_CLOCK, decisionMs: 1000, timeBankMs: 0, drawDecisionMs: 2000, shieldResponseMs: 3000 };

const naikoConfig = (over: Partial<TableConfig> = {}): TableConfig =>
  makeTableConfig({
    game: 'holdem',
    structure: 'no-limit',
    stakes: { smallBlind: 5, bigBlind: 10 },
    buyIn: { min: 100, max: 1000 },
    seats: 2,
    clock: CLOCK,
    naikoMode: true,
    ...over,
  });

/** The first seed `s0, s1, ...` whose carousel holds every wanted power (the carousel is drawn from the seed). */
function seedWith(...powers: string[]): string {
  for (let i = 0; ; i++) {
    const seed = `naiko-${powers.join('+')}-${i}`;
    const { carousel } = naikoDealFromSeed(standardDeck(), seed);
    if (powers.every((p) => carousel.includes(p as never))) return seed;
  }
}

function setup(config: TableConfig, over: Partial<TableHostOptions> = {}) {
  const timers = new ManualTimers();
  const hands = new MemoryHandSink();
  const out = new RecordingBroadcaster();
  const host = new TableHost({
    tableId: 't1',
    name: 'T1',
    config,
    chips: new MemoryChips(),
    hands,
    broadcaster: out,
    timers,
    rng: seededRandom('host'),
    handPauseMs: 100,
    botDelayMs: 0,
    ...over,
  });
  host.start();
  return { host, timers, hands, out };
}

const flush = async (host: TableHost): Promise<void> => {
  for (let i = 0; i < 6; i++) {
    await host.idle();
    await new Promise((r) => setImmediate(r));
  }
};

async function twoHumans(config: TableConfig, over: Partial<TableHostOptions> = {}) {
  const fixture = setup(config, over);
  await fixture.host.sit({ userId: ALICE, name: 'ann' }, { buyIn: 500, seat: 0 });
  await fixture.host.sit({ userId: BOB, name: 'bob' }, { buyIn: 500, seat: 1 });
  fixture.timers.advance(100);
  await flush(fixture.host);
  return fixture;
}

const actorOf = (host: TableHost): { userId: string; seat: number; state: HandState } => {
  const state = host.handState!;
  const seat = legalActions(state)!.seat;
  return { userId: host.table.seats[seat]!.playerId, seat, state };
};

/** The player to act folds; then the next hand is dealt. */
async function foldHand(fixture: { host: TableHost; timers: ManualTimers }): Promise<void> {
  const { userId, state } = actorOf(fixture.host);
  await fixture.host.act(userId, state.version, { type: 'fold' });
  fixture.timers.advance(100);
  await flush(fixture.host);
}

const storedEvents = (hands: MemoryHandSink) =>
  [...hands.hands.values()].map((h) => h.events as unknown as { type: string; [k: string]: unknown }[]);
const lastHand = (hands: MemoryHandSink) => [...hands.hands.values()].at(-1)!;

describe('TableHost in Naiko mode', () => {
  test('sparks are carried between hands: the deal grants one spark once (not twice) and a balance is capped at 3', async () => {
    const fixture = await twoHumans(naikoConfig(), { seeds: () => seedWith('sneak-peek') });
    for (let hand = 1; hand <= 4; hand++) {
      const expected = Math.min(3, hand);
      const stored = lastHand(fixture.hands);
      expect(stored.input.config.powers).toEqual({
        sparks: { 0: expected, 1: expected },
        dealSparkGranted: true,
        shieldWindowMs: 3000,
      });
      const dealt = stored.events.find((e) => (e as { type: string }).type === 'x-powers-dealt') as unknown as {
        sparks: { seat: number; before: number; sparks: number }[];
      };
      expect(dealt.sparks).toEqual([
        { seat: 0, before: expected, sparks: expected },
        { seat: 1, before: expected, sparks: expected },
      ]);
      const { userId, state } = actorOf(fixture.host);
      await fixture.host.act(userId, state.version, { type: 'fold' });
      // Between hands the table keeps what the hand left (nothing spent here).
      expect(fixture.host.handState).toBeNull();
      expect(fixture.host.table.seats.map((x) => x!.sparks)).toEqual([expected, expected]);
      fixture.timers.advance(100);
      await flush(fixture.host);
    }
  });

  test('Sneak Peek by a human: the card goes to his feed only (never the opponent, never spectators), the spark is spent and stays spent', async () => {
    const fixture = await twoHumans(naikoConfig(), { seeds: () => seedWith('sneak-peek') });
    const { userId, seat, state } = actorOf(fixture.host);
    const mine = fixture.out.hands.filter((f) => f.audience !== 'spectators' && f.audience.userId === userId).at(-1)!;
    expect((mine.feed.view.legal as { extensions: Record<string, unknown> }).extensions['sneak-peek']).toEqual({
      cost: 1,
    });
    const before = fixture.out.hands.length;
    await fixture.host.act(userId, state.version, { type: 'sneak-peek' });
    const stored = lastHand(fixture.hands).events.find(
      (e) => (e as { type: string }).type === 'x-power',
    ) as unknown as {
      card: number;
      seat: number;
    };
    expect(stored.seat).toBe(seat);
    expect(typeof stored.card).toBe('number');
    const feeds = fixture.out.hands.slice(before);
    for (const sent of feeds) {
      const own = sent.audience !== 'spectators' && sent.audience.userId === userId;
      const ev = sent.feed.events.find((e) => e.type === 'x-power')!;
      const peek = (sent.feed.view.ext as { powers: { peek: unknown } }).powers.peek;
      if (own) {
        expect(ev.card).toBe(stored.card);
        expect(peek).toEqual({ street: 1, card: stored.card });
      } else {
        expect(ev).not.toHaveProperty('card');
        expect(peek).toBeNull();
      }
    }
    // Every feed anyone else got in this hand, before the flop shows the card, never carried it.
    const others = fixture.out.hands.filter((f) => f.audience === 'spectators' || f.audience.userId !== userId);
    for (const sent of others)
      expect(JSON.stringify(sent.feed.events.filter((e) => e.type.startsWith('x-')))).not.toContain('"card"');
    await fixture.host.act(userId, state.version + 1, { type: 'fold' });
    expect(fixture.host.table.seats[seat]!.sparks).toBe(0);
    expect(fixture.host.table.seats[1 - seat]!.sparks).toBe(1);
  });

  test('Short Anchor answered with Seal Shield: the defender pays 1, the attacker 2; a window left unanswered times out as a decline with timeout', async () => {
    const fixture = await twoHumans(naikoConfig(), { seeds: () => seedWith('short-anchor', 'seal-shield') });
    await foldHand(fixture); // hand 2: both hold 2 sparks
    let { userId: attacker, seat, state } = actorOf(fixture.host);
    const target = 1 - seat;
    const defender = fixture.host.table.seats[target]!.playerId;
    await fixture.host.act(attacker, state.version, { type: 'short-anchor', target });
    const windowFeed = fixture.out.hands
      .filter((f) => f.audience !== 'spectators' && f.audience.userId === defender)
      .at(-1)!;
    expect((windowFeed.feed.view.legal as { actions: string[] }).actions.sort()).toEqual(['decline', 'shield']);
    expect(windowFeed.feed.clock).toMatchObject({
      seat: target,
      kind: 'shield',
      deadline: fixture.timers.now() + 3000,
    });
    await fixture.host.act(defender, fixture.host.handState!.version, { type: 'shield' });
    expect(
      lastHand(fixture.hands)
        .events.map((e) => (e as { type: string; power?: string }).power)
        .filter(Boolean),
    ).toEqual(['short-anchor', 'seal-shield']);
    ({ state } = actorOf(fixture.host));
    await fixture.host.act(attacker, state.version, { type: 'fold' });
    // 2 + 0 after the hand; the deal then adds one each.
    expect(fixture.host.table.seats[seat]!.sparks).toBe(0);
    expect(fixture.host.table.seats[target]!.sparks).toBe(1);

    // Hand 4 (after one more fold): the attacker has 2 again, the defender 3; nobody answers the window.
    fixture.timers.advance(100);
    await flush(fixture.host);
    await foldHand(fixture);
    ({ userId: attacker, seat, state } = actorOf(fixture.host));
    expect(fixture.host.table.seats[seat]!.sparks).toBeGreaterThanOrEqual(2);
    await fixture.host.act(attacker, state.version, { type: 'short-anchor', target: 1 - seat });
    fixture.timers.advance(2999);
    await flush(fixture.host);
    expect(fixture.host.handState!.phase).toBe('shield-window');
    fixture.timers.advance(1);
    await flush(fixture.host);
    const applied = lastHand(fixture.hands).events.find((e) => (e as { type: string }).type === 'x-anchor-applied');
    expect(applied).toMatchObject({ seat: 1 - seat, by: seat, via: 'timeout' });
    expect(fixture.host.handState!.phase).not.toBe('shield-window');
  });

  test('the hand starts from hashRandom(seed): its stored Merkle commitment is published at the deal, the seed is never broadcast, and each seat gets openings that verify', async () => {
    const seed = seedWith('sneak-peek');
    const fixture = await twoHumans(naikoConfig(), { seeds: () => seed });
    const stored = lastHand(fixture.hands);
    const handId = [...fixture.hands.hands.keys()].at(-1)!;
    expect(fixture.hands.seeds.get(handId)).toBe(seed);
    // The commitment is the root the seed yields for this config (deck, and the carousel drawn after it).
    expect(stored.input.commitment).toBe(dealRootFromSeed(stored.input.config, seed));
    expect(dealFromSeed(stored.input.config, seed).carousel).toEqual(naikoDealFromSeed(standardDeck(), seed).carousel);
    const committed = fixture.out.hands.flatMap((h) => h.feed.events).filter((e) => e.type === 'dealCommitted');
    expect(committed.length).toBe(3); // each seat's first feed and the spectators'
    expect(committed.every((e) => e.commitment === stored.input.commitment)).toBe(true);
    await foldHand(fixture);
    expect(JSON.stringify([fixture.out.hands, fixture.out.tables])).not.toContain(seed);
    const openings = fixture.out.hands
      .filter((h) => h.feed.handId === handId)
      .flatMap((hand) =>
        hand.feed.events
          .filter((e) => e.type === 'dealOpenings')
          .map((e) => ({ audience: hand.audience, openings: e.openings as CardOpening[] })),
      );
    const forSeat = (seat: number) =>
      openings.find((o) => o.audience !== 'spectators' && o.audience.seat === seat)!.openings;
    for (const seat of [0, 1]) {
      const mine = forSeat(seat);
      expect(mine.length).toBe(2); // a preflop fold: his own two hole cards, nothing else
      for (const opening of mine) expect(verifyOpening(stored.input.commitment!, opening)).toBe(true);
      expect(verifyOpening(stored.input.commitment!, { ...mine[0], card: mine[1].card })).toBe(false);
    }
  });

  test('bots use powers (docs/rules/naiko.de.txt §7): over a few hands a bot seat activates a power, and every bot shield window is answered', async () => {
    let count = 0;
    const bots: BotDirectory = {
      ensureBot: async () => `c0000000-0000-4000-8000-${String(++count).padStart(12, '0')}`,
    };
    let seedCount = 0;
    const fixture = setup(naikoConfig({ seats: 4, botsAllowed: true }), {
      bots,
      botTarget: 3,
      seeds: () => `bots-${seedCount++}`,
    });
    await fixture.host.sit({ userId: ALICE, name: 'ann' }, { buyIn: 1000, seat: 0 });
    const botPower = () =>
      storedEvents(fixture.hands)
        .flat()
        .some((e) => e.type === 'x-power' && e.seat !== 0);
    for (let i = 0; i < 3000 && !botPower(); i++) {
      const running = fixture.host.handState;
      const la = running ? legalActions(running) : null;
      if (la && fixture.host.table.seats[la.seat]!.playerId === ALICE)
        await fixture.host.act(ALICE, running!.version, { type: la.actions.includes('check') ? 'check' : 'call' });
      fixture.timers.advance(100);
      await flush(fixture.host);
    }
    expect(botPower()).toBe(true);
    const all = storedEvents(fixture.hands).flat();
    // No window aimed at a bot was left to the clock.
    expect(all.filter((e) => e.type === 'x-anchor-applied' && e.via === 'timeout' && e.seat !== 0)).toEqual([]);
  });
});

describe('TableHost in draw games', () => {
  const draw = (game: 'draw27x3' | 'draw32'): TableConfig =>
    makeTableConfig({
      game,
      structure: 'fixed-limit',
      stakes: { smallBlind: 5, bigBlind: 10, smallBet: 10, bigBet: 20 },
      buyIn: { min: 100, max: null },
      seats: 2,
      clock: CLOCK,
    });

  /** Plays calls/checks until a draw (or a split offer) is the actor's decision. */
  async function untilPhase(fixture: { host: TableHost }, want: (actions: string[]) => boolean): Promise<void> {
    for (let i = 0; i < 50; i++) {
      const { userId, state } = actorOf(fixture.host);
      const la = legalActions(state)!;
      if (want(la.actions)) return;
      await fixture.host.act(
        userId,
        state.version,
        la.actions.includes('draw')
          ? { type: 'draw', discard: [] }
          : { type: la.actions.includes('check') ? 'check' : 'call' },
      );
    }
    throw new Error('phase not reached');
  }

  test('2-7 Triple Draw: a human draws the cards he chose; a draw left to the clock stands pat as draw-timeout', async () => {
    const fixture = await twoHumans(draw('draw27x3'));
    await untilPhase(fixture, (a) => a.includes('draw'));
    const first = actorOf(fixture.host);
    const hole = first.state.hole[first.state.seats.indexOf(first.seat)];
    await fixture.host.act(first.userId, first.state.version, { type: 'draw', discard: [hole[0], hole[3]] });
    const drawn = lastHand(fixture.hands).events.filter(
      (e) => (e as { type: string }).type === 'x-draw',
    ) as unknown as {
      seat: number;
      count: number;
      timeout: boolean;
      discarded: number[];
    }[];
    expect(drawn).toEqual([
      expect.objectContaining({ seat: first.seat, count: 2, timeout: false, discarded: [hole[0], hole[3]] }),
    ]);
    const second = actorOf(fixture.host);
    expect(fixture.out.hands.at(-1)!.feed.clock).toMatchObject({
      seat: second.seat,
      kind: 'draw',
      deadline: fixture.timers.now() + 2000,
    });
    await expect(fixture.host.act(second.userId, second.state.version, { type: 'draw-timeout' })).rejects.toMatchObject(
      {
        code: 'FORBIDDEN',
        reason: 'TABLE_DECISION',
      },
    );
    fixture.timers.advance(2000);
    await flush(fixture.host);
    const after = lastHand(fixture.hands).events.filter(
      (e) => (e as { type: string }).type === 'x-draw',
    ) as unknown as {
      seat: number;
      count: number;
      timeout: boolean;
    }[];
    expect(after[1]).toMatchObject({ seat: second.seat, count: 0, timeout: true });
  });

  test('32-Card Draw: a split offer left unanswered is refused (no-split), never a fold; answers by the players go through', async () => {
    const fixture = await twoHumans(draw('draw32'));
    await untilPhase(fixture, (a) => a.includes('no-split'));
    const first = actorOf(fixture.host);
    await fixture.host.act(first.userId, first.state.version, { type: 'split' });
    const second = actorOf(fixture.host);
    expect(legalActions(second.state)!.actions).toContain('no-split');
    fixture.timers.advance(1000);
    await flush(fixture.host);
    const splits = lastHand(fixture.hands).events.filter((e) => (e as { type: string }).type === 'x-split');
    expect(splits).toEqual([
      expect.objectContaining({ seat: first.seat, accept: true }),
      expect.objectContaining({ seat: second.seat, accept: false }),
    ]);
  });

  test('a table that is not Naiko mode passes no powers and verifies with the plain deck commitment', async () => {
    const seed = 'plain-deck';
    const fixture = await twoHumans(
      makeTableConfig({
        game: 'holdem',
        structure: 'no-limit',
        stakes: { smallBlind: 5, bigBlind: 10 },
        buyIn: { min: 100, max: 1000 },
        seats: 2,
        clock: CLOCK,
      }),
      { seeds: () => seed },
    );
    const stored = lastHand(fixture.hands);
    expect(stored.input.config.powers).toBeUndefined();
    expect(stored.input.commitment).toBe(dealRootFromSeed(stored.input.config, seed));
  });
});
