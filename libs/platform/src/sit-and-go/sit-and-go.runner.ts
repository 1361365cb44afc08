// Deals the table of every running Sit & Go / Spin instance: the tournament table runner of
// ../tournaments (table-runner.ts) over SitAndGoService — a TableHost with the tournament option
// (the instance decides every deal under its row lock: seats, button and blinds by the dead-button
// rule, the level in force; no hand in a break), the table clock with its time bank, bots only for
// bot entrants, humans through `table:watch` / `table:act`, per-seat feeds, every event stored before
// it is broadcast; `onHandFinished` records busts and places (and the payout once one is left).
// One process: a Redis lease `<prefix>:sng-runner:<id>` per instance; CLUSTER_MODE=redis: the
// table's own fenced table lease (`sngTableId`), taken over when its copy dies (crash rule:
// `SitAndGoService.recoverTable`).
import { Inject, Injectable, type OnApplicationBootstrap, type OnModuleDestroy } from '@nestjs/common';
import { PrismaService, PrivateEventRepository } from '@naiko/persistence';
import { APP_CONFIG, REDIS_ENDPOINT, REDIS_NAMESPACE } from '../tokens';
import type { AppConfig } from '../config/config.schema';
import type { RedisEndpoint } from '../redis/redis-endpoint';
import { withNamespacedPrefix, type RedisNamespace } from '../redis/redis-namespace';
import type { TableHost } from '../tables/table-host';
import { TableSockets } from '../tables/table-sockets';
import { TablesService } from '../tables/tables.service';
import {
  DEFAULT_TOURNAMENT_RUNNER_OPTIONS,
  runnerOptionsFromConfig,
  TournamentTableRunner,
  type TournamentRunnerOptions,
} from '../tournaments/table-runner';
import { SitAndGoService } from './sit-and-go.service';
import { SNG_TABLE_NO, sitAndGoTables } from './sit-and-go.tables';
import { PrivateEventStore } from '../tournaments/private-events';

export const SIT_AND_GO_RUNNER_OPTIONS = Symbol('SIT_AND_GO_RUNNER_OPTIONS');

export interface RunnerOptions extends TournamentRunnerOptions {
  /** False: this process runs the jobs but deals no table (another process deals them; tests deal by hand). */
  deal: boolean;
}

export const DEFAULT_RUNNER_OPTIONS: RunnerOptions = { ...DEFAULT_TOURNAMENT_RUNNER_OPTIONS, deal: true };

/** Overrides from the validated config (SNG_HAND_PAUSE_MS, SNG_BOT_DELAY_MS: tests and benchmarks of whole apps). */
export function sitAndGoRunnerOptionsFromConfig(
  config: Parameters<typeof runnerOptionsFromConfig>[0],
): Partial<RunnerOptions> {
  return runnerOptionsFromConfig(config, 'SNG');
}

@Injectable()
export class SitAndGoTableRunner extends TournamentTableRunner implements OnApplicationBootstrap, OnModuleDestroy {
  constructor(
    prisma: PrismaService,
    service: SitAndGoService,
    tables: TablesService,
    sockets: TableSockets,
    @Inject(REDIS_ENDPOINT) redisEndpoint: RedisEndpoint,
    @Inject(APP_CONFIG) config: AppConfig,
    @Inject(REDIS_NAMESPACE) ns: RedisNamespace,
    @Inject(SIT_AND_GO_RUNNER_OPTIONS) private readonly runnerOptions: RunnerOptions,
  ) {
    super(
      prisma,
      sitAndGoTables(service, new PrivateEventStore(new PrivateEventRepository(prisma))),
      tables,
      sockets,
      redisEndpoint,
      withNamespacedPrefix(config, ns),
      runnerOptions,
      'SitAndGoRunner',
    );
  }

  override ensure(instanceId: number): void {
    if (this.runnerOptions.deal) super.ensure(instanceId);
  }

  /** The host of an instance's table when this process deals it (tests, tools). */
  table(instanceId: number): TableHost | undefined {
    return this.host(instanceId, SNG_TABLE_NO);
  }
}
