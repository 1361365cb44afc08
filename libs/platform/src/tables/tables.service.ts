// The tables this process hosts: creates them (cash_tables), hosts each with a TableHost, and at
// boot applies the crash rule before hosting anything again. Scale-out: every table command goes
// through `command()`, which runs it here when this copy hosts the table and otherwise sends it to
// the owner copy (cluster/table-router.ts); the owner runs `execute()` with the caller's identity.
import { Inject, Injectable, Logger, Optional, type OnApplicationBootstrap, type OnModuleDestroy } from '@nestjs/common';
import { randomBytes, randomUUID } from 'node:crypto';
import { Accounts, auditLedger, ChipLedger, HandStore, LedgerError, PrismaService, recoverFromCrash, type RecoveryReport } from '@naiko/persistence';
// Disconnection protection allowance: per player per 24 h across every table and copy (issue 18).
import { ProtectionUses } from '@naiko/persistence';
import { makeTableConfig, mayJoinPrivate, mayWatch, TableError, type ClockSettings, type SettingsPatch, type TableConfig } from '@naiko/table';
import { seededRandom } from '@naiko/engine';
import { cashTableLimitsProblem, type TablePublicState, type TableSettingsBody, type TableSnapshotPayload, type TableSummary } from '@naiko/contracts';
import { LedgerChipSource, type ChipSource } from './chip-source';
import { PrismaBotDirectory } from './bot-directory';
import { TableHostError } from './host-errors';
import { TableHost, type Decision } from './table-host';
import { TableSockets } from './table-sockets';
import { SingleProcessOwnership, TABLE_OWNERSHIP, type TableOwnership } from '../cluster/table-ownership';
import { RoutedCommandError, TABLE_ROUTER, type DirectoryEntry, type RoutedUser, type TableRouter } from '../cluster/table-router';
import { hostsTablesFromEnv } from '../cluster/router.provider';
import { DeadCopies } from '../cluster/dead-copies';
import { defaultTableId, loadRoomConfig } from '../room/room-config';

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

/** Defaults, overridable by env (TABLE_HAND_PAUSE_MS, TABLE_BOT_DELAY_MS, TABLE_SEED) and forRoot. */
export function tablesOptionsFromEnv(env: NodeJS.ProcessEnv, overrides: Partial<TablesOptions> = {}): TablesOptions {
  const int = (name: string, fallback: number): number => {
    const v = env[name];
    if (v === undefined || v === '') return fallback;
    const n = Number(v);
    if (!Number.isInteger(n) || n < 0 || n > 600_000) throw new Error(`${name} must be an integer 0..600000 (ms), got ${JSON.stringify(v)}`);
    return n;
  };
  return {
    handPauseMs: int('TABLE_HAND_PAUSE_MS', 2000),
    botDelayMs: int('TABLE_BOT_DELAY_MS', 800),
    recoverAtBoot: true,
    hostTables: hostsTablesFromEnv(env),
    ...(env.TABLE_SEED ? { seed: env.TABLE_SEED } : {}),
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
  | { op: 'watch'; tableId: string; /** the user's first socket on this table at the caller's copy */ first: boolean; inviteCode?: string }
  /** Refused (FORBIDDEN, NOT_INVITED) unless the user may watch the table; the gateway asks before joining its rooms. */
  | { op: 'watch-access'; tableId: string; inviteCode?: string }
  | { op: 'unwatch'; tableId: string; /** the user's last socket on this table at the caller's copy */ last: boolean }
  | { op: 'sit'; tableId: string; buyIn: number; seat?: number; inviteCode?: string; waitForBigBlind?: boolean }
  | { op: 'leave' | 'sit-out' | 'invite-code' | 'close'; tableId: string }
  | { op: 'reload'; tableId: string; amount: number }
  | { op: 'sit-in'; tableId: string; waitForBigBlind?: boolean }
  | { op: 'act'; tableId: string; version: number; action: Decision }
  | { op: 'chat'; tableId: string; text: string }
  | { op: 'extended-time'; tableId: string; on: boolean }
  | { op: 'seat-map'; tableId: string; code?: string }
  | { op: 'invite'; tableId: string; invitedId: string }
  | { op: 'settings'; tableId: string; body: TableSettingsBody }
  | { op: 'create'; input: CreateTableInput };

interface RoutedRequest {
  cmd: TableCommand;
  user: RoutedUser;
}

/** A new owner asks every other copy which of its users watch the tables it took over. */
interface WatchersRequest {
  watchers: string[];
}

@Injectable()
export class TablesService implements OnApplicationBootstrap, OnModuleDestroy {
  private readonly logger = new Logger('Tables');
  private readonly hosts = new Map<string, TableHost>();
  private readonly attached = new Map<string, TableHost>();
  private readonly ledger: ChipLedger;
  private readonly handStore: HandStore;
  private readonly bots: PrismaBotDirectory;
  private seq = 0;
  /** Ids of the room's default tables (config/room.json). */
  private readonly roomTables = new Set((loadRoomConfig()?.tables ?? []).map((t) => defaultTableId(t.key)));
  /** Players re-seated at each table taken over (for tests and logs). */
  readonly reseated = new Map<string, Set<string>>();
  private readonly ownership: TableOwnership;
  private adoptTimer: NodeJS.Timeout | null = null;
  private adopting: Promise<void> | null = null;
  /** Open cash tables as last read (re-read every quarter lease time; the adoption poll is faster). */
  private openTables: { at: number; rows: { id: string }[] } | null = null;
  private readonly deadCopies: DeadCopies | null;
  lastRecovery: RecoveryReport | null = null;

  constructor(
    private readonly prisma: PrismaService,
    private readonly sockets: TableSockets,
    @Inject(TABLES_OPTIONS) private readonly options: TablesOptions,
    @Optional() @Inject(TABLE_OWNERSHIP) ownership?: TableOwnership,
    @Optional() @Inject(TABLE_ROUTER) private readonly router: TableRouter | null = null,
  ) {
    this.ownership = ownership ?? new SingleProcessOwnership();
    this.deadCopies = router && this.ownership.clustered ? new DeadCopies(router) : null;
    this.ledger = new ChipLedger(prisma);
    // Scale-out: every hand write carries this copy's fencing token for the table (cluster/fence.ts).
    this.handStore = new HandStore(prisma, this.ownership.guard);
    this.bots = new PrismaBotDirectory(prisma, this.ledger);
    this.ownership.onLost((tableId) => {
      // Another copy owns the table now: stop at once, write nothing more.
      this.hosts.get(tableId)?.stop();
      this.hosts.delete(tableId);
      this.reseated.delete(tableId);
      this.remoteWatchers.delete(tableId);
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
    if (this.router) await this.router.start((body, from) => this.onRouted(body as RoutedRequest | WatchersRequest, from), this.hostsTables);
    if (this.router) {
      this.sweepTimer = setInterval(() => void this.forgetDeadCopies(), this.router.aliveTtlMs);
      this.sweepTimer.unref();
    }
    if (!this.hostsTables) {
      this.logger.log({ msg: 'hosting no tables: table commands go to the table copies', instance: this.router?.instanceId });
      return;
    }
    if (!this.options.recoverAtBoot) return;
    if (this.ownership.clustered) {
      // Several copies: each table is hosted by the copy holding its lease. Claim what nobody
      // holds now and poll again (a fifth of a second, at most a quarter lease time): a copy
      // whose Redis connection vanished (killed) has its tables taken at once (DeadCopies), an
      // expired lease is claimed within the poll. A poll is one MGET of the leases, one PUBSUB
      // NUMSUB when other copies hold them, and the open tables re-read every quarter lease.
      await this.adoptTables();
      const every = Math.max(50, Math.min(200, Math.floor(this.ownership.leaseMs / 4)));
      this.adoptTimer = setInterval(() => void this.adoptTables(), every);
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
    const open = await this.prisma.cashTable.findMany({ where: { status: 'open' }, orderBy: { createdAt: 'asc' } });
    for (const row of open) this.host(row.id, row.name, row.config as unknown as TableConfig);
    if (open.length) this.logger.log({ msg: `hosting ${open.length} tables again`, tables: open.map((t) => t.id) });
  }

  async onModuleDestroy(): Promise<void> {
    if (this.adoptTimer) clearInterval(this.adoptTimer);
    if (this.sweepTimer) clearInterval(this.sweepTimer);
    await this.adopting;
    for (const h of this.hosts.values()) h.stop();
    await this.ownership.stop();
    await this.router?.stop();
  }

  /**
   * Clustered: claims every open table no copy holds; for the tables won, the crash rule for those
   * tables alone (their running hands cancelled, contributions and stacks returned; one run and
   * one audit for all of them: a dead copy leaves several), then hosts each and re-seats its players.
   */
  adoptTables(): Promise<void> {
    this.adopting ??= (async () => {
      const now = Date.now();
      if (!this.openTables || now - this.openTables.at >= this.ownership.leaseMs / 4) {
        this.openTables = { at: now, rows: await this.prisma.cashTable.findMany({ where: { status: 'open' }, orderBy: { createdAt: 'asc' }, select: { id: true } }) };
      }
      const candidates = this.openTables.rows.filter((r) => !this.hosts.has(r.id)).map((r) => r.id);
      if (!candidates.length) return;
      const claimed = await this.claimTables(candidates);
      if (!claimed.length) return;
      // The list may be stale: host only tables still open (a closed one is given back).
      const won = await this.prisma.cashTable.findMany({ where: { id: { in: claimed }, status: 'open' }, orderBy: { createdAt: 'asc' } });
      for (const id of claimed) if (!won.some((r) => r.id === id)) await this.ownership.release(id);
      if (!won.length) return;
      // Store the new fencing tokens first (one transaction): from here on the old owner's
      // writes are refused.
      const guard = this.ownership.guard;
      if (guard) {
        await this.prisma.$transaction(async (tx) => {
          for (const row of won) await guard(tx, { tableId: row.id, tournamentId: null });
        });
      }
      const t0 = Date.now();
      // The audit runs once the tables deal again (below): failover must not wait for a
      // whole-ledger audit.
      const report = await recoverFromCrash(this.prisma, {
        tableIds: won.map((r) => r.id),
        audit: false,
        log: (msg, data) => this.logger.log({ msg, ...data }),
      });
      this.lastRecovery = report;
      const recoverMs = Date.now() - t0;
      await Promise.all(
        won.map(async (row) => {
          if (!this.ownership.owns(row.id)) return;
          const chips = new ReseatChipSource(new LedgerChipSource(this.ledger, row.id));
          const host = this.host(row.id, row.name, row.config as unknown as TableConfig, chips);
          const reseated = await this.reseat(host, chips, report);
          const cancelled = report.cancelledHands.filter((h) => h.tableId === row.id).length;
          this.logger.log({ msg: 'hosting table (lease acquired)', tableId: row.id, cancelled, reseated, recoverMs, reseatedAfterMs: Date.now() - t0 });
        }),
      );
      await this.learnWatchers(won.map((r) => r.id));
      // The audit the crash rule skipped, now that the tables deal again (each of its checks is
      // one statement, so it holds while other hands are being written).
      void auditLedger(this.prisma).then(
        (audit) => {
          this.lastRecovery = { ...report, audit };
          if (!audit.ok) this.logger.error({ msg: 'ledger audit failed after takeover', tableIds: won.map((r) => r.id), audit });
        },
        (err: unknown) => this.logger.warn({ msg: 'ledger audit after takeover could not run', err: String(err) }),
      );
    })()
      .catch((err: unknown) => this.logger.error({ msg: 'adopting tables failed', err: String(err) }))
      .finally(() => {
        this.adopting = null;
      });
    return this.adopting;
  }

  /**
   * Claims what it can of `tableIds`: tables nobody holds, and tables held by a copy that is dead
   * (DeadCopies: its Redis connection is gone) without waiting for their leases to expire.
   */
  private async claimTables(tableIds: string[]): Promise<string[]> {
    const won: string[] = [];
    if (!this.ownership.holders) {
      for (const id of tableIds) if (await this.ownership.claim(id)) won.push(id);
      return won;
    }
    const holders = await this.ownership.holders(tableIds);
    const me = this.router?.instanceId;
    const foreign = [...holders.values()].flatMap((h) => (h && h.owner !== me ? [h.owner] : []));
    const dead = this.deadCopies && foreign.length ? await this.deadCopies.dead(foreign) : new Set<string>();
    for (const id of tableIds) {
      const h = holders.get(id);
      let ok = false;
      if (!h || h.owner === me) ok = await this.ownership.claim(id);
      else if (dead.has(h.owner) && this.ownership.takeOver) ok = await this.ownership.takeOver(id, h);
      if (ok) won.push(id);
    }
    return won;
  }

  /**
   * Takeover: the crash rule returned every stack of the table to its player's account; each
   * player buys back in with the same stack (capped at the table's maximum buy-in; the rest stays
   * in his account), at his seat of the cancelled hand when there was one. Every chip moves as an
   * ordinary ledger posting (crash rule: stack → account, buy-in: account → stack), so the ledger
   * stays exact whatever happens in between; a player whose account no longer holds the chips, or
   * whose stack is below the minimum buy-in, is simply not re-seated (his chips are in his account).
   * The buy-ins of the whole table are one posting (one transaction), and the seats are all queued
   * at once, so the next hand deals with everyone. A player whose socket was on the dead copy gets
   * the seat back when he watches the table again.
   */
  private async reseat(host: TableHost, chips: ReseatChipSource, report: RecoveryReport): Promise<number> {
    const stacks = report.cashedOut.filter((c) => c.tableId === host.tableId && c.amount > 0);
    if (!stacks.length) return 0;
    const seats = new Map<string, number>();
    for (const h of report.cancelledHands) if (h.tableId === host.tableId) for (const r of h.refunds) seats.set(r.userId, r.seat);
    const users = await this.prisma.user.findMany({ where: { id: { in: stacks.map((s) => s.userId) } }, select: { id: true, username: true, isBot: true } });
    const byId = new Map(users.map((u) => [u.id, u]));
    const { min, max } = host.table.config.buyIn;
    const plan = stacks.flatMap((s) => {
      const u = byId.get(s.userId);
      const buyIn = max === null ? s.amount : Math.min(s.amount, max);
      return u && buyIn >= min ? [{ u, buyIn, seat: seats.get(s.userId) }] : [];
    });
    const tableId = host.tableId;
    const seated = new Set<string>();
    this.reseated.set(tableId, seated);
    if (!plan.length) return 0;
    try {
      await this.ledger.post({
        idempotencyKey: `takeover:reseat:${tableId}:${randomUUID()}`,
        reason: 'table_buy_in',
        refs: { tableId },
        movements: plan.map((p) => ({ from: Accounts.user(p.u.id), to: Accounts.tableStack(tableId, p.u.id), amount: p.buyIn })),
      });
      for (const p of plan) chips.prefund(p.u.id, p.buyIn);
    } catch (err) {
      // Someone spent chips meanwhile: each player buys in on his own below (refusals skip him).
      this.logger.warn({ msg: 'batched re-seat buy-in refused; buying in one by one', tableId, err: String(err) });
    }
    await Promise.all(
      plan.map(async ({ u, buyIn, seat }) => {
        const sit = (at: number | undefined) => host.sit({ userId: u.id, name: u.username, isBot: u.isBot }, { buyIn, ...(at === undefined ? {} : { seat: at }), waitForBigBlind: false });
        try {
          await sit(seat).catch((err: unknown) => (seat !== undefined && err instanceof TableHostError && err.reason === 'SEAT_TAKEN' ? sit(undefined) : Promise.reject(err)));
          seated.add(u.id);
        } catch (err) {
          this.logger.warn({ msg: 'could not re-seat a player after takeover', tableId, userId: u.id, err: String(err) });
        }
      }),
    );
    // Chips bought in for a player who could not sit go back to his account.
    for (const [userId, amount] of chips.unused()) {
      await this.ledger
        .cashOut({ idempotencyKey: `takeover:unseated:${tableId}:${userId}:${randomUUID()}`, userId, tableId, amount })
        .catch((err: unknown) => this.logger.error({ msg: 'returning an unused re-seat buy-in failed', tableId, userId, amount, err: String(err) }));
    }
    return seated.size;
  }

  /**
   * Runs a table command where the table lives: here when this copy hosts it, else on its owner
   * (through Redis). The reply, or the owner's typed refusal (TableHostError), comes back.
   */
  async command(cmd: TableCommand, user: RoutedUser): Promise<unknown> {
    if (cmd.op === 'create') {
      if (this.hostsTables || !this.router) return this.execute(cmd, user);
      const alive = await this.router.aliveHosts();
      if (!alive.length) throw new TableHostError('CONFLICT', 'NO_TABLE_HOST', 'no copy hosting tables is running');
      return this.routed(alive[Math.floor(Math.random() * alive.length)]!, cmd, user);
    }
    if (this.find(cmd.tableId) || !this.router) return this.execute(cmd, user);
    const entry = await this.router.entry(cmd.tableId);
    if (!entry) throw new TableHostError('NOT_FOUND', 'UNKNOWN_TABLE', `no table ${cmd.tableId}`);
    // Listed as ours but not hosted (being adopted or just lost), or its owner stopped heartbeating.
    if (entry.owner === this.router.instanceId || !(await this.router.isAlive(entry.owner))) {
      throw new TableHostError('CONFLICT', 'TABLE_MOVING', 'the table is moving to another copy; retry in a moment');
    }
    return this.routed(entry.owner, cmd, user);
  }

  private async routed(owner: string, cmd: TableCommand, user: RoutedUser): Promise<unknown> {
    try {
      return await this.router!.send(owner, cmd.op, { cmd, user } satisfies RoutedRequest);
    } catch (err) {
      if (err instanceof RoutedCommandError) throw new TableHostError(err.error.code, err.error.reason, err.error.message);
      throw err;
    }
  }

  /** A request another copy sent here: a table command, or a new owner asking for watchers. */
  private async onRouted(req: RoutedRequest | WatchersRequest, from: string): Promise<unknown> {
    return 'watchers' in req ? this.localWatchers(req.watchers) : this.serve(req, from);
  }

  /** A command another copy routed here. */
  private async serve(req: RoutedRequest, from: string): Promise<unknown> {
    const { cmd, user } = req;
    if (cmd.op !== 'create' && !this.find(cmd.tableId)) {
      throw new TableHostError('CONFLICT', 'TABLE_MOVING', 'the table is moving to another copy; retry in a moment');
    }
    const result = await this.execute(cmd, user);
    if (cmd.op === 'watch' || cmd.op === 'sit') this.remoteWatch(cmd.tableId, user.sub, from, true);
    if (cmd.op === 'unwatch' && cmd.last) this.remoteWatch(cmd.tableId, user.sub, from, false);
    return result;
  }

  /** tableId → userId → copies where that user has sockets watching the table (routed watches only). */
  private readonly remoteWatchers = new Map<string, Map<string, Set<string>>>();
  private sweepTimer: NodeJS.Timeout | null = null;

  private remoteWatch(tableId: string, userId: string, copy: string, on: boolean): void {
    let users = this.remoteWatchers.get(tableId);
    if (!users) this.remoteWatchers.set(tableId, (users = new Map()));
    let copies = users.get(userId);
    if (!copies) users.set(userId, (copies = new Set()));
    if (on) copies.add(copy);
    else copies.delete(copy);
    if (!copies.size) users.delete(userId);
    if (!users.size) this.remoteWatchers.delete(tableId);
  }

  /** Which users watch each of `tableIds` through sockets of this copy (asked by a new owner). */
  private localWatchers(tableIds: string[]): Record<string, string[]> {
    const out: Record<string, string[]> = {};
    for (const tableId of tableIds) {
      const users = this.sockets.usersWatching(tableId);
      if (users.length) out[tableId] = users;
    }
    return out;
  }

  /**
   * After a takeover the new owner knows none of the watchers the old one learnt from routed
   * `watch`es: it asks every other live copy, so a later death of one of them is noticed for its
   * users (forgetDeadCopies). A re-seated player who watches from nowhere (his socket was on the
   * dead copy and has not come back yet) counts as disconnected from now: his reconnection window
   * runs, and he is sat out if he does not return, instead of being checked and folded forever.
   */
  private async learnWatchers(tableIds: string[]): Promise<void> {
    if (!this.router || !tableIds.length) return;
    const router = this.router;
    const others = (await router.aliveCopies().catch(() => [] as string[])).filter((c) => c !== router.instanceId);
    await Promise.all(
      others.map(async (copy) => {
        try {
          const reply = (await router.send(copy, 'watchers', { watchers: tableIds } satisfies WatchersRequest)) as Record<string, string[]>;
          for (const [tableId, users] of Object.entries(reply)) {
            if (this.find(tableId)) for (const userId of users) this.remoteWatch(tableId, userId, copy, true);
          }
        } catch (err) {
          // A copy dying meanwhile: its users are not watching from there anyway.
          this.logger.warn({ msg: 'could not ask a copy for its watchers', copy, err: String(err) });
        }
      }),
    );
    for (const tableId of tableIds) {
      const host = this.find(tableId);
      if (!host) continue;
      for (const userId of this.reseated.get(tableId) ?? []) {
        if (this.remoteWatchers.get(tableId)?.has(userId) || this.sockets.userWatches(tableId, userId)) continue;
        await host.disconnected(userId).catch((err: unknown) => this.logger.warn({ msg: 'disconnect after a takeover failed', tableId, err: String(err) }));
      }
    }
  }

  /**
   * A copy killed without a goodbye never sends the `unwatch` of its sockets: once it stops
   * heartbeating, its users count as disconnected here (the reconnection window, then sat out),
   * unless they still watch from another copy or this one.
   */
  private async forgetDeadCopies(): Promise<void> {
    if (!this.router) return;
    const copies = new Set<string>();
    for (const users of this.remoteWatchers.values()) for (const set of users.values()) for (const c of set) copies.add(c);
    for (const copy of copies) {
      if (await this.router.isAlive(copy).catch(() => true)) continue;
      for (const [tableId, users] of [...this.remoteWatchers]) {
        for (const [userId, set] of [...users]) {
          if (!set.has(copy)) continue;
          this.remoteWatch(tableId, userId, copy, false);
          const still = this.remoteWatchers.get(tableId)?.has(userId) || this.sockets.userWatches(tableId, userId);
          const host = this.find(tableId);
          if (!still && host) host.disconnected(userId).catch((err: unknown) => this.logger.warn({ msg: 'disconnect after a dead copy failed', tableId, err: String(err) }));
        }
      }
    }
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
        requireWatch(host, user, cmd.inviteCode);
        return null;
      case 'watch': {
        requireWatch(host, user, cmd.inviteCode);
        // The first socket of a seated player is a (re)connection: same seat, clock untouched.
        if (cmd.first) await host.connected(user.sub);
        else await host.idle();
        return host.snapshot(user.sub) satisfies TableSnapshotPayload;
      }
      case 'unwatch':
        if (cmd.last) await host.disconnected(user.sub);
        return null;
      case 'sit':
        await host.sit({ userId: user.sub, name: user.username }, { buyIn: cmd.buyIn, seat: cmd.seat, inviteCode: cmd.inviteCode, waitForBigBlind: cmd.waitForBigBlind });
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
      case 'extended-time':
        return host.setExtendedTime(user.sub, cmd.on);
      case 'seat-map': {
        if (!mayWatchHere(host, user, cmd.code)) throw new TableHostError('NOT_FOUND', 'UNKNOWN_TABLE', `no table ${cmd.tableId}`);
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
        const b = cmd.body;
        // The stakes and buy-in the table would have (issue 19.8: no buy-in below the big blind).
        const problem = cashTableLimitsProblem(b.stakes ?? host.table.config.stakes, b.buyIn ?? host.table.config.buyIn);
        if (problem) throw new TableHostError('BAD_PAYLOAD', 'INVALID_CONFIG', `${problem.path.join('.')}: ${problem.message}`);
        const patch: SettingsPatch = { ...b, ...(b.clock ? { clock: { ...host.table.config.clock, ...b.clock } } : {}) } as SettingsPatch;
        await host.updateSettings(user.sub, patch);
        await this.saveConfig(host);
        // Spectators turned off: everyone who may no longer watch leaves the table's rooms (every copy).
        if (b.spectatorsAllowed === false) {
          await this.sockets
            .evictWatchers(host.tableId, (u, code) => mayWatchHere(host, u, code))
            .catch((err: unknown) => this.logger.warn({ msg: 'evicting spectators failed', tableId: host.tableId, err: String(err) }));
        }
        return host.summary() satisfies TableSummary;
      }
      case 'close': {
        const r = await host.close(user.role === 'admin' && host.table.config.private === null ? 'system' : user.sub);
        // During a hand the table closes when the hand is over (summary.closingAfterHand until then).
        if (r.deferred) r.afterHand.then(() => this.saveConfig(host)).catch((err: unknown) => this.logger.error({ msg: 'closing after the hand failed', tableId: host.tableId, err: String(err) }));
        else await this.saveConfig(host);
        return host.summary();
      }
    }
  }

  /**
   * Refused (FORBIDDEN, NOT_INVITED) unless `user` may watch the table (a private table: host,
   * invitees, invite-code holders, seated players, admins, or anyone when the host allows
   * spectators). Asked by the gateway before it joins a socket to the table's rooms, so a refused
   * watch or sit never receives a single message of the table. Public tables routed elsewhere are
   * known from the directory without asking their owner.
   */
  async checkWatch(tableId: string, user: RoutedUser, inviteCode?: string): Promise<void> {
    if (this.find(tableId) || !this.router) {
      requireWatch(this.get(tableId), user, inviteCode);
      return;
    }
    const entry = await this.router.entry(tableId);
    if (entry && entry.access === null) return;
    await this.command({ op: 'watch-access', tableId, ...(inviteCode === undefined ? {} : { inviteCode }) }, user);
  }

  /**
   * The lobby's tables as `userId` may see them: every open public table, and private ones he
   * hosts or is invited to — of every copy (the Redis directory) when tables are spread over copies.
   */
  async summaries(userId: string): Promise<TableSummary[]> {
    if (!this.router) {
      return this.all()
        .filter((h) => !h.closed && (h.table.config.private === null || mayJoinPrivate(h.table, userId, false)))
        .map((h) => h.summary());
    }
    const entries = await this.router.entries();
    return entries
      .filter((e) => e.listed !== false && !e.summary.closed && (e.access === null || e.access.hostId === userId || e.access.invited.includes(userId)))
      .map((e) => e.summary);
  }

  private publishEntry(host: TableHost, listed = true): void {
    if (!this.router) return;
    const p = host.table.config.private;
    const entry: DirectoryEntry = { tableId: host.tableId, owner: this.router.instanceId, summary: host.summary(), access: p ? { hostId: p.hostId, invited: [...p.invited] } : null, ...(listed ? {} : { listed: false }) };
    const write = host.closed ? this.router.unpublish(host.tableId) : this.router.publish(entry);
    write.catch((err: unknown) => this.logger.warn({ msg: 'table directory write failed', tableId: host.tableId, err: String(err) }));
  }

  async create(input: CreateTableInput): Promise<TableHost> {
    let config: TableConfig;
    try {
      config = makeTableConfig(input.config as Parameters<typeof makeTableConfig>[0]);
    } catch (err) {
      if (err instanceof TableError) throw new TableHostError('BAD_PAYLOAD', err.code, err.message);
      throw err;
    }
    const row = await this.prisma.cashTable
      .create({ data: { ...(input.tableId ? { id: input.tableId } : {}), name: input.name, hostId: input.hostId ?? null, config: config as never } })
      .catch((err: unknown) => {
        if ((err as { code?: string }).code === 'P2002') throw new TableHostError('CONFLICT', 'TABLE_EXISTS', `table ${input.tableId} exists`);
        throw err;
      });
    if (!(await this.ownership.claim(row.id))) throw new TableHostError('CONFLICT', 'NOT_OWNER', `table ${row.id} is owned by another copy`);
    const host = this.host(row.id, row.name, config);
    // Lobbies watching hear of a new public table at once.
    if (config.private === null) this.sockets.lobby(host.summary());
    return host;
  }

  get(tableId: string): TableHost {
    const h = this.find(tableId);
    if (!h) throw new TableHostError('NOT_FOUND', 'UNKNOWN_TABLE', `no table ${tableId}`);
    return h;
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
    this.publishEntry(host, false);
  }

  detach(tableId: string): void {
    this.attached.delete(tableId);
    const router = this.router;
    if (router && !this.hosts.has(tableId)) {
      // Only our own entry: a table that moved to another copy keeps the entry that copy wrote.
      void (async () => {
        const entry = await router.entry(tableId);
        if (entry?.owner === router.instanceId) await router.unpublish(tableId);
      })().catch((err: unknown) => this.logger.warn({ msg: 'table directory write failed', tableId, err: String(err) }));
    }
  }

  all(): TableHost[] {
    return [...this.hosts.values()];
  }

  /** Stores the table's current config (after host settings or invitations). */
  async saveConfig(host: TableHost): Promise<void> {
    await this.prisma.cashTable.update({
      where: { id: host.tableId },
      data: { config: host.table.config as never, ...(host.closed ? { status: 'closed', closedAt: new Date() } : {}) },
    });
  }

  newInviteCode(): string {
    return randomBytes(9).toString('base64url');
  }

  private host(tableId: string, name: string, config: TableConfig, chips?: ChipSource): TableHost {
    const n = this.seq++;
    const seed = this.options.seed;
    let hands = 0;
    const host = new TableHost({
      tableId,
      name,
      config,
      // The room's default tables (config/room.json): bots leave as people arrive.
      botsMakeRoom: this.roomTables.has(tableId),
      chips: chips ?? new LedgerChipSource(this.ledger, tableId),
      hands: this.handStore,
      broadcaster: this.sockets,
      bots: this.bots,
      protections: new ProtectionUses(this.prisma),
      handPauseMs: this.options.handPauseMs,
      botDelayMs: this.options.botDelayMs,
      ...(seed ? { rng: seededRandom(`${seed}:${n}:table`), seeds: () => `${seed}:${n}:deck:${hands++}` } : {}),
      hooks: {
        onChanged: (h) => {
          const summary = h.summary();
          if (!summary.private) this.sockets.lobby(summary);
          this.publishEntry(h);
        },
      },
      log: (level, msg, data) => this.logger[level === 'error' ? 'error' : 'warn']({ msg, ...data }),
    });
    this.hosts.set(tableId, host);
    host.start();
    this.publishEntry(host);
    return host;
  }
}

/**
 * A cash table's chip source during a takeover's re-seat: the buy-ins of the re-seated players
 * were posted as one batch, so their `sit` moves nothing more; anything else goes to the ledger.
 */
class ReseatChipSource implements ChipSource {
  private readonly prefunded = new Map<string, number>();
  readonly handRef: ChipSource['handRef'];

  constructor(private readonly inner: LedgerChipSource) {
    this.handRef = inner.handRef;
  }

  prefund(userId: string, amount: number): void {
    this.prefunded.set(userId, amount);
  }

  /** Prefunded buy-ins no `sit` used (taken out: the caller returns them). */
  unused(): [string, number][] {
    const left = [...this.prefunded];
    this.prefunded.clear();
    return left;
  }

  async buyIn(userId: string, amount: number, key: string): Promise<void> {
    if (this.prefunded.get(userId) === amount) {
      this.prefunded.delete(userId);
      return;
    }
    await this.inner.buyIn(userId, amount, key);
  }

  reload(userId: string, amount: number, key: string): Promise<void> {
    return this.inner.reload(userId, amount, key);
  }

  cashOut(userId: string, amount: number, key: string): Promise<void> {
    return this.inner.cashOut(userId, amount, key);
  }
}

/** Who may watch a table (and see its seat map): libs/table's rule, and admins everywhere. */
function mayWatchHere(host: TableHost, user: Pick<RoutedUser, 'sub' | 'role'>, inviteCode?: string): boolean {
  return user.role === 'admin' || mayWatch(host.table, user.sub, inviteCode);
}

function requireWatch(host: TableHost, user: RoutedUser, inviteCode?: string): void {
  if (!mayWatchHere(host, user, inviteCode)) throw new TableHostError('FORBIDDEN', 'NOT_INVITED', 'this private table is watched by invitation');
}

/** Ledger refusals (no account, not enough chips) as typed host errors. */
export function fromLedgerError(err: unknown): never {
  if (err instanceof LedgerError) throw new TableHostError(err.code === 'INSUFFICIENT_FUNDS' ? 'FORBIDDEN' : 'CONFLICT', err.code, err.message);
  throw err;
}
