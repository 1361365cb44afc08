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
  .map((t): HandConfig => {
    const seats = t.stacks.map((stack, seat) => ({ seat, stack }));
    return {
      variant: t.variant,
      structure: t.structure,
      seats,
      button: t.buttonPick % seats.length,
      stakes: { smallBlind: Math.floor(t.bb / 2), bigBlind: t.bb },
      showdown: t.showdown,
      homeGame: {
        runItTwice: t.runItTwice,
        straddle: t.straddle,
        ...(t.bomb ? { bombPot: t.bomb } : {}),
        ...(t.variant === 'holdem' ? { sevenDeuceBounty: t.bounty } : {}),
        rabbitHunt: t.rabbitHunt,
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
        for (const s of run.states)
          if (s.phase !== 'complete')
            expect(sum(s.stacks) + sum(s.committed)).toBe(sum(config.seats.map((x) => x.stack)));
      }),
      { numRuns: 300 },
    );
  });

  test('legalActions and apply agree in the offer phases; other seats and poker actions are refused there', () => {
    fc.assert(
      fc.property(tableArb, fc.integer(), (config, seed) => {
        playRandom(config, seed, (s) => {
          if (s.phase !== 'run-twice' && s.phase !== 'show-or-muck') return;
          const la = legalActions(s)!;
          const before = JSON.stringify(s);
          for (const type of ['run-twice', 'run-once', 'show', 'muck', 'check', 'call', 'fold']) {
            expect(apply(s, { type, seat: la.seat }).ok).toBe(la.actions.includes(type));
            for (const other of s.seats) if (other !== la.seat) expect(apply(s, { type, seat: other }).ok).toBe(false);
          }
          expect(JSON.stringify(s)).toBe(before);
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
          last.seats.forEach((seat, i) => {
            if (seat === viewer || last.shown[i]) return;
            for (const c of last.hole[i]) expect(seen.has(c)).toBe(false);
          });
          // Every public card (boards, rabbit) is opened to every seat.
          const home = (last.ext.home ?? {}) as { board2?: number[] | null; rabbit?: number[] | null };
          for (const c of [...last.board, ...(home.board2 ?? []), ...(home.rabbit ?? [])])
            expect(seen.has(c)).toBe(true);
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
      for (const e of run.events)
        seen.add(e.type === 'forced-bet' ? `forced-bet:${(e as { kind: string }).kind}` : e.type);
      for (const a of run.actions) seen.add(`action:${a.type}`);
    }),
    { numRuns: 400, seed: 23 },
  );
  for (const t of [
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
    expect([t, seen.has(t)]).toEqual([t, true]);
  }
});
