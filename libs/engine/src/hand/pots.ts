import type { HandConfig } from './types';

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
export function buildPots(committed: readonly number[], folded: readonly boolean[], dead?: readonly number[]): Pot[] {
  if (dead && dead.some((x) => x > 0)) return withDeadMoney(committed, folded, dead);
  const levels: number[] = [];
  for (let i = 0; i < committed.length; i++) {
    const card = committed[i];
    if (!folded[i] && card > 0 && !levels.includes(card)) levels.push(card);
  }
  levels.sort((a, b) => a - b);
  const pots: Pot[] = [];
  let prev = 0;
  let total = 0;
  for (const lvl of levels) {
    let amount = 0;
    const eligible: number[] = [];
    for (let i = 0; i < committed.length; i++) {
      const card = committed[i];
      if (card > prev) amount += (card < lvl ? card : lvl) - prev;
      if (!folded[i] && card >= lvl) eligible.push(i);
    }
    if (amount > 0) pots.push({ amount, eligible });
    total += amount;
    prev = lvl;
  }
  // Chips of folded players above every live level cannot exist after uncalled bets are returned,
  // but never lose a chip: they would belong to the last pot.
  let all = 0;
  for (const card of committed) all += card;
  if (all > total && pots.length) pots[pots.length - 1].amount += all - total;
  return pots;
}

/**
 * Dead money posted for the table (the big-blind ante, the dead part of a post) is not a bet that
 * others must match: it creates no pot level of its own and goes into the main pot, which every
 * player still in plays for. (Ordinary antes stay in the levels: each player antes for himself.)
 */
function withDeadMoney(committed: readonly number[], folded: readonly boolean[], dead: readonly number[]): Pot[] {
  const live = committed.map((c, i) => c - dead[i]);
  let total = 0;
  for (const amount of dead) total += amount;
  const pots = buildPots(live, folded);
  if (pots.length) pots[0].amount += total;
  else {
    const eligible: number[] = [];
    for (let i = 0; i < folded.length; i++) if (!folded[i]) eligible.push(i);
    pots.push({ amount: total, eligible });
  }
  return pots;
}

/**
 * The dead money each player posted for the table: the big-blind ante and the dead part of table
 * posts, as far as his stack covered them. Follows `postForcedBets` (start.ts): antes, small blind,
 * big blind, big-blind ante, then each post's live part and dead part.
 */
export function tableDeadMoney(config: HandConfig, sbIndex: number, bbIndex: number): number[] | undefined {
  const { stakes, posts } = config;
  const ante = stakes.ante ?? 0;
  // The common case (no big-blind ante, no dead posts) allocates nothing: this runs every showdown.
  if (!(ante > 0 && stakes.bigBlindAnte && bbIndex >= 0) && !(posts && posts.some((p) => p.dead > 0))) return undefined;
  const stacks = config.seats.map((s) => s.stack);
  const dead = stacks.map(() => 0);
  const take = (index: number, amount: number): number => {
    const taken = Math.min(amount, stacks[index]);
    stacks[index] -= taken;
    return taken;
  };
  if (ante > 0 && !stakes.bigBlindAnte) for (let i = 0; i < stacks.length; i++) take(i, ante);
  if (sbIndex >= 0) take(sbIndex, stakes.smallBlind);
  if (bbIndex >= 0) take(bbIndex, stakes.bigBlind);
  if (ante > 0 && stakes.bigBlindAnte && bbIndex >= 0) dead[bbIndex] += take(bbIndex, ante);
  for (const post of posts ?? []) {
    const index = config.seats.findIndex((s) => s.seat === post.seat);
    take(index, post.live);
    dead[index] += take(index, post.dead);
  }
  return dead;
}

/**
 * Splits `amount` equally among `winners`; the odd chips go one each to the winners nearest the
 * button on the left (`orderKey` gives each player's clockwise distance from the button).
 */
export function splitAmount(amount: number, winners: number[], orderKey: (i: number) => number): Map<number, number> {
  const sorted = winners.slice().sort((a, b) => orderKey(a) - orderKey(b));
  const level = sorted.length;
  const share = Math.floor(amount / level);
  let rem = amount - share * level;
  const out = new Map<number, number>();
  for (const contribution of sorted) {
    out.set(contribution, share + (rem > 0 ? 1 : 0));
    if (rem > 0) rem--;
  }
  return out;
}

/**
 * The pots as a table shows them during the hand (`HandView.pots`): the main pot and one side pot per
 * all-in level of a player still in, from what every player put in so far (this round's bets
 * included). The last pot runs up to the largest contribution: it is still open while players who are
 * not all-in keep betting. Folded players' chips count toward the levels they reached (eligible for
 * none); dead money posted for the table and chips carried over from the previous deal are in the main
 * pot. The amounts always add up to the whole pot (`potTotal`): no chip is shown twice or lost.
 */
export function sidePotsOf(
  committed: readonly number[],
  folded: readonly boolean[],
  allIn: readonly boolean[],
  dead?: readonly number[],
  carryOver = 0,
): Pot[] {
  const live = dead ? committed.map((c, i) => c - dead[i]) : committed.slice();
  const levels = [...new Set(live.filter((c, i) => allIn[i] && !folded[i] && c > 0))].sort((a, b) => a - b);
  const top = Math.max(0, ...live);
  if (top > 0 && !levels.includes(top)) levels.push(top);
  const pots: Pot[] = [];
  let floor = 0;
  for (const level of levels) {
    let amount = 0;
    const eligible: number[] = [];
    for (let i = 0; i < live.length; i++) {
      if (live[i] > floor) amount += Math.min(live[i], level) - floor;
      if (!folded[i] && live[i] >= level) eligible.push(i);
    }
    if (amount > 0) pots.push({ amount, eligible });
    floor = level;
  }
  let extra = carryOver;
  for (const amount of dead ?? []) extra += amount;
  if (extra > 0) {
    if (pots.length) pots[0].amount += extra;
    else pots.push({ amount: extra, eligible: folded.flatMap((f, i) => (f ? [] : [i])) });
  }
  return pots;
}
