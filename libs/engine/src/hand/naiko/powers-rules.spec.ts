/**
 * Naiko mode (naiko.de.txt §1, §4, §5, the four power pages and the FAQ): one test per rule sentence,
 * named after it, numbers worked out by hand. Tables: blinds 1/2 unless stated; 3 players sit at seats
 * 0 (small blind), 1 (big blind), 2 (button, first to act preflop); heads-up seat 1 is the button and
 * small blind (acts first preflop), seat 0 the big blind (acts first after the flop).
 */
import { parseCards, type Card } from '../../cards';
import { seededRandom } from '../../rng/random-source';
import { apply, legalActions } from '../apply';
import { cancelHand } from '../cancel';
import { start } from '../start';
import type { HandConfig, HandEvent } from '../types';
import { view } from '../view';
import { viewEvents } from '../view-events';
import { Hand, NO_PEEK, NO_SHIELD, NO_SWAP, naikoTable } from './naiko-test-helpers';
import { SHIELD_WINDOW_PHASE, legalPowers, powersExt, powersView, sparksOf } from './powers';
import { replayEvents } from '../replay';
import { replayPowerEvents } from './replay-powers';
import { CAROUSELS, type PowersConfig } from './types';

const card = (t: string): Card => parseCards(t)[0];
const sparks = (h: Hand): Record<number, number> =>
  Object.fromEntries((sparksOf(h.state) ?? []).map((s) => [s.seat, s.sparks]));
const code = (r: { ok: boolean; error?: { code: string } }): string | undefined => (r.ok ? undefined : r.error?.code);
const three = (powers: PowersConfig, stacks = [200, 200, 200]): HandConfig => naikoTable(stacks, powers);
// Dealing order: seat 0, seat 1, seat 2.
const HOLES3 = ['Ah Kh', '7c 2d', 'Qs Qd'];

describe('§1 powers only in Naiko mode', () => {
  test("powers are refused on classic Hold'em and Omaha tables", () => {
    for (const variant of ['holdem', 'omaha']) {
      const cfg = { ...three({ carousel: NO_SHIELD }), variant };
      expect(() => start(cfg, { rng: seededRandom(1) })).toThrow(/only in Naiko mode/);
    }
  });
  test("a Naiko hand without a powers config plays as plain No-Limit Hold'em (no power actions)", () => {
    const handState = start({ ...three({}), powers: undefined }, { rng: seededRandom(1) }).state;
    expect(code(apply(handState, { type: 'sneak-peek', seat: 2 }))).toBe('UNKNOWN_ACTION');
    expect(legalActions(handState)!.extensions?.['sneak-peek']).toBeUndefined();
  });
  test('§4 every player still in shows at showdown: a powers hand needs show-all', () => {
    expect(() => start({ ...three({ carousel: NO_SHIELD }), showdown: 'classic' }, { rng: seededRandom(1) })).toThrow(
      /show-all/,
    );
    const hand = Hand.stacked(three({ carousel: NO_SHIELD }), HOLES3, '2c 3c 4d 8h 9s');
    hand.do({ type: 'call', seat: 2 }, { type: 'call', seat: 0 }, { type: 'check', seat: 1 });
    for (let k = 0; k < 3; k++)
      hand.do({ type: 'check', seat: 0 }, { type: 'check', seat: 1 }, { type: 'check', seat: 2 });
    expect(
      hand.events
        .filter((e) => e.type === 'hand-shown')
        .map((e) => (e as { seat: number }).seat)
        .sort(),
    ).toEqual([0, 1, 2]);
  });
});

describe('§5 sparks (Destellos)', () => {
  test('+1 spark when dealt into a new hand, at most 3 held', () => {
    const hand = Hand.stacked(three({ carousel: NO_SHIELD, sparks: { 0: 0, 1: 2, 2: 3 } }), HOLES3);
    expect(sparks(hand)).toEqual({ 0: 1, 1: 3, 2: 3 });
    expect(hand.events.find((e) => e.type === 'x-powers-dealt')).toMatchObject({
      sparks: [
        { seat: 0, before: 0, sparks: 1 },
        { seat: 1, before: 2, sparks: 3 },
        { seat: 2, before: 3, sparks: 3 },
      ],
    });
  });
  test('a table that already added the deal spark passes dealSparkGranted (no double spark)', () => {
    const hand = Hand.stacked(three({ carousel: NO_SHIELD, sparks: { 0: 1, 1: 3 }, dealSparkGranted: true }), HOLES3);
    expect(sparks(hand)).toEqual({ 0: 1, 1: 3, 2: 0 });
  });
  test('sparks are not bought nor granted by paying for a power: only the deal adds one', () => {
    const hand = Hand.stacked(three({ carousel: NO_SHIELD, sparks: { 2: 2 } }), HOLES3);
    hand.do({ type: 'sleeve-swap', seat: 2, card: card('Qd') });
    expect(sparks(hand)[2]).toBe(1); // 2 + 1 dealt - 2 paid
    expect(() => start(three({ carousel: NO_SHIELD, sparks: { 0: 4 } }), { rng: seededRandom(1) })).toThrow(/0\.\.3/);
  });
  test("sparks stay between hands at this table: the hand reports each seat's balance at the end", () => {
    const hand = Hand.stacked(three({ carousel: NO_SHIELD, sparks: { 2: 1 } }), HOLES3);
    hand.do({ type: 'sneak-peek', seat: 2 }, { type: 'fold', seat: 2 }, { type: 'fold', seat: 0 });
    expect(hand.state.phase).toBe('complete');
    expect(sparksOf(hand.state)).toEqual([
      { seat: 0, sparks: 1 },
      { seat: 1, sparks: 1 },
      { seat: 2, sparks: 1 },
    ]);
    // The next hand at this table starts from them (+1 for that deal).
    const next = Hand.stacked(
      three({ carousel: NO_SHIELD, sparks: Object.fromEntries(sparksOf(hand.state)!.map((s) => [s.seat, s.sparks])) }),
      HOLES3,
    );
    expect(sparks(next)).toEqual({ 0: 2, 1: 2, 2: 2 });
  });
});

describe('§5 the carousel', () => {
  test('each hand shows 3 different powers of the 4', () => {
    for (let seed = 0; seed < 60; seed++) {
      const ext = powersExt(start(three({}), { rng: seededRandom(seed) }).state)!;
      expect(new Set(ext.carousel).size).toBe(3);
    }
  });
  test('if Seal Shield appears, Short Anchor appears too; the anchor can appear without the shield', () => {
    const seen = new Set<string>();
    for (let seed = 0; seed < 60; seed++) {
      const ext = powersExt(start(three({}), { rng: seededRandom(seed) }).state)!;
      if (ext.carousel.includes('seal-shield')) expect(ext.carousel).toContain('short-anchor');
      seen.add(ext.carousel.join(','));
    }
    expect(seen.size).toBe(3); // every allowed carousel is drawn, including anchor without shield
    expect(seen.has('sneak-peek,sleeve-swap,short-anchor')).toBe(true);
    expect(() =>
      start(three({ carousel: ['sneak-peek', 'sleeve-swap', 'seal-shield'] }), { rng: seededRandom(1) }),
    ).toThrow(/not a carousel/);
  });
  test('the carousel is the same for everyone and stays unchanged during the hand', () => {
    const hand = Hand.stacked(three({ carousel: NO_SWAP, sparks: { 2: 2 } }), HOLES3);
    const views = [0, 1, 2, 'spectator' as const].map(
      (v) => (view(hand.state, v).ext!.powers as { carousel: string[] }).carousel,
    );
    for (const view of views) expect(view).toEqual(['sneak-peek', 'short-anchor', 'seal-shield']);
    hand.do(
      { type: 'sneak-peek', seat: 2 },
      { type: 'call', seat: 2 },
      { type: 'call', seat: 0 },
      { type: 'check', seat: 1 },
    );
    expect(powersExt(hand.state)!.carousel).toEqual(['sneak-peek', 'short-anchor', 'seal-shield']);
  });
  test("the carousel comes from the hand's random source after the deck: same seed, same deck and carousel", () => {
    const handState = start(three({}), { rng: seededRandom(7) }).state;
    const other = start(three({}), { rng: seededRandom(7) }).state;
    const plain = start({ ...three({}), powers: undefined }, { rng: seededRandom(7) }).state;
    expect(powersExt(handState)!.carousel).toEqual(powersExt(other)!.carousel);
    expect(handState.deck).toEqual(plain.deck); // drawing the carousel does not change the deck
    expect(CAROUSELS.map((k) => k.join())).toContain(powersExt(handState)!.carousel.join());
  });
});

describe('§5 limits', () => {
  test('each power can be used once per player per hand', () => {
    const hand = Hand.stacked(three({ carousel: NO_SHIELD, sparks: { 2: 3 } }), HOLES3, '2c 3c 4d 8h 9s');
    hand.do(
      { type: 'sneak-peek', seat: 2 },
      { type: 'call', seat: 2 },
      { type: 'call', seat: 0 },
      { type: 'check', seat: 1 },
    );
    hand.do({ type: 'check', seat: 0 }, { type: 'check', seat: 1 });
    const result = hand.try({ type: 'sneak-peek', seat: 2 });
    expect(result).toMatchObject({
      ok: false,
      error: { code: 'ILLEGAL_ACTION', message: expect.stringMatching(/once per hand/) },
    });
  });
  test('at most one power per turn, before the poker action', () => {
    const hand = Hand.stacked(three({ carousel: NO_SHIELD, sparks: { 2: 3 } }), HOLES3);
    hand.do({ type: 'sneak-peek', seat: 2 });
    expect(hand.try({ type: 'sleeve-swap', seat: 2, card: card('Qd') })).toMatchObject({
      ok: false,
      error: { message: 'at most one power per turn' },
    });
    expect(legalPowers(hand.state)).toEqual({});
    hand.do({ type: 'call', seat: 2 });
    // After his poker action the turn is over: no power for him until his next turn.
    expect(code(hand.try({ type: 'sleeve-swap', seat: 2, card: card('Qd') }))).toBe('NOT_YOUR_TURN');
  });
  test("a power used in one turn does not block a power in the player's next turn", () => {
    const hand = Hand.stacked(three({ carousel: NO_SHIELD, sparks: { 0: 3 } }), HOLES3, '2c 3c 4d 8h 9s');
    hand.do(
      { type: 'call', seat: 2 },
      { type: 'sleeve-swap', seat: 0, card: card('Kh') },
      { type: 'call', seat: 0 },
      { type: 'check', seat: 1 },
    );
    expect(hand.try({ type: 'sneak-peek', seat: 0 }).ok).toBe(true);
  });
  test('the table allows up to 3 normal activations per betting round', () => {
    const cfg = naikoTable([200, 200, 200, 200], { carousel: NO_SHIELD, sparks: { 0: 3, 1: 3, 2: 3, 3: 3 } });
    // 4 players: seat 0 SB, 1 BB, 2 UTG, 3 button.
    const hand = Hand.stacked(cfg, ['Ah Kh', '7c 2d', 'Qs Qd', 'Jc Tc']);
    hand.do(
      { type: 'sneak-peek', seat: 2 },
      { type: 'call', seat: 2 },
      { type: 'sneak-peek', seat: 3 },
      { type: 'call', seat: 3 },
      { type: 'sneak-peek', seat: 0 },
      { type: 'call', seat: 0 },
    );
    expect(hand.try({ type: 'sneak-peek', seat: 1 })).toMatchObject({
      ok: false,
      error: { message: expect.stringMatching(/3 activations per betting round/) },
    });
    expect((view(hand.state, 1).ext!.powers as { activationsLeft: number }).activationsLeft).toBe(0);
    // A new betting round has its own 3.
    hand.do({ type: 'check', seat: 1 });
    expect(hand.try({ type: 'sneak-peek', seat: 0 })).toMatchObject({
      ok: false,
      error: { message: 'sneak-peek can be used once per hand' },
    });
    hand.do({ type: 'check', seat: 0 });
    expect(hand.try({ type: 'sneak-peek', seat: 1 }).ok).toBe(true);
  });
  test('the Seal Shield answers separately: it can still block the anchor that took the last place', () => {
    const cfg = naikoTable([200, 200, 200, 200], { carousel: NO_PEEK, sparks: { 0: 3, 1: 0, 2: 3, 3: 3 } });
    const hand = Hand.stacked(cfg, ['Ah Kh', '7c 2d', 'Qs Qd', 'Jc Tc']);
    hand.do(
      { type: 'sleeve-swap', seat: 2, card: card('Qd') },
      { type: 'call', seat: 2 },
      { type: 'sleeve-swap', seat: 3, card: card('Jc') },
      { type: 'call', seat: 3 },
    );
    hand.do({ type: 'short-anchor', seat: 0, target: 1 }); // the 3rd activation; seat 1 holds 1 spark
    expect(hand.state.phase).toBe(SHIELD_WINDOW_PHASE);
    hand.do({ type: 'shield', seat: 1 });
    expect(hand.last('x-power')).toMatchObject({ seat: 1, power: 'seal-shield', cost: 1, sparks: 0, against: 0 });
  });
  test('a refused attempt costs no sparks and changes nothing', () => {
    const hand = Hand.stacked(three({ carousel: NO_SHIELD, sparks: { 2: 0 } }), HOLES3);
    const before = hand.state;
    // 1 spark (the deal's), a swap costs 2.
    const result = hand.try({ type: 'sleeve-swap', seat: 2, card: card('Qd') });
    expect(result).toMatchObject({
      ok: false,
      error: { code: 'ILLEGAL_ACTION', message: expect.stringMatching(/costs 2 sparks, you hold 1/) },
    });
    expect(hand.state).toBe(before);
    expect(sparks(hand)[2]).toBe(1);
    expect(before.version).toBe(0);
    for (const bad of [
      { type: 'short-anchor', seat: 2, target: 2 },
      { type: 'sneak-peek', seat: 0 },
      { type: 'shield', seat: 1 },
      { type: 'sleeve-swap', seat: 2, card: card('As') },
    ]) {
      expect(hand.try(bad).ok).toBe(false);
      expect(hand.state).toBe(before);
    }
  });
  test('a valid anchor is paid even when the opponent blocks it with the Seal Shield', () => {
    const hand = Hand.stacked(three({ carousel: NO_PEEK, sparks: { 0: 1, 2: 1 } }), HOLES3);
    hand.do({ type: 'short-anchor', seat: 2, target: 0 }, { type: 'shield', seat: 0 });
    expect(sparks(hand)).toEqual({ 0: 1, 1: 1, 2: 0 }); // attacker 2 → 0, defender 2 → 1
  });
});

describe('Sneak Peek (1 spark)', () => {
  test('preflop it shows the first flop card, on the flop the turn, on the turn the river', () => {
    const hand = Hand.stacked(three({ carousel: NO_SHIELD, sparks: { 0: 3, 1: 3, 2: 3 } }), HOLES3, '2c 3c 4d 8h 9s');
    hand.do({ type: 'sneak-peek', seat: 2 });
    expect(hand.last('x-power')).toMatchObject({
      seat: 2,
      power: 'sneak-peek',
      cost: 1,
      sparks: 2,
      card: card('2c'),
      peekStreet: 1,
    });
    hand.do({ type: 'call', seat: 2 }, { type: 'call', seat: 0 }, { type: 'check', seat: 1 });
    hand.do({ type: 'sneak-peek', seat: 0 });
    expect(hand.last('x-power')).toMatchObject({ seat: 0, card: card('8h'), peekStreet: 2 });
    hand.do(
      { type: 'check', seat: 0 },
      { type: 'check', seat: 1 },
      { type: 'check', seat: 2 },
      { type: 'check', seat: 0 },
    );
    hand.do({ type: 'sneak-peek', seat: 1 });
    expect(hand.last('x-power')).toMatchObject({ seat: 1, card: card('9s'), peekStreet: 3 });
  });
  test('not usable on the river', () => {
    const hand = Hand.stacked(three({ carousel: NO_SHIELD, sparks: { 0: 3 } }), HOLES3, '2c 3c 4d 8h 9s');
    hand.do({ type: 'call', seat: 2 }, { type: 'call', seat: 0 }, { type: 'check', seat: 1 });
    for (let k = 0; k < 2; k++)
      hand.do({ type: 'check', seat: 0 }, { type: 'check', seat: 1 }, { type: 'check', seat: 2 });
    expect(hand.try({ type: 'sneak-peek', seat: 0 })).toMatchObject({
      ok: false,
      error: { message: 'Sneak Peek is not usable on the river' },
    });
    expect(legalActions(hand.state)!.extensions?.['sneak-peek']).toBeUndefined();
  });
  test('the power moves or changes no cards', () => {
    const cfg = three({ carousel: NO_SHIELD, sparks: { 2: 3 } });
    const hand = Hand.stacked(cfg, HOLES3, '2c 3c 4d 8h 9s').do(
      { type: 'sneak-peek', seat: 2 },
      { type: 'call', seat: 2 },
      { type: 'call', seat: 0 },
      { type: 'check', seat: 1 },
    );
    const played = Hand.stacked(cfg, HOLES3, '2c 3c 4d 8h 9s').do(
      { type: 'call', seat: 2 },
      { type: 'call', seat: 0 },
      { type: 'check', seat: 1 },
    );
    expect(hand.state.board).toEqual(played.state.board);
    expect(hand.state.hole).toEqual(played.state.hole);
  });
  test('in your turn, before you act: not out of turn', () => {
    const hand = Hand.stacked(three({ carousel: NO_SHIELD, sparks: { 0: 3 } }), HOLES3);
    expect(code(hand.try({ type: 'sneak-peek', seat: 0 }))).toBe('NOT_YOUR_TURN');
  });
  test('nobody else sees the card you peeked at (views and event feeds)', () => {
    const hand = Hand.stacked(three({ carousel: NO_SHIELD, sparks: { 2: 3 } }), HOLES3, '2c 3c 4d 8h 9s');
    hand.do({ type: 'sneak-peek', seat: 2 });
    expect((view(hand.state, 2).ext!.powers as { peek: unknown }).peek).toEqual({ street: 1, card: card('2c') });
    for (const viewer of [0, 1, 'spectator' as const]) {
      expect((view(hand.state, viewer).ext!.powers as { peek: unknown }).peek).toBeNull();
      const feed = viewEvents(hand.events, viewer);
      expect(JSON.stringify(feed)).not.toMatch(/"card"/);
      // Who activated what is public.
      expect(feed.find((e) => e.type === 'x-power')).toEqual({
        type: 'x-power',
        seat: 2,
        power: 'sneak-peek',
        cost: 1,
        sparks: 2,
        street: 0,
        peekStreet: 1,
      });
    }
    expect(viewEvents(hand.events, 2).find((e) => e.type === 'x-power')).toMatchObject({ card: card('2c') });
  });
  test('a Sleeve Swap that later uses a deck card preflop can change the next community card', () => {
    const hand = Hand.stacked(three({ carousel: NO_SHIELD, sparks: { 0: 3, 2: 3 } }), HOLES3, 'Ad 3c 4d 8h 9s Ts');
    hand.do({ type: 'sneak-peek', seat: 2 }, { type: 'call', seat: 2 });
    expect(hand.last('x-power')).toMatchObject({ card: card('Ad') });
    hand.do({ type: 'sleeve-swap', seat: 0, card: card('Kh') }, { type: 'call', seat: 0 }, { type: 'check', seat: 1 });
    expect(hand.state.hole[0]).toEqual([card('Ah'), card('Ad')]);
    expect(hand.state.board).toEqual(parseCards('3c 4d 8h')); // the peeked Ad went to the swapper
  });
  test('example: four hearts after the flop, the peek shows the coming turn, another heart', () => {
    const hand = Hand.stacked(three({ carousel: NO_SHIELD, sparks: { 0: 3 } }), HOLES3, '2h 3h 9c 5h');
    hand.do({ type: 'call', seat: 2 }, { type: 'call', seat: 0 }, { type: 'check', seat: 1 });
    hand.do({ type: 'sneak-peek', seat: 0 });
    expect(hand.last('x-power')).toMatchObject({ card: card('5h') });
    // Information only: he still has to act; the hand is decided by the full board.
    expect(legalActions(hand.state)!.seat).toBe(0);
  });
});

describe('Sleeve Swap (2 sparks)', () => {
  test('example: 7♣ 2♦, swap the 2♦ and A♦ appears: the hand is 7♣ A♦', () => {
    const hand = Hand.stacked(
      three({ carousel: NO_SHIELD, sparks: { 1: 3 } }),
      ['Ah Kh', '7c 2d', 'Qs Qd'],
      'Ad 3c 4d 8h 9s',
    );
    hand.do({ type: 'call', seat: 2 }, { type: 'call', seat: 0 });
    hand.do({ type: 'sleeve-swap', seat: 1, card: card('2d') });
    expect(hand.state.hole[1]).toEqual([card('7c'), card('Ad')]);
    expect(sparks(hand)[1]).toBe(1); // 3 held (the deal's spark would exceed 3), 2 paid
  });
  test('the big blind may swap: posting a blind is not the first betting action', () => {
    const hand = Hand.stacked(three({ carousel: NO_SHIELD, sparks: { 1: 3 } }), HOLES3);
    hand.do({ type: 'call', seat: 2 }, { type: 'call', seat: 0 });
    expect(legalActions(hand.state)!.extensions?.['sleeve-swap']).toEqual({ cost: 2, cards: [card('7c'), card('2d')] });
  });
  test('only preflop and before the first betting action', () => {
    const hand = Hand.stacked(three({ carousel: NO_SHIELD, sparks: { 2: 3, 0: 3 } }), HOLES3, '2c 3c 4d 8h 9s');
    hand.do({ type: 'call', seat: 2 }, { type: 'raise', seat: 0, amount: 6 }, { type: 'call', seat: 1 });
    // Seat 2 limped and now faces a raise: he already made a betting action.
    expect(hand.try({ type: 'sleeve-swap', seat: 2, card: card('Qd') })).toMatchObject({
      ok: false,
      error: { message: 'Sleeve Swap only before your first betting action' },
    });
    hand.do({ type: 'call', seat: 2 });
    expect(hand.try({ type: 'sleeve-swap', seat: 0, card: card('Kh') })).toMatchObject({
      ok: false,
      error: { message: 'Sleeve Swap only preflop' },
    });
  });
  test('the discarded card is dead: it is not played again in this hand', () => {
    const hand = Hand.stacked(three({ carousel: NO_SHIELD, sparks: { 2: 3 } }), HOLES3, 'Ad 3c 4d 8h 9s');
    hand.do(
      { type: 'sleeve-swap', seat: 2, card: card('Qd') },
      { type: 'call', seat: 2 },
      { type: 'call', seat: 0 },
      { type: 'check', seat: 1 },
    );
    for (let k = 0; k < 3; k++)
      hand.do({ type: 'check', seat: 0 }, { type: 'check', seat: 1 }, { type: 'check', seat: 2 });
    expect(hand.state.board.slice(0, 4)).toEqual(parseCards('3c 4d 8h 9s')); // Ad went to the swapper
    expect(hand.state.board).not.toContain(card('Qd'));
    expect(hand.state.hole.flat()).not.toContain(card('Qd'));
    expect((view(hand.state, 2).ext!.powers as { discarded: Card }).discarded).toBe(card('Qd'));
  });
  test('once per hand and only one card; a card not in your hand is refused', () => {
    const hand = Hand.stacked(three({ carousel: NO_SHIELD, sparks: { 2: 3 } }), HOLES3);
    expect(hand.try({ type: 'sleeve-swap', seat: 2, card: card('Ah') })).toMatchObject({
      ok: false,
      error: { message: 'choose one of your own hole cards to discard' },
    });
    expect(hand.try({ type: 'sleeve-swap', seat: 2, card: [card('Qs'), card('Qd')] as unknown as Card }).ok).toBe(
      false,
    );
    hand.do({ type: 'sleeve-swap', seat: 2, card: card('Qd') });
    expect(hand.state.hole[2]).toHaveLength(2);
  });
  test('the swap cannot be undone: the discard stays dead and a second swap is refused', () => {
    const hand = Hand.stacked(three({ carousel: NO_SHIELD, sparks: { 2: 3 } }), HOLES3, 'Ad 3c 4d 8h 9s');
    hand.do({ type: 'sleeve-swap', seat: 2, card: card('Qd') });
    const after = hand.state;
    expect(hand.try({ type: 'sleeve-swap', seat: 2, card: card('Ad') }).ok).toBe(false);
    expect(hand.state).toBe(after);
    expect(hand.state.hole[2]).toEqual([card('Qs'), card('Ad')]);
  });
  test('you do not choose the new card and your cards stay private', () => {
    const hand = Hand.stacked(three({ carousel: NO_SHIELD, sparks: { 2: 3 } }), HOLES3, 'Ad 3c 4d 8h 9s');
    hand.do({ type: 'sleeve-swap', seat: 2, card: card('Qd') });
    expect(hand.state.hole[2]).toEqual([card('Qs'), card('Ad')]); // the next deck card, whatever it is
    for (const viewer of [0, 1, 'spectator' as const]) {
      expect(view(hand.state, viewer).players[2].cards).toEqual([null, null]);
      expect(viewEvents(hand.events, viewer).find((e) => e.type === 'x-power')).toEqual({
        type: 'x-power',
        seat: 2,
        power: 'sleeve-swap',
        cost: 2,
        sparks: 1,
        street: 0,
      });
    }
    expect(viewEvents(hand.events, 2).find((e) => e.type === 'x-power')).toMatchObject({
      discarded: card('Qd'),
      card: card('Ad'),
    });
  });
});

/**
 * Heads-up, blinds 5/10, the button raises to 50 and the big blind calls: pot 100 on the flop; seat 0 (big blind) acts
 * first.
 */
function flopPot100(powers: PowersConfig, stacks = [1000, 1000]): Hand {
  const hand = Hand.stacked(naikoTable(stacks, powers, [5, 10]), ['Ah Kh', '7c 2d'], '2c 3c 4d 8h 9s');
  hand.do({ type: 'raise', seat: 1, amount: 50 }, { type: 'call', seat: 0 });
  return hand;
}

describe('Short Anchor (2 sparks)', () => {
  test('example: pot 100, bet 40 → the anchored player may raise to at most 220', () => {
    const hand = flopPot100({ carousel: NO_SHIELD, sparks: { 0: 2 } });
    hand.do({ type: 'short-anchor', seat: 0, target: 1 });
    expect(hand.last('x-anchor-applied')).toEqual({ type: 'x-anchor-applied', seat: 1, by: 0, via: 'no-window' });
    hand.do({ type: 'bet', seat: 0, amount: 40 });
    const la = legalActions(hand.state)!;
    expect(la).toMatchObject({ seat: 1, actions: ['fold', 'call', 'raise'], callAmount: 40, minTo: 80, maxTo: 220 });
    expect(code(hand.try({ type: 'raise', seat: 1, amount: 221 }))).toBe('ILLEGAL_AMOUNT');
    expect(hand.try({ type: 'raise', seat: 1, amount: 220 }).ok).toBe(true);
  });
  test('without an anchor the same player may raise his whole stack', () => {
    const hand = flopPot100({ carousel: NO_SHIELD });
    hand.do({ type: 'bet', seat: 0, amount: 40 });
    expect(legalActions(hand.state)!.maxTo).toBe(950);
  });
  test('he may still check, call or fold when those are legal', () => {
    const hand = flopPot100({ carousel: NO_SHIELD, sparks: { 0: 2 } }, [2000, 2000]);
    hand.do({ type: 'short-anchor', seat: 0, target: 1 }, { type: 'check', seat: 0 });
    expect(legalActions(hand.state)!.actions).toEqual(['fold', 'check', 'bet']);
    expect(legalActions(hand.state)!.maxTo).toBe(100); // pot-size bet into 100
    hand.do({ type: 'bet', seat: 1, amount: 100 }, { type: 'raise', seat: 0, amount: 300 });
    expect(legalActions(hand.state)).toMatchObject({ actions: ['fold', 'call', 'raise'], minTo: 500, maxTo: 1000 }); // 300 + (pot 500 + 200 to call)
  });
  test('on an opponent who can act and has not acted in this round', () => {
    const hand = Hand.stacked(three({ carousel: NO_SHIELD, sparks: { 0: 3, 2: 3 } }), HOLES3);
    expect(hand.try({ type: 'short-anchor', seat: 2, target: 2 })).toMatchObject({
      ok: false,
      error: { message: 'Short Anchor targets an opponent in the hand' },
    });
    expect(legalActions(hand.state)!.extensions?.['short-anchor']).toEqual({ cost: 2, targets: [0, 1] }); // the blinds have not acted
    hand.do({ type: 'call', seat: 2 });
    expect(hand.try({ type: 'short-anchor', seat: 0, target: 2 })).toMatchObject({
      ok: false,
      error: { message: 'the target must be able to act and must not have acted this round' },
    });
    // An all-in or folded opponent cannot act.
    const played = Hand.stacked(three({ carousel: NO_SHIELD, sparks: { 0: 3 } }, [200, 200, 50]), HOLES3);
    played.do({ type: 'raise', seat: 2, amount: 50 });
    expect(played.try({ type: 'short-anchor', seat: 0, target: 2 }).ok).toBe(false);
  });
  test('once per hand for the attacker', () => {
    const hand = Hand.stacked(three({ carousel: NO_SHIELD, sparks: { 2: 3 } }), HOLES3, '2c 3c 4d 8h 9s');
    hand.do(
      { type: 'short-anchor', seat: 2, target: 0 },
      { type: 'call', seat: 2 },
      { type: 'call', seat: 0 },
      { type: 'check', seat: 1 },
    );
    hand.do({ type: 'check', seat: 0 }, { type: 'check', seat: 1 });
    expect(hand.try({ type: 'short-anchor', seat: 2, target: 0 })).toMatchObject({
      ok: false,
      error: { message: 'short-anchor can be used once per hand' },
    });
  });
  test('each opponent can receive only one valid anchor per round, even if he blocks it', () => {
    const hand = Hand.stacked(three({ carousel: NO_PEEK, sparks: { 0: 3, 2: 3 } }), HOLES3);
    hand.do({ type: 'short-anchor', seat: 2, target: 1 }, { type: 'shield', seat: 1 }, { type: 'call', seat: 2 });
    expect(hand.try({ type: 'short-anchor', seat: 0, target: 1 })).toMatchObject({
      ok: false,
      error: { message: 'that player already received a valid anchor this round' },
    });
  });
  test('it never lets him bet more chips than he has', () => {
    const hand = flopPot100({ carousel: NO_SHIELD, sparks: { 0: 2 } }, [1000, 200]);
    hand.do({ type: 'short-anchor', seat: 0, target: 1 }, { type: 'bet', seat: 0, amount: 40 });
    // 150 left behind after the 50 blind
    expect(legalActions(hand.state)).toMatchObject({ minTo: 80, maxTo: 150, allInTo: 150 });
  });
  test('it never removes an otherwise legal minimum raise', () => {
    const hand = flopPot100({ carousel: NO_SHIELD, sparks: { 0: 2 } });
    hand.do({ type: 'short-anchor', seat: 0, target: 1 }, { type: 'bet', seat: 0, amount: 40 });
    // A round whose minimum raise is above the pot-size raise (220): the minimum stays legal.
    const raised = { ...hand.state, lastIncrement: 300 };
    expect(legalActions(raised)).toMatchObject({ minTo: 340, maxTo: 340 });
  });
  test('it expires when the next round begins', () => {
    const hand = flopPot100({ carousel: NO_SHIELD, sparks: { 0: 2 } });
    hand.do(
      { type: 'short-anchor', seat: 0, target: 1 },
      { type: 'bet', seat: 0, amount: 40 },
      { type: 'call', seat: 1 },
    );
    hand.do({ type: 'bet', seat: 0, amount: 40 });
    expect(legalActions(hand.state)!.maxTo).toBe(910);
    expect((view(hand.state, 1).ext!.powers as { anchored: number[] }).anchored).toEqual([]);
  });
});

describe('Seal Shield (1 spark)', () => {
  test('cancels a Short Anchor aimed at you before it applies: he keeps the normal table limit', () => {
    const hand = flopPot100({ carousel: NO_PEEK, sparks: { 0: 2, 1: 1 } });
    hand.do({ type: 'short-anchor', seat: 0, target: 1 });
    expect(hand.last('x-shield-window')).toEqual({ type: 'x-shield-window', seat: 1, attacker: 0, ms: 8000 });
    hand.do({ type: 'shield', seat: 1 }, { type: 'bet', seat: 0, amount: 40 });
    expect(legalActions(hand.state)!.maxTo).toBe(950);
  });
  test('the attacker spends his 2 sparks and you spend 1; bets already made stay in the pot', () => {
    const hand = flopPot100({ carousel: NO_PEEK, sparks: { 0: 2, 1: 1 } });
    const pot = view(hand.state, 0).pot;
    hand.do({ type: 'short-anchor', seat: 0, target: 1 }, { type: 'shield', seat: 1 });
    expect(sparks(hand)).toEqual({ 0: 1, 1: 1 });
    expect(view(hand.state, 0).pot).toBe(pot);
  });
  test('only in the response window to the anchor, even when it is not your turn', () => {
    const hand = Hand.stacked(three({ carousel: NO_PEEK, sparks: { 0: 3, 2: 3 } }), HOLES3);
    expect(hand.try({ type: 'shield', seat: 0 })).toMatchObject({
      ok: false,
      error: { message: expect.stringMatching(/never used preventively/) },
    });
    hand.do({ type: 'short-anchor', seat: 2, target: 0 }); // seat 2 is to act, seat 0 answers out of turn
    expect(legalActions(hand.state)).toMatchObject({
      seat: 0,
      actions: ['shield', 'decline'],
      extensions: { timeoutAction: 'decline', shieldWindowMs: 8000, attacker: 2 },
    });
    expect(view(hand.state, 0).legal).toMatchObject({ actions: ['shield', 'decline'] });
    // The window blocks normal play: nobody bets until it is answered.
    expect(code(hand.try({ type: 'call', seat: 2 }))).toBe('NOT_YOUR_TURN');
    expect(code(hand.try({ type: 'shield', seat: 1 }))).toBe('NOT_YOUR_TURN');
    expect(code(hand.try({ type: 'sneak-peek', seat: 2 }))).toBe('NOT_YOUR_TURN');
    hand.do({ type: 'shield', seat: 0 });
    expect(legalActions(hand.state)!.seat).toBe(2);
  });
  test('it must be in the carousel and you must be able to pay it, otherwise no window opens', () => {
    const hand = Hand.stacked(three({ carousel: NO_SHIELD, sparks: { 2: 3 } }), HOLES3);
    hand.do({ type: 'short-anchor', seat: 2, target: 0 });
    expect(hand.state.phase).toBe('betting');
    expect(hand.last('x-anchor-applied')).toMatchObject({ seat: 0, via: 'no-window' });
    // Seat 1 (big blind) spends his only spark on a peek preflop, then is anchored on the flop with 0 sparks.
    const played = Hand.stacked(three({ carousel: NO_SWAP, sparks: { 0: 3 } }), HOLES3, '2c 3c 4d 8h 9s');
    played.do(
      { type: 'call', seat: 2 },
      { type: 'call', seat: 0 },
      { type: 'sneak-peek', seat: 1 },
      { type: 'check', seat: 1 },
    );
    played.do({ type: 'short-anchor', seat: 0, target: 1 });
    expect(played.state.phase).toBe('betting');
    expect(played.events.some((e) => e.type === 'x-shield-window')).toBe(false);
    expect(played.last('x-anchor-applied')).toMatchObject({ seat: 1, via: 'no-window' });
  });
  test('once per hand', () => {
    const hand = Hand.stacked(three({ carousel: NO_PEEK, sparks: { 0: 3, 1: 3, 2: 3 } }), HOLES3, '2c 3c 4d 8h 9s');
    hand.do(
      { type: 'short-anchor', seat: 2, target: 1 },
      { type: 'shield', seat: 1 },
      { type: 'call', seat: 2 },
      { type: 'call', seat: 0 },
      { type: 'check', seat: 1 },
    );
    // On the flop he is anchored again (a new round): he still holds 2 sparks, but his shield is used.
    hand.do({ type: 'short-anchor', seat: 0, target: 1 });
    expect(sparks(hand)[1]).toBe(2);
    expect(hand.state.phase).toBe('betting');
    expect(hand.last('x-anchor-applied')).toMatchObject({ seat: 1, by: 0, via: 'no-window' });
  });
  test('it cancels no other power', () => {
    const hand = Hand.stacked(three({ carousel: NO_SWAP, sparks: { 2: 3 } }), HOLES3);
    hand.do({ type: 'sneak-peek', seat: 2 });
    expect(code(hand.try({ type: 'shield', seat: 0 }))).toBe('ILLEGAL_ACTION');
  });
  test('you currently have 8 seconds to answer (a table setting)', () => {
    const hand = flopPot100({ carousel: NO_PEEK, sparks: { 0: 2 }, shieldWindowMs: 5000 });
    hand.do({ type: 'short-anchor', seat: 0, target: 1 });
    expect(hand.last('x-shield-window')).toMatchObject({ ms: 5000 });
    expect((view(hand.state, 'spectator').ext!.powers as { window: unknown }).window).toEqual({
      attacker: 0,
      target: 1,
      ms: 5000,
    });
  });
  test('if you decline or the time runs out, the anchor applies and you spend no spark', () => {
    for (const timeout of [false, true]) {
      const hand = flopPot100({ carousel: NO_PEEK, sparks: { 0: 2, 1: 1 } });
      hand.do(
        { type: 'short-anchor', seat: 0, target: 1 },
        timeout ? { type: 'decline', seat: 1, timeout: true } : { type: 'decline', seat: 1 },
      );
      expect(hand.last('x-anchor-applied')).toEqual({
        type: 'x-anchor-applied',
        seat: 1,
        by: 0,
        via: timeout ? 'timeout' : 'decline',
      });
      expect(sparks(hand)).toEqual({ 0: 1, 1: 2 });
      hand.do({ type: 'bet', seat: 0, amount: 40 });
      expect(legalActions(hand.state)!.maxTo).toBe(220);
    }
  });
});

describe('FAQ', () => {
  test('a power does not end the turn: after it you make your poker action', () => {
    const hand = Hand.stacked(three({ carousel: NO_SHIELD, sparks: { 2: 3 } }), HOLES3);
    hand.do({ type: 'sneak-peek', seat: 2 });
    expect(legalActions(hand.state)).toMatchObject({ seat: 2, actions: ['fold', 'call', 'raise'] });
  });
  test('the Seal Shield is resolved in its own window, then the attacker makes his poker action', () => {
    const hand = Hand.stacked(three({ carousel: NO_PEEK, sparks: { 2: 3 } }), HOLES3);
    hand.do({ type: 'short-anchor', seat: 2, target: 1 });
    expect(legalActions(hand.state)!.seat).toBe(1);
    hand.do({ type: 'decline', seat: 1 });
    expect(legalActions(hand.state)).toMatchObject({ seat: 2, actions: ['fold', 'call', 'raise'] });
    expect(legalPowers(hand.state)).toEqual({}); // still one power per turn
  });
  test('sparks can be saved for the next hand, up to 3; the carousel changes at the next deal', () => {
    const cfg = three({ sparks: { 0: 2 } });
    const handState = start(cfg, { rng: seededRandom(1) }).state;
    expect(sparksOf(handState)![0].sparks).toBe(3);
    const next = start(three({ sparks: { 0: 3 } }), { rng: seededRandom(2) }).state;
    expect(sparksOf(next)![0].sparks).toBe(3);
    const carousels = new Set(
      [1, 2, 3, 4, 5, 6].map((seed) => powersExt(start(cfg, { rng: seededRandom(seed) }).state)!.carousel.join()),
    );
    expect(carousels.size).toBeGreaterThan(1);
  });
  test('a Seal Shield gives the opponent no sparks back: none of these costs is refunded', () => {
    const hand = flopPot100({ carousel: NO_PEEK, sparks: { 0: 2, 1: 1 } });
    hand.do({ type: 'short-anchor', seat: 0, target: 1 }, { type: 'shield', seat: 1 });
    hand.do({ type: 'check', seat: 0 }, { type: 'check', seat: 1 });
    for (let k = 0; k < 2; k++) hand.do({ type: 'check', seat: 0 }, { type: 'check', seat: 1 });
    expect(hand.state.phase).toBe('complete');
    expect(sparksOf(hand.state)).toEqual([
      { seat: 0, sparks: 1 },
      { seat: 1, sparks: 1 },
    ]);
  });
  test('cannot be anchored again in the same round after defending', () => {
    const hand = Hand.stacked(three({ carousel: NO_PEEK, sparks: { 0: 3, 2: 3 } }), HOLES3);
    hand.do({ type: 'short-anchor', seat: 2, target: 1 }, { type: 'shield', seat: 1 }, { type: 'call', seat: 2 });
    expect(legalActions(hand.state)!.extensions?.['short-anchor']).toBeUndefined(); // seat 1 was the only target left
    expect(hand.try({ type: 'short-anchor', seat: 0, target: 1 }).ok).toBe(false);
  });
  test('two players peeking see the same card unless a swap intervened', () => {
    const hand = Hand.stacked(
      three({ carousel: NO_SHIELD, sparks: { 0: 3, 1: 3, 2: 3 } }),
      HOLES3,
      'Ad 3c 4d 8h 9s Ts',
    );
    hand.do(
      { type: 'sneak-peek', seat: 2 },
      { type: 'call', seat: 2 },
      { type: 'sneak-peek', seat: 0 },
      { type: 'call', seat: 0 },
    );
    const peeks = hand.events.filter((e) => e.type === 'x-power').map((e) => (e as unknown as { card: Card }).card);
    expect(peeks).toEqual([card('Ad'), card('Ad')]);
    // The big blind swaps after both peeks: the peeked Ad becomes his card, the flop starts with 3c.
    hand.do({ type: 'sleeve-swap', seat: 1, card: card('2d') }, { type: 'check', seat: 1 });
    expect(hand.state.hole[1]).toEqual([card('7c'), card('Ad')]);
    expect(hand.state.board).toEqual(parseCards('3c 4d 8h'));
    // A peek after a swap sees the card after the swapped one.
    const played = Hand.stacked(
      three({ carousel: NO_SHIELD, sparks: { 0: 3, 1: 3, 2: 3 } }),
      HOLES3,
      'Ad 3c 4d 8h 9s Ts',
    );
    played.do(
      { type: 'call', seat: 2 },
      { type: 'sleeve-swap', seat: 0, card: card('Kh') },
      { type: 'call', seat: 0 },
      { type: 'sneak-peek', seat: 1 },
    );
    expect(played.last('x-power')).toMatchObject({ seat: 1, card: card('3c') });
  });
  test('a hand with powers does not beat a royal flush: powers are no hand category', () => {
    // Seat 0 swapped into a pair; seat 2 holds the royal flush with the board.
    const hand = Hand.stacked(
      three({ carousel: NO_SHIELD, sparks: { 0: 3, 2: 3 } }),
      ['7h 2c', '8c 3d', 'As Ks'],
      'Qs Js Ts 4h 5d',
    );
    hand.do(
      { type: 'sneak-peek', seat: 2 },
      { type: 'call', seat: 2 },
      { type: 'sleeve-swap', seat: 0, card: card('2c') },
      { type: 'call', seat: 0 },
      { type: 'check', seat: 1 },
    );
    for (let k = 0; k < 3; k++)
      hand.do({ type: 'check', seat: 0 }, { type: 'check', seat: 1 }, { type: 'check', seat: 2 });
    const award = hand.last('pot-awarded') as Extract<HandEvent, { type: 'pot-awarded' }>;
    expect(award.shares).toEqual([{ seat: 2, amount: 6, half: 'whole' }]);
  });
  test("in Hold'em (and Naiko mode) you may use none, one or both hole cards", () => {
    // Board plays: a broadway straight on the board ties everyone.
    const hand = Hand.stacked(three({ carousel: NO_SHIELD }), ['2h 3c', '2d 3h', '2s 4c'], 'Ac Kd Qh Js Tc');
    hand.do({ type: 'call', seat: 2 }, { type: 'call', seat: 0 }, { type: 'check', seat: 1 });
    for (let k = 0; k < 3; k++)
      hand.do({ type: 'check', seat: 0 }, { type: 'check', seat: 1 }, { type: 'check', seat: 2 });
    const award = hand.last('pot-awarded') as Extract<HandEvent, { type: 'pot-awarded' }>;
    expect(award.shares.map((s) => s.amount)).toEqual([2, 2, 2]);
  });
});

describe('events, replay, cancel', () => {
  test('replay from the unredacted events reproduces the hand, swaps, windows and timeouts included', () => {
    const cfg = three({ sparks: { 0: 3, 1: 1, 2: 3 } });
    let seed = 0;
    let step = start(cfg, { rng: seededRandom(seed) });
    while (
      !powersExt(step.state)!.carousel.includes('seal-shield') ||
      !powersExt(step.state)!.carousel.includes('sleeve-swap')
    )
      step = start(cfg, { rng: seededRandom(++seed) });
    const hand = new Hand(
      { ...cfg, powers: { ...(cfg.powers as PowersConfig), carousel: powersExt(step.state)!.carousel } },
      step.state.deck.slice(),
    );
    hand.do(
      { type: 'sleeve-swap', seat: 2, card: hand.state.hole[2][0] },
      { type: 'call', seat: 2 },
      { type: 'short-anchor', seat: 0, target: 1 },
      { type: 'decline', seat: 1, timeout: true },
    );
    hand.do({ type: 'call', seat: 0 }, { type: 'check', seat: 1 });
    for (let k = 0; k < 3; k++)
      hand.do({ type: 'check', seat: 0 }, { type: 'check', seat: 1 }, { type: 'check', seat: 2 });
    const result = replayPowerEvents(cfg, hand.events);
    expect(result.ok).toBe(true);
    expect(result.events).toEqual(hand.events);
    expect(result.state.stacks).toEqual(hand.state.stacks);
    // The generic entry point (crash recovery) reads the same log.
    expect(replayEvents(cfg, hand.events).events).toEqual(hand.events);
  });
  test('crash recovery replays a running powers hand from its log and cancels it', () => {
    const hand = Hand.stacked(three({ carousel: NO_PEEK, sparks: { 0: 3, 2: 3 } }), HOLES3, 'Ad 3c 4d 8h 9s');
    hand.do(
      { type: 'sleeve-swap', seat: 2, card: card('Qd') },
      { type: 'raise', seat: 2, amount: 10 },
      { type: 'short-anchor', seat: 0, target: 1 },
    );
    const result = replayEvents(three({ sparks: { 0: 3, 2: 3 } }), hand.events);
    expect(result.ok && result.state.phase).toBe(SHIELD_WINDOW_PHASE);
    const cancelled = cancelHand(result.state);
    expect(cancelled.ok && cancelled.events[0]).toMatchObject({
      type: 'hand-cancelled',
      refunds: [
        { seat: 0, amount: 1 },
        { seat: 1, amount: 2 },
        { seat: 2, amount: 10 },
      ],
    });
  });
  test("a hand cancelled during a shield window returns every chip (sparks are the table's to restore)", () => {
    const hand = Hand.stacked(three({ carousel: NO_PEEK, sparks: { 2: 3 } }), HOLES3);
    hand.do({ type: 'short-anchor', seat: 2, target: 0 });
    const result = cancelHand(hand.state);
    expect(result.ok && result.state.stacks).toEqual([200, 200, 200]);
  });
  test('the view extension is absent for hands without powers', () => {
    const handState = start({ ...three({}), variant: 'holdem', powers: undefined }, { rng: seededRandom(3) }).state;
    expect(view(handState, 0).ext?.powers).toBeUndefined();
    expect(powersView(handState, 0)).toBeUndefined();
  });
});
