import { deadButtonDeal, type DeadButtonPositions } from './dead-button';

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
