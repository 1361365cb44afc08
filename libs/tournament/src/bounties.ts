/**
 * Bounties: fixed bounty per knockout, progressive knockout (PKO), and the split when several players
 * bust the same player in one hand.
 *
 * Who eliminated whom (the split rule, written down): a busted player's chips went into one or more
 * pots (main pot and the side pots he was in). Each eliminator's share of the bounty is his share of
 * the busted player's own chips: for every pot, the busted player's contribution to that pot is
 * divided among that pot's winners in proportion to what each won of the pot; the bounty is then
 * divided in proportion to those totals. One winner of every pot he was in → that player takes the
 * whole bounty; a chopped pot → the choppers share it; a busted player who was in the main pot and a
 * side pot won by different players → split by how many of his chips each pot held. This is the
 * "by side-pot share" rule of the major rooms; rooms word it differently, this is the one we publish.
 *
 * Odd chips of a split: largest remainder first, then the eliminator who took more of the busted
 * player's chips, then input order (`apportion`).
 *
 * PKO: each eliminator's share of the busted player's head is halved: half paid to him as prize
 * money (cash, now), half added to his own head. An odd share puts the odd chip in the cash half
 * (`cash = ceil(share / 2)`, `head = floor(share / 2)`). The tournament winner also collects his own
 * head at the end (`winnerOwnBounty`).
 */
import { apportion } from './apportion';
import { BountyError } from './errors';

/** One pot the busted player had chips in, as settled by the hand. */
export interface BustPot {
  /** Total chips in the pot. */
  readonly amount: number;
  /** Chips the busted player put into this pot. */
  readonly bustedContribution: number;
  /** Who won the pot and how much each took (several on a chop); sums to `amount`. */
  readonly winners: readonly { readonly playerId: string; readonly amount: number }[];
}

export interface Eliminator {
  readonly playerId: string;
  /** Weight of his claim: the busted player's chips he won (any common unit, exact). */
  readonly weight: bigint;
}

const isNonNegInt = (n: number) => Number.isSafeInteger(n) && n >= 0;

/**
 * The eliminators of one busted player from the pots he was in, weighted by the share of his chips
 * each won (exact: weights are scaled to a common denominator, the product of the pot amounts).
 */
export function eliminatorsFromPots(pots: readonly BustPot[]): Eliminator[] {
  if (pots.length === 0) throw new BountyError('bad-eliminators', 'a busted player was in at least one pot');
  for (const pot of pots) {
    const won = pot.winners.reduce((a, w) => a + w.amount, 0);
    if (
      !isNonNegInt(pot.amount) ||
      pot.amount === 0 ||
      !isNonNegInt(pot.bustedContribution) ||
      pot.bustedContribution > pot.amount ||
      pot.winners.length === 0 ||
      !pot.winners.every((w) => isNonNegInt(w.amount)) ||
      won !== pot.amount
    ) {
      throw new BountyError(
        'bad-eliminators',
        'each pot has a positive amount, its winners sum to it, the contribution fits',
      );
    }
  }
  const common = pots.reduce((acc, p) => acc * BigInt(p.amount), 1n);
  const weights = new Map<string, bigint>();
  for (const pot of pots) {
    for (const winner of pot.winners) {
      const add = (BigInt(pot.bustedContribution) * BigInt(winner.amount) * common) / BigInt(pot.amount);
      weights.set(winner.playerId, (weights.get(winner.playerId) ?? 0n) + add);
    }
  }
  const out = [...weights].filter(([, w]) => w > 0n).map(([playerId, weight]) => ({ playerId, weight }));
  if (out.length === 0) throw new BountyError('bad-eliminators', "nobody won any of the busted player's chips");
  return out;
}

function checkEliminators(eliminators: readonly Eliminator[]): void {
  if (eliminators.length === 0 || !eliminators.every((e) => e.weight > 0n)) {
    throw new BountyError('bad-eliminators', 'at least one eliminator, each with a positive weight');
  }
  if (new Set(eliminators.map((e) => e.playerId)).size !== eliminators.length) {
    throw new BountyError('duplicate-player', 'an eliminator is listed twice');
  }
}

/** Splits `bounty` among the eliminators by weight; whole chips, exact sum, odd chips as documented. */
export function splitBounty(
  bounty: number,
  eliminators: readonly Eliminator[],
): { playerId: string; amount: number }[] {
  if (!isNonNegInt(bounty)) throw new BountyError('bad-amount', 'a bounty is a non-negative integer');
  checkEliminators(eliminators);
  const byWeight = eliminators
    .map((_, i) => i)
    .sort((left, right) => {
      const wa = eliminators[left].weight;
      const wb = eliminators[right].weight;
      return wa === wb ? left - right : wb > wa ? 1 : -1;
    });
  const rank: number[] = new Array(eliminators.length);
  byWeight.forEach((i, r) => (rank[i] = r));
  const amounts = apportion(
    bounty,
    eliminators.map((e) => e.weight),
    rank,
  );
  return eliminators.map((e, i) => ({ playerId: e.playerId, amount: amounts[i] }));
}

/** Fixed bounty: every knockout pays the same `bounty`, split among the eliminators. */
export function fixedBountyPayout(bounty: number, eliminators: readonly Eliminator[]) {
  return splitBounty(bounty, eliminators);
}

export interface PkoAward {
  readonly playerId: string;
  /** Paid now as prize money. */
  readonly cash: number;
  /** Added to the eliminator's own head. */
  readonly headIncrease: number;
}

/** Progressive knockout: the busted head is split among the eliminators, each share half cash, half head. */
export function progressiveKnockout(bustedHead: number, eliminators: readonly Eliminator[]): PkoAward[] {
  return splitBounty(bustedHead, eliminators).map(({ playerId, amount }) => ({
    playerId,
    cash: amount - Math.floor(amount / 2),
    headIncrease: Math.floor(amount / 2),
  }));
}

/** Applies PKO awards to the heads map (new object); the busted player's head goes to 0. */
export function applyKnockoutToHeads(
  heads: Readonly<Record<string, number>>,
  bustedId: string,
  awards: readonly PkoAward[],
): Record<string, number> {
  const out = { ...heads };
  for (const award of awards) {
    if (!(award.playerId in out)) throw new BountyError('bad-eliminators', `no head for eliminator ${award.playerId}`);
    out[award.playerId] += award.headIncrease;
  }
  out[bustedId] = 0;
  return out;
}

/** The winner of a PKO collects his own head: it is paid to him as prize money at the end. */
export function winnerOwnBounty(heads: Readonly<Record<string, number>>, winnerId: string): number {
  const head = heads[winnerId];
  if (head === undefined) throw new BountyError('bad-eliminators', `no head for ${winnerId}`);
  return head;
}

/**
 * A rebuy in a bounty tournament buys a new bounty (paid on top of the rebuy, like the entry's): it
 * goes on the rebuyer's own head. A player who busted and rebuys has no head left (it went to his
 * eliminators): his head is the new bounty alone. A player still in (at or below the starting
 * stack) keeps his head and adds the new bounty to it — fixed and progressive alike: the head is
 * what his knockout pays (fixed: split in cash; PKO: half cash, half onto the eliminator's head).
 */
export function headAfterRebuy(head: number, bounty: number, busted: boolean): number {
  if (!isNonNegInt(head) || !isNonNegInt(bounty))
    throw new BountyError('bad-amount', 'heads are non-negative integers');
  return busted ? bounty : head + bounty;
}
