// Runs the tables of running scheduled tournaments in this process: the generic tournament table
// runner (table-runner.ts: one TableHost per table, the tournament deciding every deal, per-table
// leases with fencing when clustered) over TournamentsService. Keys: `<prefix>:mtt-runner:<id>`
// (one process), `<prefix>:mtt:runners` (copies running tournament tables).
import { Inject, Injectable, type OnApplicationBootstrap, type OnModuleDestroy } from '@nestjs/common';
import { PrismaService, PrivateEventRepository } from '@naiko/persistence';
import type { TableConfig } from '@naiko/table';
import { APP_CONFIG, REDIS_ENDPOINT, REDIS_NAMESPACE } from '../tokens';
import type { AppConfig } from '../config/config.schema';
import type { RedisEndpoint } from '../redis/redis-endpoint';
import { withNamespacedPrefix, type RedisNamespace } from '../redis/redis-namespace';
import { FaultBoard } from '../health/fault-board';
import { TableSockets } from '../tables/table-sockets';
import { TablesService } from '../tables/tables.service';
import type { LevelSchedule } from './level-schedule';
import { mttTableId } from './table-ids';
import {
  runnerOptionsFromConfig,
  TournamentTableRunner,
  tournamentTableOf,
  type TournamentRunnerOptions,
  type TournamentTables,
} from './table-runner';
import type { TournamentSettings } from './tournament-config';
import { mttTournamentId, TournamentsService } from './tournaments.service';
import { PrivateEventStore } from './private-events';

export { DEFAULT_TOURNAMENT_RUNNER_OPTIONS, type TournamentRunnerOptions } from './table-runner';

export const TOURNAMENT_RUNNER_OPTIONS = Symbol('TOURNAMENT_RUNNER_OPTIONS');

/** Overrides from the validated config (MTT_HAND_PAUSE_MS, MTT_BOT_DELAY_MS: tests and benchmarks of whole apps). */
export function tournamentRunnerOptionsFromConfig(
  config: Parameters<typeof runnerOptionsFromConfig>[0],
): Partial<TournamentRunnerOptions> {
  return runnerOptionsFromConfig(config);
}

/** The table configuration of a tournament's tables: its game, seats and clock; any stack fits. */
export function tournamentTableConfig(settings: TournamentSettings, schedule: LevelSchedule): TableConfig {
  return tournamentTableOf(settings, schedule);
}

/** TournamentsService as the table runner drives it. */
export function mttTables(service: TournamentsService, privateEvents?: PrivateEventStore): TournamentTables {
  return {
    kind: 'mtt',
    bookId: mttTournamentId,
    tableId: mttTableId,
    dealerRef: (id) => ({ tournamentId: id }),
    onStarted: (fn) => service.listen({ changed: () => undefined, started: fn }),
    resumeJobs: () => service.resumeJobs(),
    runningIds: () => service.runningIds(),
    get: async (id) => {
      // Polled by every runner loop: the tournament row and its open tables' numbers only.
      const { row, tables } = await service.runnerView(id);
      return {
        running: row.status === 'running',
        // A Sit & Go has one table: the instance's name ("<template> #<n>") is the table's.
        tableName: (n) => (row.template_id !== null ? row.name : `${row.name} — table ${n}`),
        version: row.version,
        tables,
        blindStructure: row.config.blindStructure,
        tableConfig: (schedule) => tournamentTableConfig(row.config, schedule),
        ...(row.config.timeBank ? { timeBank: row.config.timeBank } : {}),
        // A Sit & Go instance's table links to its Sit & Go lobby (`#/sng/<id>`), not the tournament's.
        ...(row.template_id !== null ? { dealerRef: { sitAndGoId: id } } : {}),
      };
    },
    beginTableHand: (id, n, fence) => service.beginTableHand(id, n, fence),
    finishTableHand: (id, n, result, fence) => service.finishTableHand(id, n, result, fence),
    seatMaps: (id, only) => service.seatMaps(id, only),
    recoverTable: (id, n, fence) => service.recoverTable(id, n, fence),
    clearHandsInProgress: (id) => service.clearHandsInProgress(id),
    // A private Sit & Go is a tournament opened from a template: its invitations are the `sng` kind's.
    ...(privateEvents
      ? {
          requireWatch: async (id, user, code) =>
            privateEvents.requireWatch((await service.row(id)).template_id ? 'sng' : 'mtt', id, user, code),
        }
      : {}),
  };
}

@Injectable()
export class TournamentRunner extends TournamentTableRunner implements OnApplicationBootstrap, OnModuleDestroy {
  constructor(
    prisma: PrismaService,
    service: TournamentsService,
    tables: TablesService,
    sockets: TableSockets,
    @Inject(REDIS_ENDPOINT) redisEndpoint: RedisEndpoint,
    @Inject(APP_CONFIG) config: AppConfig,
    @Inject(REDIS_NAMESPACE) ns: RedisNamespace,
    @Inject(TOURNAMENT_RUNNER_OPTIONS) options: TournamentRunnerOptions,
    faults: FaultBoard,
  ) {
    super(
      prisma,
      mttTables(service, new PrivateEventStore(new PrivateEventRepository(prisma))),
      tables,
      sockets,
      redisEndpoint,
      withNamespacedPrefix(config, ns),
      options,
      'TournamentRunner',
      faults,
    );
  }
}
