import { SatelliteError } from './errors';
import {
  checkSeatValue,
  payStandingsWithSeats,
  recordSeatWinners,
  satellitePaidPlaces,
  satellitePlaceValues,
  satellitePrizes,
  satelliteSeatsDecided,
} from './satellites';

describe('satellites: seats in a target tournament, the remainder in chips', () => {
  // 23 entries × 100 = 2,300 chips; a seat in the target costs 500 + 50 = 550.
  // 2,300 / 550 = 4 seats (2,200), remainder 100 to 5th.
  const config = { seatValue: 550 };

  it(
    'seats = floor(pool / seat value), remainder to the first place without a seat (2,300 / 550 → 4 ' +
      'seats and 100)',
    () => {
      expect(satellitePrizes(2_300, config)).toEqual({ seats: 4, remainder: 100 });
      expect(satellitePlaceValues(2_300, config)).toEqual([550, 550, 550, 550, 100]);
      expect(satellitePaidPlaces(2_300, config)).toBe(4);
    },
  );

  it('an exact pool (2,200) pays 4 seats and no remainder; a pool below one seat (500) pays it all to 1st', () => {
    expect(satellitePlaceValues(2_200, config)).toEqual([550, 550, 550, 550]);
    expect(satellitePlaceValues(500, config)).toEqual([500]);
    expect(satellitePaidPlaces(500, config)).toBe(1);
  });

  it('pays the standings: 4 seats, 100 chips to 5th, nothing to 6th; the sum is the pool', () => {
    const groups = [1, 2, 3, 4, 5, 6].map((p) => ({ bestPlace: p, players: [`p${p}`] }));
    const paid = payStandingsWithSeats(2_300, config, groups);
    expect(paid.map((x) => [x.playerId, x.seat, x.prize])).toEqual([
      ['p1', true, 550],
      ['p2', true, 550],
      ['p3', true, 550],
      ['p4', true, 550],
      ['p5', false, 100],
      ['p6', false, 0],
    ]);
    expect(paid.reduce((a, x) => a + x.prize, 0)).toBe(2_300);
  });

  it(
    'a tie across the last seat (places 4–5, hand-for-hand) shares 550 + 100 = 650 in chips, 325 ' + 'each, no seat',
    () => {
      const groups = [
        { bestPlace: 1, players: ['a'] },
        { bestPlace: 2, players: ['b'] },
        { bestPlace: 3, players: ['c'] },
        { bestPlace: 4, players: ['d', 'e'] },
      ];
      const paid = payStandingsWithSeats(2_300, config, groups);
      expect(paid.filter((x) => x.seat).map((x) => x.playerId)).toEqual(['a', 'b', 'c']);
      expect(paid.slice(3)).toEqual([
        { playerId: 'd', bestPlace: 4, seat: false, prize: 325 },
        { playerId: 'e', bestPlace: 4, seat: false, prize: 325 },
      ]);
    },
  );

  it('a tie inside the seat places wins a seat each; odd chips of a straddling tie go in group order', () => {
    const inside = payStandingsWithSeats(2_300, config, [{ bestPlace: 1, players: ['a', 'b'] }]);
    expect(inside.every((x) => x.seat && x.prize === 550)).toBe(true);
    // 2,301: remainder 101; places 4–6 tied: 550 + 101 + 0 = 651 → 217 each.
    const odd = payStandingsWithSeats(2_301, config, [{ bestPlace: 4, players: ['x', 'y', 'z'] }]);
    expect(odd.map((x) => x.prize)).toEqual([217, 217, 217]);
    // 2,302: 652 → 218, 217, 217.
    expect(
      payStandingsWithSeats(2_302, config, [{ bestPlace: 4, players: ['x', 'y', 'z'] }]).map((x) => x.prize),
    ).toEqual([218, 217, 217]);
  });

  it('refuses a seat value of 0 and a player listed twice, with a typed error', () => {
    expect(() => satellitePrizes(100, { seatValue: 0 })).toThrow(SatelliteError);
    expect(() =>
      payStandingsWithSeats(100, { seatValue: 50 }, [
        { bestPlace: 1, players: ['a'] },
        { bestPlace: 2, players: ['a'] },
      ]),
    ).toThrow(SatelliteError);
  });
});

describe('a satellite stops once the seats are decided (satelliteSeatsDecided, recordSeatWinners)', () => {
  // 23 × 100 = 2,300 chips at 550 a seat: 4 seats, 100 to 5th.
  const config = { seatValue: 550 };

  it('5 players left: not decided; 4 left (= the 4 seats): decided; 3 left: decided', () => {
    expect(satelliteSeatsDecided(5, 2_300, config)).toBe(false);
    expect(satelliteSeatsDecided(4, 2_300, config)).toBe(true);
    expect(satelliteSeatsDecided(3, 2_300, config)).toBe(true);
  });

  it('a pool of one seat (1,000 / 550 → 1) or none (500) plays on to the last player', () => {
    expect(satelliteSeatsDecided(2, 1_000, config)).toBe(false);
    expect(satelliteSeatsDecided(1, 1_000, config)).toBe(false);
    expect(satelliteSeatsDecided(2, 500, config)).toBe(false);
  });

  it('the 4 players left share 1st: 4 seats of 550, the 5th (busted last) gets the 100 remainder', () => {
    const standings = recordSeatWinners({ remaining: 4, groups: [{ bestPlace: 5, players: ['e'] }] }, [
      'a',
      'b',
      'c',
      'd',
    ]);
    expect(standings).toEqual({
      remaining: 0,
      groups: [
        { bestPlace: 1, players: ['a', 'b', 'c', 'd'] },
        { bestPlace: 5, players: ['e'] },
      ],
    });
    const paid = payStandingsWithSeats(2_300, config, standings.groups);
    expect(paid.filter((x) => x.seat).map((x) => [x.playerId, x.prize])).toEqual([
      ['a', 550],
      ['b', 550],
      ['c', 550],
      ['d', 550],
    ]);
    expect(paid[4]).toEqual({ playerId: 'e', bestPlace: 5, seat: false, prize: 100 });
  });

  it('refuses a list that is not exactly the players left', () => {
    expect(() => recordSeatWinners({ remaining: 4, groups: [] }, ['a', 'b', 'c'])).toThrow(SatelliteError);
    expect(() => recordSeatWinners({ remaining: 2, groups: [] }, ['a', 'a'])).toThrow(SatelliteError);
  });
});

describe('a seat must buy the target entry (checkSeatValue)', () => {
  it('target 500 + 50: a seat of 550 passes, 549 is refused (seat-value-too-low)', () => {
    expect(() => checkSeatValue(550, { buyIn: 500, fee: 50 })).not.toThrow();
    expect(() => checkSeatValue(549, { buyIn: 500, fee: 50 })).toThrow(
      expect.objectContaining({ code: 'seat-value-too-low' }),
    );
  });

  it('a bounty target 500 + 50 + bounty 100 costs 650: a seat of 600 is refused', () => {
    expect(() => checkSeatValue(600, { buyIn: 500, fee: 50, bounty: 100 })).toThrow(SatelliteError);
    expect(() => checkSeatValue(650, { buyIn: 500, fee: 50, bounty: 100 })).not.toThrow();
  });
});
