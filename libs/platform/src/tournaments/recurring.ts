// The room's recurring tournament (config/room.json `hourlyTournament`, edited by the admin): one
// tournament starts every `everyMinutes` on the clock, created `announceMinutes` ahead with its
// registration open. Through the job registry: job `tournament-schedule.<slot>` (slot = the start,
// in epoch minutes) creates the tournament of its slot and enqueues the next slot's job, delayed to
// its announcement. Every copy enqueues the upcoming slot at start-up; the idempotent job id makes
// that one job, and the handler creates nothing when a tournament of that name starts at that time
// (a retry, a restart). The created tournaments are ordinary ones: the admin page edits or cancels them.
import { Inject, Injectable, Logger, Optional, type OnApplicationBootstrap } from '@nestjs/common';
import type { TournamentSchedulePayload, TournamentSettingsDto } from '@naiko/contracts';
import { TournamentRepository } from '@naiko/persistence';
import { ladderStructure } from '@naiko/tournament';
import { JobHandler } from '../jobs/job-handler.decorator';
import { JobQueue } from '../jobs/job-queue.service';
import type { HourlyTournament, RoomConfig } from '../room/room-config';
import { ROOM_CONFIG } from '../tokens';
import { TournamentsService } from './tournaments.service';

const MINUTE = 60_000;

/** The next start slot after `now`, in epoch minutes (a multiple of `everyMinutes`). */
export function nextSlot(now: number, everyMinutes: number): number {
  return Math.floor(now / MINUTE / everyMinutes + 1) * everyMinutes;
}

/** The settings of the tournament starting at `slot`. */
export function recurringSettings(hourly: HourlyTournament, slot: number, now: number): TournamentSettingsDto {
  const startsAt = slot * MINUTE;
  return {
    name: hourly.name,
    game: hourly.game,
    bettingStructure: hourly.bettingStructure,
    startsAt: new Date(startsAt).toISOString(),
    registrationOpensAt: new Date(Math.min(now, startsAt - hourly.announceMinutes * MINUTE)).toISOString(),
    lateRegistrationUntilLevel: hourly.lateRegistrationUntilLevel,
    minEntrants: hourly.minEntrants,
    maxEntrants: hourly.maxEntrants,
    buyIn: hourly.buyIn,
    fee: hourly.fee,
    startingStack: hourly.startingStack,
    blindStructure: ladderStructure({
      name: `${hourly.levelMinutes}-minute levels`,
      levelMs: hourly.levelMinutes * MINUTE,
      breakMs: 5 * MINUTE,
      breakEvery: 6,
      anteFromLevel: 4,
      anteKind: 'big-blind-ante',
    }),
    tableSize: hourly.tableSize,
    reEntry: hourly.reEntry,
    clock: { decisionMs: hourly.decisionSeconds * 1000, reconnectMs: 60_000 },
  } as TournamentSettingsDto;
}

@Injectable()
export class RecurringTournaments implements OnApplicationBootstrap {
  private readonly logger = new Logger('Room');
  private readonly config: HourlyTournament | null;

  constructor(
    private readonly tournaments: TournamentsService,
    private readonly jobs: JobQueue,
    private readonly store: TournamentRepository,
    @Optional() @Inject(ROOM_CONFIG) room: RoomConfig | null = null,
  ) {
    const hourly = room?.hourlyTournament;
    this.config = hourly?.enabled ? hourly : null;
  }

  async onApplicationBootstrap(): Promise<void> {
    if (!this.config) return;
    await this.enqueue(nextSlot(Date.now(), this.config.everyMinutes));
  }

  private async enqueue(slot: number): Promise<void> {
    const hourly = this.config!;
    const delay = Math.max(0, (slot - hourly.announceMinutes) * MINUTE - Date.now());
    await this.jobs.enqueue(
      'tournamentSchedule',
      { slot },
      { delay, attempts: 5, backoff: { type: 'exponential', delay: 1000 } },
    );
  }

  @JobHandler('tournamentSchedule')
  async handle(payload: TournamentSchedulePayload): Promise<{ tournamentId: number | null }> {
    if (!this.config) return { tournamentId: null };
    const id = await this.createSlot(payload.slot);
    await this.enqueue(payload.slot + this.config.everyMinutes);
    return { tournamentId: id };
  }

  /** Creates the tournament of `slot` unless it exists (or the slot is over); its id. */
  async createSlot(slot: number, now = Date.now()): Promise<number | null> {
    const hourly = this.config;
    if (!hourly) return null;
    const startsAt = new Date(slot * MINUTE);
    if (startsAt.getTime() <= now) return null; // a late job: that start is over
    const existing = await this.store.idByNameAndStart(hourly.name, startsAt);
    if (existing !== null) return existing;
    const row = await this.tournaments.create(recurringSettings(hourly, slot, now));
    this.logger.log({ msg: `scheduled ${hourly.name} at ${startsAt.toISOString()}`, tournamentId: row.id });
    return row.id;
  }
}
