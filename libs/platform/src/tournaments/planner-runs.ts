// The seating planner's runs for TournamentsService (balancing, breaking tables, the final-table
// redraw) and what follows a recorded hand: the balance-check job's run, the run after busts or a
// planner hold (coalesced per tournament), and the hand listeners with the lobby's publication.
// Moved out of the service, which delegates to one instance of this class: the coalescing map and
// the lobby's timers live here, so there is one of each per service, as before.
import { performance } from 'node:perf_hooks';
import type { Move } from '@naiko/tournament';
import { loadState } from './mtt-rows';
import { closeDecidedSatellite, replan } from './mtt-state';
import type { TournamentContext } from './tournament-context';

/** Stale turns after which a planner run goes ahead whatever changed (see `replanNow`). */
const STALE_TURNS = 3;

export class PlannerRuns {
  constructor(private readonly context: TournamentContext) {}

  /**
   * Whether the planner would change anything, judged on a snapshot without the tournament-wide
   * lock: the tournament row's version in that snapshot when it would, null when not. Most runs
   * after busts find nothing: the bust left every table within one of the others, or another
   * copy's run already moved the players. Each such run held every table of every copy for
   * nothing. A bust committed after this snapshot asks for its own run, so skipping here never
   * misses a needed move.
   */
  private async replanNeeded(id: number): Promise<number | null> {
    return this.context.store.snapshot(async (tx) => {
      const row = await this.context.stored(tx, id);
      if (row.status !== 'running') return null;
      const state = (await loadState(tx, id, row.state, row.config.tableSize)).state;
      if (state.balancePending || state.seatsDecided) return row.seating_version;
      const planned = replan(state, this.context.service.rng);
      const needed =
        planned.moves.length > 0 ||
        planned.brokenTables.length > 0 ||
        !!planned.state.replanOnFinish !== !!state.replanOnFinish;
      return needed ? row.seating_version : null;
    });
  }

  /**
   * The seating planner over a consistent snapshot (exclusive): balancing, breaking, the final-table
   * redraw. Judged on a snapshot first; the run takes its turn across copies (`runs.planner`), and a
   * turn that comes after another run changed the tournament is judged again on a new snapshot —
   * at most STALE_TURNS times: busts bump the version too, and a stream of them must not keep the
   * run from its turn.
   */
  async replanNow(id: number): Promise<{ moves: Move[]; brokenTables: number[] }> {
    for (let stale = 0; ; stale++) {
      const seen = await this.replanNeeded(id);
      if (seen === null) {
        this.context.service.timings.plannerRun(id, 'skipped');
        return { moves: [], brokenTables: [] };
      }
      const run = await this.exclusiveRun(id, stale < STALE_TURNS ? seen : null);
      if (!run.stale) return run.out;
      this.context.service.timings.plannerRun(id, 'stale');
    }
  }

  /** The planner's run under the tournament-wide lock, if its turn finds the version it judged (`seen`). */
  private async exclusiveRun(
    id: number,
    seen: number | null,
  ): Promise<{ stale: true } | { stale: false; out: { moves: Move[]; brokenTables: number[] } }> {
    let finished = false;
    const run = await this.context.runs.planner(id, seen, async (tx) => {
      const tournament = await this.context.lock(tx, id);
      if (tournament.status !== 'running') return { moves: [] as Move[], brokenTables: [] as number[] };
      // Issue 25: a satellite decided while a hand was running, and that hand never finished (the
      // crash rule cancelled it): it ends here.
      if (tournament.state.seatsDecided && !tournament.state.seating?.tables.some((x) => x.handInProgress)) {
        await this.context.save(tx, tournament, closeDecidedSatellite(tournament.state), { status: 'paying' });
        finished = true;
        return { moves: [] as Move[], brokenTables: [] as number[] };
      }
      const p0 = performance.now();
      const planned = replan(tournament.state, this.context.service.rng);
      this.context.service.timings.balancing(id, performance.now() - p0);
      const state = { ...planned.state, balancePending: false };
      const changes =
        planned.moves.length ||
        planned.brokenTables.length ||
        !!state.replanOnFinish !== !!tournament.state.replanOnFinish ||
        tournament.state.balancePending;
      if (changes) await this.context.save(tx, tournament, state);
      this.context.service.timings.plannerRun(id, changes ? 'changed' : 'idle');
      return { moves: planned.moves, brokenTables: planned.brokenTables };
    });
    if (run.stale) return run;
    const out = run.out;
    if (finished) await this.context.jobs.ensure('tournamentPayout', { tournamentId: id });
    if (out.moves.length || out.brokenTables.length || finished) this.context.service.changed(id);
    return run;
  }

  private readonly replans = new Map<
    number,
    {
      run: Promise<{ moves: Move[]; brokenTables: number[] }>;
      next?: Promise<{ moves: Move[]; brokenTables: number[] }>;
    }
  >();

  /**
   * Runs the planner after busts recorded on the shared path, coalesced: busts at several tables
   * while a run is under way share the one run after it (which begins after every one of them).
   */
  private requestReplan(id: number): Promise<{ moves: Move[]; brokenTables: number[] }> {
    const cur = this.replans.get(id);
    if (!cur) return this.startReplan(id);
    cur.next ??= cur.run.catch(() => undefined).then(() => this.startReplan(id));
    return cur.next;
  }

  private startReplan(id: number): Promise<{ moves: Move[]; brokenTables: number[] }> {
    const entry: {
      run: Promise<{ moves: Move[]; brokenTables: number[] }>;
      next?: Promise<{ moves: Move[]; brokenTables: number[] }>;
    } = { run: Promise.resolve({ moves: [], brokenTables: [] }) };
    entry.run = this.replanNow(id).finally(() => {
      if (this.replans.get(id) === entry) this.replans.delete(id);
    });
    this.replans.set(id, entry);
    return entry.run;
  }

  /**
   * The planner (balancing, breaking) after a hand recorded on the shared path — busts, or a
   * planner hold waiting for a hand to end — in its own exclusive transaction, before this table
   * deals again; tables finishing meanwhile share the run. The hand is recorded: a failed planner
   * run must not make the table record it again (the balance-check job and the next finish run the
   * planner anyway).
   */
  async plannerAfterHand(
    id: number,
    tableId: number,
  ): Promise<{ moves: Move[]; brokenTables: number[]; finished: boolean }> {
    const planned = await this.requestReplan(id).catch(async (err: unknown) => {
      this.context.logger.warn({
        msg: 'seating planner failed after a hand; the balance-check job runs it',
        tournamentId: id,
        err: String(err),
      });
      await this.context.jobs
        .enqueue('tournamentBalanceCheck', { tournamentId: id, version: Date.now() })
        .catch(() => undefined);
      return { moves: [] as Move[], brokenTables: [] as number[] };
    });
    await this.afterFinish(id, tableId, true);
    return { ...planned, finished: false };
  }

  /** Listeners after a recorded hand (tests read the whole state only when they listen for hands). */
  async afterFinish(id: number, tableId: number, wide: boolean): Promise<void> {
    if (this.context.listeners.some((l) => l.handFinished)) {
      const state = (await this.context.service.get(id)).state;
      for (const listener of this.context.listeners) listener.handFinished?.(id, tableId, state);
    }
    if (wide) this.context.service.changed(id);
    else this.handsChanged(id);
  }

  /** A hand with no bust changes only counts in the lobby view: published at most a few times a second. */
  private handsChanged(id: number): void {
    if (this.handsTimers.has(id)) return;
    const timer = setTimeout(() => {
      this.handsTimers.delete(id);
      this.context.service.changed(id);
    }, 250);
    timer.unref?.();
    this.handsTimers.set(id, timer);
  }

  private readonly handsTimers = new Map<number, NodeJS.Timeout>();
}
