// The cash_tables rows behind one named repository (issue 24 item 4): TablesService, its cluster
// takeover and the room's default tables read and write cash and private tables only through it.
// A table's config and host controls are stored as JSON and handed back as `unknown`: the platform
// knows their shapes (TableConfig, HostControlsSaved), persistence does not.
import type { PrismaClient } from '../generated/prisma/client';
import type { HandWriteGuard } from '../hands/hand-store';

export interface CashTableRow {
  id: string;
  name: string;
  /** Host of a private table; null for public tables. */
  hostId: string | null;
  /** The libs/table TableConfig. */
  config: unknown;
  /** Home games: a bomb pot the host asked for that is not dealt yet. */
  bombPotPending: boolean;
  /** The host's controls (HostControlsSaved), null until first saved. */
  hostControls: unknown;
  status: 'open' | 'closed';
  createdAt: Date;
  closedAt: Date | null;
}

export interface NewCashTable {
  id: string;
  name: string;
  hostId: string | null;
  config: unknown;
}

/** The cash tables the platform depends on (also the Nest token; `PrismaCashTableRepository` implements it). */
export abstract class CashTableRepository {
  /** Open tables, oldest first. */
  abstract openTables(): Promise<CashTableRow[]>;
  /** Ids of the open tables, oldest first (the clustered adoption poll). */
  abstract openTableIds(): Promise<string[]>;
  /** The tables among `tableIds` still open, oldest first. */
  abstract openTablesAmong(tableIds: readonly string[]): Promise<CashTableRow[]>;
  abstract exists(tableId: string): Promise<boolean>;
  /** The table's name and host, null when there is no such table. */
  abstract nameAndHost(tableId: string): Promise<{ name: string; hostId: string | null } | null>;
  /** How many open tables the user hosts. */
  abstract openTablesHostedBy(hostId: string): Promise<number>;
  /** True when the user ever had a stack at the table (a `table_stack` account: he bought in). */
  abstract hasPlayedAt(tableId: string, userId: string): Promise<boolean>;
  /** Inserts the table; null (nothing written) when a table with this id exists. */
  abstract insert(table: NewCashTable): Promise<CashTableRow | null>;
  /** Stores the config and host; `closed` also marks the table closed as of now. */
  abstract saveConfig(
    tableId: string,
    saved: { config: unknown; hostId: string | null; closed: boolean },
  ): Promise<void>;
  abstract saveHostControls(tableId: string, controls: unknown): Promise<void>;
  abstract saveBombPotPending(tableId: string, pending: boolean): Promise<void>;
  /**
   * Runs the write guard (the table lease's fencing token) for each table in ONE transaction:
   * a copy taking tables over stores all its new tokens at once, before writing anything else.
   */
  abstract storeFences(tableIds: readonly string[], guard: HandWriteGuard): Promise<void>;
}

type Db = Pick<PrismaClient, 'cashTable' | 'chipAccount' | '$transaction'>;

export class PrismaCashTableRepository implements CashTableRepository {
  constructor(private readonly db: Db) {}

  openTables(): Promise<CashTableRow[]> {
    return this.db.cashTable.findMany({ where: { status: 'open' }, orderBy: { createdAt: 'asc' } });
  }

  async openTableIds(): Promise<string[]> {
    const rows = await this.db.cashTable.findMany({
      where: { status: 'open' },
      orderBy: { createdAt: 'asc' },
      select: { id: true },
    });
    return rows.map((row) => row.id);
  }

  openTablesAmong(tableIds: readonly string[]): Promise<CashTableRow[]> {
    return this.db.cashTable.findMany({
      where: { id: { in: [...tableIds] }, status: 'open' },
      orderBy: { createdAt: 'asc' },
    });
  }

  async exists(tableId: string): Promise<boolean> {
    return (await this.db.cashTable.findUnique({ where: { id: tableId }, select: { id: true } })) !== null;
  }

  nameAndHost(tableId: string): Promise<{ name: string; hostId: string | null } | null> {
    return this.db.cashTable.findUnique({ where: { id: tableId }, select: { name: true, hostId: true } });
  }

  openTablesHostedBy(hostId: string): Promise<number> {
    return this.db.cashTable.count({ where: { hostId, status: 'open' } });
  }

  async hasPlayedAt(tableId: string, userId: string): Promise<boolean> {
    const stack = await this.db.chipAccount.findFirst({
      where: { tableId, userId, kind: 'table_stack' },
      select: { id: true },
    });
    return stack !== null;
  }

  async insert(table: NewCashTable): Promise<CashTableRow | null> {
    try {
      return await this.db.cashTable.create({ data: { ...table, config: table.config as never } });
    } catch (err) {
      if ((err as { code?: string }).code === 'P2002') return null;
      throw err;
    }
  }

  async saveConfig(tableId: string, saved: { config: unknown; hostId: string | null; closed: boolean }): Promise<void> {
    await this.db.cashTable.update({
      where: { id: tableId },
      data: {
        config: saved.config as never,
        hostId: saved.hostId,
        ...(saved.closed ? { status: 'closed', closedAt: new Date() } : {}),
      },
    });
  }

  async saveHostControls(tableId: string, controls: unknown): Promise<void> {
    await this.db.cashTable.update({ where: { id: tableId }, data: { hostControls: controls as never } });
  }

  async saveBombPotPending(tableId: string, pending: boolean): Promise<void> {
    await this.db.cashTable.update({ where: { id: tableId }, data: { bombPotPending: pending } });
  }

  async storeFences(tableIds: readonly string[], guard: HandWriteGuard): Promise<void> {
    await this.db.$transaction(async (tx) => {
      for (const tableId of tableIds) await guard(tx, { tableId, tournamentId: null });
    });
  }
}
