/**
 * The hand machine's properties over every draw game and structure (fast-check): chips are conserved
 * (rake and carry-over accounted), every hand terminates, `legalActions` and `apply` agree (draws and
 * split answers included), views and event feeds never leak another player's cards, discards or
 * drawn cards, and config + seed + actions (or the state's deck + actions) replay the hand exactly.
 */
import fc from 'fast-check';
import { DRAW_VARIANTS } from '../../variants';
import { apply, legalActions } from '../apply';
import {
  checkNoNegativeStack,
  chipsDealtIn,
  lastState,
  playRandomHand,
  rakeTaken,
  sum,
  type RandomRun,
} from '../property-harness';
import { houseRake } from '../rake';
import { replay, replayEvents } from '../replay';
import type { HandConfig, HandState } from '../types';
import { view } from '../view';
import { viewEvents } from '../view-events';
import { randomDrawAction } from './draw';

const tableArb = fc
  .record({
    game: fc.nat(),
    structurePick: fc.nat(),
    stacks: fc.array(fc.integer({ min: 1, max: 2000 }), { minLength: 2, maxLength: 7 }),
    gaps: fc.array(fc.integer({ min: 1, max: 2 }), { minLength: 7, maxLength: 7 }),
    buttonPick: fc.nat(),
    bb: fc.integer({ min: 2, max: 50 }),
    rake: fc.boolean(),
    carryOver: fc.constantFrom(0, 0, 1, 3),
  })
  .map((table): HandConfig => {
    const spec = DRAW_VARIANTS[table.game % DRAW_VARIANTS.length];
    const seatCount = Math.min(table.stacks.length, spec.maxSeats);
    let seat = -1;
    const seats = table.stacks.slice(0, seatCount).map((stack, i) => ({ seat: (seat += table.gaps[i]), stack }));
    const classic = !spec.forcedBets.blinds;
    return {
      variant: spec.id,
      structure: spec.structures[table.structurePick % spec.structures.length],
      seats,
      button: table.buttonPick % (seats[seats.length - 1].seat + 2),
      stakes: classic
        ? { smallBlind: 0, bigBlind: table.bb, ante: table.bb, maxBet: 4 * table.bb }
        : { smallBlind: Math.floor(table.bb / 2), bigBlind: table.bb },
      rake: table.rake ? houseRake() : undefined,
      ...(classic && table.carryOver ? { carryOver: table.carryOver } : {}),
    };
  });

interface Run extends RandomRun {
  /** Rake taken up to each state (pots divided by a split are raked when divided). */
  rakeSoFar: number[];
}

function playRandom(config: HandConfig, seed: number, check?: (s: HandState) => void): Run {
  const run = playRandomHand(config, seed, {
    maxSteps: 400,
    check,
    choose: (state, rng) => randomDrawAction(state, rng),
  });
  const rakeSoFar = [0];
  for (const events of run.stepEvents) rakeSoFar.push(rakeSoFar[rakeSoFar.length - 1] + rakeTaken(events));
  return { ...run, rakeSoFar };
}

const PARAMS = { numRuns: 120, seed: 11 };

describe('draw games: properties', () => {
  test('chips are conserved: stacks + pot + rake (+ carry-over) equal the stacks dealt in (+ carried in)', () => {
    fc.assert(
      fc.property(tableArb, fc.integer(), (config, seed) => {
        const run = playRandom(config, seed);
        const dealtIn = chipsDealtIn(config);
        checkNoNegativeStack(run);
        run.states.forEach((state, step) => {
          // While the hand runs the chips are in stacks or in the pot (a divided split pot left both).
          if (state.phase !== 'complete')
            expect(sum(state.stacks) + sum(state.committed) + run.rakeSoFar[step]).toBe(dealtIn);
        });
        const rake = run.rakeSoFar[run.rakeSoFar.length - 1];
        const last = lastState(run);
        const ended = run.events.find((e) => e.type === 'hand-ended') as { carryOver?: number };
        expect(sum(last.stacks) + rake + (ended.carryOver ?? 0)).toBe(dealtIn + (config.carryOver ?? 0));
        // Only classic draw carries chips over, and never a whole share.
        if (ended.carryOver) expect(config.variant.toString().startsWith('draw-classic')).toBe(true);
      }),
      PARAMS,
    );
  });

  test('legalActions and apply agree: the listed actions are accepted, betting actions are refused in a draw or split phase', () => {
    fc.assert(
      fc.property(tableArb, fc.integer(), (config, seed) => {
        playRandom(config, seed, (handState) => {
          const la = legalActions(handState);
          expect(la).not.toBeNull();
          if (!la) return;
          expect(la.seat).toBe(handState.seats[handState.toAct]);
          if (handState.phase === 'draw') {
            expect(la.actions).toEqual(['fold', 'draw']);
            expect(apply(handState, { type: 'draw', seat: la.seat, discard: [] }).ok).toBe(true);
            // Folding is always allowed on one's turn, also at the draw (classic draw: "in jeder Spielphase").
            const folded = apply(handState, { type: 'fold', seat: la.seat });
            expect(folded.ok).toBe(true);
            if (folded.ok) {
              expect(folded.state.folded[handState.toAct]).toBe(true);
              if (folded.state.phase === 'complete') {
                const start =
                  handState.config.seats.reduce((a, x) => a + x.stack, 0) + (handState.config.carryOver ?? 0);
                const ended = folded.events.find((e) => e.type === 'hand-ended') as { carryOver?: number } | undefined;
                expect(
                  folded.state.stacks.reduce((a, b) => a + b, 0) +
                    (ended?.carryOver ?? 0) +
                    folded.events
                      .filter((e) => e.type === 'pot-awarded')
                      .reduce((a, e) => a + (e as { rake: number }).rake, 0),
                ).toBe(start);
              }
            }
            expect(apply(handState, { type: 'draw-timeout', seat: la.seat }).ok).toBe(true);
            expect(apply(handState, { type: 'check', seat: la.seat }).ok).toBe(false);
            const max = (la.extensions?.draw as { max: number }).max;
            expect(
              apply(handState, {
                type: 'draw',
                seat: la.seat,
                discard: handState.hole[handState.toAct].slice(0, max + 1),
              }).ok,
            ).toBe(max >= handState.hole[handState.toAct].length);
          } else if (handState.phase === 'split') {
            expect(la.actions).toEqual(['fold', 'split', 'no-split']);
            for (const type of la.actions) expect(apply(handState, { type, seat: la.seat }).ok).toBe(true);
            expect(apply(handState, { type: 'check', seat: la.seat }).ok).toBe(false);
          } else {
            for (const type of la.actions) {
              const amount = type === 'bet' || type === 'raise' ? la.minTo : undefined;
              expect(apply(handState, { type, seat: la.seat, amount }).ok).toBe(true);
            }
            expect(apply(handState, { type: 'draw', seat: la.seat, discard: [] }).ok).toBe(false);
            if (!la.actions.includes('bet') && !la.actions.includes('raise')) {
              expect(
                apply(handState, {
                  type: handState.currentBet === 0 ? 'bet' : 'raise',
                  seat: la.seat,
                  amount: handState.currentBet + handState.config.stakes.bigBlind,
                }).ok,
              ).toBe(false);
            }
          }
        });
      }),
      PARAMS,
    );
  });

  test("views and event feeds never show another player's cards, discards or drawn cards before the showdown", () => {
    fc.assert(
      fc.property(tableArb, fc.integer(), (config, seed) => {
        const run = playRandom(config, seed);
        for (const state of run.states) {
          for (const viewer of [state.seats[0], state.seats[state.seats.length - 1], 'spectator' as const]) {
            const handView = view(state, viewer);
            handView.players.forEach((view, index) => {
              if (view.seat !== viewer && !state.shown[index]) expect(view.cards.every((c) => c === null)).toBe(true);
            });
            expect(JSON.stringify(handView)).not.toContain('"deck"');
          }
        }
        for (const viewer of [...config.seats.map((x) => x.seat), 'spectator' as const]) {
          for (const event of viewEvents(run.events, viewer)) {
            if (event.type === 'x-draw' && event.seat !== viewer) {
              expect(event.discarded).toBeNull();
              expect(event.dealt).toBeNull();
              expect(typeof event.count).toBe('number');
            }
            if (event.type === 'hole-dealt' && event.seat !== viewer)
              expect(event.cards.every((c) => c === null)).toBe(true);
          }
        }
      }),
      { ...PARAMS, numRuns: 50 },
    );
  });

  test('replay: config + seed + actions, and the state deck + actions, rebuild the hand exactly', () => {
    fc.assert(
      fc.property(tableArb, fc.integer(), (config, seed) => {
        const run = playRandom(config, seed);
        const last = lastState(run);
        const bySeed = replay(config, `deck-${seed}`, run.actions);
        expect(bySeed.ok).toBe(true);
        expect(bySeed.events).toEqual(run.events);
        // From the unredacted log alone (crash recovery): the draw module's replayer.
        const byLog = replayEvents(config, run.events);
        expect(byLog.ok).toBe(true);
        expect(byLog.events).toEqual(run.events);
        const byDeck = replay(config, last.deck, run.actions);
        expect(byDeck.ok).toBe(true);
        expect(byDeck.state.stacks).toEqual(last.stacks);
        expect(byDeck.state.hole).toEqual(last.hole);
      }),
      { ...PARAMS, numRuns: 60 },
    );
  });

  test('every draw game plays 2..max players to the end from a random deck', () => {
    for (const spec of DRAW_VARIANTS) {
      for (let n = 2; n <= spec.maxSeats; n++) {
        const config: HandConfig = {
          variant: spec.id,
          structure: spec.structures[0],
          seats: Array.from({ length: n }, (_, seat) => ({ seat, stack: 500 })),
          button: 0,
          stakes: spec.forcedBets.blinds
            ? { smallBlind: 5, bigBlind: 10 }
            : { smallBlind: 0, bigBlind: 10, ante: 10, maxBet: 40 },
        };
        const run = playRandom(config, n * 31 + spec.id.length);
        expect(lastState(run).phase).toBe('complete');
      }
    }
  });
});
