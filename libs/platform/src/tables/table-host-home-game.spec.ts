// Home games at the table host (issue 23): the offers run on their own clock ('offer': the short
// shield-response time, no time bank), and a requested bomb pot survives a restart.
import { seededRandom } from '@naiko/engine';
import { makeTableConfig, type HomeGameSettings } from '@naiko/table';
import { ManualTimers, MemoryChips, MemoryHandSink, RecordingBroadcaster } from './fakes';
import { TableHost, type TableHostOptions } from './table-host';

const ALICE = 'a0000000-0000-4000-8000-000000000001';
const BOB = 'b0000000-0000-4000-8000-000000000002';

function setup(homeGame: HomeGameSettings, over: Partial<TableHostOptions> = {}) {
  const timers = new ManualTimers();
  const host = new TableHost({
    tableId: 't1',
    name: 'T1',
    config: makeTableConfig({
      game: 'holdem',
      structure: 'no-limit',
      stakes: { smallBlind: 5, bigBlind: 10 },
      buyIn: { min: 100, max: 1000 },
      seats: 2,
      clock: { decisionMs: 20_000, timeBankMs: 30_000, shieldResponseMs: 8_000 } as never,
      homeGame,
    }),
    chips: new MemoryChips(),
    hands: new MemoryHandSink(),
    broadcaster: new RecordingBroadcaster(),
    timers,
    rng: seededRandom('host'),
    deckRng: () => seededRandom('deck'),
    handPauseMs: 100,
    ...over,
  });
  host.start();
  return { host, timers };
}

const flush = async (host: TableHost): Promise<void> => {
  for (let i = 0; i < 5; i++) {
    await host.idle();
    await new Promise((r) => setImmediate(r));
  }
};

describe('table host: home games', () => {
  it('run it twice is asked on the offer clock: the shield-response time (8 s), no time bank', async () => {
    const { host, timers } = setup({ runItTwice: true });
    await host.sit({ userId: ALICE, name: 'ann' }, { buyIn: 500, seat: 0 });
    await host.sit({ userId: BOB, name: 'bob' }, { buyIn: 500, seat: 1 });
    timers.advance(200);
    await flush(host);
    const user = (seat: number) => (seat === 0 ? ALICE : BOB);
    // All-in preflop and called: the offer goes round.
    let la = host.legal()!;
    await host.act(user(la.seat), host.handState!.version, { type: 'raise', amount: la.allInTo } as never);
    await flush(host);
    la = host.legal()!;
    await host.act(user(la.seat), host.handState!.version, { type: 'call' } as never);
    await flush(host);
    la = host.legal()!;
    expect(la.actions).toEqual(['run-twice', 'run-once']);
    const clock = host.clock.info()!;
    expect(clock.kind).toBe('offer');
    expect(clock.timeBankMs).toBe(0);
    expect(clock.deadline - timers.now()).toBe(8_000);
  });

  it('a requested bomb pot is kept by a table hosted again (the saved flag); dropped if the table has no bomb pots any more', () => {
    expect(setup({ bombPot: { ante: 10 } }, { bombPotPending: true }).host.table.bombPotPending).toBe(true);
    expect(setup({ bombPot: { ante: 10 } }).host.table.bombPotPending).toBeUndefined();
    expect(setup({ rabbitHunt: true }, { bombPotPending: true }).host.table.bombPotPending).toBeUndefined();
  });
});
