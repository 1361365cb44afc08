// Bounties of scheduled tournaments (issue 25), wired around libs/tournament's bounties.ts.
//
// Money: an entry pays the bounty on top of its buy-in into the tournament's pool account
// (`pool:mtt-<id>`, the same account as the prize pool; the prize pool proper is computed from the
// counts, so the bounty money is the rest of that account). Each entry's head starts at the bounty;
// a progressive knockout (PKO) grows it by `mtt_entries.head_increase`, and so does the bounty a rebuy
// buys (fixed or PKO: `headAfterRebuy`; a busted player who rebuys starts again at the bounty).
//
// When a player busts, in the same transaction as the bust (both the shared fast path and the
// exclusive path of `finishTableHand`), his head is split among the players who won his chips, by
// side-pot share (`eliminatorsFromPots`): fixed bounty → all of it in cash; PKO → half cash (odd chip
// to the cash), half onto the eliminator's own head. Cash moves pool → user, key
// `mtt:<id>:bounty:<bustedEntryId>` (`…:r<n>` for an entry with n rebuys: revived entries bust again).
// At the payout the winner collects his own head
// (`mtt:<id>:bounty-own:<entryId>`); a cancellation refunds the heads still standing
// (`mtt:<id>:bounty-refund:<entryId>`). So the bounty money in the pool ends at exactly 0.
import { Accounts, bountyRepository, postInTransaction, type Movement, type Tx } from '@naiko/persistence';
import { eliminatorsFromPots, progressiveKnockout, splitBounty, type BustPot } from '@naiko/tournament';
import type { HandResult } from './mtt-state';
import type { TournamentSettings } from './tournament-config';

const book = (id: number) => `mtt-${id}`;

/**
 * The pots the busted player had chips in, from the hand's awarded pots: his contribution to pot k
 * is the slice of his chips between the cap of pot k-1 and the cap of pot k, a pot's cap being the
 * smallest total put in by its eligible players. Without pot data (a hand recorded after a crash),
 * one pseudo-pot: the players who gained chips in the hand, weighted by their gain.
 */
export function bustPotsFor(bustedId: string, result: HandResult): BustPot[] {
  const pots = result.pots ?? [];
  const out: BustPot[] = [];
  if (pots.length) {
    const committed = new Map(pots[0].committed.map((c) => [c.playerId, c.amount]));
    const mine = committed.get(bustedId) ?? 0;
    let prevCap = 0;
    for (const pot of pots) {
      const cap = Math.min(...pot.eligible.map((u) => committed.get(u) ?? 0));
      const slice = Math.min(mine, cap) - Math.min(mine, prevCap);
      prevCap = Math.max(prevCap, cap);
      const winners = pot.shares.filter((s) => s.amount > 0);
      const amount = winners.reduce((a, s) => a + s.amount, 0);
      if (slice > 0 && pot.eligible.includes(bustedId) && amount > 0) {
        out.push({ amount, bustedContribution: Math.min(slice, amount), winners });
      }
    }
  }
  if (out.length) return out;
  const before = new Map(result.dealtIn.map((p) => [p.userId, p.stack]));
  const gains = [...result.after].flatMap(([u, k]) =>
    k - (before.get(u) ?? 0) > 0 ? [{ playerId: u, amount: k - (before.get(u) ?? 0) }] : [],
  );
  const total = gains.reduce((a, g) => a + g.amount, 0);
  return total > 0 ? [{ amount: total, bustedContribution: total, winners: gains }] : [];
}

export interface BountyAward {
  bustedEntryId: number;
  head: number;
  awards: { userId: string; cash: number; headIncrease: number }[];
}

/** What each busted player's head pays (pure, over the entries' heads). */
export function bountyAwardsOf(
  bounty: NonNullable<TournamentSettings['bounty']>,
  result: HandResult,
  busted: readonly { userId: string; entryId: number; headIncrease: number }[],
): BountyAward[] {
  const out: BountyAward[] = [];
  for (const bust of busted) {
    const pots = bustPotsFor(bust.userId, result)
      .map((p) => ({ ...p, winners: p.winners.filter((w) => w.playerId !== bust.userId) }))
      .filter((p) => p.winners.length > 0)
      .map((bustPot) => ({
        ...bustPot,
        amount: bustPot.winners.reduce((a, w) => a + w.amount, 0),
        bustedContribution: Math.min(
          bustPot.bustedContribution,
          bustPot.winners.reduce((a, w) => a + w.amount, 0),
        ),
      }));
    if (!pots.length) continue; // nobody won his chips (cannot happen in a settled hand)
    const eliminators = eliminatorsFromPots(pots);
    // The head: the entry's bounty plus what it grew by (PKO knockouts won, bounties bought with rebuys).
    const head = bounty.amount + bust.headIncrease;
    const awards =
      bounty.kind === 'fixed'
        ? splitBounty(head, eliminators).map((x) => ({ userId: x.playerId, cash: x.amount, headIncrease: 0 }))
        : progressiveKnockout(head, eliminators).map((share) => ({
            userId: share.playerId,
            cash: share.cash,
            headIncrease: share.headIncrease,
          }));
    out.push({ bustedEntryId: bust.entryId, head, awards });
  }
  return out;
}

/**
 * Pays the bounties of this hand's busts, inside the transaction that records them (the busted
 * entries are already marked busted, their eliminators still active). Returns the cash paid.
 */
export async function awardBounties(
  tx: Tx,
  id: number,
  settings: TournamentSettings,
  result: HandResult,
  bustedUserIds: readonly string[],
): Promise<number> {
  if (!settings.bounty || bustedUserIds.length === 0) return 0;
  const users = result.dealtIn.map((p) => p.userId);
  const rows = await bountyRepository.entriesOf(tx, id, users);
  const lastEntry = new Map<string, (typeof rows)[number]>();
  for (const row of rows) lastEntry.set(row.user_id, row);
  const busted = bustedUserIds.flatMap((userId) => {
    const entry = lastEntry.get(userId);
    return entry ? [{ userId: userId, entryId: entry.entry_id, headIncrease: Number(entry.head_increase) }] : [];
  });
  const activeEntry = new Map(rows.filter((r) => r.status === 'active').map((r) => [r.user_id, r.entry_id]));
  // An entry revived by a rebuy after a bust (rebuys.ts) can bust again: one key per bust, told
  // apart by the rebuys bought by then (a second bust needs a rebuy in between).
  const rebuysOf = new Map(rows.map((r) => [r.entry_id, r.rebuys]));
  const keyOf = (entryId: number) => {
    const rebuys = rebuysOf.get(entryId) ?? 0;
    return rebuys > 0 ? `mtt:${id}:bounty:${entryId}:r${rebuys}` : `mtt:${id}:bounty:${entryId}`;
  };
  let paid = 0;
  for (const award of bountyAwardsOf(settings.bounty, result, busted)) {
    const awards = award.awards.filter((a) => activeEntry.has(a.userId));
    const movements: Movement[] = awards
      .filter((a) => a.cash > 0)
      .map((a) => ({ from: Accounts.tournamentPool(book(id)), to: Accounts.user(a.userId), amount: a.cash }));
    if (movements.length) {
      await postInTransaction(tx, {
        idempotencyKey: keyOf(award.bustedEntryId),
        reason: 'tournament_prize',
        refs: { tournamentId: book(id) },
        movements,
        note: 'bounty',
      });
    }
    if (awards.length) {
      const entryIds = awards.map((a) => activeEntry.get(a.userId)!);
      const heads = awards.map((a) => String(a.headIncrease));
      const cash = awards.map((a) => String(a.cash));
      await bountyRepository.addBounties(tx, id, entryIds, heads, cash);
    }
    paid += awards.reduce((a, x) => a + x.cash, 0);
  }
  return paid;
}

/**
 * Heads still standing go back to their owners: the winner's at the payout (`why = 'own'`), every
 * active entry's at a cancellation (`'refund'`).
 */
export async function payStandingHeads(
  tx: Tx,
  id: number,
  settings: TournamentSettings,
  why: 'own' | 'refund',
): Promise<void> {
  if (!settings.bounty) return;
  const rows = await bountyRepository.activeHeads(tx, id);
  for (const row of rows) {
    const head = settings.bounty.amount + Number(row.head_increase);
    if (head <= 0) continue;
    await postInTransaction(tx, {
      idempotencyKey: `mtt:${id}:bounty-${why}:${row.entry_id}`,
      reason: why === 'own' ? 'tournament_prize' : 'refund',
      refs: { tournamentId: book(id) },
      movements: [{ from: Accounts.tournamentPool(book(id)), to: Accounts.user(row.user_id), amount: head }],
      note: why === 'own' ? 'own bounty' : 'bounty refund',
    });
    if (why === 'own') await bountyRepository.addBountyWon(tx, id, row.entry_id, head);
  }
}

/** The bounty paid with an entry (on top of the buy-in), as a ledger movement into the pool. */
export function bountyEntryMovements(
  settings: TournamentSettings,
  userId: string,
  id: number,
  direction: 'in' | 'out',
): Movement[] {
  if (!settings.bounty) return [];
  const user = Accounts.user(userId);
  const pool = Accounts.tournamentPool(book(id));
  return [
    direction === 'in'
      ? { from: user, to: pool, amount: settings.bounty.amount }
      : { from: pool, to: user, amount: settings.bounty.amount },
  ];
}
