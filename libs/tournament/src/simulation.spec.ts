import { FAST_MODE_STRUCTURE, type SeatingSnapshot, simulateTournament } from '@naiko/tournament';
import { coinFlipHands } from './test-helpers/coin-flip-hands';
import { testRandom } from './test-helpers/seeded-random';
import { counts } from './test-helpers/tables';

function run(entrants: number, seed: number, afterBalancing?: (s: SeatingSnapshot, holds: number) => void) {
  const rng = testRandom(seed);
  return simulateTournament({
    entrants,
    tableSize: 9,
    startingStack: 1500,
    buyIn: 100,
    structure: FAST_MODE_STRUCTURE,
    handDurationMs: 500,
    rng,
    playHand: coinFlipHands(rng),
    afterBalancing,
  });
}

describe('tournament simulation core (simulated hand outcomes)', () => {
  test('60 entrants at 9-max play to a winner; after every hand the tables differ by at most one', () => {
    const seen: number[][] = [];
    const result = run(60, 7, (snapshot, holds) => {
      expect(holds).toBe(0);
      const counted = counts(snapshot);
      seen.push(counted);
      expect(Math.max(...counted) - Math.min(...counted)).toBeLessThanOrEqual(1);
      expect(Math.max(...counted)).toBeLessThanOrEqual(9);
    });
    expect(seen[0]).toHaveLength(7); // ceil(60 / 9) tables at the start
    expect(result.finalTableRedraw).toBe(true);
    expect(result.tablesBroken).toBe(6);
    // Every place 1..60 is taken exactly once (ties share consecutive places).
    const places = result.standings.flatMap((g) => g.players.map((_, i) => g.bestPlace + i)).sort((a, b) => a - b);
    expect(places).toEqual(Array.from({ length: 60 }, (_, i) => i + 1));
    // 60 entrants → 9 paid; the payouts sum to the pool exactly.
    expect(result.prizePool).toBe(6000);
    expect(result.payouts.reduce((s, p) => s + p.prize, 0)).toBe(6000);
    expect(result.payouts.filter((p) => p.prize > 0).length).toBeGreaterThanOrEqual(9);
  });

  test('the same seed replays the same tournament', () => {
    expect(run(60, 11)).toEqual(run(60, 11));
  });

  test('a larger field (1,000 entrants) finishes with exact payouts', () => {
    const result = run(1000, 3);
    expect(result.payouts.reduce((s, p) => s + p.prize, 0)).toBe(100_000);
    expect(result.standings[0].bestPlace).toBe(1);
    expect(result.handForHandRounds).toBeGreaterThanOrEqual(1);
  });
});
