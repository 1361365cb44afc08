/** A pot and the player indices who can win it. */
export interface Pot {
  amount: number;
  eligible: number[];
}

/**
 * Main and side pots from what every player put in during the hand. Each all-in level of a
 * player still in closes a pot; folded players' chips count toward the levels they reached but
 * they are eligible for none. Built from total contributions, so antes and dead posts fall in
 * naturally.
 */
export function buildPots(committed: readonly number[], folded: readonly boolean[]): Pot[] {
  const levels: number[] = [];
  for (let i = 0; i < committed.length; i++) {
    const c = committed[i];
    if (!folded[i] && c > 0 && !levels.includes(c)) levels.push(c);
  }
  levels.sort((a, b) => a - b);
  const pots: Pot[] = [];
  let prev = 0;
  let total = 0;
  for (const lvl of levels) {
    let amount = 0;
    const eligible: number[] = [];
    for (let i = 0; i < committed.length; i++) {
      const c = committed[i];
      if (c > prev) amount += (c < lvl ? c : lvl) - prev;
      if (!folded[i] && c >= lvl) eligible.push(i);
    }
    if (amount > 0) pots.push({ amount, eligible });
    total += amount;
    prev = lvl;
  }
  // Chips of folded players above every live level cannot exist after uncalled bets are returned,
  // but never lose a chip: they would belong to the last pot.
  let all = 0;
  for (const c of committed) all += c;
  if (all > total && pots.length) pots[pots.length - 1].amount += all - total;
  return pots;
}

/**
 * Splits `amount` equally among `winners`; the odd chips go one each to the winners nearest the
 * button on the left (`orderKey` gives each player's clockwise distance from the button).
 */
export function splitAmount(amount: number, winners: number[], orderKey: (i: number) => number): Map<number, number> {
  const sorted = winners.slice().sort((a, b) => orderKey(a) - orderKey(b));
  const k = sorted.length;
  const share = Math.floor(amount / k);
  let rem = amount - share * k;
  const out = new Map<number, number>();
  for (const w of sorted) {
    out.set(w, share + (rem > 0 ? 1 : 0));
    if (rem > 0) rem--;
  }
  return out;
}
