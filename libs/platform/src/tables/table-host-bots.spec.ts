// Bots at a cash table (issue 22): they fill empty seats up to the target once a person sits, never
// the last free seat, and make room as people arrive (the surplus leaves between hands).
import { seededRandom } from '@naiko/engine';
import { makeTableConfig } from '@naiko/table';
import { ManualTimers, MemoryChips, MemoryHandSink, RecordingBroadcaster } from './fakes';
import type { BotDirectory } from './ports';
import { TableHost } from './table-host';

const ALICE = 'a0000000-0000-4000-8000-000000000001';
const BOB = 'b0000000-0000-4000-8000-000000000002';
const CAROL = 'c0000000-0000-4000-8000-000000000003';

class MemoryBots implements BotDirectory {
  private count = 0;
  private readonly ids = new Map<string, string>();
  async ensureBot(name: string): Promise<string> {
    let id = this.ids.get(name);
    if (!id) this.ids.set(name, (id = `f0000000-0000-4000-8000-${String(++this.count).padStart(12, '0')}`));
    return id;
  }
}

function setup() {
  const timers = new ManualTimers();
  const host = new TableHost({
    tableId: 't1',
    name: 'T1',
    config: makeTableConfig({
      game: 'holdem',
      structure: 'no-limit',
      stakes: { smallBlind: 5, bigBlind: 10 },
      buyIn: { min: 100, max: 1000 },
      seats: 4,
      botsAllowed: true,
      clock: { decisionMs: 1000, timeBankMs: 0 } as never,
    }),
    chips: new MemoryChips(),
    hands: new MemoryHandSink(),
    broadcaster: new RecordingBroadcaster(),
    timers,
    bots: new MemoryBots(),
    botTarget: 3,
    botsMakeRoom: true,
    botDelayMs: 10,
    rng: seededRandom('bots'),
    deckRng: () => seededRandom('deck'),
    handPauseMs: 100,
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

/** Runs the clock (bots think, people time out) until `done` holds, at most `steps` ticks. */
async function runUntil(fixture: ReturnType<typeof setup>, done: () => boolean, steps = 400): Promise<void> {
  for (let i = 0; i < steps && !done(); i++) {
    fixture.timers.advance(100);
    await flush(fixture.host);
  }
  expect(done()).toBe(true);
}

const seated = (h: TableHost) => h.table.seats.filter((x) => x !== null);
const bots = (h: TableHost) => seated(h).filter((x) => x!.isBot).length;

describe('cash-table bots', () => {
  it('fill the empty seats up to the target once a person sits, never the last free seat', async () => {
    const fixture = setup();
    fixture.timers.advance(1000);
    await flush(fixture.host);
    expect(seated(fixture.host)).toHaveLength(0); // nobody to play with: no bots at an empty table
    await fixture.host.sit({ userId: ALICE, name: 'ann' }, { buyIn: 500 });
    await runUntil(fixture, () => fixture.host.handState !== null);
    expect(bots(fixture.host)).toBe(2); // target 3 = ann + 2 bots; seat 4 stays free
    expect(seated(fixture.host).every((x) => !x!.isBot || x!.name.startsWith('BOT '))).toBe(true);
  });

  it('leave one by one as people arrive, between hands', async () => {
    const fixture = setup();
    await fixture.host.sit({ userId: ALICE, name: 'ann' }, { buyIn: 500 });
    await runUntil(fixture, () => bots(fixture.host) === 2);
    await fixture.host.sit({ userId: BOB, name: 'bob' }, { buyIn: 500 }); // takes the free seat: 4 seated
    expect(seated(fixture.host)).toHaveLength(4);
    await runUntil(fixture, () => seated(fixture.host).length === 3);
    expect(bots(fixture.host)).toBe(1);
    await fixture.host.sit({ userId: CAROL, name: 'cy' }, { buyIn: 500 });
    await runUntil(fixture, () => bots(fixture.host) === 0);
    expect(
      seated(fixture.host)
        .map((x) => x!.name)
        .sort(),
    ).toEqual(['ann', 'bob', 'cy']);
  });
});
