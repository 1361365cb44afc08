/**
 * Slow exhaustive checks (npm run test:exhaustive): every seven-card hand, and the 36-card deck.
 */
import { shortDeck36 } from '../cards/deck';
import { evalHigh7, highCategory, HIGH_CLASS_COUNT } from './high';
import { SHORT_DECK_ORDER, unpackRanked } from './ranked';
import { evaluateDraw7a } from './rankings';
import { forEachFive } from './test-helpers';

describe('exhaustive enumerations', () => {
  it('all 133,784,560 seven-card hands by category; 4,824 distinct classes occur', () => {
    const counts = new Array(9).fill(0);
    // Count per class in the loop (cheap), categories from the class afterwards.
    const perClass = new Float64Array(HIGH_CLASS_COUNT + 1);
    for (let a = 0; a < 46; a++)
      for (let b = a + 1; b < 47; b++)
        for (let c = b + 1; c < 48; c++)
          for (let d = c + 1; d < 49; d++)
            for (let e = d + 1; e < 50; e++)
              for (let f = e + 1; f < 51; f++)
                for (let g = f + 1; g < 52; g++) perClass[evalHigh7(a, b, c, d, e, f, g)]++;
    for (let v = 1; v <= HIGH_CLASS_COUNT; v++) counts[highCategory(v)] += perClass[v];
    expect(counts).toEqual([23294460, 58627800, 31433400, 6461620, 6180020, 4047644, 3473184, 224848, 41584]);
    expect(perClass[HIGH_CLASS_COUNT]).toBe(4324); // royal flushes
    expect(perClass.filter((n) => n > 0).length).toBe(4824);
  });

  it('all 376,992 hands of the 36-card deck (Five Card Draw 7-A with sixes) by category', () => {
    const counts: Record<string, number> = {};
    forEachFive(shortDeck36(), (card1, card2, card3, card4, card5) => {
      const cat =
        SHORT_DECK_ORDER[
          unpackRanked(evaluateDraw7a([card1, card2, card3, card4, card5], { sixes: true })).categoryIndex
        ];
      counts[cat] = (counts[cat] ?? 0) + 1;
    });
    // By hand, 9 ranks: 6 straights (A-6-7-8-9 .. T-J-Q-K-A); 4 x C(9,5) = 504 suited rank sets.
    expect(counts).toEqual({
      'straight-flush': 6 * 4,
      'four-of-a-kind': 9 * 32,
      'full-house': 9 * 4 * 8 * 6,
      flush: 504 - 24,
      straight: 6 * 1024 - 24,
      'three-of-a-kind': 9 * 4 * 28 * 16,
      'two-pair': 36 * 36 * 7 * 4,
      pair: 9 * 6 * 56 * 64,
      'high-card': (126 - 6) * (1024 - 4),
    });
  });
});
