// Clustered (CLUSTER_MODE=redis) tournament tables for the table runner (table-runner.ts): every
// copy runs a loop per running tournament and takes its share of the tables through the table
// leases — free tables claimed by the copy with the fewest, tables of a dead copy taken over at
// once, a table handed off between hands to a copy that joined late — and adopts a table it won
// (its fencing token first, then the crash rule for that table alone). Moved out of the runner,
// which delegates to one instance of this class when clustered: the tournaments it runs are the
// runner's own map, and the tables it adopts are hosted by the runner's hand cycle (table-hands.ts).
import type { Redis } from 'ioredis';
import { HandStore, type HandWriteGuard, type Tx } from '@naiko/persistence';
import { DeadCopies } from '../cluster/dead-copies';
import type { TableRouter } from '../cluster/table-router';
import type { AppConfig } from '../config/config.schema';
import type { TableHands } from './table-hands';
import type { RunningTournament, TableFence } from './table-runner-types';
import type { TableRun, TableRunnerContext, TournamentRun } from './table-runs';

export class ClusteredTables {
  private readonly deadCopies: DeadCopies;

  constructor(
    private readonly context: TableRunnerContext,
    private readonly hands: TableHands,
    /** The runner's tournaments run here: the same map, so the runner's `host` sees these tables too. */
    private readonly runs: Map<number, TournamentRun>,
    private readonly router: TableRouter,
    private readonly config: AppConfig,
    /** The runner's Redis connection (opened at bootstrap; read at each use). */
    private readonly redis: () => Redis | undefined,
  ) {
    this.deadCopies = new DeadCopies(router);
  }

  /** This copy's id among the table owners (clustered). */
  get me(): string {
    return this.router.instanceId;
  }

  get runnersKey(): string {
    return `${this.config.REDIS_PREFIX}:${this.context.service.kind}:runners`;
  }

  /** Clustered: copies running tournament tables heartbeat here (sorted set instance → alive-until). */
  async beatRunners(): Promise<void> {
    await this.redis()!.zadd(this.runnersKey, Date.now() + this.context.ownership.leaseMs, this.me);
  }

  private async liveRunners(): Promise<string[]> {
    const now = Date.now();
    return this.redis()!.zrangebyscore(this.runnersKey, now, '+inf');
  }

  /** Clustered: this copy's share of one running tournament's tables, until it is no longer running. */
  async runClustered(id: number): Promise<void> {
    const live: TournamentRun = {
      id,
      tables: new Map(),
      lost: false,
      closed: new Set(),
      mirrored: { version: -1, at: 0 },
      freeSince: new Map(),
    };
    this.runs.set(id, live);
    try {
      while (!this.context.stopping()) {
        // A failed read (database blip) must not give the tables up: they keep dealing; poll again.
        const row = await this.context.service.get(id).catch((err: unknown) => {
          this.context.logger.warn({ msg: 'reading the tournament failed', tournamentId: id, err: String(err) });
          return null;
        });
        if (row && !row.running) break;
        if (row)
          await this.shareTables(live, row).catch((err: unknown) =>
            this.context.logger.warn({ msg: 'claiming tournament tables failed', tournamentId: id, err: String(err) }),
          );
        await this.context.pause(Math.max(this.context.options.pollMs, 50));
      }
    } finally {
      this.runs.delete(id);
      await this.hands.closeTables(live, [...live.tables.keys()]);
    }
  }

  /**
   * One poll of the clustered loop: broken tables closed; the tables owned here mirror a newer
   * seating (moves decided at other copies' tables); free tables claimed — one nobody holds only
   * while this copy has no more of the tournament's tables than any other live runner (so they
   * spread over copies), or once it has been free for a lease time (a runner that never claims);
   * one held by a dead copy at once (takeover before its lease expires, DeadCopies).
   */
  private async shareTables(live: TournamentRun, row: RunningTournament): Promise<void> {
    if (this.context.stopping()) return;
    const open = row.tables;
    const gone = [...live.tables.keys()].filter((tableNo) => !open.includes(tableNo));
    if (gone.length) await this.hands.closeTables(live, gone);
    const now = Date.now();
    // Each deal brings its table's seating anyway; between hands a few mirrors a second suffice.
    if (live.tables.size && row.version > live.mirrored!.version && now - live.mirrored!.at >= 250) {
      live.mirrored = { version: row.version, at: now };
      void this.hands
        .mirrorSeating(live, new Set(live.tables.keys()))
        .catch((err: unknown) =>
          this.context.logger.warn({ msg: 'mirroring seats failed', tournamentId: live.id, err: String(err) }),
        );
    }
    await this.spreadToNewcomers(live, open);
    const free = open.filter((tableNo) => !live.tables.has(tableNo) && !live.closed.has(tableNo));
    if (!free.length) return;
    const ids = new Map(open.map((tableNo) => [tableNo, this.context.service.tableId(live.id, tableNo)]));
    const holders = await this.context.ownership.holders!([...ids.values()]);
    const count = new Map<string, number>();
    for (const holder of holders.values()) if (holder) count.set(holder.owner, (count.get(holder.owner) ?? 0) + 1);
    const foreign = free.flatMap((freeNo) => {
      const holder = holders.get(ids.get(freeNo)!);
      return holder && holder.owner !== this.me ? [holder.owner] : [];
    });
    const dead = foreign.length ? await this.deadCopies.dead(foreign) : new Set<string>();
    const runners = free.some((tableNo) => !holders.get(ids.get(tableNo)!)) ? await this.liveRunners() : [];
    for (const freeNo of free) {
      if (this.context.stopping()) return;
      const tableId = ids.get(freeNo)!;
      const holder = holders.get(tableId) ?? null;
      let won = false;
      if (holder) {
        live.freeSince!.delete(freeNo);
        if (holder.owner === this.me) won = await this.context.ownership.claim(tableId);
        else if (dead.has(holder.owner)) won = await this.context.ownership.takeOver!(tableId, holder);
      } else {
        const since = live.freeSince!.get(freeNo) ?? now;
        live.freeSince!.set(freeNo, since);
        const mine = count.get(this.me) ?? 0;
        const others = runners
          .filter((runner) => runner !== this.me && !dead.has(runner))
          .map((runner) => count.get(runner) ?? 0);
        if (mine <= Math.min(Infinity, ...others) || now - since >= this.context.ownership.leaseMs)
          won = await this.context.ownership.claim(tableId);
      }
      if (!won) continue;
      live.freeSince!.delete(freeNo);
      if (holder && holder.owner !== this.me) count.set(holder.owner, (count.get(holder.owner) ?? 1) - 1);
      count.set(this.me, (count.get(this.me) ?? 0) + 1);
      await this.adoptTable(live, row, freeNo, tableId, holder && holder.owner !== this.me ? holder.owner : null);
    }
  }

  /**
   * Clustered: a copy that joined after the start holds none of the tournament's tables, and free
   * tables are the only ones anybody claims. So a copy holding at least two tables more than the
   * live runner with the fewest marks one of its tables (the highest number) to be handed off: the
   * table deals no further hand here (`nextHand` answers nothing once its hand is recorded), its host
   * stops and its lease is released between hands, and the copy with the fewest tables claims it (the
   * fair-share rule below; this copy, holding more, does not). One table per poll, so the tables move
   * one by one and never in a hand.
   */
  private async spreadToNewcomers(live: TournamentRun, open: readonly number[]): Promise<void> {
    if (live.tables.size < 2 || [...live.tables.values()].some((table) => table.handOff)) return;
    const runners = await this.liveRunners();
    if (runners.length < 2) return;
    const holders = await this.context.ownership.holders!(
      open.map((tableNo) => this.context.service.tableId(live.id, tableNo)),
    );
    const count = new Map<string, number>(runners.map((runner) => [runner, 0]));
    for (const holder of holders.values())
      if (holder && count.has(holder.owner)) count.set(holder.owner, count.get(holder.owner)! + 1);
    const mine = live.tables.size;
    const fewest = Math.min(...[...count.entries()].filter(([runner]) => runner !== this.me).map(([, held]) => held));
    if (mine - fewest < 2) return;
    const run = live.tables.get(Math.max(...live.tables.keys()))!;
    run.handOff = true;
    this.context.logger.log({
      msg: 'handing a tournament table to a copy with fewer tables (between hands)',
      tournamentId: live.id,
      tableNo: run.tableNo,
      mine,
      fewest,
    });
    // Handed off from its own command queue, when it asks for its next hand (nextHand): never while
    // a begin is in flight or a hand runs.
  }

  /** Clustered: stops hosting a table marked `handOff` (no hand of it runs) and releases its lease. */
  async handOffNow(live: TournamentRun, run: TableRun): Promise<void> {
    if (live.tables.get(run.tableNo) !== run) return;
    live.tables.delete(run.tableNo);
    run.host.stop();
    this.context.tables.detach(run.host.tableId);
    await run.host.idle().catch(() => undefined);
    // A begun hand would be another copy's to recover: give it back only when none is running.
    await this.context.ownership.release(run.host.tableId).catch(() => undefined);
    // Not claimed again here before a fair-share wait (free tables go to the copy with the fewest).
    live.freeSince!.delete(run.tableNo);
  }

  /**
   * Clustered: a table this copy just won. Its fencing token is stored first (from then on the old
   * owner can neither write a hand event nor begin or record a hand there), then the crash rule for
   * this table alone (its running hand cancelled, contributions back to the tournament stacks, the
   * table no longer busy), then it is hosted here and deals on with the tournament's seating.
   */
  private async adoptTable(
    live: TournamentRun,
    row: RunningTournament,
    tableNo: number,
    tableId: string,
    from: string | null,
  ): Promise<void> {
    const guard = this.context.ownership.guard!;
    const ref = { tableId, tournamentId: null };
    const fence: TableFence = Object.assign((tx: Tx) => guard(tx, ref), {
      ...(guard.fence ? { token: () => guard.fence!(ref) } : {}),
    });
    try {
      await this.context.prisma.$transaction((tx) => fence(tx as unknown as Tx));
      const cancelled = await this.context.service.recoverTable(live.id, tableNo, fence);
      if (this.context.stopping() || !this.context.ownership.owns(tableId))
        throw new Error('lost the table while taking it over');
      // The table's hand store carries the same token on every write (also the one-statement append).
      const tableGuard: HandWriteGuard = Object.assign((tx: Tx) => guard(tx, ref), {
        fence: () => guard.fence?.(ref) ?? null,
      });
      this.hands.openTable(live, row, tableNo, fence, new HandStore(this.context.prisma, tableGuard));
      this.context.logger.log({
        msg: 'hosting tournament table (lease acquired)',
        tournamentId: live.id,
        tableNo,
        tableId,
        from,
        cancelled,
      });
    } catch (err) {
      this.context.logger.warn({
        msg: 'taking a tournament table failed',
        tournamentId: live.id,
        tableNo,
        err: String(err),
      });
      await this.context.ownership.release(tableId).catch(() => undefined);
    }
  }

  /** Clustered: the lease of a table went to another copy: stop it at once, write nothing more. */
  tableLost(tableId: string): void {
    for (const live of this.runs.values()) {
      for (const [runningNo, run] of live.tables) {
        if (run.host.tableId !== tableId) continue;
        live.tables.delete(runningNo);
        run.host.stop();
        this.context.tables.detach(tableId);
        this.context.logger.warn({
          msg: 'tournament table lease lost; stopped dealing it',
          tournamentId: live.id,
          tableNo: runningNo,
        });
      }
    }
  }
}
