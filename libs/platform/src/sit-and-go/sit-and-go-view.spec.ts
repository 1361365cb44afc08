import type { TournamentView } from '@naiko/contracts';
import { mttTableId } from '../tournaments/table-ids';
import { sitAndGoViewOf } from './sit-and-go-view';
import { DEFAULT_TEMPLATES } from './templates';

/** A Spin instance's tournament view, running, level 2, one player busted in 3rd place. */
const tournament: TournamentView = {
  tournamentId: 12,
  name: 'Spin 10 #4',
  phase: 'running',
  seatDraw: { commitment: 'c'.repeat(64), seed: null, seating: null },
  game: 'holdem',
  bettingStructure: 'no-limit',
  startsAt: null,
  registrationOpensAt: '2026-12-03T12:00:00.000Z',
  buyIn: 10,
  fee: 1,
  startingStack: 500,
  tableSize: 3,
  minEntrants: 3,
  maxEntrants: 3,
  lateRegistrationUntilLevel: 0,
  startWhenFull: true,
  reEntry: false,
  registrationOpen: false,
  entries: 3,
  playersLeft: 2,
  prizePool: 50,
  placesPaid: 1,
  prizeTable: [],
  structure: [],
  clock: { stepIndex: 1, kind: 'level', levelNumber: 2, smallBlind: 15, bigBlind: 30, ante: 0, nextStepAt: 1_000 },
  averageStack: 750,
  handForHand: false,
  handsPlayed: 9,
  tables: [],
  tableCount: 1,
  entrants: [
    {
      userId: 'a',
      username: 'ann',
      entries: 1,
      table: 1,
      tableRef: 'ref',
      seat: 0,
      stack: 1000,
      place: null,
      prize: 0,
    },
    { userId: 'b', username: 'bob', entries: 1, table: 1, tableRef: 'ref', seat: 2, stack: 500, place: null, prize: 0 },
    { userId: 'c', username: 'cat', entries: 1, table: null, tableRef: null, seat: null, stack: 0, place: 3, prize: 0 },
  ],
  entrantCount: 3,
  spin: { table: 'Spin', commitment: 'd'.repeat(64), multiplier: 5, seed: null },
};

const instance = { id: 12, templateId: 'spin-10', instanceNumber: 4, status: 'running' as const, hostId: null };

describe("the Sit & Go lobby's view is read off its tournament's", () => {
  test('a running Spin: its terms, 5× prize pool, the draw, the level in force, its table 1 and the standings', () => {
    const view = sitAndGoViewOf(instance, DEFAULT_TEMPLATES[1], tournament);
    expect(view).toMatchObject({
      instanceId: 12,
      templateId: 'spin-10',
      instanceNumber: 4,
      kind: 'spin',
      name: DEFAULT_TEMPLATES[1].name,
      phase: 'running',
      seats: 3,
      registered: 3,
      buyIn: 10,
      entryFee: 1,
      prizePool: 50,
      spin: { commitment: 'd'.repeat(64), multiplier: 5, seed: null },
      seatDraw: { commitment: 'c'.repeat(64), seed: null },
      clock: { kind: 'level', levelNumber: 2, smallBlind: 15, bigBlind: 30, ante: 0, nextStepAt: 1_000 },
      handsPlayed: 9,
      // No open table listed (the lobby lists them by page): the instance's one table is number 1.
      tableId: mttTableId(12, 1),
    });
    expect(view.standings.map((s) => [s.username, s.seat, s.stack, s.place])).toEqual([
      ['ann', 0, 1000, null],
      ['bob', 2, 500, null],
      ['cat', null, 0, 3],
    ]);
  });

  test('before the start: no table; a private one (no published template) keeps its own name; never "scheduled"', () => {
    const waiting = { ...tournament, phase: 'scheduled' as const, name: "Ann's game", spin: null, clock: null };
    const view = sitAndGoViewOf({ ...instance, templateId: 'private-x', hostId: 'a' }, null, waiting);
    expect(view).toMatchObject({ kind: 'sit-and-go', name: "Ann's game", phase: 'registering', tableId: null });
  });
});
