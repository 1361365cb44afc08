// The table host with in-memory ports and a manual clock: ordering (persist before broadcast),
// versioned decisions, the clock's timeout decisions, per-seat feeds, the pluggable chip source
// and blind schedule.
import { seededRandom } from '@naiko/engine';
import { makeTableConfig } from '@naiko/table';
import { ManualTimers, MemoryChips, MemoryHandSink, MemoryProtectionQuota, RecordingBroadcaster } from './fakes';
import { TableHostError } from './host-errors';
import { TableHost, type FinishedHand, type TableHostOptions, type TournamentDeal } from './table-host';

const ALICE = 'a0000000-0000-4000-8000-000000000001';
const BOB = 'b0000000-0000-4000-8000-000000000002';

function setup(over: Partial<TableHostOptions> = {}) {
  const timers = new ManualTimers();
  const hands = new MemoryHandSink();
  const chips = new MemoryChips();
  const out = new RecordingBroadcaster();
  const host = new TableHost({
    tableId: 't1',
    name: 'T1',
    config: makeTableConfig({
      game: 'holdem',
      structure: 'no-limit',
      stakes: { smallBlind: 5, bigBlind: 10 },
      buyIn: { min: 100, max: 1000 },
      seats: 2,
      clock: { decisionMs: 1000, timeBankMs: 500 } as never,
    }),
    chips,
    hands,
    broadcaster: out,
    timers,
    rng: seededRandom('host'),
    deckRng: () => seededRandom('deck'),
    handPauseMs: 100,
    ...over,
  });
  host.start();
  return { host, timers, hands, chips, out };
}

/** Lets queued commands and their awaited fakes finish. */
const flush = async (host: TableHost): Promise<void> => {
  for (let i = 0; i < 5; i++) {
    await host.idle();
    await new Promise((r) => setImmediate(r));
  }
};

async function twoSeated() {
  const fixture = setup();
  await fixture.host.sit({ userId: ALICE, name: 'ann' }, { buyIn: 500 });
  await fixture.host.sit({ userId: BOB, name: 'bob' }, { buyIn: 500 });
  fixture.timers.advance(100);
  await flush(fixture.host);
  return fixture;
}

describe('TableHost', () => {
  test('a buy-in moves chips through the chip source before the seat exists; a refused one moves nothing', async () => {
    const { host, chips } = setup();
    await expect(host.sit({ userId: ALICE, name: 'ann' }, { buyIn: 5000 })).rejects.toMatchObject({
      code: 'BAD_PAYLOAD',
      reason: 'BUY_IN_ABOVE_MAX',
    });
    expect(chips.moves).toEqual([]);
    expect(await host.sit({ userId: ALICE, name: 'ann' }, { buyIn: 500 })).toBe(0);
    expect(chips.moves).toEqual([{ kind: 'buyIn', userId: ALICE, amount: 500 }]);
  });

  test('deals after the pause once two players sit; every seat gets its own feed, spectators theirs; events are stored first', async () => {
    const { host, hands, out } = await twoSeated();
    expect(host.handState).not.toBeNull();
    const stored = [...hands.hands.values()][0];
    expect(stored.events.length).toBeGreaterThan(0);
    const feeds = out.hands;
    const audiences = feeds.map((f) => (f.audience === 'spectators' ? 'spectators' : f.audience.userId));
    expect(audiences.sort()).toEqual([ALICE, BOB, 'spectators'].sort());
    // Every event a feed carries was stored before it was handed to the broadcaster.
    for (const sent of feeds) expect(sent.feed.events.length).toBeLessThanOrEqual(stored.events.length);
    const spectator = feeds
      .find((f) => f.audience === 'spectators')!
      .feed.events.filter((e) => e.type === 'hole-dealt');
    expect(spectator.every((e) => (e.cards as unknown[]).every((c) => c === null))).toBe(true);
  });

  test('a stale version and a decision out of turn are refused and change nothing', async () => {
    const { host } = await twoSeated();
    const state = host.handState!;
    const actor = host.table.seats[state.seats[state.toAct]]!.playerId;
    const other = actor === ALICE ? BOB : ALICE;
    await expect(host.act(actor, state.version + 1, { type: 'call' })).rejects.toMatchObject({
      code: 'CONFLICT',
      reason: 'STALE_VERSION',
    });
    await expect(host.act(other, state.version, { type: 'call' })).rejects.toMatchObject({
      code: 'CONFLICT',
      reason: 'NOT_YOUR_TURN',
    });
    await expect(host.act(actor, state.version, { type: 'draw-timeout' })).rejects.toMatchObject({
      reason: 'TABLE_DECISION',
    });
    expect(host.handState!.version).toBe(state.version);
    await host.act(actor, state.version, { type: 'call' });
    await expect(host.act(actor, state.version, { type: 'call' })).rejects.toBeInstanceOf(TableHostError);
  });

  test("a failed end of the hand changes nothing: the hand's last decision is not applied and nobody is told", async () => {
    const { host, hands, out } = await twoSeated();
    const state = host.handState!;
    const actor = host.table.seats[state.seats[state.toAct]]!.playerId;
    const sent = out.hands.length;
    hands.failNext = true;
    // Heads-up preflop: the small blind folds, which ends the hand (its end is the awaited write).
    await expect(host.act(actor, state.version, { type: 'fold' })).rejects.toThrow('database down');
    expect(host.handState).toBe(state);
    expect(out.hands.length).toBe(sent);
    // Tried again, it ends the hand once.
    await host.act(actor, state.version, { type: 'fold' });
    expect(host.handState).toBeNull();
  });

  test('an action in the middle of a hand is journaled, not awaited: it is broadcast at once and the end stores the whole log', async () => {
    const { host, hands, out } = await twoSeated();
    const state = host.handState!;
    const id = [...hands.hands.keys()].at(-1)!;
    const dealt = hands.hands.get(id)!.events.length;
    const actor = host.table.seats[state.seats[state.toAct]]!.playerId;
    const sent = out.hands.length;
    await host.act(actor, state.version, { type: 'call' });
    expect(hands.hands.get(id)!.events.length).toBeGreaterThan(dealt);
    expect(hands.hands.get(id)!.ended).toBeUndefined();
    expect(out.hands.length).toBeGreaterThan(sent);
  });

  // A seat whose player has no socket gets no private part, a table nobody watches no public part.
  test('nothing is built for an audience nobody listens to', async () => {
    const fixture = setup();
    fixture.out.listening = new Set();
    await fixture.host.sit({ userId: ALICE, name: 'ann' }, { buyIn: 500 });
    await fixture.host.sit({ userId: BOB, name: 'bob' }, { buyIn: 500 });
    fixture.timers.advance(100);
    await flush(fixture.host);
    expect(fixture.host.handState).not.toBeNull();
    expect(fixture.out.publics).toEqual([]);
    expect(fixture.out.privates).toEqual([]);
    // Ann opens the table: the public part of each update reaches the room, only she gets her private part.
    fixture.out.listening.add(ALICE);
    const handState2 = fixture.host.handState!;
    await fixture.host.act(handState2.toAct === 0 ? ALICE : BOB, handState2.version, { type: 'call' });
    expect(fixture.out.publics.length).toBeGreaterThan(0);
    expect(fixture.out.privates.length).toBeGreaterThan(0);
    expect(fixture.out.privates.every((x) => x.userId === ALICE)).toBe(true);
    // Bob comes back: his snapshot carries the confirmed state, the next feeds reach him.
    fixture.out.listening.add(BOB);
    expect(fixture.host.snapshot(BOB).hand?.view).toBeDefined();
  });

  test('the clock: decision time plus time bank, then fold when a check is not legal (heads-up small blind preflop)', async () => {
    const { host, timers } = await twoSeated();
    const state = host.handState!;
    const seat = state.seats[state.toAct];
    timers.advance(1499);
    await flush(host);
    expect(host.handState).toBe(state);
    timers.advance(1);
    await flush(host);
    // The small blind folded: the hand is over, the next one waits for the pause.
    expect(host.table.handsPlayed).toBe(1);
    expect(host.table.seats[seat]!.timeBankMs).toBe(0);
  });

  test('the clock checks when checking is legal (big blind after a call)', async () => {
    const { host, timers, hands } = await twoSeated();
    const state = host.handState!;
    const sb = host.table.seats[state.seats[state.toAct]]!.playerId;
    await host.act(sb, state.version, { type: 'call' });
    timers.advance(1500);
    await flush(host);
    const events = [...hands.hands.values()][0].events;
    const last = events.filter((e) => e.type === 'action').at(-1)!;
    expect(last).toMatchObject({ action: 'check' });
  });

  test('the blind schedule is asked once per hand and its stakes are dealt (tournament levels)', async () => {
    const asked: number[] = [];
    const fixture = setup({
      schedule: { stakesFor: ({ handNumber }) => (asked.push(handNumber), { smallBlind: 50, bigBlind: 100 }) },
    });
    await fixture.host.sit({ userId: ALICE, name: 'ann' }, { buyIn: 500 });
    await fixture.host.sit({ userId: BOB, name: 'bob' }, { buyIn: 500 });
    fixture.timers.advance(100);
    await flush(fixture.host);
    expect(asked).toEqual([1]);
    const config = [...fixture.hands.hands.values()][0].input.config;
    expect(config.stakes).toMatchObject({ smallBlind: 50, bigBlind: 100 });
  });

  test('leaving between hands cashes the whole stack out through the chip source', async () => {
    const { host, chips } = setup();
    await host.sit({ userId: ALICE, name: 'ann' }, { buyIn: 500 });
    await host.leave(ALICE);
    expect(chips.moves.at(-1)).toEqual({ kind: 'cashOut', userId: ALICE, amount: 500 });
    expect(host.table.seats.every((s) => s === null)).toBe(true);
  });

  test('dead button: the small blind leaves during the hand; next hand the button stays on his empty seat and the big blind moves on', async () => {
    const config = makeTableConfig({
      game: 'holdem',
      structure: 'no-limit',
      stakes: { smallBlind: 5, bigBlind: 10 },
      buyIn: { min: 100, max: 1000 },
      seats: 4,
      clock: { decisionMs: 1000, timeBankMs: 0 } as never,
    });
    const fixture = setup({ config });
    const ids = [0, 1, 2, 3].map((k) => `c0000000-0000-4000-8000-00000000000${k}`);
    for (const [index, id] of ids.entries())
      await fixture.host.sit({ userId: id, name: `p${index}` }, { buyIn: 500, seat: index, waitForBigBlind: false });
    fixture.timers.advance(100);
    await flush(fixture.host);
    const started = () =>
      fixture.out.tables.flatMap((t) => t.events).filter((e) => e.type === 'handStarted') as unknown as {
        button: number;
        smallBlindSeat: number | null;
        bigBlindSeat: number;
        seats: number[];
      }[];
    expect(started()).toHaveLength(1);
    const first = started()[0];
    const sbSeat = first.smallBlindSeat!;
    await fixture.host.leave(ids[sbSeat]); // dealt in: leaves when the hand ends
    for (let i = 0; i < 10 && fixture.host.table.handsPlayed < 1; i++) {
      fixture.timers.advance(1000);
      await flush(fixture.host);
    }
    expect(fixture.host.table.handsPlayed).toBe(1);
    expect(fixture.host.table.seats[sbSeat]).toBeNull();
    fixture.timers.advance(100);
    await flush(fixture.host);
    const second = started()[1];
    // Hand 1: button b, small blind sb, big blind bb. Hand 2: the big blind moves to the next
    // player after bb, the small blind falls on bb's seat, the button on sb's (now empty) seat.
    expect(second.button).toBe(sbSeat);
    expect(second.smallBlindSeat).toBe(first.bigBlindSeat);
    expect(second.bigBlindSeat).toBe(
      (first.bigBlindSeat + 1) % 4 === sbSeat ? (first.bigBlindSeat + 2) % 4 : (first.bigBlindSeat + 1) % 4,
    );
    expect(second.seats).not.toContain(sbSeat);
  });

  test('chat: seated players only, delivered to the table', async () => {
    const { host, out } = setup();
    await expect(host.chat(ALICE, 'hi')).rejects.toMatchObject({ code: 'FORBIDDEN', reason: 'NOT_SEATED' });
    await host.sit({ userId: ALICE, name: 'ann' }, { buyIn: 500 });
    await host.chat(ALICE, 'hi');
    expect(out.chats).toEqual([
      expect.objectContaining({ from: { playerId: ALICE, name: 'ann', isBot: false }, text: 'hi' }),
    ]);
  });

  describe('disconnection protection', () => {
    // Fixed Limit 5/10 heads-up, one protection a day. The small blind (button, 5 in) is disconnected
    // and times out facing the big blind's 10.
    const fixedLimit = makeTableConfig({
      game: 'holdem',
      structure: 'fixed-limit',
      stakes: { smallBlind: 5, bigBlind: 10 },
      buyIn: { min: 100, max: null },
      seats: 2,
      protectionsPerDay: 1,
      clock: { decisionMs: 1000, timeBankMs: 0 } as never,
    });
    const storedEvents = (s: ReturnType<typeof setup>) => [...s.hands.hands.values()].flatMap((x) => x.events);
    /** Seats A and B, lets the first hand deal, disconnects the player to act and runs out his clock. */
    async function timeOutDisconnected(
      fixture: ReturnType<typeof setup>,
      tournament = false,
    ): Promise<{ seat: number; userId: string }> {
      if (!tournament) {
        await fixture.host.sit({ userId: ALICE, name: 'ann' }, { buyIn: 500 });
        await fixture.host.sit({ userId: BOB, name: 'bob' }, { buyIn: 500 });
      }
      fixture.timers.advance(100);
      await flush(fixture.host);
      const handState2 = fixture.host.handState!;
      const seat = handState2.seats[handState2.toAct];
      const userId = fixture.host.table.seats[seat]!.playerId;
      await fixture.host.disconnected(userId);
      fixture.timers.advance(1000);
      await flush(fixture.host);
      return { seat, userId };
    }

    test('a disconnected Fixed Limit player with chips in the pot who times out facing a bet is kept in (artificial all-in)', async () => {
      const quota = new MemoryProtectionQuota();
      const fixture = setup({ config: fixedLimit, protections: quota });
      const { seat, userId } = await timeOutDisconnected(fixture);
      expect(storedEvents(fixture).filter((e) => e.type === 'artificial-all-in')).toEqual([
        expect.objectContaining({ seat, committed: 5 }),
      ]);
      expect(quota.spends).toEqual([expect.objectContaining({ userId, tableId: 't1', granted: true })]);
    });

    test('its quota is per player per 24 h across all tables: the second table folds him once his one protection is spent', async () => {
      const quota = new MemoryProtectionQuota();
      const first = setup({ config: fixedLimit, protections: quota });
      const second = setup({ config: fixedLimit, protections: quota, tableId: 't2' });
      const one = await timeOutDisconnected(first);
      // Same players at the second table: the same seat acts first (same seeded button).
      const two = await timeOutDisconnected(second);
      expect(two.userId).toBe(one.userId);
      expect(storedEvents(first).filter((e) => e.type === 'artificial-all-in')).toHaveLength(1);
      expect(storedEvents(second).filter((e) => e.type === 'artificial-all-in')).toHaveLength(0);
      // Folded for his 5: the hand at the second table is over, 495 / 505.
      expect(second.host.handState).toBeNull();
      expect(second.host.table.seats[two.seat]!.stack).toBe(495);
      expect(quota.spends.map((x) => [x.tableId, x.granted])).toEqual([
        ['t1', true],
        ['t2', false],
      ]);
    });

    test('a database failure while spending counts as none left: the player is folded, the table goes on', async () => {
      const fixture = setup({
        config: fixedLimit,
        protections: { trySpend: async () => Promise.reject(new Error('database down')) },
      });
      const { seat } = await timeOutDisconnected(fixture);
      expect(storedEvents(fixture).filter((e) => e.type === 'artificial-all-in')).toHaveLength(0);
      expect(fixture.host.table.seats[seat]!.stack).toBe(495);
    });

    test('disconnection protection only at cash tables: a Sit & Go / tournament table folds the disconnected player and spends nothing', async () => {
      const quota = new MemoryProtectionQuota();
      const finished: FinishedHand[] = [];
      const deals: TournamentDeal[] = [
        {
          handNumber: 1,
          seats: [
            { userId: ALICE, name: 'ann', isBot: false, stack: 500 },
            { userId: BOB, name: 'bob', isBot: false, stack: 500 },
          ],
          dealtIn: [0, 1],
          button: 0,
        },
      ];
      const fixture = setup({
        config: fixedLimit,
        protections: quota,
        tournament: { retryMs: 50, sitAndGoId: 1, nextHand: async () => deals.shift() ?? null },
        hooks: { onHandFinished: (_h, hand) => void finished.push(hand) },
      });
      // Button 0 (A) is the small blind heads-up and acts first: 5 in, facing 10.
      const { seat, userId } = await timeOutDisconnected(fixture, true);
      expect([seat, userId]).toEqual([0, ALICE]);
      expect(storedEvents(fixture).filter((e) => e.type === 'artificial-all-in')).toHaveLength(0);
      expect(
        storedEvents(fixture)
          .filter((e) => e.type === 'action')
          .at(-1),
      ).toMatchObject({ seat: 0, action: 'fold' });
      expect(quota.spends).toEqual([]);
      // He loses his small blind: 500 − 5 = 495; the big blind wins it: 505.
      expect(finished[0].stacks.map((x) => [x.playerId, x.stack])).toEqual([
        [ALICE, 495],
        [BOB, 505],
      ]);
    });
  });

  test('a deal whose store fails changes nothing in memory and is tried again', async () => {
    const fixture = setup();
    await fixture.host.sit({ userId: ALICE, name: 'ann' }, { buyIn: 500 });
    await fixture.host.sit({ userId: BOB, name: 'bob' }, { buyIn: 500 });
    fixture.hands.failNext = true;
    fixture.timers.advance(100);
    await flush(fixture.host);
    expect(fixture.host.handState).toBeNull();
    expect(fixture.host.table.hand).toBeNull();
    fixture.timers.advance(1000);
    await flush(fixture.host);
    expect(fixture.host.handState).not.toBeNull();
  });

  test('reconnection window: a player still away when it runs out is sat out at that moment, not only at the next deal', async () => {
    const { host, timers, out } = setup();
    await host.sit({ userId: ALICE, name: 'ann' }, { buyIn: 500 });
    await host.disconnected(ALICE);
    const window = host.table.config.clock.reconnectWindowMs;
    timers.advance(window - 1);
    await flush(host);
    expect(host.table.seats[0]!.sittingOut).toBe(false);
    timers.advance(1);
    await flush(host);
    expect(host.table.seats[0]!.sittingOut).toBe(true);
    const last = out.tables.at(-1)!;
    expect(last.events).toEqual([expect.objectContaining({ type: 'satOut', seat: 0, reason: 'disconnected' })]);
    expect(last.table.seatMap[0]).toMatchObject({ sittingOut: true, connected: false });
  });

  test('reconnection window: coming back inside it keeps the seat in play and cancels the timer', async () => {
    const { host, timers } = setup();
    await host.sit({ userId: ALICE, name: 'ann' }, { buyIn: 500 });
    await host.disconnected(ALICE);
    timers.advance(1000);
    await host.connected(ALICE);
    timers.advance(host.table.config.clock.reconnectWindowMs);
    await flush(host);
    expect(host.table.seats[0]).toMatchObject({ sittingOut: false, connected: true });
  });
});
