/**
 * Stud in PHH: the televised F7S and F7S/8 hands replay to their finishing stacks (the 500 generated
 * reference hands are in the replay suite, `replay.spec.ts`, with the documented PokerKit
 * differences), and every stud game and structure survives export → import → replay with the same
 * events (F7S/F7S8 codes and our `_` codes).
 */
import fc from 'fast-check';
import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { apply } from '../hand/apply';
import { randomLegalAction } from '../hand/random-policy';
import { start } from '../hand/start';
import type { HandConfig, HandEvent } from '../hand/types';
import { seededRandom } from '../rng/random-source';
import { getVariant, VARIANTS } from '../variants/catalog';
import { exportPhh } from './export';
import { parsePhh } from './parse';
import { replayPhh, replayPhhText } from './replay';
import { phhDir } from '../../../../test/support/phh-replay-suite';
import { studPhhCode } from './stud';

function playRandom(config: HandConfig, seed: number): HandEvent[] {
  const rng = seededRandom(seed);
  let { state, events } = start(config, { rng });
  events = events.slice();
  for (let guard = 0; guard < 500 && state.phase === 'betting'; guard++) {
    const result = apply(state, randomLegalAction(state, rng)!);
    if (!result.ok) throw new Error(result.error.message);
    state = result.state;
    events.push(...result.events);
  }
  return events;
}

describe('stud PHH', () => {
  it('every televised WSOP F7S and F7S/8 hand replays to its finishing stacks (20 hands)', () => {
    const dir = join(phhDir(), 'wsop/2023/43/5');
    const texts = readdirSync(dir)
      .map((f) => readFileSync(join(dir, f), 'utf8'))
      .filter((t) => /^variant = 'F7S(\/8)?'/m.test(t));
    expect(texts.length).toBe(20);
    for (const text of texts) {
      const replay = replayPhhText(text);
      expect(replay.finishingStacks).toEqual(parsePhh(text).finishingStacks);
    }
  });

  it('codes: F7S and F7S/8 for Fixed Limit 7-Card Stud, `_` codes for the rest', () => {
    expect(studPhhCode('stud7', 'fixed-limit')).toBe('F7S');
    expect(studPhhCode('stud7-hl', 'fixed-limit')).toBe('F7S/8');
    expect(studPhhCode('stud7', 'pot-limit')).toBe('_P7S');
    expect(studPhhCode('soko', 'fixed-limit')).toBe('_FSOKO');
    expect(studPhhCode('americana', 'half-pot-limit')).toBe('_HAMERICANA');
    expect(studPhhCode('telesina', 'no-limit')).toBe('_NTELESINA');
    expect(studPhhCode('stud7-hl', 'spread-limit')).toBe('_S7S/8');
  });

  it('the bring-in is written as `pb` with `bring_in`, and read back', () => {
    const config: HandConfig = {
      variant: 'stud7',
      structure: 'fixed-limit',
      seats: [0, 1, 2].map((seat) => ({ seat, stack: 100 })),
      button: 2,
      stakes: { smallBlind: 0, bigBlind: 10, ante: 1, bringIn: 2, smallBet: 10, bigBet: 20 },
    };
    const text = exportPhh(config, playRandom(config, 7));
    expect(text).toMatch(/^variant = "F7S"/m);
    expect(text).toMatch(/^bring_in = 2$/m);
    expect(text).toMatch(/"p\d pb"|"p\d cbr 10"/);
  });

  it('every stud game and structure survives export → import → replay with the same events', () => {
    const games = VARIANTS.filter((spec) => spec.modules?.includes('stud')).map((spec) => spec.id);
    const structures = ['fixed-limit', 'pot-limit', 'half-pot-limit', 'no-limit', 'spread-limit'] as const;
    fc.assert(
      fc.property(
        fc.constantFrom(...games),
        fc.constantFrom(...structures),
        fc.array(fc.integer({ min: 1, max: 600 }), { minLength: 2, maxLength: 8 }),
        fc.integer(),
        (variant, structure, stacks, seed) => {
          const seatCount = Math.min(stacks.length, getVariant(variant).maxSeats);
          const config: HandConfig = {
            variant,
            structure,
            seats: stacks.slice(0, seatCount).map((stack, seat) => ({ seat, stack })),
            button: seatCount - 1,
            stakes: {
              smallBlind: 0,
              bigBlind: 10,
              ante: 1,
              bringIn: 2,
              smallBet: 10,
              bigBet: 20,
              spreadLimits: [10, 20, 30],
            },
          };
          const events = playRandom(config, seed);
          const hand = parsePhh(exportPhh(config, events));
          expect(hand.variant).toBe(studPhhCode(variant, structure));
          const replay = replayPhh(hand);
          expect(replay.finishingStacks).toEqual(hand.finishingStacks);
          expect(JSON.stringify(replay.events)).toBe(JSON.stringify(events));
        },
      ),
      { numRuns: 60 },
    );
  });
});
