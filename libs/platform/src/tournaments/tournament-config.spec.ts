import { fastModeStructure, prizeTableFor } from '@naiko/tournament';
import { parseSettings, prizeTableOf } from './tournament-config';

const base = {
  name: 'Sunday',
  game: 'holdem',
  bettingStructure: 'no-limit',
  registrationOpensAt: '2026-12-01T18:00:00.000Z',
  startsAt: '2026-12-01T20:00:00.000Z',
  lateRegistrationUntilLevel: 4,
  minEntrants: 10,
  maxEntrants: 500,
  buyIn: 100,
  fee: 10,
  startingStack: 5000,
  blindStructure: fastModeStructure(),
  tableSize: 9,
  reEntry: true,
  clock: { decisionMs: 15000, reconnectMs: 30000 },
};

describe('tournament settings', () => {
  it('accepts the admin fields and uses the published prize table by entrants when none is given', () => {
    const settings = parseSettings(base);
    expect(prizeTableOf(settings, 60)).toEqual(prizeTableFor(60));
  });

  it('refuses what libs/tournament refuses: registration after the start, more seats than the game has, a bad blind structure, a gap in custom prize tables', () => {
    expect(() => parseSettings({ ...base, registrationOpensAt: '2026-12-01T21:00:00.000Z' })).toThrow(
      /before the start/,
    );
    expect(() => parseSettings({ ...base, game: 'omaha', tableSize: 9 })).toThrow(/at most 8/);
    expect(() =>
      parseSettings({ ...base, blindStructure: { name: 'x', steps: [{ kind: 'break', durationMs: 1 }] } }),
    ).toThrow(/starts with a level/);
    const only = {
      minEntrants: 10,
      maxEntrants: 100,
      paidPlaces: 1,
      bands: [{ fromPlace: 1, toPlace: 1, sharePpm: 1_000_000 }],
    };
    expect(() => parseSettings({ ...base, prizeTables: [only] })).toThrow(/no prize table for 101 entrants/);
    expect(prizeTableOf(parseSettings({ ...base, maxEntrants: 100, prizeTables: [only] }), 50)).toEqual(only);
  });
});
