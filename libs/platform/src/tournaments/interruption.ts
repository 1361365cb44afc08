// Automatic interruption of scheduled tournaments (issue 25, published in CANCELLATION_RULES):
// the tournament pauses when MORE than half of the players still in have each been disconnected for
// at least `MTT_DISCONNECT_PAUSE_MS` (default 5 minutes), and resumes when that is no longer
// so (they came back). The pure rule is `interruptionDecision`; `DisconnectionMonitor` applies it.
//
// Presence: a player is connected while one of his sockets is connected to any copy (socket.io's
// `fetchSockets`, which spans copies through the Redis adapter). Bot entrants never disconnect.
// The monitor checks every running tournament every `checkMs` (a quarter of the threshold, at most
// 5 s); its pause and resume are tournament-wide transactions (the exclusive advisory lock) and are
// idempotent, so two copies checking the same tournament agree.
import { Inject, Injectable, Logger, Optional, type OnModuleDestroy, type OnModuleInit } from '@nestjs/common';
import { inTransaction, PrismaService, tournamentViewRepository } from '@naiko/persistence';
import { JobQueue } from '../jobs/job-queue.service';
import { lockExclusive } from './mtt-rows';
import { pauseTournament, resumeTournament, type PauseReason } from './tournament-pause';
import { TournamentsGateway } from './tournaments.gateway';
import { TournamentsService } from './tournaments.service';
import type { AppConfig } from '../config/config.schema';
import { APP_CONFIG } from '../tokens';

export const DEFAULT_DISCONNECT_PAUSE_MS = 5 * 60_000;

export interface InterruptionInput {
  /** Players still in (bots included). */
  readonly remaining: number;
  /** When each disconnected human was first seen disconnected (ms); connected players are absent. */
  readonly disconnectedSince: ReadonlyMap<string, number>;
  readonly now: number;
  readonly thresholdMs: number;
  readonly paused: PauseReason | null;
}

/** Players disconnected for at least the threshold. */
export function longDisconnected(input: Pick<InterruptionInput, 'disconnectedSince' | 'now' | 'thresholdMs'>): number {
  let count = 0;
  for (const since of input.disconnectedSince.values()) if (input.now - since >= input.thresholdMs) count++;
  return count;
}

/**
 * 'pause' when more than half of the players left are long disconnected and nothing pauses the
 * tournament yet; 'resume' when a pause for disconnections no longer holds; else null.
 */
export function interruptionDecision(input: InterruptionInput): 'pause' | 'resume' | null {
  const away = longDisconnected(input);
  const tooMany = input.remaining > 0 && away * 2 > input.remaining;
  if (tooMany && input.paused === null) return 'pause';
  if (!tooMany && input.paused === 'disconnections') return 'resume';
  return null;
}

@Injectable()
export class DisconnectionMonitor implements OnModuleInit, OnModuleDestroy {
  private readonly logger = new Logger('TournamentInterruption');
  /** tournament → user → first seen disconnected (ms). */
  private readonly since = new Map<number, Map<string, number>>();
  private timer: NodeJS.Timeout | null = null;
  private running = false;
  /** Threshold (MTT_DISCONNECT_PAUSE_MS); tests may set it lower. */
  thresholdMs: number;

  constructor(
    private readonly prisma: PrismaService,
    private readonly jobs: JobQueue,
    private readonly service: TournamentsService,
    private readonly gateway: TournamentsGateway,
    @Optional() @Inject(APP_CONFIG) config?: Pick<AppConfig, 'MTT_DISCONNECT_PAUSE_MS'>,
  ) {
    this.thresholdMs = config?.MTT_DISCONNECT_PAUSE_MS ?? DEFAULT_DISCONNECT_PAUSE_MS;
  }

  onModuleInit(): void {
    const every = Math.max(50, Math.min(5_000, Math.floor(this.thresholdMs / 4)));
    this.timer = setInterval(
      () => void this.checkAll().catch((err: unknown) => this.logger.warn({ msg: 'check failed', err: String(err) })),
      every,
    );
    this.timer.unref?.();
  }

  onModuleDestroy(): void {
    if (this.timer) clearInterval(this.timer);
    this.timer = null;
  }

  /** One check of every running tournament (returns what it did, for tests). */
  async checkAll(now = Date.now()): Promise<{ tournamentId: number; action: 'pause' | 'resume' }[]> {
    if (this.running || !this.gateway.server) return [];
    this.running = true;
    try {
      const rows = await tournamentViewRepository.runningSeats<PauseReason>(this.prisma);
      const online = new Set((await this.gateway.server.fetchSockets()).map((s) => s.data.user?.sub));
      const byTournament = new Map<
        number,
        { paused: PauseReason | null; players: { userId: string; bot: boolean }[] }
      >();
      for (const seatRow of rows) {
        const tournamentSeats = byTournament.get(seatRow.id) ?? { paused: seatRow.paused_reason, players: [] };
        tournamentSeats.players.push({ userId: seatRow.user_id, bot: seatRow.is_bot });
        byTournament.set(seatRow.id, tournamentSeats);
      }
      for (const id of this.since.keys()) if (!byTournament.has(id)) this.since.delete(id);
      const done: { tournamentId: number; action: 'pause' | 'resume' }[] = [];
      for (const [id, watched] of byTournament) {
        const prev = this.since.get(id) ?? new Map<string, number>();
        const next = new Map<string, number>();
        for (const player of watched.players)
          if (!player.bot && !online.has(player.userId)) next.set(player.userId, prev.get(player.userId) ?? now);
        this.since.set(id, next);
        const action = interruptionDecision({
          remaining: watched.players.length,
          disconnectedSince: next,
          now,
          thresholdMs: this.thresholdMs,
          paused: watched.paused,
        });
        if (!action) continue;
        const changed = await inTransaction(this.prisma, async (tx) => {
          await lockExclusive(tx, id);
          return action === 'pause'
            ? pauseTournament(tx, this.jobs, id, 'disconnections')
            : resumeTournament(tx, this.jobs, id, 'disconnections');
        });
        if (changed) {
          this.logger.log({
            msg: action === 'pause' ? 'paused: too many players disconnected' : 'resumed: players back',
            tournamentId: id,
          });
          done.push({ tournamentId: id, action });
          this.service.changed(id);
        }
      }
      return done;
    } finally {
      this.running = false;
    }
  }
}
