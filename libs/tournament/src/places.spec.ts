import {
  PlacesError,
  payStandings,
  placeBusts,
  prizeTableFor,
  recordBusts,
  recordWinner,
  startStandings,
} from '@naiko/tournament';

describe('finishing places', () => {
  test('busted in the same hand: the larger starting stack finishes higher', () => {
    // 6 players before the hand; a started with 300, b with 800: b is 5th, a is 6th.
    expect(
      placeBusts(6, [
        { playerId: 'a', startingStack: 300 },
        { playerId: 'b', startingStack: 800 },
      ]),
    ).toEqual([
      { bestPlace: 5, players: ['b'] },
      { bestPlace: 6, players: ['a'] },
    ]);
  });

  test('busted in the same hand with equal stacks: they share the places and split the prizes', () => {
    // 4 players left in a 9-entrant Sit & Go paying 50/30/20 of 900: two bust with 500 each → share 3rd–4th.
    const groups = placeBusts(4, [
      { playerId: 'a', startingStack: 500 },
      { playerId: 'b', startingStack: 500 },
    ]);
    expect(groups).toEqual([{ bestPlace: 3, players: ['a', 'b'] }]);
    const pay = payStandings(900, prizeTableFor(9), [
      { bestPlace: 1, players: ['w'] },
      { bestPlace: 2, players: ['r'] },
      ...groups,
    ]);
    // 3rd = 180, 4th = 0 → 90 each.
    expect(pay.map((p) => [p.playerId, p.prize])).toEqual([
      ['w', 450],
      ['r', 270],
      ['a', 90],
      ['b', 90],
    ]);
  });

  test('odd chip inside a tie: larger stack, then the lower order key (nearest left of the button) first', () => {
    const groups = placeBusts(10, [
      { playerId: 'far', startingStack: 100, order: 5 },
      { playerId: 'near', startingStack: 100, order: 1 },
    ]);
    expect(groups).toEqual([{ bestPlace: 9, players: ['near', 'far'] }]);
  });

  test('hand-for-hand: busts in the same round at different tables tie', () => {
    const groups = placeBusts(
      16,
      [
        { playerId: 'x', startingStack: 5000, tableId: 1 },
        { playerId: 'y', startingStack: 200, tableId: 2 },
      ],
      'hand-for-hand-round',
    );
    expect(groups).toEqual([{ bestPlace: 15, players: ['x', 'y'] }]);
  });

  test('hand-for-hand: at one table the larger stack still finishes higher; ranks tie across tables', () => {
    // Worked example from places.ts: 12 left, table A busts a1 (1,000) and a2 (500), table B busts b1 (700).
    const groups = placeBusts(
      12,
      [
        { playerId: 'a2', startingStack: 500, tableId: 1 },
        { playerId: 'b1', startingStack: 700, tableId: 2 },
        { playerId: 'a1', startingStack: 1000, tableId: 1 },
      ],
      'hand-for-hand-round',
    );
    expect(groups).toEqual([
      { bestPlace: 10, players: ['a1', 'b1'] },
      { bestPlace: 12, players: ['a2'] },
    ]);
  });

  test('standings accumulate to a complete, payable result', () => {
    let standings = startStandings(5);
    standings = recordBusts(standings, [{ playerId: 'e', startingStack: 10 }]);
    standings = recordBusts(standings, [
      { playerId: 'c', startingStack: 40 },
      { playerId: 'd', startingStack: 20 },
    ]);
    standings = recordBusts(standings, [{ playerId: 'b', startingStack: 70 }]);
    standings = recordWinner(standings, 'a');
    expect(standings.groups).toEqual([
      { bestPlace: 1, players: ['a'] },
      { bestPlace: 2, players: ['b'] },
      { bestPlace: 3, players: ['c'] },
      { bestPlace: 4, players: ['d'] },
      { bestPlace: 5, players: ['e'] },
    ]);
    expect(payStandings(500, prizeTableFor(5), standings.groups).reduce((t, p) => t + p.prize, 0)).toBe(500);
  });

  test('a hand cannot bust everyone, nor a player twice', () => {
    expect(() =>
      placeBusts(2, [
        { playerId: 'a', startingStack: 1 },
        { playerId: 'b', startingStack: 1 },
      ]),
    ).toThrow(PlacesError);
    expect(() =>
      placeBusts(5, [
        { playerId: 'a', startingStack: 1 },
        { playerId: 'a', startingStack: 2 },
      ]),
    ).toThrow(PlacesError);
    expect(() => recordWinner(startStandings(3), 'a')).toThrow(PlacesError);
  });
});
