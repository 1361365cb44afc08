/**
 * The replay suite's engine: finds the PHH files, replays each once and classifies the outcome.
 * Used by the engine's PHH replay specs (`libs/engine/src/phh/replay.spec.ts`, `export.spec.ts`,
 * `stud.spec.ts`, `hand/draw/phh-replay.spec.ts`). Test plumbing, so it lives in `test/support`, not
 * in the engine: it reads the file system and `NAIKO_PHH_DIR`, which the pure engine never does.
 */
import { readdirSync, readFileSync, statSync } from 'node:fs';
import { join, relative, resolve } from 'node:path';
import { importPhh } from '@naiko/engine/phh/import';
import { parsePhh, toWholeChips } from '@naiko/engine/phh/parse';
import {
  hadPotWithoutLow,
  isFixedLimitCap,
  isHiLoOddChip,
  isShortAllInReopen,
  isStudCompletionAfterShortBringIn,
  stacksWithPokerKitOddChips,
  type PokerKitDifference,
} from '@naiko/engine/phh/pokerkit-differences';
import { replayPhh, type PhhReplay } from '@naiko/engine/phh/replay';
import { drawReshuffleDifference } from '@naiko/engine/phh/draw';
import { PhhError, type PhhHand } from '@naiko/engine/phh/types';
import { phhVariant } from '@naiko/engine/phh/table';

/**
 * `NAIKO_PHH_DIR`, else the copy of the shared PHH data vendored in `test/fixtures/phh` (so CI needs
 * nothing outside the clone).
 */
export const phhDir = (): string => process.env.NAIKO_PHH_DIR ?? resolve(__dirname, '../fixtures/phh');

export function phhFiles(dir: string): string[] {
  const out: string[] = [];
  const walk = (dir: string): void => {
    for (const name of readdirSync(dir).sort()) {
      const entryPath = join(dir, name);
      if (statSync(entryPath).isDirectory()) walk(entryPath);
      else if (name.endsWith('.phh')) out.push(entryPath);
    }
  };
  walk(dir);
  return out;
}

/**
 * The `reference/FO8` hands are labelled FO/8 (fixed limit) but their bet sizes are pot-limit
 * (e.g. a flop bet of 446 with small_bet 100; every bet fits pot-limit bounds): PokerKit's
 * generator played them pot-limit. They are replayed as Pot-Limit Omaha Hi/Lo instead.
 */
export const FO8_REFERENCE_IS_POT_LIMIT =
  'reference/FO8 bet sizes are pot-limit, not fixed-limit: replayed as pot-limit Omaha Hi/Lo';

export type Outcome =
  | { kind: 'match' }
  /** Pluribus records half-chip splits; the engine pays whole chips (a difference of 0.5 per such player). */
  | { kind: 'half-chip'; diff: number[] }
  | { kind: 'exception'; reason: PokerKitDifference; detail: string }
  | { kind: 'no-result' }
  | { kind: 'fail'; detail: string };

export interface Replayed {
  file: string;
  /** Path relative to the PHH directory. */
  rel: string;
  variant: string;
  outcome: Outcome;
  /** Set when the hand was replayed as pot-limit (reference/FO8). */
  asPotLimit?: boolean;
}

function compare(hand: PhhHand, replay: PhhReplay): Outcome {
  const want = hand.finishingStacks;
  if (!want) return { kind: 'no-result' };
  const diff = replay.finishingStacks.map((x, i) => x - want[i]);
  if (diff.every((d) => d === 0)) return { kind: 'match' };
  if (diff.every((d, i) => d === 0 || (!Number.isInteger(want[i]) && Math.abs(d) <= 0.5)))
    return { kind: 'half-chip', diff };
  const pk = stacksWithPokerKitOddChips(replay);
  if (pk && pk.every((x, i) => x === want[i]))
    return {
      kind: 'exception',
      reason: 'odd-chips-one-each',
      detail: `ours ${JSON.stringify(replay.finishingStacks)}`,
    };
  if (isHiLoOddChip(replay, want))
    return {
      kind: 'exception',
      reason: 'hi-lo-odd-chip-to-high',
      detail: `ours ${JSON.stringify(replay.finishingStacks)}`,
    };
  if (hadPotWithoutLow(replay) && diff.reduce((a, b) => a + b, 0) === 0) {
    return {
      kind: 'exception',
      reason: 'low-needs-five-distinct-ranks',
      detail: `ours ${JSON.stringify(replay.finishingStacks)}`,
    };
  }
  const reshuffle = drawReshuffleDifference(hand);
  if (reshuffle)
    return { kind: 'exception', reason: reshuffle, detail: `ours ${JSON.stringify(replay.finishingStacks)}` };
  return {
    kind: 'fail',
    detail: `finishing stacks ${JSON.stringify(replay.finishingStacks)}, recorded ${JSON.stringify(want)}`,
  };
}

function attempt(hand: PhhHand, potLimit: boolean): Outcome {
  try {
    let replay: PhhReplay;
    if (potLimit) {
      const imp = importPhh(toWholeChips(hand).hand);
      imp.config = { ...imp.config, structure: 'pot-limit' };
      replay = replayPhh(hand, imp);
    } else replay = replayPhh(hand);
    return compare(hand, replay);
  } catch (error) {
    if (!(error instanceof PhhError)) return { kind: 'fail', detail: `crash: ${(error as Error).stack}` };
    if (isFixedLimitCap(error)) return { kind: 'exception', reason: 'fixed-limit-cap', detail: error.message };
    if (isShortAllInReopen(error))
      return { kind: 'exception', reason: 'short-all-in-no-reopen', detail: error.message };
    if (isStudCompletionAfterShortBringIn(error))
      return { kind: 'exception', reason: 'stud-completion-after-short-bring-in', detail: error.message };
    return { kind: 'fail', detail: `${error.kind}: ${error.message}` };
  }
}

/** Replays one file whose variant the table maps; null for a variant not mapped (yet). */
export function replayFile(dir: string, file: string): Replayed | null {
  const hand = parsePhh(readFileSync(file, 'utf8'));
  if (!phhVariant(hand.variant)) return null;
  const rel = relative(dir, file);
  const base = { file, rel, variant: hand.variant };
  if (rel.startsWith('reference/FO8/')) return { ...base, outcome: attempt(hand, true), asPotLimit: true };
  return { ...base, outcome: attempt(hand, false) };
}
