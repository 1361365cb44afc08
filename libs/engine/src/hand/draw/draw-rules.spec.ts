import { parseCards } from '../../cards';
import { seededRandom } from '../../rng/random-source';
import { drawClassicJokers1, type DrawVariantSpec } from '../../variants';
import { legalActions } from '../apply';
import { replayEvents } from '../replay';
import { start } from '../start';
import type { HandEvent } from '../types';
import { view } from '../view';
import { viewEvents } from '../view-events';
import { drawDeck, drawTable, Hand } from './draw-test-helpers';

const FL = 'fixed-limit';
const ended = (h: Hand) => h.ofType('hand-ended')[0] as Extract<HandEvent, { type: 'hand-ended' }>;

/** 3 players, button seat 2: seat 0 small blind 5, seat 1 big blind 10; preflop everyone limps to 10. */
function limpedThree(
  variant: string | DrawVariantSpec,
  hands: string[],
  draws = '',
  stacks = [1000, 1000, 1000],
  spare?: string,
): Hand {
  const spec = typeof variant === 'string' ? variant : variant;
  const deckId =
    typeof variant === 'string'
      ? (({ draw32: 'short32', draw7a: 'short32' } as Record<string, 'short32'>)[variant] ?? 'standard52')
      : variant.deck;
  const hand = new Hand(drawTable(spec, FL, stacks), drawDeck(deckId, hands, draws, spare));
  return hand.do('call', 2).do('call', 0).do('check', 1);
}

describe('draw phases', () => {
  test('players draw in seat order from left of the button, the dealer last; the number is public, the cards are not', () => {
    const hand = limpedThree('draw5', ['2c 3c 4c 5c 7d', 'Ah Ad Kc Ks 9h', 'Qh Qd Qc 8s 8d'], 'Js Ts');
    expect(hand.state.phase).toBe('draw');
    expect(legalActions(hand.state)).toMatchObject({
      seat: 0,
      actions: ['fold', 'draw'],
      extensions: { draw: { max: 5 } },
    });
    expect(hand.refuse('draw', 1, { discard: [] })).toBe('NOT_YOUR_TURN');
    expect(hand.refuse('check', 0)).toBe('NOT_YOUR_TURN');
    hand.draw(0, '5c 7d').draw(1, '').draw(2, '');
    // Kept cards first, the new ones after them.
    expect(hand.state.hole[0]).toEqual(parseCards('2c 3c 4c Js Ts'));
    const drawEvent = hand.ofType('x-draw')[0];
    expect(drawEvent).toMatchObject({ seat: 0, count: 2, discarded: parseCards('5c 7d'), dealt: parseCards('Js Ts') });
    expect(viewEvents([drawEvent], 1)[0]).toMatchObject({ seat: 0, count: 2, discarded: null, dealt: null });
    expect(viewEvents([drawEvent], 'spectator')[0]).toMatchObject({ count: 2, discarded: null, dealt: null });
    const handView = view(hand.state, 1);
    expect(handView.players[0].cards).toEqual([null, null, null, null, null]);
    expect(handView.ext?.draw).toMatchObject({
      drawn: [
        { seat: 0, count: 2 },
        { seat: 1, count: 0 },
        { seat: 2, count: 0 },
      ],
    });
    // The second betting round starts left of the button, with the big bet.
    expect(legalActions(hand.state)).toMatchObject({
      seat: 0,
      actions: ['fold', 'check', 'bet'],
      minTo: 20,
      maxTo: 20,
    });
  });

  test('a draw discards only own cards, each once, at most the maximum', () => {
    const hand = limpedThree('draw5', ['2c 3c 4c 5c 7d', 'Ah Ad Kc Ks 9h', 'Qh Qd Qc 8s 8d']);
    expect(hand.refuse('draw', 0, { discard: parseCards('Ah') })).toBe('ILLEGAL_ACTION');
    expect(hand.refuse('draw', 0, { discard: parseCards('2c 2c') })).toBe('ILLEGAL_ACTION');
    expect(hand.refuse('draw', 0, { discard: 'x' })).toBe('ILLEGAL_ACTION');
  });

  test('a timed-out draw stands pat and forbids betting and raising in the next round (check, call or fold only)', () => {
    const hand = limpedThree('draw5', ['2c 3c 4c 5c 7d', 'Ah Ad Kc Ks 9h', 'Qh Qd Qc 8s 8d'], 'Js Ts');
    hand.draw(0, '5c 7d').do('draw-timeout', 1).draw(2);
    expect(hand.state.hole[1]).toEqual(parseCards('Ah Ad Kc Ks 9h'));
    expect(hand.ofType('x-draw')[1]).toMatchObject({ seat: 1, count: 0, timeout: true });
    hand.do('check', 0);
    expect(legalActions(hand.state)).toMatchObject({ seat: 1, actions: ['fold', 'check'] });
    expect(hand.refuse('bet', 1, { amount: 20 })).toBe('RAISE_NOT_ALLOWED');
    hand.do('check', 1).do('bet', 2, { amount: 20 }).do('call', 0);
    expect(legalActions(hand.state)).toMatchObject({ seat: 1, actions: ['fold', 'call'] });
    expect(hand.refuse('raise', 1, { amount: 40 })).toBe('RAISE_NOT_ALLOWED');
    hand.do('call', 1);
    // Trip queens win 30 + 3 × 20 = 90.
    expect(hand.state.phase).toBe('complete');
    expect(hand.stacks()).toEqual([970, 970, 1060]);
  });

  test('folding is always allowed on your turn, also at the draw: the folder leaves the draw order; the last one in takes the pot', () => {
    // 3 players limp to 10 (pot 30). Seat 0 folds instead of drawing: seat 1 draws next, then seat 2.
    const hand = limpedThree('draw5', ['2c 3c 4c 5c 7d', 'Ah Ad Kc Ks 9h', 'Qh Qd Qc 8s 8d']);
    hand.do('fold', 0);
    expect(hand.state.folded).toEqual([true, false, false]);
    expect(legalActions(hand.state)).toMatchObject({ seat: 1, actions: ['fold', 'draw'] });
    hand.draw(1);
    // Seat 2 folds at the draw too: seat 1 is the last one in and takes the 30 without a showdown.
    hand.do('fold', 2);
    expect(hand.state.phase).toBe('complete');
    expect(hand.ofType('pot-awarded')).toEqual([
      expect.objectContaining({ amount: 30, shares: [{ seat: 1, amount: 30, half: 'whole' }] }),
    ]);
    expect(hand.stacks()).toEqual([990, 1020, 990]);
    // With two left after a fold at the draw, the betting round after it opens as usual (left of the button).
    const afterFold = limpedThree('draw5', ['2c 3c 4c 5c 7d', 'Ah Ad Kc Ks 9h', 'Qh Qd Qc 8s 8d']);
    afterFold.draw(0).draw(1).do('fold', 2);
    expect(afterFold.state.phase).toBe('betting');
    expect(legalActions(afterFold.state)).toMatchObject({ seat: 0, actions: ['fold', 'check', 'bet'] });
  });

  test("2-7 Triple Draw Fixed Limit has Hold'em's structure: small bet before and after the first draw, big bet after the second and third", () => {
    // Blinds 5/10: small bet 10, big bet 20. Preflop all limp to 10 (pot 30); everybody stands pat each draw.
    const hand = limpedThree('draw27x3', ['2c 3c 4c 5c 7d', 'Ah Ad Kc Ks 9h', 'Qh Qd Qc 8s 8d']);
    hand.draw(0).draw(1).draw(2);
    // After the first draw: the small bet, 10 (a raise makes it 20).
    expect(legalActions(hand.state)).toMatchObject({
      seat: 0,
      actions: ['fold', 'check', 'bet'],
      minTo: 10,
      maxTo: 10,
    });
    hand.do('bet', 0, { amount: 10 });
    expect(legalActions(hand.state)).toMatchObject({ seat: 1, minTo: 20, maxTo: 20 });
    hand.do('call', 1).do('call', 2); // pot 30 + 3 × 10 = 60
    hand.draw(0).draw(1).draw(2);
    // After the second draw: the big bet, 20 (a raise makes it 40).
    expect(legalActions(hand.state)).toMatchObject({ seat: 0, minTo: 20, maxTo: 20 });
    hand.do('bet', 0, { amount: 20 });
    expect(legalActions(hand.state)).toMatchObject({ seat: 1, minTo: 40, maxTo: 40 });
    hand.do('call', 1).do('call', 2); // pot 60 + 3 × 20 = 120
    hand.draw(0).draw(1).draw(2);
    // After the third draw: the big bet again.
    expect(legalActions(hand.state)).toMatchObject({ seat: 0, minTo: 20, maxTo: 20 });
    hand.do('bet', 0, { amount: 20 }).do('call', 1).do('call', 2); // pot 120 + 60 = 180
    // 7-5-4-3-2 (seat 0) is the best low: he wins 180, having put in 10 + 10 + 20 + 20 = 60 → 1120; the others 940.
    expect(hand.state.phase).toBe('complete');
    expect(hand.stacks()).toEqual([1120, 940, 940]);
  });

  test('2-7 Triple Draw: a player who timed out is restored when he draws in time at the next draw', () => {
    const hand = limpedThree('draw27x3', ['2c 3c 4c 5c 7d', 'Ah Ad Kc Ks 9h', 'Qh Qd Qc 8s 8d'], '8c 9c');
    hand.draw(0).do('draw-timeout', 1).draw(2);
    // Round after the first draw (small bet 10, Hold'em structure): seat 1 may not bet.
    hand.do('check', 0);
    expect(legalActions(hand.state)?.actions).toEqual(['fold', 'check']);
    hand.do('check', 1).do('check', 2);
    // Second draw: seat 1 draws in time and may bet again afterwards.
    hand.draw(0).draw(1, 'Ah Ad').draw(2);
    expect(view(hand.state, 0).ext?.draw).toMatchObject({ restricted: [] });
    hand.do('check', 0);
    expect(legalActions(hand.state)).toMatchObject({
      seat: 1,
      actions: ['fold', 'check', 'bet'],
      minTo: 20,
      maxTo: 20,
    });
    hand.do('bet', 1, { amount: 20 }).do('call', 2).do('call', 0);
    // Third draw: he times out again and is limited once more in the last round.
    hand.draw(0).do('draw-timeout', 1).draw(2);
    hand.do('check', 0);
    expect(legalActions(hand.state)?.actions).toEqual(['fold', 'check']);
    hand.do('check', 1).do('check', 2);
    // Lowball showdown: 7-5-4-3-2 (seat 0) is the best low; pot 30 + 60 = 90.
    expect(hand.stacks()).toEqual([1060, 970, 970]);
  });

  test('deck running short: discards and mucks are reshuffled and nobody gets his own discards back (6-player 2-7)', () => {
    // A stacked deck in card order: seat k is dealt cards k, k+6, k+12, k+18, k+24; the stub is 30..51.
    const ordered = Array.from({ length: 52 }, (_, c) => c);
    const own = (k: number) => [k, k + 6, k + 12, k + 18, k + 24];
    // The reshuffle's order (the first spare deck): seat 4's discards first, then seat 0's, seat 1's ...
    const spare = [...own(4), ...own(0), ...own(1), ...own(2), ...own(3), ...own(5), ...ordered.slice(30)];
    const config = drawTable('draw27x3', FL, [1000, 1000, 1000, 1000, 1000, 1000]);
    const hand = new Hand(config, ordered.concat(spare));
    for (const seat of [2, 3, 4, 5, 0]) hand.do('call', seat);
    hand.do('check', 1);
    for (let k = 0; k < 6; k++) hand.do('draw', k, { discard: own(k) });
    // Seats 0..3 empty 20 of the 22 stub cards; seat 4 takes the last two (50, 51), then the 25 discards
    // are reshuffled; he skips his own five at the top and gets seat 0's first three.
    expect(hand.state.hole[0]).toEqual([30, 31, 32, 33, 34]);
    expect(hand.state.hole[3]).toEqual([45, 46, 47, 48, 49]);
    expect(hand.state.hole[4]).toEqual([50, 51, 0, 6, 12]);
    expect(hand.ofType('x-reshuffle')).toEqual([{ type: 'x-reshuffle', street: 1, cards: 25, dealtBefore: 2 }]);
    // The dealer draws last from the reshuffled stock: seat 4's discards are not his own.
    expect(hand.state.hole[5]).toEqual(own(4));
    for (let k = 0; k < 6; k++) for (const card of own(k)) expect(hand.state.hole[k]).not.toContain(card);
    const all = hand.state.hole.flat();
    expect(new Set(all).size).toBe(30);
  });

  test('a random start appends spare shuffles so a reshuffle needs no randomness later (replayable)', () => {
    const config = drawTable('draw27x3', FL, [1000, 1000, 1000, 1000, 1000, 1000]);
    const { state } = start(config, { rng: seededRandom(3) });
    // 52 dealt + one spare deck per draw.
    expect(state.deck.length).toBe(52 * 4);
    expect(new Set(state.deck.slice(52, 104)).size).toBe(52);
  });
});

describe('32-Card Draw', () => {
  const hands = ['7c 8d 9h Js Kc', 'Ah Ad Ac 7d 8c', 'Qh Qd 9c Ts 8h'];

  test('the second round starts with the first active player after the big blind', () => {
    const hand = limpedThree('draw32', hands);
    expect(legalActions(hand.state)?.extensions?.draw).toMatchObject({ max: 4 });
    hand.draw(0, '7c 8d 9h Js');
    expect(hand.refuse('draw', 1, { discard: parseCards('Ah Ad Ac 7d 8c') })).toBe('ILLEGAL_ACTION');
    hand.draw(1).draw(2);
    // The split offer comes first: to seat 2 (after the big blind).
    expect(legalActions(hand.state)).toMatchObject({ seat: 2, actions: ['fold', 'split', 'no-split'] });
    hand.do('no-split', 2);
    expect(legalActions(hand.state)).toMatchObject({ seat: 2, actions: ['fold', 'check', 'bet'] });
  });

  test('split offer accepted by all: the pot is divided equally, the odd chip to the first left of the button', () => {
    const hand = new Hand(drawTable('draw32', FL, [100, 100, 100]), drawDeck('short32', hands));
    hand.do('call', 2).do('fold', 0).do('check', 1);
    hand.draw(1).draw(2);
    hand.do('split', 2);
    expect(view(hand.state, 0).ext?.draw).toMatchObject({ splitAccepted: [2] });
    hand.do('split', 1);
    // Pot 25 = 5 + 10 + 10: seat 1 (nearer the button's left) 13, seat 2 12.
    expect(hand.state.phase).toBe('complete');
    expect(hand.stacks()).toEqual([95, 103, 102]);
    expect(hand.ofType('hand-shown')).toEqual([]);
  });

  test('folding is always allowed on your turn, also at the split offer: the folder leaves, the others answer on', () => {
    // 3 players limp to 10 (pot 30), all stand pat. Seat 2 offers to split, seat 0 folds instead of
    // answering, seat 1 accepts: the pot of 30 is divided between seats 1 and 2 (15 each); seat 0's 10 stays in it.
    const hand = limpedThree('draw32', hands, '', [100, 100, 100]);
    hand.draw(0).draw(1).draw(2);
    hand.do('split', 2).do('fold', 0);
    expect(legalActions(hand.state)).toMatchObject({ seat: 1, actions: ['fold', 'split', 'no-split'] });
    hand.do('split', 1);
    expect(hand.state.phase).toBe('complete');
    expect(hand.ofType('pot-awarded')).toEqual([expect.objectContaining({ amount: 30, eligible: [1, 2] })]);
    expect(hand.stacks()).toEqual([90, 105, 105]);
    // Two of three fold at the offer: the last one in wins the 30 without a showdown.
    const game = limpedThree('draw32', hands, '', [100, 100, 100]);
    game.draw(0).draw(1).draw(2);
    game.do('fold', 2).do('fold', 0);
    expect(game.state.phase).toBe('complete');
    expect(game.stacks()).toEqual([90, 120, 90]);
  });

  test('split offer refused once: the offer ends and the hand is played out', () => {
    const hand = limpedThree('draw32', hands, '', [100, 100, 100]);
    hand.draw(0).draw(1).draw(2);
    hand.do('split', 2).do('no-split', 0);
    expect(hand.state.phase).toBe('betting');
    expect(hand.refuse('split', 1)).toBe('NOT_YOUR_TURN');
    hand.do('check', 2).do('check', 0).do('check', 1);
    // Trip aces (seat 1) win the whole pot of 30.
    expect(hand.stacks()).toEqual([90, 120, 90]);
  });

  test('split offer with a side pot: a refusal keeps only the pots the refusing player plays for', () => {
    // Seat 1 (big blind) has 30: all-in in the main pot; seats 0 and 2 build a side pot of 20.
    const hand = new Hand(drawTable('draw32', FL, [200, 30, 200]), drawDeck('short32', hands));
    hand
      .do('raise', 2, { amount: 20 })
      .do('raise', 0, { amount: 30 })
      .do('call', 1)
      .do('raise', 2, { amount: 40 })
      .do('call', 0);
    hand.draw(0).draw(1).draw(2);
    hand.do('split', 2).do('split', 0).do('no-split', 1);
    // Side pot 20 divided 10/10; the main pot of 90 goes on to the showdown.
    expect(hand.ofType('pot-awarded')[0]).toMatchObject({ amount: 20, eligible: [0, 2] });
    expect(hand.stacks()).toEqual([170, 0, 170]);
    hand.do('check', 2).do('check', 0);
    expect(hand.state.phase).toBe('complete');
    expect(hand.stacks()).toEqual([170, 90, 170]);
  });

  test('suits break ties: hearts > diamonds', () => {
    const hand = limpedThree('draw32', ['Ah Ks Qc Jd 9s', 'Ad Kc Qs Jh 9h', 'Kh Qh Th 8c 7s'], '', [100, 100, 100]);
    hand.draw(0).draw(1).draw(2).do('no-split', 2);
    hand.do('check', 2).do('check', 0).do('check', 1);
    // Both A-K-Q-J-9: the ace of hearts (seat 0) beats the ace of diamonds (seat 1); the pot of 30 is not split.
    expect(hand.stacks()).toEqual([120, 90, 90]);
  });
});

describe('Five Card Draw 7-A', () => {
  test('the deck gains the sixes (36 cards, A-6-7-8-9 straight) when five players are dealt in', () => {
    const five = start(drawTable('draw7a', FL, [100, 100, 100, 100, 100]), { rng: seededRandom(1) }).state;
    expect(five.spec.deck).toBe('short36');
    expect(five.spec.ranking.high).toBe('draw7a-sixes');
    const dealt = new Set(five.deck.slice(0, 36));
    expect(dealt.size).toBe(36);
    for (const six of parseCards('6c 6d 6h 6s')) expect(dealt.has(six)).toBe(true);
    const four = start(drawTable('draw7a', FL, [100, 100, 100, 100]), { rng: seededRandom(1) }).state;
    expect(four.spec.deck).toBe('short32');
    expect(four.spec.ranking.high).toBe('draw7a');
    expect(four.deck.slice(0, 32).some((c) => c >> 2 === 4)).toBe(false);
  });
});

describe('classic draw', () => {
  const classic = (stacks: number[], variant: string | DrawVariantSpec = 'draw-classic', carryOver?: number) => ({
    ...drawTable(variant, 'no-limit', stacks, { smallBlind: 0, bigBlind: 5, ante: 5, maxBet: 20 }),
    ...(carryOver ? { carryOver } : {}),
  });

  test('antes, the first player left of the dealer opens, bets between the ante and the table maximum', () => {
    const hand = new Hand(
      classic([100, 100, 100]),
      drawDeck('standard52', ['2c 3c 4c 5c 7d', 'Ah Ad Kc Ks 9h', 'Qh Qd Qc 8s 8d']),
    );
    expect(hand.ofType('forced-bet').map((e) => (e as { amount: number }).amount)).toEqual([5, 5, 5]);
    expect(legalActions(hand.state)).toMatchObject({ seat: 0, actions: ['fold', 'check', 'bet'], minTo: 5, maxTo: 20 });
    expect(hand.refuse('bet', 0, { amount: 25 })).toBe('ILLEGAL_AMOUNT');
    hand.do('bet', 0, { amount: 12 });
    // A raise adds between 5 and 20: to 17..32.
    expect(legalActions(hand.state)).toMatchObject({ seat: 1, minTo: 17, maxTo: 32 });
  });

  test("classic draw's 3-card limit: at most three cards exchanged, the dealer last", () => {
    const hand = new Hand(
      classic([100, 100, 100]),
      drawDeck('standard52', ['2c 3c 4c 5c 7d', 'Ah Ad Kc Ks 9h', 'Qh Qd Qc 8s 8d']),
    );
    hand.do('check', 0).do('check', 1).do('check', 2);
    expect(legalActions(hand.state)).toMatchObject({ seat: 0, extensions: { draw: { max: 3 } } });
    expect(hand.refuse('draw', 0, { discard: parseCards('2c 3c 4c 5c') })).toBe('ILLEGAL_ACTION');
    hand.draw(0, '2c 3c 4c').draw(1, 'Ah');
    expect(hand.state.toAct).toBe(2);
  });

  test('classic draw: the bottom card is never dealt; the discards are reshuffled before it', () => {
    // 7 players: 35 cards dealt, 17 left of which 16 may be dealt. Everyone exchanges 3.
    const ordered = Array.from({ length: 52 }, (_, c) => c);
    const hand = new Hand(classic([100, 100, 100, 100, 100, 100, 100]), ordered);
    for (let s = 0; s < 7; s++) hand.do('check', s);
    for (let s = 0; s < 7; s++) hand.do('draw', s, { discard: hand.state.hole[s].slice(0, 3) });
    // Seats 0..4 take 35..49; seat 5 takes 50, then the discards are reshuffled: card 51 stays at the bottom.
    expect(hand.state.hole[4].slice(2)).toEqual([47, 48, 49]);
    expect(hand.state.hole[5][2]).toBe(50);
    expect(hand.ofType('x-reshuffle')).toHaveLength(1);
    expect(hand.state.hole.flat()).not.toContain(51);
    expect(new Set(hand.state.hole.flat()).size).toBe(35);
    // The log alone rebuilds the hand (crash recovery): the bottom card is restored in its place.
    const again = replayEvents(hand.state.config, hand.events);
    expect(again.ok && again.state.hole).toEqual(hand.state.hole);
  });

  test('jokers: a joker hand ties the equal natural hand; the undivisible remainder is carried over to the next deal', () => {
    // Seat 0: joker + Kh = a pair of kings, 9-7-4; seat 1: Ks Kc, 9-7-4. Seat 2 folds.
    const deck = drawDeck('jokers1', ['Jk Kh 9c 7d 4s', 'Ks Kc 9d 7h 4c', 'Qh Qd Qc 8s 8d']);
    const hand = new Hand(classic([100, 100, 100], drawClassicJokers1), deck);
    hand.do('bet', 0, { amount: 5 }).do('call', 1).do('fold', 2);
    hand.draw(0).draw(1);
    hand.do('check', 0).do('check', 1);
    // Pot 15 + 10 = 25: 12 each, 1 chip stays for the next deal.
    expect(hand.stacks()).toEqual([102, 102, 95]);
    expect(ended(hand).carryOver).toBe(1);
    expect(hand.ofType('pot-awarded')[0]).toMatchObject({
      amount: 25,
      shares: [
        { seat: 0, amount: 12 },
        { seat: 1, amount: 12 },
      ],
    });
  });

  test('carry-over: the chips carried in start in the main pot of the next deal', () => {
    const hand = new Hand(
      classic([100, 100], 'draw-classic', 1),
      drawDeck('standard52', ['2c 3c 4c 5c 7d', 'Ah Ad Kc Ks 9h']),
    );
    // Button seat 1: seat 0 opens.
    expect(view(hand.state, 0).pot).toBe(11);
    hand.do('bet', 0, { amount: 5 }).do('fold', 1);
    expect(hand.stacks()).toEqual([106, 95]);
    expect(ended(hand).carryOver).toBeUndefined();
  });
});
