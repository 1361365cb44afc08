// The lobby/socket view of one Sit & Go or Spin instance (SitAndGoService.view delegates here): its
// terms, phase and prize pool, the Spin's commitment, multiplier and (once finished) seed, the seat
// draw's commitment and seed, the clock of the step in force, and the standings with seats, stacks,
// places and prizes. Built from the instance row and the book's entries and stacks. Moved out of the
// service to keep it readable; it shares the service's collaborators through the SitAndGoContext
// (sit-and-go-context.ts).
import type { SitAndGoView } from '@naiko/contracts';
import { scheduleOf, type BlindLevel } from '@naiko/tournament';
import { tournamentIdOf, type SitAndGoContext } from './sit-and-go-context';
import { sngTableId } from './sit-and-go.tables';

export class SitAndGoViewBuilder {
  constructor(private readonly context: SitAndGoContext) {}

  /** The lobby/socket view of one instance. */
  async view(instanceId: number): Promise<SitAndGoView> {
    const row = await this.context.service.instance(instanceId);
    const sitAndGoTemplate = row.template;
    const tournamentId = tournamentIdOf(instanceId);
    const entries = await this.context.store.standingEntries(tournamentId);
    const stackOf = await this.context.store.stacks(tournamentId);
    const seatOf = new Map((row.seating ?? []).map((s) => [s.userId, s.seat]));
    let clock: SitAndGoView['clock'] = null;
    if (row.status === 'running' && row.step_started_at) {
      const schedule = scheduleOf(sitAndGoTemplate.blindStructure);
      const step = sitAndGoTemplate.blindStructure.steps[row.step_index];
      const level =
        step.kind === 'level' ? step : (sitAndGoTemplate.blindStructure.steps[row.step_index + 1] as BlindLevel);
      const last = row.step_index === sitAndGoTemplate.blindStructure.steps.length - 1;
      clock = {
        kind: step.kind,
        levelNumber: schedule[row.step_index].levelNumber,
        smallBlind: level.smallBlind,
        bigBlind: level.bigBlind,
        ante: level.ante,
        nextStepAt: last ? null : row.step_started_at.getTime() + step.durationMs,
      };
    }
    return {
      instanceId,
      templateId: row.template_id,
      instanceNumber: row.instance_number,
      kind: sitAndGoTemplate.kind,
      name: sitAndGoTemplate.name,
      phase: row.status,
      seats: sitAndGoTemplate.seats,
      registered: entries.length,
      buyIn: sitAndGoTemplate.buyIn,
      entryFee: sitAndGoTemplate.entryFee,
      startingStack: sitAndGoTemplate.startingStack,
      prizePool:
        row.status === 'registering' || row.status === 'starting'
          ? sitAndGoTemplate.buyIn * entries.length
          : Number(row.prize_pool),
      spin:
        sitAndGoTemplate.kind === 'spin'
          ? {
              commitment: row.spin_commitment,
              multiplier: row.multiplier,
              seed: row.status === 'finished' ? row.spin_seed : null,
            }
          : null,
      seatDraw: { commitment: row.seat_commitment, seed: row.status === 'finished' ? row.seat_seed : null },
      clock,
      handsPlayed: row.hands_played,
      tableId: row.status === 'registering' || row.status === 'starting' ? null : sngTableId(instanceId),
      standings: entries
        .map((entry) => ({
          userId: entry.userId,
          username: entry.username,
          seat: seatOf.get(entry.userId) ?? null,
          stack: stackOf.get(entry.userId) ?? 0,
          place: entry.place,
          prize: Number(entry.prize),
        }))
        .sort((a, b) => (a.place ?? 0) - (b.place ?? 0) || b.stack - a.stack),
    };
  }
}
