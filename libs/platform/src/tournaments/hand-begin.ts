// A hand's begin at one table of a scheduled tournament (TournamentsService.beginTableHand).
//
// Two ways, with the same decision (`decide`):
// - from a read: the table and the tournament's part read WITHOUT locks in one statement, the deal
//   decided here, then ONE statement (naiko_mtt_begin_hand, migration mtt_begin_function) that
//   takes the locks, checks that nothing the deal depends on changed since the read, and marks the
//   hand begun. The table's locks are held for that statement only, not over the process's own
//   work and its event loop (issue 21: the begin's lock was held p99 ~200 ms on a busy process).
//   When something changed between the read and the commit (a planner move, a level step, a
//   purchase), nothing is written and the begin reads again once.
//   In hand-for-hand the deal also depends on the round (may this table deal in it?): the
//   statement checks the round unchanged too (migration mtt_begin_hand_for_hand).
// - locked: the interactive transaction (the locks and the read in one statement, the deal
//   decided, the hand marked begun, the commit), after a second change, for a fence that cannot
//   say its token, or a stale one (the fence raises the typed error here).
import type { BeginHandRead, TournamentRepository } from '@naiko/persistence';
import { levelInForce, type BlindLevel } from '@naiko/tournament';
import { assemble, type SmallState } from './mtt-rows';
import { dealFor, type DealDecision } from './mtt-state';
import type { SeatWithStack, TableFence } from './table-runner';
import type { TournamentSettings } from './tournament-config';
import type { TournamentTimings } from './tournament-timings';
import type { TournamentTransactions } from './tournament-transactions';

/** Begins tried from a read before the locked begin. */
const READ_ATTEMPTS = 2;

export interface HandStart {
  deal: DealDecision;
  level: BlindLevel;
  /** The structure step in force (a level) when the deal was allowed. */
  stepIndex: number;
  handNumber: number;
  settings: TournamentSettings;
  /** The table by seat with each player's tournament stack (the tournament's book) at the deal. */
  seats: (SeatWithStack | null)[];
  /** The table's version this seating belongs to (newer seatings win at the table). */
  version: number;
}

/** A begin's read with the tournament's part typed. */
type Read = Omit<BeginHandRead, 'state' | 'config'> & { state: SmallState; config: TournamentSettings };

/** What a begin decides from its read: who is dealt in at which button, the level, the stacks. */
interface Decided {
  deal: DealDecision;
  level: BlindLevel;
  seats: (SeatWithStack | null)[];
}

export class HandBegins {
  constructor(
    private readonly store: TournamentRepository,
    private readonly runs: TournamentTransactions,
    private readonly timings: TournamentTimings,
  ) {}

  /** The hand begun at `tableId` (the table's row locked only for its statement), or null: no deal now. */
  async begin(id: number, book: string, tableId: number, fence?: TableFence): Promise<HandStart | null> {
    // Something changed between a read and its commit (the planner moved a player, a level began):
    // one more read usually finds it settled, and costs less than the locked begin.
    for (let attempt = 1; ; attempt++) {
      const fromRead = await this.fromRead(id, book, tableId, fence);
      if (fromRead === 'changed' && attempt < READ_ATTEMPTS) continue;
      if (fromRead === 'changed' || fromRead === 'general') return this.locked(id, book, tableId, fence);
      return fromRead;
    }
  }

  private async fromRead(
    id: number,
    book: string,
    tableId: number,
    fence?: TableFence,
  ): Promise<HandStart | null | 'general' | 'changed'> {
    if (fence && !fence.token) return 'general';
    // The read and the statement in one shared turn of the process's gate: no tournament-wide run of
    // this process (a planner move, the next level) comes between them and changes what was read.
    // Between two turns one often did at 2,000 entrants (a planner run after every few busts): the
    // read changed twice and the begin fell to the locked path (~50 a run, p99 ~120 ms). A
    // tournament-wide run waits for the read too (the turn is two round trips instead of one).
    return this.runs.shared(id, () => this.fromReadInTurn(id, book, tableId, fence));
  }

  private async fromReadInTurn(
    id: number,
    book: string,
    tableId: number,
    fence?: TableFence,
  ): Promise<HandStart | null | 'general' | 'changed'> {
    const read = (await this.store.tableForBegin(id, tableId, book)) as (Read & { version: number }) | undefined;
    if (!read) return 'general';
    // No deal now by the read (paused, a break, a busy or closed table, one player): the table asks
    // again when something changes, as it would after a locked answer of a moment before.
    const decided = this.decide(read, tableId);
    if (!decided) return null;
    const token = fence?.token?.() ?? null;
    const answer = await this.runs.statementInTurn(
      id,
      () =>
        this.store.beginHand(id, {
          book,
          tableId,
          // In hand-for-hand the deal depends on the round too: checked unchanged in the statement.
          read: {
            version: read.version,
            button: read.button,
            stepIndex: read.step_index,
            handForHand: read.state.handForHand ?? null,
          },
          dealt: decided.deal.players.map((p) => p.userId),
          button: decided.deal.button,
          smallBlind: decided.deal.positions.smallBlind,
          bigBlind: decided.deal.positions.bigBlind,
          balances: read.seats.flatMap((s) => (s.user_id ? [[s.user_id, s.balance] as [string, bigint | null]] : [])),
          fence: token,
        }),
      'beginFromRead',
    );
    // Nothing written: something the deal depends on changed, or a stale token (the locked begin raises it).
    if (answer.outcome !== 'ok') {
      this.timings.beginChange(id, answer.why);
      return 'changed';
    }
    return {
      ...decided,
      stepIndex: read.step_index,
      handNumber: answer.n,
      settings: read.config,
      version: answer.version,
    };
  }

  /** The begin as one interactive transaction: the locks and the read, the deal, the hand marked begun. */
  private locked(id: number, book: string, tableId: number, fence?: TableFence): Promise<HandStart | null> {
    return this.runs.table(
      id,
      async (tx) => {
        // Two round trips and the commit: the shared lock, this table's row lock and what the
        // begin reads in one statement, then one statement that marks the hand begun.
        const read = (await this.store.lockTableForBegin(tx, id, tableId, book)) as Read | undefined;
        await fence?.(tx);
        const decided = read && this.decide(read, tableId);
        if (!decided) return null;
        // Everyone seated counts as dealt in (libs/tournament); the dealt-in stop waiting for the button.
        const { n: handNumber, version } = await this.store.markHandBegun(tx, id, tableId, {
          dealt: decided.deal.players.map((p) => p.userId),
          button: decided.deal.button,
          smallBlind: decided.deal.positions.smallBlind,
          bigBlind: decided.deal.positions.bigBlind,
        });
        return { ...decided, stepIndex: read.step_index, handNumber, settings: read.config, version };
      },
      (ms, start) => start && this.timings.handTx(id, ms, 'beginLocked'),
      { sharedLockInFn: true },
    );
  }

  /** The deal by the read, or null when the table may not deal now. */
  private decide(read: Read, tableId: number): Decided | null {
    // Paused (tournament-pause.ts: a deal, disconnections, the admin): no new hand anywhere.
    if (read.status !== 'running' || read.state.cancelRequested || read.paused_reason) return null;
    if (read.closed || read.hand_in_progress) return null;
    const level = levelInForce(read.config.blindStructure, read.step_index);
    if (!level) return null;
    const one = assemble(
      read.state,
      read.config.tableSize,
      [],
      [
        {
          table_no: tableId,
          button: read.button,
          small_blind: read.small_blind,
          big_blind: read.big_blind,
          hand_in_progress: false,
          hand_begun: null,
          hands_played: 0,
          closed: false,
          break_rank: 0,
          version: 0,
        },
      ],
      read.seats,
    );
    const deal = dealFor(one.state, tableId);
    if (!deal) return null;
    const balance = new Map(read.seats.map((x) => [x.user_id, Number(x.balance ?? 0)]));
    const seats = one.state.seating!.tables[0].seats.map((p) =>
      p ? { userId: p.playerId, stack: balance.get(p.playerId) ?? 0 } : null,
    );
    return { deal, level, seats };
  }
}
