/** How PHH hands map onto the engine: positions, blinds, antes, cards, PokerKit's conventions, errors. */
import { spawnSync } from 'node:child_process';
import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { formatCards } from '../cards';
import { importPhh } from './import';
import { parsePhh, parsePhhAction } from './parse';
import { replayPhhText } from './replay';
import { PhhError } from './types';

const phh = (fields: Record<string, string>): string =>
  Object.entries({ variant: "'NT'", ante_trimming_status: 'true', ...fields })
    .map(([k, v]) => `${k} = ${v}`)
    .join('\n');

const errorOf = (text: string): PhhError => {
  try {
    replayPhhText(text);
  } catch (error) {
    if (error instanceof PhhError) return error;
    throw error;
  }
  throw new Error('replayed without error');
};

describe('PHH import', () => {
  test('parses actions: deals, fold, check/call, complete/bet/raise to, show/muck, unknown cards', () => {
    expect(parsePhhAction('d dh p1 Ac??')).toEqual({ kind: 'deal-hole', player: 1, cards: ['Ac', null] });
    expect(parsePhhAction('d db Jc3d5c')).toEqual({ kind: 'deal-board', cards: ['Jc', '3d', '5c'] });
    expect(parsePhhAction('p3 cbr 7000 # Dwan')).toEqual({ kind: 'bet-raise', player: 3, to: 7000 });
    expect(parsePhhAction('p2 cc')).toEqual({ kind: 'check-call', player: 2 });
    expect(parsePhhAction('p2 f')).toEqual({ kind: 'fold', player: 2 });
    expect(parsePhhAction('p1 sm')).toEqual({ kind: 'show-muck', player: 1, cards: [] });
    expect(() => parsePhhAction('p1 xx')).toThrow(PhhError);
  });

  test('positions p1..pN sit at seats 0..N-1 with the button at N-1; private cards dealt p1 first, one per pass', () => {
    const hand = parsePhh(
      phh({
        antes: '[0, 0, 0]',
        blinds_or_straddles: '[1, 2, 0]',
        min_bet: '2',
        starting_stacks: '[100, 200, 300]',
        actions: "['d dh p1 AcKd', 'd dh p2 ????', 'd dh p3 7h6h', 'p3 f', 'p1 f']",
      }),
    );
    const { config, deck, seats } = importPhh(hand);
    expect(config).toMatchObject({
      variant: 'holdem',
      structure: 'no-limit',
      button: 2,
      stakes: { smallBlind: 1, bigBlind: 2 },
    });
    expect(config.seats).toEqual([
      { seat: 0, stack: 100 },
      { seat: 1, stack: 200 },
      { seat: 2, stack: 300 },
    ]);
    expect(seats).toEqual([0, 1, 2]);
    // Unknown cards (p2) take the lowest unused cards: 2c, 2d.
    expect(formatCards(deck.slice(0, 6))).toBe('Ac2c7hKd2d6h');
    expect(deck).toHaveLength(52);
  });

  test('cards shown with sm replace unknown hole cards (the engine needs them at showdown)', () => {
    const text = phh({
      antes: '[0, 0]',
      blinds_or_straddles: '[1, 2]',
      min_bet: '2',
      starting_stacks: '[100, 100]',
      actions: "['d dh p1 ????', 'd dh p2 AsAd', 'p2 cbr 100', 'p1 cc', 'p1 sm KcKd', 'p2 sm AsAd', 'd db 2c7h9dTsJs']",
    });
    // Heads-up p2 is the button (small blind); aces beat kings: p2 wins everything.
    expect(replayPhhText(text).finishingStacks).toEqual([0, 200]);
  });

  test('a big blind short of chips: the posted amount is the bet to call (PokerKit, FT reference hand 142)', () => {
    const text = phh({
      variant: "'FT'",
      antes: '[0, 0, 0]',
      blinds_or_straddles: '[50, 100, 0]',
      small_bet: '100',
      big_bet: '200',
      starting_stacks: '[2800, 71, 1400]',
      actions:
        "['d dh p1 KdJc', 'd dh p2 Kc6d', 'd dh p3 3c3s', 'p3 cbr 171', 'p1 cbr 271', 'p3 f', 'p1 sm KdJc', 'p2 sm Kc6d', 'd db 4sJh9s', 'd db 7d', 'd db Tc']",
    });
    // p3 raises to 71 + 100 = 171; p1 re-raises to 271, p3 folds; 100 of p1's comes back uncalled.
    // Main pot 3 × 71 = 213, side pot 2 × 100 = 200, both to p1's jacks: 2800 - 171 + 413 = 3042.
    expect(replayPhhText(text).finishingStacks).toEqual([3042, 0, 1229]);
  });

  test('a check PokerKit records for a player alone against all-ins he covers is skipped (FT reference hand 125)', () => {
    const text = phh({
      variant: "'FT'",
      antes: '[0, 0, 0]',
      blinds_or_straddles: '[50, 100, 0]',
      small_bet: '100',
      big_bet: '200',
      starting_stacks: '[1000, 200, 100]',
      actions:
        "['d dh p1 4dJs', 'd dh p2 8h5c', 'd dh p3 2cQs', 'p3 cc', 'p1 f', 'p2 cc', 'p3 sm 2cQs', 'p2 sm 8h5c', 'd db 4cJcTh', 'd db Qh', 'd db 5d']",
    });
    expect(replayPhhText(text).finishingStacks).toEqual([950, 100, 250]);
  });

  test('a big-blind ante (the only ante, at the big blind) maps to bigBlindAnte; a single blind to a big blind at p1', () => {
    const bba = importPhh(
      parsePhh(
        phh({
          antes: '[0, 30, 0]',
          blinds_or_straddles: '[10, 20, 0]',
          min_bet: '20',
          starting_stacks: '[100, 100, 100]',
          actions: '[]',
        }),
      ),
    );
    expect(bba.config.stakes).toMatchObject({ ante: 30, bigBlindAnte: true });
    const single = importPhh(
      parsePhh(
        phh({
          variant: "'FO/8'",
          antes: '[0, 0, 0]',
          blinds_or_straddles: '[250, 0, 0]',
          small_bet: '250',
          big_bet: '500',
          starting_stacks: '[1000, 1000, 1000]',
          actions: '[]',
        }),
      ),
    );
    expect(single.config).toMatchObject({
      smallBlindSeat: null,
      bigBlindSeat: 0,
      stakes: { smallBlind: 0, bigBlind: 250 },
    });
  });

  test('fractional amounts are replayed in whole cents and reported back in the recorded unit', () => {
    const text = phh({
      antes: '[0, 0]',
      blinds_or_straddles: '[0.5, 1]',
      min_bet: '1',
      starting_stacks: '[10.25, 20]',
      actions: "['d dh p1 2c3c', 'd dh p2 4c5c', 'p2 f']",
    });
    expect(replayPhhText(text).finishingStacks).toEqual([10.75, 19.5]);
  });

  test('straddles, other per-position antes and unknown variants are unsupported errors; an illegal action is an illegal-action error', () => {
    const base = {
      antes: '[0, 0, 0]',
      blinds_or_straddles: '[1, 2, 0]',
      min_bet: '2',
      starting_stacks: '[100, 100, 100]',
      actions: "['p3 f', 'p1 f']",
    };
    expect(errorOf(phh({ ...base, blinds_or_straddles: '[1, 2, 4]' }))).toMatchObject({
      kind: 'unsupported',
      message: expect.stringMatching(/straddle/),
    });
    expect(errorOf(phh({ ...base, antes: '[1, 2, 0]' }))).toMatchObject({
      kind: 'unsupported',
      message: expect.stringMatching(/antes/),
    });
    expect(errorOf(phh({ ...base, variant: "'FR'" }))).toMatchObject({
      kind: 'unsupported',
      message: 'variant FR is not supported',
    });
    expect(errorOf(phh({ ...base, actions: "['p3 cbr 3']" }))).toMatchObject({
      kind: 'illegal-action',
      message: expect.stringMatching(/ILLEGAL_AMOUNT/),
    });
    expect(errorOf(phh({ ...base, actions: "['p3 f']" }))).toMatchObject({ kind: 'incomplete' });
    // The big blind's check out of turn is refused, not skipped as an idle check: others can still act.
    expect(errorOf(phh({ ...base, actions: "['p2 cc']" }))).toMatchObject({
      kind: 'illegal-action',
      message: expect.stringMatching(/NOT_YOUR_TURN/),
    });
  });
});

describe('phh CLI (scripts/phh.ts)', () => {
  test('prints one JSON line per file, errors as lines, and exits 0', () => {
    const dir = mkdtempSync(join(tmpdir(), 'phh-'));
    const good = join(dir, 'good.phh');
    const bad = join(dir, 'bad.phh');
    writeFileSync(
      good,
      phh({
        antes: '[0, 0]',
        blinds_or_straddles: '[1, 2]',
        min_bet: '2',
        starting_stacks: '[100, 100]',
        actions: "['p2 f']",
      }),
    );
    writeFileSync(bad, "variant = 'FR'\nstarting_stacks = [1, 2]\nactions = []\n");
    const root = resolve(__dirname, '../../../..');
    const run = spawnSync(
      process.execPath,
      [
        join(root, 'node_modules/tsx/dist/cli.mjs'),
        '--tsconfig',
        join(root, 'tsconfig.json'),
        join(root, 'scripts/phh.ts'),
        'replay',
        good,
        bad,
      ],
      {
        encoding: 'utf8',
      },
    );
    expect(run.status).toBe(0);
    expect(
      run.stdout
        .trim()
        .split('\n')
        .map((l) => JSON.parse(l)),
    ).toEqual([
      { file: good, finishing_stacks: [101, 99] },
      { file: bad, error: 'variant FR is not supported' },
    ]);
  });
});
