/**
 * The hand machine's properties over every stud game and structure (fast-check): chips are
 * conserved, every hand terminates, `legalActions` and `apply` agree (bring-in and open-pair choices
 * included), views never leak a down-card, and events / config + seed + actions replay the hand.
 */
import fc from 'fast-check';
import { getVariant, VARIANTS } from '../../variants/catalog';
import type { RandomSource } from '../../rng/random-source';
import {
  checkApplyAgreesWithLegalActions,
  checkCancelRestores,
  checkChipsConserved,
  checkReplays,
  checkViewPrivacy,
  lastState,
  playRandomHand,
  sum,
  type RandomRun,
} from '../property-harness';
import { houseRake } from '../rake';
import { randomLegalAction } from '../random-policy';
import type { HandConfig, HandState } from '../types';

// Every game of the list played with the stud module: a new stud game is covered here.
const GAMES = VARIANTS.filter((spec) => spec.modules?.includes('stud')).map((spec) => spec.id);
const STRUCTURES = ['fixed-limit', 'pot-limit', 'half-pot-limit', 'no-limit', 'spread-limit'] as const;

const tableArb = fc
  .record({
    variant: fc.constantFrom(...GAMES),
    structure: fc.constantFrom(...STRUCTURES),
    stacks: fc.array(fc.integer({ min: 1, max: 2000 }), { minLength: 2, maxLength: 8 }),
    gaps: fc.array(fc.integer({ min: 1, max: 2 }), { minLength: 8, maxLength: 8 }),
    buttonPick: fc.nat(),
    ante: fc.integer({ min: 1, max: 10 }),
    bringInPick: fc.constantFrom(undefined, 1, 2),
    showdown: fc.constantFrom('classic' as const, 'show-all' as const),
    rake: fc.boolean(),
  })
  .map((table): HandConfig => {
    const seatCount = Math.min(table.stacks.length, getVariant(table.variant).maxSeats);
    let seat = -1;
    const seats = table.stacks.slice(0, seatCount).map((stack, i) => ({ seat: (seat += table.gaps[i]), stack }));
    const lastSeat = seats[seats.length - 1].seat;
    const smallBet = 4 * table.ante;
    return {
      variant: table.variant,
      structure: table.structure,
      seats,
      button: table.buttonPick % (lastSeat + 2),
      // Bring-in: the house default 2 × ante, or set explicitly (always below the completion).
      stakes: {
        smallBlind: 0,
        bigBlind: smallBet,
        ante: table.ante,
        bringIn: table.bringInPick === undefined ? undefined : table.bringInPick * table.ante,
        smallBet,
        bigBet: 2 * smallBet,
        spreadLimits: [smallBet, 2 * smallBet, 3 * smallBet],
      },
      showdown: table.showdown,
      rake: table.rake ? houseRake() : undefined,
    };
  });

/** Eight 7-Card Stud players who never fold: the deck runs out on 7th street whenever all stay in. */
const exhaustionArb = fc
  .record({ seed: fc.integer(), structure: fc.constantFrom(...STRUCTURES) })
  .map(({ seed, structure }) => ({
    seed,
    config: {
      variant: 'stud7',
      structure,
      seats: Array.from({ length: 8 }, (_, seat) => ({ seat, stack: 1000 })),
      button: 7,
      stakes: { smallBlind: 0, bigBlind: 10, ante: 1, smallBet: 10, bigBet: 20, spreadLimits: [10, 20, 30] },
    } as HandConfig,
  }));

/** Random legal play until the betting ends; `noFold` turns every fold into a call. */
function playRandom(
  config: HandConfig,
  seed: number,
  opts: { check?: (s: HandState, rng: RandomSource) => void; noFold?: boolean } = {},
): RandomRun {
  return playRandomHand(config, seed, {
    running: (s) => s.phase === 'betting',
    maxSteps: 400,
    check: opts.check,
    choose: (state, rng) => {
      const action = randomLegalAction(state, rng)!;
      return opts.noFold && action.type === 'fold' ? { type: 'call', seat: action.seat } : action;
    },
  });
}

describe('stud hand machine properties', () => {
  test('chips are conserved to the chip, stacks never go negative, every hand terminates', () => {
    fc.assert(
      fc.property(tableArb, fc.integer(), (config, seed) => {
        checkChipsConserved(config, playRandom(config, seed));
      }),
      { numRuns: 120 },
    );
  });

  test('deck exhaustion: eight players who stay in share one up-card as their 7th card, and no one acts after it', () => {
    fc.assert(
      fc.property(exhaustionArb, ({ config, seed }) => {
        const run = playRandom(config, seed, { noFold: true });
        const last = lastState(run);
        expect(last.phase).toBe('complete');
        const live = last.folded.filter((f) => !f).length;
        if (last.street === 4 && live === 8) {
          expect(last.board.length).toBe(1);
          const seventh = run.events.findIndex(
            (e) => e.type === 'street-started' && (e as { street: number }).street === 4,
          );
          expect(run.events.slice(seventh).some((e) => e.type === 'action')).toBe(false);
        }
        expect(sum(last.stacks)).toBe(8000);
      }),
      { numRuns: 30 },
    );
  });

  test('legalActions and apply agree (bring-in, completion and open-pair choices included); a refused action changes nothing', () => {
    fc.assert(
      fc.property(tableArb, fc.integer(), (config, seed) => {
        playRandom(config, seed, {
          check: (state, rng) => {
            checkApplyAgreesWithLegalActions(
              state,
              rng,
              ['fold', 'check', 'call', 'bet', 'raise', 'bring-in'],
              (la, type, amount) => {
                const sized =
                  amount === undefined ||
                  (amount >= la.minTo &&
                    amount <= la.maxTo &&
                    (!la.choices || la.choices.includes(amount) || amount === la.allInTo));
                return la.actions.includes(type) && sized;
              },
            );
          },
        });
      }),
      { numRuns: 40 },
    );
  });

  test("view and the event feed never show another seat's down-card before showdown, nor the deck", () => {
    fc.assert(
      fc.property(tableArb, fc.integer(), (config, seed) => {
        checkViewPrivacy(playRandom(config, seed), ['hole-dealt']);
      }),
      { numRuns: 50 },
    );
  });

  test('replaying the events reproduces the state; config + seed + actions reproduce it exactly', () => {
    fc.assert(
      fc.property(tableArb, fc.integer(), (config, seed) => {
        checkReplays(config, seed, playRandom(config, seed));
      }),
      { numRuns: 50 },
    );
  });

  test('cancelling at any point returns every chip to where it started', () => {
    fc.assert(
      fc.property(tableArb, fc.integer(), fc.nat(), (config, seed, pick) => {
        checkCancelRestores(config, playRandom(config, seed), pick, fc.pre);
      }),
      { numRuns: 50 },
    );
  });
});
