/**
 * Replays every F7S and F7S/8 hand in ../shared/phh (the televised WSOP hands and PokerKit's 500
 * generated reference hands) and compares the engine's final stacks with `finishing_stacks`.
 *
 * The reference hands were played by PokerKit; where PokerKit and RULES.md disagree, RULES.md wins
 * and the hand is listed below with the rule (each rule also has its own unit test):
 *  - reopen: an all-in below a full bet or raise does not reopen the betting for a player who already
 *    acted (RULES.md No Limit / naiko §3, applied by the core to every structure); PokerKit lets him
 *    raise, so the record goes on with a raise the engine refuses.
 *  - completion: after a bring-in posted all-in for less than the bring-in, a raise completes to the
 *    small bet (100); PokerKit counts from the short bring-in (33 + 100) and accepts an all-in of 108.
 *  - odd-chip: the odd chip of a Hi/Lo split goes to the high half (RULES.md "Odd chips"); PokerKit
 *    gives it to the low half.
 *  - side-pot-low: a pot where no eligible hand has an 8-or-better low goes wholly to the best high
 *    hand (RULES.md); PokerKit splits a low half of that side pot.
 */
import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { importStudPhh, replayStudPhh } from './phh-stud';

const PHH = process.env.NAIKO_PHH_DIR ?? join(__dirname, '../../../../../test/fixtures/phh');

const DIVERGES: Record<string, 'reopen' | 'completion' | 'odd-chip' | 'side-pot-low'> = {
  'reference/F7S/F7S-20261129-100.phh': 'reopen',
  'reference/F7S/F7S-20261129-120.phh': 'reopen',
  'reference/F7S/F7S-20261129-200.phh': 'reopen',
  'reference/F7S/F7S-20261129-202.phh': 'reopen',
  'reference/F7S/F7S-20261129-217.phh': 'reopen',
  'reference/F7S/F7S-20261129-228.phh': 'reopen',
  'reference/F7S/F7S-20261129-249.phh': 'reopen',
  'reference/F7S/F7S-20261129-60.phh': 'completion',
  'reference/F7S8/F7S8-20261129-134.phh': 'reopen',
  'reference/F7S8/F7S8-20261129-208.phh': 'reopen',
  'reference/F7S8/F7S8-20261129-238.phh': 'reopen',
  'reference/F7S8/F7S8-20261129-242.phh': 'reopen',
  'reference/F7S8/F7S8-20261129-50.phh': 'reopen',
  'reference/F7S8/F7S8-20261129-60.phh': 'reopen',
  'reference/F7S8/F7S8-20261129-81.phh': 'reopen',
  'reference/F7S8/F7S8-20261129-147.phh': 'side-pot-low',
  'reference/F7S8/F7S8-20261129-202.phh': 'odd-chip',
  'reference/F7S8/F7S8-20261129-78.phh': 'odd-chip',
};

function studFiles(): string[] {
  const out: string[] = [];
  for (const dir of ['reference/F7S', 'reference/F7S8']) for (const f of readdirSync(join(PHH, dir))) if (f.endsWith('.phh')) out.push(`${dir}/${f}`);
  const wsop = 'wsop/2023/43/5';
  for (const f of readdirSync(join(PHH, wsop))) {
    const text = readFileSync(join(PHH, wsop, f), 'utf8');
    if (/^variant = 'F7S(\/8)?'/m.test(text)) out.push(`${wsop}/${f}`);
  }
  return out.sort();
}

describe('PHH replay: every F7S and F7S/8 hand', () => {
  const files = studFiles();
  const outcome = new Map<string, { ok: boolean; error?: string; stacks: number[]; expected?: number[] }>();
  for (const f of files) {
    const p = importStudPhh(readFileSync(join(PHH, f), 'utf8'));
    const r = replayStudPhh(p);
    const ok = !r.error && !!p.finishingStacks && p.finishingStacks.every((x, i) => x === r.state.stacks[i]);
    outcome.set(f, { ok, error: r.error, stacks: r.state.stacks.slice(), expected: p.finishingStacks });
  }

  it('finds the 20 televised WSOP stud hands and the 500 reference hands', () => {
    expect(files.filter((f) => f.startsWith('wsop')).length).toBe(20);
    expect(files.length).toBe(520);
  });

  it('every televised WSOP F7S and F7S/8 hand replays to its finishing stacks', () => {
    const bad = files.filter((f) => f.startsWith('wsop') && !outcome.get(f)!.ok);
    expect(bad).toEqual([]);
  });

  it('every reference hand matches PokerKit except where RULES.md decides otherwise', () => {
    const bad = files.filter((f) => !outcome.get(f)!.ok);
    expect(bad.sort()).toEqual(Object.keys(DIVERGES).sort());
  });

  it('each divergence is the documented rule', () => {
    for (const [f, why] of Object.entries(DIVERGES)) {
      const o = outcome.get(f)!;
      if (why === 'reopen') expect(o.error).toMatch(/RAISE_NOT_ALLOWED/);
      else if (why === 'completion') expect(o.error).toMatch(/ILLEGAL_AMOUNT raise to 108 outside 100\.\.100/);
      else {
        // The hand completes; only the split differs.
        expect(o.error).toBeUndefined();
        const diff = o.stacks.map((x, i) => x - o.expected![i]).filter((d) => d !== 0);
        if (why === 'odd-chip') expect(diff.sort()).toEqual([-1, 1]);
        else expect(diff.sort((a, b) => a - b)).toEqual([-115, 115]);
      }
    }
  });
});
