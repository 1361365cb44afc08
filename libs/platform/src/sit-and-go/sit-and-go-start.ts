// The start and the blind steps of a Sit & Go or Spin instance (SitAndGoService delegates here): the
// start job (the seat draw from the seed committed when the instance opened, a Spin's multiplier and
// its spin-pool postings `sng:<id>:spin-float` / `sng:<id>:spin-pool`, level 1 in force), and the step
// jobs, each putting its step in force exactly once and in order and enqueuing the next (idempotent
// ids). Moved out of the service to keep it readable; it shares the service's collaborators through
// the SitAndGoContext (sit-and-go-context.ts).
import type { SitAndGoStepPayload } from '@naiko/contracts';
import { cryptoRandom } from '@naiko/engine';
import { Accounts, postInTransaction } from '@naiko/persistence';
import { nextStepDue, shuffled, SIT_AND_GO_FORMAT, startsNow, stepDecision } from '@naiko/tournament';
import { drawFromSeed } from '../tournaments/spin-draw';
import { SPIN_POOL, spinPoolPlan } from '../tournaments/spin-pool';
import { seatDrawFromSeed } from './seat-draw';
import { tournamentIdOf, type SitAndGoContext } from './sit-and-go-context';
import type { InstanceRow } from './sit-and-go.service';

export class SitAndGoStart {
  constructor(private readonly context: SitAndGoContext) {}

  /**
   * The start job: seats the players at random, draws a Spin's multiplier from the committed seed,
   * settles the Spin's prize against the house spin pool, and puts level 1 in force. A retry of a
   * started instance only re-enqueues the next step (idempotent id).
   */
  async start(instanceId: number): Promise<void> {
    const row = await this.context.store.transaction(async (tx) => {
      const row = await this.context.lock(tx, instanceId);
      if (!startsNow(SIT_AND_GO_FORMAT, row.status)) return row; // a retry
      const sitAndGoTemplate = row.template;
      const tournamentId = tournamentIdOf(instanceId);
      const entries = await this.context.store.registeredEntries(tx, tournamentId);
      // From the seed committed when the instance opened (an instance opened before the commitment: the CSPRNG).
      const rng = cryptoRandom();
      const drawn = row.seat_seed
        ? seatDrawFromSeed(
            entries.map((e) => e.userId),
            row.seat_seed,
          )
        : null;
      const seating = drawn
        ? drawn.seating
        : shuffled(
            entries.map((e) => e.userId),
            rng,
          ).map((userId, seat) => ({ seat, userId }));
      const collected = sitAndGoTemplate.buyIn * entries.length;
      let prizePool = collected;
      let multiplier: number | null = null;
      if (sitAndGoTemplate.kind === 'spin' && sitAndGoTemplate.spinTable && row.spin_seed) {
        const drawn = drawFromSeed(sitAndGoTemplate.spinTable, row.spin_seed);
        multiplier = drawn.multiplier;
        prizePool = drawn.multiplier * sitAndGoTemplate.buyIn;
        const spinPool = await this.context.store.accountBalance(tx, SPIN_POOL.key);
        const plan = spinPoolPlan(tournamentId, collected, prizePool, Number(spinPool ?? 0n));
        if (plan.float > 0) {
          await postInTransaction(tx, {
            idempotencyKey: `sng:${instanceId}:spin-float`,
            reason: 'grant',
            note: 'spin-pool float',
            refs: { tournamentId },
            movements: [{ from: Accounts.issuer(), to: SPIN_POOL, amount: plan.float }],
          });
        }
        if (plan.movement) {
          await postInTransaction(tx, {
            idempotencyKey: `sng:${instanceId}:spin-pool`,
            reason: 'tournament_entry',
            refs: { tournamentId },
            movements: [plan.movement],
          });
        }
      }
      const button = drawn ? drawn.button : seating[Math.floor((rng.nextUint32() / 2 ** 32) * seating.length)].seat;
      await this.context.store.markStarted(tx, instanceId, {
        seating,
        prizePool: BigInt(prizePool),
        multiplier,
        button,
      });
      await this.context.store.markEntriesPlaying(tx, tournamentId);
      await this.context.store.recordFirstStep(tx, instanceId);
      return this.context.lock(tx, instanceId);
    });
    if (row.status === 'running') {
      await this.enqueueNextStep(row);
      for (const listener of this.context.listeners) listener.started(instanceId);
    }
    this.context.changed(instanceId);
  }

  /** Enqueues the step after the one in force, due when the current one ends (idempotent id). */
  async enqueueNextStep(row: InstanceRow): Promise<void> {
    if (!row.step_started_at) return;
    const next = nextStepDue(row.template.blindStructure, row.step_index, row.step_started_at.getTime());
    if (!next) return;
    const { step } = next;
    await this.context.jobs.ensure(
      'sitAndGoStep',
      { instanceId: row.id, stepIndex: step.stepIndex, kind: step.kind, number: step.levelNumber },
      { delay: Math.max(0, next.dueAtMs - Date.now()) },
    );
  }

  /**
   * A blind-step job: puts step `stepIndex` in force (the next hand uses it) exactly once and in
   * order, then enqueues the following one. A step already applied (a retry after a crash) only
   * re-enqueues its successor; a step whose predecessor is not applied yet is an error (BullMQ retries).
   */
  async applyStep(payload: SitAndGoStepPayload): Promise<{ applied: boolean }> {
    let applied = false;
    const row = await this.context.store.transaction(async (tx) => {
      const row = await this.context.lock(tx, payload.instanceId);
      const decision = stepDecision(row.status, row.step_index, payload.stepIndex);
      if (decision === 'done') return row;
      if (decision === 'early')
        throw new Error(
          `Sit & Go ${payload.instanceId}: step ${payload.stepIndex} before step ${payload.stepIndex - 1}`,
        );
      await this.context.store.advanceStep(tx, payload.instanceId, payload.stepIndex, payload.kind);
      applied = true;
      return this.context.lock(tx, payload.instanceId);
    });
    if (row.status === 'running' && row.step_index === payload.stepIndex) await this.enqueueNextStep(row);
    if (applied) this.context.changed(payload.instanceId);
    return { applied };
  }
}
