import { bounds } from '../hand/betting';
import type { HandEvent } from '../hand/types';
import type { PhhReplay } from './replay';
import type { PhhError } from './types';

/**
 * Where PokerKit (which wrote the `reference/` hands and defines PHH's semantics) and docs/rules/README.md
 * disagree. Each difference has a detector that proves a failed replay failed for exactly that
 * reason, so the replay suite can list a hand as a documented exception without hiding real bugs.
 */
export type PokerKitDifference =
  | 'fixed-limit-cap'
  | 'short-all-in-no-reopen'
  | 'odd-chips-one-each'
  | 'low-needs-five-distinct-ranks'
  | 'hi-lo-odd-chip-to-high'
  | 'stud-completion-after-short-bring-in'
  | 'own-discard-redealt'
  | 'later-discard-redealt';

export const POKERKIT_DIFFERENCES: Record<PokerKitDifference, string> = {
  'fixed-limit-cap':
    'Fixed Limit: docs/rules/README.md allows at most 4 bets a round, the big blind counting as the first preflop; PokerKit allows 4 raises over the blind (5 bets preflop).',
  'short-all-in-no-reopen':
    'docs/rules/naiko.de.txt §3: an all-in below a full raise does not reopen raising for players who already acted; PokerKit lets them re-raise.',
  'odd-chips-one-each':
    'Several odd chips of a split go one each to the winners nearest the button on the left (the house rules speak of one chip; established practice); PokerKit gives them all to the first winner.',
  'hi-lo-odd-chip-to-high':
    'docs/rules/README.md "Odd chips": the odd chip of a Hi/Lo split goes to the high half; PokerKit gave it to the low hand (7-Card Stud Hi/Lo side pots).',
  'stud-completion-after-short-bring-in':
    'Stud: after a bring-in posted all-in for less than the bring-in, a raise completes to the full small bet (docs/rules/README.md is silent; established practice); PokerKit counts the next raise from the short bring-in and accepts a larger all-in.',
  'own-discard-redealt':
    'Draw games: docs/rules/README.md never gives a player his own discards back when the deck runs short; PokerKit reshuffles them into the stub he draws from.',
  'later-discard-redealt':
    'Draw games: docs/rules/README.md reshuffles the discards and mucks there are when the deck runs short; PokerKit (which also burns cards PHH does not record) dealt a card discarded after its reshuffle.',
  'low-needs-five-distinct-ranks':
    'docs/rules/README.md: an 8-or-better low needs five distinct ranks 8 or lower, and a pot (also a side pot whose main pot has a low) for which no eligible hand has such a low goes wholly to the best high hand; PokerKit paid part of such a side pot to hands without a qualifying low (FO8 4: a quarter to a hand that could only make a paired 8-7-6-A-A; F7S8 147: a quarter to a hand with three ranks 8 or lower). Both hands are worked out in full in pokerkit-differences.spec.ts.',
};

/** A replay refused a recorded raise: is that the fixed-limit cap PokerKit does not apply preflop? */
export function isFixedLimitCap(error: PhhError): boolean {
  const refused = error.refused;
  if (!refused || refused.code !== 'RAISE_NOT_ALLOWED' || refused.state.config.structure !== 'fixed-limit')
    return false;
  return refused.state.street === 0 && refused.state.betCount >= (refused.state.config.stakes.maxBetsPerRound ?? 4);
}

/** A replay refused a recorded raise from a player who acted before a short all-in that was no full raise. */
export function isShortAllInReopen(error: PhhError): boolean {
  const refused = error.refused;
  if (!refused || refused.code !== 'RAISE_NOT_ALLOWED') return false;
  const handState = refused.state;
  const seat = handState.toAct;
  if (seat < 0 || !handState.acted[seat] || isFixedLimitCap(error)) return false;
  const limits = bounds(handState, seat);
  // Raising is refused only because the bet grew by less than a full raise since he last acted.
  return (
    !limits.canRaise &&
    handState.currentBet - handState.actedLevel[seat] < handState.lastIncrement &&
    handState.stacks[seat] > limits.callAmount
  );
}

type Awarded = Extract<HandEvent, { type: 'pot-awarded' }>;

/**
 * Re-pays every split with PokerKit's odd-chip rule (all odd chips of a split to its first winner
 * left of the button) and returns the stacks that gives, by position, or null if nothing changes.
 */
export function stacksWithPokerKitOddChips(replay: PhhReplay): number[] | null {
  const stacks = new Map<number, number>();
  replay.state.seats.forEach((seat, i) => stacks.set(seat, replay.state.stacks[i]));
  let changed = false;
  for (const event of replay.events) {
    if (event.type !== 'pot-awarded') continue;
    const shares = (event as Awarded).shares;
    for (const half of ['whole', 'high', 'low'] as const) {
      // The engine lists a split's shares nearest the button on the left first.
      const group = shares.filter((s) => s.half === half);
      if (group.length < 2) continue;
      const low = Math.min(...group.map((s) => s.amount));
      const odd = group.reduce((t, s) => t + s.amount - low, 0);
      if (odd < 2) continue;
      changed = true;
      group.forEach((s, k) =>
        stacks.set(s.seat, (stacks.get(s.seat) as number) - (s.amount - low) + (k === 0 ? odd : 0)),
      );
    }
  }
  return changed ? replay.seats.map((seat) => (stacks.get(seat) as number) / replay.scale) : null;
}

/** A hi/lo hand where some pot's low half found no qualifying low (so the high hand scooped it). */
export function hadPotWithoutLow(replay: PhhReplay): boolean {
  if (!replay.state.spec.ranking.low) return false;
  return replay.events.some(
    (event) =>
      event.type === 'pot-awarded' &&
      (event as Awarded).eligible.length > 1 &&
      (event as Awarded).shares.every((s) => s.half === 'whole'),
  );
}

/**
 * Our stacks and the recorded ones differ by one chip between the high and the low winner of an
 * odd Hi/Lo split: we paid the odd chip to the high half (docs/rules/README.md), PokerKit to the low hand.
 */
export function isHiLoOddChip(replay: PhhReplay, want: readonly number[]): boolean {
  const diff = replay.finishingStacks.map((x, i) => x - want[i]);
  const plus = diff.findIndex((d) => d === 1 / replay.scale);
  const minus = diff.findIndex((d) => d === -1 / replay.scale);
  if (plus < 0 || minus < 0 || diff.filter((d) => d !== 0).length !== 2) return false;
  const [hiSeat, loSeat] = [replay.seats[plus], replay.seats[minus]];
  return replay.events.some((event) => {
    if (event.type !== 'pot-awarded') return false;
    const awarded = event as Awarded;
    return (
      (awarded.amount - awarded.rake) % 2 === 1 &&
      awarded.shares.some((s) => s.seat === hiSeat && s.half === 'high') &&
      awarded.shares.some((s) => s.seat === loSeat && s.half === 'low')
    );
  });
}

/** Stud: a recorded all-in above the completion was refused after a bring-in posted short. */
export function isStudCompletionAfterShortBringIn(error: PhhError): boolean {
  const refused = error.refused;
  if (!refused || refused.code !== 'ILLEGAL_AMOUNT') return false;
  const handState = refused.state;
  if (!handState.spec.forcedBets.bringIn || handState.street !== 0 || handState.betCount !== 0 || handState.toAct < 0)
    return false;
  const bringIn = handState.config.stakes.bringIn ?? 2 * (handState.config.stakes.ante ?? 0);
  const allInTo = handState.bets[handState.toAct] + handState.stacks[handState.toAct];
  return handState.currentBet > 0 && handState.currentBet < bringIn && refused.action.amount === allInTo;
}
