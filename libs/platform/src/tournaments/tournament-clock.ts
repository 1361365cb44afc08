// The start and the clock of a scheduled tournament (TournamentsService delegates here): the start
// job (too few entrants: cancelled with refunds; else the committed seat draw, a Spin's multiplier,
// level 1 in force), and the level and break jobs, each putting its step in force exactly once and
// in order and enqueuing the next (`tournament.<id>.level.<n>` / `.break.<n>`, idempotent ids).
// Moved out of the service to keep it readable; it shares the service's collaborators through the
// TournamentContext and cancels through the admin's part (tournament-admin.ts).
import type { TournamentStepPayload } from '@naiko/contracts';
import { nextStepDue, openRegistration, scheduleOf, startTournament, startsNow, stepDecision } from '@naiko/tournament';
import { closeLateRegistration, lateRegistrationClosed, seatEveryone, type MttState } from './mtt-state';
import { bustsFinalAt } from './rebuys';
import { flattenSeating, mttSeatDrawRandom } from './seat-draw';
import { drawSpinAtStart } from './spin-start';
import { mttTournamentId } from './table-ids';
import type { TournamentAdmin } from './tournament-admin';
import { lifecycleFormatOf } from './tournament-config';
import type { StoredRow, TournamentContext } from './tournament-context';
import type { TournamentRow, TournamentStatus } from './tournaments.service';

export class TournamentClock {
  constructor(
    private readonly context: TournamentContext,
    private readonly admin: TournamentAdmin,
  ) {}

  /**
   * The start job: cancels with refunds below the minimum, else seats everyone at random and puts
   * level 1 in force. A retry of a started tournament only re-enqueues the next step.
   */
  async start(id: number): Promise<TournamentStatus> {
    const row = await this.context.runs.exclusive(id, async (tx) => {
      let tournament = await this.context.lock(tx, id, { seating: false });
      // A retry (or a start job of a tournament that started when full):
      if (!startsNow(lifecycleFormatOf(tournament.config), tournament.status)) return this.context.stored(tx, id);
      if (tournament.status === 'scheduled') {
        await this.context.save(
          tx,
          tournament,
          { ...tournament.state, registration: openRegistration(tournament.state.registration).state },
          { status: 'registering' },
        );
        tournament = await this.context.lock(tx, id, { seating: false });
      }
      const tr = startTournament(tournament.state.registration);
      if (tr.state.phase === 'cancelled') {
        await this.admin.cancelNow(tx, tournament, 'too-few-entrants');
        return this.context.stored(tx, id);
      }
      let state: MttState = { ...tournament.state, registration: tr.state };
      // The committed seat draw (seat-draw.ts); tournaments created before it draw as they always did.
      state = seatEveryone(
        state,
        tournament.config.tableSize,
        tournament.seat_seed ? mttSeatDrawRandom(tournament.seat_seed) : this.context.service.rng,
      );
      if (lateRegistrationClosed(state, 1) && bustsFinalAt(tournament.config, 0)) state = closeLateRegistration(state);
      const stacks = new Map(
        state.registration.entries
          .filter((e) => e.status === 'active')
          .map((e) => [e.playerId, tournament.config.startingStack]),
      );
      // A Spin draws its multiplier now, from the seed committed at creation (spin-start.ts).
      await drawSpinAtStart(this.context, tx, tournament, stacks.size);
      await this.context.save(tx, tournament, state, { status: 'running' }, stacks);
      await this.context.store.recordStart(tx, id, JSON.stringify(flattenSeating(state.seating?.tables ?? [])));
      await this.context.store.setEntriesStatus(tx, mttTournamentId(id), 'playing', { fromStatus: 'registered' });
      return this.context.stored(tx, id);
    });
    if (row.status === 'running') {
      await this.enqueueNextStep(row);
      for (const listener of this.context.listeners) listener.started(id);
    }
    this.context.service.changed(id);
    return row.status;
  }

  /** Enqueues the step after the one in force, due when it ends: `tournament.<id>.level.<n>` / `.break.<n>`. */
  async enqueueNextStep(row: Pick<TournamentRow, 'id' | 'config' | 'step_index' | 'step_started_at'>): Promise<void> {
    if (!row.step_started_at) return;
    const next = nextStepDue(row.config.blindStructure, row.step_index, new Date(row.step_started_at).getTime());
    if (!next) return;
    const { step } = next;
    const payload = { tournamentId: row.id, stepIndex: step.stepIndex, number: step.levelNumber };
    await this.context.jobs.ensure(step.kind === 'level' ? 'tournamentLevel' : 'tournamentBreak', payload, {
      delay: Math.max(0, next.dueAtMs - Date.now()),
    });
  }

  /**
   * A level or break job: puts step `stepIndex` in force exactly once and in order (the next hand at
   * each table uses it), closes late registration after its last level, enqueues the next step.
   */
  async applyStep(payload: TournamentStepPayload): Promise<{ applied: boolean }> {
    const moved = await this.moveLevelOnly(payload);
    let applied = !!moved;
    const row =
      moved ??
      (await this.context.runs.exclusive(payload.tournamentId, async (tx) => {
        const stored = await this.context.stored(tx, payload.tournamentId);
        const decision = stepDecision(stored.status, stored.step_index, payload.stepIndex);
        if (decision === 'done') return stored;
        if (decision === 'early')
          throw new Error(
            `tournament ${payload.tournamentId}: step ${payload.stepIndex} before step ${payload.stepIndex - 1}`,
          );
        await this.context.store.setStep(tx, payload.tournamentId, payload.stepIndex);
        // Closing late registration places the early busts: only then is the whole state read.
        if (this.stepEndsEarlyBusts(stored, payload.stepIndex)) {
          const tournament = await this.context.lock(tx, payload.tournamentId);
          await this.context.save(tx, tournament, closeLateRegistration(tournament.state));
        }
        applied = true;
        return this.context.stored(tx, payload.tournamentId);
      }));
    if (row.status === 'running' && row.step_index === payload.stepIndex) await this.enqueueNextStep(row);
    if (applied) this.context.service.changed(payload.tournamentId);
    return { applied };
  }

  /**
   * Whether reaching `stepIndex` closes late registration and (issue 25) the rebuy period, so the
   * busts waiting for them are placed: the one step that needs the whole state.
   */
  private stepEndsEarlyBusts(stored: Pick<StoredRow, 'state' | 'config'>, stepIndex: number): boolean {
    const level = scheduleOf(stored.config.blindStructure)[stepIndex].levelNumber;
    const reg = { ...stored.state.registration, entries: [] };
    return (
      !stored.state.standings &&
      lateRegistrationClosed({ registration: reg } as unknown as MttState, level) &&
      bustsFinalAt(stored.config, stepIndex)
    );
  }

  /**
   * A step that only moves the level clock (most of them), on the shared path: one statement
   * (`moveStep`) while the tables go on dealing — as an exclusive run every table of a 2,000-entrant
   * tournament waited ~300 ms for each level. A hand beginning at that instant gets the level
   * before or after, as at a live table. The row as the step left it; null: the exclusive path
   * decides (already applied, out of order, the step that places the early busts, or the row
   * changed meanwhile).
   */
  private async moveLevelOnly(payload: TournamentStepPayload): Promise<StoredRow | null> {
    const stored = await this.context.stored(undefined, payload.tournamentId);
    if (stepDecision(stored.status, stored.step_index, payload.stepIndex) !== 'apply') return null;
    if (this.stepEndsEarlyBusts(stored, payload.stepIndex)) return null;
    const startedAt = await this.context.runs.shared(payload.tournamentId, () =>
      this.context.store.moveStep(payload.tournamentId, payload.stepIndex),
    );
    return startedAt && { ...stored, step_index: payload.stepIndex, step_started_at: startedAt };
  }
}
