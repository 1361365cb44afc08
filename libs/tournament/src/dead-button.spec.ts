import fc from 'fast-check';
import { deadButtonDeal, type DeadButtonDeal, type DeadButtonPositions } from './dead-button';

const at = (...seats: number[]) => seats.map((seat) => ({ seat, userId: `u${seat}` }));
const positions = (deal: ReturnType<typeof deadButtonDeal>) =>
  deal && { button: deal.button, smallBlind: deal.smallBlind, bigBlind: deal.bigBlind };

describe('the dead-button rule at a tournament table', () => {
  test('first hand: the drawn button, the small and big blind the next two players', () => {
    expect(positions(deadButtonDeal(at(0, 2, 5, 7), 9, null, 5))).toEqual({ button: 5, smallBlind: 7, bigBlind: 0 });
    // No drawn button: the first player has it.
    expect(positions(deadButtonDeal(at(1, 3, 4), 6, null, null))).toEqual({ button: 1, smallBlind: 3, bigBlind: 4 });
  });

  test('nobody busts: everything moves one player on', () => {
    const prev: DeadButtonPositions = { button: 0, smallBlind: 1, bigBlind: 2 };
    expect(positions(deadButtonDeal(at(0, 1, 2, 3, 4), 6, prev, null))).toEqual({
      button: 1,
      smallBlind: 2,
      bigBlind: 3,
    });
  });

  test('the big blind busted: the next player posts the big blind (nobody skips it), the small blind is dead on the busted seat, the button on the last small blind', () => {
    // Button 0, small blind 1, big blind 2; seat 2 busts. Moving the button to the next player
    // would put the blinds on 3 and 4: seat 3 would skip the big blind. The rule: big blind 3.
    const deal = deadButtonDeal(at(0, 1, 3, 4), 6, { button: 0, smallBlind: 1, bigBlind: 2 }, null)!;
    expect(positions(deal)).toEqual({ button: 1, smallBlind: null, bigBlind: 3 });
    // The dead small blind's position is kept: next hand the button is a dead button on seat 2.
    expect(deal.positions).toEqual({ button: 1, smallBlind: 2, bigBlind: 3 });
    expect(positions(deadButtonDeal(at(0, 1, 3, 4), 6, deal.positions, null))).toEqual({
      button: 2,
      smallBlind: 3,
      bigBlind: 4,
    });
  });

  test('the small blind busted: a dead button on his seat next hand, the blinds move on', () => {
    const deal = deadButtonDeal(at(0, 2, 3, 4), 6, { button: 0, smallBlind: 1, bigBlind: 2 }, null)!;
    expect(positions(deal)).toEqual({ button: 1, smallBlind: 2, bigBlind: 3 });
  });

  test('heads-up: the other player has the button and posts the small blind; the big blind moves forward', () => {
    const deal = deadButtonDeal(at(1, 4), 6, { button: 0, smallBlind: 1, bigBlind: 2 }, null)!;
    expect(positions(deal)).toEqual({ button: 1, smallBlind: 1, bigBlind: 4 });
    expect(positions(deadButtonDeal(at(1, 4), 6, deal.positions, null))).toEqual({
      button: 4,
      smallBlind: 4,
      bigBlind: 1,
    });
  });

  test('one player left: no deal', () => {
    expect(deadButtonDeal(at(3), 6, null, 3)).toBeNull();
  });
});

describe('the dead-button rule: properties over random busts (fast-check)', () => {
  /** A table of `size` seats, some taken; between hands some players (never all but one) bust. */
  const scenario = fc.integer({ min: 3, max: 10 }).chain((size) =>
    fc.record({
      size: fc.constant(size),
      taken: fc.uniqueArray(fc.integer({ min: 0, max: size - 1 }), { minLength: 3, maxLength: size }),
      firstButton: fc.integer({ min: 0, max: size - 1 }),
      busts: fc.array(fc.array(fc.nat(), { maxLength: 2 }), { minLength: 1, maxLength: 25 }),
    }),
  );

  test('the big blind always moves forward to the next player; a small blind is posted by a player other than the big blind, else it is dead; heads-up the button posts it', () => {
    fc.assert(
      fc.property(scenario, ({ size, taken, firstButton, busts }) => {
        let alive = [...taken].sort((a, b) => a - b);
        let prev: DeadButtonPositions | null = null;
        for (const out of busts) {
          const deal: DeadButtonDeal = deadButtonDeal(at(...alive), size, prev, prev ? null : firstButton)!;
          const seats = new Set(alive);
          expect(seats.has(deal.bigBlind)).toBe(true);
          if (prev) {
            // Nobody alive sits strictly between the last big blind and this one: nobody skipped it.
            const clockwise = (seat: number) => (seat - prev!.bigBlind + size) % size;
            for (const seat of alive)
              if (seat !== deal.bigBlind && seat !== prev.bigBlind)
                expect(clockwise(seat) > clockwise(deal.bigBlind)).toBe(true);
          }
          if (deal.smallBlind !== null) {
            expect(seats.has(deal.smallBlind)).toBe(true);
            expect(deal.smallBlind).not.toBe(deal.bigBlind);
          }
          if (alive.length === 2) expect(deal.smallBlind).toBe(deal.button);
          prev = deal.positions;
          // Between hands some players bust (at least two stay).
          for (const pick of out)
            if (alive.length > 2) alive = alive.filter((_, index) => index !== pick % alive.length);
        }
      }),
    );
  });

  test('with nobody busting, every player posts the big blind exactly once per orbit', () => {
    fc.assert(
      fc.property(scenario, ({ size, taken, firstButton }) => {
        const alive = [...taken].sort((a, b) => a - b);
        let prev: DeadButtonPositions | null = null;
        const posted = new Map<number, number>();
        for (let hand = 0; hand < alive.length; hand++) {
          const deal: DeadButtonDeal = deadButtonDeal(at(...alive), size, prev, prev ? null : firstButton)!;
          posted.set(deal.bigBlind, (posted.get(deal.bigBlind) ?? 0) + 1);
          prev = deal.positions;
        }
        expect([...posted.values()]).toEqual(alive.map(() => 1));
      }),
    );
  });
});
