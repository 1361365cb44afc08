// Prometheus metrics of one copy (GET /metrics). Each copy reports its own numbers; Prometheus
// sums them over copies. Gauges that describe state (tables, sockets, queue depths) are read at
// scrape time from the services that own that state, so nothing has to remember to update them.
import { Inject, Injectable, Optional } from '@nestjs/common';
import { ModuleRef } from '@nestjs/core';
import { getQueueToken } from '@nestjs/bullmq';
import type { Queue } from 'bullmq';
import { collectDefaultMetrics, Counter, Gauge, Histogram, Registry } from 'prom-client';
import { QUEUES } from '@naiko/contracts';
import { PlatformGateway } from '../gateway/platform.gateway';
import { TablesService } from '../tables/tables.service';
import type { AppConfig } from '../config/config.schema';
import { APP_CONFIG } from '../tokens';

const JOB_STATES = ['waiting', 'active', 'delayed', 'prioritized', 'waiting-children', 'failed', 'completed'] as const;

@Injectable()
export class ClusterMetrics {
  /** One registry per app instance (several apps may share a process in tests). */
  readonly registry = new Registry();
  readonly actionLatency: Histogram<'event' | 'outcome'>;
  readonly leaseChanges: Counter<'change'>;
  readonly routedCommands: Counter<'direction' | 'op' | 'outcome'>;
  private readonly handsSeen = new Map<string, number>();

  constructor(
    @Optional() private readonly moduleRef?: ModuleRef,
    @Optional() @Inject(APP_CONFIG) config?: Pick<AppConfig, 'PROCESS_METRICS'>,
  ) {
    const registers = [this.registry];
    if (config?.PROCESS_METRICS ?? true) collectDefaultMetrics({ register: this.registry, prefix: 'naiko_' });
    // prom-client calls collect() with the metric as `this`: these arrows reach this copy.
    const hostedTables = () => this.tables()?.all() ?? [];
    const handsSeen = this.handsSeen;
    const socketCount = () => this.socketCount();
    const queueNamed = (name: string) => this.queue(name);
    new Gauge({
      name: 'naiko_tables',
      help: 'Tables hosted (owned) by this copy',
      registers,
      collect() {
        this.set(hostedTables().filter((h) => !h.closed).length);
      },
    });
    new Counter({
      name: 'naiko_hands_total',
      help: 'Hands played on the tables of this copy (rate() gives hands/s)',
      registers,
      collect() {
        // Each table counts its hands; add what each counted since the last scrape.
        for (const host of hostedTables()) {
          const played = host.summary().handsPlayed;
          const before = handsSeen.get(host.tableId) ?? 0;
          if (played > before) this.inc(played - before);
          handsSeen.set(host.tableId, played);
        }
      },
    });
    this.actionLatency = new Histogram({
      name: 'naiko_socket_command_seconds',
      help: 'Time from a socket command arriving to its handler finishing (table:act is the action latency)',
      labelNames: ['event', 'outcome'],
      buckets: [0.001, 0.0025, 0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5],
      registers,
    });
    new Gauge({
      name: 'naiko_sockets',
      help: 'socket.io connections to this copy',
      registers,
      collect() {
        this.set(socketCount());
      },
    });
    new Gauge({
      name: 'naiko_queue_jobs',
      help: 'BullMQ jobs per queue and state (shared by all copies: every copy reports the same numbers); state="failed" counts job failures',
      labelNames: ['queue', 'state'],
      registers,
      async collect() {
        this.reset();
        await Promise.all(
          Object.values(QUEUES).map(async (name) => {
            const queue = queueNamed(name);
            if (!queue) return;
            const counts = await queue.getJobCounts(...JOB_STATES).catch(() => null);
            if (!counts) return;
            for (const state of JOB_STATES) this.set({ queue: name, state }, counts[state] ?? 0);
          }),
        );
      },
    });
    this.leaseChanges = new Counter({
      name: 'naiko_table_lease_changes_total',
      help: 'Table leases this copy acquired, lost or released',
      labelNames: ['change'],
      registers,
    });
    this.routedCommands = new Counter({
      name: 'naiko_routed_commands_total',
      help: 'Table commands crossing copies: direction="sent" by this copy to a table owner, "served" by this copy for another; outcome ok, refused (typed error) or unavailable (owner gone)',
      labelNames: ['direction', 'op', 'outcome'],
      registers,
    });
  }

  async render(): Promise<{ contentType: string; body: string }> {
    return { contentType: this.registry.contentType, body: await this.registry.metrics() };
  }

  private tables(): TablesService | null {
    return this.optional(TablesService);
  }

  private queue(name: string): Queue | null {
    return this.optional<Queue>(getQueueToken(name));
  }

  private socketCount(): number {
    const server = this.optional<PlatformGateway>(PlatformGateway)?.server;
    return server?.of('/').sockets.size ?? 0;
  }

  private optional<T>(token: unknown): T | null {
    try {
      return (this.moduleRef?.get(token as never, { strict: false }) as T) ?? null;
    } catch {
      return null; // this app does not run that module
    }
  }
}
