// How a tournament's transactions take their turn in this process (TournamentsService): the
// tournament-wide ones (`exclusive`) and the hands' (`table`, `statement`), ordered first by the
// tournament's reader/writer gate (rw-gate.ts), then by its advisory lock in the database
// (mtt-rows.ts), and timed for the runner view (tournament-timings.ts).
import { performance } from 'node:perf_hooks';
import type { TimedOutcome, TournamentRepository, Tx } from '@naiko/persistence';
import { lockExclusive, lockShared, plannerTurn } from './mtt-rows';
import { RwGate } from './rw-gate';
import type { HandTxPath, TournamentTimings } from './tournament-timings';

export class TournamentTransactions {
  constructor(
    private readonly store: TournamentRepository,
    private readonly timings: TournamentTimings,
  ) {}

  /**
   * A tournament-wide transaction: the tournament's advisory lock in exclusive mode (no hand
   * transaction of any table is in flight meanwhile), ordered in this process first by the
   * tournament's reader/writer gate (rw-gate.ts), so one such transaction per tournament at a time
   * holds a database connection and hands wait for it in memory, not on pooled connections. On the
   * lane's connections (wideTransaction): every table waits while it runs, so it must not wait for
   * a connection of the main pool behind the hands' writes (at 2,000 entrants that was ~40% of the
   * time the tournament was held).
   */
  exclusive<T>(id: number, fn: (tx: Tx) => Promise<T>, timed?: (ms: number, out: T) => void): Promise<T> {
    const gate = this.gate(id);
    return gate
      .write(async () => {
        // Timed inside the transaction (from BEGIN's answer to the commit), as the hands' are; the
        // whole turn (pool wait included: every hand of this process waits for it) as `exclusive`.
        const turn = performance.now();
        let t0 = 0;
        const out = await this.store.wideTransaction(async (tx) => {
          t0 = performance.now();
          await lockExclusive(tx, id);
          return fn(tx);
        });
        const end = performance.now();
        timed?.(end - t0, out);
        this.timings.exclusive(id, end - turn);
        return out;
      })
      .finally(() => this.forget(id, gate));
  }

  /**
   * A seating planner run's tournament-wide transaction, judged on a snapshot at the row's version
   * `seen`. Runs of every copy take a turn on the planner's own advisory lock first, holding no
   * table: the copy whose run comes second finds the row changed when the run before it moved
   * anyone, and answers `stale` without ever taking the tournament's lock — its caller judges again
   * on a new snapshot. Before, two copies judging the same busts at once both took the tournament
   * for a run, and the second one (every table of every copy waiting) found nothing left to do.
   * `seen` null: run whatever changed (a caller that found it stale often enough: busts bump the
   * version too, and a stream of them must not keep a run from its turn).
   */
  planner<T>(
    id: number,
    seen: number | null,
    fn: (tx: Tx) => Promise<T>,
  ): Promise<{ stale: true } | { stale: false; out: T }> {
    const gate = this.gate(id);
    return gate
      .write(async () => {
        const turn = performance.now();
        const result = await this.store.wideTransaction(async (tx) => {
          const version = await plannerTurn(tx, id);
          if (seen !== null && version !== seen) return { stale: true as const };
          await lockExclusive(tx, id);
          return { stale: false as const, out: await fn(tx) };
        });
        if (!result.stale) this.timings.exclusive(id, performance.now() - turn);
        return result;
      })
      .finally(() => this.forget(id, gate));
  }

  private readonly gates = new Map<number, RwGate>();

  private gate(id: number): RwGate {
    let gate = this.gates.get(id);
    if (!gate) this.gates.set(id, (gate = new RwGate()));
    return gate;
  }

  private forget(id: number, gate: RwGate): void {
    if (gate.idle && this.gates.get(id) === gate) this.gates.delete(id);
  }

  /**
   * A hand's transaction at one table: the advisory lock in shared mode (hands at other tables go
   * on), behind this process's tournament-wide changes (the gate). Timed from its turn to the commit.
   */
  table<T>(
    id: number,
    fn: (tx: Tx) => Promise<T>,
    timed?: (ms: number, out: T) => void,
    opts: { sharedLockInFn?: boolean } = {},
  ): Promise<T> {
    return this.shared(id, async () => {
      // Timed inside the transaction (its locks held until the commit), not the wait for a
      // pooled connection before it: that wait is the pool's, shared with the hands' event writes.
      let t0 = 0;
      const out = await this.store.transaction(async (tx) => {
        t0 = performance.now();
        // `sharedLockInFn`: fn's first statement takes it (one round trip fewer).
        if (!opts.sharedLockInFn) await lockShared(tx, id);
        return fn(tx);
      });
      timed?.(performance.now() - t0, out);
      return out;
    });
  }

  /**
   * One statement that is its own transaction (a hand step's SQL function taking its locks itself),
   * under the same in-process gate as `table`: its locks are held for that statement only. Timed by
   * the database (TimedOutcome), as `table` times inside the transaction: not the pool's wait. Every
   * such statement took the table's locks, so each is a sample, also one that wrote nothing and
   * handed the hand to another path.
   */
  statement<T>(id: number, run: () => Promise<TimedOutcome<T>>, path: HandTxPath): Promise<T> {
    return this.shared(id, () => this.statementInTurn(id, run, path));
  }

  /** `statement` for a caller already in a shared turn of the gate (`shared`): taking another could deadlock. */
  async statementInTurn<T>(id: number, run: () => Promise<TimedOutcome<T>>, path: HandTxPath): Promise<T> {
    const { outcome, databaseMs } = await run();
    this.timings.handTx(id, databaseMs, path);
    return outcome;
  }

  /** A table's begin or finish, timed end to end as the table waits for it (`handWait`). */
  async waitedFor<T>(id: number, run: () => Promise<T>): Promise<T> {
    const asked = performance.now();
    const out = await run();
    this.timings.handWait(id, performance.now() - asked);
    return out;
  }

  /** `run` in a shared turn of this process's gate (behind its tournament-wide changes). */
  shared<T>(id: number, run: () => Promise<T>): Promise<T> {
    const gate = this.gate(id);
    return gate.read(run).finally(() => this.forget(id, gate));
  }
}
