// Private tournaments (issue 23.4): a host's structure is checked against the admin's limits; each
// refusal is typed (OUTSIDE_LIMITS / BAD_SETTINGS) and names every field outside them.
import type { PrivateEventLimits } from '@naiko/contracts';
import {
  checkPrivateSitAndGo,
  checkPrivateTournament,
  DEFAULT_PRIVATE_LIMITS,
  PrivateEventError,
  privateBlindStructure,
} from './private-limits';

const LIMITS: PrivateEventLimits = {
  ...DEFAULT_PRIVATE_LIMITS,
  games: ['holdem', 'omaha'],
  bettingStructures: ['no-limit', 'pot-limit'],
  buyIn: { min: 0, max: 500 },
  startingStack: { min: 500, max: 5_000 },
  levelDurationMs: { min: 60_000, max: 600_000 },
  breakDurationMs: { min: 60_000, max: 300_000 },
  decisionMs: { min: 5_000, max: 30_000 },
  seats: { min: 2, max: 9 },
  maxEntrants: 50,
  startWithinMs: 24 * 3_600_000,
};

const SNG = {
  name: 'Friday SNG',
  game: 'holdem',
  bettingStructure: 'no-limit',
  buyIn: 100,
  startingStack: 1_500,
  levelDurationMs: 300_000,
  breakDurationMs: 0,
  breakEveryLevels: 6,
  decisionMs: 15_000,
  seats: 6,
};

const NOW = Date.parse('2026-12-01T20:00:00.000Z');
const MTT = {
  ...SNG,
  seats: undefined,
  name: 'Saturday MTT',
  startsAt: '2026-12-02T19:00:00.000Z', // 23 hours after NOW: inside 24 h
  minEntrants: 3,
  maxEntrants: 40,
  tableSize: 9,
  lateRegistrationUntilLevel: 2,
};
const { seats: _noSeats, ...MTT_BODY } = MTT;

function refusal(fn: () => unknown): PrivateEventError {
  try {
    fn();
  } catch (err) {
    if (err instanceof PrivateEventError) return err;
    throw err;
  }
  throw new Error('expected a refusal');
}

describe('private tournament limits', () => {
  it('a Sit & Go inside every limit is accepted as sent', () => {
    expect(checkPrivateSitAndGo(SNG, LIMITS)).toEqual(SNG);
    // The edges are inside: buy-in 0 and 500, 9 seats, 60 s and 600 s levels.
    expect(() =>
      checkPrivateSitAndGo({ ...SNG, buyIn: 500, seats: 9, levelDurationMs: 600_000 }, LIMITS),
    ).not.toThrow();
    expect(() => checkPrivateSitAndGo({ ...SNG, buyIn: 0, levelDurationMs: 60_000 }, LIMITS)).not.toThrow();
  });

  it('outside the limits: every offending field is named, in one OUTSIDE_LIMITS refusal', () => {
    const err = refusal(() =>
      checkPrivateSitAndGo(
        { ...SNG, game: 'omaha5', bettingStructure: 'fixed-limit', buyIn: 501, levelDurationMs: 59_999, seats: 10 },
        LIMITS,
      ),
    );
    expect(err.code).toBe('OUTSIDE_LIMITS');
    expect(err.violations.map((v) => v.field)).toEqual([
      'game',
      'bettingStructure',
      'buyIn',
      'levelDurationMs',
      'seats',
    ]);
    expect(err.violations[2].message).toBe('buyIn must be between 0 and 500 (got 501)');
    expect(err.violations[3].message).toBe('levelDurationMs must be between 60,000 ms and 600,000 ms (got 59,999 ms)');
  });

  it('a starting stack below 10 big blinds of level 1 (10 × 20 = 200) is refused even when the limits allow it', () => {
    const loose = { ...LIMITS, startingStack: { min: 1, max: 5_000 } };
    expect(() => checkPrivateSitAndGo({ ...SNG, startingStack: 200 }, loose)).not.toThrow();
    const err = refusal(() => checkPrivateSitAndGo({ ...SNG, startingStack: 199 }, loose));
    expect(err.violations).toEqual([
      { field: 'startingStack', message: 'startingStack must be at least 10 big blinds of level 1 (200)' },
    ]);
  });

  it('a break is checked only when there is one; Omaha seats at most 8', () => {
    expect(() => checkPrivateSitAndGo({ ...SNG, breakDurationMs: 0 }, LIMITS)).not.toThrow();
    expect(
      refusal(() => checkPrivateSitAndGo({ ...SNG, breakDurationMs: 30_000 }, LIMITS)).violations.map((v) => v.field),
    ).toEqual(['breakDurationMs']);
    const err = refusal(() =>
      checkPrivateSitAndGo({ ...SNG, game: 'omaha', bettingStructure: 'pot-limit', seats: 9 }, LIMITS),
    );
    expect(err.violations).toEqual([{ field: 'seats', message: 'omaha seats at most 8 players' }]);
  });

  it('malformed input is BAD_SETTINGS (not a limits question)', () => {
    const err = refusal(() => checkPrivateSitAndGo({ ...SNG, seats: 'six' }, LIMITS));
    expect(err.code).toBe('BAD_SETTINGS');
    expect(refusal(() => checkPrivateSitAndGo({ ...SNG, rake: 5 }, LIMITS)).code).toBe('BAD_SETTINGS');
  });

  it('a scheduled tournament: field size, entrants order, table size and the start window', () => {
    expect(checkPrivateTournament(MTT_BODY, LIMITS, NOW).maxEntrants).toBe(40);
    const err = refusal(() =>
      checkPrivateTournament({ ...MTT_BODY, maxEntrants: 51, minEntrants: 60, tableSize: 10 }, LIMITS, NOW),
    );
    expect(err.violations.map((v) => v.field)).toEqual(['maxEntrants', 'minEntrants', 'tableSize']);
    // 24 h exactly is inside; one millisecond more is not; a start in the past never is.
    expect(() =>
      checkPrivateTournament({ ...MTT_BODY, startsAt: '2026-12-02T20:00:00.000Z' }, LIMITS, NOW),
    ).not.toThrow();
    expect(
      refusal(() => checkPrivateTournament({ ...MTT_BODY, startsAt: '2026-12-02T20:00:00.001Z' }, LIMITS, NOW))
        .violations,
    ).toEqual([{ field: 'startsAt', message: 'startsAt must be within 24 hours' }]);
    expect(
      refusal(() => checkPrivateTournament({ ...MTT_BODY, startsAt: '2026-12-01T19:59:59.999Z' }, LIMITS, NOW))
        .violations[0].field,
    ).toBe('startsAt');
  });

  it("the blind structure is the standard ladder with the host's level length; a break every N levels", () => {
    const structure = privateBlindStructure({
      levelDurationMs: 300_000,
      breakDurationMs: 120_000,
      breakEveryLevels: 4,
    });
    const [l1, l2, l3, l4, brk] = structure.steps;
    expect(l1).toEqual({ kind: 'level', smallBlind: 10, bigBlind: 20, ante: 0, anteKind: 'none', durationMs: 300_000 });
    expect(l2).toMatchObject({ smallBlind: 15, bigBlind: 30, ante: 0 });
    // Big-blind ante (one big blind) from level 3.
    expect(l3).toMatchObject({ smallBlind: 20, bigBlind: 40, ante: 40, anteKind: 'big-blind-ante' });
    expect(l4).toMatchObject({ kind: 'level', smallBlind: 25, bigBlind: 50 });
    expect(brk).toEqual({ kind: 'break', durationMs: 120_000 });
    expect(
      privateBlindStructure({ levelDurationMs: 1_000, breakDurationMs: 0, breakEveryLevels: 4 }).steps.every(
        (x) => x.kind === 'level',
      ),
    ).toBe(true);
  });
});
