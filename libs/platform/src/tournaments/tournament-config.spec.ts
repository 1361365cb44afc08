import {
  fastModeStructure,
  prizeTableFor,
  SCHEDULED_FORMAT,
  SCHEDULED_WHEN_FULL_FORMAT,
  SIT_AND_GO_FORMAT,
} from '@naiko/tournament';
import { lifecycleFormatOf, parseSettings, prizeTableOf } from './tournament-config';

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
  it('its lifecycle: at a time; when full or at its start time; without a start time, the Sit & Go format', () => {
    const whenFull = { ...base, lateRegistrationUntilLevel: 0, startWhenFull: true };
    const { startsAt: _startsAt, ...withoutStartTime } = whenFull;
    expect(lifecycleFormatOf(parseSettings(base))).toBe(SCHEDULED_FORMAT);
    expect(lifecycleFormatOf(parseSettings(whenFull))).toBe(SCHEDULED_WHEN_FULL_FORMAT);
    expect(lifecycleFormatOf(parseSettings(withoutStartTime))).toBe(SIT_AND_GO_FORMAT);
    expect(() => parseSettings({ ...withoutStartTime, startWhenFull: false })).toThrow(/starts when full/);
  });

  it('a Spin pays its drawn multiplier split: the drawn one once known, the smallest before', () => {
    const spin = {
      name: 'two-way',
      entries: [
        { multiplier: 10, weight: 1, splitPpm: [800_000, 200_000] },
        { multiplier: 2, weight: 9, splitPpm: [1_000_000] },
      ],
    };
    const settings = parseSettings({
      ...base,
      lateRegistrationUntilLevel: 0,
      startWhenFull: true,
      minEntrants: 3,
      maxEntrants: 3,
      reEntry: false,
      spin,
    });
    expect(prizeTableOf(settings, 3, 10).bands).toEqual([
      { fromPlace: 1, toPlace: 1, sharePpm: 800_000 },
      { fromPlace: 2, toPlace: 2, sharePpm: 200_000 },
    ]);
    expect(prizeTableOf(settings, 3, null).paidPlaces).toBe(1);
  });

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
