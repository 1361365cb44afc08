// A `scheduled_tournaments` row for repository tests: scheduled, nobody registered, 9-max.
import type { NewScheduledTournament } from '@naiko/persistence';

export function scheduledTournament(name: string): NewScheduledTournament {
  return {
    name,
    config: { tableSize: 9 },
    startsAt: new Date('2030-01-01T12:00:00Z'),
    registrationOpensAt: new Date('2030-01-01T11:00:00Z'),
    state: { standings: null },
    seatSeed: 'seat-seed',
    seatCommitment: 'seat-commitment',
    hostId: null,
    spinSeed: null,
    spinCommitment: null,
  };
}
