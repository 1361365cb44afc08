import { formatCard } from '../cards/card';
import { hashRandom } from '../rng/commitment';
import { seededRandom } from '../rng/random-source';
import { apply, isOver, legalActions } from './apply';
import {
  cardsOfEvent,
  dealFromSeed,
  firstDeckSize,
  openingsFor,
  openingsForViewers,
  seenPositions,
  verifyDealProof,
} from './deal-proof';
import { commitDeal } from '../rng/deal-commitment';
import { randomLegalAction } from './random-policy';
import { start } from './start';
import type { Action, HandConfig, HandEvent, HandState } from './types';
import { viewEvents } from './view-events';

const seats = (n: number, stack = 1000) => Array.from({ length: n }, (_, seat) => ({ seat, stack }));

function run(
  config: HandConfig,
  seed: string,
  policy: (s: HandState) => Action,
): { state: HandState; events: HandEvent[] } {
  const started = start(config, { rng: hashRandom(seed) });
  let state = started.state;
  const events = started.events.slice();
  while (!isOver(state)) {
    const result = apply(state, policy(state));
    if (!result.ok) throw new Error(result.error.message);
    state = result.state;
    events.push(...result.events);
  }
  return { state, events };
}

describe('deal proof: which positions a viewer may have opened', () => {
  const holdem: HandConfig = {
    variant: 'holdem',
    structure: 'no-limit',
    stakes: { smallBlind: 5, bigBlind: 10 },
    seats: seats(3),
    button: 0,
  };

  test("hold'em, 3 players, button seat 0, everyone folds to the big blind: seat 1 (first dealt) opens positions 0 and 3, the spectator nothing", () => {
    // Dealing starts left of the button: seat 1 takes positions 0 and 3, seat 2 positions 1 and 4, seat 0 positions 2
    // and 5.
    const { state, events } = run(holdem, 'fold-to-bb', (s) => ({ type: 'fold', seat: legalActions(s)!.seat }));
    expect(seenPositions(state.deck, 52, events, 1)).toEqual([0, 3]);
    expect(seenPositions(state.deck, 52, events, 2)).toEqual([1, 4]);
    expect(seenPositions(state.deck, 52, events, 0)).toEqual([2, 5]);
    expect(seenPositions(state.deck, 52, events, 'spectator')).toEqual([]);
  });

  test("hold'em checked down to a show-all showdown: everyone opens every hole card and the board (positions 0..10)", () => {
    const config: HandConfig = { ...holdem, showdown: 'show-all' };
    const { state, events } = run(config, 'check-down', (state) => {
      const la = legalActions(state)!;
      return { type: la.actions.includes('check') ? 'check' : 'call', seat: la.seat };
    });
    const all = Array.from({ length: 11 }, (_, i) => i);
    expect(seenPositions(state.deck, 52, events, 'spectator')).toEqual(all);
    expect(seenPositions(state.deck, 52, events, 2)).toEqual(all);
  });

  test('draw games: a card dealt again from the reshuffled stock is opened at its spare-deck position, never at its first position (that would name the first holder)', () => {
    const config: HandConfig = {
      variant: 'draw27x3',
      structure: 'fixed-limit',
      stakes: { smallBlind: 5, bigBlind: 10, smallBet: 10, bigBet: 20 },
      seats: seats(6),
      button: 0,
    };
    const size = firstDeckSize(config);
    expect(size).toBe(52);
    let found = 0;
    for (let k = 0; k < 200 && found < 5; k++) {
      const rng = seededRandom(`draw-${k}`);
      // Everyone calls and discards three cards: the 52 cards run out in the second or third draw.
      const { state, events } = run(config, `draw-seed-${k}`, (state) => {
        const la = legalActions(state)!;
        if (la.actions.includes('draw'))
          return { type: 'draw', seat: la.seat, discard: state.hole[state.seats.indexOf(la.seat)].slice(0, 3) };
        if (la.actions.includes('check')) return { type: 'check', seat: la.seat };
        if (la.actions.includes('call')) return { type: 'call', seat: la.seat };
        return randomLegalAction(state, rng)!;
      });
      const reshuffle = events.findIndex((e) => e.type === 'x-reshuffle');
      if (reshuffle < 0) continue;
      found++;
      expect(dealFromSeed(config, `draw-seed-${k}`).deck).toEqual(state.deck);
      for (const viewer of [0, 1, 2, 3, 4, 5, 'spectator'] as const) {
        const positions = seenPositions(state.deck, size, events, viewer);
        const seen = new Set(viewEvents(events, viewer).flatMap(cardsOfEvent));
        // One opening per card seen, each naming that card.
        expect(new Set(positions.map((p) => state.deck[p]))).toEqual(seen);
        // Cards the viewer got from the stock (after the reshuffle) are opened in the spare deck only.
        const fromStock = events
          .slice(reshuffle)
          .filter((e) => e.type === 'x-draw' && e.seat === viewer)
          .flatMap((event) => {
            const drawn = event as unknown as { dealt: number[] };
            const before = (events[reshuffle] as unknown as { dealtBefore: number }).dealtBefore;
            return event === events[reshuffle + 1] ? drawn.dealt.slice(before) : drawn.dealt;
          });
        for (const card of fromStock) {
          const firstPos = state.deck.indexOf(card);
          expect(firstPos).toBeLessThan(size);
          const ownDiscard = viewEvents(events, viewer).some(
            (event) =>
              event.type === 'x-draw' &&
              (event as unknown as { seat: number; discarded: number[] | null }).seat === viewer &&
              !!(event as unknown as { discarded: number[] | null }).discarded?.includes(card),
          );
          if (!ownDiscard) expect(positions).not.toContain(firstPos);
          expect(positions.some((p) => p >= size && state.deck[p] === card)).toBe(true);
        }
      }
    }
    expect(found).toBe(5);
  });

  test('openingsForViewers gives each viewer exactly his openingsFor, with each position opened once', () => {
    const draw: HandConfig = {
      variant: 'draw27x3',
      structure: 'fixed-limit',
      stakes: { smallBlind: 5, bigBlind: 10, smallBet: 10, bigBet: 20 },
      seats: seats(6),
      button: 0,
    };
    const hands = [
      { config: { ...holdem, showdown: 'show-all' as const }, seeds: ['all-a', 'all-b'] },
      { config: holdem, seeds: ['rand-a', 'rand-b', 'rand-c'] },
      // Everyone discards three: the stock is reshuffled in most of these (spare-deck positions).
      { config: draw, seeds: ['draw-a', 'draw-b', 'draw-c'] },
    ];
    let reshuffled = 0;
    for (const { config, seeds } of hands) {
      for (const seed of seeds) {
        const rng = seededRandom(seed);
        const { state, events } = run(config, seed, (state) => {
          const la = legalActions(state)!;
          if (la.actions.includes('draw'))
            return { type: 'draw', seat: la.seat, discard: state.hole[state.seats.indexOf(la.seat)].slice(0, 3) };
          return randomLegalAction(state, rng)!;
        });
        if (events.some((e) => e.type === 'x-reshuffle')) reshuffled++;
        const size = firstDeckSize(config);
        const { leaves } = commitDeal(state.deck, seed);
        const viewers = ['spectator' as const, ...config.seats.map((s) => s.seat)];
        const all = openingsForViewers(state.deck, seed, size, events, viewers, leaves);
        expect([...all.keys()]).toEqual(viewers);
        for (const viewer of viewers) {
          expect(all.get(viewer)).toEqual(openingsFor(state.deck, seed, size, events, viewer, leaves));
          expect(all.get(viewer)).toEqual(openingsFor(state.deck, seed, size, events, viewer));
        }
        const byPosition = new Map([...all.values()].flat().map((o) => [o.position, o]));
        for (const opening of [...all.values()].flat()) expect(opening).toBe(byPosition.get(opening.position));
      }
    }
    expect(reshuffled).toBeGreaterThan(0);
  });

  test('cardsOfEvent names the cards of every card-carrying event and nothing else', () => {
    const asEvent = (x: object) => x as unknown as HandEvent;
    expect(
      cardsOfEvent(asEvent({ type: 'hole-dealt', seat: 1, cards: [1, null, 51], up: [false, false, true] })),
    ).toEqual([1, 51]);
    expect(cardsOfEvent(asEvent({ type: 'x-draw', seat: 1, count: 2, discarded: [3, 4], dealt: [5, 6] }))).toEqual([
      3, 4, 5, 6,
    ]);
    expect(cardsOfEvent(asEvent({ type: 'x-draw', seat: 1, count: 2, discarded: null, dealt: null }))).toEqual([]);
    expect(cardsOfEvent(asEvent({ type: 'x-power', seat: 1, power: 'sleeve-swap', discarded: 7, card: 8 }))).toEqual([
      8, 7,
    ]);
    expect(cardsOfEvent(asEvent({ type: 'action', seat: 1, action: 'bet', amount: 20, to: 20, allIn: false }))).toEqual(
      [],
    );
    expect(formatCard(cardsOfEvent(asEvent({ type: 'board-dealt', street: 1, cards: [51] }))[0])).toBe('As');
  });

  test('verifyDealProof: openings verify before the seed is out; the disclosed seed then reproduces the whole deal; a wrong seed or a forged card fails', () => {
    const seed = 'proof-seed';
    const { state, events } = run(holdem, seed, (s) => ({ type: 'fold', seat: legalActions(s)!.seat }));
    const commitment = commitDeal(state.deck, seed).root;
    const openings = openingsFor(state.deck, seed, 52, events, 1);
    expect(verifyDealProof({ commitment, openings })).toMatchObject({ ok: true, seed: 'not-disclosed' });
    const full = verifyDealProof({ commitment, openings, seed, config: holdem });
    expect(full).toMatchObject({ ok: true, seed: 'ok' });
    expect(full.deck!.slice(0, 4)).toEqual(state.deck.slice(0, 4).map(formatCard));
    expect(verifyDealProof({ commitment, openings, seed: 'other', config: holdem })).toMatchObject({
      ok: false,
      seed: 'mismatch',
    });
    const forged = [{ ...openings[0], card: openings[0].card === 'As' ? 'Ks' : 'As' }, openings[1]];
    expect(verifyDealProof({ commitment, openings: forged })).toMatchObject({
      ok: false,
      openings: [{ ok: false }, { ok: true }],
    });
    expect(verifyDealProof({ commitment, openings: [] }).ok).toBe(false);
  });
});
