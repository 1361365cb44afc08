// Rebuys and add-ons of scheduled tournaments (issue 25), wired around libs/tournament's rebuys.ts.
//
// A purchase changes one seated player's stack between his table's hands and the prize pool
// counter, so it takes the locks of a hand's finish with busts far from the end (docs/architecture.md,
// "Scheduled tournaments"): the tournament's advisory lock in SHARED mode (hands at other tables go
// on; no tournament-wide change — a move, a break, a level — runs meanwhile, so the player stays at
// this table), that table's `mtt_tables` row FOR UPDATE (refused while the table is in a hand: the
// chips arrive between hands, never under a running hand), then the tournament row FOR UPDATE as
// the counter (`rebuys_bought`, `add_ons_bought`: the live prize pool), then his entry row. Same
// lock order as `recordBustsAtTable` (table row, then tournament row): no deadlock between them.
//
// Ledger, one transaction (idempotency keys `mtt:<id>:rebuy:<entryId>:<n>`, `mtt:<id>:addon:<entryId>`):
// user → pool (price), user → house (fee), the tournament's issuer → his tournament stack (chips).
// The next deal at his table reads his stack from that book (`beginTableHand`), so the chips play
// from the next hand on.
//
// A busted player's rebuy (issue 25, `TournamentsService.rebuyAfterBust`): a bust during the rebuy
// period is not final (libs/tournament `bustIsFinal`); his entry waits unplaced like a bust during late
// registration, and until the period ends he may rebuy: the same ledger posting, and his entry comes
// back to life at a free seat (a tournament-wide change, so under the exclusive lock). Whoever has not
// rebought when the period ends is placed in bust order.
//
// Bounties (issue 25): a rebuy buys a new bounty, paid with it into the pool like the entry's, and it
// goes on the rebuyer's head (`headAfterRebuy`: added to the head of a player still in; the whole
// head of a busted player, whose old head went to his eliminators).
import { Injectable } from '@nestjs/common';
import {
  Accounts,
  mttRowsRepository,
  postInTransaction,
  TournamentPurchaseRepository,
  type Movement,
  type Tx,
} from '@naiko/persistence';
import { entryMovements } from './lifecycle-movements';
import {
  bustIsFinal,
  canAddOn,
  canRebuy,
  headAfterRebuy,
  levelAt,
  livePrizePool,
  scheduleOf,
  type ClockPosition,
  type RebuyConfig,
} from '@naiko/tournament';
import { bountyEntryMovements } from './bounty-awards';
import { lockShared } from './mtt-rows';
import type { TournamentSettings } from './tournament-config';
import { TournamentError } from './tournaments.errors';

export type PurchaseKind = 'rebuy' | 'add-on';

export interface PurchaseOutcome {
  kind: PurchaseKind;
  entryId: number;
  chips: number;
  /** His tournament stack after the purchase. */
  stack: number;
  rebuys: number;
  addOn: boolean;
  /** The live prize pool after it (buy-ins, rebuys and add-ons; bounties apart). */
  prizePool: number;
}

/** libs/tournament's rebuy config from the admin's settings (null: no rebuys in this tournament). */
export function rebuyConfigOf(settings: TournamentSettings): RebuyConfig | null {
  if (!settings.rebuys) return null;
  return {
    startingStack: settings.startingStack,
    rebuyUntilLevel: settings.rebuys.untilLevel,
    maxRebuys: settings.rebuys.maxRebuys,
    rebuy: settings.rebuys.rebuy,
    addOn: settings.rebuys.addOn,
  };
}

/** The live prize pool: entries' buy-ins plus every rebuy and add-on price (fees and bounties apart). */
export function livePoolOf(
  settings: TournamentSettings,
  entries: number,
  rebuysBought: number,
  addOnsBought: number,
): number {
  const config = rebuyConfigOf(settings);
  if (!config) return entries * settings.buyIn;
  return livePrizePool(
    config,
    { price: settings.buyIn, fee: settings.fee },
    { entries, rebuys: rebuysBought, addOns: addOnsBought },
  ).prizePool;
}

/** Is a bust at structure step `stepIndex` final (no rebuys, or the rebuy period is over)? */
export function bustsFinalAt(settings: TournamentSettings, stepIndex: number): boolean {
  return bustIsFinal(rebuyConfigOf(settings), clockAtStep(settings, stepIndex));
}

/** Where the clock stands at structure step `stepIndex` (its start). */
export function clockAtStep(settings: TournamentSettings, stepIndex: number): ClockPosition {
  return levelAt(settings.blindStructure, scheduleOf(settings.blindStructure)[stepIndex].startsAtMs);
}

const REFUSALS: Record<string, string> = {
  'rebuy-period-over': 'the rebuy period is over',
  'stack-above-starting': 'a rebuy needs a stack at or below the starting stack',
  'rebuy-limit-reached': 'no rebuys left',
  'no-add-on': 'this tournament has no add-on',
  'not-add-on-time': 'the add-on is offered at the end of the rebuy period',
  'add-on-used': 'the add-on was taken already',
  busted: 'busted players cannot take the add-on',
};

@Injectable()
export class TournamentPurchases {
  /** Called after a committed purchase (the lobby republishes the tournament). */
  onChanged: (id: number) => void = () => undefined;

  /** A busted player's rebuy (TournamentsService.rebuyAfterBust: a tournament-wide change). */
  afterBust: (id: number, userId: string) => Promise<PurchaseOutcome> = () =>
    Promise.reject(new TournamentError('REBUY_REFUSED', 'busted players cannot rebuy here'));

  constructor(private readonly purchases: TournamentPurchaseRepository) {}

  async rebuy(id: number, userId: string): Promise<PurchaseOutcome> {
    // Busted (his last entry busted, none live): his way back is the rebuy after a bust.
    if ((await this.purchases.lastEntryStatus(id, userId)) === 'busted') return this.afterBust(id, userId);
    return this.buy(id, userId, 'rebuy');
  }

  addOn(id: number, userId: string): Promise<PurchaseOutcome> {
    return this.buy(id, userId, 'add-on');
  }

  private async buy(id: number, userId: string, kind: PurchaseKind): Promise<PurchaseOutcome> {
    const out = await this.purchases.transaction(async (tx) => {
      await lockShared(tx, id);
      const tableNo = await this.purchases.seatTable(tx, id, userId);
      if (tableNo === undefined) throw new TournamentError('NOT_SEATED', `you are not seated in tournament ${id}`);
      const table = await this.purchases.lockTable(tx, id, tableNo);
      if (!table || table.closed) throw new TournamentError('NOT_SEATED', `you are not seated in tournament ${id}`);
      if (table.hand_in_progress)
        throw new TournamentError('HAND_IN_PROGRESS', 'your table is in a hand: buy after it ends');
      const tournamentRow = await this.purchases.lockTournament<TournamentSettings>(tx, id);
      if (!tournamentRow) throw new TournamentError('NOT_FOUND', `no tournament ${id}`);
      if (tournamentRow.status !== 'running')
        throw new TournamentError('REBUY_REFUSED', `tournament ${id} is ${tournamentRow.status}`);
      const config = rebuyConfigOf(tournamentRow.config);
      if (!config) throw new TournamentError('REBUY_REFUSED', 'this tournament has no rebuys');
      const entry = await this.purchases.lockActiveEntry(tx, id, userId);
      if (!entry) throw new TournamentError('NOT_SEATED', `you have no live entry in tournament ${id}`);
      const bookId = `mtt-${id}`;
      const stack = Number((await this.purchases.stackBalance(tx, `tstack:${bookId}:${userId}`)) ?? 0);
      const clock = clockAtStep(tournamentRow.config, tournamentRow.step_index);
      const player = { stack, rebuysUsed: entry.rebuys, addOnUsed: entry.add_on };
      const ok = kind === 'rebuy' ? canRebuy(config, clock, player) : canAddOn(config, clock, player);
      if (!ok.ok) throw new TournamentError('REBUY_REFUSED', REFUSALS[ok.reason] ?? ok.reason);
      const purchase = kind === 'rebuy' ? config.rebuy : config.addOn!;
      await postPurchase(
        tx,
        id,
        tournamentRow.config,
        userId,
        entry.entry_id,
        kind === 'rebuy' ? entry.rebuys + 1 : 'add-on',
      );
      const rebuys = entry.rebuys + (kind === 'rebuy' ? 1 : 0);
      const addOn = entry.add_on || kind === 'add-on';
      const counts = {
        rebuys: tournamentRow.rebuys_bought + (kind === 'rebuy' ? 1 : 0),
        addOns: tournamentRow.add_ons_bought + (kind === 'add-on' ? 1 : 0),
      };
      // A rebuy's bounty goes on his head (still in: added to it).
      const headIncrease =
        kind === 'rebuy' && tournamentRow.config.bounty
          ? headAfterRebuy(
              tournamentRow.config.bounty.amount + Number(entry.head_increase),
              tournamentRow.config.bounty.amount,
              false,
            ) - tournamentRow.config.bounty.amount
          : Number(entry.head_increase);
      // The seat's stored stack follows the book; the version bump lets the table mirror it between hands.
      await this.purchases.recordPurchase(tx, id, {
        entryId: entry.entry_id,
        rebuys,
        addOn,
        headIncrease,
        counts,
        userId,
        stack: stack + purchase.chips,
        tableNo,
      });
      return {
        kind,
        entryId: entry.entry_id,
        chips: purchase.chips,
        stack: stack + purchase.chips,
        rebuys,
        addOn,
        prizePool: livePoolOf(tournamentRow.config, tournamentRow.entries, counts.rebuys, counts.addOns),
      };
    });
    this.onChanged(id);
    return out;
  }
}

/**
 * The ledger side of a rebuy (`n`: his n-th) or an add-on, in the caller's transaction: price to the
 * pool, fee to the house, the chips issued to his tournament stack; a rebuy in a bounty tournament
 * also pays the new bounty into the pool. Keys `mtt:<id>:rebuy:<entryId>:<n>`, `mtt:<id>:addon:<entryId>`.
 */
export async function postPurchase(
  tx: Tx,
  id: number,
  settings: TournamentSettings,
  userId: string,
  entryId: number,
  nth: number | 'add-on',
): Promise<void> {
  const bookId = `mtt-${id}`;
  const purchase = nth === 'add-on' ? settings.rebuys!.addOn! : settings.rebuys!.rebuy;
  await postInTransaction(tx, {
    idempotencyKey: nth === 'add-on' ? `mtt:${id}:addon:${entryId}` : `mtt:${id}:rebuy:${entryId}:${nth}`,
    reason: 'tournament_entry',
    refs: { tournamentId: bookId },
    movements: [
      ...purchaseMovements(bookId, userId, purchase),
      ...(nth === 'add-on' ? [] : bountyEntryMovements(settings, userId, id, 'in')),
    ],
    note: nth === 'add-on' ? 'add-on' : 'rebuy',
  });
}

/** A rebuy or an add-on costs and brings what an entry does: its price, its fee, its chips. */
function purchaseMovements(
  bookId: string,
  userId: string,
  purchase: { chips: number; price: number; fee: number },
): Movement[] {
  return entryMovements(bookId, userId, { buyIn: purchase.price, fee: purchase.fee, startingStack: purchase.chips });
}

/**
 * At a cancellation: every rebuy and add-on bought is refunded (price and fee),
 * key `mtt:<id>:rebuy-refund:<entryId>`.
 */
export async function refundPurchases(tx: Tx, id: number, settings: TournamentSettings): Promise<void> {
  if (!settings.rebuys) return;
  const rows = await mttRowsRepository.purchasedEntries(tx, id);
  const bookId = `mtt-${id}`;
  for (const row of rows) {
    const addOn = row.add_on && settings.rebuys.addOn ? settings.rebuys.addOn : { price: 0, fee: 0 };
    const price = row.rebuys * settings.rebuys.rebuy.price + addOn.price;
    const fee = row.rebuys * settings.rebuys.rebuy.fee + addOn.fee;
    const movements: Movement[] = [];
    if (price > 0)
      movements.push({ from: Accounts.tournamentPool(bookId), to: Accounts.user(row.user_id), amount: price });
    if (fee > 0) movements.push({ from: Accounts.house(), to: Accounts.user(row.user_id), amount: fee });
    if (movements.length)
      await postInTransaction(tx, {
        idempotencyKey: `mtt:${id}:rebuy-refund:${row.entry_id}`,
        reason: 'refund',
        refs: { tournamentId: bookId },
        movements,
      });
  }
}
