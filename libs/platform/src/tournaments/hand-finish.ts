// A hand's finish at one table of a scheduled tournament on the shared path
// (TournamentsService.finishTableHand): a hand without bust, and busts far from the end. Each is
// one statement of its own when it can be (naiko_mtt_quiet_finish, naiko_mtt_bust_finish: the
// table's locks, and the bust counter, held for that statement only), else a transaction with the
// same checks in TypeScript (a fence that cannot say its token, a stale one, the first bust of a
// tournament, bounties). What they cannot record goes to the service's exclusive path.
import type { TournamentRepository } from '@naiko/persistence';
import { levelNumberInForce, placeBusts, recordBusts } from '@naiko/tournament';
import { awardBounties } from './bounty-awards';
import type { SmallState } from './mtt-rows';
import { entryIdOf, entryKey, lateRegistrationClosed, type HandResult, type MttState } from './mtt-state';
import { bustsFinalAt } from './rebuys';
import { mttTournamentId } from './table-ids';
import type { TableFence } from './table-runner';
import { prizeTableOf, type TournamentSettings } from './tournament-config';
import type { TournamentTimings } from './tournament-timings';
import type { TournamentTransactions } from './tournament-transactions';

/** The tournament row's part a finish reads. */
type FinishRow = { status: string; state: SmallState; step_index: number; config: TournamentSettings };

/**
 * Something tournament-wide waits on the hand a table finishes (hand-for-hand, the redraw's hold of
 * the deals, a cancellation, the winner, a satellite's seats decided): the exclusive path records it.
 * The same list as the SQL functions naiko_mtt_quiet_finish and naiko_mtt_busts_shared (migrations
 * mtt_hand_functions, mtt_bust_counter_last), which check it without this code.
 */
function tournamentWideWait(state: SmallState): boolean {
  return !!(state.handForHand || state.pauseDeals || state.cancelRequested || state.winner || state.seatsDecided);
}

export class SharedFinishes {
  constructor(
    private readonly store: TournamentRepository,
    private readonly runs: TournamentTransactions,
    private readonly timings: TournamentTimings,
  ) {}

  /**
   * The common finish (no bust, nothing tournament-wide waiting) in one statement
   * (naiko_mtt_quiet_finish). 'recorded': done (or the tournament no longer runs: nothing to
   * record); 'replan': recorded while the planner holds a move for a hand to end (it runs next);
   * 'exclusive': the exclusive path records it; 'general': the TypeScript checks decide (a fence
   * that cannot say its token, or a stale token). Nothing is written unless 'recorded' or 'replan'.
   */
  async quiet(
    id: number,
    tableId: number,
    stacks: ReadonlyMap<string, number>,
    fence?: TableFence,
  ): Promise<'recorded' | 'replan' | 'exclusive' | 'general'> {
    if (fence && !fence.token) return 'general';
    const token = fence?.token?.() ?? null;
    const outcome = await this.runs.statement(
      id,
      () => this.store.quietFinish(id, tableId, stacks, token),
      'quietFinish',
    );
    return outcome === 'ok' || outcome === 'not-running' ? 'recorded' : outcome;
  }

  /**
   * The quiet finish with its checks made here: the general path of a hand without bust (its
   * fence is checked in the transaction and raises the typed error); false: the exclusive path.
   */
  quietChecked(id: number, tableId: number, stacks: ReadonlyMap<string, number>, fence?: TableFence): Promise<boolean> {
    return this.runs.table(
      id,
      async (tx) => {
        const tournament = (await this.store.lockTableForFinish(tx, id, tableId)) as FinishRow | undefined;
        await fence?.(tx);
        if (!tournament || tournament.status !== 'running') return !!tournament;
        const smallState = tournament.state;
        // A planner hold also waits for this hand (a bust does not: the planner runs after it anyway).
        if (tournamentWideWait(smallState) || smallState.replanOnFinish) return false;
        if (
          !smallState.standings &&
          lateRegistrationClosed(
            { registration: { ...smallState.registration, entries: [] } } as unknown as MttState,
            levelNumberInForce(tournament.status, tournament.config.blindStructure, tournament.step_index),
          ) &&
          bustsFinalAt(tournament.config, tournament.step_index)
        )
          return false;
        // One statement: the table idle again, its hand counted, the stacks at its seats.
        await this.store.recordQuietFinish(tx, id, tableId, stacks);
        return true;
      },
      (ms) => this.timings.handTx(id, ms, 'quietFinishLocked'),
    );
  }

  /**
   * What a bust far from the end needs besides the hand, per tournament: fixed once the standings
   * exist (the settings cannot change after the start, and no entry is added once late registration
   * and the rebuy period are over, which the standings wait for). Learnt by the first such bust,
   * on the TypeScript path.
   */
  private readonly bustLimits = new Map<number, { minLeft: number; tableSize: number; bounty: boolean }>();

  /**
   * A finish with busts far from the end (no hand-for-hand, no bubble or final table within reach,
   * late registration closed, nothing held): recorded under the shared lock at this table, plus the
   * tournament row locked as the counter of players left (the next bust place) — busts at different
   * tables serialise on that row only, hands without busts not at all. 'balanced': recorded and the
   * tables need no planner run; true: recorded, the planner runs after it (the service's `requestReplan`); false:
   * the exclusive path must record the hand.
   *
   * Once the tournament's limits are known (and without bounties, which post to the ledger in the
   * same transaction), in ONE statement (`bustFinish`), the counter row locked for that statement
   * only, and in it only for the places and the count (after the table's own writes); otherwise, or
   * when that statement cannot check the fence, the same checks and writes here.
   */
  async busts(
    id: number,
    tableId: number,
    result: HandResult,
    stacks: ReadonlyMap<string, number>,
    fence?: TableFence,
  ): Promise<boolean | 'balanced'> {
    const busted = result.dealtIn.filter((p) => p.stack > 0 && (result.after.get(p.userId) ?? 0) === 0);
    const ids = busted.map((p) => p.userId);
    const keep = [...stacks].filter(([u]) => !ids.includes(u));
    const limits = this.bustLimits.get(id);
    if (limits && !limits.bounty && (!fence || fence.token)) {
      // Places relative to the first of the hand's bust places (placeBusts with one survivor).
      const groups = placeBusts(
        busted.length + 1,
        busted.map((player) => ({ playerId: player.userId, startingStack: player.stack, order: player.order })),
      );
      const outcome = await this.runs.statement(
        id,
        () =>
          this.store.bustFinish(id, {
            book: mttTournamentId(id),
            tableId,
            busted: groups.flatMap((g) => g.players.map((userId, rank) => ({ userId, offset: g.bestPlace - 2, rank }))),
            kept: keep,
            minLeft: limits.minLeft,
            tableSize: limits.tableSize,
            fence: fence?.token?.() ?? null,
          }),
        'bustFinish',
      );
      if (outcome === 'ok') return 'balanced';
      if (outcome === 'replan') return true;
      if (outcome === 'exclusive') return false;
      // 'general': a stale fencing token; the TypeScript path raises the typed error.
    }
    const book = mttTournamentId(id);
    return this.runs.table(
      id,
      async (tx) => {
        const table = await this.store.lockTableClosed(tx, id, tableId);
        await fence?.(tx);
        if (!table || table.closed) return false;
        // The counter row: locked, read at its latest version.
        const tournament = (await this.store.lockBustCounter(tx, id, ids)) as
          | (FinishRow & {
              entries: { entry_id: number; user_id: string }[] | null;
              entrants: number;
            })
          | undefined;
        if (!tournament || tournament.status !== 'running') return false;
        const smallState = tournament.state;
        if (!smallState.standings || tournamentWideWait(smallState)) return false;
        const paid = prizeTableOf(tournament.config, tournament.entrants).paidPlaces;
        const minLeft = Math.max(paid + 1, tournament.config.tableSize + 1);
        // Bounded: the oldest goes (a tournament still running learns them again at its next bust).
        if (this.bustLimits.size >= 1_000) this.bustLimits.delete(this.bustLimits.keys().next().value!);
        this.bustLimits.set(id, {
          minLeft,
          tableSize: tournament.config.tableSize,
          bounty: !!tournament.config.bounty,
        });
        const entryOf = new Map((tournament.entries ?? []).map((e) => [e.user_id, e.entry_id]));
        if (busted.some((p) => !entryOf.has(p.userId))) return false;
        const left = smallState.standings.remaining - busted.length;
        if (left <= minLeft) return false;
        const busts = busted.map((player) => ({
          playerId: entryKey(entryOf.get(player.userId)!),
          startingStack: player.stack,
          order: player.order + tableId * 100,
          tableId,
        }));
        const groups = recordBusts({ remaining: smallState.standings.remaining, groups: [] }, busts).groups;
        const placed = groups.flatMap((g) =>
          g.players.map((k, rank) => ({ entryId: entryIdOf(k), best: g.bestPlace, rank })),
        );
        const small = JSON.stringify({ ...smallState, standings: { remaining: left }, balancePending: true });
        await this.store.recordBustsAtTable(tx, id, { book, tableId, placed, busted: ids, kept: keep, small });
        await awardBounties(tx, id, tournament.config, result, ids);
        return true;
      },
      (ms) => this.timings.handTx(id, ms, 'bustFinishLocked'),
      // lockTableClosed takes it.
      { sharedLockInFn: true },
    );
  }
}
