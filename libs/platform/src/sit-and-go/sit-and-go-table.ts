// The table part of a Sit & Go or Spin instance (SitAndGoService delegates here), driven by
// SitAndGoTableRunner, the tournament table runner of ../tournaments: what the table may deal next
// (the dead-button deal from the last completed hands), a hand's record (busts, places, the payout
// job when one player is left), the seats the table mirrors between hands, and the crash rule for a
// table taken over. Moved out of the service to keep it readable; it shares the service's
// collaborators through the SitAndGoContext (sit-and-go-context.ts).
import { cancelRunningHand, HandStore, type Tx } from '@naiko/persistence';
import { phaseAfterHand } from '@naiko/tournament';
import type { HandResult } from '../tournaments/mtt-state';
import { oddChipOrder, type SeatWithStack, type TableFence, type TableHandStart } from '../tournaments/table-runner';
import { tournamentIdOf, type SitAndGoContext } from './sit-and-go-context';
import type { InstanceRow } from './sit-and-go.service';
import { positionsOf, sngDeal, type StoredHandConfig } from './sit-and-go.tables';
import { groupsOf, recordHandOutcome, type DealtIn } from './standings';

export class SitAndGoTable {
  constructor(private readonly context: SitAndGoContext) {}

  /**
   * Records a finished hand: busts and their places, the new button, the hand count; when one
   * player is left the instance moves to `paying` and the payout job is enqueued.
   */
  async recordHand(
    instanceId: number,
    dealtIn: readonly DealtIn[],
    after: ReadonlyMap<string, number>,
    button: number,
    opts: { fence?: TableFence; onlyUnrecorded?: boolean } = {},
  ): Promise<{ busted: string[]; winner: string | null }> {
    const out = await this.context.store.transaction(async (tx) => {
      const row = await this.context.lock(tx, instanceId);
      await opts.fence?.(tx);
      if (row.status !== 'running') return { busted: [], winner: null };
      // The table's hand numbers are hands_played + 1: a completed hand numbered at most
      // hands_played is recorded already (a retried or repeated record changes nothing).
      if (opts.onlyUnrecorded && ((await this.lastHands(instanceId, 1, tx))[0]?.handNumber ?? 0) <= row.hands_played)
        return { busted: [], winner: null };
      const groups = groupsOf(row.standings);
      const entrants = row.seating?.length ?? 0;
      const placed = groups.reduce((a, g) => a + g.players.length, 0);
      const outcome = recordHandOutcome({ remaining: entrants - placed, groups }, dealtIn, after);
      const tournamentId = tournamentIdOf(instanceId);
      for (const group of outcome.standings.groups) {
        for (const userId of group.players) {
          if (outcome.busted.includes(userId))
            await this.context.store.markBusted(tx, tournamentId, userId, group.bestPlace);
        }
      }
      const status = phaseAfterHand(row.status, !!outcome.winner) as 'paying' | 'running';
      await this.context.store.recordHand(tx, instanceId, { standings: outcome.standings.groups, button, status });
      return { busted: outcome.busted, winner: outcome.winner };
    });
    if (out.winner) await this.context.jobs.ensure('sitAndGoPayout', { instanceId });
    this.context.changed(instanceId);
    return out;
  }

  /** The last `n` completed hands of the instance's table, newest first. */
  private async lastHands(
    instanceId: number,
    count: number,
    tx?: Tx,
  ): Promise<
    { id: string; handNumber: number; config: StoredHandConfig; players: { seat: number; userId: string }[] }[]
  > {
    const hands = await this.context.store.lastCompletedHands(tournamentIdOf(instanceId), count, tx);
    return hands.map((hand) => ({ ...hand, config: hand.config as StoredHandConfig }));
  }

  private stacksOf(instanceId: number, tx?: Tx): Promise<Map<string, number>> {
    return this.context.store.stacks(tournamentIdOf(instanceId), tx);
  }

  /** The table by seat: players with chips and their stacks (busted players have left). */
  private seatsOf(row: InstanceRow, stacks: ReadonlyMap<string, number>): (SeatWithStack | null)[] {
    const seats: (SeatWithStack | null)[] = Array.from({ length: row.template.seats }, () => null);
    for (const seated of row.seating ?? []) {
      const stack = stacks.get(seated.userId) ?? 0;
      if (stack > 0) seats[seated.seat] = { userId: seated.userId, stack };
    }
    return seats;
  }

  /**
   * The table asks before each deal (row lock, the table owner's fence): null when it may not deal
   * (not running, a break, one player left); else who is dealt in, the button and the blinds by the
   * dead-button rule from the last completed hand's positions, the stakes' step and the stacks.
   */
  async beginTableHand(instanceId: number, fence?: TableFence): Promise<TableHandStart | null> {
    return this.context.store.transaction(async (tx) => {
      const row = await this.context.lock(tx, instanceId);
      await fence?.(tx);
      if (row.status !== 'running' || !this.context.service.levelInForce(row)) return null;
      const stacks = await this.stacksOf(instanceId, tx);
      const seats = this.seatsOf(row, stacks);
      const alive = seats.flatMap((s, seat) => (s ? [{ seat, userId: s.userId }] : []));
      const [last, before] = await this.lastHands(instanceId, 2, tx);
      const deal = sngDeal(
        alive,
        row.template.seats,
        positionsOf(last?.config ?? null, before?.config ?? null),
        row.button,
      );
      if (!deal) return null;
      return { deal, stepIndex: row.step_index, handNumber: row.hands_played + 1, seats, version: row.hands_played };
    });
  }

  /** A hand ended at the table: busts, places, the payout when one player is left (once per hand). */
  async finishTableHand(
    instanceId: number,
    result: HandResult,
    fence?: TableFence,
  ): Promise<{ moves: never[]; brokenTables: never[] }> {
    const [last] = await this.lastHands(instanceId, 1);
    await this.recordHand(instanceId, result.dealtIn, result.after, last?.config.button ?? 0, {
      onlyUnrecorded: true,
      ...(fence ? { fence } : {}),
    });
    return { moves: [], brokenTables: [] };
  }

  /** The table by seat with stacks, for the table to mirror between hands (version: hands recorded). */
  async seatMaps(
    instanceId: number,
  ): Promise<{ running: boolean; version: number; tables: Map<number, (SeatWithStack | null)[]>; open: Set<number> }> {
    const row = await this.context.service.instance(instanceId);
    const running = row.status === 'running';
    const seats = this.seatsOf(row, await this.stacksOf(instanceId));
    return {
      running,
      version: row.hands_played,
      tables: new Map(running ? [[1, seats]] : []),
      open: new Set(running ? [1] : []),
    };
  }

  /**
   * The crash rule for the table, run by the process (or copy) that just took it (its fencing
   * token already stored when clustered): a hand left running is cancelled (contributions back to
   * the tournament stacks); a hand the dead dealer completed but never recorded is recorded now from
   * the stored hand (stacks before, button) and the book (stacks after), so its busts count.
   * Returns the cancelled hands' ids.
   */
  async recoverTable(instanceId: number, fence?: TableFence): Promise<string[]> {
    const running = await this.context.store.runningHandIds(tournamentIdOf(instanceId));
    const hands = new HandStore(this.context.prisma);
    for (const handId of running) await cancelRunningHand(this.context.prisma, await hands.getHand(handId));
    const row = await this.context.service.instance(instanceId);
    const [last] = await this.lastHands(instanceId, 1);
    if (row.status === 'running' && last && last.handNumber > row.hands_played) {
      const players = [...last.players].sort((a, b) => a.seat - b.seat);
      const now = await this.stacksOf(instanceId);
      const ordered = oddChipOrder(players, last.config.button);
      this.context.logger.warn({
        msg: 'recording a Sit & Go hand its dead dealer finished but never recorded',
        instanceId,
        handId: last.id,
      });
      await this.recordHand(
        instanceId,
        ordered.map((seated, order) => ({
          userId: seated.userId,
          stack: last.config.seats.find((s) => s.seat === seated.seat)?.stack ?? 0,
          order,
        })),
        new Map(players.map((p) => [p.userId, now.get(p.userId) ?? 0])),
        last.config.button,
        { onlyUnrecorded: true, ...(fence ? { fence } : {}) },
      );
    }
    return running;
  }
}
