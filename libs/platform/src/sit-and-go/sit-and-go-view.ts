// The Sit & Go lobby's view of one instance (`SitAndGoView`), read off its tournament's view: an
// instance is a tournament without a start time (sit-and-go.service.ts), so its phase, prize pool,
// Spin draw, seat draw, clock, table and standings are the tournament's. Pure.
import type { SitAndGoView, TournamentView } from '@naiko/contracts';
import type { SitAndGoTemplate } from '@naiko/tournament';
import { mttTableId } from '../tournaments/table-ids';
import type { SitAndGoInstance } from './sit-and-go.service';

export function sitAndGoViewOf(
  instance: SitAndGoInstance,
  /** The published template (null for a private Sit & Go, or a template no longer published). */
  template: SitAndGoTemplate | null,
  tournament: TournamentView,
): SitAndGoView {
  const { clock } = tournament;
  const seated = tournament.phase === 'running' || tournament.phase === 'paying' || tournament.phase === 'finished';
  return {
    instanceId: instance.id,
    templateId: instance.templateId,
    instanceNumber: instance.instanceNumber,
    kind: tournament.spin ? 'spin' : 'sit-and-go',
    name: template?.name ?? tournament.name,
    // An instance opens with its registration (it is never `scheduled`).
    phase: tournament.phase === 'scheduled' ? 'registering' : tournament.phase,
    seats: tournament.maxEntrants,
    registered: tournament.entrantCount,
    buyIn: tournament.buyIn,
    entryFee: tournament.fee,
    startingStack: tournament.startingStack,
    prizePool: tournament.prizePool,
    spin: tournament.spin
      ? { commitment: tournament.spin.commitment, multiplier: tournament.spin.multiplier, seed: tournament.spin.seed }
      : null,
    seatDraw: { commitment: tournament.seatDraw.commitment, seed: tournament.seatDraw.seed },
    clock: clock
      ? {
          kind: clock.kind,
          levelNumber: clock.levelNumber,
          smallBlind: clock.smallBlind,
          bigBlind: clock.bigBlind,
          ante: clock.ante,
          nextStepAt: clock.nextStepAt,
        }
      : null,
    handsPlayed: tournament.handsPlayed,
    // One table, number 1 (its name stays once the game is over and the table closed).
    tableId: seated ? (tournament.tables[0]?.tableRef ?? mttTableId(instance.id, 1)) : null,
    standings: tournament.entrants.map((entrant) => ({
      userId: entrant.userId,
      username: entrant.username,
      seat: entrant.seat,
      stack: entrant.stack,
      place: entrant.place,
      prize: entrant.prize,
    })),
  };
}
