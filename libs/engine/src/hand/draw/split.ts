import { setAllIn, type Draft } from '../draft';
import { leftOfButton } from '../order';
import { splitAmount } from '../pots';
import type { HandEvent } from '../types';

/**
 * 32-Card Draw's split button (house rules "Funktion Aufteilen"). After the draw the first player to
 * act may offer to split; the offer passes on (to every player still in, all-in players included,
 * in betting order) while players accept, and one refusal ends it. A pot is divided equally among its
 * players when every one of them accepted — with side pots a refusal only keeps the pots the refusing
 * player plays for. Odd chips: one each from the button's left.
 *
 * Decision where the rule text is silent: the offer is its own short phase before the betting round
 * ('split' / 'no-split'); accepting or refusing is not a check, the betting round then starts as usual.
 */

interface Layer {
  level: number;
  amount: number;
  eligible: number[];
}

/** Pot layers by contribution level (the same layering as `buildPots`, keeping each pot's level). */
function layers(draft: Draft): Layer[] {
  const levels: number[] = [];
  for (let i = 0; i < draft.seats.length; i++) {
    const card = draft.committed[i];
    if (!draft.folded[i] && card > 0 && !levels.includes(card)) levels.push(card);
  }
  levels.sort((a, b) => a - b);
  let prev = 0;
  const out: Layer[] = [];
  for (const level of levels) {
    let amount = 0;
    const eligible: number[] = [];
    for (let i = 0; i < draft.seats.length; i++) {
      const card = draft.committed[i];
      if (card > prev) amount += Math.min(card, level) - prev;
      if (!draft.folded[i] && card >= level) eligible.push(i);
    }
    out.push({ level, amount, eligible });
    prev = level;
  }
  return out;
}

/**
 * Divides the pots every player of which accepted (they are the top layers: a refusing player plays for
 * every pot up to his own level). Returns true when that was every pot and the hand is over.
 */
export function settleSplit(draft: Draft, accepted: readonly boolean[], ev: HandEvent[]): boolean {
  const ls = layers(draft);
  let k0 = ls.length;
  while (k0 > 0 && ls[k0 - 1].eligible.every((i) => accepted[i])) k0--;
  if (k0 === ls.length) return false;
  const all = k0 === 0;
  const amounts = ls.slice(k0).map((l) => l.amount);
  // Chips carried in from an earlier deal belong to the main pot.
  if (all && amounts.length) amounts[0] += draft.config.carryOver ?? 0;
  const rake = draft.config.rake
    ? draft.config.rake({
        pots: amounts,
        playersDealt: draft.seats.length,
        dropEligible: draft.street >= draft.spec.rakeFromStreet,
      })
    : amounts.map(() => 0);
  const seatCount = draft.seats.length;
  const lob = leftOfButton(draft);
  draft.stacks = draft.stacks.slice();
  for (let k = k0; k < ls.length; k++) {
    const amount = amounts[k - k0] - rake[k - k0];
    const shares = splitAmount(amount, ls[k].eligible, (i) => (i - lob + seatCount) % seatCount);
    const out: { seat: number; amount: number; half: 'whole' }[] = [];
    for (const [index, amount] of shares) {
      draft.stacks[index] += amount;
      out.push({ seat: draft.seats[index], amount: amount, half: 'whole' });
    }
    ev.push({
      type: 'pot-awarded',
      pot: k,
      amount: amounts[k - k0],
      rake: rake[k - k0],
      eligible: ls[k].eligible.map((i) => draft.seats[i]),
      shares: out,
    });
  }
  // The divided pots leave the hand: contributions above the highest kept level are paid out.
  const cap = all ? 0 : ls[k0 - 1].level;
  for (let i = 0; i < seatCount; i++) {
    if (draft.committed[i] > cap) draft.committed[i] = cap;
    if (draft.stacks[i] > 0) setAllIn(draft, i, false);
  }
  ev.push({ type: 'x-split-settled', pots: ls.length - k0, allPots: all });
  if (!all) return false;
  draft.phase = 'complete';
  draft.toAct = -1;
  ev.push({ type: 'hand-ended', stacks: draft.seats.map((seat, i) => ({ seat, stack: draft.stacks[i] })) });
  return true;
}
