// The tables this process hosts: creates them (cash_tables), hosts each with a TableHost, and at
// boot applies the crash rule before hosting anything again.
import { Inject, Injectable, Logger, Optional, type OnApplicationBootstrap, type OnModuleDestroy } from '@nestjs/common';
import { randomBytes } from 'node:crypto';
import { ChipLedger, HandStore, LedgerError, PrismaService, recoverFromCrash, type RecoveryReport } from '@naiko/persistence';
import { makeTableConfig, TableError, type ClockSettings, type TableConfig } from '@naiko/table';
import { seededRandom } from '@naiko/engine';
import { LedgerChipSource } from './chip-source';
import { PrismaBotDirectory } from './bot-directory';
import { TableHostError } from './host-errors';
import { TableHost } from './table-host';
import { TableSockets } from './table-sockets';
import { SingleProcessOwnership, TABLE_OWNERSHIP, type TableOwnership } from '../cluster/table-ownership';

export interface TablesOptions {
  /** Pause between hands. */
  handPauseMs: number;
  /** Bots' thinking time. */
  botDelayMs: number;
  /** Run the crash rule and reopen cash_tables at boot. */
  recoverAtBoot: boolean;
  /** Seed for shuffles and table decisions (tests only; production uses the CSPRNG). */
  seed?: string;
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
    ...(env.TABLE_SEED ? { seed: env.TABLE_SEED } : {}),
    ...overrides,
  };
}

export interface CreateTableInput {
  name: string;
  /** libs/table config input; the clock may be partial (defaults fill the rest). */
  config: Omit<Parameters<typeof makeTableConfig>[0], 'clock'> & { clock?: Partial<ClockSettings> };
  hostId?: string;
}

@Injectable()
export class TablesService implements OnApplicationBootstrap, OnModuleDestroy {
  private readonly logger = new Logger('Tables');
  private readonly hosts = new Map<string, TableHost>();
  private readonly ledger: ChipLedger;
  private readonly handStore: HandStore;
  private readonly bots: PrismaBotDirectory;
  private seq = 0;
  private readonly ownership: TableOwnership;
  private adoptTimer: NodeJS.Timeout | null = null;
  private adopting: Promise<void> | null = null;
  lastRecovery: RecoveryReport | null = null;

  constructor(
    private readonly prisma: PrismaService,
    private readonly sockets: TableSockets,
    @Inject(TABLES_OPTIONS) private readonly options: TablesOptions,
    @Optional() @Inject(TABLE_OWNERSHIP) ownership?: TableOwnership,
  ) {
    this.ownership = ownership ?? new SingleProcessOwnership();
    this.ledger = new ChipLedger(prisma);
    // Scale-out: every hand write carries this copy's fencing token for the table (cluster/fence.ts).
    this.handStore = new HandStore(prisma, this.ownership.guard);
    this.bots = new PrismaBotDirectory(prisma, this.ledger);
    this.ownership.onLost((tableId) => {
      // Another copy owns the table now: stop at once, write nothing more.
      this.hosts.get(tableId)?.stop();
      this.hosts.delete(tableId);
      this.logger.warn({ msg: 'table lease lost; stopped hosting', tableId });
    });
  }

  async onApplicationBootstrap(): Promise<void> {
    if (!this.options.recoverAtBoot) return;
    if (this.ownership.clustered) {
      // Several copies: each table is hosted by the copy holding its lease. Claim what nobody
      // holds now and again every half lease time (takeover of a dead copy's tables).
      await this.adoptTables();
      const every = Math.max(100, Math.floor(this.ownership.leaseMs / 2));
      this.adoptTimer = setInterval(() => void this.adoptTables(), every);
      this.adoptTimer.unref();
      return;
    }
    // The crash rule first: nothing is hosted while a hand of the previous process is still open.
    this.lastRecovery = await recoverFromCrash(this.prisma, {
      resumeTable: () => false,
      log: (msg, data) => this.logger.log({ msg, ...data }),
    });
    if (!this.lastRecovery.audit.ok) this.logger.error({ msg: 'ledger audit failed after crash recovery' });
    const open = await this.prisma.cashTable.findMany({ where: { status: 'open' }, orderBy: { createdAt: 'asc' } });
    for (const row of open) this.host(row.id, row.name, row.config as unknown as TableConfig);
    if (open.length) this.logger.log({ msg: `hosting ${open.length} tables again`, tables: open.map((t) => t.id) });
  }

  async onModuleDestroy(): Promise<void> {
    if (this.adoptTimer) clearInterval(this.adoptTimer);
    await this.adopting;
    for (const h of this.hosts.values()) h.stop();
    await this.ownership.stop();
  }

  /**
   * Clustered: claims every open table no copy holds; for each one won, the crash rule for that
   * table alone (its running hand cancelled, contributions and stacks returned), then hosts it.
   */
  adoptTables(): Promise<void> {
    this.adopting ??= (async () => {
      const open = await this.prisma.cashTable.findMany({ where: { status: 'open' }, orderBy: { createdAt: 'asc' } });
      for (const row of open) {
        if (this.hosts.has(row.id) || !(await this.ownership.claim(row.id))) continue;
        // Store the new fencing token first: from here on the old owner's writes are refused.
        const guard = this.ownership.guard;
        if (guard) await this.prisma.$transaction((tx) => guard(tx, { tableId: row.id, tournamentId: null }));
        const report = await recoverFromCrash(this.prisma, {
          tableIds: [row.id],
          log: (msg, data) => this.logger.log({ msg, ...data }),
        });
        if (!report.audit.ok) this.logger.error({ msg: 'ledger audit failed after crash recovery', tableId: row.id });
        this.lastRecovery = report;
        if (this.ownership.owns(row.id)) this.host(row.id, row.name, row.config as unknown as TableConfig);
        this.logger.log({ msg: 'hosting table (lease acquired)', tableId: row.id, cancelled: report.cancelledHands.length });
      }
    })()
      .catch((err: unknown) => this.logger.error({ msg: 'adopting tables failed', err: String(err) }))
      .finally(() => {
        this.adopting = null;
      });
    return this.adopting;
  }

  async create(input: CreateTableInput): Promise<TableHost> {
    let config: TableConfig;
    try {
      config = makeTableConfig(input.config as Parameters<typeof makeTableConfig>[0]);
    } catch (err) {
      if (err instanceof TableError) throw new TableHostError('BAD_PAYLOAD', err.code, err.message);
      throw err;
    }
    const row = await this.prisma.cashTable.create({
      data: { name: input.name, hostId: input.hostId ?? null, config: config as never },
    });
    if (!(await this.ownership.claim(row.id))) throw new TableHostError('CONFLICT', 'NOT_OWNER', `table ${row.id} is owned by another copy`);
    return this.host(row.id, row.name, config);
  }

  get(tableId: string): TableHost {
    const h = this.hosts.get(tableId);
    if (!h) throw new TableHostError('NOT_FOUND', 'UNKNOWN_TABLE', `no table ${tableId}`);
    return h;
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

  private host(tableId: string, name: string, config: TableConfig): TableHost {
    const n = this.seq++;
    const seed = this.options.seed;
    let hands = 0;
    const host = new TableHost({
      tableId,
      name,
      config,
      chips: new LedgerChipSource(this.ledger, tableId),
      hands: this.handStore,
      broadcaster: this.sockets,
      bots: this.bots,
      handPauseMs: this.options.handPauseMs,
      botDelayMs: this.options.botDelayMs,
      ...(seed ? { rng: seededRandom(`${seed}:${n}:table`), seeds: () => `${seed}:${n}:deck:${hands++}` } : {}),
      hooks: {
        onChanged: (h) => {
          const summary = h.summary();
          if (!summary.private) this.sockets.lobby(summary);
        },
      },
      log: (level, msg, data) => this.logger[level === 'error' ? 'error' : 'warn']({ msg, ...data }),
    });
    this.hosts.set(tableId, host);
    host.start();
    return host;
  }
}

/** Ledger refusals (no account, not enough chips) as typed host errors. */
export function fromLedgerError(err: unknown): never {
  if (err instanceof LedgerError) throw new TableHostError(err.code === 'INSUFFICIENT_FUNDS' ? 'FORBIDDEN' : 'CONFLICT', err.code, err.message);
  throw err;
}
