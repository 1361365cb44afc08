/**
 * Export → import round trips: any engine hand written as PHH and replayed from the text gives
 * the same events and stacks; recorded PHH hands survive replay → export → replay.
 */
import fc from 'fast-check';
import { readFileSync } from 'node:fs';
import { apply } from '../hand/apply';
import { randomLegalAction } from '../hand/random-policy';
import { play, stackDeck } from '../hand/spec-helpers';
import { start } from '../hand/start';
import type { HandConfig, HandEvent } from '../hand/types';
import { seededRandom } from '../rng/random-source';
import { isFlopGame, VARIANTS as GAME_LIST } from '../variants/catalog';
import type { BettingStructure } from '../variants/types';
import { exportPhh, NAIKO_VARIANT_CODE } from './export';
import { parsePhh } from './parse';
import { replayPhh, replayPhhText } from './replay';
import { phhDir, phhFiles } from '../../../../test/support/phh-replay-suite';

function playRandom(config: HandConfig, seed: number): HandEvent[] {
  const rng = seededRandom(seed);
  let { state, events } = start(config, { rng });
  events = events.slice();
  for (let guard = 0; guard < 500; guard++) {
    const action = randomLegalAction(state, rng);
    if (!action) break;
    const result = apply(state, action);
    if (!result.ok) throw new Error(result.error.message);
    state = result.state;
    events.push(...result.events);
  }
  return events;
}

const STRUCTURES: BettingStructure[] = ['no-limit', 'pot-limit', 'half-pot-limit', 'fixed-limit', 'spread-limit'];
// Every flop game of the list of games, Naiko mode included.
const VARIANTS = GAME_LIST.filter(isFlopGame).map((spec) => spec.id);

const arbConfig = fc
  .record({
    variant: fc.constantFrom(...VARIANTS),
    structure: fc.constantFrom(...STRUCTURES),
    stacks: fc.array(fc.integer({ min: 1, max: 3000 }), { minLength: 2, maxLength: 8 }),
    firstSeat: fc.integer({ min: 0, max: 2 }),
    buttonShift: fc.nat(),
    ante: fc.constantFrom(0, 0, 5, 10),
    bigBlindAnte: fc.boolean(),
    deadSmallBlind: fc.boolean(),
    showdown: fc.constantFrom(undefined, 'classic' as const, 'show-all' as const),
    shortBigBlind: fc.constantFrom(undefined, 'full' as const, 'posted' as const),
  })
  .map((row): HandConfig => {
    const structure = row.variant === 'naiko' ? 'no-limit' : row.structure;
    const seats = row.stacks.map((stack, k) => ({ seat: row.firstSeat + 2 * k, stack }));
    const button = seats[row.buttonShift % seats.length].seat;
    const config: HandConfig = {
      variant: row.variant,
      structure,
      seats,
      button,
      stakes: {
        smallBlind: 25,
        bigBlind: 50,
        ante: row.ante || undefined,
        bigBlindAnte: row.ante ? row.bigBlindAnte : undefined,
      },
    };
    if (structure === 'spread-limit') config.stakes.spreadLimits = [50, 100, 150];
    if (structure === 'fixed-limit') Object.assign(config.stakes, { smallBet: 50, bigBet: 100 });
    if (row.showdown) config.showdown = row.showdown;
    if (row.shortBigBlind) config.shortBigBlind = row.shortBigBlind;
    // A dead small blind: the first player left of the button posts the big blind (PHH: a single blind).
    if (row.deadSmallBlind && seats.length > 2) config.smallBlindSeat = null;
    return config;
  })
  .filter((c) => c.seats.length <= (c.variant === 'holdem' || c.variant === 'naiko' ? 10 : 8));

describe('exportPhh', () => {
  test('round trip: an engine hand exported to PHH replays to the same events and stacks', () => {
    fc.assert(
      fc.property(arbConfig, fc.integer(), (config, seed) => {
        const events = playRandom(config, seed);
        const text = exportPhh(config, events);
        const replay = replayPhhText(text);
        expect(replay.events).toEqual(events);
        const ended = events[events.length - 1] as Extract<HandEvent, { type: 'hand-ended' }>;
        expect(replay.finishingStacks).toEqual(replay.seats.map((s) => ended.stacks.find((x) => x.seat === s)!.stack));
      }),
      { numRuns: 300, seed: 4 },
    );
  });

  test('PHH fields: positions from the button, blinds, antes, actions, shows and the result', () => {
    // 3 players at seats 0,1,2, button 2: p1 = seat 0 (SB 5), p2 = seat 1 (BB 10), p3 = the button.
    const config: HandConfig = {
      variant: 'holdem',
      structure: 'no-limit',
      seats: [0, 1, 2].map((seat) => ({ seat, stack: 200 })),
      button: 2,
      stakes: { smallBlind: 5, bigBlind: 10 },
    };
    const deck = stackDeck(['7c2d', '9h8h', 'AsAd'], 'KcQd5s4h3c');
    const { events } = play(config, deck, ['2:raise:30', '0:fold', '1:call', '1:check', '2:bet:40', '1:fold']);
    expect(exportPhh(config, events)).toBe(
      [
        'variant = "NT"',
        'ante_trimming_status = true',
        'antes = [ 0, 0, 0 ]',
        'blinds_or_straddles = [ 5, 10, 0 ]',
        'min_bet = 10',
        'starting_stacks = [ 200, 200, 200 ]',
        'actions = [ "d dh p1 7c2d", "d dh p2 9h8h", "d dh p3 AsAd", "p3 cbr 30", "p1 f", "p2 cc", "d db KcQd5s", "p2 cc", "p3 cbr 40", "p2 f" ]',
        // p3 wins 5 + 30 + 30 = 65 after putting in 30: 200 - 30 + 65 = 235.
        'finishing_stacks = [ 195, 170, 235 ]',
        '_short_big_blind = "full"',
      ].join('\n') + '\n',
    );
  });

  test('heads-up: p1 is the big blind, p2 the button posting the small blind (PokerKit convention)', () => {
    const config: HandConfig = {
      variant: 'holdem',
      structure: 'no-limit',
      seats: [
        { seat: 3, stack: 100 },
        { seat: 5, stack: 100 },
      ],
      button: 5,
      stakes: { smallBlind: 1, bigBlind: 2 },
    };
    const { events } = play(config, stackDeck(['2c3c', '4c5c']), ['5:fold']);
    const hand = parsePhh(exportPhh(config, events));
    expect(hand.blindsOrStraddles).toEqual([1, 2]);
    expect(hand.startingStacks).toEqual([100, 100]);
    // The button (seat 5, p2) folds its small blind: p1 = seat 3 wins 1.
    expect(hand.finishingStacks).toEqual([101, 99]);
    expect(hand.extra).toMatchObject({ _seats: [3, 5], _button: 5 });
  });

  test('half-pot and spread limit have no PHH code: written with _naiko_variant and _naiko_structure', () => {
    const config: HandConfig = {
      variant: 'omaha',
      structure: 'spread-limit',
      seats: [0, 1, 2].map((seat) => ({ seat, stack: 100 })),
      button: 2,
      stakes: { smallBlind: 1, bigBlind: 1, spreadLimits: [1, 2, 3] },
    };
    const events = playRandom(config, 7);
    const hand = parsePhh(exportPhh(config, events));
    expect(hand.variant).toBe(NAIKO_VARIANT_CODE);
    expect(hand.extra).toMatchObject({
      _naiko_variant: 'omaha',
      _naiko_structure: 'spread-limit',
      _spread_limits: [1, 2, 3],
    });
    expect(replayPhh(hand).events).toEqual(events);
  });

  test('recorded hands survive replay → export → replay (WSOP day, famous hands, a Pluribus session)', () => {
    const dir = phhDir();
    const files = phhFiles(dir).filter((f) => /\/(wsop|pluribus\/30)\/|\/[^/]+-\d{4}\.phh$/.test(f));
    let count = 0;
    for (const file of files) {
      const hand = parsePhh(readFileSync(file, 'utf8'));
      let first;
      try {
        first = replayPhh(hand);
      } catch {
        continue; // unsupported variants are the replay suite's business
      }
      const again = replayPhhText(exportPhh(first.config, first.events));
      expect(again.finishingStacks.map((x) => x / first.scale)).toEqual(first.finishingStacks);
      count++;
    }
    expect(count).toBeGreaterThan(50);
  });
});
