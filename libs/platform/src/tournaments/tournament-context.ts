// What TournamentsService shares with the modules it delegates to (tournament-admin.ts,
// tournament-registration.ts, tournament-clock.ts, planner-runs.ts, table-recovery.ts,
// tournament-payout.ts, tournament-view.ts): its collaborators, and the tournament row read and
// written with its whole state. One object for all of them, built once by the service, so every module sees the same
// repository, queue, transactions, logger and listeners as the service itself; what may change on
// the service after its construction (`rng`: tests put a seeded source in) is read from the service
// at each use, never copied.
import type { Logger } from '@nestjs/common';
import type { PrismaService, TournamentRepository, Tx } from '@naiko/persistence';
import type { JobQueue } from '../jobs/job-queue.service';
import { loadState, saveState, smallOf, type SmallState } from './mtt-rows';
import type { MttState } from './mtt-state';
import { mttTournamentId } from './table-ids';
import { TournamentError } from './tournaments.errors';
import type { TournamentTransactions } from './tournament-transactions';
import type { TournamentListener, TournamentRow, TournamentStatus, TournamentsService } from './tournaments.service';

/** The tournament row as stored: `state` is the small tournament-wide part. */
export type StoredRow = Omit<TournamentRow, 'state' | 'loaded'> & { state: SmallState };

/**
 * What the modules read from the service itself at each use: its seating randomness and timings,
 * the publication of a change, and the public methods they call back as the service's own code did.
 */
export type TournamentServiceCalls = Pick<
  TournamentsService,
  | 'rng'
  | 'timings'
  | 'changed'
  | 'get'
  | 'currentLevel'
  | 'finishTableHand'
  | 'balanceCheck'
  | 'recoverTable'
  | 'openRegistration'
>;

export class TournamentContext {
  constructor(
    readonly service: TournamentServiceCalls,
    /** Only handed to the issue-25 modules that still query themselves (satellites, extras, crash recovery). */
    readonly prisma: PrismaService,
    readonly jobs: JobQueue,
    readonly store: TournamentRepository,
    /** How the service's transactions take their turn (the gate, the advisory lock, the pools). */
    readonly runs: TournamentTransactions,
    readonly logger: Logger,
    /** The service's listeners: the same array, so one registered later is seen here too. */
    readonly listeners: readonly TournamentListener[],
  ) {}

  /** The tournament row as stored (the small state only); NOT_FOUND when there is none. */
  async stored(tx: Tx | undefined, id: number): Promise<StoredRow> {
    const row = (await this.store.row(id, tx)) as StoredRow | undefined;
    if (!row) throw new TournamentError('NOT_FOUND', `no tournament ${id}`);
    return row;
  }

  /** The tournament with its whole state, read under the exclusive lock (`runs.exclusive`). */
  async lock(tx: Tx, id: number, opts: { seating?: boolean } = {}): Promise<TournamentRow> {
    const tournament = await this.stored(tx, id);
    const seating =
      opts.seating ??
      (tournament.status === 'running' ||
        tournament.status === 'paying' ||
        tournament.status === 'finished' ||
        tournament.status === 'cancelled');
    const loaded = await loadState(tx, id, tournament.state, tournament.config.tableSize, { seating });
    return { ...tournament, state: loaded.state, loaded };
  }

  /**
   * Writes a state computed under the exclusive lock: the rows that changed, the small part into
   * the tournament row (its version and seating version bumped). `stacks`: stacks to store at the
   * seats (a hand's result).
   */
  async save(
    tx: Tx,
    tournament: TournamentRow,
    state: MttState,
    extra: { status?: TournamentStatus } = {},
    stacks?: ReadonlyMap<string, number>,
  ): Promise<void> {
    await saveState(tx, tournament.id, tournament.loaded!, state, stacks, {
      json: JSON.stringify(smallOf(state)),
      status: extra.status ?? null,
    });
  }

  async stacksOf(id: number, userIds: string[]): Promise<Map<string, number>> {
    const accounts = await this.store.stacks(mttTournamentId(id), { userIds });
    return new Map(accounts.map((account) => [account.userId, Number(account.balance)]));
  }
}
