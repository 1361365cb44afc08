// The table host with in-memory ports and a manual clock: ordering (persist before broadcast),
// versioned decisions, the clock's timeout decisions, per-seat feeds, the pluggable chip source
// and blind schedule.
import { seededRandom } from '@naiko/engine';
import { makeTableConfig } from '@naiko/table';
import { ManualTimers, MemoryChips, MemoryHandSink, RecordingBroadcaster } from './fakes';
import { TableHostError } from './host-errors';
import { TableHost, type TableHostOptions } from './table-host';

const A = 'a0000000-0000-4000-8000-000000000001';
const B = 'b0000000-0000-4000-8000-000000000002';

function setup(over: Partial<TableHostOptions> = {}) {
  const timers = new ManualTimers();
  const hands = new MemoryHandSink();
  const chips = new MemoryChips();
  const out = new RecordingBroadcaster();
  const host = new TableHost({
    tableId: 't1',
    name: 'T1',
    config: makeTableConfig({ game: 'holdem', structure: 'no-limit', stakes: { smallBlind: 5, bigBlind: 10 }, buyIn: { min: 100, max: 1000 }, seats: 2, clock: { decisionMs: 1000, timeBankMs: 500 } as never }),
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
  const s = setup();
  await s.host.sit({ userId: A, name: 'ann' }, { buyIn: 500 });
  await s.host.sit({ userId: B, name: 'bob' }, { buyIn: 500 });
  s.timers.advance(100);
  await flush(s.host);
  return s;
}

describe('TableHost', () => {
  test('a buy-in moves chips through the chip source before the seat exists; a refused one moves nothing', async () => {
    const { host, chips } = setup();
    await expect(host.sit({ userId: A, name: 'ann' }, { buyIn: 5000 })).rejects.toMatchObject({ code: 'BAD_PAYLOAD', reason: 'BUY_IN_ABOVE_MAX' });
    expect(chips.moves).toEqual([]);
    expect(await host.sit({ userId: A, name: 'ann' }, { buyIn: 500 })).toBe(0);
    expect(chips.moves).toEqual([{ kind: 'buyIn', userId: A, amount: 500 }]);
  });

  test('deals after the pause once two players sit; every seat gets its own feed, spectators theirs; events are stored first', async () => {
    const { host, hands, out } = await twoSeated();
    expect(host.handState).not.toBeNull();
    const stored = [...hands.hands.values()][0];
    expect(stored.events.length).toBeGreaterThan(0);
    const feeds = out.hands;
    const audiences = feeds.map((f) => (f.audience === 'spectators' ? 'spectators' : f.audience.userId));
    expect(audiences.sort()).toEqual([A, B, 'spectators'].sort());
    // Every event a feed carries was stored before it was handed to the broadcaster.
    for (const f of feeds) expect(f.feed.events.length).toBeLessThanOrEqual(stored.events.length);
    const spectator = feeds.find((f) => f.audience === 'spectators')!.feed.events.filter((e) => e.type === 'hole-dealt');
    expect(spectator.every((e) => (e.cards as unknown[]).every((c) => c === null))).toBe(true);
  });

  test('a stale version and a decision out of turn are refused and change nothing', async () => {
    const { host } = await twoSeated();
    const h = host.handState!;
    const actor = host.table.seats[h.seats[h.toAct]]!.playerId;
    const other = actor === A ? B : A;
    await expect(host.act(actor, h.version + 1, { type: 'call' })).rejects.toMatchObject({ code: 'CONFLICT', reason: 'STALE_VERSION' });
    await expect(host.act(other, h.version, { type: 'call' })).rejects.toMatchObject({ code: 'CONFLICT', reason: 'NOT_YOUR_TURN' });
    await expect(host.act(actor, h.version, { type: 'draw-timeout' })).rejects.toMatchObject({ reason: 'TABLE_DECISION' });
    expect(host.handState!.version).toBe(h.version);
    await host.act(actor, h.version, { type: 'call' });
    await expect(host.act(actor, h.version, { type: 'call' })).rejects.toBeInstanceOf(TableHostError);
  });

  test('a failed append changes nothing: the decision is not applied and nobody is told', async () => {
    const { host, hands, out } = await twoSeated();
    const h = host.handState!;
    const actor = host.table.seats[h.seats[h.toAct]]!.playerId;
    const sent = out.hands.length;
    hands.failNext = true;
    await expect(host.act(actor, h.version, { type: 'call' })).rejects.toThrow('database down');
    expect(host.handState).toBe(h);
    expect(out.hands.length).toBe(sent);
  });

  test('the clock: decision time plus time bank, then fold when a check is not legal (heads-up small blind preflop)', async () => {
    const { host, timers } = await twoSeated();
    const h = host.handState!;
    const seat = h.seats[h.toAct];
    timers.advance(1499);
    await flush(host);
    expect(host.handState).toBe(h);
    timers.advance(1);
    await flush(host);
    // The small blind folded: the hand is over, the next one waits for the pause.
    expect(host.table.handsPlayed).toBe(1);
    expect(host.table.seats[seat]!.timeBankMs).toBe(0);
  });

  test('the clock checks when checking is legal (big blind after a call)', async () => {
    const { host, timers, hands } = await twoSeated();
    const h = host.handState!;
    const sb = host.table.seats[h.seats[h.toAct]]!.playerId;
    await host.act(sb, h.version, { type: 'call' });
    timers.advance(1500);
    await flush(host);
    const events = [...hands.hands.values()][0].events;
    const last = events.filter((e) => e.type === 'action').at(-1)!;
    expect(last).toMatchObject({ action: 'check' });
  });

  test('the blind schedule is asked once per hand and its stakes are dealt (tournament levels)', async () => {
    const asked: number[] = [];
    const s = setup({ schedule: { stakesFor: ({ handNumber }) => (asked.push(handNumber), { smallBlind: 50, bigBlind: 100 }) } });
    await s.host.sit({ userId: A, name: 'ann' }, { buyIn: 500 });
    await s.host.sit({ userId: B, name: 'bob' }, { buyIn: 500 });
    s.timers.advance(100);
    await flush(s.host);
    expect(asked).toEqual([1]);
    const config = [...s.hands.hands.values()][0].input.config;
    expect(config.stakes).toMatchObject({ smallBlind: 50, bigBlind: 100 });
  });

  test('leaving between hands cashes the whole stack out through the chip source', async () => {
    const { host, chips } = setup();
    await host.sit({ userId: A, name: 'ann' }, { buyIn: 500 });
    await host.leave(A);
    expect(chips.moves.at(-1)).toEqual({ kind: 'cashOut', userId: A, amount: 500 });
    expect(host.table.seats.every((s) => s === null)).toBe(true);
  });

  test('dead button: the small blind leaves during the hand; next hand the button stays on his empty seat and the big blind moves on', async () => {
    const config = makeTableConfig({ game: 'holdem', structure: 'no-limit', stakes: { smallBlind: 5, bigBlind: 10 }, buyIn: { min: 100, max: 1000 }, seats: 4, clock: { decisionMs: 1000, timeBankMs: 0 } as never });
    const s = setup({ config });
    const ids = [0, 1, 2, 3].map((k) => `c0000000-0000-4000-8000-00000000000${k}`);
    for (const [k, id] of ids.entries()) await s.host.sit({ userId: id, name: `p${k}` }, { buyIn: 500, seat: k, waitForBigBlind: false });
    s.timers.advance(100);
    await flush(s.host);
    const started = () => s.out.tables.flatMap((t) => t.events).filter((e) => e.type === 'handStarted') as unknown as { button: number; smallBlindSeat: number | null; bigBlindSeat: number; seats: number[] }[];
    expect(started()).toHaveLength(1);
    const first = started()[0];
    const sbSeat = first.smallBlindSeat!;
    await s.host.leave(ids[sbSeat]); // dealt in: leaves when the hand ends
    for (let i = 0; i < 10 && s.host.table.handsPlayed < 1; i++) {
      s.timers.advance(1000);
      await flush(s.host);
    }
    expect(s.host.table.handsPlayed).toBe(1);
    expect(s.host.table.seats[sbSeat]).toBeNull();
    s.timers.advance(100);
    await flush(s.host);
    const second = started()[1];
    // Hand 1: button b, small blind sb, big blind bb. Hand 2: the big blind moves to the next
    // player after bb, the small blind falls on bb's seat, the button on sb's (now empty) seat.
    expect(second.button).toBe(sbSeat);
    expect(second.smallBlindSeat).toBe(first.bigBlindSeat);
    expect(second.bigBlindSeat).toBe((first.bigBlindSeat + 1) % 4 === sbSeat ? (first.bigBlindSeat + 2) % 4 : (first.bigBlindSeat + 1) % 4);
    expect(second.seats).not.toContain(sbSeat);
  });

  test('chat: seated players only, delivered to the table', async () => {
    const { host, out } = setup();
    await expect(host.chat(A, 'hi')).rejects.toMatchObject({ code: 'FORBIDDEN', reason: 'NOT_SEATED' });
    await host.sit({ userId: A, name: 'ann' }, { buyIn: 500 });
    await host.chat(A, 'hi');
    expect(out.chats).toEqual([expect.objectContaining({ from: { playerId: A, name: 'ann', isBot: false }, text: 'hi' })]);
  });

  test('disconnection protection: a disconnected Fixed Limit player with chips in the pot who times out facing a bet is kept in (artificial all-in)', async () => {
    const config = makeTableConfig({ game: 'holdem', structure: 'fixed-limit', stakes: { smallBlind: 5, bigBlind: 10 }, buyIn: { min: 100, max: null }, seats: 2, protectionsPerDay: 1, clock: { decisionMs: 1000, timeBankMs: 0 } as never });
    const s = setup({ config });
    await s.host.sit({ userId: A, name: 'ann' }, { buyIn: 500 });
    await s.host.sit({ userId: B, name: 'bob' }, { buyIn: 500 });
    s.timers.advance(100);
    await flush(s.host);
    const h = s.host.handState!;
    const sb = s.host.table.seats[h.seats[h.toAct]]!.playerId;
    await s.host.disconnected(sb);
    s.timers.advance(1000);
    await flush(s.host);
    const events = () => [...s.hands.hands.values()].flatMap((x) => x.events);
    expect(events().filter((e) => e.type === 'artificial-all-in')).toHaveLength(1);
    const protectedEvent = events().find((e) => e.type === 'artificial-all-in')!;
    expect(protectedEvent).toMatchObject({ seat: h.seats[h.toAct], committed: 5 });
  });

  test('a deal whose first append fails changes nothing in memory and is tried again', async () => {
    const s = setup();
    await s.host.sit({ userId: A, name: 'ann' }, { buyIn: 500 });
    await s.host.sit({ userId: B, name: 'bob' }, { buyIn: 500 });
    s.hands.failNext = true;
    s.timers.advance(100);
    await flush(s.host);
    expect(s.host.handState).toBeNull();
    expect(s.host.table.hand).toBeNull();
    s.timers.advance(1000);
    await flush(s.host);
    expect(s.host.handState).not.toBeNull();
  });

  test('reconnection window: a player still away when it runs out is sat out at that moment, not only at the next deal', async () => {
    const { host, timers, out } = setup();
    await host.sit({ userId: A, name: 'ann' }, { buyIn: 500 });
    await host.disconnected(A);
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
    await host.sit({ userId: A, name: 'ann' }, { buyIn: 500 });
    await host.disconnected(A);
    timers.advance(1000);
    await host.connected(A);
    timers.advance(host.table.config.clock.reconnectWindowMs);
    await flush(host);
    expect(host.table.seats[0]).toMatchObject({ sittingOut: false, connected: true });
  });
});
