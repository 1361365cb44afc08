// The tables this process hosts: creates them (cash_tables), hosts each with a TableHost, and at
// boot applies the crash rule before hosting anything again. Scale-out: every table command goes
// through `command()`, which runs it here when this copy hosts the table and otherwise sends it to
// the owner copy (cluster/table-router.ts); the owner runs `execute()` with the caller's identity.
import {
  Inject,
  Injectable,
  Logger,
  Optional,
  type OnApplicationBootstrap,
  type OnModuleDestroy,
} from '@nestjs/common';
import { randomUUID } from 'node:crypto';
import {
  CashTableRepository,
  ChatReportRepository,
  ChipLedger,
  HandStore,
  PrismaService,
  recoverFromCrash,
  UserRepository,
  type RecoveryReport,
} from '@naiko/persistence';
// Disconnection protection allowance: per player per 24 h across every table and copy (issue 18).
import { ProtectionUses } from '@naiko/persistence';
import { makeTableConfig, TableError, type TableConfig } from '@naiko/table';
import { seededRandom } from '@naiko/engine';
import type { ChatReportView, TableSummary } from '@naiko/contracts';
import { LedgerChipSource, type ChipSource } from './chip-source';
import { UserBotDirectory } from './bot-directory';
import { CashTableSaves } from './cash-table-saves';
import { ChatReports } from './chat-reports';
import { TableHostError } from './host-errors';
import { TableHost } from './table-host';
import type { HostControlsSaved } from './room/host-controls';
import { executeTableCommand, type CreateTableInput, type TableCommand } from './table-commands';
import { TableSockets } from './table-sockets';
import { TABLES_OPTIONS, type TablesOptions } from './tables-options';
import { SingleProcessOwnership, TABLE_OWNERSHIP, type TableOwnership } from '../cluster/table-ownership';
import { TableRouting, type RoutedRequest, type WatchersRequest } from './cluster/routing';
import { TableTakeover } from './cluster/takeover';
import { TABLE_ROUTER, type RoutedUser, type TableRouter } from '../cluster/table-router';
import { defaultTableId, type RoomConfig } from '../room/room-config';
import { ROOM_CONFIG } from '../tokens';

@Injectable()
export class TablesService implements OnApplicationBootstrap, OnModuleDestroy {
  private readonly logger = new Logger('Tables');
  /** @internal the cash tables this copy hosts (cluster/takeover.ts adds the ones it takes over). */
  readonly hosts = new Map<string, TableHost>();
  private readonly attached = new Map<string, TableHost>();
  /** @internal */
  readonly ledger: ChipLedger;
  private readonly handStore: HandStore;
  /** The disconnection-protection quota (persistence's ProtectionUses), shared by every table of this copy. */
  private readonly protections: ProtectionUses;
  private readonly bots: UserBotDirectory;
  private seq = 0;
  /** Ids of the room's default tables (config/room.json). */
  private readonly roomTables: Set<string>;
  /** Players re-seated at each table taken over (for tests and logs). */
  readonly reseated = new Map<string, Set<string>>();
  /** @internal */
  readonly ownership: TableOwnership;
  private adoptTimer: NodeJS.Timeout | null = null;
  private sweepTimer: NodeJS.Timeout | null = null;
  lastRecovery: RecoveryReport | null = null;
  /** @internal command routing between copies and remote watchers (cluster/routing.ts). */
  readonly routing: TableRouting;
  /** @internal claiming dead copies' tables (cluster/takeover.ts). */
  readonly takeover: TableTakeover;

  /** @internal what a cash table keeps in its row besides its creation (cash-table-saves.ts). */
  readonly saves: CashTableSaves;
  /** @internal reports of chat messages to the admins (chat-reports.ts). */
  readonly chatReporting: ChatReports;

  constructor(
    /** @internal the ledger, hand store, crash rule and protection quota run on it. */ readonly prisma: PrismaService,
    /** @internal */ readonly cashTables: CashTableRepository,
    chatReportStore: ChatReportRepository,
    /** @internal */ readonly users: UserRepository,
    /** @internal */ readonly sockets: TableSockets,
    @Inject(TABLES_OPTIONS) private readonly options: TablesOptions,
    @Optional() @Inject(TABLE_OWNERSHIP) ownership?: TableOwnership,
    /** @internal */ @Optional() @Inject(TABLE_ROUTER) readonly router: TableRouter | null = null,
    @Optional() @Inject(ROOM_CONFIG) room: RoomConfig | null = null,
  ) {
    this.roomTables = new Set((room?.tables ?? []).map((t) => defaultTableId(t.key)));
    this.ownership = ownership ?? new SingleProcessOwnership();
    this.routing = new TableRouting(this, router);
    // Who listens at each table: this copy's sockets, and with a router the users other copies
    // routed a watch for (the host sends nothing to an audience nobody of which watches).
    sockets.knowRemoteWatchers(router ? (tableId) => this.routing.remoteWatchers.get(tableId)?.keys() : null);
    this.takeover = new TableTakeover(this);
    this.saves = new CashTableSaves(cashTables, this.logger);
    this.chatReporting = new ChatReports(chatReportStore);
    this.ledger = new ChipLedger(prisma);
    this.protections = new ProtectionUses(prisma);
    // Scale-out: every hand write carries this copy's fencing token for the table (cluster/fence.ts).
    this.handStore = new HandStore(prisma, this.ownership.guard);
    this.bots = new UserBotDirectory(this.users, this.ledger);
    this.ownership.onLost((tableId) => {
      // Another copy owns the table now: stop at once, write nothing more.
      this.hosts.get(tableId)?.stop();
      this.hosts.delete(tableId);
      this.reseated.delete(tableId);
      this.routing.remoteWatchers.delete(tableId);
      this.logger.warn({ msg: 'table lease lost; stopped hosting', tableId });
    });
  }

  /** The table ownership (leases, fencing) tournament tables share with cash tables. */
  get tableOwnership(): TableOwnership {
    return this.ownership;
  }

  /** The command router between copies (null: everything is local). */
  get tableRouter(): TableRouter | null {
    return this.router;
  }

  /** This copy hosts tables (false: apps/lobby in the split deployment routes them all). */
  get hostsTables(): boolean {
    return this.options.hostTables !== false;
  }

  private bootDone!: () => void;
  /** Resolves once the boot work (crash rule, tables hosted again or adopted) is done. */
  readonly booted = new Promise<void>((r) => (this.bootDone = r));

  async onApplicationBootstrap(): Promise<void> {
    try {
      await this.boot();
    } finally {
      this.bootDone();
    }
  }

  private async boot(): Promise<void> {
    // Every copy answers routed commands for the tables it runs, also one hosting no cash tables
    // (apps/tournament: its attached tournament tables); `serve` refuses a table not run here.
    if (this.router)
      await this.router.start(
        (body, from) => this.routing.onRouted(body as RoutedRequest | WatchersRequest, from),
        this.hostsTables,
      );
    if (this.router) {
      this.sweepTimer = setInterval(() => void this.routing.forgetDeadCopies(), this.router.aliveTtlMs);
      this.sweepTimer.unref();
    }
    if (!this.hostsTables) {
      this.logger.log({
        msg: 'hosting no tables: table commands go to the table copies',
        instance: this.router?.instanceId,
      });
      return;
    }
    if (!this.options.recoverAtBoot) return;
    if (this.ownership.clustered) {
      // Several copies: each table is hosted by the copy holding its lease. Claim what nobody
      // holds now and poll again (a fifth of a second, at most a quarter lease time): a copy
      // whose Redis connection vanished (killed) has its tables taken at once (DeadCopies), an
      // expired lease is claimed within the poll. A poll is one MGET of the leases, one PUBSUB
      // NUMSUB when other copies hold them, and the open tables re-read every quarter lease.
      await this.takeover.adoptTables();
      const every = Math.max(50, Math.min(200, Math.floor(this.ownership.leaseMs / 4)));
      this.adoptTimer = setInterval(() => void this.takeover.adoptTables(), every);
      this.adoptTimer.unref();
      return;
    }
    // The crash rule first: nothing is hosted while a hand of the previous process is still open.
    // Cash-table hands only: a Sit & Go's or tournament's hands belong to its runner, which cancels
    // them when it takes the event over — in a split deployment they may be running right now in
    // another process, and restarting the cash tables must not cancel them.
    this.lastRecovery = await recoverFromCrash(this.prisma, {
      hands: 'cash-tables',
      resumeTable: () => false,
      log: (msg, data) => this.logger.log({ msg, ...data }),
    });
    if (!this.lastRecovery.audit?.ok) this.logger.error({ msg: 'ledger audit failed after crash recovery' });
    const open = await this.cashTables.openTables();
    for (const row of open)
      this.host(row.id, row.name, row.config as unknown as TableConfig, undefined, {
        bombPotPending: row.bombPotPending,
        hostControls: row.hostControls as HostControlsSaved | null,
      });
    if (open.length) this.logger.log({ msg: `hosting ${open.length} tables again`, tables: open.map((t) => t.id) });
  }

  async onModuleDestroy(): Promise<void> {
    if (this.adoptTimer) clearInterval(this.adoptTimer);
    if (this.sweepTimer) clearInterval(this.sweepTimer);
    await this.takeover.settled();
    for (const host of this.hosts.values()) host.stop();
    // What the journal still holds goes in (the running hands are cancelled at the next boot anyway).
    await this.handStore.handJournal
      .flush()
      .catch((err: unknown) => this.logger.warn({ msg: 'hand journal flush at shutdown failed', err: String(err) }));
    await this.ownership.stop();
    await this.router?.stop();
  }

  /**
   * Runs a table command where the table lives: here when this copy hosts it, else on its owner
   * (through Redis; cluster/routing.ts). The reply, or the owner's typed refusal, comes back.
   */
  command(cmd: TableCommand, user: RoutedUser): Promise<unknown> {
    return this.routing.command(cmd, user);
  }

  /** Refused (FORBIDDEN, NOT_INVITED) unless `user` may watch the table (asked before joining any room). */
  checkWatch(tableId: string, user: RoutedUser, inviteCode?: string): Promise<void> {
    return this.routing.checkWatch(tableId, user, inviteCode);
  }

  /** The lobby's tables as `userId` may see them (every copy's, from the directory, when routed). */
  summaries(userId: string): Promise<TableSummary[]> {
    return this.routing.summaries(userId);
  }

  /** Runs a command on a table this copy hosts (table-commands.ts). */
  execute(cmd: TableCommand, user: RoutedUser): Promise<unknown> {
    return executeTableCommand(this, cmd, user);
  }

  /** The latest chat reports, newest first (the admin page). */
  chatReports(limit = 100): Promise<ChatReportView[]> {
    return this.chatReporting.latest(limit);
  }

  async create(input: CreateTableInput): Promise<TableHost> {
    let config: TableConfig;
    try {
      config = makeTableConfig(input.config as Parameters<typeof makeTableConfig>[0]);
    } catch (err) {
      if (err instanceof TableError) throw new TableHostError('BAD_PAYLOAD', err.code, err.message);
      throw err;
    }
    // The lease before the row: an open table's row is what every copy's adoption sweep looks for,
    // so a row inserted first could be adopted by another copy before its creator claimed it (the
    // creator then answered NOT_OWNER for a table it had just made; seen with three loaded copies).
    const id = input.tableId ?? randomUUID();
    // A table hosted here exists (its lease is ours: releasing it below would give it away).
    if (this.find(id)) throw new TableHostError('CONFLICT', 'TABLE_EXISTS', `table ${id} exists`);
    if (!(await this.ownership.claim(id)))
      throw new TableHostError('CONFLICT', 'NOT_OWNER', `table ${id} is owned by another copy`);
    const giveBack = () => this.ownership.release(id).catch(() => undefined);
    const row = await this.cashTables
      .insert({ id, name: input.name, hostId: input.hostId ?? null, config })
      .catch(async (err: unknown) => {
        await giveBack();
        throw err;
      });
    if (!row) {
      await giveBack();
      throw new TableHostError('CONFLICT', 'TABLE_EXISTS', `table ${id} exists`);
    }
    const host = this.host(row.id, row.name, config);
    // Lobbies watching hear of a new public table at once.
    if (config.private === null) this.sockets.lobby(host.summary());
    return host;
  }

  get(tableId: string): TableHost {
    const host = this.find(tableId);
    if (!host) throw new TableHostError('NOT_FOUND', 'UNKNOWN_TABLE', `no table ${tableId}`);
    return host;
  }

  /** A hosted table (cash, or attached by another feature), or undefined. */
  find(tableId: string): TableHost | undefined {
    return this.hosts.get(tableId) ?? this.attached.get(tableId);
  }

  /**
   * Tables another feature of this process runs (tournament tables): reachable by the gateway's
   * table events (watch, act, chat); not listed in the cash lobby, not recovered nor stopped here.
   */
  attach(host: TableHost): void {
    this.attached.set(host.tableId, host);
    // Routed deployments: sockets on other copies reach it through the directory (not listed in the lobby).
    this.routing.publishEntry(host, false);
  }

  detach(tableId: string): void {
    this.attached.delete(tableId);
    const router = this.router;
    if (router && !this.hosts.has(tableId)) {
      // Only our own entry: a table that moved to another copy keeps the entry that copy wrote.
      void (async () => {
        const entry = await router.entry(tableId);
        if (entry?.owner === router.instanceId) await router.unpublish(tableId);
      })().catch((err: unknown) =>
        this.logger.warn({ msg: 'table directory write failed', tableId, err: String(err) }),
      );
    }
  }

  all(): TableHost[] {
    return [...this.hosts.values()];
  }

  /** @internal hosts a cash table here (created, hosted again at boot, or taken over). */
  host(
    tableId: string,
    name: string,
    config: TableConfig,
    chips?: ChipSource,
    saved: { bombPotPending?: boolean; hostControls?: HostControlsSaved | null } = {},
  ): TableHost {
    const sequence = this.seq++;
    const seed = this.options.seed;
    let hands = 0;
    const host = new TableHost({
      tableId,
      name,
      config,
      ...(saved.bombPotPending ? { bombPotPending: true } : {}),
      ...(saved.hostControls ? { hostControls: saved.hostControls } : {}),
      // The room's default tables (config/room.json): bots leave as people arrive.
      botsMakeRoom: this.roomTables.has(tableId),
      chips: chips ?? new LedgerChipSource(this.ledger, tableId),
      hands: this.handStore,
      broadcaster: this.sockets,
      bots: this.bots,
      protections: this.protections,
      handPauseMs: this.options.handPauseMs,
      botDelayMs: this.options.botDelayMs,
      ...(seed
        ? { rng: seededRandom(`${seed}:${sequence}:table`), seeds: () => `${seed}:${sequence}:deck:${hands++}` }
        : {}),
      hooks: {
        onChanged: (host) => {
          const summary = host.summary();
          if (!summary.private) this.sockets.lobby(summary);
          this.routing.publishEntry(host);
          this.saves.changed(host);
        },
      },
      log: (level, msg, data) => this.logger[level === 'error' ? 'error' : 'warn']({ msg, ...data }),
    });
    this.hosts.set(tableId, host);
    this.saves.hosted(host);
    host.start();
    this.routing.publishEntry(host);
    return host;
  }
}
