import { isHandForHand, isRoundComplete, mayDeal, startHandForHandRound, tableHandFinished } from '@naiko/tournament';

describe('hand-for-hand', () => {
  test('hand-for-hand starts on the money bubble with more than one table', () => {
    expect(isHandForHand(16, 15, 2)).toBe(true);
    expect(isHandForHand(17, 15, 2)).toBe(false);
    expect(isHandForHand(15, 15, 2)).toBe(false);
    expect(isHandForHand(4, 3, 1)).toBe(false); // one table plays hand for hand anyway
  });

  test('every table finishes its hand before the next round starts', () => {
    let handForHandRound = startHandForHandRound(null, [1, 2, 3]);
    expect(handForHandRound.round).toBe(1);
    expect(mayDeal(handForHandRound, 1)).toBe(true);
    handForHandRound = tableHandFinished(handForHandRound, 1);
    expect(mayDeal(handForHandRound, 1)).toBe(false); // table 1 waits for 2 and 3
    expect(isRoundComplete(handForHandRound)).toBe(false);
    handForHandRound = tableHandFinished(tableHandFinished(handForHandRound, 3), 2);
    expect(tableHandFinished(handForHandRound, 2)).toBe(handForHandRound); // a repeated report changes nothing
    expect(isRoundComplete(handForHandRound)).toBe(true);
    const next = startHandForHandRound(handForHandRound, [1, 2]);
    expect(next).toEqual({ round: 2, pending: [1, 2], done: [] });
  });
});
