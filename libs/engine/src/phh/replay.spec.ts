/**
 * Replays every PHH hand whose variant the table maps (NT, FT, PO, FO/8 now; stud and draw join when
 * their rows are registered) and checks `finishing_stacks`. A hand may differ only as documented:
 *  - Pluribus hands that record half-chip splits: the engine pays whole chips (0.5 off per player);
 *  - the hands listed in EXCEPTIONS, where PokerKit (which wrote the reference hands) disagrees with
 *    docs/rules/README.md; each listed hand must fail for exactly its reason (a detector proves it);
 *  - reference/FO8, labelled fixed-limit but played pot-limit by PokerKit's generator, is replayed
 *    as pot-limit Omaha Hi/Lo (FO8_REFERENCE_IS_POT_LIMIT).
 * The files are read from `NAIKO_PHH_DIR` or the vendored `test/fixtures/phh` (test/support/phh-replay-suite.ts),
 * parsed once.
 */
import { POKERKIT_DIFFERENCES, type PokerKitDifference } from './pokerkit-differences';
import { phhDir, phhFiles, replayFile, type Replayed } from '../../../../test/support/phh-replay-suite';

const EXCEPTIONS: Record<string, PokerKitDifference> = {
  'reference/FT/FT-20261129-7.phh': 'fixed-limit-cap',
  'reference/FT/FT-20261129-23.phh': 'fixed-limit-cap',
  'reference/FT/FT-20261129-24.phh': 'fixed-limit-cap',
  'reference/FT/FT-20261129-30.phh': 'fixed-limit-cap',
  'reference/FT/FT-20261129-35.phh': 'fixed-limit-cap',
  'reference/FT/FT-20261129-38.phh': 'fixed-limit-cap',
  'reference/FT/FT-20261129-43.phh': 'fixed-limit-cap',
  'reference/FT/FT-20261129-58.phh': 'fixed-limit-cap',
  'reference/FT/FT-20261129-65.phh': 'fixed-limit-cap',
  'reference/FT/FT-20261129-77.phh': 'fixed-limit-cap',
  'reference/FT/FT-20261129-88.phh': 'fixed-limit-cap',
  'reference/FT/FT-20261129-90.phh': 'fixed-limit-cap',
  'reference/FT/FT-20261129-94.phh': 'fixed-limit-cap',
  'reference/FT/FT-20261129-99.phh': 'fixed-limit-cap',
  'reference/FT/FT-20261129-103.phh': 'fixed-limit-cap',
  'reference/FT/FT-20261129-106.phh': 'fixed-limit-cap',
  'reference/FT/FT-20261129-111.phh': 'fixed-limit-cap',
  'reference/FT/FT-20261129-115.phh': 'fixed-limit-cap',
  'reference/FT/FT-20261129-126.phh': 'fixed-limit-cap',
  'reference/FT/FT-20261129-127.phh': 'fixed-limit-cap',
  'reference/FT/FT-20261129-130.phh': 'fixed-limit-cap',
  'reference/FT/FT-20261129-146.phh': 'fixed-limit-cap',
  'reference/FT/FT-20261129-148.phh': 'fixed-limit-cap',
  'reference/FT/FT-20261129-149.phh': 'fixed-limit-cap',
  'reference/FT/FT-20261129-157.phh': 'fixed-limit-cap',
  'reference/FT/FT-20261129-159.phh': 'fixed-limit-cap',
  'reference/FT/FT-20261129-163.phh': 'fixed-limit-cap',
  'reference/FT/FT-20261129-164.phh': 'fixed-limit-cap',
  'reference/FT/FT-20261129-173.phh': 'fixed-limit-cap',
  'reference/FT/FT-20261129-177.phh': 'fixed-limit-cap',
  'reference/FT/FT-20261129-180.phh': 'fixed-limit-cap',
  'reference/FT/FT-20261129-195.phh': 'fixed-limit-cap',
  'reference/FT/FT-20261129-196.phh': 'fixed-limit-cap',
  'reference/FT/FT-20261129-212.phh': 'fixed-limit-cap',
  'reference/FT/FT-20261129-222.phh': 'fixed-limit-cap',
  'reference/FT/FT-20261129-229.phh': 'fixed-limit-cap',
  'reference/FT/FT-20261129-232.phh': 'fixed-limit-cap',
  'reference/FT/FT-20261129-243.phh': 'fixed-limit-cap',
  'reference/FT/FT-20261129-246.phh': 'fixed-limit-cap',
  'reference/FO8/FO8-20261129-4.phh': 'low-needs-five-distinct-ranks',
  'reference/FO8/FO8-20261129-106.phh': 'odd-chips-one-each',
  'reference/FT/FT-20261129-5.phh': 'odd-chips-one-each',
  'reference/FO8/FO8-20261129-25.phh': 'short-all-in-no-reopen',
  'reference/FO8/FO8-20261129-41.phh': 'short-all-in-no-reopen',
  'reference/FO8/FO8-20261129-93.phh': 'short-all-in-no-reopen',
  'reference/FT/FT-20261129-74.phh': 'short-all-in-no-reopen',
  'reference/FT/FT-20261129-225.phh': 'short-all-in-no-reopen',
  'reference/FT/FT-20261129-233.phh': 'short-all-in-no-reopen',
  'reference/NT/NT-20261129-30.phh': 'short-all-in-no-reopen',
  'reference/NT/NT-20261129-102.phh': 'short-all-in-no-reopen',
  'reference/NT/NT-20261129-162.phh': 'short-all-in-no-reopen',
  'reference/NT/NT-20261129-173.phh': 'short-all-in-no-reopen',
  'reference/NT/NT-20261129-188.phh': 'short-all-in-no-reopen',
  'reference/NT/NT-20261129-246.phh': 'short-all-in-no-reopen',
  'reference/PO/PO-20261129-36.phh': 'short-all-in-no-reopen',
  'reference/PO/PO-20261129-69.phh': 'short-all-in-no-reopen',
  'reference/PO/PO-20261129-127.phh': 'short-all-in-no-reopen',
  'reference/PO/PO-20261129-139.phh': 'short-all-in-no-reopen',
  'reference/PO/PO-20261129-145.phh': 'short-all-in-no-reopen',
  'reference/PO/PO-20261129-167.phh': 'short-all-in-no-reopen',
  'reference/PO/PO-20261129-169.phh': 'short-all-in-no-reopen',
  'reference/PO/PO-20261129-193.phh': 'short-all-in-no-reopen',
  // Stud (issue 10).
  'reference/F7S/F7S-20261129-100.phh': 'short-all-in-no-reopen',
  'reference/F7S/F7S-20261129-120.phh': 'short-all-in-no-reopen',
  'reference/F7S/F7S-20261129-200.phh': 'short-all-in-no-reopen',
  'reference/F7S/F7S-20261129-202.phh': 'short-all-in-no-reopen',
  'reference/F7S/F7S-20261129-217.phh': 'short-all-in-no-reopen',
  'reference/F7S/F7S-20261129-228.phh': 'short-all-in-no-reopen',
  'reference/F7S/F7S-20261129-249.phh': 'short-all-in-no-reopen',
  'reference/F7S/F7S-20261129-60.phh': 'stud-completion-after-short-bring-in',
  'reference/F7S8/F7S8-20261129-50.phh': 'short-all-in-no-reopen',
  'reference/F7S8/F7S8-20261129-60.phh': 'short-all-in-no-reopen',
  'reference/F7S8/F7S8-20261129-81.phh': 'short-all-in-no-reopen',
  'reference/F7S8/F7S8-20261129-134.phh': 'short-all-in-no-reopen',
  'reference/F7S8/F7S8-20261129-208.phh': 'short-all-in-no-reopen',
  'reference/F7S8/F7S8-20261129-238.phh': 'short-all-in-no-reopen',
  'reference/F7S8/F7S8-20261129-242.phh': 'short-all-in-no-reopen',
  'reference/F7S8/F7S8-20261129-147.phh': 'low-needs-five-distinct-ranks',
  'reference/F7S8/F7S8-20261129-78.phh': 'hi-lo-odd-chip-to-high',
  'reference/F7S8/F7S8-20261129-202.phh': 'hi-lo-odd-chip-to-high',
  // Draw (issue 11): F2L3D, N2L1D.
  'reference/F2L3D/F2L3D-20261129-107.phh': 'fixed-limit-cap',
  'reference/F2L3D/F2L3D-20261129-119.phh': 'fixed-limit-cap',
  'reference/F2L3D/F2L3D-20261129-132.phh': 'fixed-limit-cap',
  'reference/F2L3D/F2L3D-20261129-135.phh': 'fixed-limit-cap',
  'reference/F2L3D/F2L3D-20261129-157.phh': 'fixed-limit-cap',
  'reference/F2L3D/F2L3D-20261129-158.phh': 'fixed-limit-cap',
  'reference/F2L3D/F2L3D-20261129-170.phh': 'later-discard-redealt',
  'reference/F2L3D/F2L3D-20261129-184.phh': 'fixed-limit-cap',
  'reference/F2L3D/F2L3D-20261129-189.phh': 'fixed-limit-cap',
  'reference/F2L3D/F2L3D-20261129-190.phh': 'fixed-limit-cap',
  'reference/F2L3D/F2L3D-20261129-191.phh': 'short-all-in-no-reopen',
  'reference/F2L3D/F2L3D-20261129-198.phh': 'fixed-limit-cap',
  'reference/F2L3D/F2L3D-20261129-201.phh': 'short-all-in-no-reopen',
  'reference/F2L3D/F2L3D-20261129-211.phh': 'fixed-limit-cap',
  'reference/F2L3D/F2L3D-20261129-31.phh': 'fixed-limit-cap',
  'reference/F2L3D/F2L3D-20261129-51.phh': 'fixed-limit-cap',
  'reference/F2L3D/F2L3D-20261129-59.phh': 'own-discard-redealt',
  'reference/F2L3D/F2L3D-20261129-6.phh': 'fixed-limit-cap',
  'reference/F2L3D/F2L3D-20261129-60.phh': 'own-discard-redealt',
  'reference/F2L3D/F2L3D-20261129-62.phh': 'fixed-limit-cap',
  'reference/F2L3D/F2L3D-20261129-8.phh': 'own-discard-redealt',
  'reference/F2L3D/F2L3D-20261129-81.phh': 'fixed-limit-cap',
  'reference/F2L3D/F2L3D-20261129-86.phh': 'fixed-limit-cap',
  'reference/F2L3D/F2L3D-20261129-87.phh': 'fixed-limit-cap',
  'reference/F2L3D/F2L3D-20261129-92.phh': 'fixed-limit-cap',
  'reference/F2L3D/F2L3D-20261129-99.phh': 'fixed-limit-cap',
  'reference/N2L1D/N2L1D-20261129-160.phh': 'short-all-in-no-reopen',
  'reference/N2L1D/N2L1D-20261129-249.phh': 'short-all-in-no-reopen',
};

const dir = phhDir();
const results: Replayed[] = [];
for (const file of phhFiles(dir)) {
  const replayed = replayFile(dir, file);
  if (replayed) results.push(replayed);
}
const variants = [...new Set(results.map((r) => r.variant))].sort();

test('the PHH directory holds hands of every mapped variant (NT, FT, PO, FO/8)', () => {
  expect(variants).toEqual(expect.arrayContaining(['FO/8', 'FT', 'NT', 'PO']));
});

describe.each(variants)('PHH replay %s', (variant) => {
  const mine = results.filter((r) => r.variant === variant);

  test('every hand matches finishing_stacks, or differs only as documented', () => {
    const unexpected = mine.flatMap((replayed) => {
      const outcome = replayed.outcome;
      const listed = EXCEPTIONS[replayed.rel];
      if (outcome.kind === 'exception')
        return outcome.reason === listed
          ? []
          : [`${replayed.rel}: ${outcome.reason} (${outcome.detail}) but listed as ${listed ?? 'nothing'}`];
      if (listed) return [`${replayed.rel}: listed as ${listed} but ${outcome.kind}`];
      if (outcome.kind === 'fail') return [`${replayed.rel}: ${outcome.detail}`];
      if (outcome.kind === 'half-chip' && !replayed.rel.startsWith('pluribus/'))
        return [`${replayed.rel}: half chips outside the Pluribus hands`];
      return [];
    });
    expect(unexpected).toEqual([]);
  });
});

test('the half-chip Pluribus hands differ by half a chip only where a pot split unevenly', () => {
  const half = results.filter((r) => r.outcome.kind === 'half-chip');
  for (const replayed of half) {
    const diff = (replayed.outcome as Extract<Replayed['outcome'], { kind: 'half-chip' }>).diff;
    expect(diff.filter((d) => d !== 0).map(Math.abs)).toEqual(diff.filter((d) => d !== 0).map(() => 0.5));
    // Whole chips are conserved: what one player lacks another has.
    expect(diff.reduce((a, b) => a + b, 0)).toBe(0);
  }
  expect(half.map((r) => r.rel).sort()).toEqual(['pluribus/32/23.phh', 'pluribus/41b/204.phh']);
});

test('the hands without finishing_stacks (famous hands) replay to the end', () => {
  // Replaying them to the end is all that can be checked: Dwan–Ivey 2009 (NT), Antonius–Blom 2009 (PO, in cents),
  // Arieh–Yockey 2019 (F2L3D).
  expect(
    results
      .filter((r) => r.outcome.kind === 'no-result')
      .map((r) => r.rel)
      .sort(),
  ).toEqual(['antonius-blom-2009.phh', 'arieh-yockey-2019.phh', 'dwan-ivey-2009.phh']);
});

test('every documented exception names a known PokerKit difference', () => {
  for (const reason of Object.values(EXCEPTIONS)) expect(POKERKIT_DIFFERENCES[reason]).toBeTruthy();
});

test('counts per variant (hands replayed, matched, documented exceptions)', () => {
  const summary = Object.fromEntries(
    variants.map((variant) => {
      const mine = results.filter((r) => r.variant === variant);
      const countOf = (k: string) => mine.filter((r) => r.outcome.kind === k).length;
      return [
        variant,
        {
          replayed: mine.length,
          match: countOf('match'),
          halfChip: countOf('half-chip'),
          exceptions: countOf('exception'),
          noResult: countOf('no-result'),
          fail: countOf('fail'),
        },
      ];
    }),
  );
  expect(Object.values(summary).every((s) => s.fail === 0)).toBe(true);
  // Every listed exception was met (none is stale).
  expect(results.filter((r) => r.outcome.kind === 'exception').length).toBe(Object.keys(EXCEPTIONS).length);
  process.stdout.write(`PHH replay: ${JSON.stringify(summary)}\n`);
});
