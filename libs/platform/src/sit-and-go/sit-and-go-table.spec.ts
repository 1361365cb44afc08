// A Sit & Go table is a TableHost in tournament mode: the blinds the instance decided by the
// dead-button rule are the ones the host deals (in-memory ports, a manual clock).
import { seededRandom } from '@naiko/engine';
import { DEFAULT_TEMPLATES } from './templates';
import { ManualTimers, MemoryChips, MemoryHandSink, RecordingBroadcaster } from '../tables/fakes';
import { TableHost, type TournamentDeal, type TournamentSeat } from '../tables/table-host';
import { LevelSchedule } from '../tournaments/level-schedule';
import { tournamentTableOf } from '../tournaments/table-runner';
import { sngClock, sngDeal } from './sit-and-go.tables';

const seat = (userId: string, stack: number): TournamentSeat => ({ userId, name: userId, isBot: false, stack });

function host(deals: TournamentDeal[]) {
  const template = { ...DEFAULT_TEMPLATES[0], seats: 4 };
  const schedule = new LevelSchedule(template.blindStructure);
  const hands = new MemoryHandSink();
  const timers = new ManualTimers();
  const host = new TableHost({
    tableId: 'sng-table',
    name: 'SNG',
    config: tournamentTableOf(
      {
        game: template.game,
        bettingStructure: template.bettingStructure,
        tableSize: template.seats,
        clock: sngClock(template),
      },
      schedule,
    ),
    chips: new MemoryChips(),
    hands,
    broadcaster: new RecordingBroadcaster(),
    timers,
    schedule,
    rng: seededRandom('host'),
    deckRng: () => seededRandom('deck'),
    handPauseMs: 10,
    botDelayMs: 0,
    tournament: { retryMs: 50, nextHand: async () => deals.shift() ?? null, sitAndGoId: 9 },
  });
  host.start();
  return { h: host, hands, timers };
}

describe('a Sit & Go table deals the dead-button rule', () => {
  test('after the big blind of B0 S1 B2 busted: the button on seat 1, no small blind posted (dead), the big blind on seat 3', async () => {
    const deal = sngDeal(
      [0, 1, 3].map((s) => ({ seat: s, userId: `u${s}` })),
      4,
      { button: 0, smallBlind: 1, bigBlind: 2 },
      0,
    )!;
    const fixture = host([
      {
        handNumber: 2,
        seats: [seat('u0', 20), seat('u1', 40), null, seat('u3', 20)],
        dealtIn: deal.players.map((p) => p.seat),
        button: deal.button,
        smallBlind: deal.smallBlind,
        bigBlind: deal.bigBlind,
      },
    ]);
    fixture.timers.advance(0);
    for (let i = 0; i < 8; i++) {
      await fixture.h.idle();
      await new Promise((r) => setImmediate(r));
    }
    const stored = [...fixture.hands.hands.values()][0];
    expect(stored.input.config).toMatchObject({ button: 1, smallBlindSeat: null, bigBlindSeat: 3 });
    expect(fixture.h.handState!.config).toMatchObject({ button: 1, smallBlindSeat: null, bigBlindSeat: 3 });
    expect(fixture.h.summary().sitAndGoId).toBe(9);
    fixture.h.stop();
  });

  test('a dead button on an empty seat: B2 (empty) S3 B0', async () => {
    const fixture = host([
      {
        handNumber: 3,
        seats: [seat('u0', 20), seat('u1', 40), null, seat('u3', 20)],
        dealtIn: [0, 1, 3],
        button: 2,
        smallBlind: 3,
        bigBlind: 0,
      },
    ]);
    fixture.timers.advance(0);
    for (let i = 0; i < 8; i++) {
      await fixture.h.idle();
      await new Promise((r) => setImmediate(r));
    }
    expect([...fixture.hands.hands.values()][0].input.config).toMatchObject({
      button: 2,
      smallBlindSeat: 3,
      bigBlindSeat: 0,
    });
    fixture.h.stop();
  });
});
