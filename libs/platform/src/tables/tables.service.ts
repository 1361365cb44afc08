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
import { randomBytes, randomUUID } from 'node:crypto';
import {
  CashTableRepository,
  ChatReportRepository,
  ChipLedger,
  HandStore,
  LedgerError,
  PrismaService,
  recoverFromCrash,
  UserRepository,
  type ChatReportRow,
  type RecoveryReport,
} from '@naiko/persistence';
// Disconnection protection allowance: per player per 24 h across every table and copy (issue 18).
import { ProtectionUses } from '@naiko/persistence';
import {
  makeTableConfig,
  mayWatch,
  TableError,
  type ClockSettings,
  type SettingsPatch,
  type TableConfig,
} from '@naiko/table';
import { seededRandom } from '@naiko/engine';
import {
  cashTableLimitsProblem,
  type ChatReportView,
  type TablePublicState,
  type TableSettingsBody,
  type TableSnapshotPayload,
  type TableSummary,
} from '@naiko/contracts';
import { LedgerChipSource, type ChipSource } from './chip-source';
import { UserBotDirectory } from './bot-directory';
import { TableHostError } from './host-errors';
import { TableHost, type Decision } from './table-host';
import type { HostCommand, HostControlsSaved } from './room/host-controls';
import { TableSockets } from './table-sockets';
import { SingleProcessOwnership, TABLE_OWNERSHIP, type TableOwnership } from '../cluster/table-ownership';
import { TableRouting, type RoutedRequest, type WatchersRequest } from './cluster/routing';
import { TableTakeover } from './cluster/takeover';
import { TABLE_ROUTER, type RoutedUser, type TableRouter } from '../cluster/table-router';
import { defaultTableId, type RoomConfig } from '../room/room-config';
import { ROOM_CONFIG } from '../tokens';
import type { AppConfig } from '../config/config.schema';

export interface TablesOptions {
  /** Pause between hands. */
  handPauseMs: number;
  /** Bots' thinking time. */
  botDelayMs: number;
  /** Run the crash rule and reopen cash_tables at boot. */
  recoverAtBoot: boolean;
  /** Seed for shuffles and table decisions (tests only; production uses the CSPRNG). */
  seed?: string;
  /** False: this copy hosts no tables and routes every table command (apps/lobby split out; TABLES_HOST=false). */
  hostTables?: boolean;
}

export const TABLES_OPTIONS = Symbol('TABLES_OPTIONS');

/**
 * The options from the validated config (TABLE_HAND_PAUSE_MS, TABLE_BOT_DELAY_MS, TABLE_SEED, TABLES_HOST), then
 * `overrides`.
 */
export function tablesOptionsFromConfig(
  config: Pick<AppConfig, 'TABLE_HAND_PAUSE_MS' | 'TABLE_BOT_DELAY_MS' | 'TABLE_SEED' | 'TABLES_HOST'>,
  overrides: Partial<TablesOptions> = {},
): TablesOptions {
  return {
    handPauseMs: config.TABLE_HAND_PAUSE_MS,
    botDelayMs: config.TABLE_BOT_DELAY_MS,
    recoverAtBoot: true,
    hostTables: config.TABLES_HOST,
    ...(config.TABLE_SEED ? { seed: config.TABLE_SEED } : {}),
    ...overrides,
  };
}

export interface CreateTableInput {
  name: string;
  /** libs/table config input; the clock may be partial (defaults fill the rest). */
  config: Omit<Parameters<typeof makeTableConfig>[0], 'clock'> & { clock?: Partial<ClockSettings> };
  hostId?: string;
  /** A fixed id (the room's default tables); taken already → CONFLICT TABLE_EXISTS. */
  tableId?: string;
}

/**
 * A table command as it crosses copies: what the socket gateway and the lobby HTTP API ask of a
 * table. The caller's identity travels next to it (RoutedUser), as its own gateway authenticated it.
 */
export type TableCommand =
  | {
      op: 'watch';
      tableId: string;
      /** the user's first socket on this table at the caller's copy */ first: boolean;
      inviteCode?: string;
    }
  /**
   * Refused (FORBIDDEN, NOT_INVITED) unless the user may watch the table; the gateway asks before joining its rooms.
   */
  | { op: 'watch-access'; tableId: string; inviteCode?: string }
  | { op: 'unwatch'; tableId: string; /** the user's last socket on this table at the caller's copy */ last: boolean }
  | { op: 'sit'; tableId: string; buyIn: number; seat?: number; inviteCode?: string; waitForBigBlind?: boolean }
  | { op: 'leave' | 'sit-out' | 'invite-code' | 'close' | 'bomb-pot'; tableId: string }
  | { op: 'reload'; tableId: string; amount: number }
  | { op: 'sit-in'; tableId: string; waitForBigBlind?: boolean }
  | { op: 'act'; tableId: string; version: number; action: Decision }
  | { op: 'chat'; tableId: string; text: string }
  /** Issue 23: a host command (room/host-controls.ts); FORBIDDEN NOT_HOST for anyone else. */
  | { op: 'host'; tableId: string; command: HostCommand }
  /** Issue 23: reports a recent chat message of the table to the admins. */
  | { op: 'chat-report'; tableId: string; messageId: string; reason?: string }
  | { op: 'extended-time'; tableId: string; on: boolean }
  | { op: 'seat-map'; tableId: string; code?: string }
  | { op: 'invite'; tableId: string; invitedId: string }
  | { op: 'settings'; tableId: string; body: TableSettingsBody }
  | { op: 'create'; input: CreateTableInput };

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

  constructor(
    /** @internal the ledger, hand store, crash rule and protection quota run on it. */ readonly prisma: PrismaService,
    /** @internal */ readonly cashTables: CashTableRepository,
    private readonly chatReportStore: ChatReportRepository,
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

  /** Runs a command on a table this copy hosts (ledger refusals become typed host errors). */
  async execute(cmd: TableCommand, user: RoutedUser): Promise<unknown> {
    try {
      return await this.executeHere(cmd, user);
    } catch (err) {
      return fromLedgerError(err);
    }
  }

  private async executeHere(cmd: TableCommand, user: RoutedUser): Promise<unknown> {
    if (cmd.op === 'create') return (await this.create(cmd.input)).summary();
    const host = this.get(cmd.tableId);
    switch (cmd.op) {
      case 'watch-access':
        await requireWatchAsync(host, user, cmd.inviteCode);
        return null;
      case 'watch': {
        await requireWatchAsync(host, user, cmd.inviteCode);
        // The first socket of a seated player is a (re)connection: same seat, clock untouched.
        if (cmd.first) await host.connected(user.sub);
        else await host.idle();
        return host.snapshot(user.sub) satisfies TableSnapshotPayload;
      }
      case 'unwatch':
        if (cmd.last) await host.disconnected(user.sub);
        return null;
      case 'sit':
        await host.sit(
          { userId: user.sub, name: user.username },
          { buyIn: cmd.buyIn, seat: cmd.seat, inviteCode: cmd.inviteCode, waitForBigBlind: cmd.waitForBigBlind },
        );
        return host.snapshot(user.sub);
      case 'leave':
        return host.leave(user.sub);
      case 'reload':
        return host.reload(user.sub, cmd.amount);
      case 'sit-out':
        return host.sitOut(user.sub);
      case 'sit-in':
        return host.sitIn(user.sub, cmd.waitForBigBlind);
      case 'act':
        return host.act(user.sub, cmd.version, cmd.action);
      case 'chat':
        return host.chat(user.sub, cmd.text);
      case 'host':
        return this.hostCommand(host, user, cmd.command);
      case 'chat-report':
        return this.reportChat(host, user, cmd.messageId, cmd.reason);
      case 'extended-time':
        return host.setExtendedTime(user.sub, cmd.on);
      case 'seat-map': {
        if (!mayWatchHere(host, user, cmd.code))
          throw new TableHostError('NOT_FOUND', 'UNKNOWN_TABLE', `no table ${cmd.tableId}`);
        await host.options.watchGuard?.(user, cmd.code).catch(() => {
          throw new TableHostError('NOT_FOUND', 'UNKNOWN_TABLE', `no table ${cmd.tableId}`);
        });
        return host.publicState() satisfies TablePublicState;
      }
      case 'invite':
        await host.invite(user.sub, cmd.invitedId);
        await this.saveConfig(host);
        return { invited: cmd.invitedId };
      case 'invite-code': {
        const code = this.newInviteCode();
        await host.setInviteCode(user.sub, code);
        await this.saveConfig(host);
        return { code };
      }
      case 'settings': {
        const settings = cmd.body;
        // The stakes and buy-in the table would have (issue 19.8: no buy-in below the big blind).
        const problem = cashTableLimitsProblem(
          settings.stakes ?? host.table.config.stakes,
          settings.buyIn ?? host.table.config.buyIn,
        );
        if (problem)
          throw new TableHostError('BAD_PAYLOAD', 'INVALID_CONFIG', `${problem.path.join('.')}: ${problem.message}`);
        const patch: SettingsPatch = {
          ...settings,
          ...(settings.clock ? { clock: { ...host.table.config.clock, ...settings.clock } } : {}),
        } as SettingsPatch;
        await host.updateSettings(user.sub, patch);
        await this.saveConfig(host);
        // Spectators turned off: everyone who may no longer watch leaves the table's rooms (every copy).
        if (settings.spectatorsAllowed === false) {
          await this.sockets
            .evictWatchers(host.tableId, (u, code) => mayWatchHere(host, u, code))
            .catch((err: unknown) =>
              this.logger.warn({ msg: 'evicting spectators failed', tableId: host.tableId, err: String(err) }),
            );
        }
        return host.summary() satisfies TableSummary;
      }
      case 'bomb-pot':
        // Home games: the host asks for a bomb pot on the next hand; saved with the table (onChanged),
        // and answered once saved, so an acknowledged request survives a restart.
        await host.requestBombPot(user.sub);
        await this.bombPotSaving.get(host.tableId);
        return host.summary();
      case 'close': {
        const closing = await host.close(
          user.role === 'admin' && host.table.config.private === null ? 'system' : user.sub,
        );
        // During a hand the table closes when the hand is over (summary.closingAfterHand until then).
        if (closing.deferred)
          closing.afterHand
            .then(() => this.saveConfig(host))
            .catch((err: unknown) =>
              this.logger.error({ msg: 'closing after the hand failed', tableId: host.tableId, err: String(err) }),
            );
        else await this.saveConfig(host);
        return host.summary();
      }
    }
  }

  /**
   * A host command (issue 23). What it changed is saved before the answer: the config (password,
   * host rights, stakes), cash_tables.host_id, and the controls a restart must keep.
   */
  private async hostCommand(host: TableHost, user: RoutedUser, command: HostCommand): Promise<unknown> {
    if (command.command === 'stakes') {
      const problem = cashTableLimitsProblem(command.stakes, host.table.config.buyIn);
      if (problem)
        throw new TableHostError('BAD_PAYLOAD', 'INVALID_CONFIG', `${problem.path.join('.')}: ${problem.message}`);
    }
    await host.controls.run({ userId: user.sub, role: user.role }, command);
    await this.saveConfig(host);
    await this.saveHostControls(host);
    return host.summary();
  }

  /** Stores a report of a chat message the table really sent (author and text from the table's memory). */
  private async reportChat(
    host: TableHost,
    user: RoutedUser,
    messageId: string,
    reason?: string,
  ): Promise<ChatReportView> {
    // Who may report: a socket watching the table (the gateway checks; it heard the message there).
    const message = host.chatRules.find(messageId);
    if (message.from.playerId === user.sub) {
      throw new TableHostError('BAD_PAYLOAD', 'OWN_MESSAGE', 'you cannot report your own message');
    }
    const data = {
      tableId: host.tableId,
      messageId,
      reporterId: user.sub,
      reporterName: user.username,
      playerId: message.from.playerId,
      playerName: message.from.name,
      text: message.text,
      reason: reason?.trim() || null,
      saidAt: new Date(message.at),
    };
    const row = await this.chatReportStore.report(data);
    return chatReportView(row);
  }

  /** The latest chat reports, newest first (the admin page). */
  async chatReports(limit = 100): Promise<ChatReportView[]> {
    const rows = await this.chatReportStore.latest(limit);
    return rows.map(chatReportView);
  }

  /** The controls' version last written per table, and that write (saved only when it moved). */
  private readonly controlsSaved = new Map<string, { version: number; done: Promise<void> }>();

  /** Issue 23: the host's controls survive a restart (`cash_tables.host_controls`). */
  saveHostControls(host: TableHost): Promise<void> {
    const last = this.controlsSaved.get(host.tableId);
    if (last?.version === host.controls.version) return last.done;
    const done = this.cashTables.saveHostControls(host.tableId, host.controls.saved());
    this.controlsSaved.set(host.tableId, { version: host.controls.version, done });
    return done;
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

  /** Stores the table's current config (after host settings or invitations). */
  async saveConfig(host: TableHost): Promise<void> {
    await this.cashTables.saveConfig(host.tableId, {
      config: host.table.config,
      // hostId follows a transfer of host rights (issue 23).
      hostId: host.table.config.private?.hostId ?? null,
      closed: host.closed,
    });
  }

  /** What the row says of a requested bomb pot, per table hosted here (written only when it changes). */
  private readonly bombPotSaved = new Map<string, boolean>();

  /** Home games: a bomb pot the host asked for survives a restart (`cash_tables.bomb_pot_pending`). */
  /** Per table, the newest save of its bomb-pot flag (a host's request is answered once it is stored). */
  private readonly bombPotSaving = new Map<string, Promise<void>>();
  private saveBombPotPending(host: TableHost): void {
    const pending = host.table.bombPotPending === true;
    if ((this.bombPotSaved.get(host.tableId) ?? false) === pending) return;
    this.bombPotSaved.set(host.tableId, pending);
    const saving = this.cashTables
      .saveBombPotPending(host.tableId, pending)
      .catch((err: unknown) =>
        this.logger.warn({ msg: 'saving the requested bomb pot failed', tableId: host.tableId, err: String(err) }),
      )
      .finally(() => {
        if (this.bombPotSaving.get(host.tableId) === saving) this.bombPotSaving.delete(host.tableId);
      });
    this.bombPotSaving.set(host.tableId, saving);
  }

  newInviteCode(): string {
    return randomBytes(9).toString('base64url');
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
          this.saveBombPotPending(host);
          // Stakes owed to the next hand took effect at its deal: config and controls are saved then.
          if (this.controlsSaved.get(host.tableId)?.version !== host.controls.version) {
            Promise.all([this.saveConfig(host), this.saveHostControls(host)]).catch((err: unknown) =>
              this.logger.warn({ msg: 'saving the host controls failed', tableId: host.tableId, err: String(err) }),
            );
          }
        },
      },
      log: (level, msg, data) => this.logger[level === 'error' ? 'error' : 'warn']({ msg, ...data }),
    });
    this.hosts.set(tableId, host);
    this.bombPotSaved.set(tableId, host.table.bombPotPending === true);
    this.controlsSaved.set(tableId, { version: host.controls.version, done: Promise.resolve() });
    host.start();
    this.routing.publishEntry(host);
    return host;
  }
}

/** Who may watch a table (and see its seat map): libs/table's rule, and admins everywhere. */
export function mayWatchHere(host: TableHost, user: Pick<RoutedUser, 'sub' | 'role'>, inviteCode?: string): boolean {
  return user.role === 'admin' || mayWatch(host.table, user.sub, inviteCode);
}

export function requireWatch(host: TableHost, user: RoutedUser, inviteCode?: string): void {
  if (!mayWatchHere(host, user, inviteCode))
    throw new TableHostError('FORBIDDEN', 'NOT_INVITED', 'this private table is watched by invitation');
}

/** requireWatch, then the table's own guard (a private event's table: its host and invitees only). */
export async function requireWatchAsync(host: TableHost, user: RoutedUser, inviteCode?: string): Promise<void> {
  requireWatch(host, user, inviteCode);
  await host.options.watchGuard?.(user, inviteCode);
}

function chatReportView(row: ChatReportRow): ChatReportView {
  return { ...row, saidAt: row.saidAt.toISOString(), createdAt: row.createdAt.toISOString() };
}

/** Ledger refusals (no account, not enough chips) as typed host errors. */
export function fromLedgerError(err: unknown): never {
  if (err instanceof LedgerError)
    throw new TableHostError(err.code === 'INSUFFICIENT_FUNDS' ? 'FORBIDDEN' : 'CONFLICT', err.code, err.message);
  throw err;
}
