// Crash recovery of a scheduled tournament's tables (TournamentsService delegates here): after a
// restart, every table left busy; after a takeover of one table's lease, that table only. Hands left
// running are cancelled, a completed hand its dead owner never recorded is recorded through the
// service's `finishTableHand`, and a table no longer counts as busy. Moved out of the service to keep
// it readable; the steps and their order are the same.
import { cancelRunningHand, HandStore } from '@naiko/persistence';
import type { HandResult } from './mtt-state';
import { mttTournamentId } from './table-ids';
import type { TableFence } from './table-runner';
import type { TournamentContext } from './tournament-context';

export class TableRecovery {
  constructor(private readonly context: TournamentContext) {}

  /**
   * Crash rule after a restart: hands left running were cancelled (stacks restored) by the caller;
   * no table is busy afterwards. A busy table whose last begun hand completed but was never recorded
   * (the process died between the hand's end commit and finishTableHand) has it recorded, as a copy
   * taking one table over does (`recoverTable`): otherwise a player that hand busted would stay
   * seated with no chips, and his table could never deal again.
   */
  async clearHandsInProgress(id: number): Promise<void> {
    for (const tableNo of await this.context.store.busyTableNos(id))
      await this.context.service.recoverTable(id, tableNo);
    await this.context.runs.exclusive(id, async (tx) => {
      await this.context.store.clearHandsInProgress(tx, id);
    });
  }

  /**
   * Scale-out crash rule for ONE table, run by the copy that just took the table's lease (its
   * fencing token already stored, so the old owner can write nothing more there). Other tables of
   * the tournament, dealt by other copies, are untouched.
   *   - The tournament hands left running at this table are cancelled (contributions back to the
   *     tournament stacks). A running hand belongs to this table when its players sit here: the
   *     tournament never moves a player while his table is in a hand, and a player is in one hand
   *     at a time.
   *   - The hand the table began last (`hand_begun`) completed but its result was never recorded
   *     (the owner died between the hand's last write and `finishTableHand`): recorded now from
   *     the stored hand (stacks before, button) and the book (stacks after), so busts and places
   *     are not lost.
   *   - Otherwise the table simply no longer counts as busy.
   * Returns the cancelled hands' ids.
   */
  async recoverTable(id: number, tableId: number, fence?: TableFence): Promise<string[]> {
    const table = await this.context.store.tableHandState(id, tableId);
    if (!table || table.closed) return [];
    const seated = new Set((await this.context.store.seatRows(id, [tableId])).map((x) => x.user_id));
    const tid = mttTournamentId(id);
    const running = await this.context.store.runningHands(tid);
    const mine = running.filter((hand) => {
      const players = hand.players as { userId: string }[];
      return players.length > 0 && players.every((p) => seated.has(p.userId));
    });
    const handStore = new HandStore(this.context.prisma);
    for (const hand of mine) await cancelRunningHand(this.context.prisma, await handStore.getHand(hand.id));
    const cancelled = mine.map((h) => h.id);
    if (!table.hand_in_progress) return cancelled;
    const begun = table.hand_begun;
    const last = begun === null ? null : await this.context.store.handNumbered(tid, begun);
    if (last?.status === 'completed') {
      const players = (last.players as { seat: number; userId: string }[]).slice().sort((a, b) => a.seat - b.seat);
      const config = last.config as { button: number; seats: { seat: number; stack: number }[] };
      const playerCount = players.length;
      const buttonIndex = players.findIndex((p) => p.seat === config.button);
      const now = await this.context.stacksOf(
        id,
        players.map((p) => p.userId),
      );
      const result: HandResult = {
        dealtIn: players.map((player, index) => ({
          userId: player.userId,
          stack: config.seats.find((s) => s.seat === player.seat)?.stack ?? 0,
          order: (index - buttonIndex - 1 + 2 * playerCount) % playerCount,
        })),
        after: new Map(players.map((p) => [p.userId, now.get(p.userId) ?? 0])),
      };
      this.context.logger.warn({
        msg: 'recording a tournament hand its dead owner finished but never recorded',
        tournamentId: id,
        tableId,
        handId: last.id,
      });
      await this.context.service.finishTableHand(id, tableId, result, fence);
      return cancelled;
    }
    const small = await this.context.runs.table(id, async (tx) => {
      const tournament = await this.context.stored(tx, id);
      await fence?.(tx);
      await this.context.store.clearTableHand(tx, id, tableId);
      return tournament.state;
    });
    // The final-table redraw may have waited for this table's hand: no table deals meanwhile, so
    // no finished hand would run the planner. (Other holds run it at the next hand finished.) So may
    // a satellite whose seats were decided during this hand (issue 25): the planner job ends it.
    if (small.pauseDeals || small.seatsDecided)
      await this.context.service.balanceCheck({ tournamentId: id, version: 0 });
    this.context.service.changed(id);
    return cancelled;
  }
}
