/**
 * Draw games against PHH: every F2L3D and N2L1D hand in ../shared/phh (the WSOP day and the
 * PokerKit reference hands) replays to its `finishing_stacks`, except where PokerKit differs from
 * docs/rules/README.md (fixed-limit cap, short all-in reopening, and its reshuffle: own discards dealt back,
 * discards made after the reshuffle dealt); and every draw game survives export → import → replay.
 */
import { readFileSync } from 'node:fs';
import { seededRandom } from '../../rng/random-source';
import { exportPhh } from '../../phh/export';
import { drawReshuffleDifference } from '../../phh/draw';
import { phhCodeFor, phhVariant } from '../../phh/table';
import { getVariant } from '../../variants';
import { parsePhh } from '../../phh/parse';
import { replayPhhText } from '../../phh/replay';
import { phhDir, phhFiles, replayFile } from '../../../../../test/support/phh-replay-suite';
import { apply } from '../apply';
import { start } from '../start';
import type { HandConfig, HandEvent } from '../types';
import { Hand, drawDeck, drawTable } from './draw-test-helpers';
import { randomDrawAction } from './draw';

const dir = phhDir();
const drawFiles = phhFiles(dir).filter((f) => /variant = ["'](F2L3D|N2L1D)["']/.test(readFileSync(f, 'utf8')));
const results = drawFiles.map((f) => replayFile(dir, f)!);

test('every WSOP F2L3D and N2L1D hand matches its finishing stacks', () => {
  const wsop = results.filter((r) => r.rel.startsWith('wsop/'));
  expect(wsop.length).toBe(14);
  expect(wsop.filter((r) => r.outcome.kind !== 'match').map((r) => `${r.rel}: ${JSON.stringify(r.outcome)}`)).toEqual(
    [],
  );
});

test('every reference F2L3D and N2L1D hand matches, or differs only where PokerKit differs from our rules', () => {
  const ref = results.filter((r) => r.rel.startsWith('reference/'));
  expect(ref.length).toBe(500);
  const kinds = ref.map((r) => (r.outcome.kind === 'exception' ? r.outcome.reason : r.outcome.kind));
  const count = (k: string) => kinds.filter((x) => x === k).length;
  expect(count('fail')).toBe(0);
  expect(count('match')).toBe(472);
  expect(
    count('fixed-limit-cap') +
      count('short-all-in-no-reopen') +
      count('own-discard-redealt') +
      count('later-discard-redealt'),
  ).toBe(28);
  expect(count('own-discard-redealt')).toBe(3);
  expect(count('later-discard-redealt')).toBe(1);
});

test("PHH F2L3D is plain draw27x3 Fixed Limit (Hold'em structure, no variant of its own), both ways", () => {
  expect(phhVariant('F2L3D')).toMatchObject({ variant: 'draw27x3', structure: 'fixed-limit' });
  expect(phhCodeFor('draw27x3', 'fixed-limit')?.code).toBe('F2L3D');
  expect(() => getVariant('draw27x3-holdem-limits')).toThrow();
  expect(getVariant('draw27x3').streets.map((st) => st.limitBet)).toEqual(['small', 'small', 'big', 'big']);
  // Every F2L3D file was replayed above with that row (the WSOP day all match, the reference hands as counted).
  expect(results.filter((r) => r.variant === 'F2L3D').length).toBeGreaterThanOrEqual(250);
});

test('the reshuffle detectors read the record: own discards dealt back, a later discard dealt', () => {
  const own = parsePhh(
    [
      "variant = 'F2L3D'",
      'antes = [0, 0]',
      'blinds_or_straddles = [5, 10]',
      'small_bet = 10',
      'big_bet = 20',
      'starting_stacks = [100, 100]',
      "actions = ['d dh p1 2c3c4c5c7d', 'd dh p2 8c9cTcJcQc', 'p2 cc', 'p1 cc', 'p1 sd 7d', 'p2 sd', 'd dh p1 7d']",
    ].join('\n'),
  );
  expect(drawReshuffleDifference(own)).toBe('own-discard-redealt');
  const clean = { ...own, actions: own.actions.slice(0, 6) };
  expect(drawReshuffleDifference(clean)).toBeNull();
});

describe('export → import → replay of every draw game', () => {
  const games: [string, HandConfig['structure']][] = [
    ['draw5', 'no-limit'],
    ['draw27x3', 'fixed-limit'],
    ['draw32', 'pot-limit'],
    ['draw7a', 'fixed-limit'],
    ['draw-classic', 'no-limit'],
  ];
  test.each(games)('%s %s', (variant, structure) => {
    const classic = variant === 'draw-classic';
    const config: HandConfig = {
      variant,
      structure,
      seats: [0, 1, 2, 3].map((seat) => ({ seat, stack: 400 + 50 * seat })),
      button: 3,
      stakes: classic ? { smallBlind: 0, bigBlind: 10, ante: 10 } : { smallBlind: 5, bigBlind: 10 },
    };
    const rng = seededRandom(`${variant}-export`);
    let { state, events } = start(config, { rng: seededRandom(`${variant}-deck`) });
    events = events.slice();
    while (state.phase !== 'complete') {
      let action = randomDrawAction(state, rng)!;
      // PHH has no split action and no timeout: answer the offer with "no" and draw in time.
      if (action.type === 'split') action = { ...action, type: 'no-split' };
      if (action.type === 'draw-timeout') action = { type: 'draw', seat: action.seat, discard: [] };
      const result = apply(state, action);
      if (!result.ok) throw new Error(result.error.message);
      state = result.state;
      events.push(...(result.events as HandEvent[]));
    }
    const text = exportPhh(config, events);
    expect(text).toMatch(/ sd/);
    const back = replayPhhText(text);
    expect(back.finishingStacks).toEqual([0, 1, 2, 3].map((k) => state.stacks[k]));
  });
});

test('a fold at the draw survives export → import → replay (PHH `f` between the discards)', () => {
  const hand = new Hand(
    drawTable('draw5', 'fixed-limit', [100, 100, 100]),
    drawDeck('standard52', ['2c 3c 4c 5c 7d', 'Ah Ad Kc Ks 9h', 'Qh Qd Qc 8s 8d'], 'Js Ts'),
  );
  hand.do('call', 2).do('call', 0).do('check', 1).draw(0, '5c 7d').do('fold', 1).draw(2).do('check', 0).do('check', 2);
  expect(hand.state.phase).toBe('complete');
  const text = exportPhh(hand.state.config, hand.events);
  expect(text).toMatch(/"p2 f"/);
  expect(replayPhhText(text).finishingStacks).toEqual(hand.stacks());
});

test('an accepted split offer cannot be written as PHH (it has no split action)', () => {
  const hand = new Hand(
    drawTable('draw32', 'fixed-limit', [100, 100, 100]),
    drawDeck('short32', ['7c 8d 9h Js Kc', 'Ah Ad Ac 7d 8c', 'Qh Qd 9c Ts 8h']),
  );
  hand.do('call', 2).do('fold', 0).do('check', 1).draw(1).draw(2).do('split', 2).do('split', 1);
  expect(() => exportPhh(hand.state.config, hand.events)).toThrow('split');
});
