// A TableHost in tournament mode, with in-memory ports and a manual clock: the tournament decides
// each deal (seats, dealt-in seats, button), the host mirrors the seats first, waits when the
// tournament says no (break, hand-for-hand), refuses cash-only commands, never moves a player who
// is in the running hand, and the clock checks/folds a silent player instead of removing him.
import { seededRandom } from '@naiko/engine';
import { ManualTimers, MemoryChips, MemoryHandSink, RecordingBroadcaster } from '../tables/fakes';
import { TableHost, type FinishedHand, type TournamentDeal, type TournamentSeat } from '../tables/table-host';
import { LevelSchedule } from './level-schedule';
import { tournamentTableConfig } from './tournaments.runner';
import type { TournamentSettings } from './tournament-config';

const PLAYER_A = 'a0000000-0000-4000-8000-000000000001';
const PLAYER_B = 'b0000000-0000-4000-8000-000000000002';
const PLAYER_C = 'c0000000-0000-4000-8000-000000000003';

const SETTINGS = {
  game: 'holdem',
  bettingStructure: 'no-limit',
  tableSize: 4,
  clock: { decisionMs: 1000, reconnectMs: 0, timeBankMs: 0 },
  blindStructure: {
    name: 't',
    steps: [
      { kind: 'level', smallBlind: 10, bigBlind: 20, ante: 0, anteKind: 'none', durationMs: 1000 },
      { kind: 'level', smallBlind: 20, bigBlind: 40, ante: 40, anteKind: 'big-blind-ante', durationMs: 1000 },
    ],
  },
} as unknown as TournamentSettings;

const seat = (userId: string, stack: number, isBot = false): TournamentSeat => ({
  userId,
  name: userId.slice(0, 1),
  isBot,
  stack,
});

function setup() {
  const timers = new ManualTimers();
  const hands = new MemoryHandSink();
  const out = new RecordingBroadcaster();
  const schedule = new LevelSchedule(SETTINGS.blindStructure);
  const deals: (TournamentDeal | null)[] = [];
  const finished: FinishedHand[] = [];
  let asked = 0;
  const host = new TableHost({
    tableId: 'mtt-table',
    name: 'MTT 1',
    config: tournamentTableConfig(SETTINGS, schedule),
    chips: new MemoryChips(),
    hands,
    broadcaster: out,
    timers,
    schedule,
    rng: seededRandom('host'),
    deckRng: () => seededRandom('deck'),
    handPauseMs: 10,
    botDelayMs: 0,
    tournament: {
      retryMs: 50,
      nextHand: async () => {
        asked++;
        return deals.shift() ?? null;
      },
    },
    hooks: { onHandFinished: (_h, hand) => void finished.push(hand) },
  });
  host.start();
  return { host, timers, hands, out, schedule, deals, finished, asked: () => asked };
}

const flush = async (host: TableHost): Promise<void> => {
  for (let i = 0; i < 8; i++) {
    await host.idle();
    await new Promise((r) => setImmediate(r));
  }
};

describe('TableHost in tournament mode', () => {
  test('the table deals the tournament’s deal: its seats, stacks, dealt-in seats, button and level', async () => {
    const fixture = setup();
    fixture.schedule.enter(1);
    fixture.deals.push({
      handNumber: 7,
      seats: [seat(PLAYER_A, 300), null, seat(PLAYER_B, 500), seat(PLAYER_C, 200)],
      dealtIn: [0, 2, 3],
      button: 2,
    });
    fixture.timers.advance(0);
    await flush(fixture.host);
    const stored = [...fixture.hands.hands.values()][0];
    expect(stored.input).toMatchObject({ handNumber: 7 });
    expect(stored.input.config).toMatchObject({
      seats: [
        { seat: 0, stack: 300 },
        { seat: 2, stack: 500 },
        { seat: 3, stack: 200 },
      ],
      button: 2,
      smallBlindSeat: 3,
      bigBlindSeat: 0,
      stakes: { smallBlind: 20, bigBlind: 40, ante: 40, bigBlindAnte: true },
    });
    expect(fixture.host.table.seats.map((x) => x?.playerId ?? null)).toEqual([PLAYER_A, null, PLAYER_B, PLAYER_C]);
  });

  test('heads-up the button posts the small blind', async () => {
    const fixture = setup();
    fixture.deals.push({
      handNumber: 1,
      seats: [seat(PLAYER_A, 300), seat(PLAYER_B, 300), null, null],
      dealtIn: [0, 1],
      button: 1,
    });
    fixture.timers.advance(0);
    await flush(fixture.host);
    expect([...fixture.hands.hands.values()][0].input.config).toMatchObject({
      button: 1,
      smallBlindSeat: 1,
      bigBlindSeat: 0,
    });
  });

  test('when the tournament says no (break, hand-for-hand) the table deals nothing and asks again later', async () => {
    const fixture = setup();
    fixture.timers.advance(0);
    await flush(fixture.host);
    expect(fixture.asked()).toBe(1);
    expect(fixture.hands.hands.size).toBe(0);
    fixture.timers.advance(49);
    await flush(fixture.host);
    expect(fixture.asked()).toBe(1);
    fixture.deals.push({
      handNumber: 1,
      seats: [seat(PLAYER_A, 300), seat(PLAYER_B, 300), null, null],
      dealtIn: [0, 1],
      button: 0,
    });
    fixture.timers.advance(1);
    await flush(fixture.host);
    expect(fixture.asked()).toBe(2);
    expect(fixture.hands.hands.size).toBe(1);
  });

  test('a table the tournament keeps refusing asks less and less often (50, 100, 200, 400, then every 500 ms), and soon again after a deal', async () => {
    const fixture = setup();
    fixture.timers.advance(0);
    await flush(fixture.host);
    expect(fixture.asked()).toBe(1);
    // Each refusal doubles the wait from the 50 ms base, up to ten times the base.
    for (const [wait, asked] of [
      [50, 2],
      [100, 3],
      [200, 4],
      [400, 5],
      [500, 6],
      [500, 7],
    ] as const) {
      fixture.timers.advance(wait - 1);
      await flush(fixture.host);
      expect(fixture.asked()).toBe(asked - 1);
      fixture.timers.advance(1);
      await flush(fixture.host);
      expect(fixture.asked()).toBe(asked);
    }
    // A deal resets the wait: once that hand is over, a refusal is asked again after 50 ms.
    fixture.deals.push({
      handNumber: 1,
      seats: [seat(PLAYER_A, 300), seat(PLAYER_B, 300), null, null],
      dealtIn: [0, 1],
      button: 0,
    });
    fixture.timers.advance(500);
    await flush(fixture.host);
    expect(fixture.hands.hands.size).toBe(1);
    const asked = fixture.asked();
    // Whoever is to act folds: the hand ends, the pause (10 ms) passes, the tournament says no.
    const version = fixture.host.handState!.version;
    await fixture.host
      .act(PLAYER_A, version, { type: 'fold' })
      .catch(() => fixture.host.act(PLAYER_B, version, { type: 'fold' }));
    fixture.timers.advance(10);
    await flush(fixture.host);
    expect(fixture.host.handState).toBeNull();
    expect(fixture.asked()).toBe(asked + 1);
    fixture.timers.advance(50);
    await flush(fixture.host);
    expect(fixture.asked()).toBe(asked + 2);
  });

  test('cash-only commands at a tournament table are refused with TOURNAMENT_TABLE and change nothing', async () => {
    const fixture = setup();
    fixture.deals.push({
      handNumber: 1,
      seats: [seat(PLAYER_A, 300), seat(PLAYER_B, 300), null, null],
      dealtIn: [0, 1],
      button: 0,
    });
    fixture.timers.advance(0);
    await flush(fixture.host);
    const before = fixture.host.table;
    for (const probe of [
      fixture.host.sit({ userId: PLAYER_C, name: 'c' }, { buyIn: 100 }),
      fixture.host.leave(PLAYER_A),
      fixture.host.reload(PLAYER_A, 100),
      // sit out / sit in are tournament commands too since issue 25 (sit-out.spec.ts)
      fixture.host.close('system'),
      fixture.host.setInviteCode(PLAYER_A, 'x'),
    ]) {
      await expect(probe).rejects.toMatchObject({ code: 'FORBIDDEN', reason: 'TOURNAMENT_TABLE' });
    }
    expect(fixture.host.table).toBe(before);
  });

  test('a player is never moved in a hand: the mirror leaves seats dealt into the running hand alone', async () => {
    const fixture = setup();
    fixture.deals.push({
      handNumber: 1,
      seats: [seat(PLAYER_A, 300), seat(PLAYER_B, 300), null, null],
      dealtIn: [0, 1],
      button: 0,
    });
    fixture.timers.advance(0);
    await flush(fixture.host);
    expect(fixture.host.handState).not.toBeNull();
    // The tournament seats C in a free seat (a move in) and would take B away: only C's change applies now.
    await fixture.host.syncTournamentSeats([seat(PLAYER_A, 300), null, seat(PLAYER_C, 250), null]);
    expect(fixture.host.table.seats.map((x) => x?.playerId ?? null)).toEqual([PLAYER_A, PLAYER_B, PLAYER_C, null]);
    expect(fixture.host.table.seats[2]!.stack).toBe(250);
  });

  test('a silent player is checked or folded by the clock, stays seated, and the hand ends with final stacks', async () => {
    const fixture = setup();
    fixture.deals.push({
      handNumber: 1,
      seats: [seat(PLAYER_A, 300), seat(PLAYER_B, 300), null, null],
      dealtIn: [0, 1],
      button: 0,
    });
    fixture.timers.advance(0);
    await flush(fixture.host);
    for (let i = 0; i < 20 && fixture.finished.length === 0; i++) {
      fixture.timers.advance(1000);
      await flush(fixture.host);
    }
    expect(fixture.finished.length).toBe(1);
    const stored = [...fixture.hands.hands.values()][0].events.filter(
      (e) => (e as unknown as { type: string }).type === 'action',
    );
    expect(stored.length).toBeGreaterThan(0);
    expect(stored.every((e) => ['check', 'fold'].includes((e as unknown as { action: string }).action))).toBe(true);
    expect(fixture.finished[0].stacks.reduce((a, x) => a + x.stack, 0)).toBe(600);
    expect(fixture.host.table.seats.filter((x) => x).length).toBe(2);
  });

  test('bots (bot entrants) act from their own view without the clock', async () => {
    const fixture = setup();
    fixture.deals.push({
      handNumber: 1,
      seats: [seat(PLAYER_A, 300, true), seat(PLAYER_B, 300, true), null, null],
      dealtIn: [0, 1],
      button: 0,
    });
    fixture.timers.advance(0);
    for (let i = 0; i < 40 && fixture.finished.length === 0; i++) {
      fixture.timers.advance(0);
      await flush(fixture.host);
    }
    expect(fixture.finished.length).toBe(1);
  });

  test('the table config carries the tournament’s clock: decision time, time bank, reconnection window; any stack fits', () => {
    const schedule = new LevelSchedule(SETTINGS.blindStructure);
    const tableConfig = tournamentTableConfig(SETTINGS, schedule);
    expect(tableConfig.clock).toMatchObject({ decisionMs: 1000, timeBankMs: 0, reconnectWindowMs: 0 });
    expect(tableConfig.seats).toBe(4);
    expect(tableConfig.stakes).toEqual({ smallBlind: 10, bigBlind: 20 });
    expect(tableConfig.buyIn.min).toBe(1);
    // decisionMs 0 = the tables' default; no time bank given = the tables' default.
    const customConfig = tournamentTableConfig(
      { ...SETTINGS, clock: { decisionMs: 0, reconnectMs: 5000 } } as TournamentSettings,
      schedule,
    );
    expect(customConfig.clock.decisionMs).toBeGreaterThan(0);
    expect(customConfig.clock.timeBankMs).toBeGreaterThan(0);
    expect(customConfig.clock.reconnectWindowMs).toBe(5000);
    // Fixed limit tables have no maximum buy-in (libs/table rule): still any stack fits.
    expect(
      tournamentTableConfig({ ...SETTINGS, bettingStructure: 'fixed-limit' } as TournamentSettings, schedule).buyIn.max,
    ).toBeNull();
  });

  test('a stopped host (shutdown, lease lost) makes no more clock or bot moves: the hand stays for the crash rule', async () => {
    const fixture = setup();
    // Heads-up the button (the bot) acts first: its move is pending when the host stops.
    fixture.deals.push({
      handNumber: 1,
      seats: [seat(PLAYER_A, 300), seat(PLAYER_B, 300, true), null, null],
      dealtIn: [0, 1],
      button: 1,
    });
    fixture.timers.advance(0);
    await flush(fixture.host);
    const stored = [...fixture.hands.hands.values()][0];
    const before = stored.events.length;
    expect(fixture.host.handState).not.toBeNull();
    fixture.host.stop();
    for (let i = 0; i < 10; i++) {
      fixture.timers.advance(1000);
      await flush(fixture.host);
    }
    expect(stored.events.length).toBe(before);
    expect(fixture.finished).toEqual([]);
    expect(fixture.asked()).toBe(1);
  });

  test('a seating read before the deal’s (a stale read) never overwrites the newer one at the table', async () => {
    const fixture = setup();
    fixture.deals.push({
      handNumber: 1,
      seats: [seat(PLAYER_A, 300), seat(PLAYER_B, 300), seat(PLAYER_C, 100), null],
      dealtIn: [0, 1],
      button: 0,
      version: 10,
    });
    fixture.timers.advance(0);
    await flush(fixture.host);
    // C waits (between the blinds and the button); an older read without him must not remove him.
    await fixture.host.syncTournamentSeats([seat(PLAYER_A, 300), seat(PLAYER_B, 300), null, null], 9);
    expect(fixture.host.table.seats[2]?.playerId).toBe(PLAYER_C);
    // A newer one (he busted or moved on) does.
    await fixture.host.syncTournamentSeats([seat(PLAYER_A, 300), seat(PLAYER_B, 300), null, null], 11);
    expect(fixture.host.table.seats[2]).toBeNull();
  });
});
