// The table host's hook for accessibility "extended time" (issue 27): a player who asked for it gets
// at least twice the decision time, his time bank spent first (libs/table `extendedTimeMs`); the
// clock sent to the clients says so (`extendedMs`). Kept apart from table-host.spec.ts on purpose.
import { seededRandom } from '@naiko/engine';
import { makeTableConfig } from '@naiko/table';
import { ManualTimers, MemoryChips, MemoryHandSink, RecordingBroadcaster } from './fakes';
import { TableHost } from './table-host';

const ALICE = 'a0000000-0000-4000-8000-000000000001';
const BOB = 'b0000000-0000-4000-8000-000000000002';

async function twoSeated(extendedFor: string[]) {
  const timers = new ManualTimers();
  const out = new RecordingBroadcaster();
  const host = new TableHost({
    tableId: 't1',
    name: 'T1',
    // 1 s to decide, a 300 ms time bank: extended time gives 1 s + max(300 ms, 1 s) = 2 s.
    config: makeTableConfig({
      game: 'holdem',
      structure: 'no-limit',
      stakes: { smallBlind: 5, bigBlind: 10 },
      buyIn: { min: 100, max: 1000 },
      seats: 2,
      clock: { decisionMs: 1000, timeBankMs: 300 } as never,
    }),
    chips: new MemoryChips(),
    hands: new MemoryHandSink(),
    broadcaster: out,
    timers,
    rng: seededRandom('host'),
    deckRng: () => seededRandom('deck'),
    handPauseMs: 100,
  });
  host.start();
  for (const id of extendedFor) host.setExtendedTime(id, true);
  await host.sit({ userId: ALICE, name: 'ann' }, { buyIn: 500 });
  await host.sit({ userId: BOB, name: 'bob' }, { buyIn: 500 });
  timers.advance(100);
  await flush(host);
  return { host, timers, out };
}

const flush = async (host: TableHost): Promise<void> => {
  for (let i = 0; i < 5; i++) {
    await host.idle();
    await new Promise((r) => setImmediate(r));
  }
};

describe('TableHost: extended time (accessibility)', () => {
  test('without it the small blind folds at 1,300 ms (1 s + 300 ms bank)', async () => {
    const { host, timers } = await twoSeated([]);
    const state = host.handState!;
    timers.advance(1300);
    await flush(host);
    expect(host.handState).not.toBe(state);
    expect(host.table.handsPlayed).toBe(1);
  });

  test('with it both players get 2,000 ms (1 s + a 1 s extension, the 300 ms bank spent first), and the clock says so', async () => {
    const { host, timers, out } = await twoSeated([ALICE, BOB]);
    const state = host.handState!;
    const seat = state.seats[state.toAct];
    const clock = out.hands.at(-1)!.feed.clock!;
    expect(clock).toMatchObject({ seat, timeBankMs: 300, extendedMs: 1000 });
    timers.advance(1999);
    await flush(host);
    expect(host.handState).toBe(state);
    timers.advance(1);
    await flush(host);
    expect(host.table.handsPlayed).toBe(1);
    // The bank went first: all 300 ms of it are used.
    expect(host.table.seats[seat]!.timeBankMs).toBe(0);
  });

  test('turned off again: the next decision has the normal clock (no extendedMs)', async () => {
    const { host, out } = await twoSeated([ALICE, BOB]);
    host.setExtendedTime(ALICE, false);
    host.setExtendedTime(BOB, false);
    const state = host.handState!;
    const seat = state.seats[state.toAct];
    const userId = host.table.seats[seat]!.playerId;
    // The current decision keeps its clock; the next one (after this player acts) is normal.
    await host.act(userId, state.version, { type: 'call' } as never);
    await flush(host);
    expect(out.hands.at(-1)!.feed.clock).not.toHaveProperty('extendedMs');
  });
});
