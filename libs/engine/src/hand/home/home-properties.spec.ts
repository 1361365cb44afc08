/**
 * Property tests for the home-game options over random flop-game tables and random legal play,
 * the offers' answers included: chips conserved to the chip (the 7-2 bounty only moves chips between
 * players), no negative stack, every hand ends, `legalActions` and `apply` agree, no view, feed or
 * deal-proof opening shows another seat's unrevealed card, replays reproduce the hand, and a cancelled
 * hand returns every chip.
 */
import fc from 'fast-check';
import { randomInt, type RandomSource } from '../../rng/random-source';
import { apply, legalActions } from '../apply';
import { seenPositions } from '../deal-proof';
import {
  checkCancelRestores,
  checkChipsConserved,
  checkReplays,
  checkViewPrivacy,
  lastState,
  playRandomHand,
  sum,
  type RandomRun,
} from '../property-harness';
import { randomLegalAction } from '../random-policy';
import type { Action, HandConfig, HandState } from '../types';

const tableArb = fc
  .record({
    variant: fc.constantFrom('holdem', 'holdem', 'omaha', 'omaha-hl', 'omaha5'),
    structure: fc.constantFrom('no-limit' as const, 'pot-limit' as const, 'half-pot-limit' as const),
    stacks: fc.array(fc.integer({ min: 1, max: 400 }), { minLength: 2, maxLength: 8 }),
    buttonPick: fc.nat(),
    bb: fc.integer({ min: 2, max: 40 }),
    runItTwice: fc.boolean(),
    straddle: fc.boolean(),
    bomb: fc.option(fc.record({ ante: fc.integer({ min: 1, max: 60 }), doubleBoard: fc.boolean() })),
    bounty: fc.constantFrom(0, 0, 7, 50),
    rabbitHunt: fc.boolean(),
    showdown: fc.constantFrom('classic' as const, 'show-all' as const),
  })
  .map((table): HandConfig => {
    const seats = table.stacks.map((stack, seat) => ({ seat, stack }));
    return {
      variant: table.variant,
      structure: table.structure,
      seats,
      button: table.buttonPick % seats.length,
      stakes: { smallBlind: Math.floor(table.bb / 2), bigBlind: table.bb },
      showdown: table.showdown,
      homeGame: {
        runItTwice: table.runItTwice,
        straddle: table.straddle,
        ...(table.bomb ? { bombPot: table.bomb } : {}),
        ...(table.variant === 'holdem' ? { sevenDeuceBounty: table.bounty } : {}),
        rabbitHunt: table.rabbitHunt,
      },
    };
  });

/** Random legal play, the home-game answers included (the table's timeout answers among them). */
function randomHomeAction(state: HandState, rng: RandomSource): Action | null {
  const la = legalActions(state);
  if (!la) return null;
  if (state.phase === 'run-twice' || state.phase === 'show-or-muck')
    return { type: la.actions[randomInt(rng, la.actions.length)], seat: la.seat };
  return randomLegalAction(state, rng);
}

const playRandom = (config: HandConfig, seed: number, check?: (s: HandState, rng: RandomSource) => void): RandomRun =>
  playRandomHand(config, seed, { maxSteps: 400, check, choose: randomHomeAction });

describe('home-game properties', () => {
  test('chips are conserved, no stack goes negative, every hand ends (offers answered at random)', () => {
    fc.assert(
      fc.property(tableArb, fc.integer(), (config, seed) => {
        const run = playRandom(config, seed);
        checkChipsConserved(config, run);
        // Also while an offer waits: nothing is paid before the answers.
        for (const state of run.states)
          if (state.phase !== 'complete')
            expect(sum(state.stacks) + sum(state.committed)).toBe(sum(config.seats.map((x) => x.stack)));
      }),
      { numRuns: 300 },
    );
  });

  test('legalActions and apply agree in the offer phases; other seats and poker actions are refused there', () => {
    fc.assert(
      fc.property(tableArb, fc.integer(), (config, seed) => {
        playRandom(config, seed, (state) => {
          if (state.phase !== 'run-twice' && state.phase !== 'show-or-muck') return;
          const la = legalActions(state)!;
          const before = JSON.stringify(state);
          for (const type of ['run-twice', 'run-once', 'show', 'muck', 'check', 'call', 'fold']) {
            expect(apply(state, { type, seat: la.seat }).ok).toBe(la.actions.includes(type));
            for (const other of state.seats)
              if (other !== la.seat) expect(apply(state, { type, seat: other }).ok).toBe(false);
          }
          expect(JSON.stringify(state)).toBe(before);
        });
      }),
      { numRuns: 150 },
    );
  });

  test("no view, feed or deal-proof opening shows a seat another seat's unrevealed card", () => {
    fc.assert(
      fc.property(tableArb, fc.integer(), (config, seed) => {
        const run = playRandom(config, seed);
        checkViewPrivacy(run, ['hole-dealt', 'hand-mucked', 'x-board-dealt', 'x-rabbit-hunt']);
        const last = lastState(run);
        // Deck positions of the private cards of each seat (dealt in passes from left of the button).
        for (const viewer of last.seats) {
          const seen = new Set(seenPositions(last.deck, 52, run.events, viewer).map((p) => last.deck[p]));
          last.seats.forEach((seat, index) => {
            if (seat === viewer || last.shown[index]) return;
            for (const card of last.hole[index]) expect(seen.has(card)).toBe(false);
          });
          // Every public card (boards, rabbit) is opened to every seat.
          const home = (last.ext.home ?? {}) as { board2?: number[] | null; rabbit?: number[] | null };
          for (const card of [...last.board, ...(home.board2 ?? []), ...(home.rabbit ?? [])])
            expect(seen.has(card)).toBe(true);
        }
      }),
      { numRuns: 150 },
    );
  });

  test('replaying the events (or config + seed + actions) reproduces the hand', () => {
    fc.assert(
      fc.property(tableArb, fc.integer(), (config, seed) => {
        const run = playRandom(config, seed);
        const fromEvents = checkReplays(config, seed, run);
        expect(JSON.stringify(fromEvents.events)).toBe(JSON.stringify(run.events));
      }),
      { numRuns: 150 },
    );
  });

  test('cancelling at any betting point returns every chip', () => {
    fc.assert(
      fc.property(tableArb, fc.integer(), fc.nat(), (config, seed, pick) => {
        checkCancelRestores(config, playRandom(config, seed), pick, fc.pre);
      }),
      { numRuns: 100 },
    );
  });
});

test('the random tables above reach every home-game path (offers, both answers, bounty, rabbit, two boards)', () => {
  const seen = new Set<string>();
  fc.assert(
    fc.property(tableArb, fc.integer(), (config, seed) => {
      const run = playRandom(config, seed);
      for (const event of run.events)
        seen.add(event.type === 'forced-bet' ? `forced-bet:${(event as { kind: string }).kind}` : event.type);
      for (const action of run.actions) seen.add(`action:${action.type}`);
    }),
    { numRuns: 400, seed: 23 },
  );
  for (const text of [
    'forced-bet:straddle',
    'forced-bet:bomb-pot-ante',
    'x-board-dealt',
    'x-run-twice-offered',
    'action:run-twice',
    'action:run-once',
    'action:show',
    'action:muck',
    'x-seven-deuce-bounty',
    'x-rabbit-hunt',
  ]) {
    expect([text, seen.has(text)]).toEqual([text, true]);
  }
});
