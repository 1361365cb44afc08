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
import { PrismaService } from '@naiko/persistence';
import { FAIR_PLAY_OPTIONS, type FairPlayOptions } from './options';
import { FairPlaySockets } from './sockets';

interface PlayingRow {
  user_id: string;
  chips: bigint;
}

@Injectable()
export class ResponsiblePlayService implements OnApplicationBootstrap, OnModuleDestroy {
  private readonly logger = new Logger('ResponsiblePlay');
  private timer?: NodeJS.Timeout;
  private ticking = false;

  constructor(
    private readonly prisma: PrismaService,
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
    // GREATEST: a cool-off is never shortened by choosing a shorter one while it runs.
    const [row] = await this.prisma.$queryRaw<{ cool_off_until: Date }[]>`
      INSERT INTO responsible_play (user_id, cool_off_until, updated_at) VALUES (${userId}::uuid, ${until}, now())
      ON CONFLICT (user_id) DO UPDATE SET cool_off_until = GREATEST(COALESCE(responsible_play.cool_off_until, ${until}), ${until}), updated_at = now()
      RETURNING cool_off_until`;
    return row.cool_off_until;
  }

  async setRealityCheckMinutes(userId: string, minutes: number | null): Promise<void> {
    await this.prisma.responsiblePlay.upsert({
      where: { userId },
      create: { userId, realityCheckMinutes: minutes },
      update: { realityCheckMinutes: minutes },
    });
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
    const playing = await this.prisma.$queryRaw<PlayingRow[]>`
      WITH players AS (
        SELECT DISTINCT a.user_id FROM chip_accounts a JOIN users u ON u.id = a.user_id
        WHERE a.kind = 'table_stack' AND a.balance > 0 AND NOT u.is_bot
        UNION
        SELECT DISTINCT e.user_id FROM tournament_entries e JOIN users u ON u.id = e.user_id
        WHERE e.status = 'playing' AND NOT u.is_bot
      )
      SELECT p.user_id::text AS user_id,
             COALESCE((SELECT SUM(balance) FROM chip_accounts c WHERE c.user_id = p.user_id AND c.kind IN ('user', 'table_stack')), 0)::bigint AS chips
      FROM players p`;
    const ids = playing.map((p) => p.user_id);
    // Sessions of players who stopped end; newcomers' begin.
    await this.prisma.$executeRaw`
      UPDATE responsible_play SET session_started_at = NULL, session_start_chips = NULL, last_check_at = NULL
      WHERE session_started_at IS NOT NULL AND NOT (user_id = ANY(${ids}::uuid[]))`;
    if (ids.length === 0) return [];
    // One statement for every newcomer (thousands of players at once on a busy site).
    await this.prisma.$executeRaw`
      INSERT INTO responsible_play (user_id, session_started_at, session_start_chips, updated_at)
      SELECT u, ${now}, c, now() FROM unnest(${ids}::uuid[], ${playing.map((p) => p.chips.toString())}::bigint[]) AS t(u, c)
      ON CONFLICT (user_id) DO UPDATE SET session_started_at = ${now}, session_start_chips = EXCLUDED.session_start_chips, last_check_at = NULL
      WHERE responsible_play.session_started_at IS NULL`;
    const sessions = await this.prisma.responsiblePlay.findMany({
      where: { userId: { in: ids }, sessionStartedAt: { not: null } },
    });
    const chipsOf = new Map(playing.map((p) => [p.user_id, p.chips]));
    const sent: string[] = [];
    for (const limits of sessions) {
      const every = this.intervalMs(limits.realityCheckMinutes);
      const dueAt = new Date((limits.lastCheckAt ?? limits.sessionStartedAt!).getTime() + every);
      if (dueAt > now) continue;
      // Claimed by one copy: the row still has the last check this copy read.
      const claimed = await this.prisma.responsiblePlay.updateMany({
        where: { userId: limits.userId, lastCheckAt: limits.lastCheckAt, sessionStartedAt: limits.sessionStartedAt },
        data: { lastCheckAt: now },
      });
      if (claimed.count !== 1) continue;
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
