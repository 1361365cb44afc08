/**
 * Property tests over random tables and random legal play (fast-check): chips are conserved to the
 * chip, stacks never go negative, every hand terminates, `legalActions` and `apply` agree, views
 * never leak an unrevealed card, and a hand rebuilt from its events (or config + seed + actions)
 * reproduces the state.
 */
import fc from 'fast-check';
import { randomInt, type RandomSource } from '../rng/random-source';
import { apply, legalActions } from './apply';
import {
  checkApplyAgreesWithLegalActions,
  checkCancelRestores,
  checkChipsConserved,
  checkReplays,
  checkViewPrivacy,
  lastState,
  playRandomHand,
  type RandomRun,
} from './property-harness';
import { VARIANTS as GAME_LIST, isFlopGame } from '../variants/catalog';
import { houseRake } from './rake';
import { randomLegalAction } from './random-policy';
import type { HandConfig, HandEvent, HandState } from './types';

// Every flop game of the list of games (Naiko mode has its own property tests): a new one is covered here.
const VARIANTS = GAME_LIST.filter((spec) => isFlopGame(spec) && !spec.powers).map((spec) => spec.id);
const STRUCTURES = ['no-limit', 'pot-limit', 'half-pot-limit', 'fixed-limit', 'spread-limit'] as const;

const tableArb = fc
  .record({
    variant: fc.constantFrom(...VARIANTS),
    structure: fc.constantFrom(...STRUCTURES),
    stacks: fc.array(fc.integer({ min: 1, max: 3000 }), { minLength: 2, maxLength: 8 }),
    gaps: fc.array(fc.integer({ min: 1, max: 2 }), { minLength: 8, maxLength: 8 }),
    buttonPick: fc.nat(),
    bb: fc.integer({ min: 2, max: 100 }),
    ante: fc.constantFrom(0, 0, 1, 5),
    bigBlindAnte: fc.boolean(),
    showdown: fc.constantFrom('classic' as const, 'show-all' as const),
    rake: fc.boolean(),
    deadSmallBlind: fc.boolean(),
    post: fc.option(fc.record({ pick: fc.nat(), live: fc.boolean(), dead: fc.boolean() })),
    shortBigBlind: fc.constantFrom('full' as const, 'posted' as const),
  })
  .map((table): HandConfig => {
    let seat = -1;
    const seats = table.stacks.map((stack, i) => ({ seat: (seat += table.gaps[i]), stack }));
    const lastSeat = seats[seats.length - 1].seat;
    return {
      variant: table.variant,
      structure: table.structure,
      seats,
      button: table.buttonPick % (lastSeat + 2),
      stakes: {
        smallBlind: Math.floor(table.bb / 2),
        bigBlind: table.bb,
        ante: table.ante,
        bigBlindAnte: table.bigBlindAnte,
        spreadLimits: [table.bb, 2 * table.bb, 3 * table.bb],
      },
      showdown: table.showdown,
      rake: table.rake ? houseRake() : undefined,
      smallBlindSeat: table.deadSmallBlind && seats.length > 2 ? null : undefined,
      // A newcomer's big blind (live) and a missed small blind (dead), as the table would ask.
      posts: table.post
        ? [
            {
              seat: seats[table.post.pick % seats.length].seat,
              live: table.post.live ? table.bb : 0,
              dead: table.post.dead ? Math.floor(table.bb / 2) : 0,
            },
          ]
        : undefined,
      shortBigBlind: table.shortBigBlind,
    };
  });

/** Random legal play until the betting ends; now and then a disconnected player is protected instead of folded. */
function playRandom(config: HandConfig, seed: number, check?: (s: HandState, rng: RandomSource) => void): RandomRun {
  return playRandomHand(config, seed, {
    running: (s) => s.phase === 'betting',
    maxSteps: 300,
    check,
    choose: (state, rng) => {
      const la = legalActions(state);
      return la?.artificialAllIn && randomInt(rng, 6) === 0
        ? { type: 'artificialAllIn', seat: la.seat }
        : randomLegalAction(state, rng)!;
    },
  });
}

describe('hand machine properties', () => {
  test('chips are conserved to the chip, stacks never go negative, every hand terminates', () => {
    fc.assert(
      fc.property(tableArb, fc.integer(), (config, seed) => {
        const run = playRandom(config, seed);
        checkChipsConserved(config, run);
        const last = lastState(run);
        const ended = run.events[run.events.length - 1] as Extract<HandEvent, { type: 'hand-ended' }>;
        expect(ended.type).toBe('hand-ended');
        expect(ended.stacks.map((s) => s.stack)).toEqual(last.stacks);
      }),
      { numRuns: 300 },
    );
  });

  test('folding is always allowed on your turn: every betting decision lists fold, and a fold where checking is free conserves chips', () => {
    fc.assert(
      fc.property(tableArb, fc.integer(), (config, seed) => {
        const run = playRandomHand(config, seed, {
          running: (s) => s.phase === 'betting',
          maxSteps: 300,
          check: (state) => {
            const la = legalActions(state)!;
            expect(la.actions).toContain('fold');
            expect(apply(state, { type: 'fold', seat: la.seat }).ok).toBe(true);
          },
          choose: (state, rng) => {
            const la = legalActions(state)!;
            return la.actions.includes('check') && randomInt(rng, 4) === 0
              ? { type: 'fold', seat: la.seat }
              : randomLegalAction(state, rng)!;
          },
        });
        checkChipsConserved(config, run);
      }),
      { numRuns: 150 },
    );
  });

  test('legalActions and apply agree (and a refused action changes nothing)', () => {
    fc.assert(
      fc.property(tableArb, fc.integer(), (config, seed) => {
        playRandom(config, seed, (state, rng) => {
          const la = checkApplyAgreesWithLegalActions(
            state,
            rng,
            ['fold', 'check', 'call', 'bet', 'raise', 'artificialAllIn'],
            (la, type, amount) =>
              type === 'artificialAllIn'
                ? la.artificialAllIn === true
                : la.actions.includes(type) &&
                  (amount === undefined ||
                    (amount >= la.minTo && amount <= la.maxTo && (!la.choices || la.choices.includes(amount)))),
          );
          const before = JSON.stringify(state);
          const other = state.seats.find((x) => x !== la.seat)!;
          expect(apply(state, { type: 'fold', seat: other }).ok).toBe(false);
          expect(JSON.stringify(state)).toBe(before);
        });
      }),
      { numRuns: 80 },
    );
  });

  test("view for a seat never contains another seat's unrevealed card, and never the deck", () => {
    fc.assert(
      fc.property(tableArb, fc.integer(), (config, seed) => {
        checkViewPrivacy(playRandom(config, seed), ['hole-dealt', 'hand-mucked']);
      }),
      { numRuns: 100 },
    );
  });

  test('replaying the events reproduces the state; replaying config + seed + actions reproduces it exactly', () => {
    fc.assert(
      fc.property(tableArb, fc.integer(), (config, seed) => {
        const run = playRandom(config, seed);
        const fromEvents = checkReplays(config, seed, run);
        expect(JSON.stringify(fromEvents.events)).toBe(JSON.stringify(run.events));
        // Events are plain JSON values.
        expect(JSON.parse(JSON.stringify(run.events))).toEqual(run.events);
      }),
      { numRuns: 100 },
    );
  });

  test('cancelling at any point returns every chip to where it started', () => {
    fc.assert(
      fc.property(tableArb, fc.integer(), fc.nat(), (config, seed, pick) => {
        checkCancelRestores(config, playRandom(config, seed), pick, fc.pre);
      }),
      { numRuns: 100 },
    );
  });
});
