// Responsible play (issue 26 item 4).
//
// - Cool-off: `POST /me/cool-off { period: 24h | 7d | 30d }` sets `responsible_play.cool_off_until`
//   (a new one never shortens a running one). StandingService refuses every sit (socket) and
//   registration (HTTP) until then; seats already taken play on until the player leaves.
// - Reality check: a ticker on every copy (REALITY_CHECK_TICK_MS) looks at who is playing — a
//   non-bot account with chips on a cash table or an entry still playing in a tournament — opens a
//   session for a newcomer (start time and chips then: account + table stacks), closes the session
//   of whoever stopped, and every REALITY_CHECK_MINUTES (or the player's own choice,
//   `PUT /me/reality-check`) sends `fairplay:reality-check { minutesPlayed, netChips }` to his
//   sockets. Each send is claimed by one UPDATE of `last_check_at`, so with several copies exactly
//   one sends it.
// - Purchase limit: there are no chip purchases — only the free top-up (accounts/top-up.ts) — so
//   there is nothing to limit; GET /me/fair-play says `purchases: 'none'`.
import { Inject, Injectable, Logger, type OnApplicationBootstrap, type OnModuleDestroy } from '@nestjs/common';
import { COOL_OFF_PERIODS, type CoolOffPeriod } from '@naiko/contracts';
import { ResponsiblePlayRepository } from '@naiko/persistence';
import { FAIR_PLAY_OPTIONS, type FairPlayOptions } from './options';
import { FairPlaySockets } from './sockets';

@Injectable()
export class ResponsiblePlayService implements OnApplicationBootstrap, OnModuleDestroy {
  private readonly logger = new Logger('ResponsiblePlay');
  private timer?: NodeJS.Timeout;
  private ticking = false;

  constructor(
    private readonly repository: ResponsiblePlayRepository,
    private readonly sockets: FairPlaySockets,
    @Inject(FAIR_PLAY_OPTIONS) private readonly options: FairPlayOptions,
  ) {}

  onApplicationBootstrap(): void {
    this.timer = setInterval(() => void this.tickSafely(), this.options.realityCheckTickMs);
    this.timer.unref();
  }

  onModuleDestroy(): void {
    clearInterval(this.timer);
  }

  async coolOff(userId: string, period: CoolOffPeriod, now = new Date()): Promise<Date> {
    const until = new Date(now.getTime() + COOL_OFF_PERIODS[period]);
    // Never shortened by choosing a shorter one while it runs (the repository keeps the later end).
    return this.repository.coolOff(userId, until);
  }

  async setRealityCheckMinutes(userId: string, minutes: number | null): Promise<void> {
    await this.repository.setRealityCheckMinutes(userId, minutes);
  }

  /** ms between checks for a player who chose `minutes` (null: the server's default). */
  intervalMs(minutes: number | null): number {
    if (minutes !== null) return minutes * 60_000;
    return this.options.realityCheckEveryMs ?? this.options.realityCheckMinutes * 60_000;
  }

  private async tickSafely(): Promise<void> {
    if (this.ticking) return;
    this.ticking = true;
    try {
      await this.tick();
    } catch (err) {
      this.logger.warn({ msg: 'reality check tick failed', err: String(err) });
    } finally {
      this.ticking = false;
    }
  }

  /** One pass: open and close sessions, send the checks that are due. Returns the users checked. */
  async tick(now = new Date()): Promise<string[]> {
    // Who plays now, with his chips in the chips book (account + table stacks).
    const playing = await this.repository.playing();
    const ids = playing.map((p) => p.user_id);
    // Sessions of players who stopped end; newcomers' begin.
    await this.repository.endSessionsExcept(ids);
    if (ids.length === 0) return [];
    // One statement for every newcomer (thousands of players at once on a busy site).
    await this.repository.startSessions(playing, now);
    const sessions = await this.repository.sessionsOf(ids);
    const chipsOf = new Map(playing.map((p) => [p.user_id, p.chips]));
    const sent: string[] = [];
    for (const limits of sessions) {
      const every = this.intervalMs(limits.realityCheckMinutes);
      const dueAt = new Date((limits.lastCheckAt ?? limits.sessionStartedAt!).getTime() + every);
      if (dueAt > now) continue;
      // Claimed by one copy: the row still has the last check this copy read.
      if (!(await this.repository.claimCheck(limits, now))) continue;
      const started = limits.sessionStartedAt!;
      this.sockets.toUser(limits.userId, 'fairplay:reality-check', {
        minutesPlayed: Math.floor((now.getTime() - started.getTime()) / 60_000),
        netChips: Number((chipsOf.get(limits.userId) ?? 0n) - (limits.sessionStartChips ?? 0n)),
        sessionStartedAt: started.toISOString(),
        everyMinutes: Math.max(1, Math.round(every / 60_000)),
      });
      sent.push(limits.userId);
    }
    return sent;
  }
}
