// The tournament TableHost both table specs build (sit-out.spec.ts, seat-marks.spec.ts): a 4-seat
// hold'em table of one level, in-memory ports and a manual clock; the deals the tournament would
// give it are pushed into `deals`. Named `.test.ts` so the build leaves it out and Jest does not run it.
import { seededRandom } from '@naiko/engine';
import { ManualTimers, MemoryChips, MemoryHandSink, RecordingBroadcaster } from '../tables/fakes';
import { TableHost, type FinishedHand, type TournamentDeal, type TournamentSeat } from '../tables/table-host';
import { LevelSchedule } from './level-schedule';
import { tournamentTableConfig } from './tournaments.runner';
import type { TournamentSettings } from './tournament-config';

export const SETTINGS = {
  game: 'holdem',
  bettingStructure: 'no-limit',
  tableSize: 4,
  clock: { decisionMs: 1_000, reconnectMs: 0, timeBankMs: 30_000 },
  blindStructure: {
    name: 't',
    steps: [{ kind: 'level', smallBlind: 10, bigBlind: 20, ante: 0, anteKind: 'none', durationMs: 1000 }],
  },
} as unknown as TournamentSettings;

export const seat = (userId: string, stack: number): TournamentSeat => ({
  userId,
  name: userId.slice(0, 1),
  isBot: false,
  stack,
});

export function setup(tableId: string) {
  const timers = new ManualTimers();
  const hands = new MemoryHandSink();
  const schedule = new LevelSchedule(SETTINGS.blindStructure);
  const deals: TournamentDeal[] = [];
  const finished: FinishedHand[] = [];
  const host = new TableHost({
    tableId,
    name: 'MTT 1',
    config: tournamentTableConfig(SETTINGS, schedule),
    chips: new MemoryChips(),
    hands,
    broadcaster: new RecordingBroadcaster(),
    timers,
    schedule,
    rng: seededRandom('host'),
    deckRng: () => seededRandom('deck'),
    handPauseMs: 10,
    botDelayMs: 0,
    tournament: { retryMs: 50, nextHand: async () => deals.shift() ?? null },
    hooks: { onHandFinished: (_h, hand) => void finished.push(hand) },
  });
  host.start();
  return { host, timers, hands, deals, finished };
}

export const flush = async (host: TableHost): Promise<void> => {
  for (let i = 0; i < 8; i++) {
    await host.idle();
    await new Promise((r) => setImmediate(r));
  }
};
