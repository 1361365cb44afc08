/**
 * Home-game hands in PHH: every option is exported (natively where PHH has a field, else in `_`
 * fields) and import → replay gives the same hand: the same stacks, boards, offers' answers.
 */
import fc from 'fast-check';
import { randomInt } from '../rng/random-source';
import { legalActions } from '../hand/apply';
import { playRandomHand } from '../hand/property-harness';
import { randomLegalAction } from '../hand/random-policy';
import { play, stackDeck } from '../hand/spec-helpers';
import type { HandConfig, HandEvent } from '../hand/types';
import { exportPhh, exportPhhFor } from './export';
import { parsePhh } from './parse';
import { replayPhh, replayPhhText } from './replay';

const seats = (...stacks: number[]) => stacks.map((stack, seat) => ({ seat, stack }));
const cfg = (over: Partial<HandConfig> & Pick<HandConfig, 'seats' | 'button'>): HandConfig => ({
  variant: 'holdem',
  structure: 'no-limit',
  stakes: { smallBlind: 5, bigBlind: 10 },
  ...over,
});

/** Export, re-import and replay: the same final stacks per seat and the same events. */
function roundTrip(config: HandConfig, events: HandEvent[]): string {
  const text = exportPhh(config, events);
  const replay = replayPhhText(text);
  const ended = events.find((e) => e.type === 'hand-ended') as Extract<HandEvent, { type: 'hand-ended' }>;
  const bySeat = new Map(ended.stacks.map((s) => [s.seat, s.stack]));
  expect(replay.finishingStacks).toEqual(replay.seats.map((s) => bySeat.get(s)));
  expect(replay.finishingStacks).toEqual(parsePhh(text).finishingStacks);
  expect(JSON.stringify(replay.events)).toBe(JSON.stringify(events));
  return text;
}

describe('home-game options in PHH', () => {
  test('straddle: written natively as the third blind, replayed as a straddle', () => {
    const config = cfg({ seats: seats(1000, 1000, 1000, 1000, 1000), button: 4, homeGame: { straddle: true } });
    const played = play(config, stackDeck([]), [
      '3:raise:60',
      '4:fold',
      '0:fold',
      '1:fold',
      '2:call',
      '2:check',
      '3:bet:100',
      '2:fold',
    ]);
    const text = roundTrip(config, played.events);
    expect(text).toMatch(/blinds_or_straddles = \[ 5, 10, 20, 0, 0 \]/);
  });

  test('bomb pot with a double board: antes natively, the second board in _board2', () => {
    const deck = stackDeck(['AsAh', 'KsKh', '4h4d'], '2c7d9h Kd3c4s Jc 5d 8s 6c');
    const config = cfg({
      seats: seats(100, 100, 100),
      button: 2,
      homeGame: { bombPot: { ante: 5, doubleBoard: true } },
    });
    const played = play(config, deck, [
      '0:check',
      '1:check',
      '2:check',
      '0:check',
      '1:check',
      '2:check',
      '0:check',
      '1:check',
      '2:check',
    ]);
    const text = roundTrip(config, played.events);
    expect(text).toMatch(/antes = \[ 5, 5, 5 \]/);
    expect(text).toMatch(/_board2 = \[ "Kd3c4s", "5d", "6c" \]/);
    expect(text).toMatch(/_bomb_pot_double_board = true/);
  });

  test('run it twice: the answers and the second run are recorded and replayed', () => {
    const deck = stackDeck(['2h3h', 'AsAh', 'KsKh'], '2c7d9h Jc 8s Kd3c4s 5d 6c');
    const config = cfg({ seats: seats(100, 100, 100), button: 2, homeGame: { runItTwice: true } });
    const twice = play(config, deck, ['2:raise:100', '0:fold', '1:call', '1:run-twice', '2:run-twice']);
    expect(roundTrip(config, twice.events)).toMatch(/_run_twice_answers = \[ true, true \]/);
    const once = play(config, deck, ['2:raise:100', '0:fold', '1:call', '1:run-twice', '2:run-once']);
    expect(roundTrip(config, once.events)).toMatch(/_run_twice_answers = \[ true, false \]/);
  });

  test('7-2 bounty and rabbit hunt: the bounty moves chips in finishing_stacks; the rabbit cards are recorded', () => {
    const deck = stackDeck(['AsQs', 'JhTh', '7c2d'], '7h7sKd4c9h');
    const config = cfg({
      seats: seats(100, 100, 100),
      button: 2,
      homeGame: { sevenDeuceBounty: 10, rabbitHunt: true },
    });
    const played = play(config, deck, ['2:raise:30', '0:fold', '1:fold', '2:show']);
    const text = roundTrip(config, played.events);
    expect(text).toMatch(/finishing_stacks = \[ 85, 80, 135 \]/);
    expect(text).toMatch(/_winner_shows = true/);
    expect(text).toMatch(/_rabbit_cards = "7h7sKd4c9h"/);
    expect(replayPhh(parsePhh(text)).config.homeGame).toEqual({ sevenDeuceBounty: 10, rabbitHunt: true });
    // A player's own download: the rabbit's cards are public, the folded players' cards are not.
    const mine = exportPhhFor(config, played.events, 0);
    expect(mine).toMatch(/_rabbit_cards = "7h7sKd4c9h"/);
    expect(mine).toMatch(/d dh p2 \?\?\?\?/);
    expect(mine).toMatch(/d dh p3 7c2d/); // shown to collect the bounty
  });

  test('random home-game hands export and replay to the same result', () => {
    const arb = fc.record({
      n: fc.integer({ min: 2, max: 7 }),
      stacks: fc.array(fc.integer({ min: 5, max: 300 }), { minLength: 7, maxLength: 7 }),
      button: fc.nat(),
      straddle: fc.boolean(),
      bomb: fc.option(fc.record({ ante: fc.integer({ min: 1, max: 30 }), doubleBoard: fc.boolean() })),
      runItTwice: fc.boolean(),
      bounty: fc.constantFrom(0, 10),
      rabbitHunt: fc.boolean(),
    });
    fc.assert(
      fc.property(arb, fc.integer(), (table, seed) => {
        const config = cfg({
          seats: seats(...table.stacks.slice(0, table.n)),
          button: table.button % table.n,
          homeGame: {
            straddle: table.straddle,
            runItTwice: table.runItTwice,
            sevenDeuceBounty: table.bounty,
            rabbitHunt: table.rabbitHunt,
            ...(table.bomb ? { bombPot: table.bomb } : {}),
          },
        });
        const run = playRandomHand(config, seed, {
          maxSteps: 300,
          choose: (state, rng) => {
            const la = legalActions(state)!;
            return state.phase === 'betting'
              ? randomLegalAction(state, rng)
              : { type: la.actions[randomInt(rng, la.actions.length)], seat: la.seat };
          },
        });
        roundTrip(config, run.events);
      }),
      { numRuns: 150 },
    );
  });
});
