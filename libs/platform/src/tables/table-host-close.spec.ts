// Closing a private table during a hand (issue 22): the close is accepted, no new hand is dealt,
// and the table closes — every stack back — as soon as the running hand is over.
import { seededRandom } from '@naiko/engine';
import { makeTableConfig } from '@naiko/table';
import { ManualTimers, MemoryChips, MemoryHandSink, RecordingBroadcaster } from './fakes';
import { TableHost } from './table-host';

const ALICE = 'a0000000-0000-4000-8000-000000000001';
const BOB = 'b0000000-0000-4000-8000-000000000002';

function setup() {
  const timers = new ManualTimers();
  const chips = new MemoryChips();
  const host = new TableHost({
    tableId: 't1',
    name: 'Home game',
    config: makeTableConfig({
      game: 'holdem',
      structure: 'no-limit',
      stakes: { smallBlind: 5, bigBlind: 10 },
      buyIn: { min: 100, max: 1000 },
      seats: 2,
      private: { hostId: ALICE, invited: [BOB], inviteCode: null },
      clock: { decisionMs: 1000, timeBankMs: 0 } as never,
    }),
    chips,
    hands: new MemoryHandSink(),
    broadcaster: new RecordingBroadcaster(),
    timers,
    rng: seededRandom('close'),
    deckRng: () => seededRandom('deck'),
    handPauseMs: 100,
  });
  host.start();
  return { host, timers, chips };
}

const flush = async (host: TableHost): Promise<void> => {
  for (let i = 0; i < 5; i++) {
    await host.idle();
    await new Promise((r) => setImmediate(r));
  }
};

describe('closing a table during a hand', () => {
  it('closes it when the hand is over instead of refusing', async () => {
    const fixture = setup();
    await fixture.host.sit({ userId: ALICE, name: 'ann' }, { buyIn: 500 });
    await fixture.host.sit({ userId: BOB, name: 'bob' }, { buyIn: 500 });
    fixture.timers.advance(100);
    await flush(fixture.host);
    expect(fixture.host.handState).not.toBeNull();
    const handsBefore = fixture.host.table.handsPlayed;

    // Only the host may close it, during a hand too.
    await expect(fixture.host.close(BOB)).rejects.toMatchObject({ code: 'FORBIDDEN' });
    const closing = await fixture.host.close(ALICE);
    expect(closing.deferred).toBe(true);
    expect(fixture.host.closed).toBe(false);
    expect(fixture.host.summary().closingAfterHand).toBe(true);
    let closedAt = -1;
    void closing.afterHand.then(() => (closedAt = fixture.host.table.handsPlayed));

    // Nobody acts: the clock folds/checks the hand to its end; then the table closes, no new deal.
    for (let i = 0; i < 100 && !fixture.host.closed; i++) {
      fixture.timers.advance(500);
      await flush(fixture.host);
    }
    expect(fixture.host.closed).toBe(true);
    expect(fixture.host.table.handsPlayed).toBe(handsBefore + 1);
    expect(closedAt).toBe(handsBefore + 1);
    expect(fixture.host.summary().closingAfterHand).toBeUndefined();
    // Both stacks went back (1,000 chips in, 1,000 out).
    const out = fixture.chips.moves.filter((m) => m.kind === 'cashOut').reduce((n, m) => n + m.amount, 0);
    expect(out).toBe(1000);
  });
});

describe('leaving during a hand', () => {
  it('folds at once: no clock runs for the leaver, and the seat is free after the hand', async () => {
    const fixture = setup();
    await fixture.host.sit({ userId: ALICE, name: 'ann' }, { buyIn: 500 });
    await fixture.host.sit({ userId: BOB, name: 'bob' }, { buyIn: 500 });
    fixture.timers.advance(100);
    await flush(fixture.host);
    const hand = fixture.host.handState!;
    expect(hand).not.toBeNull();
    // Whoever is to act leaves: the hand ends without any time passing (decisionMs is 1,000).
    const toAct = (fixture.host.snapshot(ALICE).hand!.view as { toAct: number }).toAct;
    const leaver = fixture.host.table.seats[toAct]!.playerId;
    await fixture.host.leave(leaver);
    for (let i = 0; i < 5; i++) {
      fixture.timers.advance(0);
      await flush(fixture.host);
    }
    expect(fixture.host.table.handsPlayed).toBe(1);
    expect(fixture.host.table.seats.filter((x) => x !== null).map((x) => x!.playerId)).toEqual([
      leaver === ALICE ? BOB : ALICE,
    ]);
  });
});

describe('opening a table mid-hand', () => {
  it('the snapshot names the blind seats, for the markers', async () => {
    const fixture = setup();
    await fixture.host.sit({ userId: ALICE, name: 'ann' }, { buyIn: 500 });
    await fixture.host.sit({ userId: BOB, name: 'bob' }, { buyIn: 500 });
    fixture.timers.advance(100);
    await flush(fixture.host);
    const hand = fixture.host.snapshot(null).hand!;
    const button = (hand.view as { button: number }).button;
    // Heads-up the button posts the small blind, the other seat the big blind.
    expect(hand.blinds).toEqual({ smallBlindSeat: button, bigBlindSeat: 1 - button });
  });
});
