// The fair-play scan (issue 26 item 1): job `fairPlayScan` (queue `fair-play`, id
// `fair-play-scan.<tag>`), run by a job scheduler every FAIR_PLAY_SCAN_EVERY_MS and on demand by the
// admin (`POST /admin/fair-play/scan`). Never on the action path: it reads what the table hosts
// already stored — the completed hands of the window (`hands.players`, `hand_events.payload`) — and
// hands them to libs/table's pure signals; each finding becomes (or updates) a flag row.
//
// Decision times come from the stored events too, at no cost to the table: every event row has its
// `created_at` (the time of the transaction that stored it, before the broadcast), so a decision's
// time is its action's `created_at` minus that of the event stored just before it (the event that
// made it the player's turn). Actions the clock took look like a decision of exactly the table's
// decision time; those at or above `clock.decisionMs − 100 ms` of the cash table's config are
// counted as timeouts and left out (tournament tables: none left out).
import { Inject, Injectable, Logger, type OnApplicationBootstrap, type OnModuleDestroy } from '@nestjs/common';
import { QueueEvents, type Job } from 'bullmq';
import { randomUUID } from 'node:crypto';
import { QUEUES, type FairPlayScanPayload } from '@naiko/contracts';
import { FairPlayScanRepository, type ScannedEventRow, type ScannedHandRow } from '@naiko/persistence';
import {
  detectBotTiming,
  detectChipDumping,
  detectSoftPlay,
  type DecisionTiming,
  type FairPlayHand,
  type StoredEventPayload,
} from '@naiko/table';
import { JobHandler } from '../jobs/job-handler.decorator';
import { JobQueue } from '../jobs/job-queue.service';
import { ReconcileJobs } from '../jobs/job-reconciler.service';
import { REDIS_ENDPOINT, REDIS_NAMESPACE } from '../tokens';
import type { RedisEndpoint } from '../redis/redis-endpoint';
import type { RedisNamespace } from '../redis/redis-namespace';
import { bullmqConnection } from '../redis/redis-options';
import { FlagStore, type FlagInput } from './flags';
import { FAIR_PLAY_OPTIONS, type FairPlayOptions } from './options';

export interface ScanResult {
  tag: string;
  hands: number;
  decisions: number;
  flags: { signal: string; pattern: string | null; userIds: string[] }[];
}

type HandRow = ScannedHandRow;
type EventRow = ScannedEventRow<StoredEventPayload>;

/** Hands whose events are read per query. */
const CHUNK = 500;

/** The stored hands as the signals take them, and the decision times taken from the event rows. */
export function decisionTimings(
  hand: HandRow,
  events: EventRow[],
  bots: ReadonlySet<string>,
  timeoutFromMs: number | null,
): DecisionTiming[] {
  const out: DecisionTiming[] = [];
  const userOf = new Map(hand.players.map((p) => [p.seat, p.userId]));
  for (let i = 1; i < events.length; i++) {
    const storedEventPayload = events[i].payload;
    if (storedEventPayload.type !== 'action' || typeof storedEventPayload.seat !== 'number') continue;
    const userId = userOf.get(storedEventPayload.seat);
    if (!userId) continue;
    const ms = Math.max(0, events[i].created_at.getTime() - events[i - 1].created_at.getTime());
    out.push({
      userId,
      handId: hand.id,
      ms,
      markedBot: bots.has(userId),
      timedOut: timeoutFromMs !== null && ms >= timeoutFromMs,
    });
  }
  return out;
}

@Injectable()
export class FairPlayScanner implements OnApplicationBootstrap, OnModuleDestroy {
  private readonly logger = new Logger('FairPlayScan');
  private events?: QueueEvents;

  constructor(
    private readonly repository: FairPlayScanRepository,
    private readonly flags: FlagStore,
    private readonly jobs: JobQueue,
    @Inject(FAIR_PLAY_OPTIONS) private readonly options: FairPlayOptions,
    @Inject(REDIS_ENDPOINT) private readonly redis: RedisEndpoint,
    @Inject(REDIS_NAMESPACE) private readonly ns: RedisNamespace,
  ) {}

  async onApplicationBootstrap(): Promise<void> {
    await this.schedule();
  }

  /** (Re)creates the scan's job scheduler; also after Redis lost its data (upsert: idempotent). */
  @ReconcileJobs('fair-play')
  async schedule(): Promise<{ every: number }> {
    if (this.options.scanEveryMs > 0) {
      await this.jobs
        .queue(QUEUES.fairPlay)
        .upsertJobScheduler(
          'fair-play-scan',
          { every: this.options.scanEveryMs },
          { name: 'fairPlayScan', data: { tag: 'scheduled' } satisfies FairPlayScanPayload },
        );
    }
    return { every: this.options.scanEveryMs };
  }

  @JobHandler('fairPlayScan')
  handle(payload: FairPlayScanPayload, _job: Job): Promise<ScanResult> {
    return this.scan(payload.tag);
  }

  /** Enqueues a scan and resolves with its result (whichever copy consumes the `fair-play` queue runs it). */
  async scanNow(timeoutMs = 120_000): Promise<ScanResult> {
    this.events ??= new QueueEvents(QUEUES.fairPlay, {
      connection: bullmqConnection(this.redis.url),
      prefix: this.ns.prefix,
    });
    await this.events.waitUntilReady();
    const job = await this.jobs.enqueue('fairPlayScan', { tag: `manual-${randomUUID()}` });
    return (await job.waitUntilFinished(this.events, timeoutMs)) as ScanResult;
  }

  async onModuleDestroy(): Promise<void> {
    await this.events?.close();
  }

  /** One scan over the window's completed hands. */
  async scan(tag: string): Promise<ScanResult> {
    const since = new Date(Date.now() - this.options.scanHours * 3_600_000);
    const rows = await this.repository.completedHandsSince(since, this.options.scanMaxHands);
    rows.reverse();
    const userIds = [...new Set(rows.flatMap((r) => r.players.map((p) => p.userId)))];
    const bots = new Set(await this.repository.botIds(userIds));
    const timeoutFrom = await this.timeoutThresholds([
      ...new Set(rows.map((r) => r.table_id).filter((t): t is string => t !== null)),
    ]);

    const hands: FairPlayHand[] = [];
    const timings: DecisionTiming[] = [];
    for (let i = 0; i < rows.length; i += CHUNK) {
      const chunk = rows.slice(i, i + CHUNK);
      const events = await this.repository.eventsOf<StoredEventPayload>(chunk.map((r) => r.id));
      const byHand = new Map<string, EventRow[]>();
      for (const row of events) {
        const ofHand = byHand.get(row.hand_id);
        if (ofHand) ofHand.push(row);
        else byHand.set(row.hand_id, [row]);
      }
      for (const row of chunk) {
        const ev = byHand.get(row.id) ?? [];
        hands.push({
          handId: row.id,
          tableId: row.table_id,
          players: row.players.map((p) => ({ seat: p.seat, userId: p.userId })),
          events: ev.map((e) => e.payload),
        });
        timings.push(...decisionTimings(row, ev, bots, row.table_id ? (timeoutFrom.get(row.table_id) ?? null) : null));
      }
    }

    const found: FlagInput[] = [];
    for (const finding of detectChipDumping(hands, this.options.chipDump)) {
      // House bots get their chips from the house and play by a fixed policy: never a dump recipient or donor.
      if (finding.pattern === 'strong-folds') {
        if (bots.has(finding.donor) || bots.has(finding.recipient)) continue;
        found.push({
          signal: 'chip-dump',
          pattern: finding.pattern,
          userIds: [finding.recipient, finding.donor],
          keyUsers: [finding.recipient, finding.donor],
          evidence: finding,
          handIds: finding.hands.map((h) => h.handId),
        });
      } else {
        const donors = finding.donors.filter((d) => !bots.has(d.donor));
        if (bots.has(finding.recipient) || donors.length < Math.max(1, this.options.chipDump.minDonors ?? 3)) continue;
        found.push({
          signal: 'chip-dump',
          pattern: finding.pattern,
          userIds: [finding.recipient, ...donors.map((d) => d.donor)],
          keyUsers: [finding.recipient],
          evidence: { ...finding, donors },
          handIds: [...new Set(donors.flatMap((d) => d.handIds))],
        });
      }
    }
    for (const finding of detectSoftPlay(hands, this.options.softPlay)) {
      if (finding.pair.some((u) => bots.has(u))) continue;
      found.push({
        signal: 'soft-play',
        pattern: null,
        userIds: [...finding.pair],
        keyUsers: [...finding.pair],
        evidence: finding,
        handIds: finding.handIds,
      });
    }
    for (const finding of detectBotTiming(timings, this.options.botTiming)) {
      found.push({
        signal: 'bot-timing',
        pattern: null,
        userIds: [finding.userId],
        keyUsers: [finding.userId],
        evidence: finding,
        handIds: finding.handIds,
      });
    }
    for (const input of found) await this.flags.record(input);
    this.logger.log({
      msg: 'fair-play scan',
      tag,
      hands: hands.length,
      decisions: timings.length,
      flags: found.length,
    });
    return {
      tag,
      hands: hands.length,
      decisions: timings.length,
      flags: found.map((f) => ({ signal: f.signal, pattern: f.pattern, userIds: f.userIds })),
    };
  }

  /** Per cash table: decision times from which an action was the clock's (decisionMs − 100 ms). */
  private async timeoutThresholds(tableIds: string[]): Promise<Map<string, number>> {
    if (tableIds.length === 0) return new Map();
    const uuids = tableIds.filter((t) => /^[0-9a-f-]{36}$/i.test(t));
    const tables = await this.repository.tableConfigs(uuids);
    const out = new Map<string, number>();
    for (const table of tables) {
      const ms = (table.config as { clock?: { decisionMs?: number } } | null)?.clock?.decisionMs;
      if (typeof ms === 'number' && ms > 0) out.set(table.id, Math.max(0, ms - 100));
    }
    return out;
  }
}
